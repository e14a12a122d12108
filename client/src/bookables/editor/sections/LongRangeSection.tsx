import { Checkbox } from '@blueprintjs/core';
import { useField, useForm } from 'react-final-form';
import type { LongRangeType } from '../../../gql/graphql';
import { longRangeLabels, toggleLongRange } from '../editorRules';
import { EditorSection, ErrorLine, useGroupError } from '../fields';
import { SwitchField } from '../../../shared/forms/SwitchField';
import type { BookableFormValues } from '../formValues';

/** Langzeitbuchung: week (Monday to Friday) or month, exclusive; switching off clears the choice. */
export function LongRangeSection() {
  const form = useForm();
  const isLongRange = useField<boolean>('isLongRange', { subscription: { value: true } }).input.value;
  const { input: options } = useField<BookableFormValues['longRangeOptions']>('longRangeOptions');
  const error = useGroupError('longRangeOptions');
  return (
    <EditorSection title="Langzeitbuchung" icon="calendar">
      <SwitchField name="isLongRange" label="Langzeitbuchung" onToggle={(on) => !on && form.change('longRangeOptions', null)} />
      {isLongRange && (
        <div role="group" aria-label="Zeitraum der Langzeitbuchung">
          {(Object.keys(longRangeLabels) as LongRangeType[]).map((type) => (
            <Checkbox
              key={type}
              label={longRangeLabels[type]}
              checked={options.value?.type === type}
              onChange={(event) => options.onChange(toggleLongRange(options.value ?? null, type, event.currentTarget.checked))}
            />
          ))}
          <ErrorLine message={error} />
        </div>
      )}
    </EditorSection>
  );
}
