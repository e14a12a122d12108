import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient } from 'graphql-ws';
import { graphqlWsUrl } from './graphqlUrl';

// lazy: the socket opens with the first subscription (after sign-in, so the cookie identifies the
// user) and closes when none is left, so a later sign-in gets a fresh connection.
export const subscriptionLink = new GraphQLWsLink(createClient({ url: graphqlWsUrl(), lazy: true, retryAttempts: 5 }));
