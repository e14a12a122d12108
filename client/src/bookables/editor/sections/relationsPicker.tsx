import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import type { BookableOption } from './relationsRules';

export interface RelationsPickerProps {
  id: string;
  label: string;
  buttonText: string;
  options: BookableOption[];
  loading: boolean;
  onAdd: (bookableId: string) => void;
}

/**
 * A select of the bookables that may still be added and an add button. Adding happens on the
 * button, not on the select's change, which keyboard users trigger while moving through options.
 */
export function RelationsPicker({ id, label, buttonText, options, loading, onAdd }: RelationsPickerProps) {
  const [chosen, setChosen] = useState('');
  // A choice that was added meanwhile (or vanished) is no longer offered.
  const value = options.some((option) => option.id === chosen) ? chosen : '';
  const placeholder = loading ? 'Daten werden geladen...' : options.length === 0 ? 'Keine weiteren Objekte vorhanden' : 'Objekt auswählen';
  return (
    <FormGroup label={label} labelFor={id}>
      <div style={{ display: 'flex', gap: 8 }}>
        <HTMLSelect id={id} fill value={value} disabled={options.length === 0} onChange={(event) => setChosen(event.currentTarget.value)}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </HTMLSelect>
        <Button
          icon="add"
          text={buttonText}
          disabled={!value}
          onClick={() => {
            onAdd(value);
            setChosen('');
          }}
        />
      </div>
    </FormGroup>
  );
}
