import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '../shared/errors.js';
import { enqueueJobs, type Job } from '../shared/jobs.js';
import { lockedSeriesBookings, seriesBookings } from './series/booking-series.queries.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { ClientAddress, RateLimiter } from '../shared/rate-limit.js';
import type { Viewer } from '../users/viewer.service.js';
import type { WorkflowBookingStatus } from '../workflow/workflow.entity.js';
import type { WorkflowService } from '../workflow/workflow.service.js';
import { paymentStateOf, paymentTransitions, reportPaymentEvents, type BookingPaymentEvents, type PaidOptions } from './booking-payment-events.js';
import type { Booking } from './booking.entity.js';
import type { BookingHook } from './booking.model.js';
import { bookingMailJob, holdsTickets, organizerMailsJob, recordBookingChange, rejectionMailJobs, type CustomerRefund } from './booking.jobs.js';
import { bookingStateBeforeChange, bookingWebhookTypes } from './booking.webhooks.js';
import { familiesOf, findBooking, findBookingOrFail } from './booking.queries.js';
import { activeLockerSystems, lockerActivationJobs, lockerReleaseJobs } from './booking-lockers.js';
import { isBookingNumber } from './booking-number.js';
import type { BookingOccupancyGuard, OccupancyClaim } from './booking-occupancy-guard.js';
import { mayOnBooking } from './booking.service.js';
import { citizenActor, historyDiff, historyValuesOf, recordBookingHistory, statusEntries, statusFlagsOf, viewerOrigin, type ChangeOrigin } from './booking-history.js';
import type { BookingHistoryVia } from '../../../common/bookings/history.js';
import { markPaidSchema, type MarkPaidInput } from '../../../common/bookings/booking-edit.schema.js';
import { parseInput } from '../shared/schema-input.js';
import { setBookingState } from './booking-state.js';
import type { TicketEntryCodes } from './ticket-entry-codes.js';

/** A second cancellation request this soon after one adds no link and no mail (the button may be pressed twice). */
const REQUEST_MAIL_INTERVAL_MS = 60_000;
/** A mailed cancellation link is valid this long; older ones are pruned at the next change of the booking. */
const CANCELLATION_LINK_LIFETIME_MS = 7 * 24 * 3_600_000;
/** Each request mails the customer: at most this many per booking and per client address in a day. */
const CANCELLATION_REQUESTS_PER_BOOKING = 5;
const CANCELLATION_REQUESTS_PER_ADDRESS = 20;
const CANCELLATION_REQUEST_WINDOW_SECONDS = 24 * 3600;
const MAX_REASON = 2000;

/** What the cancellation confirmation page shows of the booking behind a mailed link. */
export interface PendingCancellation {
  bookingId: string;
  titles: string[];
  timeBegin: Date | null;
  timeEnd: Date | null;
  reason: string;
  validUntil: Date;
  /** What the customer paid (gross EUR), when the booking is paid with a price: its money is not refunded by the platform. */
  paidEur: number | null;
  /** A date of a series: its later dates the customer may cancel with it (not cancelled, not begun), earliest first. */
  followingDates: { bookingId: string; timeBegin: Date | null; timeEnd: Date | null }[];
}

/** The later dates of a booking's series that a cancellation "this and all following" takes with it. */
function followingDatesOf(booking: Booking, seriesDates: readonly Booking[], now: number): Booking[] {
  const from = seriesDates.findIndex((date) => date.number === booking.number);
  if (from < 0) return [];
  return seriesDates.slice(from + 1).filter((date) => !date.isRejected && !(date.timeBegin && date.timeBegin.getTime() <= now));
}

/** The stored form of a link's token: a leaked database holds no usable link. */
const hookTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The cancellation links that have not expired yet. */
const liveHooks = (hooks: readonly BookingHook[], now: number) => hooks.filter((hook) => now - hook.timeCreated < CANCELLATION_LINK_LIFETIME_MS);

const findLiveHook = (hooks: readonly BookingHook[], token: string, now: number) => {
  const hash = hookTokenHash(token);
  return liveHooks(hooks, now).find((hook) => hook.tokenHash === hash);
};

