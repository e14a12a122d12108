import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type EventConnectedListener } from 'graphql-ws';
import { graphqlWsUrl } from './graphqlUrl';

/**
 * After the socket came back (graphql-ws retried and subscribes again), the events sent while it was
 * away are lost: `catchUp` reads the screens' data again, once per reconnection, not per event.
 */
export function catchUpAfterReconnect(catchUp: () => void): EventConnectedListener {
  return (_socket, _payload, wasRetry) => {
    if (wasRetry) catchUp();
  };
}

// lazy: the socket opens with the first subscription (after sign-in, so the cookie identifies the
// user) and closes when none is left, so a later sign-in gets a fresh connection.
export function createSubscriptionLink(catchUp: () => void): GraphQLWsLink {
  return new GraphQLWsLink(
    createClient({
      url: graphqlWsUrl(),
      lazy: true,
      retryAttempts: 5,
      on: {
        connected: catchUpAfterReconnect(catchUp),
      },
    }),
  );
}
