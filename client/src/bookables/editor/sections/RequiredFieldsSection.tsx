import { Checkbox } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import type { BookableRequiredField } from '../../../gql/graphql';
import { requiredFieldLabels, toggleItem } from '../editorRules';
import { EditorSection } from '../fields';

/** Pflichtfelder: which booking-form fields the public must fill in. */
export function RequiredFieldsSection() {
  const { input } = useField<BookableRequiredField[]>('requiredFields');
  const list = input.value || [];
  return (
    <EditorSection title="Pflichtfelder" icon="form">
      <p className="bp6-text-muted">Diese Angaben sind bei einer Buchung zusätzlich erforderlich.</p>
      {(Object.keys(requiredFieldLabels) as BookableRequiredField[]).map((field) => (
        <Checkbox key={field} label={requiredFieldLabels[field]} checked={list.includes(field)} onChange={(event) => input.onChange(toggleItem(list, field, event.currentTarget.checked))} />
      ))}
    </EditorSection>
  );
}
