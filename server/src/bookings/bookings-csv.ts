/**
 * The staff's bookings list as CSV (GET /csv/{tenantId}/bookings): the list's columns with German
 * headers, written as every staff download (csv-format.ts: UTF-8 with BOM, `;`, CRLF, quotes only
 * where needed, customer text never read as a formula). Pure functions; the route streams.
 */
import { bookingStatusLabel, paymentWayLabel } from '../../../common/bookings/labels.js';
import { bookingPeriod, ticketEventIds, type TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import { csvDate, csvPrice, text, yesNo } from './csv-format.js';
import type { BookingStatusFilter } from './booking-conditions.js';
import type { BookingView } from './booking.model.js';

/** The columns in their order with the German headers. */
export const bookingListColumns = [
  { key: 'id', header: 'Buchungsnummer' },
  { key: 'objects', header: 'Gebuchte Objekte' },
  { key: 'events', header: 'Veranstaltung' },
  { key: 'timeBegin', header: 'Buchungsbeginn' },
  { key: 'timeEnd', header: 'Buchungsende' },
  { key: 'timeCreated', header: 'Buchungsdatum' },
  { key: 'name', header: 'Name' },
  { key: 'company', header: 'Firma' },
  { key: 'mail', header: 'E-Mail Adresse' },
  { key: 'phone', header: 'Telefon' },
  { key: 'street', header: 'Straße' },
  { key: 'zipCode', header: 'PLZ' },
  { key: 'location', header: 'Ort' },
  { key: 'comment', header: 'Buchungshinweise' },
  { key: 'status', header: 'Status' },
  { key: 'isPayed', header: 'Buchung bezahlt' },
  { key: 'priceEur', header: 'Preis' },
  { key: 'paymentMethod', header: 'Zahlungsart' },
] as const;

type BookingListColumn = (typeof bookingListColumns)[number]['key'];

/** The booked objects in one line, as the list shows them: "Saal, 2 × Beamer". */
function objectsText(view: BookingView): string {
  return view.bookableItems.map((item) => (item.amount > 1 ? `${item.amount} × ${item._bookableUsed.title}` : item._bookableUsed.title)).join(', ');
}

/** One line of the export, in column order; `events` holds the events behind the booking's tickets. */
export function bookingListRow(view: BookingView, events: ReadonlyMap<string, TicketEventFacts>): string[] {
  const ofBooking = ticketEventIds(view.bookableItems).flatMap((id) => events.get(id) ?? []);
  // A booking of tickets has no times of its own: it takes place when its events do, as in the list.
  const period = bookingPeriod(view, ofBooking);
  const values: Record<BookingListColumn, string> = {
    id: text(view.id),
    objects: text(objectsText(view)),
    events: text(ofBooking.map((event) => event.name).join(', ')),
    timeBegin: csvDate(period.begin === null ? null : new Date(period.begin)),
    timeEnd: csvDate(period.end === null ? null : new Date(period.end)),
    timeCreated: csvDate(new Date(view.timeCreated)),
    name: text(view.name),
    company: text(view.company),
    mail: text(view.mail),
    phone: text(view.phone),
    street: text(view.street),
    zipCode: text(view.zipCode),
    location: text(view.location),
    comment: text(view.comment),
    status: bookingStatusLabel(view),
    isPayed: yesNo(view.isPayed),
    priceEur: csvPrice(view.priceEur),
    paymentMethod: paymentWayLabel(view),
  };
  return bookingListColumns.map((column) => values[column.key]);
}

export const bookingListHeaders: readonly string[] = bookingListColumns.map((column) => column.header);

const statusNames: Record<BookingStatusFilter, string> = {
  PENDING: 'ausstehend',
  RELEASED: 'freigegeben',
  REJECTED: 'abgelehnt',
  PAID: 'bezahlt',
  UNPAID: 'unbezahlt',
  RELEASED_UNPAID: 'freigegeben-unbezahlt',
};

/** "buchungen-ausstehend-2026-11-26.csv": the status filter, if any, and the day of the download (Berlin). */
export function bookingListFileName(status: BookingStatusFilter | null | undefined, now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return ['buchungen', status ? statusNames[status] : null, day].filter(Boolean).join('-') + '.csv';
}
