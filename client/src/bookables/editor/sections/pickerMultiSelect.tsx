import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { helperLine } from '../../../shared/forms/fieldMessage';
import { StringMultiSelect } from '../../../shared/forms/StringMultiSelect';
import { firstMessage, optionLabel, type PickerOption } from './pickerOptions';

export interface PickerMultiSelectProps {
  /** The form field: a list of ids (permittedUsers, permittedRoles, freeBookingUsers, freeBookingRoles). */
  name: string;
  label: string;
  id: string;
  options: PickerOption[];
  loading: boolean;
  helperText?: ReactNode;
}

/** A labelled Blueprint MultiSelect of ids bound to a list field; unknown stored ids stay as bare tags. */
export function PickerMultiSelect({ name, label, id, options, loading, helperText }: PickerMultiSelectProps) {
  const { input, meta } = useField<string[]>(name);
  const selected = input.value || [];
  const error = meta.dirtySinceLastSubmit ? undefined : firstMessage(meta.submitError);
  return (
    <FormGroup label={label} labelFor={id} helperText={helperLine(error, helperText)} intent={error ? 'danger' : 'none'}>
      <StringMultiSelect
        id={id}
        items={options.map((option) => option.id)}
        selected={selected}
        onChange={input.onChange}
        labelOf={(item) => optionLabel(options, item)}
        placeholder={loading ? 'Daten werden geladen...' : 'Auswählen …'}
        noResultsText="Keine Einträge gefunden"
        intent={error ? 'danger' : 'none'}
        invalid={Boolean(error)}
      />
    </FormGroup>
  );
}
