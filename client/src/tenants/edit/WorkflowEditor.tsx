import { Button, ButtonGroup, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Radio, RadioGroup, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { Form, useField } from 'react-final-form';
import { useFailedSaveFeedback } from '../../shared/forms/failedSave';
import { TextField } from '../../shared/forms/TextField';
import { useConfirmedDelete } from '../../shared/list/rowActions';
import { required } from '../../shared/validation';

export interface ActionValue {
  type: '' | 'email' | 'bookingStatus';
  receiverType: 'user' | 'role' | null;
  sendTo: string[];
  bookingStatus: string[];
}
export interface StateValue {
  id: string;
  name: string;
  actions: ActionValue[];
}
export interface WorkflowValue {
  id: string | null;
  name: string;
  description: string;
  active: boolean;
  defaultState: string;
  states: StateValue[];
}

export const bookingStatusLabels: Record<string, string> = { commit: 'Buchung freigeben', paid: 'Buchung bezahlt', reject: 'Buchung stornieren' };
const emptyAction = (): ActionValue => ({ type: '', receiverType: null, sendTo: [], bookingStatus: [] });
const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `state-${Date.now()}-${Math.random().toString(36).slice(2)}`);

export interface Choices {
  users: string[];
  roles: { id: string; name: string }[];
}

function toggle(list: string[], value: string, on: boolean): string[] {
  return on ? [...new Set([...list, value])] : list.filter((item) => item !== value);
}

/** The actions of the state in the dialog: e-mail notification or booking status change. */
function ActionList({ choices }: { choices: Choices }) {
  const { input } = useField<ActionValue[]>('actions');
  const actions = input.value || [];
  const setAction = (index: number, action: ActionValue) => input.onChange(actions.map((item, i) => (i === index ? action : item)));
  return (
    <>
      {actions.map((action, index) => (
        <div key={index} className="workflow-action" role="group" aria-label={`Aktion ${index + 1}`}>
          <FormGroup label="Aktionstyp" labelFor={`workflow-action-type-${index}`}>
            <HTMLSelect
              id={`workflow-action-type-${index}`}
              value={action.type}
              // A new type starts empty: the other fields belong to the old one.
              onChange={(event) => setAction(index, { ...emptyAction(), type: event.currentTarget.value as ActionValue['type'], receiverType: event.currentTarget.value === 'email' ? 'user' : null })}
              options={[
                { value: '', label: 'Bitte wählen' },
                { value: 'email', label: 'E-Mail-Benachrichtigung' },
                { value: 'bookingStatus', label: 'Buchungsstatus ändern' },
              ]}
            />
          </FormGroup>
          {action.type === 'email' && (
            <>
              <RadioGroup
                label="Empfängertyp"
                inline
                selectedValue={action.receiverType ?? 'user'}
                onChange={(event) => setAction(index, { ...action, receiverType: event.currentTarget.value as 'user' | 'role', sendTo: [] })}
              >
                <Radio label="Benutzer" value="user" />
                <Radio label="Rolle" value="role" />
              </RadioGroup>
              <FormGroup label={action.receiverType === 'role' ? 'Rollen' : 'Benutzer'}>
                {(action.receiverType === 'role' ? choices.roles.map((role) => ({ value: role.id, label: role.name })) : choices.users.map((user) => ({ value: user, label: user }))).map(
                  (option) => (
                    <Checkbox
                      key={option.value}
                      label={option.label}
                      checked={action.sendTo.includes(option.value)}
                      onChange={(event) => setAction(index, { ...action, sendTo: toggle(action.sendTo, option.value, event.currentTarget.checked) })}
                    />
                  ),
                )}
              </FormGroup>
            </>
          )}
          {action.type === 'bookingStatus' && (
            <FormGroup label="Neuer Buchungsstatus">
              {Object.entries(bookingStatusLabels).map(([value, label]) => (
                <Checkbox
                  key={value}
                  label={label}
                  checked={action.bookingStatus.includes(value)}
                  onChange={(event) => setAction(index, { ...action, bookingStatus: toggle(action.bookingStatus, value, event.currentTarget.checked) })}
                />
              ))}
            </FormGroup>
          )}
          <Button variant="minimal" intent="danger" icon="trash" text="Aktion löschen" onClick={() => input.onChange(actions.filter((_item, i) => i !== index))} />
        </div>
      ))}
      <Button icon="add" text="Aktion hinzufügen" onClick={() => input.onChange([...actions, emptyAction()])} />
    </>
  );
}

