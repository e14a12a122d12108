import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { Validator } from '../validation';
import { type FieldConventions, useConventionalField } from './fieldConventions';
import { helperLine } from './fieldMessage';
import { PlainTextField, type PlainTextFieldOptions } from './PlainTextField';

/** What a field bound by name adds to its look. */
interface BoundFieldProps {
  name: string;
  /** Form-unique; defaults to the form's id of the name (see FieldConventions). Needed when two forms on a page share a field name. */
  id?: string;
  validate?: Validator;
  /** Shows "(optional)" beside the label. */
  optional?: boolean;
}

/** Beside the label: given info, else "(optional)", else the form's mark of a required field. */
export function labelInfoOf({ labelInfo, optional, required }: { labelInfo?: ReactNode; optional?: boolean; required?: boolean }, conventions: FieldConventions): ReactNode {
  if (labelInfo !== undefined) return labelInfo;
  if (optional) return '(optional)';
  return required ? conventions.requiredMark : undefined;
}

export type TextFieldProps = PlainTextFieldOptions & BoundFieldProps;

/** A labelled text input bound to react-final-form by name, with the field's message below it (see FieldConventions). */
export function TextField({ name, id, validate, optional, labelInfo, ...props }: TextFieldProps) {
  const field = useConventionalField<string>(name, { validate, text: true });
  return (
    <PlainTextField
      {...props}
      id={id ?? field.id}
      name={name}
      labelInfo={labelInfoOf({ labelInfo, optional, required: props.required }, field.conventions)}
      value={field.input.value ?? ''}
      onChange={field.input.onChange}
      onFocus={field.input.onFocus}
      onBlur={field.input.onBlur}
      error={field.error}
    />
  );
}

export interface TextAreaFieldProps extends BoundFieldProps {
  label: string;
  rows?: number;
  /** Shown below the field while it is valid. */
  hint?: ReactNode;
  className?: string;
}

/** A labelled multi-line text bound to react-final-form by name, with the field's message below it. */
export function TextAreaField({ name, id, label, validate, optional, rows = 3, hint, className }: TextAreaFieldProps) {
  const field = useConventionalField<string>(name, { validate, text: true });
  const { error } = field;
  const inputId = id ?? field.id;
  // The line below the field (message or hint) is read with it.
  const helperId = `${inputId}-helper`;
  const helper = error ?? hint;
  return (
    <FormGroup
      className={className}
      label={label}
      labelFor={inputId}
      labelInfo={labelInfoOf({ optional }, field.conventions)}
      helperText={helper ? <div id={helperId}>{helper}</div> : helperLine(undefined)}
      intent={error ? 'danger' : 'none'}
    >
      {/* Blueprint's look through its classes: the component adds nothing a plain text area needs here. */}
      <textarea
        {...field.input}
        value={field.input.value ?? ''}
        id={inputId}
        rows={rows}
        className={`bp6-input bp6-text-area bp6-fill${error ? ' bp6-intent-danger' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={helper ? helperId : undefined}
      />
    </FormGroup>
  );
}
