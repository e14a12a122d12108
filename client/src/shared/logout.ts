import { SignOutDocument } from '../gql/graphql';
import { apolloClient } from './apollo';
import { messages } from './messages';
import { resetState } from './store';
import { notifyAfterReload } from './toast';

/**
 * Logout: tell the server, show "Erfolgreich abgemeldet", reset all
 * state and reload the root page. The state is reset even when the server cannot be reached.
 */
export async function logout(): Promise<void> {
  try {
    await apolloClient.mutate({ mutation: SignOutDocument });
  } catch {
    // The local sign-out still happens; the server session expires on its own.
  }
  resetState();
  await apolloClient.clearStore();
  notifyAfterReload({ type: 'success', ...messages.logoutSuccess });
  window.location.assign('/');
}
