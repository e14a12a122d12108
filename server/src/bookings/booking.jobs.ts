import type { EntityManager } from '@mikro-orm/postgresql';
import { enqueueJobs, type Job } from '../shared/jobs.js';
import { notifyCall, type BookingChangedEvent } from '../shared/pubsub.js';
import { enqueueBookingWebhooks, type BookingWebhookState, type BookingWebhookType } from './booking.webhooks.js';

/**
 * The side effects of a booking change, written inside the change's transaction: mails as durable
 * jobs, the live event as a transactional NOTIFY (both happen exactly when the change commits).
 */

export const BOOKING_MAIL_JOB = 'booking-mail';
/** Expands into one organiser mail (10) per contact address of the booked tickets' events. */
export const BOOKING_ORGANIZER_MAILS_JOB = 'booking-organizer-mails';

/** The booking mails, numbered as in docs/bookings.md, “Booking mails”. */
export const bookingMailKinds = [
  /** 1: request received, waiting for release. */
  'request-received',
  /** 2: booked (released and paid, or free). */
  'confirmed',
  /** 3: released by staff, nothing to pay (a paid booking's release is mail 2 with its receipt). */
  'released',
  /** 4: released, please pay online through the link (giroCockpit, pmPayment). */
  'payment-requested',
  /** Released with something to pay to a tenant without payment through the platform: how to pay. */
  'payment-direct',
  /** 5: released, to be paid by transfer: the invoice is attached. */
  'invoice-payment-request',
  /** 6: the invoice asked for at payment (invoice provider), attached. */
  'invoice',
  /** 7: a released booking cancelled ("storniert"), with the reason. */
  'rejected',
  /** A booking request rejected before its release ("abgelehnt"), with the reason. */
  'declined',
  /** 8: the customer asked to cancel; the mail holds the confirmation link. */
  'cancellation-requested',
  /** 9: to the tenant's address: a new booking request arrived and waits for its release. */
  'tenant-new-booking',
  /** To the tenant's address: a new booking arrived that was released at once (nothing to process). */
  'tenant-booking-released',
  /** To the tenant's address: a payment of a booking arrived (online, or marked paid by staff). */
  'tenant-payment-received',
  /** To the tenant's address: a paid booking was cancelled; its money is to be refunded. */
  'tenant-refund-due',
  /** 10: to an organiser contact of a booked ticket's event (`to`): a new booking. */
  'organizer-new-booking',
  /** Staff changed a series from one of its dates on: the dates from then on (`seriesDates`). */
  'series-changed',
] as const;
export type BookingMailKind = (typeof bookingMailKinds)[number];

export interface BookingMailPayload {
  tenantId: string;
  /** The booking number (the mail is skipped when the booking no longer exists). */
  bookingId: string;
  kind: BookingMailKind;
  /** rejected, declined: the reason; cancellation-requested: the hook id of the link. */
  reason?: string;
  hookId?: string;
  /** organizer-new-booking: the organiser's address. */
  to?: string;
  /**
   * rejected, declined, released of a series action, confirmed of a series paid together: the numbers of the series' bookings the action
   * changed; the one mail (sent for the first of them) names these dates instead of one mail each.
   */
  seriesDates?: string[];
  /** rejected and tenant-refund-due of a citizen's cancellation under the object's policy: what is given back, in cents (0: nothing). */
  refundCents?: number;
  /** The booking as it was when deleted is not needed: mails of deleted bookings are dropped. */
}

export function bookingMailJob(payload: BookingMailPayload): Job {
  return { name: BOOKING_MAIL_JOB, payload: { ...payload } };
}

export function organizerMailsJob(tenantId: string, bookingId: string): Job {
  return { name: BOOKING_ORGANIZER_MAILS_JOB, payload: { tenantId, bookingId } };
}

/** Whether a booking holds tickets of events (their organisers hear of it, mail 10). */
export const holdsTickets = (snapshots: readonly ({ type?: string | null } | null | undefined)[]): boolean => snapshots.some((snapshot) => snapshot?.type === 'ticket');

/**
 * Mails of a stored new booking. The tenant
 * hears of a request that waits for its release as such; a booking released at once (an object or
 * ticket that releases itself) is announced as a new booking, as there is nothing to process.
 */
