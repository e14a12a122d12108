/**
 * Whether a bookable may be booked for a time window and the
 * availability calendar built from that check (docs/bookings.md, “Checkout rules”). Pure: the caller
 * loads the records and the occupancies; the client may run the same rules for a preview.
 *
 * Where the original product was wrong, the intent wins: the item is not its own child; intervals
 * that only touch do not overlap; a bookable with amount N holds overlapping bookings up to N units
 * at any moment; rejected bookings never count. Event seats need the event and are checked by the caller.
 */
import type { BookableData, BookableRecord } from '../bookable.model.js';
import { addBerlinMonths, addDays, berlinInstant, berlinParts, berlinToday, daysBetween, endOfBerlinDay, parseDate, parseTime, startOfBerlinDay } from '../../../../common/time/berlin.js';
import { openingHoursConflict } from './opening-hours.js';

/** One booked item of an existing booking. */
export interface Occupancy {
  bookableId: string;
  amount: number;
  timeBegin: Date | null;
  timeEnd: Date | null;
  rejected: boolean;
}

export interface BookingCheckInput {
  item: BookableRecord;
  /** Units requested (a positive integer). */
  amount: number;
  begin: Date | null;
  end: Date | null;
  /** Bookables listing the item in relatedBookableIds, transitively: nearest first. */
  parents: BookableRecord[];
  /** The item's dependent objects, transitively (the item itself is ignored if present). */
  descendants: BookableRecord[];
  viewerUserId: string | null;
  /** The viewer's role ids in the bookable's tenant. */
  viewerRoleIds: string[];
  /** Existing bookings of the item, its parents and descendants (for ticket parents: the parent's whole subtree). */
  occupancies: Occupancy[];
  /** The tenant's limit; null or 0 means none. */
  maxBookingAdvanceInMonths: number | null;
  now: Date;
  /** True for a real booking: checks the duration and the fixed booking times; false for availability slots. */
  checkDuration: boolean;
  /** Refuses a period that began before `now` (the public's bookings; staff may record one after the fact). */
  refusePast?: boolean;
}

export const bookingCheckCodes = [
  'booking.not-bookable',
  'booking.not-permitted',
  'booking.amount-invalid',
  'booking.time-missing',
  'booking.time-invalid',
  'booking.in-past',
  'booking.fixed-time',
  'booking.opening-hours',
  'booking.min-duration',
  'booking.max-duration',
  'booking.capacity',
  'booking.parent-unavailable',
  'booking.child-booked',
  'booking.advance-limit',
] as const;
export type BookingCheckCode = (typeof bookingCheckCodes)[number];

export interface BookingCheckFailure {
  code: BookingCheckCode;
  /** German, ready to show. */
  message: string;
}

type TimeFlags = Pick<BookableData, 'isScheduleRelated' | 'isTimePeriodRelated' | 'isLongRange'>;

/** Booked by time (calendar, fixed times or long range) rather than by count only. */
export function isTimeRelated(bookable: TimeFlags): boolean {
  return bookable.isScheduleRelated || bookable.isTimePeriodRelated || bookable.isLongRange;
}

/** No permitted users or roles means everyone, guests included. */
export function isPermittedToBook(
  bookable: Pick<BookableData, 'permittedUsers' | 'permittedRoles'>,
  viewerUserId: string | null,
  viewerRoleIds: string[],
): boolean {
  if (bookable.permittedUsers.length === 0 && bookable.permittedRoles.length === 0) return true;
  if (viewerUserId === null) return false;
  return bookable.permittedUsers.includes(viewerUserId) || viewerRoleIds.some((role) => bookable.permittedRoles.includes(role));
}

/**
 * Units of the given bookables in use. With a window: the peak of the summed amounts of the
 * non-rejected bookings overlapping it (touching ends do not overlap; bookings without times are
 * ignored), so bookings one after another inside the window do not add up. Without a window: every
 * non-rejected booking counts.
 */
