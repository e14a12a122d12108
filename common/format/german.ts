/**
 * German texts of amounts and Berlin dates, as the server writes them into mails, documents, CSV
 * downloads and HTML snippets. Pure (Intl only, no Node imports). The client has its own
 * `client/src/shared/format.ts`, whose currency text keeps a no-break space for the screen.
 */
import { berlinParts, parseDate } from '../time/berlin.js';

const euroFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** "1.234,50 €": German digits and a plain space before the sign (mail and PDF text). */
export function formatEuro(value: number): string {
  return euroFormat.format(value).replace(/\u00a0/g, ' ');
}

/** "24.11.2026" of a calendar date. */
function dottedDate(year: number, month: number, day: number): string {
  return `${pad2(day)}.${pad2(month)}.${year}`;
}

/** "24.11.2026": the Berlin calendar day of an instant (a Date or ms since the epoch). */
export function formatBerlinDate(instant: Date | number): string {
  const parts = berlinParts(new Date(instant));
  return dottedDate(parts.year, parts.month, parts.day);
}

/** "24.11.2026, 14:30": the Berlin wall-clock time of an instant (a Date or ms since the epoch). */
export function formatBerlinDateTime(instant: Date | number): string {
  const parts = berlinParts(new Date(instant));
  return `${dottedDate(parts.year, parts.month, parts.day)}, ${parts.time}`;
}

/** "24.11.2026" of a "YYYY-MM-DD" date; '' when there is none or it is no valid date. */
export function formatGermanDate(date: string | null | undefined): string {
  const parts = date ? parseDate(date) : null;
  return parts ? dottedDate(parts.year, parts.month, parts.day) : '';
}

const WEEKDAY_SHORT = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'];

/**
 * "Di., 02.11.2027, 18:00–20:00 Uhr": one date of a series with its weekday; a date across midnight
 * names both ends ("Fr., 05.11.2027, 22:00 Uhr bis 06.11.2027, 01:00 Uhr").
 */
export function formatBerlinSlot(begin: Date | number, end: Date | number): string {
  const from = formatBerlinDateTime(begin);
  const to = formatBerlinDateTime(end);
  const weekday = WEEKDAY_SHORT[berlinParts(new Date(begin)).weekday];
  return from.slice(0, 10) === to.slice(0, 10) ? `${weekday}, ${from}–${to.slice(12)} Uhr` : `${weekday}, ${from} Uhr bis ${to} Uhr`;
}
