import type { StaffBooking } from '../staff/bookingRows';
import { objectsText } from '../staff/bookingRows';
import { toWallClock } from './calendarTime';

/** A booking as the calendar places it. */
export interface CalendarEntry {
  id: string;
  /** The customer. */
  name: string;
  /** "Bürgerhaus Musterstadt, 2 × Beamer" */
  objects: string;
  /** Wall-clock dates (calendarTime.ts). */
  start: Date;
  end: Date;
  /** Not yet released: shown grey. */
  pending: boolean;
  /** A date of a series: marked as such. */
  series: boolean;
  booking: StaffBooking;
}

// The cache hands out the same object for an unchanged booking, so each entry is made once.
const entries = new WeakMap<StaffBooking, CalendarEntry>();

function entryOf(booking: StaffBooking & { timeBegin: string; timeEnd: string }, sameZone: boolean | undefined): CalendarEntry {
  let entry = entries.get(booking);
  if (!entry) {
    entry = {
      id: booking.id,
      name: booking.name || booking.company,
      objects: objectsText(booking.items),
      start: toWallClock(new Date(booking.timeBegin), sameZone),
      end: toWallClock(new Date(booking.timeEnd), sameZone),
      pending: !booking.isCommitted,
      series: Boolean(booking.seriesId),
      booking,
    };
    entries.set(booking, entry);
  }
  return entry;
}

const hasTimes = (booking: StaffBooking): booking is StaffBooking & { timeBegin: string; timeEnd: string } => booking.timeBegin !== null && booking.timeEnd !== null;

/** What the calendar shows of the window's bookings: rejected ones and those without times are left out. */
export function calendarEntries(bookings: readonly StaffBooking[], sameZone?: boolean): CalendarEntry[] {
  const shown: CalendarEntry[] = [];
  for (const booking of bookings) {
    if (!booking.isRejected && hasTimes(booking)) shown.push(entryOf(booking, sameZone));
  }
  return shown;
}
