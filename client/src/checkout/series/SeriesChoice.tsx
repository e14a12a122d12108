import { Button, H3, H4, Switch } from '@blueprintjs/core';
import { useField, useForm } from 'react-final-form';
import { SeriesRuleFields } from '../../bookings/series/SeriesRuleFields';
import { type SeriesValues, seriesDateState, seriesField, seriesSummary, toggledExclusion } from '../../bookings/series/seriesRequest';
import type { CheckoutOutcomeFragment } from '../../gql/graphql';
import { formatCurrency, formatDayWithWeekday, formatPeriod } from '../../shared/format';

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
          <SeriesRuleFields values={values} firstDate={firstDate} idPrefix="checkout-series" requireAllLabel="Nur buchen, wenn alle Termine frei sind" />
          <SeriesDates values={values} preview={preview} loading={loading} />
        </>
      ) : null}
    </section>
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
