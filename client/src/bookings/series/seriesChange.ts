import { seriesChangeSchema, weekdayCodes, type WeekdayCode } from '../../../../common/bookings/series';
import { berlinInstant, berlinParts, parseDate, parseTime } from '../../../../common/time/berlin';
import type { BookingSeriesChangeInput, BookingSeriesDetailsFragment, ChangeStaffBookingSeriesMutation } from '../../gql/graphql';
import { formatDayWithWeekday } from '../../shared/format';
import { berlinDateOf, initialSeriesValues, type SeriesValues, seriesDateState, seriesRequest, weekdayOf } from './seriesRequest';

/**
 * "Ab diesem Termin ändern": the dialog's values, the change they ask for, and what the answer
 * says. Checked with the server's own seriesChangeSchema (the rule through seriesRequest), so the
 * dialog names what is wrong in the server's words at the field it concerns. Pure.
 */

type SeriesDetails = Pick<BookingSeriesDetailsFragment, 'rule' | 'dates'>;
type SeriesDate = BookingSeriesDetailsFragment['dates'][number];
export type SeriesChangeAnswer = ChangeStaffBookingSeriesMutation['changeBookingSeries'];

export interface SeriesChangeValues {
  /** The first changed date's Berlin day, "YYYY-MM-DD". */
  day: string;
  /** Its begin and end, 24-hour "HH:MM" Berlin time. */
  from: string;
  to: string;
  /** The rule from the first changed date on, as the booking page's series fields hold it. */
  series: SeriesValues;
  /** "Hinweis an die buchende Person". */
  reason: string;
}

/** The dialog's own fields beside the rule's (`series.count`, …). */
export type SeriesChangeField = 'day' | 'from' | 'to' | 'reason';

/**
 * The dialog's start: the shown date's day and times, the series' rule; a count is the number of
 * dates still open from the shown one on (the rule counts from the first changed date). The shown
 * weekday alone is left to follow the day, so choosing another day moves the weekday with it.
 */
export function initialChangeValues(series: SeriesDetails, from: Pick<SeriesDate, 'timeBegin' | 'timeEnd'>, remaining: number): SeriesChangeValues {
  const day = from.timeBegin ? berlinDateOf(from.timeBegin) : '';
  const times = (instant: string | null | undefined) => (instant ? berlinParts(new Date(instant)).time : '');
  const weekdays = series.rule.weekdays.filter((code): code is WeekdayCode => (weekdayCodes as readonly string[]).includes(code));
  const followsDay = day !== '' && weekdays.length === 1 && weekdays[0] === weekdayOf(day);
  return {
    day,
    from: times(from.timeBegin),
    to: times(from.timeEnd),
    series: {
      ...initialSeriesValues(),
      on: true,
      frequency: series.rule.frequency,
      interval: String(series.rule.interval),
      weekdays: followsDay ? [] : weekdays,
      end: series.rule.until ? 'until' : 'count',
      until: series.rule.until ?? '',
      count: series.rule.until ? '' : String(Math.max(1, remaining)),
      skipHolidays: series.rule.skipHolidays,
    },
    reason: '',
  };
}

export interface SeriesChangeRequest {
  /** The mutation's input; null while a field is wrong. */
  input: BookingSeriesChangeInput | null;
  /** Messages by the form's field name (`day`, `series.count`, …). */
  problems: Record<string, string>;
}

/** The first changed date's window, or null while the day or a time is missing or the end is not after the begin. */
function windowOf(values: Pick<SeriesChangeValues, 'day' | 'from' | 'to'>): { begin: string; end: string } | null {
  const day = (values.day ?? '').trim();
  const from = (values.from ?? '').trim();
  const to = (values.to ?? '').trim();
  if (!parseDate(day) || parseTime(from) === null || parseTime(to) === null) return null;
  const begin = berlinInstant(day, from);
  const end = berlinInstant(day, to);
  return end > begin ? { begin: begin.toISOString(), end: end.toISOString() } : null;
}

/** The field a wrong window is told at: the first of day, begin and end that is wrong. */
function windowField(values: Pick<SeriesChangeValues, 'day' | 'from' | 'to'>): SeriesChangeField {
  if (!parseDate((values.day ?? '').trim())) return 'day';
  return parseTime((values.from ?? '').trim()) === null ? 'from' : 'to';
}

/**
 * The change from the dialog's values: the rule checked as the booking page checks it (with the
 * dates it yields from the new window), the rest through seriesChangeSchema, each message at the
 * field it concerns.
 */
