import { useMutation, useQuery } from '@apollo/client/react';
import { useLoadMore } from '../../shared/list/useLoadMore';
import { Dialog, DialogBody, Icon, Switch, Tag } from '@blueprintjs/core';
import { DialogSaveFooter } from '../../shared/forms/DialogSaveFooter';
import { useState } from 'react';
import { Form, useField } from 'react-final-form';
import { AdminDeleteUserDocument, AdminUpdateUserDocument, AdminUsersDocument, type AdminUsersQuery } from '../../gql/graphql';
import { formatDate } from '../../shared/format';
import { fieldErrorMarker, shownFieldError } from '../../shared/forms/fieldMessage';
import { useSaveDialog } from '../../shared/forms/saveDialog';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { RowActions, useConfirmedDelete } from '../../shared/list/rowActions';
import { useAppState } from '../../shared/store';
import { notify, notifyError } from '../../shared/toast';
import { PageTitle } from '../../shared/PageTitle';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import { withOneAccountLess } from './userPageCachePolicy';

type AdminUser = AdminUsersQuery['userPage']['items'][number];

/** Accounts read per request; "Mehr laden" reads the next as many. */
const USERS_PER_REQUEST = 100;

/** The built-in administrator of the original product; its row has no actions. */
const PROTECTED_USER_ID = 'super-admin';

const flag = (value: boolean, label: string) => (
  <span role="img" aria-label={`${label}: ${value ? 'ja' : 'nein'}`} title={value ? 'ja' : 'nein'}>
    <Icon icon={value ? 'tick' : 'cross'} intent={value ? 'success' : 'none'} />
  </span>
);

const roleNames = (user: AdminUser) => user.roles.map((role) => `${role.name} (${role.tenantName})`);

const columns: Column<AdminUser>[] = [
  { key: 'id', header: 'ID', sortValue: (user) => user.id, breakAnywhere: true },
  { key: 'firstName', header: 'Vorname', sortValue: (user) => user.firstName },
  { key: 'lastName', header: 'Nachname', sortValue: (user) => user.lastName },
  { key: 'email', header: 'E-Mail', render: (user) => user.id, sortValue: (user) => user.id, breakAnywhere: true },
  { key: 'isVerified', header: 'Verifiziert', render: (user) => flag(user.isVerified, 'Verifiziert'), sortValue: (user) => (user.isVerified ? 1 : 0) },
  { key: 'isSuspended', header: 'Gesperrt', render: (user) => flag(user.isSuspended, 'Gesperrt'), sortValue: (user) => (user.isSuspended ? 1 : 0) },
  { key: 'created', header: 'Beigetreten', render: (user) => formatDate(String(user.created)), sortValue: (user) => new Date(String(user.created)).getTime() },
  {
    key: 'roles',
    header: 'Rollen',
    render: (user) => (
      <span className="users-admin-roles">
        {roleNames(user).map((name) => (
          <Tag key={name} minimal multiline>
            {name}
          </Tag>
        ))}
      </span>
    ),
  },
];

interface UserFlags {
  isVerified: boolean;
  isSuspended: boolean;
}

/** A switch of the user dialog, with the server's message when it refuses the value (e.g. suspending oneself). */
function FlagSwitch({ name, label }: { name: keyof UserFlags; label: string }) {
  const { input, meta } = useField<boolean>(name, { type: 'checkbox' });
  const error = shownFieldError(meta);
  return (
    <>
      <Switch label={label} checked={Boolean(input.checked)} onChange={(event) => input.onChange(event.currentTarget.checked)} aria-invalid={error ? true : undefined} />
      {error ? (
        <p className="bp6-form-helper-text bp6-intent-danger" {...fieldErrorMarker}>
          {error}
        </p>
      ) : null}
    </>
  );
}

function SuspensionNote({ wasSuspended }: { wasSuspended: boolean }) {
  const suspended = useField<boolean>('isSuspended', { subscription: { value: true } }).input.value;
  return suspended && !wasSuspended ? <p className="bp6-text-muted">Gesperrte Benutzer werden sofort abgemeldet und können sich nicht mehr anmelden.</p> : null;
}

