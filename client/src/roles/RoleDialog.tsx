import { useMutation } from '@apollo/client/react';
import { Button, Checkbox, Classes, Dialog, DialogBody, FormGroup, InputGroup, Switch } from '@blueprintjs/core';
import { DialogSaveFooter } from '../shared/forms/DialogSaveFooter';
import { useState } from 'react';
import { Form, useField } from 'react-final-form';
import { roleFormSchema } from '../../../common/roles/role.schema';
import { type RoleFieldsFragment, RolesDocument, SaveRoleDocument } from '../gql/graphql';
import { helperLine, shownFieldError } from '../shared/forms/fieldMessage';
import { schemaValidate } from '../shared/forms/schemaValidate';
import { StringMultiSelect } from '../shared/forms/StringMultiSelect';
import { useSaveDialog } from '../shared/forms/saveDialog';
import { allFlags, type AreaName, areaLabel, editorAreas, flagLabels, flagNames, type Flags, noFlags, permissionGroups } from './roleSummary';
import { roleMessages } from './roleMessages';
import './roles.css';

type RoleFormValues = { name: string; adminInterfaces: string[]; freeBookings: boolean } & Record<AreaName, Flags>;

/** The rules and German messages the server checks the role with (common/roles/role.schema.ts). */
const validateRole = schemaValidate<RoleFormValues>(roleFormSchema);

const flagsOf = (flags: Partial<Flags> | null | undefined): Flags => Object.fromEntries(flagNames.map((flag) => [flag, flags?.[flag] === true])) as Flags;

function initialValues(role: RoleFieldsFragment | null): RoleFormValues {
  const values = { name: role?.name ?? '', adminInterfaces: [...(role?.adminInterfaces ?? [])], freeBookings: role?.freeBookings ?? false } as RoleFormValues;
  for (const { area } of permissionGroups) values[area] = flagsOf(role?.[area]);
  return values;
}

function NameField() {
  const { input, meta } = useField<string>('name');
  const error = shownFieldError(meta);
  return (
    <FormGroup label="Rollenname" labelFor="role-name" helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <InputGroup {...input} id="role-name" intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined} autoFocus fill />
    </FormGroup>
  );
}

function AreasField() {
  const { input } = useField<string[]>('adminInterfaces');
  const selected = input.value || [];
  return (
    <FormGroup label="Admin-Bereiche" labelFor="role-areas">
      <div className="role-areas">
        <StringMultiSelect
          id="role-areas"
          items={editorAreas.map((area) => area.name)}
          selected={selected}
          onChange={input.onChange}
          labelOf={areaLabel}
          placeholder="Admin-Bereiche wählen"
          noResultsText="Kein Admin-Bereich gefunden"
        />
        <Button text="Alle zuweisen" onClick={() => input.onChange(editorAreas.map((area) => area.name))} />
      </div>
    </FormGroup>
  );
}

function FlagGroup({ area, label }: { area: AreaName; label: string }) {
  const { input } = useField<Flags>(area);
  const flags = input.value || noFlags();
  return (
    <fieldset className="role-flag-group">
      <legend className={Classes.HEADING}>{label}</legend>
      <div className="role-flag-buttons">
        <Button size="small" text="Alle" onClick={() => input.onChange(allFlags())} />
        <Button size="small" text="Keine" onClick={() => input.onChange(noFlags())} />
      </div>
      <div className="role-flag-checks">
        {flagNames.map((flag) => (
          <Checkbox key={flag} label={flagLabels[flag]} checked={flags[flag]} onChange={(event) => input.onChange({ ...flags, [flag]: event.currentTarget.checked })} />
        ))}
      </div>
    </fieldset>
  );
}

function FreeBookingsField() {
  const { input } = useField<boolean>('freeBookings', { type: 'checkbox' });
  return <Switch label="Kostenlose Buchungen" checked={Boolean(input.checked)} onChange={(event) => input.onChange(event.currentTarget.checked)} />;
}

/** Create and edit dialog of a role (max 800 px): name, admin areas, flags per group, free bookings. */
export function RoleDialog({ tenantId, role, onClose }: { tenantId: string; role: RoleFieldsFragment | null; onClose: () => void }) {
  const [save] = useMutation(SaveRoleDocument, { refetchQueries: [{ query: RolesDocument, variables: { tenantId } }], awaitRefetchQueries: true });
  // Held once: new initial values on a later render would reset what was typed.
  const [startValues] = useState(() => initialValues(role));
  const dialog = useSaveDialog<RoleFormValues>({
    save: (values) =>
      save({
        variables: {
          tenantId,
          input: {
            ...(role ? { id: role.id } : {}),
            name: values.name.trim(),
            adminInterfaces: values.adminInterfaces,
            freeBookings: values.freeBookings,
            ...Object.fromEntries(permissionGroups.map(({ area }) => [area, flagsOf(values[area])])),
          },
        },
      }),
    saved: role ? roleMessages.edited : roleMessages.created,
    failed: roleMessages.saveError,
    onSaved: onClose,
  });

  return (
    <Dialog isOpen title={role ? 'Rolle bearbeiten' : 'Rolle erstellen'} onClose={onClose} style={{ width: 'calc(100% - 40px)', maxWidth: 800 }}>
      <Form<RoleFormValues>
        initialValues={startValues}
        onSubmit={dialog.submit}
        validate={validateRole}
        decorators={dialog.decorators}
        render={({ handleSubmit, submitting }) => (
          <form noValidate ref={dialog.formRef} onSubmit={(event) => void handleSubmit(event)}>
            <DialogBody>
              <NameField />
              <AreasField />
              <div className="role-flag-grid">
                {permissionGroups.map((group) => (
                  <FlagGroup key={group.area} area={group.area} label={group.label} />
                ))}
              </div>
              <FreeBookingsField />
            </DialogBody>
            <DialogSaveFooter onCancel={onClose} saving={submitting} />
          </form>
        )}
      />
    </Dialog>
  );
}
