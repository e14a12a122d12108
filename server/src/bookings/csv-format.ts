/**
 * How the staff's CSV downloads (the bookings list, an event's participants list) write their
 * values. Format: UTF-8 with BOM (so spreadsheet programs read the umlauts), `;` between values,
 * CRLF after every line (the last one too). Values are not quoted, except where a value would
 * otherwise break the format: one containing `;` or `"` is put in double quotes with inner quotes
 * doubled (RFC 4180), which every spreadsheet program reads back as the original value. Line breaks
 * inside a value become a space (csv-stringify does not quote a lone line break). Text the customer
 * typed that starts with `=`, `+`, `-`, `@` or a tab gets a leading `'`, so a spreadsheet shows it
 * instead of running it as a formula.
 */
import type { Options } from 'csv-stringify';
import { bookingHistoryActionLabel, bookingHistoryActorLabel } from '../../../common/bookings/history.js';
import { formatBerlinDateTime, formatEuro } from '../../../common/format/german.js';
import type { LastBookingChange } from './booking-history.js';

export const CSV_BOM = '\uFEFF';
/** The whole body after the BOM when there are no rows. */
export const NO_DATA = 'Keine Daten vorhanden';

const oneLine = (value: string) => value.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');

/** Customer text: one line, and never read as a formula by a spreadsheet. */
export function text(value: string | null | undefined): string {
  const line = oneLine(value ?? '');
  return /^[=+\-@\t]/.test(line) ? `'${line}` : line;
}

/** "dd.MM.yyyy, HH:mm" in Berlin time; "-" without a date. */
export function csvDate(value: Date | null | undefined): string {
  return value && Number.isFinite(value.getTime()) ? formatBerlinDateTime(value.getTime()) : '-';
}

export const yesNo = (value: boolean) => (value ? 'Ja' : 'Nein');

/** "12,50 €"; "-" for 0 or no price. */
export function csvPrice(value: number | null | undefined): string {
  return value && Number.isFinite(value) ? formatEuro(value) : '-';
}

/**
 * csv-stringify's settings for a download with these header names: the header line first, `;`,
 * CRLF, quotes only where a value contains `;` or `"` (its default). The BOM is written by the
 * caller, before the first line or before NO_DATA.
 */
export function csvOptions(headers: readonly string[]): Options {
  return { delimiter: ';', record_delimiter: '\r\n', quote: '"', escape: '"', header: true, columns: [...headers], bom: false };
}

/** The columns a download adds with `lastChange=true`: the booking's newest history entry. */
export const lastChangeHeaders = ['Letzte Änderung', 'Letzte Änderung durch', 'Art der letzten Änderung'] as const;

/** When, by whom and what, in German; "-" for a booking without history. */
export function lastChangeCells(change: LastBookingChange | undefined): string[] {
  if (!change) return ['-', '-', '-'];
  return [csvDate(change.at), text(bookingHistoryActorLabel(change.actor)), bookingHistoryActionLabel(change.action)];
}
