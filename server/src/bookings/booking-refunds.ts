import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { enqueueJobs, type Job, type JobAttempt, type JobHandler } from '../shared/jobs.js';
import { pgTextArray } from '../shared/sql.js';
import type { Viewer } from '../users/viewer.service.js';
import type { BookingHistoryVia } from '../../../common/bookings/history.js';
import type { Booking } from './booking.entity.js';
import { findBookingOrFail } from './booking.queries.js';
import { mayOnBooking } from './booking.service.js';
import { recordBookingHistory, systemActor, viewerOrigin } from './booking-history.js';

/**
 * Refunds of citizens' cancellations (docs/bookings.md, "Cancellation policy and refunds"): one
 * record per cancellation with money to give back, written in the cancellation's transaction.
 * Paid online through a provider that refunds online (for now the built-in test provider), the
 * refund is executed by a job; otherwise it stays OPEN until the staff complete it. Every change of
 * a refund is a history entry of its booking.
 */

export const BOOKING_REFUND_JOB = 'booking-refund';

export type RefundState = 'OPEN' | 'COMPLETED' | 'FAILED';

export interface BookingRefundView {
  id: string;
  tenantId: string;
  /** The booking number. */
  bookingId: string;
  amountCents: number;
  reason: string;
  /** How the money goes back: the provider that refunds online ("testPayment"), else the way it was paid (CASH, TRANSFER, invoice, …). */
  way: string;
  /** Executed online by the job queue; otherwise the staff pay it back and complete it. */
  online: boolean;
  state: RefundState;
  /** Why the last online attempt failed; null otherwise. */
  failure: string | null;
  createdAt: Date;
  completedAt: Date | null;
  /** Who completed it: the staff member's name, or the provider. */
  completedBy: string | null;
}

/**
 * The payments domain's part (wired in services.ts): which providers give money back online, and
 * the refund itself. A refund carries its id, so a provider that takes an idempotency key never
 * pays one out twice; a failure is an answer, not an exception.
 */
export interface OnlineRefunds {
  refundsOnline(provider: string): boolean;
  refund(request: { tenantId: string; bookingNumber: string; refundId: string; provider: string; amountCents: number }): Promise<{ ok: true; by: string } | { ok: false; failure: string }>;
}

interface RefundRow {
  id: string;
  tenant_id: string;
  booking_number: string;
  amount_cents: number;
  reason: string;
  way: string;
  online: boolean;
  state: RefundState;
  failure: string | null;
  created_at: Date;
  completed_at: Date | null;
  completed_by: string | null;
}

const COLUMNS = 'id::text as id, tenant_id, booking_number, amount_cents, reason, way, online, state, failure, created_at, completed_at, completed_by';

const viewOf = (row: RefundRow): BookingRefundView => ({
  id: row.id,
  tenantId: row.tenant_id,
  bookingId: row.booking_number,
  amountCents: row.amount_cents,
  reason: row.reason,
  way: row.way,
  online: row.online,
  state: row.state,
  failure: row.failure,
  createdAt: new Date(row.created_at),
  completedAt: row.completed_at ? new Date(row.completed_at) : null,
  completedBy: row.completed_by,
});

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

/** The refunds of bookings of one tenant, oldest first, by booking number. */
export async function refundsOfBookings(em: EntityManager, tenantId: string, numbers: readonly string[]): Promise<Map<string, BookingRefundView[]>> {
  const refunds = new Map<string, BookingRefundView[]>(numbers.map((number) => [number, []]));
  if (numbers.length === 0) return refunds;
  const rows = await em.execute<RefundRow[]>(
    `select ${COLUMNS} from booking_refunds where tenant_id = ? and booking_number = any(?::text[]) order by created_at, id`,
    [tenantId, pgTextArray(numbers)],
  );
  for (const row of rows) refunds.get(row.booking_number)?.push(viewOf(row));
  return refunds;
}

/** Clears the reasons typed for a booking's refunds (a person may name themselves there): the anonymisation's part of them. Amounts, ways and states stay for the accounts. */
export async function clearRefundReasons(em: EntityManager, tenantId: string, number: string): Promise<void> {
  await em.execute(`update booking_refunds set reason = '' where tenant_id = ? and booking_number = ? and reason <> ''`, [tenantId, number]);
}