export function usedAmount(occupancies: Occupancy[], bookableIds: ReadonlySet<string>, window: { begin: Date; end: Date } | null): number {
  const relevant = occupancies.filter((o) => !o.rejected && bookableIds.has(o.bookableId));
  if (!window) return relevant.reduce((sum, o) => sum + o.amount, 0);
  const begin = window.begin.getTime();
  const end = window.end.getTime();
  const events: { at: number; delta: number }[] = [];
  for (const o of relevant) {
    if (!o.timeBegin || !o.timeEnd) continue;
    const oBegin = o.timeBegin.getTime();
    const oEnd = o.timeEnd.getTime();
    if (!(oBegin < end && begin < oEnd)) continue;
    events.push({ at: Math.max(oBegin, begin), delta: o.amount }, { at: Math.min(oEnd, end), delta: -o.amount });
  }
  // Ends before starts at the same instant: a booking ending when another begins does not overlap it.
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let current = 0;
  let peak = 0;
  for (const event of events) {
    current += event.delta;
    peak = Math.max(peak, current);
  }
  return peak;
}

/** The bookable and everything below it that the known records reveal. */
function subtreeIds(root: BookableRecord, known: BookableRecord[]): Set<string> {
  const byId = new Map(known.map((b) => [b.id, b]));
  const ids = new Set<string>([root.id]);
  const queue = [root];
  while (queue.length > 0) {
    const next = queue.shift() as BookableRecord;
    for (const childId of next.relatedBookableIds) {
      if (ids.has(childId)) continue;
      ids.add(childId);
      const child = byId.get(childId);
      if (child) queue.push(child);
    }
  }
  return ids;
}

/** Parents: the parent's own bookings counted once. */
function parentUnavailable(input: BookingCheckInput, parent: BookableRecord, window: { begin: Date; end: Date } | null): boolean {
  if (!parent.amount) return false;
  if (input.item.type === 'ticket') {
    // A parent ticket is a shared contingent: its own and all its sub-tickets' units count.
    const ids = subtreeIds(parent, [input.item, ...input.parents, ...input.descendants]);
    return usedAmount(input.occupancies, ids, window) + input.amount > parent.amount;
  }
  // A parent room or resource only needs a free unit of its own (parts of a hall book independently).
  return usedAmount(input.occupancies, new Set([parent.id]), window) >= parent.amount;
}

/**
 * The capacity conflict: how many units are left, or, with none left, that the object is booked
 * out (in the chosen period, for an object booked by time).
 */
function capacityMessage(title: string, left: number, inPeriod: boolean): string {
  if (left > 0) return `Das Objekt ${title} ist nur noch ${left} mal verfügbar.`;
  return inPeriod ? `Das Objekt ${title} ist im gewählten Zeitraum bereits ausgebucht.` : `Das Objekt ${title} ist ausgebucht.`;
}

/** Rule "fixed booking times": the window must be exactly one of the item's periods (Berlin time). */
function matchesTimePeriod(item: BookableRecord, begin: Date, end: Date): boolean {
  const { date, weekday } = berlinParts(begin);
  return item.timePeriods.some((period) => {
    const start = parseTime(period.startTime);
    const stop = parseTime(period.endTime);
    if (start === null || stop === null || !period.weekdays.includes(weekday)) return false;
    const endDate = stop <= start ? addDays(date, 1) : date; // a period ending at or after midnight
    return berlinInstant(date, period.startTime).getTime() === begin.getTime() && berlinInstant(endDate, period.endTime).getTime() === end.getTime();
  });
}

const fail = (code: BookingCheckCode, message: string): BookingCheckFailure => ({ code, message });

/**
 * Runs the checkout rules for one item in the order of docs/bookings.md, “Checkout rules”; the first
 * failure wins, null = bookable.
 */
