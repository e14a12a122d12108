import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  commonPolicy,
  policyOrDefault,
  refundDecision,
  staffDecisionTexts,
  type CancellationTier,
  type RefundDecision,
  type StaffDecisionReason,
} from '../../../common/bookables/cancellation-policy.js';
import { cancelMyBookingSchema } from '../../../common/bookings/cancellation.schema.js';
import type { BookingHistoryVia } from '../../../common/bookings/history.js';
import { ticketEventIds } from '../../../common/bookings/ticket-event.js';
import { formatEuro } from '../../../common/format/german.js';
import { AppError } from '../shared/errors.js';
import { parseInput } from '../shared/schema-input.js';
import { requireAccountHolder, type Viewer } from '../users/viewer.service.js';
import type { Booking } from './booking.entity.js';
import { bookingView, findBookingOrFail } from './booking.queries.js';
import type { StatusAsker, StatusTokenGuesses } from './booking-name-guesses.js';
import { refundsOfBookings, type BookingRefunds, type BookingRefundView } from './booking-refunds.js';
import { plainReason, type BookingStatusService } from './booking-status.service.js';
import { hashStatusToken, looksLikeStatusToken } from './booking-status-token.js';
import type { EventDirectory } from './event-seats.js';
import type { MyBookingState } from './my-bookings.js';

/** A cancellation done, or left to the staff as a request (a mailed confirmation link, as before policies). */
export type CancellationOutcome = 'CANCELLED' | 'REQUESTED';

/** What the cancellation gives back, or that the staff decide (then refundCents is 0). */
export interface RefundQuote {
  staffDecides: boolean;
  staffReason: StaffDecisionReason | null;
  /** The answer in one German sentence, for the page that shows it. */
  note: string;
  tier: CancellationTier | null;
  /** Calendar days in Berlin from the cancellation to the start; null when the staff decide. */
  daysBefore: number | null;
  paidCents: number;
  feeCents: number;
  refundCents: number;
  /** The refund recorded by this cancellation; null when simulated, requested or nothing is given back. */
  record: BookingRefundView | null;
}

/** The booking after the call, as its owner may read it. */
export interface CancelledBookingView {
  tenantId: string;
  /** The booking number. */
  id: string;
  state: MyBookingState;
  isPayed: boolean;
  priceEur: number;
  cancelledAt: Date | null;
  refunds: BookingRefundView[];
}

export interface CancellationAnswer {
  outcome: CancellationOutcome;
  simulated: boolean;
  booking: CancelledBookingView;
  refund: RefundQuote;
}

/** Who cancels: the signed-in account, or whoever holds the status token the checkout answered. */
export interface CancellationCaller {
  viewer: Viewer | null;
  statusToken: string | null;
  asker: StatusAsker;
}

/** Thrown inside the locked change when the decision moved to the staff meanwhile (the start passed between preview and lock). */
class LeftToStaff extends Error {}

const stateOf = (booking: Pick<Booking, 'isCommitted' | 'isRejected'>): MyBookingState =>
  booking.isRejected ? (booking.isCommitted ? 'CANCELLED' : 'REJECTED') : booking.isCommitted ? 'RELEASED' : 'PENDING';

function quoteOf(decision: RefundDecision, record: BookingRefundView | null): RefundQuote {
  if (decision.kind === 'staff') {
    return { staffDecides: true, staffReason: decision.reason, note: staffDecisionTexts[decision.reason], tier: null, daysBefore: null, paidCents: decision.paidCents, feeCents: 0, refundCents: 0, record: null };
  }
  const note =
    decision.paidCents === 0
      ? 'Die Buchung ist nicht bezahlt; es ist nichts zu erstatten.'
      : decision.refundCents > 0
        ? `Sie erhalten ${formatEuro(decision.refundCents / 100)} von ${formatEuro(decision.paidCents / 100)} zurück.`
        : `Nach den Stornobedingungen wird von ${formatEuro(decision.paidCents / 100)} nichts erstattet.`;
  return { staffDecides: false, staffReason: null, note, tier: decision.tier, daysBefore: decision.daysBefore, paidCents: decision.paidCents, feeCents: decision.feeCents, refundCents: decision.refundCents, record };
}

/**
 * A citizen cancels their own booking (cancelMyBooking, POST bookings/{id}/cancel; docs/bookings.md,
 * "Cancellation policy and refunds"): allowed for the account the booking is assigned to and for
 * the holder of its status token. The objects' policy (as booked) decides: allowed and not begun,
 * the booking is cancelled at once through the status flows' locked change and a refund > 0 is
 * recorded (bookings/booking-refunds.ts); otherwise it becomes a cancellation request as before.
 * `simulate` answers the same without changing anything.
 */