/** HTML tags leave the reason before it is stored and mailed (docs/bookings.md, status flows). */
export function plainReason(reason: unknown): string {
  if (typeof reason !== 'string') return '';
  return reason.replace(/<[^>]*>/g, '').trim().slice(0, MAX_REASON);
}

/** What the history adds to a status entry: the reason given, and whether the customer cancelled. */
interface HistoryNote {
  reason?: string;
  cancelledByCustomer?: boolean;
}

/** A change's jobs, and where only the change itself knows it (a confirmed link's reason), its history note. */
type AppliedChange = Job[] | { jobs: Job[]; history: HistoryNote };

/** A change made as part of an action on several bookings (a series): its own customer mail is left out, the action sends one for all. */
export interface GroupedChangeOptions {
  customerMail: false;
}

/**
 * Release and reject of several bookings in one transaction (series actions): each booking is
 * locked and changed exactly as by the single commit and reject (rights, history, webhooks, live
 * event, payment events, board), only the customer's own mail is left to the caller.
 */
export interface GroupedBookingChanges {
  readonly tx: EntityManager;
  /** Released as by commit(); false when it was released already. */
  commit(id: string): Promise<boolean>;
  /** Rejected as by reject(); false when it was rejected already. */
  reject(id: string, reason: string): Promise<boolean>;
  /** Marked paid as by markPaid(), without the customer's own receipt; false when it was paid already. */
  markPaid(id: string, paymentMethod: MarkPaidInput['paymentMethod']): Promise<boolean>;
  /** The one receipt and confirmation of dates of a series marked paid in this change (markPaid above). */
  paidTogether(seriesId: string, bookingNumbers: readonly string[]): Promise<void>;
}

/**
 * The status flows of a booking (docs/bookings.md): release, reject, the public
 * cancellation with its confirmation link, delete and the workflow's status actions (inside the
 * move's transaction). Each change is one transaction with a row lock on the booking; its mails and
 * live event are written in it. Releasing a rejected booking goes through the occupancy guard.
 */
export class BookingStatusService {
  constructor(
    private readonly orm: MikroORM,
    private readonly workflows: WorkflowService,
    private readonly payments: BookingPaymentEvents,
    private readonly guard: BookingOccupancyGuard,
    private readonly attempts: RateLimiter,
    private readonly ticketCodes: TicketEntryCodes,
  ) {}

  /**
   * GET bookings/:id/commit: released (and no longer rejected); mails the release when nothing is to
   * pay. A rejected booking occupies again: refused (409) when its objects are taken meanwhile.
   */
  async commit(viewer: Viewer, tenantId: string, id: string, via: BookingHistoryVia): Promise<void> {
    await this.change(tenantId, id, viewerOrigin(viewer, via), (booking, tx) => {
      if (!mayOnBooking(viewer, 'update', booking)) throw new AppError('auth.forbidden');
      return this.release(tx, booking);
    });
  }

  /**
   * Several bookings changed in one transaction by the same viewer (a series' release or
   * cancellation): the workflow row is held once, then each booking is locked and changed through
   * the single change's code. `work` decides which bookings; whatever it throws rolls all back.
   */
  async grouped<T>(viewer: Viewer, tenantId: string, via: BookingHistoryVia, work: (changes: GroupedBookingChanges) => Promise<T>): Promise<T> {
    const origin = viewerOrigin(viewer, via);
    const quiet: GroupedChangeOptions = { customerMail: false };
    return this.orm.em.fork().transactional(async (tx) => {
      await this.workflows.holdForBookingChange(tx, tenantId);
      const changeOne = async (id: string, apply: (booking: Booking) => Job[] | Promise<Job[]>, history: HistoryNote = {}, paid?: PaidOptions): Promise<boolean> => {
        const booking = await this.locked(tx, tenantId, id);
        if (!mayOnBooking(viewer, 'update', booking)) throw new AppError('auth.forbidden');
        const before = statusFlagsOf(booking);
        await this.applyTo(tx, booking, origin, apply, history, { paid });
        return before.isCommitted !== booking.isCommitted || before.isRejected !== booking.isRejected || before.isPayed !== booking.isPayed;
      };
      return work({
        tx,
        commit: (id) => changeOne(id, (booking) => this.release(tx, booking, quiet)),
        reject: (id, reason) => {
          const text = plainReason(reason);
          return changeOne(id, (booking) => this.rejectJobs(booking, text, quiet), { reason: text });
        },
        markPaid: (id, method) => changeOne(id, (booking) => this.markPaidOn(viewer, booking, method), {}, { customerFollowUps: false }),
        paidTogether: (seriesId, numbers) => this.payments.seriesPaid(tx, tenantId, seriesId, numbers),
      });
    });
  }

