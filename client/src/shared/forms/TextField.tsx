import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import type { Validator } from '../validation';
import { helperLine, shownFieldError } from './fieldMessage';

export interface TextFieldProps {
  name: string;
  label: string;
  /** Form-unique; defaults to the field name. Needed when two forms on a page share a field name. */
  id?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  validate?: Validator;
  autoComplete?: string;
  optional?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  leftIcon?: InputGroupProps['leftIcon'];
  rightElement?: InputGroupProps['rightElement'];
}

/** A labelled Blueprint input bound to react-final-form, with the field's message below it (see shownFieldError). */
export function TextField({ name, label, id = name, type = 'text', validate, autoComplete, optional, disabled, autoFocus, leftIcon, rightElement }: TextFieldProps) {
  const { input, meta } = useField<string>(name, { validate });
  const error = shownFieldError(meta);
  return (
    <FormGroup label={label} labelFor={id} labelInfo={optional ? '(optional)' : undefined} helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <InputGroup
        {...input}
        value={input.value ?? ''}
        id={id}
        type={type}
        autoComplete={autoComplete}
        disabled={disabled}
        autoFocus={autoFocus}
        leftIcon={leftIcon}
        rightElement={rightElement}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        fill
      />
    </FormGroup>
  );
}

export interface TextAreaFieldProps {
  name: string;
  label: string;
  id?: string;
  validate?: Validator;
  optional?: boolean;
  rows?: number;
  /** Shown below the field while it is valid. */
  hint?: string;
}

/** A labelled multi-line text bound to react-final-form, with the field's message below it (see shownFieldError). */
export function TextAreaField({ name, label, id = name, validate, optional, rows = 3, hint }: TextAreaFieldProps) {
  const { input, meta } = useField<string>(name, { validate });
  const error = shownFieldError(meta);
  return (
    <FormGroup label={label} labelFor={id} labelInfo={optional ? '(optional)' : undefined} helperText={helperLine(error, hint)} intent={error ? 'danger' : 'none'}>
      {/* Blueprint's look through its classes: the component adds nothing a plain text area needs here. */}
      <textarea {...input} value={input.value ?? ''} id={id} rows={rows} className={`bp6-input bp6-text-area bp6-fill${error ? ' bp6-intent-danger' : ''}`} aria-invalid={error ? true : undefined} />
    </FormGroup>
  );
}
