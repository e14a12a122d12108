import { Button, FormGroup, H3, H4, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { useId } from 'react';
import { useField, useForm } from 'react-final-form';
import { seriesFrequencies, type SeriesFrequency, weekdayCodes } from '../../../../common/bookings/series';
import type { CheckoutOutcomeFragment } from '../../gql/graphql';
import { helperLine, shownFieldError } from '../../shared/forms/fieldMessage';
import { formatCurrency, formatDayWithWeekday, formatPeriod } from '../../shared/format';
import { Choice, GroupError } from '../CheckoutSections';
import {
  frequencyLabels,
  intervalUnits,
  type SeriesEnd,
  type SeriesValues,
  seriesDateState,
  seriesField,
  seriesSummary,
  shownWeekdays,
  toggledExclusion,
  toggledWeekdays,
  weekdayLongLabels,
  weekdayShortLabels,
} from './seriesRequest';

type SeriesOutcome = NonNullable<CheckoutOutcomeFragment['series']>;

export interface SeriesChoiceProps {
  values: SeriesValues;
  /** The first date's Berlin day ("YYYY-MM-DD"), once a time is chosen. */
  firstDate: string | null;
  /** The preview's answer for the series; null before the first or while something is wrong. */
  preview: SeriesOutcome | null;
  loading: boolean;
  /** The tenant's invoice payment app, chosen when the series is switched on (a series is paid by invoice). */
  invoiceAppId: string | null;
}

/** An emptied field stays '' (react-final-form would make it undefined), as the series values are text. */
const keepText = (value: string) => value;

/** A field's message: its own check after leaving it or a save attempt, the server's until changed. */
function useMessage(name: string) {
  const { meta } = useField(name, { subscription: { error: true, submitError: true, touched: true, modified: true, submitFailed: true, dirtySinceLastSubmit: true } });
  return shownFieldError(meta);
}

/**
 * "Regelmäßig buchen": the switch, and when on the rule (Wiederholung, Abstand, Wochentage, Ende,
 * holidays, all or nothing) and the preview's dates, each free or with its reason and a button to
 * leave it out. The fields are named as the server names them (`series.count`).
 */
export function SeriesChoice({ values, firstDate, preview, loading, invoiceAppId }: SeriesChoiceProps) {
  const form = useForm();
  const on = useField<boolean>('series.on', { type: 'checkbox' });
  return (
    <section className="checkout-section checkout-series" aria-labelledby="checkout-series-heading">
      <H3 id="checkout-series-heading">Regelmäßige Buchung</H3>
      <Switch
        id="checkout-series-on"
        label="Regelmäßig buchen"
        checked={Boolean(on.input.checked)}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          on.input.onChange(checked);
          // A series is paid by invoice: choose it for the customer rather than refuse another choice.
          if (checked && invoiceAppId) form.change('paymentProvider', invoiceAppId);
        }}
      />
      {values.on ? (
        <>
          <p className="bp6-text-muted">Der gewählte Zeitraum ist der erste Termin; jeder weitere Termin hat dieselbe Uhrzeit. Eine Serie mit Kosten wird per Rechnung bezahlt.</p>
          <SeriesRuleFields values={values} firstDate={firstDate} />
          <SeriesDates values={values} preview={preview} loading={loading} />
        </>
      ) : null}
    </section>
  );
}

