import type { EntityManager } from '@mikro-orm/postgresql';
import { bookingMailJob } from '../bookings/booking.jobs.js';
import type { PaidOptions } from '../bookings/booking-payment-events.js';
import { findBooking } from '../bookings/booking.queries.js';
import { enqueueJobs, type Job } from '../shared/jobs.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { activePaymentApplication, isOnlineProvider } from './payment-applications.js';
import type { InvoiceState, PaymentFollowUps } from './payment-follow-ups.js';

/** Of the dates paid together, the numbers of those released and still standing, in the given order: their customer hears now. */
export async function releasedPaidDates(em: EntityManager, tenantId: string, bookingNumbers: readonly string[]): Promise<string[]> {
  const released: string[] = [];
  for (const number of bookingNumbers) {
    const booking = await findBooking(em, tenantId, number);
    if (booking?.isCommitted && !booking.isRejected && booking.isPayed) released.push(number);
  }
  return released;
}

/**
 * The follow-ups without documents: the mails of a payment as durable jobs in the change's
 * transaction. Receipts and invoices (PDFs, mails 2 with receipt, 5 and 6) come from the receipts
 * implementation of PaymentFollowUps, which replaces this one in services.ts and may delegate the
 * online payment request (mail 4) to `paymentRequested` here.
 */
export class MailPaymentFollowUps implements PaymentFollowUps {
  /** The tenant hears of the payment; a released booking's customer gets the confirmation (mail 2, without receipt here). */
  async paid(em: EntityManager, tenantId: string, bookingNumber: string, options: PaidOptions = { customerFollowUps: true }): Promise<void> {
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking || booking.isRejected) return;
    const jobs: Job[] = booking.isCommitted && options.customerFollowUps ? [bookingMailJob({ tenantId, bookingId: bookingNumber, kind: 'confirmed' })] : [];
    jobs.push(bookingMailJob({ tenantId, bookingId: bookingNumber, kind: 'tenant-payment-received' }));
    await enqueueJobs(em, jobs);
  }

  /** Dates of a series paid together: one confirmation (mail 2) naming the released ones. */
  async seriesPaid(em: EntityManager, tenantId: string, _seriesId: string, bookingNumbers: readonly string[]): Promise<void> {
    const released = await releasedPaidDates(em, tenantId, bookingNumbers);
    if (released.length > 0) await enqueueJobs(em, [bookingMailJob({ tenantId, bookingId: released[0], kind: 'confirmed', seriesDates: released })]);
  }

  /** The confirmation of a booking paid before its release (mail 2, saying what was paid). */
  async paidBookingReleased(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void> {
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking?.isCommitted || booking.isRejected || !booking.isPayed) return;
    await enqueueJobs(em, [bookingMailJob({ tenantId, bookingId: bookingNumber, kind: 'confirmed' })]);
  }

  /**
   * Online providers: mail 4 with the link to the payment page, only while the tenant offers the
   * provider (an inactive one gets no link that cannot work). No provider: the mail that the payment
   * is made directly with the tenant. The invoice's mail 5 needs its PDF.
   */
  /** Without documents there is no series invoice to revise. */
  async seriesDateChanged(): Promise<void> {}

  async paymentRequested(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void> {
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking || booking.isPayed) return;
    // No provider named (the tenant takes no payment through the platform): the mail says how to pay.
    if (!booking.paymentProvider) return enqueueJobs(em, [bookingMailJob({ tenantId, bookingId: bookingNumber, kind: 'payment-direct' })]);
    if (!isOnlineProvider(booking.paymentProvider)) return;
    const tenant = await em.findOne(Tenant, { id: tenantId });
    if (!tenant || !activePaymentApplication(tenant.applications, booking.paymentProvider)) return;
    await enqueueJobs(em, [bookingMailJob({ tenantId, bookingId: bookingNumber, kind: 'payment-requested' })]);
  }

  /** The invoice (PDF and mail 6) is the receipts implementation's: nothing without it. */
  invoiceRequested(): Promise<InvoiceState> {
    return Promise.resolve({ number: null, requestedBefore: false });
  }
}
