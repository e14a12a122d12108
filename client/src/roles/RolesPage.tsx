import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { DeleteRoleDocument, type RoleFieldsFragment, RolesDocument } from '../gql/graphql';
import { type Column, DataTable } from '../shared/list/DataTable';
import { RowActions, useConfirmedDelete } from '../shared/list/rowActions';
import { NoTenantSelected } from '../shared/NoTenantSelected';
import { allowCreate, allowDelete, allowUpdate, NO_PERMISSION, viewerOf } from '../shared/rights';
import { useAppState } from '../shared/store';
import { notify, notifyError } from '../shared/toast';
import { RoleDialog } from './RoleDialog';
import { roleMessages } from './roleMessages';
import { areaLabel, areaSummary, flagSummary } from './roleSummary';
import { PageTitle } from '../shared/PageTitle';

type RoleRow = RoleFieldsFragment;

const columns: Column<RoleRow>[] = [
  { key: 'name', header: 'Rollenname', sortValue: (role) => role.name },
  { key: 'adminInterfaces', header: 'Admin-Bereiche', render: (role) => areaSummary(role.adminInterfaces) },
  { key: 'manageUsers', header: 'Benutzer', render: (role) => flagSummary(role.manageUsers) },
  { key: 'manageBookables', header: 'Ressourcen', render: (role) => flagSummary(role.manageBookables) },
  { key: 'manageBookings', header: 'Buchungen', render: (role) => flagSummary(role.manageBookings) },
  { key: 'manageRoles', header: 'Rollen', render: (role) => flagSummary(role.manageRoles) },
  { key: 'manageCoupons', header: 'Gutscheine', render: (role) => flagSummary(role.manageCoupons) },
];

const searchText = (role: RoleRow) => [role.name, ...role.adminInterfaces.map(areaLabel)];

/**
 * Roles of the current tenant (/admin/rollen): list with the area summaries, create, edit, delete.
 * The actions follow the manageRoles rights the server checks (create flag; any or own flags).
 */
export default function RolesPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  if (!tenantId) return <NoTenantSelected />;
  return <RolesScreen key={tenantId} tenantId={tenantId} />;
}

const QUESTION = (role: RoleRow) => `Möchten Sie die Rolle „${role.name}“ wirklich löschen? Mitglieder mit dieser Rolle verlieren sie.`;

function RolesScreen({ tenantId }: { tenantId: string }) {
  const { data, loading } = useQuery(RolesDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network' });
  const [remove] = useMutation(DeleteRoleDocument, { refetchQueries: [{ query: RolesDocument, variables: { tenantId } }] });
  const [editing, setEditing] = useState<RoleRow | null | undefined>(undefined);
  const viewer = viewerOf(useAppState((state) => state.user));
  const mayCreate = allowCreate(viewer, 'manageRoles', tenantId);
  const { ask: askDelete, alert: deleteAlert } = useConfirmedDelete<RoleRow>(
    async (role) => {
      try {
        await remove({ variables: { tenantId, id: role.id } });
        notify({ type: 'success', ...roleMessages.deleted });
      } catch (error) {
        console.error('Rolle nicht gelöscht:', error);
        notifyError(error, roleMessages.deleteError);
      }
    },
    QUESTION,
  );

  return (
    <section className="admin-page">
      <PageTitle>Rollen</PageTitle>
      <DataTable
        label="Rollen"
        rows={data?.roles ?? []}
        columns={columns}
        rowKey={(role) => role.id}
        loading={loading && !data}
        searchText={searchText}
        initialSort={{ key: 'name', direction: 'asc' }}
        create={{ text: 'Rolle erstellen', disabled: !mayCreate, title: mayCreate ? undefined : NO_PERMISSION, onClick: () => setEditing(null) }}
        actions={(role) => (
          <RowActions
            name={`Rolle ${role.name}`}
            onEdit={allowUpdate(viewer, 'manageRoles', role) ? () => setEditing(role) : undefined}
            onDelete={allowDelete(viewer, 'manageRoles', role) ? () => askDelete(role) : undefined}
          />
        )}
      />
      {editing !== undefined && <RoleDialog tenantId={tenantId} role={editing} onClose={() => setEditing(undefined)} />}
      {deleteAlert}
    </section>
  );
}
