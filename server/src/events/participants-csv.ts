/**
 * The participants list of an event as CSV (GET /csv/{tenantId}/events/{id}/bookings): the columns,
 * their German headers and how each value is written (bookings/csv-format.ts: UTF-8 with BOM, `;`,
 * CRLF, quotes only where needed, no formulas). Pure functions; the route streams the rows.
 */
import { paymentWayLabel } from '../../../common/bookings/labels.js';
import { csvDate, csvPrice, text, yesNo } from '../bookings/csv-format.js';

export { csvDate, csvPrice, text, yesNo } from '../bookings/csv-format.js';

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

/** The header line from the columns; the rest as every staff download writes it. */
export const participantHeaders: readonly string[] = participantColumns.map((column) => column.header);

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
