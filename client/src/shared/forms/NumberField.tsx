import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { Validator } from '../validation';
import { useConventionalField } from './fieldConventions';
import { helperLine } from './fieldMessage';
import { NumericInput } from './NumericInput';

export interface NumberFieldProps {
  name: string;
  label: string;
  helperText?: ReactNode;
  placeholder?: string;
  validate?: Validator;
  /**
   * Keeps what is typed as text, for forms that check and convert their values themselves;
   * otherwise the field holds a number, or null while empty.
   */
  keepsText?: boolean;
}

/** A whole number of at least 0 bound to a form field; empty stands for "none" (e.g. unlimited). */
export function NumberField({ name, label, helperText, placeholder, validate, keepsText }: NumberFieldProps) {
  const { input, id, error } = useConventionalField<number | string | null>(name, { validate });
  return (
    <FormGroup label={label} labelFor={id} helperText={helperLine(error, helperText)} intent={error ? 'danger' : 'none'}>
      <NumericInput
        id={id}
        name={name}
        min={0}
        minorStepSize={null}
        allowNumericCharactersOnly
        value={input.value ?? ''}
        placeholder={placeholder}
        onValueChange={(value, text) => input.onChange(keepsText ? text : text.trim() === '' || Number.isNaN(value) ? null : value)}
        onFocus={() => input.onFocus()}
        onBlur={() => input.onBlur()}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        fill
      />
    </FormGroup>
  );
}
