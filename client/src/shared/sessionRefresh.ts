import type { ApolloClient } from '@apollo/client';
import { MeDocument, MyTenantsDocument } from '../gql/graphql';
import { setSession } from './store';

/**
 * The stored user and the tenant list as the server has them now (the rights may have changed
 * while the socket was away). Without a session nothing changes here: the next screen's guard
 * leads to the sign-in.
 */
export async function readSessionAgain(apolloClient: ApolloClient): Promise<void> {
  const answer = await apolloClient.query({ query: MeDocument, fetchPolicy: 'network-only' }).catch(() => undefined);
  const session = answer?.data?.me;
  if (!session) return;
  setSession(session);
  await apolloClient.refetchQueries({ include: [MyTenantsDocument] });
}