function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [updateUser] = useMutation(AdminUpdateUserDocument);
  const [initialValues] = useState<UserFlags>({ isVerified: user.isVerified, isSuspended: user.isSuspended });
  const dialog = useSaveDialog<UserFlags>({
    save: (values) => updateUser({ variables: { input: { id: user.id, isVerified: values.isVerified, isSuspended: values.isSuspended } } }),
    saved: { title: 'Benutzer bearbeitet', message: `${user.id} wurde gespeichert.` },
    failed: { title: 'Fehler', message: 'Der Benutzer konnte nicht gespeichert werden.' },
    onSaved: onClose,
  });
  return (
    <Dialog isOpen title={`Benutzer bearbeiten: ${user.id}`} onClose={onClose} style={{ maxWidth: 800 }}>
      <Form<UserFlags> onSubmit={dialog.submit} initialValues={initialValues} decorators={dialog.decorators}>
        {({ handleSubmit, submitting }) => (
          <form noValidate ref={dialog.formRef} onSubmit={handleSubmit}>
            <DialogBody>
              <FlagSwitch name="isVerified" label="Verifiziert" />
              <FlagSwitch name="isSuspended" label="Gesperrt" />
              <SuspensionNote wasSuspended={user.isSuspended} />
            </DialogBody>
            <DialogSaveFooter onCancel={onClose} saving={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}

/**
 * Instance users (/admin/instanz/benutzer): a city has thousands, so the server searches (every
 * word in the address or the names, sent once typing rests) and pages them ("Mehr laden").
 */
export default function UsersAdminPage() {
  const me = useAppState((state) => state.user);
  const [search, setSearch] = useState('');
  const sentSearch = useDebouncedValue(search.trim());
  const { data, previousData, loading, fetchMore } = useQuery(AdminUsersDocument, {
    variables: { search: sentSearch || null, first: USERS_PER_REQUEST },
    fetchPolicy: 'cache-and-network',
  });
  // While the next search is on its way the table keeps the last answer instead of a spinner.
  const page = (data ?? previousData)?.userPage;
  const [deleteUser] = useMutation(AdminDeleteUserDocument);
  const [editing, setEditing] = useState<AdminUser | null>(null);

  const { loadingMore, loadMore } = useLoadMore(fetchMore, page?.pageInfo.endCursor, 'Weitere Benutzer konnten nicht geladen werden.');

  const { ask: askDelete, alert: deleteAlert } = useConfirmedDelete<AdminUser>(
    async (user) => {
      try {
        await deleteUser({
          variables: { id: user.id },
          // The account leaves every loaded page (lists drop a removed entry) and every count.
          update: (cache) => {
            cache.evict({ id: cache.identify({ __typename: 'User', id: user.id }) });
            cache.modify({ fields: { userPage: withOneAccountLess } });
            cache.gc();
          },
        });
        notify({ type: 'success', title: 'Benutzer gelöscht', message: `${user.id} wurde gelöscht.` });
      } catch (error) {
        notifyError(error, { title: 'Fehler', message: 'Der Benutzer konnte nicht gelöscht werden.' });
      }
    },
    (user) => `Möchten Sie den Benutzer ${user.id} wirklich löschen?`,
  );

  return (
    <section className="admin-page users-admin-page">
      <PageTitle>Benutzer</PageTitle>
      <DataTable<AdminUser>
        label="Benutzer"
        rows={page?.items ?? []}
        loading={loading && !page}
        columns={columns}
        rowKey={(user) => user.id}
        serverSearch={{ query: search, onQueryChange: setSearch }}
        loadMore={page ? { hasMore: page.pageInfo.hasNextPage, loading: loadingMore, onLoadMore: () => void loadMore(), totalCount: page.totalCount } : undefined}
        initialSort={{ key: 'created', direction: 'desc' }}
        actions={(user) =>
          user.id === PROTECTED_USER_ID ? null : (
            <RowActions name={user.id} onEdit={() => setEditing(user)} onDelete={user.id === me?.id ? undefined : () => askDelete(user)} />
          )
        }
      />
      {editing ? (
        // The saved flags reach the row through the cache (the mutation answers the account).
        <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleteAlert}
    </section>
  );
}
