/**
 * The tests' calendar. Many tests book fixed dates ("Tuesday, 30 November 2027") because their
 * assertions read better with them. The public checkout refuses periods that have begun, so those
 * dates must lie ahead of today on whatever day the suite runs. Every such date goes through here:
 * all move by the same whole number of weeks (weekdays stay; one shift for the whole file, so the
 * dates keep their distances), just enough that the calendar's first day, 1 January 2027, lies at
 * least a week ahead; so the dates also stay within the booking horizon. Until late December 2026
 * nothing moves. Times of day are meant in Berlin (`slot` converts them), so a moved date keeps its
 * hours whether or not it lands in summer time.
 *
 * `npm run test:clock -- <instant>` runs the suite on another day and shows whether a test still
 * reads a date that did not go through here.
 */
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const FIRST_DAY_MS = Date.UTC(2027, 0, 1);
const LEAD_MS = 7 * DAY_MS;

/** How far this run moves the calendar: whole weeks. */
export const testCalendarShiftMs = Math.max(0, Math.ceil((Date.now() + LEAD_MS - FIRST_DAY_MS) / WEEK_MS)) * WEEK_MS;

/** A day of the test calendar ("2027-11-30") as this run books it (same weekday). */
export function testDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + testCalendarShiftMs).toISOString().slice(0, 10);
}

/** An instant of the test calendar ("2027-03-01T00:00:00.000Z") as this run uses it. */
export function testInstant(iso: string): string {
  return new Date(Date.parse(iso) + testCalendarShiftMs).toISOString();
}

/** A day of the test calendar as German text ("30.11.2027"), as mails and documents print it. */
export function testDayGerman(day: string): string {
  const [year, month, date] = testDay(day).split('-');
  return `${date}.${month}.${year}`;
}

/**
 * The first day of the given month (1–12) at least `leadDays` after today, as "YYYY-MM-DD": for a
 * test that needs a date in summer or in winter time yet ahead of today and within a year.
 */
export function nextDayInMonth(month: number, leadDays = 2): string {
  const day = new Date(Date.now() + leadDays * DAY_MS);
  while (day.getUTCMonth() + 1 !== month) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The day of the test calendar that lands `days` after today once moved: for a helper that moves
 * its day (`slot`), when the test needs a booking a given time ahead of today ("in 60 days").
 */
export function testDayAhead(days: number): string {
  return new Date(Date.now() + days * DAY_MS - testCalendarShiftMs).toISOString().slice(0, 10);
}
