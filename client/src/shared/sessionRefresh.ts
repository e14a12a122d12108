import { MeDocument, MyTenantsDocument } from '../gql/graphql';
import { apolloClient } from './apollo';
import { clearUser, setSession } from './store';

/** The stored user as the server has it now; without a session, the way back is the sign-in. */
export async function readSessionAgain(): Promise<void> {
  const answer = await apolloClient.query({ query: MeDocument, fetchPolicy: 'network-only' }).catch(() => undefined);
  if (!answer) return;
  const session = answer.data?.me;
  if (session) {
    setSession(session);
    void apolloClient.refetchQueries({ include: [MyTenantsDocument] });
    return;
  }
  clearUser();
  if (window.location.pathname.startsWith('/admin')) window.location.assign(`/login?redirectUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}
