import { Button, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { BookableSuggest, type ChoiceOption } from '../../picker/BookableSuggest';

export interface RelationsSearchPickerProps {
  tenantId: string;
  id: string;
  label: string;
  buttonText: string;
  /** Not offered: the edited object and those listed already. */
  excludedIds: readonly string[];
  /** The chosen object, with its title and type as the picker read them. */
  onAdd: (bookableId: string, option: ChoiceOption) => void;
  /** Whose objects (see BookableSuggest): the editor's by default, every object for staff who read bookings. */
  source?: 'bookables' | 'bookingChoices';
}

/**
 * An object searched as one types and an add button. Adding happens on the button, not on the
 * choice, which keyboard users make while moving through the matches.
 */
export function RelationsSearchPicker({ tenantId, id, label, buttonText, excludedIds, onAdd, source }: RelationsSearchPickerProps) {
  const [chosen, setChosen] = useState<ChoiceOption | null>(null);
  // A choice that was added meanwhile is no longer offered.
  const value = chosen && !excludedIds.includes(chosen.id) ? chosen : null;
  return (
    <FormGroup label={label} labelFor={id}>
      <div style={{ display: 'flex', gap: 8 }}>
        <BookableSuggest tenantId={tenantId} id={id} selected={value} onSelect={setChosen} excludedIds={excludedIds} placeholder="Titel oder Ort eingeben …" source={source} />
        <Button
          icon="add"
          text={buttonText}
          disabled={!value}
          onClick={() => {
            if (!value) return;
            onAdd(value.id, value);
            setChosen(null);
          }}
        />
      </div>
    </FormGroup>
  );
}