  /** POST bookings/:id/reject {reason}: rejected ("abgelehnt"), or cancelled ("storniert") when it was released; the customer is told why. */
  async reject(viewer: Viewer, tenantId: string, id: string, reason: unknown, via: BookingHistoryVia): Promise<void> {
    const text = plainReason(reason);
    await this.change(
      tenantId,
      id,
      viewerOrigin(viewer, via),
      (booking) => {
        if (!mayOnBooking(viewer, 'update', booking)) throw new AppError('auth.forbidden');
        return this.rejectJobs(booking, text);
      },
      { reason: text },
    );
  }

  /**
   * Staff record a payment received outside the platform (at the counter, by transfer): paid, with
   * the method it came by; the paid follow-ups (receipt, confirmation when released) come from the
   * payments domain as after any payment. A booking already paid keeps its method and mails nothing.
   */
  async markPaid(viewer: Viewer, tenantId: string, id: string, paymentMethod: unknown, via: BookingHistoryVia): Promise<void> {
    const method = parseInput(markPaidSchema, { paymentMethod }).paymentMethod;
    await this.change(tenantId, id, viewerOrigin(viewer, via), (booking) => this.markPaidOn(viewer, booking, method));
  }

  /** Staff marking one booking paid, alone or with the dates of its series: update right; a booking paid already keeps its method. */
  private markPaidOn(viewer: Viewer, booking: Booking, method: MarkPaidInput['paymentMethod']): Job[] {
    if (!mayOnBooking(viewer, 'update', booking)) throw new AppError('auth.forbidden');
    if (booking.isPayed) return [];
    setBookingState(booking, { isPayed: true, paymentMethod: method });
    return [];
  }

  /**
   * POST bookings/:id/request-reject {reason} (public): stores a cancellation request and mails the
   * customer a link to confirm it; nothing changes until the link is confirmed. Earlier links stay
   * valid until they expire, so nobody can void the customer's link by asking again; requests are
   * limited per booking and per address (each one mails the customer).
   */
  async requestReject(tenantId: string, id: string, reason: unknown, client: ClientAddress, via: BookingHistoryVia): Promise<void> {
    await this.attempts.limit(`cancel-request:ip:${client.ip}`, CANCELLATION_REQUESTS_PER_ADDRESS, CANCELLATION_REQUEST_WINDOW_SECONDS);
    // Counted per booking only for bookings that exist, so unknown numbers add no counters.
    const { number } = await findBookingOrFail(this.orm.em.fork(), tenantId, id);
    await this.attempts.limit(`cancel-request:booking:${tenantId}:${number}`, CANCELLATION_REQUESTS_PER_BOOKING, CANCELLATION_REQUEST_WINDOW_SECONDS);
    const token = randomUUID();
    const origin: ChangeOrigin = { actor: citizenActor, via };
    await this.change(tenantId, id, origin, async (booking, tx) => {
      const now = Date.now();
      const live = liveHooks(booking.hooks, now);
      booking.hooks = live;
      if (live.some((hook) => now - hook.timeCreated < REQUEST_MAIL_INTERVAL_MS)) return [];
      // Only the hash is stored: the link in the mail is the one copy of the token.
      booking.hooks = [...live, { tokenHash: hookTokenHash(token), type: 'REJECT', timeCreated: now, payload: { reason: plainReason(reason) } }];
      await recordBookingHistory(tx, { tenantId, bookingId: booking.number, action: 'cancellation_requested', ...origin, reason: plainReason(reason) });
      // The confirmation goes to the booking's own address only.
      return [bookingMailJob({ tenantId, bookingId: booking.number, kind: 'cancellation-requested', hookId: token })];
    });
  }

