import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { helperLine } from './fieldMessage';

/** What a labelled text input shows and how it treats what is typed. */
export interface PlainTextFieldOptions {
  label: string;
  /** Beside the label, e.g. "(optional)" or a required mark. */
  labelInfo?: ReactNode;
  /** Marks the input as required for assistive technology. */
  required?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'date' | 'time';
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** Filters what is typed (numeric entry). */
  filter?: (text: string) => string;
  /** Tidies the text when the field is left (prices, 24-hour times). */
  onBlurFormat?: (text: string) => string;
  leftIcon?: InputGroupProps['leftIcon'];
  leftElement?: InputGroupProps['leftElement'];
  rightElement?: InputGroupProps['rightElement'];
  className?: string;
  disabled?: boolean;
}

export interface PlainTextFieldProps extends PlainTextFieldOptions {
  id: string;
  /** The input's name attribute, for fields bound by name. */
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  /** The message shown below, marking the input invalid. */
  error?: string;
}

/**
 * A labelled text input on a plain value, for editors whose lists bind through the whole list
 * (price categories, speakers, agenda days) and for fields bound by name through a wrapper.
 */
export function PlainTextField({
  id,
  name,
  value,
  onChange,
  onFocus,
  onBlur,
  error,
  label,
  labelInfo,
  required,
  helperText,
  placeholder,
  type = 'text',
  autoComplete,
  autoFocus,
  inputMode,
  filter,
  onBlurFormat,
  leftIcon,
  leftElement,
  rightElement,
  className,
  disabled,
}: PlainTextFieldProps) {
  return (
    <FormGroup className={className} label={label} labelFor={id} labelInfo={labelInfo} helperText={helperLine(error, helperText)} intent={error ? 'danger' : 'none'}>
      <InputGroup
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(filter ? filter(event.currentTarget.value) : event.currentTarget.value)}
        onFocus={onFocus}
        onBlur={() => {
          const formatted = onBlurFormat ? onBlurFormat(value) : value;
          if (formatted !== value) onChange(formatted);
          onBlur?.();
        }}
        placeholder={placeholder}
        inputMode={inputMode}
        required={required}
        leftIcon={leftIcon}
        leftElement={leftElement}
        rightElement={rightElement}
        disabled={disabled}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        fill
      />
    </FormGroup>
  );
}
