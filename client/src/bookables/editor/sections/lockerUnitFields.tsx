import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { fieldErrorMarker, helperLine } from '../../../shared/forms/fieldMessage';
import { useGroupError } from '../fields';
import { parseUnitAmount } from './lockerRules';

/** DOM id of a unit's input, in the editor's scheme (bookable-<path with dashes>). */
const unitId = (index: number, field: string) => `bookable-lockerDetails-units-${index}-${field}`;
// final-form's default parse turns '' into undefined, which would drop the key from the input.
const keepText = (value: string) => value;

function UnitText({ index, field, label, disabled }: { index: number; field: 'lockerSystem' | 'id'; label: string; disabled: boolean }) {
  const name = `lockerDetails.units[${index}].${field}`;
  const { input } = useField<string>(name, { parse: keepText });
  const error = useGroupError(name);
  return (
    <FormGroup label={label} labelFor={unitId(index, field)} helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <InputGroup {...input} id={unitId(index, field)} value={input.value ?? ''} disabled={disabled} intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined} fill />
    </FormGroup>
  );
}

function UnitAmount({ index, disabled }: { index: number; disabled: boolean }) {
  const name = `lockerDetails.units[${index}].amount`;
  // The API takes an Int, so the form keeps a number rather than the typed text.
  const { input } = useField<number>(name);
  const error = useGroupError(name);
  return (
    <FormGroup label="Anzahl" labelFor={unitId(index, 'amount')} helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <InputGroup
        name={input.name}
        value={input.value === undefined || input.value === null ? '' : String(input.value)}
        onChange={(event) => input.onChange(parseUnitAmount(event.currentTarget.value))}
        onFocus={input.onFocus}
        onBlur={input.onBlur}
        id={unitId(index, 'amount')}
        type="number" min={0} step={1} inputMode="numeric" disabled={disabled} intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined} fill />
    </FormGroup>
  );
}

/** One locker unit (system, product id, amount); a group named "Schließfacheinheit n" so its labels can be told apart. */
export function LockerUnitFields({ index, disabled, onRemove }: { index: number; disabled: boolean; onRemove: () => void }) {
  const name = `Schließfacheinheit ${index + 1}`;
  const error = useGroupError(`lockerDetails.units[${index}]`);
  return (
    <div role="group" aria-label={name} className="bookable-locker-unit">
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
        <UnitText index={index} field="lockerSystem" label="Schließfachsystem" disabled={disabled} />
        <UnitText index={index} field="id" label="Produkt-ID" disabled={disabled} />
        <UnitAmount index={index} disabled={disabled} />
        <Button icon="trash" intent="danger" variant="minimal" aria-label={`${name} entfernen`} title={`${name} entfernen`} disabled={disabled} onClick={onRemove} style={{ marginTop: 22 }} />
      </div>
      {error && (
        <div className="bp6-form-helper-text bp6-intent-danger" role="alert" {...fieldErrorMarker}>
          {error}
        </div>
      )}
    </div>
  );
}
