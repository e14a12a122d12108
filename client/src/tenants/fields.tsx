import { Button, FormGroup, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { useField } from 'react-final-form';
import { helperLine, shownFieldError } from '../shared/forms/fieldMessage';
import { NumericInput } from '../shared/forms/NumericInput';

/**
 * Form fields of the tenant screens. The tenant rules run as the form's validation, so a field's
 * message shows as long as its value breaks a rule (see shownFieldError).
 */

const fieldId = (name: string) => `tenant-${name.replace(/\./g, '-')}`;

interface BaseProps {
  name: string;
  label: string;
  helperText?: ReactNode;
  disabled?: boolean;
}

export function TextInput({ name, label, helperText, disabled, type = 'text', leftElement }: BaseProps & { type?: 'text' | 'email' | 'tel' | 'url'; leftElement?: ReactNode }) {
  const { input, meta } = useField<string>(name);
  const error = shownFieldError(meta);
  return (
    <FormGroup label={label} labelFor={fieldId(name)} helperText={helperLine(error, helperText)} intent={error ? 'danger' : 'none'}>
      <InputGroup
        id={fieldId(name)}
        type={type}
        value={input.value ?? ''}
        onValueChange={(value) => input.onChange(value)}
        onFocus={() => input.onFocus()}
        onBlur={() => input.onBlur()}
        disabled={disabled}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        leftElement={leftElement as never}
        fill
      />
    </FormGroup>
  );
}

export function NumberInput({ name, label, helperText }: BaseProps) {
  const { input, meta } = useField<number | null>(name);
  const error = shownFieldError(meta);
  return (
    <FormGroup label={label} labelFor={fieldId(name)} helperText={helperLine(error, helperText)} intent={error ? 'danger' : 'none'}>
      <NumericInput
        id={fieldId(name)}
        min={0}
        minorStepSize={null}
        allowNumericCharactersOnly
        value={input.value ?? ''}
        onValueChange={(value, text) => input.onChange(text.trim() === '' || Number.isNaN(value) ? null : value)}
        onFocus={() => input.onFocus()}
        onBlur={() => input.onBlur()}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        fill
      />
    </FormGroup>
  );
}

export function SwitchInput({ name, label, onToggle }: BaseProps & { onToggle?: (checked: boolean) => void }) {
  const { input } = useField<boolean>(name, { type: 'checkbox' });
  return (
    <Switch
      id={fieldId(name)}
      label={label}
      checked={Boolean(input.checked)}
      onChange={(event) => {
        input.onChange(event.currentTarget.checked);
        onToggle?.(event.currentTarget.checked);
      }}
    />
  );
}

/**
 * A write-only secret: the stored value is never shown, only whether one is set. Left empty, the
 * stored value stays. The eye button only switches the local display.
 */
export function SecretInput({ name, label, isSet }: BaseProps & { isSet: boolean | null | undefined }) {
  const { input } = useField<string>(name);
  const [visible, setVisible] = useState(false);
  return (
    <FormGroup
      label={label}
      labelFor={fieldId(name)}
      labelInfo={isSet ? '(gesetzt)' : '(nicht gesetzt)'}
      helperText={isSet ? 'Leer lassen, um den gespeicherten Wert zu behalten.' : undefined}
    >
      <InputGroup
        id={fieldId(name)}
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        placeholder={isSet ? 'gesetzt' : 'nicht gesetzt'}
        value={input.value ?? ''}
        onValueChange={(value) => input.onChange(value)}
        rightElement={
          <Button
            variant="minimal"
            icon={visible ? 'eye-off' : 'eye-open'}
            aria-label={visible ? `${label} verbergen` : `${label} anzeigen`}
            onClick={() => setVisible((shown) => !shown)}
          />
        }
        fill
      />
    </FormGroup>
  );
}

export function TemplateArea({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <FormGroup label={label} labelFor={id} helperText="Die Vorlage muss gültiges HTML sein.">
      <TextArea id={id} rows={20} value={value} onChange={(event) => onChange(event.currentTarget.value)} fill className="template-area" />
    </FormGroup>
  );
}
