import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Checkbox, Dialog, DialogBody, FormGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { DialogSaveFooter } from '../../shared/forms/DialogSaveFooter';
import { useState } from 'react';
import { Form, useField } from 'react-final-form';
import {
  AddTenantMemberDocument,
  AddTenantOwnerDocument,
  EditTenantMemberRolesDocument,
  RemoveTenantMemberDocument,
  RemoveTenantMemberRoleDocument,
  RemoveTenantOwnerDocument,
  TenantMembersDocument,
} from '../../gql/graphql';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';
import { submitSave } from '../../shared/forms/saveDialog';
import { TextField } from '../../shared/forms/TextField';
import { type Column, DataTable } from '../../shared/list/DataTable';
import { allowChangeOwners, allowManageMembers, allowRemoveMember, NO_PERMISSION, viewerOf } from '../../shared/rights';
import { useAppState } from '../../shared/store';
import { errorInfo, notify, notifyError } from '../../shared/toast';
import { compose, email, required, validationMessages } from '../../shared/validation';
import { PageTitle } from '../../shared/PageTitle';

interface Row {
  userId: string;
  roles: string[];
  isMember: boolean;
  isOwner: boolean;
}

function RoleChoice({
  roles,
  selected,
  onChange,
  idPrefix,
  disabled,
}: {
  roles: { id: string; name: string }[];
  selected: string[];
  onChange: (ids: string[]) => void;
  idPrefix: string;
  disabled?: boolean;
}) {
  if (roles.length === 0) return <p className="bp6-text-muted">Keine Rollen vorhanden</p>;
  return (
    <>
      {roles.map((role) => (
        <Checkbox
          key={role.id}
          id={`${idPrefix}-${role.id}`}
          label={role.name}
          checked={selected.includes(role.id)}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.checked ? [...selected, role.id] : selected.filter((id) => id !== role.id))}
        />
      ))}
    </>
  );
}

/** The role checkboxes bound to the form field `roles`. */
function RoleChoiceField({ roles, idPrefix }: { roles: { id: string; name: string }[]; idPrefix: string }) {
  const { input } = useField<string[]>('roles');
  return <RoleChoice roles={roles} selected={input.value || []} onChange={input.onChange} idPrefix={idPrefix} />;
}

