import type { Booking } from './booking.entity.js';

/** The flags a change may move, with the payment's method and provider; absent ones stay as they are. */
export interface BookingStateChange {
  isCommitted?: boolean;
  isPayed?: boolean;
  isRejected?: boolean;
  paymentMethod?: string;
  paymentProvider?: string | null;
}

type BookingState = Pick<Booking, 'isCommitted' | 'isPayed' | 'isRejected' | 'paymentMethod' | 'paymentProvider' | 'paidAt' | 'cancelledAt'>;

/**
 * The one way a booking becomes paid, unpaid, rejected or released again (checkout, staff editor,
 * staff's "paid", online payments, workflow actions, test payments, demo data): the flags and
 * their instants move together. Paid records `paidAt` at the transition and keeps it while the
 * booking stays paid; unpaid clears it. Rejected or cancelled records `cancelledAt` likewise; a
 * release that takes the rejection back clears it.
 */
export function setBookingState(booking: BookingState, change: BookingStateChange, now: Date = new Date()): void {
  if (change.isCommitted !== undefined) booking.isCommitted = change.isCommitted;
  if (change.isPayed !== undefined) {
    booking.paidAt = change.isPayed ? (booking.isPayed && booking.paidAt ? booking.paidAt : now) : null;
    booking.isPayed = change.isPayed;
  }
  if (change.isRejected !== undefined) {
    booking.cancelledAt = change.isRejected ? (booking.isRejected && booking.cancelledAt ? booking.cancelledAt : now) : null;
    booking.isRejected = change.isRejected;
  }
  if (change.paymentMethod !== undefined) booking.paymentMethod = change.paymentMethod;
  if (change.paymentProvider !== undefined) booking.paymentProvider = change.paymentProvider;
}