export function checkBooking(input: BookingCheckInput): BookingCheckFailure | null {
  const { item, amount, begin, end } = input;
  const title = item.title;

  if (!item.isBookable) return fail('booking.not-bookable', `Das Objekt ${title} ist nicht buchbar.`);
  if (!isPermittedToBook(item, input.viewerUserId, input.viewerRoleIds)) {
    return fail('booking.not-permitted', `Sie sind nicht berechtigt, das Objekt ${title} zu buchen.`);
  }
  if (!Number.isInteger(amount) || amount < 1) {
    return fail('booking.amount-invalid', `Die gewünschte Anzahl für das Objekt ${title} ist ungültig.`);
  }

  const timeRelated = isTimeRelated(item);
  let window: { begin: Date; end: Date } | null = null;
  if (timeRelated) {
    if (!begin || !end) return fail('booking.time-missing', `Für das Objekt ${title} muss ein Buchungszeitraum angegeben werden.`);
    if (!(end.getTime() > begin.getTime())) return fail('booking.time-invalid', 'Das Ende der Buchungszeit muss nach ihrem Beginn liegen.');
    window = { begin, end };
    if (input.refusePast && begin.getTime() < input.now.getTime()) {
      return fail('booking.in-past', `Der gewählte Zeitraum für ${title} liegt in der Vergangenheit. Bitte wählen Sie einen späteren Beginn.`);
    }

    if (input.checkDuration && item.isTimePeriodRelated && !matchesTimePeriod(item, begin, end)) {
      return fail('booking.fixed-time', `Die gewählte Buchungszeit entspricht keiner festen Buchungszeit von ${title}.`);
    }
    if (!item.isLongRange) {
      const conflict = openingHoursConflict([item, ...input.parents], begin, end);
      if (conflict) return fail('booking.opening-hours', conflict);
    }
    if (input.checkDuration && item.isScheduleRelated) {
      const hours = Math.round((end.getTime() - begin.getTime()) / 60_000) / 60;
      if (item.minBookingDuration && hours < item.minBookingDuration) {
        return fail('booking.min-duration', `Die Buchungsdauer für das Objekt muss mindestens ${item.minBookingDuration} Stunden betragen.`);
      }
      if (item.maxBookingDuration && hours > item.maxBookingDuration) {
        return fail('booking.max-duration', `Die Buchungsdauer für das Objekt darf ${item.maxBookingDuration} Stunden nicht überschreiten.`);
      }
    }
  }

  if (item.amount) {
    const booked = usedAmount(input.occupancies, new Set([item.id]), window);
    if (booked + amount > item.amount) {
      return fail('booking.capacity', capacityMessage(title, Math.max(0, item.amount - booked), window !== null));
    }
  }

  for (const parent of input.parents) {
    if (parentUnavailable(input, parent, window)) return fail('booking.parent-unavailable', `Übergeordnetes Objekt ${parent.title} ist nicht verfügbar.`);
  }

  for (const child of input.descendants) {
    if (child.id === item.id) continue;
    if (usedAmount(input.occupancies, new Set([child.id]), window) > 0) {
      return fail('booking.child-booked', `Abhängiges Objekt ${child.title} ist für den gewählten Zeitraum bereits gebucht.`);
    }
  }

  const months = input.maxBookingAdvanceInMonths;
  if (months && months > 0 && begin && begin.getTime() > addBerlinMonths(input.now, months).getTime()) {
    return fail('booking.advance-limit', `Sie können maximal ${months} Monate im Voraus buchen.`);
  }
  return null;
}

export interface AvailabilityPeriod {
  /** Epoch ms. */
  timeBegin: number;
  timeEnd: number;
  available: boolean;
}

const HOUR_MS = 3_600_000;
export const MAX_AVAILABILITY_DAYS = 366;

/**
 * The availability calendar: from startDate (default today in Berlin) 00:00 to endDate (default
 * startDate + 7 days) 23:59:59.999 Berlin time, in 1-hour slots (the last one ends at midnight),
 * consecutive slots with the same answer merged. Throws RangeError for malformed dates, an end
 * before the start or more than 366 days.
 */
export function availabilityPeriods(options: {
  startDate?: string;
  endDate?: string;
  now: Date;
  isAvailable: (begin: Date, end: Date) => boolean;
}): AvailabilityPeriod[] {
  const startDate = options.startDate ?? berlinToday(options.now);
  const endDate = options.endDate ?? addDays(startDate, 7);
  if (!parseDate(startDate) || !parseDate(endDate)) throw new RangeError('startDate and endDate must be dates YYYY-MM-DD');
  const days = daysBetween(startDate, endDate) + 1;
  if (days < 1) throw new RangeError('endDate must not be before startDate');
  if (days > MAX_AVAILABILITY_DAYS) throw new RangeError(`The window must not exceed ${MAX_AVAILABILITY_DAYS} days`);

  const windowEnd = endOfBerlinDay(endDate).getTime();
  const periods: AvailabilityPeriod[] = [];
  // Berlin midnights are whole UTC hours, so hourly slots stay on the hour across DST switches.
  for (let slot = startOfBerlinDay(startDate).getTime(); slot <= windowEnd; slot += HOUR_MS) {
    const available = options.isAvailable(new Date(slot), new Date(slot + HOUR_MS));
    const last = periods[periods.length - 1];
    if (last && last.available === available) last.timeEnd = slot + HOUR_MS;
    else periods.push({ timeBegin: slot, timeEnd: slot + HOUR_MS, available });
  }
  return periods;
}
