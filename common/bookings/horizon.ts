/**
 * The booking horizon: a booking that blocks objects by time ends at most `bookingHorizonDays`
 * ahead and lasts at most `maxBookingDays`, unless one of its objects allows longer bookings itself
 * (its own maximum duration in hours, when larger). It keeps anyone, public or staff, from blocking
 * an object for years. Days are Berlin calendar days (a month from 1 October to 1 November is 31
 * days, though it has an hour more). Plain TypeScript: server and client run the same rule.
 */
import { addBerlinDays } from '../time/berlin.js';

const HOUR_MS = 3_600_000;

export interface BookingHorizon {
  bookingHorizonDays: number;
  maxBookingDays: number;
}

/** An object booked by time, as far as its duration is concerned. */
export interface HorizonObject {
  /** The object's own maximum duration in hours; null or 0: none. */
  maxBookingDuration: number | null;
}

const days = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 1 });

/**
 * The field and German message of the first rule the window breaks; null when it keeps the horizon
 * (also when it has no window or no object booked by time: nothing is blocked by time then).
 */
export function horizonProblem(
  horizon: BookingHorizon,
  window: { begin: Date | null; end: Date | null },
  timedObjects: readonly HorizonObject[],
  now: Date,
): { field: 'timeBegin' | 'timeEnd'; message: string } | null {
  const { begin, end } = window;
  if (!begin || !end || timedObjects.length === 0 || end.getTime() <= begin.getTime()) return null;
  const latestEnd = addBerlinDays(now, horizon.bookingHorizonDays).getTime();
  if (begin.getTime() >= latestEnd) return { field: 'timeBegin', message: `Buchungen sind höchstens ${days(horizon.bookingHorizonDays)} Tage im Voraus möglich.` };
  if (end.getTime() > latestEnd) return { field: 'timeEnd', message: `Eine Buchung darf höchstens ${days(horizon.bookingHorizonDays)} Tage im Voraus enden.` };
  // Each object allows the tenant's duration or its own longer one; the booking must fit all of them.
  const byTenant = addBerlinDays(begin, horizon.maxBookingDays).getTime();
  let allowedEnd = Infinity;
  let allowedDays = horizon.maxBookingDays;
  for (const object of timedObjects) {
    const own = begin.getTime() + (object.maxBookingDuration ?? 0) * HOUR_MS;
    const objectEnd = Math.max(byTenant, own);
    if (objectEnd < allowedEnd) {
      allowedEnd = objectEnd;
      allowedDays = own > byTenant ? (object.maxBookingDuration ?? 0) / 24 : horizon.maxBookingDays;
    }
  }
  if (end.getTime() > allowedEnd) return { field: 'timeEnd', message: `Eine Buchung darf höchstens ${days(allowedDays)} Tage dauern.` };
  return null;
}
