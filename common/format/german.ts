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