export function seriesChangeRequest(values: SeriesChangeValues, fromBookingId: string): SeriesChangeRequest {
  const window = windowOf(values);
  const rule = seriesRequest(values.series, window);
  const parsed = seriesChangeSchema.safeParse({ fromBookingId, timeBegin: window?.begin ?? null, timeEnd: window?.end ?? null, series: rule.input ?? {}, reason: values.reason ?? '' });
  const problems: Record<string, string> = { ...rule.problems };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const top = String(issue.path[0] ?? '');
      // The rule's own messages come from seriesRequest, at the field the user chose.
      if (top === 'series') continue;
      const field = top === 'reason' ? 'reason' : top === 'timeBegin' || top === 'timeEnd' ? windowField(values) : 'day';
      problems[field] ??= issue.message;
    }
  }
  if (!parsed.success || !rule.input || !window || Object.keys(problems).length > 0) return { input: null, problems };
  return { input: { fromBookingId, timeBegin: window.begin, timeEnd: window.end, series: rule.input, reason: parsed.data.reason }, problems: {} };
}

/**
 * The server's names of the change's messages as the dialog's: the first window's (and the date it
 * starts from) at the day; the rule's stay at their fields.
 */
export const seriesChangeFieldAliases: Record<string, string> = { timeBegin: 'day', timeEnd: 'to', fromBookingId: 'day' };

/** The dates a change with "nur ändern, wenn alle frei sind" could not book, from the refusal's field messages (`series.dates.{date}`). */
export function refusedDates(fieldErrors: Record<string, unknown>): { date: string; text: string }[] {
  return Object.entries(fieldErrors)
    .filter(([field]) => field.startsWith('series.dates.'))
    .map(([field, text]) => ({ date: field.slice('series.dates.'.length), text: typeof text === 'string' ? text : '' }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The refusal at "nur ändern, wenn alle frei sind": "Nicht frei: Do, 25.11.2027 (belegt: …)". */
export function refusedDatesText(dates: readonly { date: string; text: string }[]): string {
  const days = dates.map(({ date, text }) => {
    const day = formatDayWithWeekday(`${date}T12:00:00Z`);
    return text ? `${day} (${seriesDateState({ date, available: false, reason: 'taken', reasonText: text })})` : day;
  });
  return `Nicht alle Termine sind frei, es wurde nichts geändert. Nicht frei: ${days.join('; ')}`;
}

/** One date of the new rule in the preview. */
export interface PreviewDate {
  date: string;
  timeBegin: string;
  timeEnd: string;
  /** "bleibt", "frei", or the reason ("belegt: …"). */
  state: string;
  outcome: 'kept' | 'booked' | 'refused';
}

export interface ChangePreview {
  dates: PreviewDate[];
  /** The dates the change cancels, from the series as it is now. */
  cancelled: SeriesDate[];
  kept: number;
  booked: number;
  refused: number;
}

/**
 * What a simulated change says, for the dialog: each date of the new rule as staying (an open date
 * of the series at the same times), newly booked or refused with its reason, and the series' dates
 * it cancels.
 */
export function changePreview(answer: Pick<SeriesChangeAnswer, 'dates' | 'cancelledBookingIds'>, series: Pick<SeriesDetails, 'dates'>): ChangePreview {
  const open = new Set(series.dates.filter((date) => !date.isRejected).map((date) => date.bookingId));
  const cancelledIds = new Set(answer.cancelledBookingIds);
  const dates = answer.dates.dates.map((date): PreviewDate => {
    const outcome = !date.available ? 'refused' : date.bookingId && open.has(date.bookingId) && !cancelledIds.has(date.bookingId) ? 'kept' : 'booked';
    const state = outcome === 'kept' ? 'bleibt' : seriesDateState(date);
    return { date: date.date, timeBegin: date.timeBegin, timeEnd: date.timeEnd, state, outcome };
  });
  const count = (outcome: PreviewDate['outcome']) => dates.filter((date) => date.outcome === outcome).length;
  return { dates, cancelled: series.dates.filter((date) => cancelledIds.has(date.bookingId)), kept: count('kept'), booked: count('booked'), refused: count('refused') };
}

/** "2 neue Termine frei, 1 nicht frei, 1 bleibt; 3 Termine werden storniert." */
export function changeSummary(preview: Pick<ChangePreview, 'kept' | 'booked' | 'refused' | 'cancelled'>): string {
  const dates = (count: number) => `${count} ${count === 1 ? 'Termin' : 'Termine'}`;
  const parts = [`${dates(preview.booked)} neu frei`];
  if (preview.refused > 0) parts.push(`${preview.refused} nicht frei`);
  if (preview.kept > 0) parts.push(`${preview.kept} ${preview.kept === 1 ? 'bleibt' : 'bleiben'}`);
  const cancelled = preview.cancelled.length === 0 ? 'kein Termin wird storniert' : `${dates(preview.cancelled.length)} ${preview.cancelled.length === 1 ? 'wird' : 'werden'} storniert`;
  return `${parts.join(', ')}; ${cancelled}.`;
}
