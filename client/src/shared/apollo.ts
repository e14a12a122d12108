import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { createCache } from './apolloCache';
import { GRAPHQL_PATH, graphqlWsUrl } from './graphqlUrl';

/**
 * One Apollo Client for the app. Queries and mutations go as JSON POSTs to /graphql (the server's
 * CSRF prevention wants JSON, so no GET queries); subscriptions use graphql-ws on the same path.
 * The session cookie travels with both (same origin).
 */
const httpLink = new HttpLink({ uri: GRAPHQL_PATH, credentials: 'same-origin' });

// lazy: the socket opens with the first subscription (after sign-in, so the cookie identifies the
// user) and closes when none is left, so a later sign-in gets a fresh connection.
const wsLink = new GraphQLWsLink(createClient({ url: graphqlWsUrl(), lazy: true, retryAttempts: 5 }));

const link = ApolloLink.split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, wsLink, httpLink);

export const apolloClient = new ApolloClient({ link, cache: createCache() });
