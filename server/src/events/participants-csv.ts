/**
 * The participants list of an event as CSV (GET /csv/{tenantId}/events/{id}/bookings): the columns,
 * their German headers and how each value is written. Pure functions; the route streams the rows.
 *
 * Format: UTF-8 with BOM (so spreadsheet programs read the umlauts), `;` between values, CRLF after
 * every line (the last one too). Values are not quoted, except where a value would otherwise break
 * the format: one containing `;` or `"` is put in double quotes with inner quotes doubled (RFC
 * 4180), which every spreadsheet program reads back as the original value. Line breaks inside a
 * value become a space (the contract's rule for the comment, applied to every text, because
 * csv-stringify does not quote a lone line break). Text the customer typed that starts with `=`,
 * `+`, `-`, `@` or a tab gets a leading `'`, so a spreadsheet shows it instead of running it as a
 * formula.
 */
import type { Options } from 'csv-stringify';
import { paymentWayLabel } from '../../../common/bookings/labels.js';
import { formatBerlinDateTime, formatEuro } from '../bookings/booking.mails.js';

export const CSV_BOM = '\uFEFF';
/** The whole body after the BOM when the event has no bookings. */
export const NO_DATA = 'Keine Daten vorhanden';

/** One booking as the list needs it: the booking's fields and its first item. */
export interface ParticipantBooking {
  number: string;
  assignedUserId: string | null;
  mail: string;
  company: string;
  name: string;
  street: string;
  zipCode: string;
  location: string;
  comment: string;
  timeBegin: Date | null;
  timeEnd: Date | null;
  createdAt: Date | null;
  isCommitted: boolean;
  isPayed: boolean;
  priceEur: number | null;
  paymentMethod: string | null;
  /** The payment provider the customer chose at checkout. */
  paymentProvider: string | null;
  /** The booking's first item (by position); null for a booking without items. */
  firstItem: { title: string | null; amount: number } | null;
}

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

/** The columns in their order with the German headers. */
export const participantColumns = [
  { key: 'id', header: 'Buchungsnummer' },
  { key: 'ticket', header: 'Ticket' },
  { key: 'amount', header: 'Anzahl' },
  { key: 'assignedUserId', header: 'Angemeldeter Benutzer' },
  { key: 'mail', header: 'E-Mail Adresse' },
  { key: 'company', header: 'Firma' },
  { key: 'name', header: 'Name' },
  { key: 'street', header: 'Straße' },
  { key: 'zipCode', header: 'PLZ' },
  { key: 'location', header: 'Ort' },
  { key: 'comment', header: 'Buchungshinweise' },
  { key: 'timeBegin', header: 'Buchungsbeginn' },
  { key: 'timeEnd', header: 'Buchungsende' },
  { key: 'timeCreated', header: 'Buchungsdatum' },
  { key: 'isCommitted', header: 'Buchung bestätigt' },
  { key: 'isPayed', header: 'Buchung bezahlt' },
  { key: 'priceEur', header: 'Preis' },
  { key: 'paymentMethod', header: 'Zahlungsart' },
] as const;

export type ParticipantColumn = (typeof participantColumns)[number]['key'];

/** One line of the list, in column order. */
export function participantRow(booking: ParticipantBooking): string[] {
  const values: Record<ParticipantColumn, string> = {
    id: text(booking.number),
    ticket: booking.firstItem ? text(booking.firstItem.title ?? '') || 'Unbekannt' : 'Unbekannt',
    amount: String(booking.firstItem?.amount ?? 0),
    assignedUserId: text(booking.assignedUserId),
    mail: text(booking.mail),
    company: text(booking.company),
    name: text(booking.name),
    street: text(booking.street),
    zipCode: text(booking.zipCode),
    location: text(booking.location),
    comment: text(booking.comment),
    timeBegin: csvDate(booking.timeBegin),
    timeEnd: csvDate(booking.timeEnd),
    timeCreated: csvDate(booking.createdAt),
    isCommitted: yesNo(booking.isCommitted),
    isPayed: yesNo(booking.isPayed),
    priceEur: csvPrice(booking.priceEur),
    paymentMethod: paymentWayLabel(booking),
  };
  return participantColumns.map((column) => values[column.key]);
}

/**
 * csv-stringify's settings for the list: the header line from the columns, `;`, CRLF, quotes only
 * where a value contains `;` or `"` (its default). The BOM is written by the caller, before the
 * first line or before NO_DATA.
 */
export const participantCsvOptions: Options = {
  delimiter: ';',
  record_delimiter: '\r\n',
  quote: '"',
  escape: '"',
  header: true,
  columns: participantColumns.map((column) => column.header),
  bom: false,
};

/** The attachment's file name: ASCII letters, digits and dashes of the event's name. */
export function participantsFileName(eventName: string, eventId: string): string {
  const slug = eventName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `teilnehmer-${slug || eventId}.csv`;
}
