import { FormGroup, TextArea } from '@blueprintjs/core';
import { type FieldConventions, prefixedFieldId } from '../shared/forms/fieldConventions';

/**
 * The tenant screens' fields: ids like tenant-applications-invoice-iban. The tenant rules run as the
 * form's validation, so a field's message shows as long as its value breaks a rule (see shownFieldError).
 */
export const tenantFieldConventions: Partial<FieldConventions> = { idOf: prefixedFieldId('tenant') };

export function TemplateArea({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <FormGroup label={label} labelFor={id} helperText="Die Vorlage muss gültiges HTML sein.">
      <TextArea id={id} rows={20} value={value} onChange={(event) => onChange(event.currentTarget.value)} fill className="template-area" />
    </FormGroup>
  );
}