  /**
   * The pending cancellation a mailed link stands for (the confirmation page shows it before its
   * button): booking number, objects, time and reason; BOOKING_HOOK_INVALID for an unknown, used or
   * expired link.
   */
  async cancellationRequest(tenantId: string, id: string, token: string): Promise<PendingCancellation> {
    const em = this.orm.em.fork();
    const booking = await findBookingOrFail(em, tenantId, id);
    const hook = findLiveHook(booking.hooks, token, Date.now());
    if (!hook) throw new AppError('booking.hook-invalid');
    const following = booking.seriesId ? followingDatesOf(booking, await seriesBookings(em, tenantId, booking.seriesId), Date.now()) : [];
    return {
      followingDates: following.map((date) => ({ bookingId: date.number, timeBegin: date.timeBegin ?? null, timeEnd: date.timeEnd ?? null })),
      bookingId: booking.number,
      titles: booking.items.getItems().map((item) => item.bookableUsed.title),
      timeBegin: booking.timeBegin ?? null,
      timeEnd: booking.timeEnd ?? null,
      reason: hook.payload.reason,
      validUntil: new Date(hook.timeCreated + CANCELLATION_LINK_LIFETIME_MS),
      paidEur: booking.isPayed && booking.priceEur > 0 ? booking.priceEur : null,
    };
  }

  /**
   * POST bookings/:id/hooks/:hookId/release (public; GraphQL confirmBookingCancellation): the
   * confirmed cancellation rejects the booking. Single use: the cancelled booking keeps no links.
   * The customer cancelled it themselves, so the mail speaks of a cancellation ("storniert") even
   * before its release: "abgelehnt" would read as the tenant's refusal.
   */
  async releaseHook(tenantId: string, id: string, token: string, via: BookingHistoryVia, options: { withFollowingDates?: boolean } = {}): Promise<void> {
    if (options.withFollowingDates) return this.releaseHookWithFollowingDates(tenantId, id, token, via);
    await this.change(tenantId, id, { actor: citizenActor, via }, (booking) => {
      const hook = findLiveHook(booking.hooks, token, Date.now());
      if (!hook) throw new AppError('booking.hook-invalid');
      booking.hooks = [];
      // The reason is the hook's: the history learns it with the change.
      const history = { reason: hook.payload.reason, cancelledByCustomer: true };
      return { jobs: this.rejectJobs(booking, hook.payload.reason, { cancelledByCustomer: true }), history };
    });
  }

  /**
   * The confirmed cancellation of a series' date together with its later dates ("diesen und alle
   * folgenden Termine"): the link is the proof for the date it was mailed for, and the later dates
   * are the same customer's. Every date is rejected as a single confirmed cancellation rejects it,
   * in one transaction; the series' rows are locked first, in their order, as the staff's series
   * actions lock them, so the two wait for each other instead of deadlocking. One mail names the
   * cancelled dates. A booking of no series is cancelled alone.
   */
  private async releaseHookWithFollowingDates(tenantId: string, id: string, token: string, via: BookingHistoryVia): Promise<void> {
    const origin: ChangeOrigin = { actor: citizenActor, via };
    await this.orm.em.fork().transactional(async (tx) => {
      await this.workflows.holdForBookingChange(tx, tenantId);
      const seriesId = (await findBookingOrFail(tx, tenantId, id)).seriesId ?? null;
      const seriesDates = seriesId ? await lockedSeriesBookings(tx, tenantId, seriesId) : [];
      const booking = await this.locked(tx, tenantId, id);
      const hook = findLiveHook(booking.hooks, token, Date.now());
      if (!hook) throw new AppError('booking.hook-invalid');
      const reason = hook.payload.reason;
      const following = followingDatesOf(booking, seriesDates, Date.now());
      const quiet = following.length > 0 ? { cancelledByCustomer: true, customerMail: false } : { cancelledByCustomer: true };
      const history = { reason, cancelledByCustomer: true };
      await this.applyTo(tx, booking, origin, (target) => {
        target.hooks = [];
        return { jobs: this.rejectJobs(target, reason, quiet), history };
      });
      if (following.length === 0) return;
      for (const date of following) {
        const locked = await this.locked(tx, tenantId, date.number);
        await this.applyTo(tx, locked, origin, (target) => ({ jobs: this.rejectJobs(target, reason, quiet), history }));
      }
      const numbers = [booking.number, ...following.map((date) => date.number)];
      await enqueueJobs(tx, [bookingMailJob({ tenantId, bookingId: booking.number, kind: 'rejected', reason, seriesDates: numbers })]);
    });
  }

