import { useApolloClient } from '@apollo/client/react';
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { selectTenant, useAppState } from '../shared/store';
import { useMyTenants } from './useMyTenants';

const NONE = '';

/** The tenant selector at the top of the drawer; a change selects the tenant and reloads the lists. */
export function TenantSelector() {
  const client = useApolloClient();
  const { tenants, loading } = useMyTenants();
  const currentTenantId = useAppState((state) => state.currentTenantId);

  const onChange = (id: string) => {
    selectTenant(tenants.find((tenant) => tenant.id === id) ?? null);
    // Lists on screen belong to the previous tenant: fetch them again.
    void client.refetchQueries({ include: 'active' });
  };

  return (
    <FormGroup label="Mandant" labelFor="tenant-selector" className="tenant-selector">
      <HTMLSelect
        id="tenant-selector"
        value={currentTenantId ?? NONE}
        onChange={(event) => onChange(event.currentTarget.value)}
        disabled={loading || tenants.length === 0}
        fill
      >
        <option value={NONE}>{tenants.length === 0 ? 'Kein Mandant vorhanden' : 'Mandant auswählen'}</option>
        {tenants.map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {tenant.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
