import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { Button, FormGroup } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import type { Validator } from '../validation';
import { helperLine, shownFieldError } from './fieldMessage';
import { germanPickerProps } from './germanPicker';
import { formatPickerDate, parsePickerDate } from './pickerDate';

/** The municipality's time: what staff pick is Berlin wall time, whatever the browser's zone. */
const TIME_ZONE = 'Europe/Berlin';

export interface DateTimeFieldProps {
  name: string;
  label: string;
  id: string;
  validate?: Validator;
  hint?: ReactNode;
}

/**
 * A date with a 24-hour time, German, in Europe/Berlin, bound to react-final-form: the value is an
 * ISO string (null when cleared); typed text like 24.12.2026 18:00 is read as well.
 */
export function DateTimeField({ name, label, id, validate, hint = 'Datum und Uhrzeit (24 Stunden); ohne Uhrzeit gilt 00:00' }: DateTimeFieldProps) {
  const { input, meta } = useField<string | null>(name, { validate });
  const error = shownFieldError(meta);
  return (
    <FormGroup label={label} labelFor={id} helperText={helperLine(error, hint)} intent={error ? 'danger' : 'none'}>
      <DateInput
        value={input.value || null}
        onChange={(value) => input.onChange(value)}
        timezone={TIME_ZONE}
        timePrecision="minute"
        timePickerProps={{ useAmPm: false, showArrowButtons: true }}
        formatDate={formatPickerDate}
        parseDate={parsePickerDate}
        placeholder="TT.MM.JJJJ HH:MM"
        {...germanPickerProps}
        showTimezoneSelect={false}
        closeOnSelection={false}
        fill
        inputProps={{ id, 'aria-invalid': error ? true : undefined, onBlur: () => input.onBlur() }}
        rightElement={input.value ? <Button variant="minimal" icon="cross" aria-label={`${label} leeren`} onClick={() => input.onChange(null)} /> : undefined}
        popoverProps={{ placement: 'bottom-start' }}
      />
    </FormGroup>
  );
}
