import type { MikroORM } from '@mikro-orm/postgresql';
import type { BookingHistoryVia } from '../../../../common/bookings/history.js';
import { markPaidSchema } from '../../../../common/bookings/booking-edit.schema.js';
import { seriesCancelSchema, seriesChangeSchema, seriesMessages } from '../../../../common/bookings/series.js';
import { seriesDatesToPay, seriesHasSomethingToPay } from '../../../../common/bookings/series-payment.js';
import { AppError } from '../../shared/errors.js';
import { enqueueJobs } from '../../shared/jobs.js';
import { parseInput } from '../../shared/schema-input.js';
import type { Viewer } from '../../users/viewer.service.js';
import type { Booking } from '../booking.entity.js';
import { bookingMailJob } from '../booking.jobs.js';
import { bookingStatusLabel } from '../booking.model.js';
import { mayOnBooking } from '../booking.service.js';
import type { BookingStatusService } from '../booking-status.service.js';
import { viewerOrigin } from '../booking-history.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import type { SeriesCheckoutView, SeriesRuleView } from './booking-series.model.js';
import { findSeries, lockedSeriesBookings, seriesBookings, storedRuleView } from './booking-series.queries.js';

/** A stored series as the API answers it. */
export interface BookingSeriesView {
  id: string;
  tenantId: string;
  rule: SeriesRuleView;
  name: string;
  createdAt: number;
  dates: {
    bookingId: string;
    timeBegin: number | null;
    timeEnd: number | null;
    isCommitted: boolean;
    isPayed: boolean;
    isRejected: boolean;
    status: string;
    priceEur: number;
  }[];
}

/** Whether a date has begun: staff actions on a series leave the past alone. */
const begun = (booking: Booking, now: number) => booking.timeBegin !== undefined && booking.timeBegin !== null && booking.timeBegin.getTime() <= now;

/**
 * Series bookings (docs/bookings.md, "Series bookings"): reading a series with its dates, and the
 * staff's actions on all of them at once (cancel, release), each date changed through the single
 * booking's release and rejection in one transaction, with one mail to the customer for the action.
 */
/** What a change of a series answers: the new rule's dates (booked, kept, or why not) and the dates it cancels. */
export interface BookingSeriesChange {
  /** The series after the change; as it is in a simulation. */
  series: BookingSeriesView;
  /** The new rule's dates from the first changed one: available (booked or kept, with their number) or why not. */
  dates: SeriesCheckoutView;
  /** The booking numbers of the dates the change cancels (or would cancel). */
  cancelledBookingIds: string[];
  simulated: boolean;
}

/** What the history and the cancelled dates' mail say without a reason of staff's own. */
const SERIES_CHANGED_REASON = 'Die Serie wurde geändert.';

/** Thrown inside a simulated change's transaction, so that everything it wrote is rolled back. */
class SimulatedChange extends Error {
  constructor(readonly outcome: Omit<BookingSeriesChange, 'series' | 'simulated'>) {
    super('simulated series change');
  }
}

export class BookingSeriesService {
  constructor(
    private readonly orm: MikroORM,
    private readonly status: Pick<BookingStatusService, 'grouped'>,
    private readonly checkout: Pick<CheckoutService, 'seriesRewrite'>,
  ) {}

