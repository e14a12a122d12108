import type { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from '../shared/jobs.js';
import type { Booking } from './booking.entity.js';
import { BOOKING_MAIL_JOB } from './booking.jobs.js';

/**
 * What the bookings domain asks for when a booking is paid or its payment is requested by invoice:
 * the documents and the mails that carry them. The receipts domain answers it (wired in
 * services.ts); every call runs inside the transaction that changed the booking and only enqueues
 * jobs, so the documents and mails exist exactly when the change commits.
 */
export interface BookingDocuments {
  /** The booking became paid while released: issue its receipt and send the confirmation (mail 2) with it. */
  paid(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void>;
  /** A released, unpaid booking of the invoice provider: issue the invoice and send it (mail 5). */
  paymentRequested(em: EntityManager, tenantId: string, bookingNumber: string): Promise<void>;
}

/** Whether a paid, released booking gets a receipt: only when there was something to pay (rest-contract 5.2 rule 7). */
export const needsReceipt = (booking: Pick<Booking, 'isCommitted' | 'isRejected' | 'isPayed' | 'priceEur'>): boolean =>
  booking.isCommitted && !booking.isRejected && booking.isPayed && booking.priceEur > 0;

/** Whether releasing an unpaid booking asks for payment by invoice (rest-contract 5.2 rule 1). */
export const needsInvoice = (booking: Pick<Booking, 'isCommitted' | 'isRejected' | 'isPayed' | 'priceEur' | 'paymentProvider'>): boolean =>
  booking.isCommitted && !booking.isRejected && !booking.isPayed && booking.priceEur > 0 && booking.paymentProvider === 'invoice';

type DocumentFlags = Pick<Booking, 'isCommitted' | 'isRejected' | 'isPayed' | 'priceEur' | 'paymentProvider'>;

/** The flags that decide about documents, taken before a change. */
export const documentFlags = (booking: DocumentFlags): DocumentFlags => ({
  isCommitted: booking.isCommitted,
  isRejected: booking.isRejected,
  isPayed: booking.isPayed,
  priceEur: booking.priceEur,
  paymentProvider: booking.paymentProvider ?? null,
});

/**
 * After a change (inside its transaction): a booking that has just become released and paid with
 * something paid gets its receipt, one that has just become released and unpaid with the invoice
 * provider its invoice. The receipt travels with the confirmation, so the plain confirmation or
 * release mail of the same change is dropped (one mail, not two). `before` is null for a new booking.
 */
export async function withDocumentFollowUps(em: EntityManager, documents: BookingDocuments | null, before: DocumentFlags | null, booking: Booking, jobs: Job[]): Promise<Job[]> {
  if (!documents) return jobs;
  const tenantId = booking.tenant.id;
  if (needsReceipt(booking) && !(before && needsReceipt(before))) {
    await documents.paid(em, tenantId, booking.number);
    return jobs.filter((job) => !(job.name === BOOKING_MAIL_JOB && job.payload.bookingId === booking.number && (job.payload.kind === 'confirmed' || job.payload.kind === 'released')));
  }
  if (needsInvoice(booking) && !(before && needsInvoice(before))) await documents.paymentRequested(em, tenantId, booking.number);
  return jobs;
}