  /**
   * A citizen cancels their own booking under its objects' policy (booking-cancellation.ts): under
   * the booking's row lock, after the workflow row as every change, `decide` sees the locked booking
   * and refuses (throws) or answers what comes back; the booking is then rejected as a confirmed
   * cancellation link rejects it (its objects, seats and lockers freed, the history "cancelled" by
   * the customer, the board following, webhooks), its mails naming the refund; `record` writes the
   * refund after the cancellation, in the same transaction. Of two at once the second waits for
   * the lock and finds the booking cancelled.
   */
  async cancelByCustomer<Decision>(
    tenantId: string,
    id: string,
    reason: unknown,
    via: BookingHistoryVia,
    steps: {
      decide: (booking: Booking, tx: EntityManager) => Promise<Decision>;
      refundOf: (decision: Decision) => CustomerRefund;
      record: (booking: Booking, tx: EntityManager, decision: Decision) => Promise<void>;
    },
  ): Promise<{ booking: Booking; decision: Decision }> {
    const text = plainReason(reason);
    const origin: ChangeOrigin = { actor: citizenActor, via };
    return this.orm.em.fork().transactional(async (tx) => {
      await this.workflows.holdForBookingChange(tx, tenantId);
      const booking = await this.locked(tx, tenantId, id);
      let decision: Decision | undefined;
      await this.applyTo(tx, booking, origin, async (target) => {
        const decided = await steps.decide(target, tx);
        decision = decided;
        // Pending cancellation links are void: the booking is cancelled.
        target.hooks = [];
        return { jobs: this.rejectJobs(target, text, { cancelledByCustomer: true, refund: steps.refundOf(decided) }), history: { reason: text, cancelledByCustomer: true } };
      });
      if (decision === undefined) throw new Error(`cancellation of booking ${id} decided nothing`);
      await steps.record(booking, tx, decision);
      return { booking, decision };
    });
  }

  /** DELETE bookings/:id: removed with its items and from the workflow states (paid ones too, docs/bookings.md). */
  async remove(viewer: Viewer, tenantId: string, id: string, via: BookingHistoryVia): Promise<void> {
    const em = this.orm.em.fork();
    await em.transactional(async (tx) => {
      await this.workflows.holdForBookingChange(tx, tenantId);
      const booking = await this.locked(tx, tenantId, id);
      if (!mayOnBooking(viewer, 'delete', booking)) throw new AppError('auth.forbidden');
      await this.workflows.removeBookingIn(tx, tenantId, booking.number);
      // The job carries the units and their period: it releases them after the booking is gone.
      const lockerJobs = booking.isRejected ? [] : lockerReleaseJobs(booking);
      await recordBookingChange(tx, { tenantId, id: booking.number, action: 'DELETED', assignedUserId: booking.assignedUserId ?? null }, lockerJobs);
      // The history outlives the booking and says it is gone.
      // What was deleted, each field from its last value to nothing: the timeline can still say what the booking was and whom it was assigned to.
      await recordBookingHistory(tx, { tenantId, bookingId: booking.number, action: 'deleted', changes: historyDiff(historyValuesOf(booking), {}), ...viewerOrigin(viewer, via) });
      tx.remove(booking);
      await tx.flush();
    });
  }

