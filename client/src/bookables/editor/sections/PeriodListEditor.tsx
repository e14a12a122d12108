import { Button, Checkbox } from '@blueprintjs/core';
import { useField, useForm } from 'react-final-form';
import { emptyTimePeriod, normalizeTime, removeAt, type TimePeriodValues, toggleWeekday, weekdayOptions } from '../editorRules';
import { ErrorLine, TextField, useSubmitError } from '../fields';

/** Weekday multi-select (Mo–So) of one entry. */
function WeekdayPicker({ name, legend }: { name: string; legend: string }) {
  const { input } = useField<number[]>(name);
  const error = useSubmitError(name);
  const days = input.value || [];
  return (
    <div className="bookable-weekdays" role="group" aria-label={`Wochentage (${legend})`}>
      <span className="bp6-label">Wochentage</span>
      <div>
        {weekdayOptions.map((option) => (
          <Checkbox key={option.day} inline label={option.label} title={option.name} checked={days.includes(option.day)} onChange={() => input.onChange(toggleWeekday(days, option.day))} />
        ))}
      </div>
      <ErrorLine message={error} />
    </div>
  );
}

/** Start/end time inputs: 24-hour "HH:mm" text, tidied when left ("8" becomes "08:00"). */
export function TimeFields({ prefix }: { prefix: string }) {
  return (
    <>
      <TextField name={`${prefix}.startTime`} label="Beginn" placeholder="HH:mm" inputMode="numeric" onBlurFormat={normalizeTime} className="bookable-time" />
      <TextField name={`${prefix}.endTime`} label="Ende" placeholder="HH:mm" inputMode="numeric" onBlurFormat={normalizeTime} className="bookable-time" />
    </>
  );
}

/**
 * A list of recurring periods (fixed booking times, opening hours): weekdays with start and end.
 * Each entry is a fieldset named "<entryLabel> <n>", so its fields are found within it.
 */
export function PeriodListEditor({ name, entryLabel, addLabel }: { name: 'timePeriods' | 'openingHours'; entryLabel: string; addLabel: string }) {
  const form = useForm();
  const { input } = useField<TimePeriodValues[]>(name, { subscription: { value: true } });
  const list = input.value || [];
  return (
    <div className="bookable-list">
      {list.map((_, index) => {
        const legend = `${entryLabel} ${index + 1}`;
        return (
          <fieldset key={index} className="bookable-row">
            <legend>{legend}</legend>
            <div className="bookable-row-fields">
              <WeekdayPicker name={`${name}[${index}].weekdays`} legend={legend} />
              <TimeFields prefix={`${name}[${index}]`} />
              <Button className="bookable-row-remove" icon="trash" variant="minimal" intent="danger" aria-label={`${legend} entfernen`} title="Entfernen" onClick={() => form.change(name, removeAt(list, index))} />
            </div>
          </fieldset>
        );
      })}
      <Button icon="add" text={addLabel} onClick={() => form.change(name, [...list, emptyTimePeriod()])} />
    </div>
  );
}