  /**
   * POST series/:id/change, changeBookingSeries: the dates from `fromBookingId` on follow a new rule
   * from a new first window, checked date by date like a new series, in one transaction: the dates
   * the new rule no longer names (at the same times) are cancelled as by rejectBooking, then the new
   * ones are booked into the series through the occupancy guard under the objects' locks; dates the
   * rule names at the same times stay. Earlier dates stay as they are. A simulation does all of it
   * and rolls it back, so its answer is exactly what the change would do. `requireAll` refuses the
   * change when a new date is not free. The customer gets one mail naming the dates from the change on.
   */
  async change(viewer: Viewer, tenantId: string, id: string, input: unknown, options: { simulate: boolean; via: BookingHistoryVia }): Promise<BookingSeriesChange> {
    const series = await findSeries(this.orm.em.fork(), tenantId, id);
    const request = parseInput(seriesChangeSchema, input);
    const run = this.status.grouped(viewer, tenantId, options.via, async (changes) => {
      const bookings = await lockedSeriesBookings(changes.tx, tenantId, series.id);
      this.requireUpdate(viewer, tenantId, bookings);
      const from = bookings.findIndex((booking) => booking.number === request.fromBookingId);
      if (from < 0) throw new AppError('generic.validation', { detail: seriesMessages.fromBookingForeign, fieldErrors: { fromBookingId: seriesMessages.fromBookingForeign } });
      const now = Date.now();
      const template = bookings[from];
      if (begun(template, now)) throw new AppError('generic.validation', { detail: seriesMessages.changeBegun, fieldErrors: { fromBookingId: seriesMessages.changeBegun } });
      const staying = bookings.slice(0, from).filter((booking) => !booking.isRejected);
      if (staying.some((booking) => (booking.timeEnd?.getTime() ?? 0) > request.timeBegin.getTime())) {
        throw new AppError('generic.validation', { detail: seriesMessages.changeBeforeEarlier, fieldErrors: { timeBegin: seriesMessages.changeBeforeEarlier } });
      }
      await changes.tx.populate(template, ['items']);
      const rewrite = await this.checkout.seriesRewrite(changes.tx, { template, timeBegin: request.timeBegin, timeEnd: request.timeEnd, rule: request.series });
      // The dates still to come that the new rule names at the same times stay; the others are
      // cancelled before the new dates are checked, so they do not stand in their way.
      const windowOf = (booking: Booking) => `${booking.timeBegin?.getTime()}-${booking.timeEnd?.getTime()}`;
      const named = new Set(rewrite.windows.map((window) => `${window.begin}-${window.end}`));
      const open = bookings.slice(from).filter((booking) => !booking.isRejected && !begun(booking, now));
      const cancelled = open.filter((booking) => !named.has(windowOf(booking)));
      for (const booking of cancelled) await changes.reject(booking.number, request.reason || SERIES_CHANGED_REASON);
      const kept = new Map(open.filter((booking) => named.has(windowOf(booking))).map((booking) => [windowOf(booking), { number: booking.number, priceEur: booking.priceEur }] as const));
      const stored = await findSeries(changes.tx, tenantId, series.id);
      const dates = await rewrite.write({ series: stored, kept, fromFirstDate: from === 0 }, viewerOrigin(viewer, options.via));
      const outcome = { dates, cancelledBookingIds: cancelled.map((booking) => booking.number) };
      if (options.simulate) throw new SimulatedChange(outcome);
      const current = dates.dates.filter((date) => date.available && date.bookingId).map((date) => date.bookingId as string);
      if (current.length > 0) await enqueueJobs(changes.tx, [bookingMailJob({ tenantId, bookingId: current[0], kind: 'series-changed', reason: request.reason, seriesDates: current })]);
      return outcome;
    });
    const outcome = await run.catch((error: unknown) => {
      if (error instanceof SimulatedChange) return error.outcome;
      throw error;
    });
    return { ...outcome, series: await this.view(viewer, tenantId, series.id), simulated: options.simulate };
  }

  /**
   * POST series/:id/cancel, cancelBookingSeries: FOLLOWING cancels the date `fromBookingId` and every
   * later one, ALL every date; dates cancelled already or begun are left alone. Each date is rejected
   * as by rejectBooking (released ones read "storniert", requests "abgelehnt"); the customer gets one
   * mail naming the dates, the office a refund notice per paid one. The viewer must be allowed to
   * update every date of the scope.
   */
  async cancel(viewer: Viewer, tenantId: string, id: string, input: unknown, via: BookingHistoryVia): Promise<BookingSeriesView> {
    const series = await findSeries(this.orm.em.fork(), tenantId, id);
    const request = parseInput(seriesCancelSchema, input);
    await this.status.grouped(viewer, tenantId, via, async (changes) => {
      const bookings = await lockedSeriesBookings(changes.tx, tenantId, series.id);
      let scope = bookings;
      if (request.scope === 'FOLLOWING') {
        const from = bookings.findIndex((booking) => booking.number === request.fromBookingId);
        if (from < 0) throw new AppError('generic.validation', { detail: seriesMessages.fromBookingForeign, fieldErrors: { fromBookingId: seriesMessages.fromBookingForeign } });
        scope = bookings.slice(from);
      }
      this.requireUpdate(viewer, tenantId, scope);
      const now = Date.now();
      const cancelled: Booking[] = [];
      for (const booking of scope.filter((date) => !date.isRejected && !begun(date, now))) if (await changes.reject(booking.number, request.reason)) cancelled.push(booking);
      if (cancelled.length === 0) return;
      // A released date reads "storniert", a request "abgelehnt": one released date makes the mail a cancellation.
      const kind = cancelled.some((booking) => booking.isCommitted) ? 'rejected' : 'declined';
      await enqueueJobs(changes.tx, [bookingMailJob({ tenantId, bookingId: cancelled[0].number, kind, reason: request.reason, seriesDates: cancelled.map((booking) => booking.number) })]);
    });
    return this.view(viewer, tenantId, series.id);
  }