export class BookingCancellation {
  constructor(
    private readonly orm: MikroORM,
    private readonly status: BookingStatusService,
    private readonly refunds: BookingRefunds,
    private readonly tokenGuesses: StatusTokenGuesses,
    private readonly events: Pick<EventDirectory, 'ticketEvents'> | null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async cancel(caller: CancellationCaller, tenantId: string, id: string, input: unknown, via: BookingHistoryVia): Promise<CancellationAnswer> {
    const { reason, simulate } = parseInput(cancelMyBookingSchema, input ?? {});
    const found = await this.authorised(this.orm.em.fork(), caller, tenantId, id);
    if (found.isRejected) throw new AppError('booking.already-cancelled');
    const preview = await this.decisionFor(found, this.now());
    if (simulate) return this.answer(tenantId, found.number, preview.kind === 'staff' ? 'REQUESTED' : 'CANCELLED', true, quoteOf(preview, null));
    if (preview.kind === 'staff') return this.request(caller, tenantId, found.number, reason, via, preview);
    try {
      let record: BookingRefundView | null = null;
      const { decision } = await this.status.cancelByCustomer(tenantId, found.number, reason, via, {
        decide: async (locked, tx) => {
          // The loser of two cancellations at once waits for the lock and finds the booking cancelled.
          if (locked.isRejected) throw new AppError('booking.already-cancelled');
          const decided = await this.decisionFor(locked, this.now());
          if (decided.kind === 'staff') throw new LeftToStaff();
          return { decided, online: decided.refundCents > 0 && (await this.refunds.paysBackOnline(tx, locked)) };
        },
        refundOf: ({ decided, online }) => ({ cents: decided.refundCents, online }),
        record: async (locked, tx, { decided }) => {
          record = await this.refunds.open(tx, locked, decided.refundCents, plainReason(reason), via);
        },
      });
      return this.answer(tenantId, found.number, 'CANCELLED', false, quoteOf(decision.decided, record));
    } catch (error) {
      if (!(error instanceof LeftToStaff)) throw error;
      return this.request(caller, tenantId, found.number, reason, via, await this.decisionFor(found, this.now()));
    }
  }

  /** Not the citizen's to decide: a cancellation request as before policies (a mailed link to confirm it, limited per booking and address). */
  private async request(caller: CancellationCaller, tenantId: string, number: string, reason: string, via: BookingHistoryVia, decision: RefundDecision): Promise<CancellationAnswer> {
    await this.status.requestReject(tenantId, number, reason, caller.asker, via);
    return this.answer(tenantId, number, 'REQUESTED', false, quoteOf(decision, null));
  }

  /**
   * The booking, when the caller may cancel it: with a status token, the booking that token opens
   * (every try counts as a guess until the token proves right, as the status page counts them);
   * otherwise the signed-in account's own booking. An API token alone owns no booking.
   */
  private async authorised(em: EntityManager, caller: CancellationCaller, tenantId: string, id: string): Promise<Booking> {
    const token = caller.statusToken?.trim() ?? '';
    if (token) {
      await this.tokenGuesses.count(caller.asker);
      const booking = await findBookingOrFail(em, tenantId, id);
      if (!looksLikeStatusToken(token) || !booking.statusTokenHashes.includes(hashStatusToken(token))) throw new AppError('booking.not-yours');
      await this.tokenGuesses.rightToken(caller.asker);
      return booking;
    }
    if (!caller.viewer) throw new AppError('auth.unauthenticated');
    requireAccountHolder(caller.viewer);
    const booking = await findBookingOrFail(em, tenantId, id);
    if (!booking.assignedUserId || booking.assignedUserId !== caller.viewer.user.id) throw new AppError('booking.not-yours');
    return booking;
  }

  /** The refund rule on the booking as it is: its objects' common policy as booked, what was paid, its start (for tickets their event's). */
  private async decisionFor(booking: Booking, at: Date): Promise<RefundDecision> {
    const view = bookingView(booking);
    const policy = commonPolicy(view.bookableItems.map((item) => policyOrDefault((item._bookableUsed as Partial<typeof item._bookableUsed>).cancellationPolicy)));
    const paidCents = booking.isPayed && booking.priceEur > 0 ? Math.round(booking.priceEur * 100) : 0;
    return refundDecision({ policy, paidCents, begin: booking.timeBegin ?? (await this.ticketStart(booking.tenant.id, ticketEventIds(view.bookableItems))), at });
  }

  /** A booking of tickets begins with the earliest of their events. */
  private async ticketStart(tenantId: string, eventIds: readonly string[]): Promise<Date | null> {
    if (eventIds.length === 0 || !this.events) return null;
    const starts = [...(await this.events.ticketEvents(tenantId, eventIds)).values()].flatMap((event) => (event.startsAt === null ? [] : [event.startsAt]));
    return starts.length > 0 ? new Date(Math.min(...starts)) : null;
  }

  private async answer(tenantId: string, number: string, outcome: CancellationOutcome, simulated: boolean, refund: RefundQuote): Promise<CancellationAnswer> {
    const em = this.orm.em.fork();
    const booking = await findBookingOrFail(em, tenantId, number);
    const refunds = (await refundsOfBookings(em, tenantId, [number])).get(number) ?? [];
    return {
      outcome,
      simulated,
      refund,
      booking: { tenantId, id: number, state: stateOf(booking), isPayed: booking.isPayed, priceEur: booking.priceEur, cancelledAt: booking.cancelledAt ?? null, refunds },
    };
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    bookingCancellation: BookingCancellation;
  }
}
