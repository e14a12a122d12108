import { Button, Checkbox } from '@blueprintjs/core';
import { type ArrayField, useArrayField } from '../arrayField';
import { emptyTimePeriod, removeAt, type TimePeriodValues, toggleWeekday, weekdayOptions } from '../editorRules';
import { normalizeTime } from '../../../shared/forms/pickerDate';
import { ErrorLine, fieldId } from '../fields';
import { PlainTextField } from '../../../shared/forms/PlainTextField';

interface Timed {
  startTime: string;
  endTime: string;
}

/** Start/end time inputs of entry `index`: 24-hour "HH:mm" text, tidied when left ("8" becomes "08:00"). */
export function TimeFields<T extends Timed>({ entries, name, index }: { entries: ArrayField<T>; name: string; index: number }) {
  const entry = entries.list[index] as T;
  return (
    <>
      {(['startTime', 'endTime'] as const).map((key) => (
        <PlainTextField
          key={key}
          id={fieldId(`${name}.${index}.${key}`)}
          label={key === 'startTime' ? 'Beginn' : 'Ende'}
          value={entry[key]}
          onChange={(value) => entries.update(index, { [key]: value } as Partial<T>)}
          error={entries.errorAt(`${index}.${key}`)}
          placeholder="HH:mm"
          inputMode="numeric"
          onBlurFormat={normalizeTime}
          className="bookable-time"
        />
      ))}
    </>
  );
}

/** Weekday multi-select (Mo–So) of one entry. */
function WeekdayPicker({ entries, index, legend }: { entries: ArrayField<TimePeriodValues>; index: number; legend: string }) {
  const days = entries.list[index]?.weekdays ?? [];
  return (
    <div className="bookable-weekdays" role="group" aria-label={`Wochentage ${legend}`}>
      <span className="bp6-label">Wochentage</span>
      <div>
        {weekdayOptions.map((option) => (
          <Checkbox key={option.day} inline label={option.label} title={option.name} checked={days.includes(option.day)} onChange={() => entries.update(index, { weekdays: toggleWeekday(days, option.day) })} />
        ))}
      </div>
      <ErrorLine message={entries.errorAt(`${index}.weekdays`)} />
    </div>
  );
}

/**
 * A list of recurring periods (fixed booking times, opening hours): weekdays with start and end.
 * Each entry is a fieldset named "<entryLabel> <n>", so its fields are found within it.
 */
export function PeriodListEditor({ name, entryLabel, addLabel }: { name: 'timePeriods' | 'openingHours'; entryLabel: string; addLabel: string }) {
  const entries = useArrayField<TimePeriodValues>(name);
  return (
    <div className="bookable-list">
      {entries.list.map((_, index) => {
        const legend = `${entryLabel} ${index + 1}`;
        return (
          <fieldset key={index} className="bookable-row">
            <legend>{legend}</legend>
            <div className="bookable-row-fields">
              <WeekdayPicker entries={entries} index={index} legend={legend} />
              <TimeFields entries={entries} name={name} index={index} />
              <Button className="bookable-row-remove" icon="trash" variant="minimal" intent="danger" aria-label={`${legend} entfernen`} title="Entfernen" onClick={() => entries.set(removeAt(entries.list, index))} />
            </div>
          </fieldset>
        );
      })}
      <Button icon="add" text={addLabel} onClick={() => entries.set([...entries.list, emptyTimePeriod()])} />
    </div>
  );
}
