import type { SeriesInput } from '../../gql/graphql';
import { seriesMessages, seriesOccurrences, seriesReasonLabels, seriesSchema, type SeriesDateReason, type SeriesFrequency, weekdayCodes, type WeekdayCode } from '../../../../common/bookings/series';
import { berlinParts } from '../../../../common/time/berlin';

/**
 * A series' rule in a form: the form's series values, the `series` input they make, and their
 * messages; used by the booking page ("Regelmäßig buchen") and the staff's change of a series.
 * Checked with the server's own seriesSchema and expansion, so the form says what the server would,
 * in the same words. Pure.
 */

/** How the series ends: on a date or after a number of dates. */
export type SeriesEnd = 'until' | 'count';

export interface SeriesValues {
  /** The switch "Regelmäßig buchen". */
  on: boolean;
  frequency: SeriesFrequency;
  /** "Abstand" as typed: every n-th day, week or month. */
  interval: string;
  /** A weekly series' days as ticked; empty shows and books the first date's weekday. */
  weekdays: WeekdayCode[];
  end: SeriesEnd;
  /** "YYYY-MM-DD" from the date input. */
  until: string;
  count: string;
  skipHolidays: boolean;
  requireAll: boolean;
  /** Dates the customer left out of the preview ("YYYY-MM-DD"). */
  excludeDates: string[];
}

/** The form's series fields, keyed as the server names them (`series.until`), so its messages land there too. */
export const seriesFieldNames = ['frequency', 'interval', 'weekdays', 'until', 'count', 'skipHolidays', 'requireAll', 'excludeDates'] as const;
export type SeriesFieldName = (typeof seriesFieldNames)[number];
export const seriesField = (name: SeriesFieldName) => `series.${name}`;

export const initialSeriesValues = (): SeriesValues => ({
  on: false,
  frequency: 'WEEKLY',
  interval: '1',
  weekdays: [],
  end: 'count',
  until: '',
  count: '5',
  skipHolidays: false,
  requireAll: false,
  excludeDates: [],
});

export const frequencyLabels: Record<SeriesFrequency, string> = { DAILY: 'täglich', WEEKLY: 'wöchentlich', MONTHLY: 'monatlich' };
/** The unit "jede n-te …" counts in. */
export const intervalUnits: Record<SeriesFrequency, string> = { DAILY: 'Tag(e)', WEEKLY: 'Woche(n)', MONTHLY: 'Monat(e)' };
export const weekdayShortLabels: Record<WeekdayCode, string> = { MO: 'Mo', TU: 'Di', WE: 'Mi', TH: 'Do', FR: 'Fr', SA: 'Sa', SU: 'So' };
export const weekdayLongLabels: Record<WeekdayCode, string> = { MO: 'Montag', TU: 'Dienstag', WE: 'Mittwoch', TH: 'Donnerstag', FR: 'Freitag', SA: 'Samstag', SU: 'Sonntag' };

/** The Berlin calendar day of an instant ("YYYY-MM-DD"). */
export const berlinDateOf = (instant: string | Date): string => berlinParts(new Date(instant)).date;

/** The weekday code of a Berlin calendar day. */
export function weekdayOf(date: string): WeekdayCode {
  const [year, month, day] = date.split('-').map(Number);
  // getUTCDay is 0 for Sunday; the codes start with Monday.
  return weekdayCodes[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7];
}

/** The weekdays the checkboxes show ticked: those chosen, else the first date's (the server's default). */
export function shownWeekdays(values: Pick<SeriesValues, 'weekdays'>, firstDate: string | null): WeekdayCode[] {
  if (values.weekdays.length > 0) return values.weekdays;
  return firstDate ? [weekdayOf(firstDate)] : [];
}

/** The weekdays after ticking or unticking one, in the week's order. */
export function toggledWeekdays(values: Pick<SeriesValues, 'weekdays'>, firstDate: string | null, code: WeekdayCode, checked: boolean): WeekdayCode[] {
  const current = shownWeekdays(values, firstDate);
  const next = checked ? [...current, code] : current.filter((day) => day !== code);
  return weekdayCodes.filter((day) => next.includes(day));
}

/** The dates left out after leaving one out or taking it back. */
export function toggledExclusion(values: Pick<SeriesValues, 'excludeDates'>, date: string, excluded: boolean): string[] {
  const rest = values.excludeDates.filter((day) => day !== date);
  return excluded ? [...rest, date].sort() : rest;
}

