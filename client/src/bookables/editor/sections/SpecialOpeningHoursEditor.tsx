import { Button, FormGroup } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import { de } from 'date-fns/locale';
import { useField, useForm } from 'react-final-form';
import { emptySpecialOpeningHour, removeAt, type SpecialOpeningHourValues } from '../editorRules';
import { fieldError, fieldId } from '../fields';
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
function DateField({ name }: { name: string }) {
  const { input, meta } = useField<string>(name);
  const error = fieldError(meta);
  const id = fieldId(name);
  return (
    <FormGroup label="Datum" labelFor={id} helperText={error} intent={error ? 'danger' : 'none'} className="bookable-date">
      <DateInput
        value={input.value || null}
        // Without a time precision the picker answers with the plain date (YYYY-MM-DD).
        onChange={(value) => input.onChange(value ? value.slice(0, 10) : '')}
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
        inputProps={{ id, intent: error ? 'danger' : 'none' }}
        popoverProps={{ placement: 'bottom-start' }}
      />
    </FormGroup>
  );
}

/** Special dates: date, start, end; equal or empty times close the whole day. */
export function SpecialOpeningHoursEditor() {
  const form = useForm();
  const { input } = useField<SpecialOpeningHourValues[]>('specialOpeningHours', { subscription: { value: true } });
  const list = input.value || [];
  return (
    <div className="bookable-list">
      <p className="bp6-text-muted">Gleiche oder leere Zeiten bedeuten: ganztägig geschlossen. Einträge ohne Datum werden beim Speichern entfernt.</p>
      {list.map((_, index) => {
        const legend = `Besondere Öffnungszeit ${index + 1}`;
        return (
          <fieldset key={index} className="bookable-row">
            <legend>{legend}</legend>
            <div className="bookable-row-fields">
              <DateField name={`specialOpeningHours[${index}].date`} />
              <TimeFields prefix={`specialOpeningHours[${index}]`} />
              <Button
                className="bookable-row-remove"
                icon="trash"
                variant="minimal"
                intent="danger"
                aria-label={`${legend} entfernen`}
                title="Entfernen"
                onClick={() => form.change('specialOpeningHours', removeAt(list, index))}
              />
            </div>
          </fieldset>
        );
      })}
      <Button icon="add" text="Besondere Öffnungszeit hinzufügen" onClick={() => form.change('specialOpeningHours', [...list, emptySpecialOpeningHour()])} />
    </div>
  );
}
