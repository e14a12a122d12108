/**
 * Display formats of the start page: German notation, dates in the municipality's time zone
 * whatever the browser's, so every member of staff reads the same week.
 */
const LOCALE = 'de-DE';
const TIME_ZONE = 'Europe/Berlin';

const dayMonthFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', timeZone: TIME_ZONE });
const fullDateFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE });
const weekdayFormat = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', timeZone: TIME_ZONE });
const hoursFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** "23.11." */
function dayAndMonth(instant: string | Date): string {
  // Some engines leave out the final dot of the month; German dates end with one.
  return dayMonthFormat.format(new Date(instant)).replace(/\.?$/, '.');
}

/** "Woche ab 23.11.": the label of a chart week by its Monday. */
export function weekLabel(begin: string): string {
  return `Woche ab ${dayAndMonth(begin)}`;
}

/** "1,5": booked hours, up to two decimals. */
export function formatHours(hours: number): string {
  return hoursFormat.format(hours);
}

/** "1.234" */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** "Dienstag, 24.11.2026": the day a window [begin, end) of one day covers. */
export function dayWindowLabel(begin: string): string {
  const date = new Date(begin);
  return `${weekdayFormat.format(date)}, ${fullDateFormat.format(date)}`;
}

/** "23.11.–29.11.2026": the days a window [begin, end) covers (the end itself is the next day's start). */
export function daysWindowLabel(begin: string, end: string): string {
  const lastInstant = new Date(new Date(end).getTime() - 1);
  return `${dayAndMonth(begin)}–${fullDateFormat.format(lastInstant)}`;
}
