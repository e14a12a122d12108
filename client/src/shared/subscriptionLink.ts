import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type ClientOptions, type EventConnectedListener } from 'graphql-ws';
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

/**
 * lazy: the socket opens with the first subscription (after sign-in, so the cookie identifies the
 * user) and closes when none is left, so a later sign-in gets a fresh connection. A server that shuts
 * down closes the socket with 1012 "Service Restart", which graphql-ws retries (with its backoff);
 * behind a load balancer the new socket reaches another replica.
 */
export function subscriptionClientOptions(url: string, catchUp: () => void): ClientOptions {
  return {
    url,
    lazy: true,
    retryAttempts: 5,
    on: {
      connected: catchUpAfterReconnect(catchUp),
    },
  };
}

export function createSubscriptionLink(catchUp: () => void): GraphQLWsLink {
  return new GraphQLWsLink(createClient(subscriptionClientOptions(graphqlWsUrl(), catchUp)));
}
