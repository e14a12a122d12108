import { useMutation, useQuery } from '@apollo/client/react';
import { useLoadMore } from '../shared/list/useLoadMore';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AllTenantsDocument, type AllTenantsQuery, DeleteTenantDocument, MyTenantsDocument } from '../gql/graphql';
import { type Column, DataTable } from '../shared/list/DataTable';
import { RowActions, useConfirmedDelete } from '../shared/list/rowActions';
import { notify, notifyError } from '../shared/toast';
import { CreateTenantDialog } from './CreateTenantDialog';
import { PageTitle } from '../shared/PageTitle';
import { useDebouncedValue } from '../shared/useDebouncedValue';

type Row = AllTenantsQuery['tenantPage']['items'][number];

/** Tenants read per request; "Mehr laden" reads the next as many. */
const TENANTS_PER_REQUEST = 100;

const columns: Column<Row>[] = [
  { key: 'id', header: 'ID', sortValue: (row) => row.id },
  { key: 'name', header: 'Name', sortValue: (row) => row.name },
  { key: 'contactName', header: 'Ansprechpartner', sortValue: (row) => row.contactName },
  { key: 'location', header: 'Adresse', sortValue: (row) => row.location },
  { key: 'mail', header: 'E-Mail', sortValue: (row) => row.mail, breakAnywhere: true },
  { key: 'phone', header: 'Telefon', sortValue: (row) => row.phone },
];

/**
 * /admin/instanz/mandanten: every tenant of the instance, sorted by name. A city's instance has
 * hundreds, so the server searches them (every word in id, name, contact, address, e-mail or
 * phone, sent once typing rests) and pages them ("Mehr laden").
 */
export default function InstanceTenantsPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const sentSearch = useDebouncedValue(search.trim());
  const { data, previousData, loading, refetch, fetchMore } = useQuery(AllTenantsDocument, {
    variables: { search: sentSearch || null, first: TENANTS_PER_REQUEST },
    fetchPolicy: 'cache-and-network',
  });
  // While the next search is on its way the table keeps the last answer instead of a spinner.
  const page = (data ?? previousData)?.tenantPage;
  const { loadingMore, loadMore } = useLoadMore(fetchMore, page?.pageInfo.endCursor, 'Weitere Mandanten konnten nicht geladen werden.');
  const [deleteTenant] = useMutation(DeleteTenantDocument, { refetchQueries: [MyTenantsDocument] });
  const [creating, setCreating] = useState(false);

  const edit = (row: Pick<Row, 'id'>) => navigate(`/admin/mandanten?id=${encodeURIComponent(row.id)}`);

  const { ask: askDelete, alert: deleteAlert } = useConfirmedDelete<Row>(
    async (row) => {
      try {
        await deleteTenant({ variables: { id: row.id } });
        notify({ type: 'success', title: 'Mandant gelöscht', message: row.name });
        await refetch();
      } catch (error) {
        notifyError(error, { title: 'Fehler', message: 'Der Mandant konnte nicht gelöscht werden.' });
      }
    },
    (row) =>
      `Soll der Mandant „${row.name}“ (ID ${row.id}) wirklich gelöscht werden? Alle Rollen, Mitgliedschaften und der Workflow des Mandanten werden ebenfalls gelöscht.`,
  );

  return (
    <section className="admin-page">
      <PageTitle>Mandanten</PageTitle>
      <DataTable
        label="Mandanten"
        rows={page?.items ?? []}
        columns={columns}
        rowKey={(row) => row.id}
        loading={loading && !page}
        serverSearch={{ query: search, onQueryChange: setSearch }}
        loadMore={page ? { hasMore: page.pageInfo.hasNextPage, loading: loadingMore, onLoadMore: () => void loadMore(), totalCount: page.totalCount } : undefined}
        initialSort={{ key: 'name', direction: 'asc' }}
        create={{ text: 'Mandanten anlegen', onClick: () => setCreating(true) }}
        actions={(row) => <RowActions name={row.name} onEdit={() => edit(row)} onDelete={() => askDelete(row)} />}
      />
      {/* A new tenant has only its general data: its editor, with everything else, comes next. */}
      <CreateTenantDialog isOpen={creating} onClose={() => setCreating(false)} onCreated={edit} />
      {deleteAlert}
    </section>
  );
}