/** The state dialog, a form of its own: name (required) and actions. */
function StateDialog({ state, choices, onCancel, onSave }: { state: StateValue; choices: Choices; onCancel: () => void; onSave: (state: StateValue) => void }) {
  const failedSave = useFailedSaveFeedback<StateValue>();
  const [initialValues] = useState(state);
  const save = (values: StateValue) => onSave({ ...values, name: values.name.trim(), actions: (values.actions ?? []).filter((action) => action.type !== '') });

  return (
    <Dialog isOpen title="Workflow-Status" onClose={onCancel} style={{ maxWidth: 800, width: '90vw' }}>
      <Form<StateValue> onSubmit={save} initialValues={initialValues} decorators={failedSave.decorators}>
        {({ handleSubmit }) => (
          // The dialog sits inside the tenant form in React's tree; handleSubmit keeps its submit from reaching that form.
          <form noValidate ref={failedSave.formRef} onSubmit={handleSubmit}>
            <DialogBody>
              <TextField name="name" id="workflow-state-name" label="Statusname" validate={required()} autoFocus />
              <ActionList choices={choices} />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text="Abbrechen" onClick={onCancel} />
                  <Button type="submit" intent="primary" text="Speichern" />
                </>
              }
            />
          </form>
        )}
      </Form>
    </Dialog>
  );
}

/** Workflow section of the tenant edit screen: activate, ordered states, default radio, the state dialog. */
export function WorkflowEditor({ choices }: { choices: Choices }) {
  const { input } = useField<WorkflowValue>('workflow');
  const workflow = input.value;
  const [editing, setEditing] = useState<{ index: number | null; state: StateValue } | null>(null);
  const update = (patch: Partial<WorkflowValue>) => input.onChange({ ...workflow, ...patch });

  const move = (index: number, delta: number) => {
    const states = [...workflow.states];
    const [state] = states.splice(index, 1);
    states.splice(index + delta, 0, state);
    update({ states });
  };
  const remove = async (removed: StateValue) => {
    update({ states: workflow.states.filter((state) => state.id !== removed.id), defaultState: workflow.defaultState === removed.id ? '' : workflow.defaultState });
  };
  // A state and its actions are gone for good once the tenant is saved: deleting asks first.
  const { ask: askRemove, alert: removeAlert } = useConfirmedDelete<StateValue>(remove, (state) => `Status „${state.name}“ löschen?`);
  const saveState = (state: StateValue) => {
    if (!editing) return;
    const states = editing.index === null ? [...workflow.states, state] : workflow.states.map((item, i) => (i === editing.index ? state : item));
    update({ states });
    setEditing(null);
  };

  return (
    <>
      <Switch label="Workflow aktivieren" checked={workflow.active} onChange={(event) => update({ active: event.currentTarget.checked })} />
      {workflow.states.length === 0 ? (
        <Callout intent="none" icon="info-sign">
          Noch keine Workflow-Status vorhanden.
        </Callout>
      ) : (
        <div role="list" aria-label="Workflow-Status">
          {workflow.states.map((state, index) => (
            <div key={state.id} role="listitem" className="workflow-state-row" aria-label={state.name}>
              {/* The visible word is part of the name, which says whose default it is. */}
              <Radio
                label="Standard"
                aria-label={`Standardstatus: ${state.name}`}
                title="Standardstatus für neue Buchungen"
                name="workflow-default-state"
                checked={workflow.defaultState === state.id}
                onChange={() => update({ defaultState: state.id })}
                className="workflow-default-radio"
              />
              <span className="workflow-state-name">{state.name}</span>
              <ButtonGroup variant="minimal">
                <Button icon="arrow-up" aria-label={`${state.name} nach oben`} disabled={index === 0} onClick={() => move(index, -1)} />
                <Button icon="arrow-down" aria-label={`${state.name} nach unten`} disabled={index === workflow.states.length - 1} onClick={() => move(index, 1)} />
                <Button icon="edit" aria-label={`${state.name} bearbeiten`} onClick={() => setEditing({ index, state })} />
                <Button icon="trash" intent="danger" aria-label={`${state.name} löschen`} onClick={() => askRemove(state)} />
              </ButtonGroup>
            </div>
          ))}
        </div>
      )}
      <Button icon="add" text="Workflow-Status hinzufügen" onClick={() => setEditing({ index: null, state: { id: newId(), name: '', actions: [] } })} />
      {editing && <StateDialog state={editing.state} choices={choices} onCancel={() => setEditing(null)} onSave={saveState} />}
      {removeAlert}
    </>
  );
}
