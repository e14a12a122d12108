import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId } from 'react';
import { useField } from 'react-final-form';
import { seriesFrequencies, type SeriesFrequency, weekdayCodes } from '../../../../common/bookings/series';
import { Choice, GroupError } from '../../shared/forms/ChoiceControls';
import { helperLine, shownFieldError } from '../../shared/forms/fieldMessage';
import { frequencyLabels, intervalUnits, type SeriesEnd, type SeriesValues, seriesField, shownWeekdays, toggledWeekdays, weekdayLongLabels, weekdayShortLabels } from './seriesRequest';
import './seriesRule.css';

/** An emptied field stays '' (react-final-form would make it undefined), as the series values are text. */
const keepText = (value: string) => value;

/** A field's message: its own check after leaving it or a save attempt, the server's until changed. */
function useMessage(name: string) {
  const { meta } = useField(name, { subscription: { error: true, submitError: true, touched: true, modified: true, submitFailed: true, dirtySinceLastSubmit: true } });
  return shownFieldError(meta);
}

export interface SeriesRuleFieldsProps {
  /** The form's values under `series`. */
  values: SeriesValues;
  /** The first date's Berlin day ("YYYY-MM-DD"), once known: its weekday is ticked until others are. */
  firstDate: string | null;
  /** The start of the inputs' ids ("checkout-series", "series-change"), one per form. */
  idPrefix: string;
  /** What "requireAll" means where the rule is used ("Nur buchen, wenn alle Termine frei sind"). */
  requireAllLabel: string;
}

/**
 * A series' rule in a react-final-form form: Wiederholung, Abstand, Wochentage (weekly), Ende (a
 * number of dates or a day), holidays, all or nothing. The fields are named as the server names
 * them (`series.count`), so its messages land there; the booking page and the staff's change of a
 * series both use it.
 */
export function SeriesRuleFields({ values, firstDate, idPrefix, requireAllLabel }: SeriesRuleFieldsProps) {
  const frequency = useField<SeriesFrequency>(seriesField('frequency'));
  const interval = useField<string>(seriesField('interval'), { parse: keepText });
  const intervalError = useMessage(seriesField('interval'));
  const frequencyError = useMessage(seriesField('frequency'));
  return (
    <div className="series-rule-fields">
      <FormGroup label="Wiederholung" labelFor={`${idPrefix}-frequency`} helperText={helperLine(frequencyError)} intent={frequencyError ? 'danger' : 'none'}>
        <HTMLSelect
          id={`${idPrefix}-frequency`}
          value={frequency.input.value}
          onChange={(event) => frequency.input.onChange(event.currentTarget.value)}
          options={seriesFrequencies.map((value) => ({ value, label: frequencyLabels[value] }))}
          aria-invalid={frequencyError ? true : undefined}
          fill
        />
      </FormGroup>
      <FormGroup label="Abstand" labelFor={`${idPrefix}-interval`} labelInfo={`(jede n-te ${values.frequency === 'DAILY' ? 'Tag' : values.frequency === 'WEEKLY' ? 'Woche' : 'Monat'})`} helperText={helperLine(intervalError)} intent={intervalError ? 'danger' : 'none'}>
        <InputGroup
          {...interval.input}
          id={`${idPrefix}-interval`}
          type="number"
          min={1}
          inputMode="numeric"
          className="series-rule-number"
          rightElement={<span className="series-rule-unit">{intervalUnits[values.frequency]}</span>}
          intent={intervalError ? 'danger' : 'none'}
          aria-invalid={intervalError ? true : undefined}
        />
      </FormGroup>
      {values.frequency === 'WEEKLY' ? <WeekdayChoice values={values} firstDate={firstDate} /> : null}
      <EndChoice values={values} idPrefix={idPrefix} />
      <FlagChoice name="skipHolidays" label="Feiertage und Schulferien auslassen" idPrefix={idPrefix} />
      <FlagChoice name="requireAll" label={requireAllLabel} idPrefix={idPrefix} />
    </div>
  );
}

/** "Wochentage": Mo–So, the first date's weekday ticked until others are chosen. */
function WeekdayChoice({ values, firstDate }: { values: SeriesValues; firstDate: string | null }) {
  const { input } = useField<string[]>(seriesField('weekdays'));
  const error = useMessage(seriesField('weekdays'));
  const labelId = useId();
  const errorId = useId();
  const shown = shownWeekdays(values, firstDate);
  return (
    <div className="bp6-form-group">
      <span id={labelId} className="bp6-label">
        Wochentage
      </span>
      <div role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} className="series-rule-weekdays">
        {weekdayCodes.map((code) => (
          <Choice
            key={code}
            type="checkbox"
            checked={shown.includes(code)}
            onChange={(event) => input.onChange(toggledWeekdays(values, firstDate, code, event.currentTarget.checked))}
            aria-label={weekdayLongLabels[code]}
            aria-invalid={error ? true : undefined}
            label={weekdayShortLabels[code]}
          />
        ))}
      </div>
      <GroupError id={errorId} message={error} />
    </div>
  );
}

/** "Ende": on a date ("bis") or after a number of dates ("Anzahl Termine"). */
function EndChoice({ values, idPrefix }: { values: SeriesValues; idPrefix: string }) {
  const end = useField<SeriesEnd>('series.end');
  const until = useField<string>(seriesField('until'), { parse: keepText });
  const count = useField<string>(seriesField('count'), { parse: keepText });
  const untilError = useMessage(seriesField('until'));
  const countError = useMessage(seriesField('count'));
  const labelId = useId();
  return (
    <div className="bp6-form-group">
      <div role="radiogroup" aria-labelledby={labelId}>
        <span id={labelId} className="bp6-label">
          Ende
        </span>
        <Choice type="radio" name={`${idPrefix}-end`} value="count" checked={values.end === 'count'} onChange={() => end.input.onChange('count')} label="nach einer Anzahl Termine" />
        <Choice type="radio" name={`${idPrefix}-end`} value="until" checked={values.end === 'until'} onChange={() => end.input.onChange('until')} label="an einem Datum" />
      </div>
      {values.end === 'count' ? (
        <FormGroup label="Anzahl Termine" labelFor={`${idPrefix}-count`} helperText={helperLine(countError)} intent={countError ? 'danger' : 'none'}>
          <InputGroup {...count.input} id={`${idPrefix}-count`} type="number" min={1} inputMode="numeric" className="series-rule-number" intent={countError ? 'danger' : 'none'} aria-invalid={countError ? true : undefined} />
        </FormGroup>
      ) : (
        <FormGroup label="bis" labelFor={`${idPrefix}-until`} helperText={helperLine(untilError)} intent={untilError ? 'danger' : 'none'}>
          <InputGroup {...until.input} id={`${idPrefix}-until`} type="date" intent={untilError ? 'danger' : 'none'} aria-invalid={untilError ? true : undefined} />
        </FormGroup>
      )}
    </div>
  );
}

function FlagChoice({ name, label, idPrefix }: { name: 'skipHolidays' | 'requireAll'; label: string; idPrefix: string }) {
  const { input } = useField<boolean>(seriesField(name), { type: 'checkbox' });
  const error = useMessage(seriesField(name));
  const errorId = useId();
  return (
    <div>
      <Choice
        type="checkbox"
        id={`${idPrefix}-${name}`}
        checked={Boolean(input.checked)}
        onChange={(event) => input.onChange(event.currentTarget.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        label={label}
      />
      <GroupError id={errorId} message={error} />
    </div>
  );
}
