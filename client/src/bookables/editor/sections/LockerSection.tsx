import { Button, Callout, Switch } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { type LockerUnitValues, lockerSumWarning, newLockerUnit, parseAmount } from './lockerRules';
import { LockerUnitFields } from './lockerUnitFields';
import { EditorSection } from '../fields';

export interface LockerSectionProps {
  tenantId: string;
  bookableId: string | null;
}

/**
 * 'Schließfachsystem' of the bookable editor: lockers can be configured only once an amount is set
 * (specification 02 section 4), and a warning shows while the units do not add up to it.
 */
export function LockerSection(_props: LockerSectionProps) {
  const amount = useField<string>('amount', { subscription: { value: true } }).input.value ?? '';
  const active = useField<boolean>('lockerDetails.active', { type: 'checkbox' });
  const activeError = !active.meta.dirtySinceLastSubmit && typeof active.meta.submitError === 'string' ? active.meta.submitError : undefined;
  const units = useField<LockerUnitValues[]>('lockerDetails.units').input;
  const list = units.value || [];
  const disabled = parseAmount(amount) === null;
  const warning = lockerSumWarning(amount, { active: Boolean(active.input.checked), units: list });

  return (
    <EditorSection title="Schließfachsystem" icon="lock">
      <div className="bookable-section-part">
        {disabled && <p className="bp6-text-muted">Bitte geben Sie zuerst eine Anzahl an.</p>}
        <Switch
          id="bookable-lockerDetails-active"
          label="Schließfächer aktiv"
          checked={Boolean(active.input.checked)}
          disabled={disabled}
          onChange={(event) => active.input.onChange(event.currentTarget.checked)}
        />
        {activeError && (
          <div className="bp6-form-helper-text bp6-intent-danger" role="alert">
            {activeError}
          </div>
        )}
        {list.map((_unit, index) => (
          // Units have no identity of their own; their inputs are bound by index anyway.
          <LockerUnitFields key={index} index={index} disabled={disabled} onRemove={() => units.onChange(list.filter((_, i) => i !== index))} />
        ))}
        <Button icon="add" text="Schließfacheinheit hinzufügen" disabled={disabled} onClick={() => units.onChange([...list, newLockerUnit(amount, list)])} />
        {warning && (
          <Callout intent="warning" style={{ marginTop: 12 }}>
            {warning}
          </Callout>
        )}
      </div>
    </EditorSection>
  );
}
