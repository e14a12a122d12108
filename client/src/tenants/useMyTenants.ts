import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { MyTenantsDocument } from '../gql/graphql';
import { getState, selectTenant, setTenants, type TenantSummary } from '../shared/store';

/**
 * The signed-in user's tenants (home page flag "only own"), kept in the store. With exactly one
 * tenant and none selected, that one is selected (specification 01 section 2).
 */
export function useMyTenants(): { tenants: TenantSummary[]; loading: boolean; error: boolean; refetch: () => Promise<unknown> } {
  const { data, loading, error, refetch } = useQuery(MyTenantsDocument, { fetchPolicy: 'cache-and-network' });
  const tenants = data?.tenants;

  useEffect(() => {
    if (!tenants) return;
    setTenants(tenants);
    if (tenants.length === 1 && !getState().currentTenantId) selectTenant(tenants[0]);
  }, [tenants]);

  return { tenants: tenants ?? [], loading: loading && !tenants, error: Boolean(error), refetch };
}
