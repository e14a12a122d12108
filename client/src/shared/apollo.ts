import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import type { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { Observable, type Subscription } from 'rxjs';
import { createCache } from './apolloCache';
import { GRAPHQL_PATH } from './graphqlUrl';

/**
 * One Apollo Client for the app. Queries and mutations go as JSON POSTs to /graphql (the server's
 * CSRF prevention wants JSON, so no GET queries); subscriptions use graphql-ws on the same path.
 * The session cookie travels with both (same origin).
 */
const httpLink = new HttpLink({ uri: GRAPHQL_PATH, credentials: 'same-origin' });

/**
 * Subscriptions hand over to the graphql-ws link, downloaded with the first subscription: the
 * sign-in and the public pages never subscribe, so they do not load the socket client. After a lost
 * connection came back, the open screens read their data again (the events meanwhile are lost).
 */
let socketLink: Promise<GraphQLWsLink> | undefined;
/**
 * After a reconnection: the screens' data, and the stored session (the server closes a socket with
 * 4403 when the user's rights changed and graphql-ws reconnects; with 4401 when the session ended,
 * graphql-ws gives up and the next screen asks for the sign-in).
 */
const catchUp = () => {
  void apolloClient.refetchQueries({ include: 'active' });
  void import('./sessionRefresh').then(({ readSessionAgain }) => readSessionAgain(apolloClient));
};
const subscriptionLink = () => (socketLink ??= import('./subscriptionLink').then(({ createSubscriptionLink }) => createSubscriptionLink(catchUp)));

const wsLink = new ApolloLink(
  (operation) =>
    new Observable<ApolloLink.Result>((observer) => {
      let subscription: Subscription | undefined;
      let stopped = false;
      subscriptionLink().then(
        (link) => {
          if (!stopped) subscription = link.request(operation).subscribe(observer);
        },
        (error: unknown) => observer.error(error),
      );
      return () => {
        stopped = true;
        subscription?.unsubscribe();
      };
    }),
);

const link = ApolloLink.split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, wsLink, httpLink);

/** The app's cache; the composition root registers the domains' type policies before the first query. */
export const apolloCache = createCache();

export const apolloClient = new ApolloClient({ link, cache: apolloCache });
