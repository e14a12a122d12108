import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type EventClosedListener, type EventConnectedListener } from 'graphql-ws';
import { graphqlWsUrl } from './graphqlUrl';

/** The server closes a socket with 4401 when its session ended (sign-out, suspension). */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * After the socket came back (graphql-ws retried and subscribes again), the events sent while it was
 * away are lost: `catchUp` reads the screens' data again, once per reconnection, not per event.
 * The server also closes a socket when the user's rights changed (4403), so the catch-up reads
 * the session too.
 */
export function catchUpAfterReconnect(catchUp: () => void): EventConnectedListener {
  return (_socket, _payload, wasRetry) => {
    if (wasRetry) catchUp();
  };
}

/** A socket closed because its session ended: `ended` runs once per such close. */
export function onSessionEnded(ended: () => void): EventClosedListener {
  return (event) => {
    if ((event as { code?: unknown } | undefined)?.code === SESSION_ENDED_CLOSE_CODE) ended();
  };
}

/** The stored user as the server has it now (loaded when needed: it brings the Apollo client along). */
const readSessionAgain = () => void import('./sessionRefresh').then(({ readSessionAgain: read }) => read());

// lazy: the socket opens with the first subscription (after sign-in, so the cookie identifies the
// user) and closes when none is left, so a later sign-in gets a fresh connection.
export function createSubscriptionLink(catchUp: () => void): GraphQLWsLink {
  return new GraphQLWsLink(
    createClient({
      url: graphqlWsUrl(),
      lazy: true,
      retryAttempts: 5,
      on: {
        connected: catchUpAfterReconnect(() => {
          catchUp();
          readSessionAgain();
        }),
        closed: onSessionEnded(readSessionAgain),
      },
    }),
  );
}