function SeriesRuleFields({ values, firstDate }: { values: SeriesValues; firstDate: string | null }) {
  const frequency = useField<SeriesFrequency>(seriesField('frequency'));
  const interval = useField<string>(seriesField('interval'), { parse: keepText });
  const intervalError = useMessage(seriesField('interval'));
  const frequencyError = useMessage(seriesField('frequency'));
  return (
    <div className="checkout-series-fields">
      <FormGroup label="Wiederholung" labelFor="checkout-series-frequency" helperText={helperLine(frequencyError)} intent={frequencyError ? 'danger' : 'none'}>
        <HTMLSelect
          id="checkout-series-frequency"
          value={frequency.input.value}
          onChange={(event) => frequency.input.onChange(event.currentTarget.value)}
          options={seriesFrequencies.map((value) => ({ value, label: frequencyLabels[value] }))}
          aria-invalid={frequencyError ? true : undefined}
          fill
        />
      </FormGroup>
      <FormGroup label="Abstand" labelFor="checkout-series-interval" labelInfo={`(jede n-te ${values.frequency === 'DAILY' ? 'Tag' : values.frequency === 'WEEKLY' ? 'Woche' : 'Monat'})`} helperText={helperLine(intervalError)} intent={intervalError ? 'danger' : 'none'}>
        <InputGroup
          {...interval.input}
          id="checkout-series-interval"
          type="number"
          min={1}
          inputMode="numeric"
          className="checkout-amount"
          rightElement={<span className="checkout-series-unit">{intervalUnits[values.frequency]}</span>}
          intent={intervalError ? 'danger' : 'none'}
          aria-invalid={intervalError ? true : undefined}
        />
      </FormGroup>
      {values.frequency === 'WEEKLY' ? <WeekdayChoice values={values} firstDate={firstDate} /> : null}
      <EndChoice values={values} />
      <FlagChoice name="skipHolidays" label="Feiertage und Schulferien auslassen" />
      <FlagChoice name="requireAll" label="Nur buchen, wenn alle Termine frei sind" />
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
      <div role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} className="checkout-series-weekdays">
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
function EndChoice({ values }: { values: SeriesValues }) {
  const end = useField<SeriesEnd>('series.end');
  const until = useField<string>(seriesField('until'), { parse: keepText });
  const count = useField<string>(seriesField('count'), { parse: keepText });
  const untilError = useMessage(seriesField('until'));
  const countError = useMessage(seriesField('count'));
  const labelId = useId();
  return (
    <div className="bp6-form-group checkout-series-end">
      <div role="radiogroup" aria-labelledby={labelId}>
        <span id={labelId} className="bp6-label">
          Ende
        </span>
        <Choice type="radio" name="checkout-series-end" value="count" checked={values.end === 'count'} onChange={() => end.input.onChange('count')} label="nach einer Anzahl Termine" />
        <Choice type="radio" name="checkout-series-end" value="until" checked={values.end === 'until'} onChange={() => end.input.onChange('until')} label="an einem Datum" />
      </div>
      {values.end === 'count' ? (
        <FormGroup label="Anzahl Termine" labelFor="checkout-series-count" helperText={helperLine(countError)} intent={countError ? 'danger' : 'none'}>
          <InputGroup {...count.input} id="checkout-series-count" type="number" min={1} inputMode="numeric" className="checkout-amount" intent={countError ? 'danger' : 'none'} aria-invalid={countError ? true : undefined} />
        </FormGroup>
      ) : (
        <FormGroup label="bis" labelFor="checkout-series-until" helperText={helperLine(untilError)} intent={untilError ? 'danger' : 'none'}>
          <InputGroup {...until.input} id="checkout-series-until" type="date" intent={untilError ? 'danger' : 'none'} aria-invalid={untilError ? true : undefined} />
        </FormGroup>
      )}
    </div>
  );
}

function FlagChoice({ name, label }: { name: 'skipHolidays' | 'requireAll'; label: string }) {
  const { input } = useField<boolean>(seriesField(name), { type: 'checkbox' });
  const error = useMessage(seriesField(name));
  const errorId = useId();
  return (
    <div className="checkout-series-flag">
      <Choice
        type="checkbox"
        id={`checkout-series-${name}`}
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

/** "Termine": every date of the preview with its state and a button to leave it out; the dates left out, to take back. */
function SeriesDates({ values, preview, loading }: { values: SeriesValues; preview: SeriesOutcome | null; loading: boolean }) {
  const excluded = useField<string[]>(seriesField('excludeDates'));
  const toggle = (date: string, out: boolean) => excluded.input.onChange(toggledExclusion(values, date, out));
  return (
    <div className="checkout-series-dates" aria-busy={loading}>
      <H4 id="checkout-series-dates-heading">Termine</H4>
      {preview ? (
        <>
          <p className="checkout-series-summary" role="status" data-testid="series-summary">
            {seriesSummary(preview, formatCurrency)}
          </p>
          <ul className="checkout-series-list" aria-labelledby="checkout-series-dates-heading">
            {preview.dates.map((date) => {
              const state = seriesDateState(date);
              return (
                <li key={date.date} className={date.available ? 'checkout-series-date' : 'checkout-series-date checkout-series-date-taken'} data-testid="series-date">
                  <span className="checkout-series-when">{formatPeriod(date.timeBegin, date.timeEnd)}</span>
                  <span className={date.available ? 'checkout-series-state' : 'checkout-series-state checkout-series-state-refused'}>{state}</span>
                  <Button size="small" variant="minimal" icon="cross" text="Auslassen" aria-label={`${formatDayWithWeekday(date.timeBegin)} auslassen`} onClick={() => toggle(date.date, true)} />
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className="bp6-text-muted">{loading ? 'Termine werden geprüft...' : 'Wählen Sie den ersten Termin und das Ende der Serie, um die Termine zu sehen.'}</p>
      )}
      {values.excludeDates.length > 0 ? (
        <div className="checkout-series-excluded">
          <span>Ausgelassen:</span>
          {values.excludeDates.map((date) => (
            <Button key={date} size="small" variant="outlined" icon="undo" text={formatDayWithWeekday(`${date}T12:00:00Z`)} aria-label={`${formatDayWithWeekday(`${date}T12:00:00Z`)} wieder aufnehmen`} onClick={() => toggle(date, false)} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
