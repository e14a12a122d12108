import { Button } from '@blueprintjs/core';
import { DateField } from '../../../shared/forms/DateField';
import { type ArrayField, useArrayField } from '../arrayField';
import { emptySpecialOpeningHour, isClosedAllDay, removeAt, type SpecialOpeningHourValues } from '../editorRules';
import { fieldId } from '../fields';
import { TimeFields } from './PeriodListEditor';

/** The date of a special opening hour, stored as YYYY-MM-DD, shown and typed as TT.MM.JJJJ. */
function SpecialDateField({ entries, index }: { entries: ArrayField<SpecialOpeningHourValues>; index: number }) {
  return (
    <DateField
      id={fieldId(`specialOpeningHours.${index}.date`)}
      label="Datum"
      value={entries.list[index]?.date ?? ''}
      onChange={(date) => entries.update(index, { date })}
      error={entries.errorAt(`${index}.date`)}
      className="bookable-date"
    />
  );
}

/** Special dates: date, start, end; equal or empty times close the whole day. */
export function SpecialOpeningHoursEditor() {
  const entries = useArrayField<SpecialOpeningHourValues>('specialOpeningHours');
  return (
    <div className="bookable-list">
      <p className="bp6-text-muted">Gleiche oder leere Zeiten bedeuten: ganztägig geschlossen. Einträge ohne Datum werden beim Speichern entfernt.</p>
      {entries.list.map((entry, index) => {
        const legend = `Besondere Öffnungszeit ${index + 1}`;
        return (
          <fieldset key={index} className="bookable-row">
            <legend>{legend}</legend>
            <div className="bookable-row-fields">
              <SpecialDateField entries={entries} index={index} />
              <TimeFields entries={entries} name="specialOpeningHours" index={index} />
              <Button className="bookable-row-remove" icon="trash" variant="minimal" intent="danger" aria-label={`${legend} entfernen`} title="Entfernen" onClick={() => entries.set(removeAt(entries.list, index))} />
            </div>
            {entry.date && isClosedAllDay(entry) && <div className="bp6-text-muted bookable-hint">Ganztägig geschlossen</div>}
          </fieldset>
        );
      })}
      <Button icon="add" text="Besondere Öffnungszeit hinzufügen" onClick={() => entries.set([...entries.list, emptySpecialOpeningHour()])} />
    </div>
  );
}