/** Which provider a booking was paid through online: the provider named by its last payment entry, if a provider recorded it. */
export async function onlinePaymentProvider(em: EntityManager, booking: Pick<Booking, 'number' | 'tenant'>): Promise<string | null> {
  const rows = await em.execute<{ actor_kind: string; actor_id: string | null }[]>(
    `select actor_kind, actor_id from booking_history where tenant_id = ? and booking_id = ? and action = 'paid' order by at desc, id desc limit 1`,
    [booking.tenant.id, booking.number],
  );
  const [last] = rows;
  return last?.actor_kind === 'payment_provider' && last.actor_id ? last.actor_id : null;
}

/** The way money goes back when the staff pay it: how it came in. */
const manualWay = (booking: Pick<Booking, 'paymentMethod' | 'paymentProvider'>) => booking.paymentMethod || booking.paymentProvider || 'MANUAL';

export class BookingRefunds {
  constructor(
    private readonly orm: MikroORM,
    private readonly online: OnlineRefunds,
  ) {}

  /**
   * Inside a cancellation's transaction, with the booking locked and its cancellation flushed: the
   * refund record, its history entry and, when it goes back online, its job (keyed by the refund,
   * so there is one job per refund). Null when nothing is to be given back. A repeat for the same
   * cancellation (same cancelledAt) is refused by the unique index: one refund per cancellation.
   */
  async open(tx: EntityManager, booking: Booking, amountCents: number, reason: string, via: BookingHistoryVia): Promise<BookingRefundView | null> {
    if (!(amountCents > 0)) return null;
    if (!booking.cancelledAt) throw new Error(`refund of booking ${booking.number} that is not cancelled`);
    const provider = await onlinePaymentProvider(tx, booking);
    const online = provider !== null && this.online.refundsOnline(provider);
    const way = online && provider ? provider : manualWay(booking);
    const [row] = await tx.execute<RefundRow[]>(
      `insert into booking_refunds (tenant_id, booking_key, booking_number, cancelled_at, amount_cents, reason, way, online)
       values (?, ?, ?, ?, ?, ?, ?, ?) returning ${COLUMNS}`,
      [booking.tenant.id, booking.key, booking.number, booking.cancelledAt, amountCents, reason, way, online],
    );
    const refund = viewOf(row);
    await recordBookingHistory(tx, {
      tenantId: booking.tenant.id,
      bookingId: booking.number,
      action: 'refund_opened',
      actor: systemActor,
      via,
      changes: [{ field: 'refund', before: null, after: { id: refund.id, amountCents, way, online } }],
      reason: online ? `${euros(amountCents)} werden online erstattet.` : `${euros(amountCents)} sind zu erstatten.`,
    });
    if (online) await enqueueJobs(tx, [refundJob(booking.tenant.id, refund.id)]);
    return refund;
  }

  /** Whether a refund of the booking would go back online: it was paid through a provider that refunds online. */
  async paysBackOnline(em: EntityManager, booking: Pick<Booking, 'number' | 'tenant'>): Promise<boolean> {
    const provider = await onlinePaymentProvider(em, booking);
    return provider !== null && this.online.refundsOnline(provider);
  }

  /** The refunds of one booking the viewer may read (staff of the booking). */
  async ofBooking(tenantId: string, bookingNumber: string): Promise<BookingRefundView[]> {
    return (await refundsOfBookings(this.orm.em.fork(), tenantId, [bookingNumber])).get(bookingNumber) ?? [];
  }

  /** A page of bookings' refunds together (the GraphQL field on a list). */
  async ofBookings(tenantId: string, bookingNumbers: readonly string[]): Promise<Map<string, BookingRefundView[]>> {
    return refundsOfBookings(this.orm.em.fork(), tenantId, bookingNumbers);
  }

