import { Checkbox, FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { DateField } from '../shared/forms/DateField';
import { useConventionalField } from '../shared/forms/fieldConventions';
import { fieldErrorMarker, helperLine } from '../shared/forms/fieldMessage';
import { toggleItem } from '../shared/forms/selection';

/** A Berlin day (YYYY-MM-DD) bound to the form by name. */
export function DayField({ name, label }: { name: string; label: string }) {
  const field = useConventionalField<string>(name);
  return <DateField id={field.id} label={label} value={field.input.value ?? ''} onChange={field.input.onChange} onBlur={field.input.onBlur} error={field.error} fill />;
}

/** A native select bound to the form by name, its message on the line below. */
export function SelectField({ name, label, options, placeholder, hint }: { name: string; label: string; options: { value: string; label: string }[]; placeholder?: string; hint?: ReactNode }) {
  const field = useConventionalField<string>(name);
  const helperId = `${field.id}-helper`;
  return (
    <FormGroup label={label} labelFor={field.id} helperText={<span id={helperId}>{helperLine(field.error, hint)}</span>} intent={field.error ? 'danger' : 'none'}>
      <HTMLSelect
        id={field.id}
        name={name}
        fill
        value={field.input.value ?? ''}
        onChange={(event) => field.input.onChange(event.currentTarget.value)}
        onFocus={field.input.onFocus}
        onBlur={field.input.onBlur}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={helperId}
        options={placeholder === undefined ? options : [{ value: '', label: placeholder }, ...options]}
      />
    </FormGroup>
  );
}

/** A group of checkboxes bound to a list of ids; its message is where a failed save leads. */
export function CheckboxListField({ name, legend, options }: { name: string; legend: string; options: { value: string; label: string }[] }) {
  const field = useConventionalField<string[]>(name);
  const selected = field.input.value || [];
  return (
    <fieldset className="allocation-checkboxes">
      <legend className="bp6-label">{legend}</legend>
      {options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={selected.includes(option.value)}
          onChange={() => {
            field.input.onChange(toggleItem(selected, option.value));
            field.input.onBlur();
          }}
        />
      ))}
      <div className={field.error ? 'bp6-form-helper-text form-error' : 'bp6-form-helper-text'} {...(field.error ? fieldErrorMarker : {})} id={`${field.id}-error`}>
        {helperLine(field.error)}
      </div>
    </fieldset>
  );
}
