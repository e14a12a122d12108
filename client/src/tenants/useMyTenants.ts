import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { MyTenantsDocument } from '../gql/graphql';
import { getState, selectTenant, setTenants, type TenantSummary } from '../shared/store';

/**
 * The tenants the signed-in user works in (every tenant for an instance owner), kept in the store.
 * With exactly one tenant and none selected, that one is selected.
 * Read from the cache: the admin frame's route loader has fetched the list before the screen
 * renders (the dashboard's loader fetches it afresh), so the drawer and the dashboard send no
 * request of their own.
 */
export function useMyTenants(): { tenants: TenantSummary[]; loading: boolean; error: boolean; refetch: () => Promise<unknown> } {
  const { data, loading, error, refetch } = useQuery(MyTenantsDocument, { fetchPolicy: 'cache-first' });
  const tenants = data?.tenants;

  useEffect(() => {
    if (!tenants) return;
    setTenants(tenants);
    if (tenants.length === 1 && !getState().currentTenantId) selectTenant(tenants[0]);
  }, [tenants]);

  return { tenants: tenants ?? [], loading: loading && !tenants, error: Boolean(error), refetch };
}
