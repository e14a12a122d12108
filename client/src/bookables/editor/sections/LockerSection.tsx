import { Button, Callout, Switch } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { shownFieldError } from '../../../shared/forms/fieldMessage';
import { type LockerUnitValues, lockerSumWarning, newLockerUnit, parseAmount } from './lockerRules';
import { LockerUnitFields } from './lockerUnitFields';
import { EditorSection, ErrorLine } from '../fields';

export interface LockerSectionProps {
  tenantId: string;
  bookableId: string | null;
}

/**
 * 'Schließfachsystem' of the bookable editor: lockers can be configured only once an amount is set
 * (docs/bookings.md, “Lockers”), and a warning shows while the units do not add up to it.
 */
export function LockerSection(_props: LockerSectionProps) {
  const amount = useField<string>('amount', { subscription: { value: true } }).input.value ?? '';
  const active = useField<boolean>('lockerDetails.active', { type: 'checkbox' });
  const activeError = shownFieldError({ submitError: active.meta.submitError, dirtySinceLastSubmit: active.meta.dirtySinceLastSubmit });
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
          aria-invalid={activeError ? true : undefined}
        />
        <ErrorLine message={activeError} />
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
