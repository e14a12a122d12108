import { type BookingStatusLabel, bookingStatusLabel, paymentStatusLabel, paymentWayLabel } from '../../../../common/bookings/labels';
import type { StaffBookingRowFragment } from '../../gql/graphql';
import { formatCurrency, formatDateTime } from '../../shared/format';
import { allowDelete, allowUpdate, type Viewer } from '../../shared/rights';
import { bookingPeriod, eventsOfItems } from '../../shared/ticketEvent';

export type StaffBooking = StaffBookingRowFragment;

/** A booking as the list shows it, computed once per booking object. */
export interface BookingRow {
  booking: StaffBooking;
  createdAt: number;
  /** The booking's times; a booking of tickets (without times of its own) takes its events'. */
  beginAt: number | null;
  endAt: number | null;
  /** "Bürgerhaus Musterstadt, 2 × Beamer" */
  objects: string;
  status: BookingStatusLabel;
  payment: 'bezahlt' | 'ausstehend';
  /** How it is paid: the method once known, the customer's choice at checkout beside it. */
  paymentMethod: string;
}

/** The booked objects in one line, an amount above one in front of its object. */
export function objectsText(items: StaffBooking['items']): string {
  return items.map((item) => (item.amount > 1 ? `${item.amount} × ${item.bookable.title}` : item.bookable.title)).join(', ');
}

function rowOf(booking: StaffBooking): BookingRow {
  const status = bookingStatusLabel(booking);
  const payment = paymentStatusLabel(booking);
  const paymentMethod = paymentWayLabel(booking);
  const events = eventsOfItems(booking.items);
  const period = bookingPeriod(booking, events);
  return {
    booking,
    createdAt: Date.parse(booking.timeCreated),
    beginAt: period.begin,
    endAt: period.end,
    objects: objectsText(booking.items),
    status,
    payment,
    paymentMethod,
  };
}

// The cache hands out the same object for an unchanged booking, so each is computed once.
const rows = new WeakMap<StaffBooking, BookingRow>();

export function bookingRow(booking: StaffBooking): BookingRow {
  let row = rows.get(booking);
  if (!row) {
    row = rowOf(booking);
    rows.set(booking, row);
  }
  return row;
}

/** What the list's cells show of a booking, formatted once when its row is first shown. */
export interface BookingCellTexts {
  begin: string;
  end: string;
  created: string;
  price: string;
}

const cellTexts = new WeakMap<BookingRow, BookingCellTexts>();

export function cellTextsOf(row: BookingRow): BookingCellTexts {
  let texts = cellTexts.get(row);
  if (!texts) {
    const { booking } = row;
    texts = { begin: formatDateTime(row.beginAt), end: formatDateTime(row.endAt), created: formatDateTime(booking.timeCreated), price: formatCurrency(booking.priceEur) };
    cellTexts.set(row, texts);
  }
  return texts;
}

/** A paid booking of a priced object keeps its record: it cannot be deleted. */
export const PAID_BOOKING_NOT_DELETABLE = 'Die Buchung wurde bereits bezahlt.';

export function deletionBlocked(booking: Pick<StaffBooking, 'isPayed' | 'items'>): boolean {
  return booking.isPayed && booking.items.some((item) => item.regularGrossPriceEur > 0);
}

/** What the row menu offers; null: the entry is absent. */
export interface BookingActions {
  details: boolean;
  edit: boolean;
  release: boolean;
  /** The wording: "ablehnen" before release, "stornieren" after. */
  reject: 'Buchung ablehnen' | 'Buchung stornieren' | null;
  /** Recording a payment received outside the platform, while the booking is unpaid. */
  markPaid: boolean;
  /** Issuing a receipt of the payment changes the booking's documents: once paid, with the update right. */
  receipt: boolean;
  /** Issuing an invoice of the booking's amount: something to pay, not cancelled or rejected, with the update right. */
  invoice: boolean;
  delete: boolean;
  /** Why delete is disabled, or null. */
  deleteBlocked: string | null;
}

/** Details, edit, release, cancel, payment and receipt need the update right on the booking, delete the delete right. */
export function bookingActions(viewer: Viewer | null, booking: StaffBooking): BookingActions {
  const update = allowUpdate(viewer, 'manageBookings', booking);
  const remove = allowDelete(viewer, 'manageBookings', booking);
  return {
    details: update,
    edit: update,
    release: update && !booking.isCommitted && !booking.isRejected,
    reject: update && !booking.isRejected ? (booking.isCommitted ? 'Buchung stornieren' : 'Buchung ablehnen') : null,
    markPaid: update && !booking.isPayed,
    receipt: update && booking.isPayed,
    invoice: update && !booking.isRejected && booking.priceEur > 0,
    delete: remove,
    deleteBlocked: remove && deletionBlocked(booking) ? PAID_BOOKING_NOT_DELETABLE : null,
  };
}

export const hasAnyAction = (actions: BookingActions) => actions.details || actions.edit || actions.release || actions.reject !== null || actions.delete;
