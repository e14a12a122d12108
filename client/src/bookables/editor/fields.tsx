import { Checkbox, FormGroup, type IconName, InputGroup, type InputGroupProps, Section, SectionCard, Switch } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import type { Validator } from '../../shared/validation';

/** Form fields of the bookable editor, bound to react-final-form by name ("priceCategories[0].priceEur"). */

/** A DOM id from a field name: bookable-priceCategories-0-priceEur. */
export const fieldId = (name: string) => `bookable-${name.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;

interface Meta {
  touched?: boolean;
  error?: unknown;
  submitError?: unknown;
  dirtySinceLastSubmit?: boolean;
  submitFailed?: boolean;
}

/** A field's own message after a save attempt, or the server's until the field is changed. */
export function fieldError(meta: Meta): string | undefined {
  if (meta.error && (meta.touched || meta.submitFailed)) return String(meta.error);
  if (typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit) return meta.submitError;
  return undefined;
}

/** The server's message at a path no input is bound to (e.g. "priceCategories.0.interval"). */
export function useSubmitError(name: string): string | undefined {
  const { meta } = useField(name, { subscription: { submitError: true, dirtySinceLastSubmit: true } });
  return fieldError({ submitError: meta.submitError, dirtySinceLastSubmit: meta.dirtySinceLastSubmit });
}

export interface TextFieldProps {
  name: string;
  label: string;
  validate?: Validator;
  helperText?: ReactNode;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** Filters what is typed (numeric entry). */
  filter?: (text: string) => string;
  /** Tidies the text when the field is left (e.g. 24-hour times). */
  onBlurFormat?: (text: string) => string;
  rightElement?: InputGroupProps['rightElement'];
  labelInfo?: ReactNode;
  className?: string;
  disabled?: boolean;
}

export function TextField({ name, label, validate, helperText, placeholder, inputMode, filter, onBlurFormat, rightElement, labelInfo, className, disabled }: TextFieldProps) {
  const { input, meta } = useField<string>(name, { validate });
  const error = fieldError(meta);
  const id = fieldId(name);
  return (
    <FormGroup className={className} label={label} labelFor={id} labelInfo={labelInfo} helperText={error ?? helperText} intent={error ? 'danger' : 'none'}>
      <InputGroup
        id={id}
        name={name}
        value={input.value ?? ''}
        onChange={(event) => input.onChange(filter ? filter(event.currentTarget.value) : event.currentTarget.value)}
        onFocus={input.onFocus}
        onBlur={() => {
          if (onBlurFormat) {
            const formatted = onBlurFormat(input.value ?? '');
            if (formatted !== input.value) input.onChange(formatted);
          }
          input.onBlur();
        }}
        placeholder={placeholder}
        inputMode={inputMode}
        rightElement={rightElement}
        disabled={disabled}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        fill
      />
    </FormGroup>
  );
}

export function SwitchField({ name, label, disabled, onToggle, helperText }: { name: string; label: string; disabled?: boolean; onToggle?: (checked: boolean) => void; helperText?: ReactNode }) {
  const { input, meta } = useField<boolean>(name, { type: 'checkbox' });
  const error = fieldError(meta);
  return (
    <div className="bookable-switch">
      <Switch
        id={fieldId(name)}
        label={label}
        checked={Boolean(input.checked)}
        disabled={disabled}
        onChange={(event) => {
          input.onChange(event.currentTarget.checked);
          onToggle?.(event.currentTarget.checked);
        }}
      />
      {(error ?? helperText) && <div className={error ? 'bp6-form-helper-text bookable-error' : 'bp6-form-helper-text'}>{error ?? helperText}</div>}
    </div>
  );
}

export function CheckboxField({ name, label, className }: { name: string; label: string; className?: string }) {
  const { input } = useField<boolean>(name, { type: 'checkbox' });
  return <Checkbox id={fieldId(name)} className={className} label={label} checked={Boolean(input.checked)} onChange={(event) => input.onChange(event.currentTarget.checked)} />;
}

/** An error line below a group of inputs. */
export function ErrorLine({ message }: { message: string | undefined }) {
  return message ? (
    <div className="bp6-form-helper-text bookable-error" role="alert">
      {message}
    </div>
  ) : null;
}

/** One titled block of the editor (Blueprint Section); its heading names the block for screen readers. */
export function EditorSection({ title, icon, children }: { title: string; icon?: IconName; children: ReactNode }) {
  return (
    <Section title={title} icon={icon} elevation={1} className="bookable-section">
      <SectionCard>{children}</SectionCard>
    </Section>
  );
}