/** "Rollen bearbeiten": a member's roles as a small form of its own. */
function MemberRolesDialog({
  member,
  roles,
  onSave,
  onClose,
}: {
  member: { userId: string; roles: string[] };
  roles: { id: string; name: string }[];
  onSave: (roles: string[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const failedSave = useFailedSaveFeedback<{ roles: string[] }>();
  const [initialValues] = useState(() => ({ roles: member.roles }));
  return (
    <Dialog isOpen onClose={onClose} title="Rollen bearbeiten" style={{ maxWidth: 800 }}>
      <Form<{ roles: string[] }> onSubmit={(values) => onSave(values.roles)} initialValues={initialValues} decorators={failedSave.decorators}>
        {({ handleSubmit, submitting }) => (
          <form noValidate ref={failedSave.formRef} onSubmit={handleSubmit}>
            <DialogBody>
              <p>{member.userId}</p>
              <RoleChoiceField roles={roles} idPrefix="edit-member-role" />
            </DialogBody>
            <DialogSaveFooter onCancel={onClose} saving={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}

/**
 * /admin/benutzer: the members of the current tenant (docs/administration.md, “Tenants and members”).
 * The actions follow the rules the server checks: adding members, changing their roles and removing
 * them need manageUsers.updateAny (canManageTenantMembers); promoting and demoting owners, and
 * removing an owner, need tenant or instance ownership (canChangeTenantOwners).
 */
export default function TenantMembersPage() {
  const tenantId = useAppState((state) => state.currentTenantId);
  const viewer = viewerOf(useAppState((state) => state.user));
  const { data, loading } = useQuery(TenantMembersDocument, { variables: { tenantId: tenantId ?? '' }, skip: !tenantId, fetchPolicy: 'cache-and-network' });
  const options = { refetchQueries: [TenantMembersDocument] };
  const [addMember, addState] = useMutation(AddTenantMemberDocument, options);
  const [editRoles] = useMutation(EditTenantMemberRolesDocument, options);
  const [removeRole] = useMutation(RemoveTenantMemberRoleDocument, options);
  const [removeMember] = useMutation(RemoveTenantMemberDocument, options);
  const [addOwner] = useMutation(AddTenantOwnerDocument, options);
  const [removeOwner] = useMutation(RemoveTenantOwnerDocument, options);
  const [adding, setAdding] = useState(false);
  const [newRoles, setNewRoles] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ userId: string; roles: string[] } | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const addForm = useFailedSaveFeedback<{ userId?: string }>();

  if (!tenantId) {
    return (
      <section className="admin-page">
        <PageTitle>Mandant Benutzer</PageTitle>
        <NonIdealState icon="office" title="Kein Mandant ausgewählt" />
      </section>
    );
  }

  const mayManage = allowManageMembers(viewer, tenantId);
  const mayChangeOwners = allowChangeOwners(viewer, tenantId);
  const list = data?.tenantMembers;
  const roles = list?.roles ?? [];
  const roleName = (id: string) => roles.find((role) => role.id === id)?.name ?? id;
  const rows: Row[] = [
    ...(list?.users.map((user) => ({ userId: user.userId, roles: user.roles, isMember: true, isOwner: list.owner.includes(user.userId) })) ?? []),
    ...(list?.owner.filter((id) => !list.users.some((user) => user.userId === id)).map((id) => ({ userId: id, roles: [], isMember: false, isOwner: true })) ?? []),
  ];

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notify({ type: 'success', title: success });
    } catch (error) {
      console.error(success, error);
      notifyError(error, { title: 'Fehler', message: 'Die Änderung konnte nicht gespeichert werden.' });
    }
  };

  const closeAddDialog = () => {
    setAdding(false);
    setNewRoles([]);
  };

  const add = (values: { userId?: string }) =>
    submitSave(values, {
      save: () => addMember({ variables: { tenantId, userId: values.userId?.trim() ?? '', roles: newRoles } }),
      saved: { title: 'Benutzer hinzugefügt', message: values.userId },
      failed: (error) => {
        if (errorInfo(error).code === 'TENANT_USER_NOT_FOUND') {
          notify({ type: 'danger', title: 'Benutzer nicht gefunden', message: 'Der Benutzer muss sich zuerst registrieren.' });
        } else {
          console.error('Benutzer konnte nicht hinzugefügt werden', error);
          notifyError(error, { title: 'Fehler', message: 'Der Benutzer konnte nicht hinzugefügt werden.' });
        }
      },
      onSaved: closeAddDialog,
    });

  const columns: Column<Row>[] = [
    { key: 'userId', header: 'E-Mail', sortValue: (row) => row.userId, breakAnywhere: true },
    {
      key: 'roles',
      header: 'Rollen',
      render: (row) => (
        <span className="member-roles">
          {row.roles.map((id) => (
            <Tag key={id} minimal>
              {roleName(id)}
              {mayManage && (
                <Button
                  variant="minimal"
                  size="small"
                  icon="small-cross"
                  aria-label={`Rolle ${roleName(id)} von ${row.userId} entfernen`}
                  onClick={() => void run(() => removeRole({ variables: { tenantId, userId: row.userId, roleId: id } }), 'Rolle entfernt')}
                />
              )}
            </Tag>
          ))}
        </span>
      ),
    },
    { key: 'owner', header: 'Besitzer', render: (row) => (row.isOwner ? <Tag intent="primary">Besitzer</Tag> : 'Mitglied'), sortValue: (row) => (row.isOwner ? 0 : 1) },
  ];

  return (
    <section className="admin-page">
      <PageTitle>Mandant Benutzer</PageTitle>
      <DataTable
        label="Mandant Benutzer"
        rows={rows}
        columns={columns}
        rowKey={(row) => row.userId}
        loading={loading && !data}
        searchText={(row) => [row.userId, ...row.roles.map(roleName)]}
        initialSort={{ key: 'userId', direction: 'asc' }}
        create={{ text: 'Benutzer hinzufügen', disabled: !mayManage, title: mayManage ? undefined : NO_PERMISSION, onClick: () => setAdding(true) }}
        actions={(row) => (
          <>
            {mayChangeOwners &&
              (row.isOwner ? (
                <Button variant="minimal" size="small" text="Zum Mitglied machen" onClick={() => void run(() => removeOwner({ variables: { tenantId, userId: row.userId } }), 'Zum Mitglied gemacht')} />
              ) : (
                <Button variant="minimal" size="small" text="Zum Besitzer machen" onClick={() => void run(() => addOwner({ variables: { tenantId, userId: row.userId } }), 'Zum Besitzer gemacht')} />
              ))}
            {mayManage && row.isMember && (
              <Button variant="minimal" icon="edit" aria-label={`Rollen von ${row.userId} bearbeiten`} onClick={() => setEditing({ userId: row.userId, roles: row.roles })} />
            )}
            {allowRemoveMember(viewer, tenantId, row) && (
              <Button variant="minimal" intent="danger" icon="trash" aria-label={`${row.userId} entfernen`} onClick={() => setRemoving(row)} />
            )}
          </>
        )}
      />
      <Dialog isOpen={adding} onClose={closeAddDialog} title="Benutzer hinzufügen" icon="new-person" style={{ maxWidth: 800 }}>
        <Form<{ userId?: string }> onSubmit={add} decorators={addForm.decorators}>
          {({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate ref={addForm.formRef}>
              <DialogBody>
                <TextField name="userId" id="member-user-id" label="E-Mail" type="email" autoFocus validate={compose(required(validationMessages.emailRequired), email)} />
                <FormGroup label="Rollen">
                  <RoleChoice roles={roles} selected={newRoles} onChange={setNewRoles} idPrefix="new-member-role" />
                </FormGroup>
              </DialogBody>
              <DialogSaveFooter onCancel={closeAddDialog} saveText="Hinzufügen" saveIcon="add" saving={addState.loading} />
            </form>
          )}
        </Form>
      </Dialog>
      {editing ? (
        <MemberRolesDialog
          member={editing}
          roles={roles}
          onClose={() => setEditing(null)}
          onSave={(ids) => run(() => editRoles({ variables: { tenantId, userId: editing.userId, roles: ids } }), 'Rollen gespeichert').then(() => setEditing(null))}
        />
      ) : null}
      <Alert
        aria-labelledby="remove-member-question"
        isOpen={removing !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Entfernen"
        cancelButtonText="Abbrechen"
        onConfirm={() => {
          if (removing) void run(() => removeMember({ variables: { tenantId, userId: removing.userId } }), 'Benutzer entfernt');
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p id="remove-member-question">Soll {removing?.userId} wirklich aus dem Mandanten entfernt werden?</p>
      </Alert>
    </section>
  );
}
