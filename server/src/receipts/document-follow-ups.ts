import type { EntityManager } from '@mikro-orm/postgresql';
import { bookingMailJob } from '../bookings/booking.jobs.js';
import type { PaidOptions } from '../bookings/booking-payment-events.js';
import { findBooking } from '../bookings/booking.queries.js';
import { releasedPaidDates, type MailPaymentFollowUps } from '../payments/mail-follow-ups.js';
import { activePaymentApplication } from '../payments/payment-applications.js';
import type { PaymentFollowUps } from '../payments/payment-follow-ups.js';
import { enqueueJobs } from '../shared/jobs.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { InvoiceRequest, ReceiptService } from './receipt.service.js';

/**
 * The follow-ups of a payment with their documents (wired in services.ts in place of the mails
 * alone): a paid, released booking with a price gets its receipt with the confirmation (mail 2),
 * at the payment or, when it was paid first, at its release; the tenant hears of every payment
 * ("Zahlung eingegangen"); releasing an unpaid invoice booking sends the invoice
 * (mail 5), asking for payment by invoice sends it as mail 6. The online payment link (mail 4) and
 * what has no document stay with the payments domain's mails. Every method only enqueues jobs in
 * the change's transaction (see PaymentFollowUps).
 */
export class DocumentPaymentFollowUps implements PaymentFollowUps {
  constructor(
    private readonly receipts: ReceiptService,
    private readonly mails: MailPaymentFollowUps,
  ) {}

  async paid(em: EntityManager, tenantId: string, bookingNumber: string, options: PaidOptions = { customerFollowUps: true }): Promise<void> {
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking || booking.isRejected) return;
    if (booking.priceEur <= 0) return this.mails.paid(em, tenantId, bookingNumber, options);
    // Waiting for its release: the customer's receipt comes with the release (paidBookingReleased).
    // Paid with other dates of its series: their one receipt comes from seriesPaid.
    if (booking.isCommitted && options.customerFollowUps) await this.receipts.enqueueReceiptFor(em, tenantId, bookingNumber);
    await enqueueJobs(em, [bookingMailJob({ tenantId, bookingId: bookingNumber, kind: 'tenant-payment-received' })]);
  }

  /** One receipt of the series listing the released dates paid together, with one mail 2 naming them. */
  async seriesPaid(em: EntityManager, tenantId: string, seriesId: string, bookingNumbers: readonly string[]): Promise<void> {
    const released = await releasedPaidDates(em, tenantId, bookingNumbers);
    if (released.length > 0) await this.receipts.enqueueSeriesReceipt(em, tenantId, seriesId, released);
  }

  async paidBookingReleased(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void> {
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking?.isCommitted || booking.isRejected || !booking.isPayed) return;
    if (booking.priceEur <= 0) return this.mails.paidBookingReleased(em, tenantId, bookingNumber);
    await this.receipts.enqueueReceiptAtRelease(em, tenantId, bookingNumber);
  }

  async paymentRequested(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void> {
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking || booking.isPayed) return;
    if (booking.paymentProvider === 'invoice') {
      // Only while the tenant offers the invoice: the customer could not ask for it otherwise either.
      const tenant = await em.findOne(Tenant, { id: tenantId });
      if (!tenant || !activePaymentApplication(tenant.applications, 'invoice')) return;
      // A series is charged by one invoice for its dates to be paid, not one per date.
      if (booking.seriesId) return this.receipts.requestSeriesInvoice(em, tenantId, booking.seriesId, 'invoice-payment-request');
      await this.receipts.requestInvoiceOnce(em, tenantId, bookingNumber, 'invoice-payment-request');
      return;
    }
    return this.mails.paymentRequested(em, tenantId, bookingNumber);
  }

  async seriesDateChanged(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void> {
    const booking = await findBooking(em, tenantId, bookingNumber);
    if (!booking?.seriesId || booking.paymentProvider !== 'invoice') return;
    if (await this.receipts.seriesInvoiced(em, tenantId, booking.seriesId)) await this.receipts.requestSeriesInvoice(em, tenantId, booking.seriesId, 'invoice');
  }

  /** Once per booking and amount: a release that already sent the invoice (mail 5) is not followed by another. */
  invoiceRequested(em: EntityManager, tenantId: string, bookingNumber: string): Promise<InvoiceRequest> {
    return this.receipts.requestInvoiceOnce(em, tenantId, bookingNumber, 'invoice');
  }
}