  /**
   * WorkflowBookings: the booking's row, locked for a workflow move before the move locks the card
   * (bookings/booking.locks.ts); whether the booking exists.
   */
  async lockBooking(em: EntityManager, tenantId: string, bookingId: string): Promise<boolean> {
    if (!isBookingNumber(bookingId)) return false;
    const rows = await em.execute<{ key: string }[]>('select key from bookings where tenant_id = ? and number = ? for update', [tenantId, bookingId]);
    return rows.length > 0;
  }

  /**
   * A workflow "bookingStatus" action inside the move's transaction:
   * commit, paid, reject, in the given order. A commit that would overbook throws (409), and the
   * move with it. A task whose booking is gone is left alone (the board may name deleted bookings).
   */
  async applyWorkflowStatus(em: EntityManager, tenantId: string, bookingId: string, statuses: readonly WorkflowBookingStatus[], origin: ChangeOrigin): Promise<void> {
    const booking = isBookingNumber(bookingId) ? await findBooking(em, tenantId, bookingId, { lock: true }) : null;
    if (!booking) return;
    // The card is entering the state whose actions these are: it follows nothing else.
    await this.applyTo(em, booking, origin, async (target) => {
      const jobs: Job[] = [];
      for (const status of statuses) {
        if (status === 'commit') jobs.push(...(await this.release(em, target)));
        else if (status === 'reject') jobs.push(...this.rejectJobs(target, ''));
        // As after a payment: the payments domain's paid follow-ups (see applyTo()).
        else if (status === 'paid') setBookingState(target, { isPayed: true });
      }
      return jobs;
    }, {}, { followBoard: false });
  }

  /**
   * Rule 1: released, not rejected; the free-booking confirmation when there is nothing to pay. A
   * booking paid before its release gets its confirmation with the receipt from the payments
   * domain, like one paid after it (see applyTo()). A rejected booking claims its objects again,
   * through the occupancy guard (locks, then the check against everyone else's bookings and the
   * events' seats).
   */
  private async release(tx: EntityManager, booking: Booking, grouped: GroupedChangeOptions | null = null): Promise<Job[]> {
    // The units it held were released with its rejection: it reserves them anew (or refuses).
    if (booking.isRejected) booking.lockerInfo = (await this.guard.guard(tx, await this.claimOf(tx, booking), { kind: 'release' })) ?? [];
    const wasReleased = booking.isCommitted && !booking.isRejected;
    setBookingState(booking, { isCommitted: true, isRejected: false });
    // Released tickets get their entry codes with the release, once (a release taking back a rejection keeps the earlier ones).
    await this.ticketCodes.issue(tx, booking);
    if (wasReleased) return [];
    // Confirmed: the locker system opens the reserved units for the booking's period.
    const jobs: Job[] = lockerActivationJobs(booking);
    // The payment request for unpaid bookings (mails 4 and 5) and the receipt of paid ones are the payments domain's (see applyTo()).
    if (!(booking.priceEur > 0) && !grouped) jobs.push(bookingMailJob({ tenantId: booking.tenant.id, bookingId: booking.number, kind: 'released' }));
    // Rule 1: the organisers of the booked tickets' events hear of the released booking (mail 10).
    if (holdsTickets(booking.items.getItems().map((item) => item.bookableUsed))) jobs.push(organizerMailsJob(booking.tenant.id, booking.number));
    return jobs;
  }