export interface SeriesRequest {
  /** The checkout's `series`; null while a field is wrong. */
  input: SeriesInput | null;
  /** Messages by the form's field name (`series.count`, or `period` for the first window). */
  problems: Record<string, string>;
}

/**
 * The checkout's `series` from the form's values and the first window, or the messages of what is
 * wrong: the schema's per field, then the expansion's (end before the first date, too many dates,
 * overlapping dates). A missing end is told at the end field the customer chose.
 */
export function seriesRequest(values: SeriesValues, period: { begin: string; end: string } | null): SeriesRequest {
  const firstDate = period ? berlinDateOf(period.begin) : null;
  // A form library may hand an emptied field over as undefined.
  const text = (value: string | undefined) => (value ?? '').trim();
  const raw = {
    frequency: values.frequency,
    interval: text(values.interval),
    weekdays: values.frequency === 'WEEKLY' ? shownWeekdays(values, firstDate) : [],
    until: values.end === 'until' ? text(values.until) : null,
    count: values.end === 'count' ? text(values.count) : null,
    skipHolidays: values.skipHolidays,
    excludeDates: values.excludeDates,
    requireAll: values.requireAll,
  };
  const problems: Record<string, string> = {};
  const parsed = seriesSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.message === seriesMessages.endMissing ? values.end : String(issue.path[0] ?? 'frequency');
      problems[seriesField(name as SeriesFieldName)] ??= issue.message;
    }
    return { input: null, problems };
  }
  const rule = parsed.data;
  if (period) {
    const expanded = seriesOccurrences(rule, { begin: new Date(period.begin), end: new Date(period.end) });
    if ('problem' in expanded) {
      const { field, message } = expanded.problem;
      problems[field === 'timeBegin' ? 'period' : seriesField(field as SeriesFieldName)] = message;
      return { input: null, problems };
    }
  }
  return {
    input: {
      frequency: rule.frequency,
      interval: rule.interval,
      weekdays: rule.weekdays,
      until: rule.until,
      count: rule.count,
      skipHolidays: rule.skipHolidays,
      excludeDates: rule.excludeDates,
      requireAll: rule.requireAll,
    },
    problems,
  };
}

/** One date of the server's series answer, as the page needs it. */
export interface SeriesDateShown {
  date: string;
  available: boolean;
  reason?: string | null;
  reasonText?: string | null;
}

/** A date's state in the list: "frei", or the reason with its text ("belegt: Turnhalle …"). */
export function seriesDateState(date: SeriesDateShown): string {
  if (date.available) return 'frei';
  const label = date.reason && date.reason in seriesReasonLabels ? seriesReasonLabels[date.reason as SeriesDateReason] : 'nicht buchbar';
  if (!date.reasonText) return label;
  // A holiday's text is its name; the rule's texts say what happened in their own words.
  return date.reasonText.toLowerCase().startsWith(label.toLowerCase()) ? date.reasonText : `${label}: ${date.reasonText}`;
}

/** "4 von 5 Terminen frei – Gesamtpreis 119,00 €" (without a price when nothing is to pay). */
export function seriesSummary(series: { availableCount: number; dates: readonly unknown[]; priceEur: number }, formatCurrency: (amount: number) => string): string {
  const total = series.dates.length;
  const free = `${series.availableCount} von ${total} ${total === 1 ? 'Termin' : 'Terminen'} frei`;
  return series.priceEur > 0 ? `${free} – Gesamtpreis ${formatCurrency(series.priceEur)}` : free;
}

/** The payment apps a series may use: only the invoice (a club pays its season by transfer). */
export function seriesPaymentApps<App extends { id: string }>(apps: readonly App[]): App[] {
  return apps.filter((app) => app.id === 'invoice');
}

/**
 * The server's names of series messages as the form's: the rule's fields stay where they are; the
 * dates a required-all series could not book (`series.dates.{date}`) speak at "Nur buchen, wenn alle
 * Termine frei sind".
 */
export function seriesServerFieldNames(serverFields: readonly string[]): Record<string, string> {
  return Object.fromEntries(serverFields.filter((field) => field.startsWith('series.dates.')).map((field) => [field, seriesField('requireAll')]));
}