  /**
   * completeRefund, POST refunds/{id}/complete: the staff paid the money back (or completed a
   * failed online one by hand). manageBookings update on the booking; a completed refund is
   * REFUND_ALREADY_COMPLETED; another tenant's or an unknown one is not found.
   */
  async complete(viewer: Viewer, tenantId: string, refundId: string, via: BookingHistoryVia): Promise<BookingRefundView> {
    if (!isUuid(refundId)) throw new AppError('generic.not-found');
    return this.orm.em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<RefundRow[]>(`select ${COLUMNS} from booking_refunds where id = ? and tenant_id = ? for update`, [refundId, tenantId]);
      if (!row) throw new AppError('generic.not-found');
      const booking = await findBookingOrFail(tx, tenantId, row.booking_number);
      if (!mayOnBooking(viewer, 'update', booking)) throw new AppError('auth.forbidden');
      if (row.state === 'COMPLETED') throw new AppError('refund.already-completed');
      const origin = viewerOrigin(viewer, via);
      const [done] = await tx.execute<RefundRow[]>(
        `update booking_refunds set state = 'COMPLETED', completed_at = now(), completed_by = ?, failure = null where id = ? returning ${COLUMNS}`,
        [origin.actor.label, refundId],
      );
      await recordBookingHistory(tx, {
        tenantId,
        bookingId: row.booking_number,
        action: 'refund_completed',
        ...origin,
        changes: [{ field: 'refundState', before: row.state, after: 'COMPLETED' }],
        reason: `${euros(row.amount_cents)} erstattet.`,
      });
      return viewOf(done);
    });
  }

  handlers(): Record<string, JobHandler> {
    return { [BOOKING_REFUND_JOB]: (payload, attempt) => this.runOnline(payload, attempt) };
  }

  /**
   * Job booking-refund: the online refund, once. The refund's row is locked while the provider is
   * asked, so a second run of the same job waits and then finds it COMPLETED; a failure is recorded
   * (FAILED, with its reason, in the history once) and thrown, so the queue retries it with its
   * backoff; a later success completes it.
   */
  async runOnline(payload: Record<string, unknown>, attempt: JobAttempt): Promise<void> {
    const tenantId = typeof payload.tenantId === 'string' ? payload.tenantId : '';
    const refundId = typeof payload.refundId === 'string' && isUuid(payload.refundId) ? payload.refundId : '';
    if (!tenantId || !refundId) throw new Error(`invalid booking refund payload: ${JSON.stringify(payload)}`);
    const failure = await this.orm.em.fork().transactional(async (tx): Promise<string | null> => {
      const [row] = await tx.execute<RefundRow[]>(`select ${COLUMNS} from booking_refunds where id = ? and tenant_id = ? for update`, [refundId, tenantId]);
      // Gone with its booking, completed by an earlier run or by the staff: nothing left to do.
      if (!row || row.state === 'COMPLETED' || !row.online) return null;
      const outcome = await this.online.refund({ tenantId, bookingNumber: row.booking_number, refundId, provider: row.way, amountCents: row.amount_cents });
      const actor = { kind: 'payment_provider' as const, id: row.way, label: outcome.ok ? outcome.by : row.way };
      if (outcome.ok) {
        await tx.execute(`update booking_refunds set state = 'COMPLETED', completed_at = now(), completed_by = ?, failure = null where id = ?`, [outcome.by, refundId]);
        await recordBookingHistory(tx, {
          tenantId,
          bookingId: row.booking_number,
          action: 'refund_completed',
          actor,
          via: 'job',
          changes: [{ field: 'refundState', before: row.state, after: 'COMPLETED' }],
          reason: `${euros(row.amount_cents)} online erstattet.`,
        });
        return null;
      }
      await tx.execute(`update booking_refunds set state = 'FAILED', failure = ? where id = ?`, [outcome.failure, refundId]);
      // Retries of a failure already recorded add no further entries.
      if (row.state !== 'FAILED') {
        await recordBookingHistory(tx, {
          tenantId,
          bookingId: row.booking_number,
          action: 'refund_failed',
          actor,
          via: 'job',
          changes: [{ field: 'refundState', before: row.state, after: 'FAILED' }],
          reason: outcome.failure,
        });
      }
      return outcome.failure;
    });
    if (failure !== null) throw new Error(`refund ${refundId} failed (attempt ${attempt.number}): ${failure}`);
  }
}

export function refundJob(tenantId: string, refundId: string): Job {
  return { name: BOOKING_REFUND_JOB, payload: { tenantId, refundId }, key: `booking-refund:${refundId}` };
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    bookingRefunds: BookingRefunds;
  }
}