  /**
   * POST series/:id/commit, commitBookingSeries: releases every date still waiting for its release,
   * each as by commitBooking; the customer gets one mail naming the released dates. The viewer must
   * be allowed to update every date of the series.
   */
  async commit(viewer: Viewer, tenantId: string, id: string, via: BookingHistoryVia): Promise<BookingSeriesView> {
    const series = await findSeries(this.orm.em.fork(), tenantId, id);
    await this.status.grouped(viewer, tenantId, via, async (changes) => {
      const bookings = await lockedSeriesBookings(changes.tx, tenantId, series.id);
      this.requireUpdate(viewer, tenantId, bookings);
      const released: Booking[] = [];
      for (const booking of bookings.filter((date) => !date.isCommitted && !date.isRejected)) if (await changes.commit(booking.number)) released.push(booking);
      if (released.length === 0) return;
      await enqueueJobs(changes.tx, [bookingMailJob({ tenantId, bookingId: released[0].number, kind: 'released', seriesDates: released.map((booking) => booking.number) })]);
    });
    return this.view(viewer, tenantId, series.id);
  }

  /**
   * POST series/:id/paid {paymentMethod}, markBookingSeriesPaid: every date that charges something
   * and is not paid yet is marked paid as by markBookingPaid (rights, history, webhooks, the
   * tenant's payment notice), in one transaction; the customer gets one receipt of the series
   * listing the released ones, with one mail. Dates paid already are left alone, so a second call
   * changes and issues nothing; a series without any date to pay is refused, nothing written.
   */
  async markPaid(viewer: Viewer, tenantId: string, id: string, input: unknown, via: BookingHistoryVia): Promise<BookingSeriesView> {
    const series = await findSeries(this.orm.em.fork(), tenantId, id);
    const { paymentMethod } = parseInput(markPaidSchema, input);
    await this.status.grouped(viewer, tenantId, via, async (changes) => {
      const bookings = await lockedSeriesBookings(changes.tx, tenantId, series.id);
      this.requireUpdate(viewer, tenantId, bookings);
      if (!seriesHasSomethingToPay(bookings)) throw new AppError('booking.series-nothing-to-pay');
      const paid: string[] = [];
      for (const booking of seriesDatesToPay(bookings)) if (await changes.markPaid(booking.number, paymentMethod)) paid.push(booking.number);
      if (paid.length > 0) await changes.paidTogether(series.id, paid);
    });
    return this.view(viewer, tenantId, series.id);
  }

  /** A series action needs the update right on each date it concerns, also on those it leaves alone: the answer must not depend on which dates are cancelled already. */
  private requireUpdate(viewer: Viewer, tenantId: string, bookings: readonly Booking[]): void {
    const dates = bookings.length > 0 ? bookings : [{ assignedUserId: null }];
    if (dates.some((booking) => !mayOnBooking(viewer, 'update', { tenant: { id: tenantId }, assignedUserId: booking.assignedUserId ?? null }))) throw new AppError('auth.forbidden');
  }

  /**
   * GET series/:id, bookingSeries: the rule and the dates the viewer may read (someone who reads
   * only the bookings assigned to them sees those); forbidden when they may read none of them.
   */
  async view(viewer: Viewer, tenantId: string, id: string): Promise<BookingSeriesView> {
    const em = this.orm.em.fork();
    const series = await findSeries(em, tenantId, id);
    const bookings = await seriesBookings(em, tenantId, series.id);
    const readable = bookings.filter((booking) => mayOnBooking(viewer, 'read', { tenant: { id: tenantId }, assignedUserId: booking.assignedUserId ?? null }));
    if (readable.length === 0 && !mayOnBooking(viewer, 'read', { tenant: { id: tenantId }, assignedUserId: null })) throw new AppError('auth.forbidden');
    return {
      id: series.id,
      tenantId,
      rule: storedRuleView(series),
      name: series.name,
      createdAt: series.createdAt.getTime(),
      dates: readable.map((booking) => ({
        bookingId: booking.number,
        timeBegin: booking.timeBegin?.getTime() ?? null,
        timeEnd: booking.timeEnd?.getTime() ?? null,
        isCommitted: booking.isCommitted,
        isPayed: booking.isPayed,
        isRejected: booking.isRejected,
        status: bookingStatusLabel(booking),
        priceEur: booking.priceEur,
      })),
    };
  }
}

declare module '../../shared/domain-services.js' {
  interface DomainServices {
    bookingSeries: BookingSeriesService;
  }
}
