import { MeDocument, MyTenantsDocument } from '../gql/graphql';
import { apolloClient } from './apollo';
import { setSession } from './store';

/**
 * The stored user and the tenant list as the server has them now (the rights may have changed
 * while the socket was away). Without a session nothing changes here: the next screen's guard
 * leads to the sign-in.
 */
export async function readSessionAgain(): Promise<void> {
  const answer = await apolloClient.query({ query: MeDocument, fetchPolicy: 'network-only' }).catch(() => undefined);
  const session = answer?.data?.me;
  if (!session) return;
  setSession(session);
  await apolloClient.refetchQueries({ include: [MyTenantsDocument] });
}
