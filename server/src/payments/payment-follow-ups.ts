import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaidOptions } from '../bookings/booking-payment-events.js';

/**
 * What follows a change of a booking's payment state: documents (receipt, invoice) and the mails
 * around them. The payments domain owns this port; services.ts wires one implementation, which the
 * bookings domain (release, staff edit, workflow "paid") and the payments domain (provider
 * notifications, POST payments) call.
 *
 * What every method promises:
 * - It runs INSIDE the transaction of the change, after the change is flushed, with the booking's
 *   row locked (SELECT … FOR UPDATE). `em` is that transaction's EntityManager: read the booking
 *   through it (the identity map gives the locked, current entity) and write nothing but jobs.
 * - It only ENQUEUES work (`enqueueJobs(em, jobs)` from shared/jobs.ts), it never renders or sends
 *   itself: the jobs then exist exactly when the change commits, and a failing PDF or mail server
 *   is retried by the queue instead of rolling back a payment. Job handlers must tolerate a repeat
 *   (the queue delivers at least once).
 * - A thrown error rolls the whole change back (the provider's notification then answers 400 and is
 *   retried by the provider), so throw only for a broken invariant, never for a mail problem.
 * - `bookingNumber` is the booking's "XXXX-XXXX" id within `tenantId`.
 */
/** The invoice of a booking's amount: its number once issued, and whether it was asked for before. */
export interface InvoiceState {
  number: string | null;
  requestedBefore: boolean;
}

export interface PaymentFollowUps {
  /**
   * The booking has just become paid: a provider's successful notification, the workflow's "paid"
   * booking-status action, or staff marking it paid (saveBooking / PUT bookings with isPayed).
   * Called exactly once per transition from unpaid to paid of a booking with a price (a free
   * booking's flag is no payment); repeated notifications of a paid booking do not call it again.
   * Expected: the tenant's address hears "Zahlung eingegangen" with amount and way of payment;
   * when the booking is committed, the customer gets the receipt PDF (price > 0) attached to mail 2
   * "Vielen Dank für Ihre Buchung im {tenant}". An uncommitted booking's customer gets nothing yet:
   * the receipt follows at its release (paidBookingReleased). A rejected booking gets nothing.
   * With `customerFollowUps: false` (a date of a series marked paid with others) the customer's
   * receipt and mail are left to seriesPaid; the tenant still hears of each payment.
   */
  paid(em: EntityManager, tenantId: string, bookingNumber: string, options?: PaidOptions): Promise<void>;

  /**
   * Staff have just marked dates of a series paid together (each reported to paid() without its
   * customer follow-ups). Expected: the released ones with a price get one receipt of the series
   * listing them, attached to one mail 2 naming them; dates still waiting for their release get
   * theirs at the release (paidBookingReleased), as a single booking does.
   */
  seriesPaid(em: EntityManager, tenantId: string, seriesId: string, bookingNumbers: readonly string[]): Promise<void>;

  /**
   * A booking with a price that was paid while waiting for its release (staff marked it paid, e.g.
   * in cash, or the workflow's "paid") has just been released: staff commit, the workflow's
   * "commit" action, or staff saving it as committed. Called once per release.
   * Expected: as for a payment of a released booking, the receipt PDF attached to mail 2, which
   * says what was paid. Once per booking and amount: a second release (after a cancellation) or a
   * retried job finds the receipt issued before instead of issuing another.
   */
  paidBookingReleased(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void>;

  /**
   * The booking has just been released (committed) while unpaid and with a price > 0: staff commit,
   * the workflow's "commit" action, or staff saving it as committed. Called once per release.
   * Expected: by the booking's paymentProvider — giroCockpit or
   * pmPayment: mail 4 with the link `{PUBLIC_URL}/payment/redirection?id={booking}&tenant={tenant}`;
   * invoice: the invoice PDF and mail 5 with it attached; none or an inactive provider: nothing.
   */
  paymentRequested(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void>;

  /**
   * The customer started payment with the invoice provider (POST api/{tenant}/payments or the
   * startPayment mutation for a booking whose paymentProvider is invoice).
   * Expected: the invoice PDF (reuse the booking's invoice number
   * when it already has one) and mail 6 "Rechnung zu Ihrer Buchung bei {tenant}" with it attached,
   * once per booking and amount: an invoice already issued or on its way (also mail 5 of the
   * release) is answered, not issued again.
   */
  invoiceRequested(em: EntityManager, tenantId: string, bookingNumber: string): Promise<InvoiceState>;

  /**
   * A date of a series changed without being paid or released by the change (cancelled, moved,
   * repriced). Expected: when the series has had its one invoice, a revision of it for the dates to
   * be paid now, mailed (mail 6) only when they differ from the last invoice's.
   */
  seriesDateChanged(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void>;
}
