import type { EntityManager } from '@mikro-orm/postgresql';
import type { TenantApplication } from '../tenants/tenant.entity.js';

/**
 * What the bookings domain reports about payments, answered by the payments domain (wired in
 * services.ts; bookings never import payments). Called inside the change's transaction, after it is
 * flushed, with the booking row locked; implementations only enqueue jobs there.
 */
export interface BookingPaymentEvents {
  /** The booking with a price has just become paid (workflow "paid", staff marking it paid). */
  paid(em: EntityManager, tenantId: string, bookingNumber: string, options?: PaidOptions): Promise<void>;
  /** Dates of a series have just been paid together (staff marking the series paid; each reported paid without its customer follow-ups): their one receipt and confirmation. */
  seriesPaid(em: EntityManager, tenantId: string, seriesId: string, bookingNumbers: readonly string[]): Promise<void>;
  /** The booking has just been released while unpaid with a price: the payment is requested now. */
  paymentRequested(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void>;
  /** The booking with a price, paid before (e.g. in cash at the counter), has just been released: its receipt and confirmation now. */
  paidBookingReleased(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void>;
  /** A date of a series changed without being paid or released by the change: the series' invoice may need a revision. */
  seriesDateChanged(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void>;
}

/** How the follow-ups of one booking's payment go. */
export interface PaidOptions {
  /** False for a date paid together with others of its series: the customer's receipt and confirmation come once for all of them (seriesPaid). */
  customerFollowUps: boolean;
}

/**
 * The payment providers a customer may choose at checkout from the tenant's applications (answered
 * by the payments domain, wired in services.ts): a priced booking must name one of them.
 */
export type OfferedPaymentProviders = (applications: readonly TenantApplication[]) => { id: string; title: string }[];

/** The payment-relevant state of a booking before a change. */
export interface PaymentState {
  isCommitted: boolean;
  isRejected: boolean;
  isPayed: boolean;
}

export const paymentStateOf = (booking: PaymentState): PaymentState => ({ isCommitted: booking.isCommitted, isRejected: booking.isRejected, isPayed: booking.isPayed });

const released = (state: PaymentState) => state.isCommitted && !state.isRejected;

export interface PaymentTransitions {
  paid: boolean;
  paymentRequested: boolean;
  paidBookingReleased: boolean;
}

/**
 * Which payment events a change causes, from the state before (null: a new booking) and after:
 * `paid` on the transition to paid of a booking with a price (a free booking's flag is no payment:
 * its release mail says all), `paymentRequested` on a release that leaves something to pay,
 * `paidBookingReleased` on the release of a booking with a price that was paid already (paid and
 * released in one change is `paid` alone).
 */
export function paymentTransitions(before: PaymentState | null, after: PaymentState & { priceEur: number }): PaymentTransitions {
  const wasPaid = before?.isPayed ?? false;
  const wasReleased = before ? released(before) : false;
  const releasedNow = !wasReleased && released(after) && after.priceEur > 0;
  return {
    paid: !wasPaid && after.isPayed && after.priceEur > 0,
    paymentRequested: releasedNow && !after.isPayed,
    paidBookingReleased: releasedNow && wasPaid && after.isPayed,
  };
}

/**
 * Reports the events of a change (paid first: its mails are about the booking as it now is); a
 * change of a series date that is none of them may concern the series' one invoice.
 */
export async function reportPaymentEvents(
  events: BookingPaymentEvents,
  em: EntityManager,
  tenantId: string,
  bookingNumber: string,
  transitions: PaymentTransitions,
  booking: { seriesId?: string | null } = {},
  paid: PaidOptions = { customerFollowUps: true },
): Promise<void> {
  if (transitions.paid) await events.paid(em, tenantId, bookingNumber, paid);
  if (transitions.paymentRequested) await events.paymentRequested(em, tenantId, bookingNumber);
  if (transitions.paidBookingReleased) await events.paidBookingReleased(em, tenantId, bookingNumber);
  if (booking.seriesId && !transitions.paid && !transitions.paymentRequested && !transitions.paidBookingReleased) await events.seriesDateChanged(em, tenantId, bookingNumber);
}
