import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { BookingOverviewPanel } from '../bookings/overview/BookingOverviewPanel';
import { cx } from '../shared/cx';
import { ListToolbar } from '../shared/list/ListToolbar';
import { useNavigate } from 'react-router-dom';
import { isEntryVisible, navEntries } from '../shared/layout/navigation';
import { messages } from '../shared/messages';
import { canCreateTenant, canReadSome } from '../shared/permissions';
import { selectTenant, type TenantSummary, useAppState } from '../shared/store';
import { notify } from '../shared/toast';
import { CreateTenantDialog } from './CreateTenantDialog';
import { TenantCards } from './TenantCards';
import { useMyTenants } from './useMyTenants';
import { PageTitle } from '../shared/PageTitle';

/** Where choosing a tenant leads. */
const TENANT_SELECTED_ROUTE = '/admin/buchungen';

/**
 * Home: what needs doing in the selected tenant (for people who may read its bookings) beside one
 * card per tenant of the user. A click on a card makes it the current tenant and opens its bookings
 * (/admin/buchungen) where the user may open them; otherwise it stays here with the toast, so the
 * overview switches to that tenant.
 */
export default function DashboardPage() {
  const navigate = useNavigate();
  const { tenants, loading, refetch } = useMyTenants();
  const currentTenantId = useAppState((state) => state.currentTenantId);
  const permissions = useAppState((state) => state.user?.permissions);
  const [creating, setCreating] = useState(false);
  // Set when a card leads on to the tenant's bookings: the overview of the tenant just chosen is not
  // rendered (and not read) on the way out, which would cost the next screen its first frames.
  const [leaving, setLeaving] = useState(false);
  const mayCreate = Boolean(permissions && canCreateTenant(permissions));
  const overviewTenant = permissions && !leaving ? tenants.find((tenant) => tenant.id === currentTenantId && canReadSome(permissions, tenant.id, 'manageBookings')) : undefined;

  const choose = (tenant: TenantSummary) => {
    // Only where that screen is open to the user in the tenant; otherwise the guard would refuse it.
    const target = navEntries.find((entry) => entry.path === TENANT_SELECTED_ROUTE);
    const leads = Boolean(target && permissions && isEntryVisible(target, permissions, tenant.id));
    if (leads) setLeaving(true);
    selectTenant(tenant);
    if (leads) void navigate(TENANT_SELECTED_ROUTE);
    else notify({ type: 'success', title: messages.tenantSelected.title, message: tenant.name });
  };

  return (
    <section className={cx('admin-page', overviewTenant && 'dashboard-with-overview')}>
      {overviewTenant && <BookingOverviewPanel key={overviewTenant.id} tenantId={overviewTenant.id} tenantName={overviewTenant.name} />}
      <div className="dashboard-tenants">
        <PageTitle>Mandanten</PageTitle>
        {mayCreate && <ListToolbar create={{ text: 'Mandanten anlegen', onClick: () => setCreating(true) }} />}
        {loading ? (
          <Spinner aria-label="Daten werden geladen..." />
        ) : tenants.length === 0 ? (
          <NonIdealState icon="office" title="Keine Daten vorhanden" />
        ) : (
          <TenantCards tenants={tenants} currentTenantId={currentTenantId} onChoose={choose} />
        )}
      </div>
      {mayCreate && <CreateTenantDialog isOpen={creating} onClose={() => setCreating(false)} onCreated={() => void refetch()} />}
    </section>
  );
}
