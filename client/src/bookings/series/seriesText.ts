import type { BookingStatusLabel } from '../../../../common/bookings/labels';
import type { BookingSeriesDetailsFragment } from '../../gql/graphql';
import { formatCurrency, formatDayWithWeekday, formatTime } from '../../shared/format';

export type SeriesDate = BookingSeriesDetailsFragment['dates'][number];

/** What the board and the calendar say of a booking that belongs to a series. */
export const SERIES_MARK = 'Teil einer Serie';

/** The list's tag as screen readers and the tooltip name it: "Serie: wöchentlich dienstags, 4 Termine". */
export const seriesTagName = (description: string | null | undefined) => (description ? `Serie: ${description}` : 'Serie');

/** A date of the series in its row: "Di, 03.11.2027" and "18:00–20:00 Uhr" (Berlin); empty without times. */
export function seriesDateTexts(date: Pick<SeriesDate, 'timeBegin' | 'timeEnd'>): { day: string; time: string } {
  if (!date.timeBegin) return { day: '', time: '' };
  const end = date.timeEnd ? `–${formatTime(date.timeEnd)}` : '';
  return { day: formatDayWithWeekday(date.timeBegin), time: `${formatTime(date.timeBegin)}${end} Uhr` };
}

const STATUS_WORDS: ReadonlySet<string> = new Set<BookingStatusLabel>(['ausstehend', 'freigegeben', 'abgelehnt', 'storniert']);

/** The date's status word for the status tag; an unknown word of the server reads as waiting. */
export const seriesDateStatus = (date: Pick<SeriesDate, 'status'>): BookingStatusLabel => (STATUS_WORDS.has(date.status) ? (date.status as BookingStatusLabel) : 'ausstehend');

const isOpen = (date: Pick<SeriesDate, 'isRejected'>) => !date.isRejected;
const beginOf = (date: Pick<SeriesDate, 'timeBegin'>) => (date.timeBegin ? Date.parse(date.timeBegin) : Number.NEGATIVE_INFINITY);

/** The dates "Alle offenen Termine freigeben" releases: neither released nor rejected. */
export const pendingDates = (dates: readonly SeriesDate[]) => dates.filter((date) => isOpen(date) && !date.isCommitted);

/**
 * The dates "Diesen und alle folgenden Termine stornieren" cancels: the given one and every later
 * one not already rejected or cancelled.
 */
export function followingDates(dates: readonly SeriesDate[], bookingId: string): SeriesDate[] {
  const from = dates.find((date) => date.bookingId === bookingId);
  if (!from) return [];
  return dates.filter((date) => isOpen(date) && (date.bookingId === bookingId || beginOf(date) > beginOf(from)));
}

/** The dates "Ganze Serie stornieren" cancels: every one not already rejected or cancelled. */
export const openDates = (dates: readonly SeriesDate[]) => dates.filter(isOpen);

/** "1 Termin", "3 Termine". */
export const datesText = (count: number) => `${count} ${count === 1 ? 'Termin' : 'Termine'}`;

/**
 * What "Serie als bezahlt markieren" asks: how many dates, of which series and customer, for how
 * much in all (summed in cents), came by which way.
 */
export function seriesPaymentQuestion(description: string, customer: string, toPay: readonly Pick<SeriesDate, 'priceEur'>[]): string {
  const totalCents = toPay.reduce((sum, date) => sum + Math.round(date.priceEur * 100), 0);
  const dates = toPay.length === 1 ? 'den offenen Termin' : `die ${toPay.length} offenen Termine`;
  return `Die Zahlung über ${formatCurrency(totalCents / 100)} für ${dates} der Serie „${description}“ von ${customer || 'unbekannt'} ist eingegangen. Auf welchem Weg?`;
}
