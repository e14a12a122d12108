import { Button, Card, Classes, H2, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isEntryVisible, navEntries } from '../shared/layout/navigation';
import { messages } from '../shared/messages';
import { canCreateTenant } from '../shared/permissions';
import { selectTenant, type TenantSummary, useAppState } from '../shared/store';
import { notify } from '../shared/toast';
import { CreateTenantDialog } from './CreateTenantDialog';
import { useMyTenants } from './useMyTenants';

/**
 * Where a click on a tenant card leads (specification 01: the bookings route). Until that screen
 * exists the card only selects the tenant; flipping `implemented` in the navigation table is enough.
 */
export const TENANT_SELECTED_ROUTE = '/admin/buchungen';

/** Home: one card per tenant of the user; a click makes it the current tenant. */
export default function DashboardPage() {
  const navigate = useNavigate();
  const { tenants, loading, refetch } = useMyTenants();
  const currentTenantId = useAppState((state) => state.currentTenantId);
  const permissions = useAppState((state) => state.user?.permissions);
  const [creating, setCreating] = useState(false);

  const choose = (tenant: TenantSummary) => {
    selectTenant(tenant);
    // Only where that screen is open to the user in the tenant; otherwise the guard would refuse it.
    const target = navEntries.find((entry) => entry.path === TENANT_SELECTED_ROUTE);
    if (target && permissions && isEntryVisible(target, permissions, tenant.id)) navigate(TENANT_SELECTED_ROUTE);
    else notify({ type: 'success', title: messages.tenantSelected.title, message: tenant.name });
  };

  return (
    <section className="admin-page">
      <H2>Mandanten</H2>
      {loading ? (
        <Spinner aria-label="Daten werden geladen..." />
      ) : tenants.length === 0 ? (
        <NonIdealState icon="office" title="Keine Daten vorhanden" />
      ) : (
        <div className="tenant-cards">
          {tenants.map((tenant) => (
            <Card
              key={tenant.id}
              interactive
              selected={tenant.id === currentTenantId}
              className="tenant-card"
              role="button"
              tabIndex={0}
              aria-pressed={tenant.id === currentTenantId}
              onClick={() => choose(tenant)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(tenant);
                }
              }}
            >
              <H4>{tenant.name}</H4>
              <p className={Classes.TEXT_MUTED}>{tenant.location}</p>
            </Card>
          ))}
        </div>
      )}
      {permissions && canCreateTenant(permissions) && (
        <>
          <Button className="floating-action" intent="primary" size="large" icon="add" text="Mandanten anlegen" onClick={() => setCreating(true)} />
          <CreateTenantDialog isOpen={creating} onClose={() => setCreating(false)} onCreated={() => void refetch()} />
        </>
      )}
    </section>
  );
}
