import type { EntityManager } from '@mikro-orm/postgresql';
import { bookingMailJob } from '../bookings/booking.jobs.js';
import { findBooking } from '../bookings/booking.queries.js';
import { enqueueJobs, type Job } from '../shared/jobs.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { activePaymentApplication, isOnlineProvider } from './payment-applications.js';
import type { InvoiceState, PaymentFollowUps } from './payment-follow-ups.js';

/**
 * The follow-ups without documents: the mails of a payment as durable jobs in the change's
 * transaction. Receipts and invoices (PDFs, mails 2 with receipt, 5 and 6) come from the receipts
 * implementation of PaymentFollowUps, which replaces this one in services.ts and may delegate the
 * online payment request (mail 4) to `paymentRequested` here.
 */
export class MailPaymentFollowUps implements PaymentFollowUps {
  /** The tenant hears of the payment; a released booking's customer gets the confirmation (mail 2, without receipt here). */
  async paid(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void> {
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking || booking.isRejected) return;
    const jobs: Job[] = booking.isCommitted ? [bookingMailJob({ tenantId, bookingId: bookingNumber, kind: 'confirmed' })] : [];
    jobs.push(bookingMailJob({ tenantId, bookingId: bookingNumber, kind: 'tenant-payment-received' }));
    await enqueueJobs(em, jobs);
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
