import '@blueprintjs/select/lib/css/blueprint-select.css';
import { FormGroup, MenuItem } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { firstMessage, optionLabel, type PickerOption, toggleId } from './pickerOptions';

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
    <FormGroup label={label} labelFor={id} helperText={error ?? helperText} intent={error ? 'danger' : 'none'}>
      <MultiSelect<string>
        items={options.map((option) => option.id)}
        selectedItems={selected}
        fill
        resetOnSelect
        placeholder={loading ? 'Daten werden geladen...' : 'Auswählen …'}
        popoverProps={{ minimal: true }}
        itemPredicate={(query, item) => optionLabel(options, item).toLowerCase().includes(query.toLowerCase())}
        itemRenderer={(item, { handleClick, handleFocus, modifiers }) =>
          modifiers.matchesPredicate ? (
            <MenuItem
              key={item}
              text={optionLabel(options, item)}
              roleStructure="listoption"
              selected={selected.includes(item)}
              active={modifiers.active}
              disabled={modifiers.disabled}
              onClick={handleClick}
              onFocus={handleFocus}
            />
          ) : null
        }
        noResults={<MenuItem disabled roleStructure="listoption" text="Keine Einträge gefunden" />}
        onItemSelect={(item) => input.onChange(toggleId(selected, item))}
        tagRenderer={(item) => optionLabel(options, item)}
        onRemove={(item) => input.onChange(selected.filter((other) => other !== item))}
        onClear={() => input.onChange([])}
        tagInputProps={{ inputProps: { id }, intent: error ? 'danger' : 'none' }}
      />
    </FormGroup>
  );
}
