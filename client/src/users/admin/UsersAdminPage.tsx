import { useMutation, useQuery } from '@apollo/client/react';
import { Dialog, DialogBody, Icon, Switch, Tag } from '@blueprintjs/core';
import { DialogSaveFooter } from '../../shared/forms/DialogSaveFooter';
import { useCallback, useState } from 'react';
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

type AdminUser = AdminUsersQuery['users'][number];

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

/** Instance users (/admin/instanz/benutzer). */
export default function UsersAdminPage() {
  const me = useAppState((state) => state.user);
  const { data, loading, refetch } = useQuery(AdminUsersDocument, { fetchPolicy: 'cache-and-network' });
  const [deleteUser] = useMutation(AdminDeleteUserDocument);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const searchText = useCallback((user: AdminUser) => [user.id, user.firstName, user.lastName, ...user.roles.map((role) => role.name), ...user.roles.map((role) => role.tenantName)], []);

  const { ask: askDelete, alert: deleteAlert } = useConfirmedDelete<AdminUser>(
    async (user) => {
      try {
        await deleteUser({ variables: { id: user.id } });
        notify({ type: 'success', title: 'Benutzer gelöscht', message: `${user.id} wurde gelöscht.` });
        await refetch();
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
        rows={data?.users ?? []}
        loading={loading && !data}
        columns={columns}
        rowKey={(user) => user.id}
        searchText={searchText}
        initialSort={{ key: 'created', direction: 'desc' }}
        actions={(user) =>
          user.id === PROTECTED_USER_ID ? null : (
            <RowActions name={user.id} onEdit={() => setEditing(user)} onDelete={user.id === me?.id ? undefined : () => askDelete(user)} />
          )
        }
      />
      {editing ? (
        <EditUserDialog
          user={editing}
          onClose={() => {
            setEditing(null);
            void refetch();
          }}
        />
      ) : null}
      {deleteAlert}
    </section>
  );
}