  /**
   * Rule 2: rejected (isCommitted unchanged, so a released booking reads "storniert", one never
   * released "abgelehnt"); the customer's mail says the same. A paid booking's money is not
   * refunded by the platform: the customer hears that the office gets in touch, the office that a
   * refund is due.
   */
  private rejectJobs(booking: Booking, reason: string, options: { cancelledByCustomer?: boolean; customerMail?: boolean; refund?: CustomerRefund } = {}): Job[] {
    if (booking.isRejected) return [];
    setBookingState(booking, { isRejected: true });
    const paid = booking.isPayed && booking.priceEur > 0;
    const mails = rejectionMailJobs(booking.tenant.id, booking.number, booking.isCommitted || options.cancelledByCustomer === true, reason, paid, options.refund);
    // In a grouped change the customer hears once of all its bookings; the office's refund notice stays per booking (its amount and way of payment).
    const kept = options.customerMail === false ? mails.filter((job) => job.payload.kind === 'tenant-refund-due') : mails;
    return [...kept, ...lockerReleaseJobs(booking)];
  }

  /** What a stored booking claims when it occupies again: its times and its items on the objects as they are now (a deleted one limits nothing). */
  private async claimOf(tx: EntityManager, booking: Booking): Promise<OccupancyClaim> {
    const tenant = await tx.findOneOrFail(Tenant, { id: booking.tenant.id });
    const items = booking.items.getItems();
    const families = new Map((await familiesOf(tx, tenant.id, items.map((item) => item.bookableId))).map((family) => [family.record.id, family]));
    return {
      tenantId: tenant.id,
      limits: tenant,
      begin: booking.timeBegin ?? null,
      end: booking.timeEnd ?? null,
      items: items.flatMap((item) => {
        const family = families.get(item.bookableId);
        return family ? [{ ...family, amount: item.amount }] : [];
      }),
      bookingKey: booking.key,
      held: null,
      lockerSystems: activeLockerSystems(tenant.applications),
    };
  }

  /**
   * One change of one booking under its row lock, with its jobs, live event and payment events
   * (paid, payment requested: each once, on its transition) in the same transaction. The workflow
   * row is held first, as every booking change does (the lock order of booking.locks.ts).
   */
  private async change(
    tenantId: string,
    id: string,
    origin: ChangeOrigin,
    apply: (booking: Booking, tx: EntityManager) => AppliedChange | Promise<AppliedChange>,
    history: HistoryNote = {},
  ): Promise<void> {
    await this.orm.em.fork().transactional(async (tx) => {
      await this.workflows.holdForBookingChange(tx, tenantId);
      const booking = await this.locked(tx, tenantId, id);
      await this.applyTo(tx, booking, origin, (target) => apply(target, tx), history);
    });
  }

  /** The change on the locked booking, then its flush, history entries, jobs, live event and payment events. */
  private async applyTo(
    tx: EntityManager,
    booking: Booking,
    origin: ChangeOrigin,
    apply: (booking: Booking) => AppliedChange | Promise<AppliedChange>,
    history: HistoryNote = {},
    options: { followBoard?: boolean; paid?: PaidOptions } = {},
  ): Promise<void> {
    const tenantId = booking.tenant.id;
    const before = paymentStateOf(booking);
    const flagsBefore = statusFlagsOf(booking);
    const webhookBefore = await bookingStateBeforeChange(tx, tenantId, booking.number);
    const applied = await apply(booking);
    const { jobs, note } = Array.isArray(applied) ? { jobs: applied, note: history } : { jobs: applied.jobs, note: { ...history, ...applied.history } };
    await tx.flush();
    const entries = statusEntries(flagsBefore, statusFlagsOf(booking), note);
    for (const entry of entries) await recordBookingHistory(tx, { tenantId, bookingId: booking.number, ...origin, ...entry });
    await recordBookingChange(tx, { tenantId, id: booking.number, action: 'UPDATED', assignedUserId: booking.assignedUserId ?? null, webhookBefore }, jobs, bookingWebhookTypes(entries.map((entry) => entry.action)));
    await reportPaymentEvents(this.payments, tx, tenantId, booking.number, paymentTransitions(before, booking), booking, options.paid);
    if (options.followBoard !== false) await this.workflows.followBookingStatus(tx, tenantId, booking.number, entries.map((entry) => entry.action), booking, origin);
  }

  private locked(em: EntityManager, tenantId: string, id: string): Promise<Booking> {
    return findBookingOrFail(em, tenantId, id, { lock: true });
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    bookingStatus: BookingStatusService;
  }
}
