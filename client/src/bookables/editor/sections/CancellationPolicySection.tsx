import { Button } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { PlainTextField } from '../../../shared/forms/PlainTextField';
import { SwitchField } from '../../../shared/forms/SwitchField';
import { TextField } from '../../../shared/forms/TextField';
import { useArrayField } from '../arrayField';
import { decimalText, removeAt } from '../editorRules';
import { EditorSection, fieldId } from '../fields';
import type { CancellationTierValues } from '../formValues';

export const CANCELLATION_HINT =
  'Ohne Selbststornierung senden Bürgerinnen und Bürger eine Stornierungsanfrage, über die die Verwaltung entscheidet. Mit ihr storniert die Buchung sofort; erstattet wird nach der Stufe mit den meisten Tagen, die bei der Stornierung noch erreicht ist (Kalendertage in Berlin), abzüglich der Bearbeitungsgebühr.';

const wholeNumberText = (text: string) => text.replace(/\D/g, '');

/** Stornobedingungen: self-cancellation, the refund tiers ("bis … Tage vor Beginn … % Erstattung") and the handling fee. */
export function CancellationPolicySection() {
  const { input: mayCancel } = useField<boolean>('cancellationPolicy.citizenMayCancel', { subscription: { value: true } });
  const tiers = useArrayField<CancellationTierValues>('cancellationPolicy.tiers');
  const disabled = !mayCancel.value;
  return (
    <EditorSection title="Stornobedingungen" icon="undo">
      <SwitchField name="cancellationPolicy.citizenMayCancel" label="Bürger dürfen selbst stornieren" hint={CANCELLATION_HINT} />
      <div role="group" aria-label="Erstattungsstufen">
        {tiers.list.map((tier, index) => (
          <div key={index} role="group" aria-label={`Erstattungsstufe ${index + 1}`} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <PlainTextField
              id={fieldId(`cancellationPolicy.tiers.${index}.daysBefore`)}
              label="bis … Tage vor Beginn"
              value={tier.daysBefore}
              onChange={(value) => tiers.update(index, { daysBefore: value })}
              error={tiers.errorAt(`${index}.daysBefore`)}
              inputMode="numeric"
              filter={wholeNumberText}
              disabled={disabled}
            />
            <PlainTextField
              id={fieldId(`cancellationPolicy.tiers.${index}.refundPercent`)}
              label="… % Erstattung"
              value={tier.refundPercent}
              onChange={(value) => tiers.update(index, { refundPercent: value })}
              error={tiers.errorAt(`${index}.refundPercent`)}
              inputMode="numeric"
              filter={wholeNumberText}
              disabled={disabled}
            />
            <Button
              icon="trash"
              intent="danger"
              variant="minimal"
              aria-label={`Erstattungsstufe ${index + 1} entfernen`}
              title={`Erstattungsstufe ${index + 1} entfernen`}
              disabled={disabled}
              onClick={() => tiers.set(removeAt(tiers.list, index))}
              style={{ marginTop: 22 }}
            />
          </div>
        ))}
        <Button icon="add" variant="minimal" disabled={disabled} onClick={() => tiers.set([...tiers.list, { daysBefore: '', refundPercent: '' }])}>
          Erstattungsstufe hinzufügen
        </Button>
      </div>
      <TextField name="cancellationPolicy.feeEur" label="Bearbeitungsgebühr (€)" inputMode="decimal" filter={decimalText} placeholder="0,00" disabled={disabled} />
    </EditorSection>
  );
}