export function newBookingMailJobs(tenantId: string, bookingId: string, flags: { isCommitted: boolean; isPayed: boolean }, tickets = false): Job[] {
  const jobs: Job[] = [];
  if (!flags.isCommitted) jobs.push(bookingMailJob({ tenantId, bookingId, kind: 'request-received' }));
  else if (flags.isPayed) jobs.push(bookingMailJob({ tenantId, bookingId, kind: 'confirmed' }));
  if (flags.isCommitted && flags.isPayed && tickets) jobs.push(organizerMailsJob(tenantId, bookingId));
  jobs.push(bookingMailJob({ tenantId, bookingId, kind: flags.isCommitted ? 'tenant-booking-released' : 'tenant-new-booking' }));
  return jobs;
}

/**
 * The mails of a rejection: to the customer "abgelehnt" for a request never released, "storniert"
 * for a released booking (both say that the office gets in touch about the money of a paid one);
 * for a paid booking also the tenant's address, that a refund is due.
 */
export function rejectionMailJobs(tenantId: string, bookingId: string, wasReleased: boolean, reason: string, paid: boolean, refund?: CustomerRefund): Job[] {
  if (refund) {
    // A citizen's cancellation under the object's policy: both mails name the refund; the office hears only of one it must pay itself.
    const customer = bookingMailJob({ tenantId, bookingId, kind: 'rejected', reason, refundCents: refund.cents });
    return paid && refund.cents > 0 && !refund.online ? [customer, bookingMailJob({ tenantId, bookingId, kind: 'tenant-refund-due', reason, refundCents: refund.cents })] : [customer];
  }
  const customer = bookingMailJob({ tenantId, bookingId, kind: wasReleased ? 'rejected' : 'declined', reason });
  return paid ? [customer, bookingMailJob({ tenantId, bookingId, kind: 'tenant-refund-due', reason })] : [customer];
}

/** What a citizen's cancellation under the policy gives back, for its mails: cents (0: nothing), and whether a provider pays it back online. */
export interface CustomerRefund {
  cents: number;
  online: boolean;
}

const defaultWebhookTypes: Record<BookingChangedEvent['action'], BookingWebhookType> = { CREATED: 'booking.created', UPDATED: 'booking.changed', DELETED: 'booking.deleted' };

/** More objects than this are not named in the live event (NOTIFY's payload stays well below its limit). */
export const MAX_EVENT_BOOKABLE_IDS = 100;

/** A booking change as its callers describe it; the objects are read from the stored items unless given. */
export type BookingChange = Omit<BookingChangedEvent, 'bookableIds'> & {
  /** The objects before and after the change, when the stored items no longer show both (a move). */
  bookableIds?: readonly string[];
  /** The booking as webhooks showed it before the change (bookingStateBeforeChange); without it no `booking.changed` is sent. */
  webhookBefore?: BookingWebhookState | null;
};

/** The objects the booking's stored items hold now (before a delete is flushed: its last ones). */
async function storedBookableIds(em: EntityManager, tenantId: string, number: string): Promise<string[]> {
  const rows = await em.execute<{ bookable_id: string }[]>(
    'select distinct i.bookable_id from booking_items i where i.booking_key = (select b.key from bookings b where b.tenant_id = ? and b.number = ?)',
    [tenantId, number],
  );
  return rows.map((row) => row.bookable_id);
}

/**
 * Jobs, webhooks and the live event of one booking change, inside its transaction. The webhook
 * events follow the action unless the caller names the status transitions (released, paid…). The
 * live event names the objects the booking touched, so a schedule hears of a delete or a move too.
 */
export async function recordBookingChange(em: EntityManager, change: BookingChange, jobs: readonly Job[] = [], webhookTypes?: readonly BookingWebhookType[]): Promise<void> {
  const { bookableIds, webhookBefore, ...rest } = change;
  const objects = [...new Set(bookableIds ?? (await storedBookableIds(em, change.tenantId, change.id)))];
  const event: BookingChangedEvent = { ...rest, bookableIds: objects.length > MAX_EVENT_BOOKABLE_IDS ? null : objects };
  await enqueueBookingWebhooks(em, event.tenantId, event.id, webhookTypes ?? [defaultWebhookTypes[event.action]], webhookBefore ?? null);
  await enqueueJobs(em, jobs, [notifyCall('BOOKING_CHANGED', event.tenantId, event)]);
}
