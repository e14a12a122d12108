import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { FormGroup } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import type { ReactNode } from 'react';
import { helperLine } from './fieldMessage';
import { germanPickerProps } from './germanPicker';
import { formatPickerDay, parsePickerDay } from './pickerDate';

export interface DateFieldProps {
  id: string;
  label: string;
  /** Beside the label, e.g. a required mark. */
  labelInfo?: ReactNode;
  /** The day as YYYY-MM-DD; empty for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The message shown below, marking the input invalid. */
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  className?: string;
  /** Takes the whole width of its cell. */
  fill?: boolean;
  /** Label beside the field instead of above it (filter bars). */
  inline?: boolean;
}

/**
 * A labelled date without time on a plain value: stored as YYYY-MM-DD, shown and typed as
 * TT.MM.JJJJ, with the German calendar popup.
 */
export function DateField({ id, label, labelInfo, value, onChange, onBlur, error, helperText, required, className, fill, inline }: DateFieldProps) {
  return (
    <FormGroup label={label} labelFor={id} labelInfo={labelInfo} helperText={helperLine(error, helperText)} intent={error ? 'danger' : 'none'} className={className} inline={inline}>
      <DateInput
        value={value || null}
        // Without a time precision the picker answers with the plain date (YYYY-MM-DD).
        onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
        formatDate={formatPickerDay}
        parseDate={parsePickerDay}
        placeholder="TT.MM.JJJJ"
        {...germanPickerProps}
        fill={fill}
        // Enter confirms the typed date; it must not also submit the form around it.
        inputProps={{
          id,
          required,
          intent: error ? 'danger' : 'none',
          'aria-invalid': error ? true : undefined,
          onBlur,
          onKeyDown: (event) => event.key === 'Enter' && event.preventDefault(),
        }}
        popoverProps={{ placement: 'bottom-start' }}
      />
    </FormGroup>
  );
}
