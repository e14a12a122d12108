import { Button, FormGroup } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import { de } from 'date-fns/locale';
import { helperLine } from '../../../shared/forms/fieldMessage';
import { type ArrayField, useArrayField } from '../arrayField';
import { emptySpecialOpeningHour, isClosedAllDay, removeAt, type SpecialOpeningHourValues } from '../editorRules';
import { fieldId } from '../fields';
import { TimeFields } from './PeriodListEditor';

const pad = (value: number) => String(value).padStart(2, '0');
const formatDate = (date: Date) => `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;

function parseDate(text: string): Date | false {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(text);
  if (!match) return false;
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getDate() === day && date.getMonth() === month - 1 ? date : false;
}

/** The date of a special opening hour, stored as YYYY-MM-DD, shown and typed as TT.MM.JJJJ. */
function DateField({ entries, index }: { entries: ArrayField<SpecialOpeningHourValues>; index: number }) {
  const value = entries.list[index]?.date ?? '';
  const error = entries.errorAt(`${index}.date`);
  const id = fieldId(`specialOpeningHours.${index}.date`);
  return (
    <FormGroup label="Datum" labelFor={id} helperText={helperLine(error)} intent={error ? 'danger' : 'none'} className="bookable-date">
      <DateInput
        value={value || null}
        // Without a time precision the picker answers with the plain date (YYYY-MM-DD).
        onChange={(next) => entries.update(index, { date: next ? next.slice(0, 10) : '' })}
        formatDate={formatDate}
        parseDate={parseDate}
        placeholder="TT.MM.JJJJ"
        locale={de}
        showActionsBar
        todayButtonText="Heute"
        clearButtonText="Leeren"
        invalidDateMessage="Ungültiges Datum"
        outOfRangeMessage="Datum außerhalb des Bereichs"
        maxDate={new Date(2100, 11, 31)}
        // Enter confirms the typed date; it must not also submit the whole editor form.
        inputProps={{ id, intent: error ? 'danger' : 'none', 'aria-invalid': error ? true : undefined, onKeyDown: (event) => event.key === 'Enter' && event.preventDefault() }}
        popoverProps={{ placement: 'bottom-start' }}
      />
    </FormGroup>
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
              <DateField entries={entries} index={index} />
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
