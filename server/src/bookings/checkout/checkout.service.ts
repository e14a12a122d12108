import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Bookable } from '../../bookables/bookable.entity.js';
import { roleIdsOf, type BookableService } from '../../bookables/bookable.service.js';
import { isPermittedToBook } from '../../bookables/rules/availability.js';
import { Coupon } from '../../coupons/coupon.entity.js';
import { AppError, type ErrorCode } from '../../shared/errors.js';
import { enqueueJobs } from '../../shared/jobs.js';
import { holidayCalendarOf } from '../../tenants/tenant-holidays.js';
import type { Workflow } from '../../workflow/workflow.entity.js';
import { describeSeriesRule, effectiveWeekdays, rruleOf, seriesMessages, seriesOccurrences, type SeriesDateReason, type SeriesRule } from '../../../../common/bookings/series.js';
import { BookingSeries } from '../series/booking-series.entity.js';
import type { SeriesCheckoutView, SeriesDateView, SeriesRuleView } from '../series/booking-series.model.js';
import type { LockerReservation } from '../booking.model.js';
import { recordCheckoutOutcome } from '../../shared/metrics.js';
import { isUuid } from '../../shared/ids.js';
import { assertTokenTenant } from '../../shared/token-scope.js';
import { canBookFree, isTenantMember } from '../../../../common/permissions/permissions.js';
import { Tenant } from '../../tenants/tenant.entity.js';
import type { Viewer } from '../../users/viewer.service.js';
import { citizenActor, recordBookingHistory, userActor } from '../booking-history.js';
import type { ChangeOrigin } from '../../../../common/bookings/history.js';

/** Staff of the tenant book as themselves; everyone else, signed in or not, is a citizen (the signed-in one with their id). */
const TOKEN_MAY_NOT_BOOK = 'Dieser API-Schlüssel darf nicht buchen. Buchen erfordert die Vorlage „Buchen über die Website“ oder eine Rolle, die Buchungen anlegen darf.';

function checkoutOrigin(viewer: Viewer | null, tenantId: string): ChangeOrigin {
  if (viewer && isTenantMember(viewer.permissions, tenantId)) return { actor: userActor(viewer), via: 'checkout' };
  return { actor: { ...citizenActor, id: viewer?.user.id ?? null }, via: 'checkout' };
}
import type { WorkflowService } from '../../workflow/workflow.service.js';
import { Booking } from '../booking.entity.js';
import { setBookingState } from '../booking-state.js';
import { holdsTickets, newBookingMailJobs, recordBookingChange } from '../booking.jobs.js';
import { createdBookingWebhookTypes } from '../booking.webhooks.js';
import { bookableSnapshot, unitPricesOf, type BookingView, type UnitPrices } from '../booking.model.js';
import { busyWhenLocked, lockKeysOf, lockObjects } from '../booking.locks.js';
import { activeLockerSystems, lockerActivationJobs } from '../booking-lockers.js';
import type { BookingOccupancyGuard, OccupancyClaim, OccupancyRules } from '../booking-occupancy-guard.js';
import { paymentTransitions, reportPaymentEvents, type BookingPaymentEvents, type OfferedPaymentProviders } from '../booking-payment-events.js';
import { bookingView, familyOf, freeBookingNumber, searchTextOf, setItems, type BookableFamily } from '../booking.queries.js';
import { hashStatusToken, newStatusToken } from '../booking-status-token.js';
import { claimKey, earlierBooking, idempotentCheckout, keyBooked, parseIdempotencyKey, type IdempotentCheckout } from './checkout-idempotency.js';
import { paymentProviders, type CheckoutItemRequest, type CheckoutRequest } from '../../../../common/bookings/checkout.schema.js';
import type { TicketEntryCodes } from '../ticket-entry-codes.js';
import {
  bookedMinutes,
  bookingAttachments,
  bookingFlags,
  bookingTotals,
  couponProblem,
  couponUsed,
  priceItem,
  withMandatoryAddOns,
  type CouponTerms,
  type PricedItem,
} from './checkout.rules.js';

interface PlannedItem extends BookableFamily {
  amount: number;
}

interface Plan {
  tenant: Tenant;
  /** Whether the public may book the lead object as a series. */
  allowsSeries: boolean;
  begin: Date | null;
  end: Date | null;
  items: PlannedItem[];
  userId: string | null;
  roleIds: string[];
  /** Free of charge for this booker, per bookable id. */
  free: Set<string>;
  coupon: (CouponTerms & { key: string }) | null;
}

/** One date of a series as planned: its window, and the holiday that skips it. */
interface PlannedDate {
  date: string;
  begin: Date;
  end: Date;
  holiday: string | null;
}

/** A series checkout's rule and its dates, before any check. */
interface SeriesPlan {
  rule: SeriesRule;
  view: SeriesRuleView;
  dates: PlannedDate[];
}

/** What writing one booking needs besides the plan. */
interface BookingWrite {
  outcome: CheckoutOutcome;
  lockers: LockerReservation[] | null;
  number: string;
  now: number;
  statusTokenHash: string | null;
  seriesId: string | null;
  origin: ChangeOrigin;
  workflow: Workflow | null;
}

/** Why the guard refused a date of a series, by the refusal's code; anything else is a limit. */
const seriesReasonByCode: Partial<Record<ErrorCode, SeriesDateReason>> = {
  'booking.capacity': 'taken',
  'booking.parent-unavailable': 'taken',
  'booking.child-booked': 'taken',
  'booking.event-full': 'taken',
  'booking.lockers-unavailable': 'taken',
  'booking.opening-hours': 'closed',
  'booking.fixed-time': 'closed',
  'booking.not-bookable': 'closed',
  'booking.in-past': 'horizon',
  'booking.advance-limit': 'horizon',
  // The guard's only field error is the booking horizon.
  'generic.validation': 'horizon',
};

/** The reason and German text of a refused date; other errors (busy, database) are no answer for a date and go on. */
function dateRefusal(error: unknown): { reason: SeriesDateReason; text: string } {
  if (!(error instanceof AppError) || error.code === 'booking.busy') throw error;
  const text = error.fieldErrors ? (Object.values(error.fieldErrors)[0] ?? error.message) : error.message;
  return { reason: seriesReasonByCode[error.code] ?? 'limit', text };
}

/** The rule's columns of a stored series, as a new series and a changed one store them. */
const storedRuleOf = (series: SeriesPlan) => ({
  rrule: series.view.rrule,
  frequency: series.rule.frequency,
  interval: series.rule.interval,
  weekdays: series.view.weekdays,
  until: series.rule.until,
  count: series.rule.count,
  skipHolidays: series.rule.skipHolidays,
  excludeDates: series.rule.excludeDates,
});

/** A stored series whose dates from one on a changed rule writes anew (seriesRewrite). */
export interface SeriesRewrite {
  series: BookingSeries;
  /** The dates kept as they are, by "begin-end" in ms: the new rule names them at the same times. */
  kept: ReadonlyMap<string, { number: string; priceEur: number }>;
  /** The change begins with the series' first date: its first window moves too. */
  fromFirstDate: boolean;
}

/** A series booked for an account by staff's decision (allocation rounds): one object, weekly from its first window. */
export interface AccountSeriesOrder {
  tenantId: string;
  bookableId: string;
  /** The account the bookings are assigned to; its rights and roles count as at its own checkout. */
  userId: string;
  firstBegin: Date;
  firstEnd: Date;
  rule: SeriesRule;
  customer: { name: string; mail: string; phone: string; comment: string };
}

export interface CheckoutOutcome {
  items: PricedItem[];
  priceEur: number;
  vatIncludedEur: number;
  isCommitted: boolean;
  isPayed: boolean;
}

/** A checkout evaluated without storing (simulate, price preview): the booking it would make; for a series, its first date and every date. */
export type CheckoutPreview = Omit<BookingView, 'id'> & { id: null; series?: SeriesCheckoutView };

/** A stored checkout's answer: the booking and its status token, shown this once (only its hash is kept); for a series, its first booked date and every date. */
export type StoredCheckout = BookingView & { statusToken: string; series?: SeriesCheckoutView };

/**
 * Checkout (docs/bookings.md): every rule, and the guarantee that no object is overbooked.
 *
 * A stored checkout runs in one transaction in which the occupancy guard (booking-occupancy-guard.ts,
 * shared with the staff's edits, releases and the workflow) first takes a PostgreSQL advisory lock
 * on every object whose availability the booking shrinks (the booked objects, their parents and
 * dependent objects, the events of tickets), in one global order with a lock timeout, then reads
 * the occupancy afresh and runs every rule; then the checkout writes booking, items, coupon use (a
 * conditional increment), workflow task and jobs. The locker units that come with the objects are
 * reserved by the guard under the same locks and stored on the booking. Concurrent checkouts on any
 * number of server processes are thereby serialised per object; a checkout that cannot get its
 * locks in time answers BOOKING_BUSY, and a failure anywhere leaves nothing behind.
 */
export class CheckoutService {
  constructor(
    private readonly orm: MikroORM,
    private readonly bookables: BookableService,
    private readonly workflows: WorkflowService,
    private readonly guard: BookingOccupancyGuard,
    private readonly payments: BookingPaymentEvents,
    private readonly offeredProviders: OfferedPaymentProviders,
    private readonly ticketCodes: TicketEntryCodes,
  ) {}

  /**
   * POST checkout?simulate=: the stored booking, or with `simulate` what it would be. The request
   * comes parsed with `checkoutSchema` (REST body or GraphQL input). With an idempotency key (not
   * for `simulate`), a repeat answers the booking of the first checkout (checkout-idempotency.ts).
   */
  async checkout(viewer: Viewer | null, tenantId: string, request: CheckoutRequest, options: { simulate: boolean; idempotencyKey?: unknown }): Promise<StoredCheckout | CheckoutPreview> {
    assertTokenTenant(viewer, tenantId);
    if (options.simulate) return this.checkoutOnce(viewer, tenantId, request, options);
    // A token books only with the right to (WEBSITE_BOOKING): one that reads must not create bookings.
    if (viewer?.apiToken && !viewer.apiToken.mayBook) throw new AppError('auth.forbidden', { detail: TOKEN_MAY_NOT_BOOK });
    // Stored bookings (`ok`, also a repeat answered with the first) and refusals by their code, for the metrics.
    try {
      const booking = await this.checkoutOnce(viewer, tenantId, request, options);
      recordCheckoutOutcome('ok');
      return booking;
    } catch (error) {
      recordCheckoutOutcome(error instanceof AppError ? error.code : 'error');
      throw error;
    }
  }

  private async checkoutOnce(viewer: Viewer | null, tenantId: string, request: CheckoutRequest, options: { simulate: boolean; idempotencyKey?: unknown }): Promise<StoredCheckout | CheckoutPreview> {
    const key = options.simulate ? null : parseIdempotencyKey(options.idempotencyKey);
    const repeatable = idempotentCheckout(tenantId, viewer?.user.id ?? null, key, request);
    const earlier = repeatable && (await earlierBooking(this.orm.em.fork(), repeatable));
    if (earlier) return this.repeated(earlier);
    try {
      const plan = await this.plan(this.orm.em.fork(), viewer, tenantId, request);
      if (!options.simulate) {
        this.requireCustomerData(plan, request);
        this.requirePaymentChoice(plan, request);
        if (request.series) this.requireInvoiceForSeries(plan, request);
      }
      if (request.series) {
        const series = this.seriesPlan(plan, request.series, viewer);
        if (options.simulate) return await this.previewSeries(plan, request, series);
        return await busyWhenLocked(() => this.storeSeries(plan, request, series, repeatable, checkoutOrigin(viewer, tenantId)));
      }
      if (options.simulate) {
        await this.guard.preview(this.orm.em.fork(), this.claimOf(plan), this.rulesOf(plan));
        return { ...this.preview(plan, request, this.price(plan)), id: null };
      }
      return await busyWhenLocked(() => this.store(plan, request, repeatable, checkoutOrigin(viewer, tenantId)));
    } catch (error) {
      // A copy that came while the first was committing may find its slot or coupon taken by the
      // first: it answers the first's booking, not the refusal.
      const first = repeatable && (await earlierBooking(this.orm.em.fork(), repeatable));
      if (first) return this.repeated(first);
      throw error;
    }
  }

  /**
   * A repeat of an idempotent checkout answers the first booking with a new status token (the first
   * is kept only as its hash and cannot be shown again). The earlier tokens stay valid: the first
   * answer may have reached the caller after all and its token be in use (a website's visitors).
   */
  private async repeated(booking: Booking): Promise<StoredCheckout> {
    const statusToken = newStatusToken();
    await this.orm.em
      .fork()
      .getConnection()
      .execute('update bookings set status_token_hashes = array_append(status_token_hashes, ?) where key = ? and anonymised_at is null', [hashStatusToken(statusToken), booking.key]);
    return { ...bookingView(booking), statusToken };
  }

  /** POST checkout/validateItem: the unit prices of one object for the window, after its checks (input parsed with `checkoutItemSchema`). */
  async validateItem(viewer: Viewer | null, tenantId: string, item: CheckoutItemRequest): Promise<UnitPrices> {
    const request: CheckoutRequest = {
      timeBegin: item.timeBegin,
      timeEnd: item.timeEnd,
      items: item.bookableItems,
      couponCode: item.couponCode,
      customer: { name: '', company: '', street: '', zipCode: '', location: '', mail: '', phone: '', comment: '' },
      attachmentStatus: [],
      paymentProvider: null,
      series: null,
    };
    const em = this.orm.em.fork();
    const plan = await this.plan(em, viewer, tenantId, request, { addOns: false });
    await this.guard.preview(em, this.claimOf(plan), this.rulesOf(plan));
    return unitPricesOf(this.price(plan).items[0]);
  }

  /**
   * GET checkout/permissions/:id: whether the viewer may book the object at all. Unknown
   * objects, and objects that are not public, are not found for everyone outside the tenant's
   * people. A public object restricted to named users or roles answers 401 while nobody is signed
   * in (the booking page then asks to sign in) and 403 to a signed-in person who is not named.
   */
  async permission(viewer: Viewer | null, tenantId: string, bookableId: string): Promise<void> {
    const em = this.orm.em.fork();
    const bookable = await this.bookables.findOne(em, tenantId, bookableId);
    const staff = viewer !== null && isTenantMember(viewer.permissions, tenantId);
    if (!staff && !bookable.isPublic) throw new AppError('generic.not-found');
    const roleIds = await roleIdsOf(em, viewer?.user.id, tenantId);
    if (isPermittedToBook(bookable, viewer?.user.id ?? null, roleIds)) return;
    if (!viewer) throw new AppError('auth.unauthenticated', { detail: 'Bitte melden Sie sich an, um dieses Objekt zu buchen.' });
    throw new AppError('auth.forbidden', { detail: 'Sie sind nicht berechtigt, dieses Objekt zu buchen.' });
  }

  /** Everything the checks need that does not change while others book: read before any lock. */
  private async plan(em: EntityManager, viewer: Viewer | null, tenantId: string, request: CheckoutRequest, options: { addOns: boolean } = { addOns: true }): Promise<Plan> {
    const tenant = await em.findOne(Tenant, { id: tenantId });
    if (!tenant) throw new AppError('generic.not-found', { detail: 'Der Mandant existiert nicht.' });
    const byId = new Map<string, Bookable>();
    const load = async (ids: string[]) => {
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.some((id) => !isUuid(id))) throw new AppError('generic.not-found', { detail: 'Das Buchungsobjekt existiert nicht.' });
      if (missing.length === 0) return;
      for (const bookable of await em.find(Bookable, { id: { $in: missing }, tenant: tenantId })) byId.set(bookable.id, bookable);
      if (missing.some((id) => !byId.has(id))) throw new AppError('generic.not-found', { detail: 'Das Buchungsobjekt existiert nicht.' });
    };
    await load(request.items.map((item) => item.bookableId));
    let requested = request.items;
    if (options.addOns) {
      requested = withMandatoryAddOns(request.items, (id) => byId.get(id)?.checkoutBookableIds ?? []);
      await load(requested.map((item) => item.bookableId));
    }

    const items: PlannedItem[] = [];
    for (const item of requested) {
      const bookable = byId.get(item.bookableId) as Bookable;
      items.push({ ...(await familyOf(em, tenantId, bookable)), amount: item.amount });
    }

    const userId = viewer?.user.id ?? null;
    const roleIds = await roleIdsOf(em, userId, tenantId);
    const free = new Set<string>();
    if (viewer) {
      const freeByRole = canBookFree(viewer.permissions, tenantId);
      for (const { record } of items) {
        if (freeByRole || record.freeBookingUsers.includes(viewer.user.id) || record.freeBookingRoles.some((role) => roleIds.includes(role))) free.add(record.id);
      }
    }

    let coupon: Plan['coupon'] = null;
    if (request.couponCode) {
      const stored = await em.findOne(Coupon, { tenant: tenantId, code: request.couponCode });
      const problem = couponProblem(stored ? { ...stored, code: stored.code } : null, Date.now());
      if (problem) throw new AppError(problem);
      const found = stored as Coupon;
      coupon = { key: found.key, code: found.code, description: found.description, type: found.type, discount: found.discount, maxAmount: found.maxAmount, usedAmount: found.usedAmount, validFrom: found.validFrom, validTo: found.validTo };
    }
    const allowsSeries = byId.get(request.items[0]?.bookableId ?? '')?.allowSeries ?? false;
    return { tenant, allowsSeries, begin: request.timeBegin, end: request.timeEnd, items, userId, roleIds, free, coupon };
  }

  /** A real booking needs a name and a reachable address, the fields its objects require and consent to their required documents. */
  private requireCustomerData(plan: Plan, request: CheckoutRequest): void {
    const errors: Record<string, string> = {};
    if (!request.customer.name) errors.name = 'Pflichtfeld';
    if (!request.customer.mail) errors.mail = 'Pflichtfeld';
    for (const { record } of plan.items) {
      for (const field of record.requiredFields) if (!request.customer[field]) errors[field] = 'Pflichtfeld';
    }
    const { missing } = bookingAttachments(plan.items.map((item) => item.record), request.attachmentStatus);
    for (const attachment of missing) errors[`attachmentStatus.${attachment.id}`] = `Bitte bestätigen Sie „${attachment.title}“.`;
    if (Object.keys(errors).length > 0) throw new AppError('generic.validation', { fieldErrors: errors });
  }

  /**
   * A booking with something to pay names one of the tenant's active payment applications, so it can
   * be paid; a tenant without any is paid outside the platform and needs no choice.
   */
  private requirePaymentChoice(plan: Plan, request: CheckoutRequest): void {
    if (this.price(plan).priceEur <= 0) return;
    const offered = this.offeredProviders(plan.tenant.applications);
    if (offered.some((provider) => provider.id === request.paymentProvider)) return;
    if (offered.length === 0 && !request.paymentProvider) return;
    const choices = offered.map((provider) => `„${provider.title.trim() || provider.id}“`).join(', ');
    const message = offered.length === 0 ? 'Dieser Mandant bietet keine Zahlung über die Plattform an; bitte wählen Sie keinen Zahlungsanbieter.' : `Bitte wählen Sie eine Zahlungsart: ${choices}.`;
    throw new AppError('generic.validation', { fieldErrors: { paymentProvider: message } });
  }

  /**
   * A series is paid as a whole, by the one invoice it gets, never date by date online: a club
   * pays its season by transfer, and a payment page per date would ask forty times.
   */
  private requireInvoiceForSeries(plan: Plan, request: CheckoutRequest): void {
    if (this.price(plan).priceEur <= 0 || !request.paymentProvider || request.paymentProvider === 'invoice') return;
    throw new AppError('generic.validation', { fieldErrors: { paymentProvider: 'Eine Serie wird per Rechnung bezahlt; bitte wählen Sie „Rechnung“.' } });
  }

  /** The new booking as the occupancy guard sees it: it held nothing, so all of it is claimed. */
  private claimOf(plan: Plan): OccupancyClaim {
    return {
      tenantId: plan.tenant.id,
      limits: plan.tenant,
      begin: plan.begin,
      end: plan.end,
      items: plan.items,
      bookingKey: null,
      held: null,
      lockerSystems: activeLockerSystems(plan.tenant.applications),
    };
  }

  /** Every rule of the public applies at checkout, for the viewer booking. */
  private rulesOf(plan: Plan): OccupancyRules {
    return { kind: 'checkout', viewerUserId: plan.userId, viewerRoleIds: plan.roleIds };
  }

  /** Prices and flags of the booking whose rules the occupancy guard passed. */
  private price(plan: Plan): CheckoutOutcome {
    const minutes = bookedMinutes(plan.begin, plan.end);
    const items = plan.items.map((item) => {
      const priced = priceItem(item.record, item.amount, { minutes, free: plan.free.has(item.record.id), coupon: plan.coupon });
      if (!priced) throw new AppError('booking.no-price', { detail: `Für das Objekt ${item.record.title} gibt es für die gewählte Dauer oder Anzahl keinen Preis.` });
      return priced;
    });
    const totals = bookingTotals(items);
    return { items, priceEur: totals.priceEur, vatIncludedEur: totals.vatIncludedEur, ...bookingFlags(plan.items.map((item) => item.record), totals.netEur) };
  }

  private preview(plan: Plan, request: CheckoutRequest, outcome: CheckoutOutcome): Omit<BookingView, 'id'> {
    return {
      tenantId: plan.tenant.id,
      assignedUserId: plan.userId,
      timeBegin: plan.begin?.getTime() ?? null,
      timeEnd: plan.end?.getTime() ?? null,
      timeCreated: Date.now(),
      bookableItems: outcome.items.map((item, index) => ({ bookableId: item.bookableId, amount: item.amount, ...unitPricesOf(item), _bookableUsed: bookableSnapshot(plan.items[index].record) })),
      couponCode: plan.coupon?.code ?? null,
      ...request.customer,
      attachments: bookingAttachments(plan.items.map((item) => item.record), request.attachmentStatus).attachments,
      priceEur: outcome.priceEur,
      vatIncludedEur: outcome.vatIncludedEur,
      isCommitted: outcome.isCommitted,
      isPayed: outcome.isPayed,
      isRejected: false,
      paymentProvider: request.paymentProvider,
      paymentMethod: '',
      // A preview: nothing is stored, so nothing was paid, cancelled or changed at any instant.
      paidAt: null,
      cancelledAt: null,
      updatedAt: null,
      lockerInfo: [],
      seriesId: null,
      ...(plan.coupon ? { _couponUsed: couponUsed(plan.coupon) } : {}),
    };
  }

  /**
   * Writes one booking the guard let through, inside the checkout's transaction: the booking and its
   * items, entry codes, live event, webhooks, history, payment follow-up and its place on the board.
   * A date of a series (`seriesId`) sends no mails of its own: the series' mails name every date.
   */
  private async writeBooking(tx: EntityManager, plan: Plan, request: CheckoutRequest, write: BookingWrite): Promise<Booking> {
    const { outcome, lockers, number, now, origin } = write;
    const preview = this.preview(plan, request, outcome);
    const created = tx.create(Booking, {
      tenant: tx.getReference(Tenant, plan.tenant.id),
      number,
      assignedUserId: plan.userId,
      timeBegin: plan.begin,
      timeEnd: plan.end,
      ...request.customer,
      couponCode: plan.coupon?.code ?? null,
      couponUsed: plan.coupon ? couponUsed(plan.coupon) : null,
      priceEur: outcome.priceEur,
      vatIncludedEur: outcome.vatIncludedEur,
      paymentProvider: request.paymentProvider,
      attachments: preview.attachments,
      lockerInfo: lockers ?? [],
      statusTokenHashes: write.statusTokenHash ? [write.statusTokenHash] : [],
      seriesId: write.seriesId,
      createdAt: new Date(now),
    });
    // Released and (free: nothing to pay) paid at once, through the one function that sets the flags with their instants.
    setBookingState(created, { isCommitted: outcome.isCommitted, isPayed: outcome.isPayed }, new Date(now));
    created.searchText = searchTextOf(created, plan.items.map((item) => item.record.title));
    setItems(tx, created, preview.bookableItems.map((item) => ({ ...item, bookableUsed: item._bookableUsed })));
    await tx.flush();
    // Tickets released at checkout get their entry codes in the booking's own transaction.
    await this.ticketCodes.issue(tx, created);

    const jobs = write.seriesId ? [] : newBookingMailJobs(plan.tenant.id, created.number, created, holdsTickets(plan.items.map((item) => item.record)));
    // Released at once: the locker system opens the reserved units for the booking's period.
    if (created.isCommitted) jobs.push(...lockerActivationJobs(created));
    // The objects are known here: no need to read them back while the objects are locked.
    const bookableIds = preview.bookableItems.map((item) => item.bookableId);
    // Released at once (objects that release automatically): integrators hear of the release too.
    await recordBookingChange(tx, { tenantId: plan.tenant.id, id: created.number, action: 'CREATED', assignedUserId: created.assignedUserId ?? null, bookableIds }, jobs, createdBookingWebhookTypes(created));
    await recordBookingHistory(tx, { tenantId: plan.tenant.id, bookingId: created.number, action: 'created', ...origin });
    // A booking released at checkout with something to pay is asked for its payment now, as after
    // a staff release: the link (mail 4) or the invoice (mail 5) reaches a customer who closes the tab.
    // A series' dates are asked for their payment each, as a release of the series by staff asks.
    await reportPaymentEvents(this.payments, tx, plan.tenant.id, created.number, paymentTransitions(null, created));
    // Last, so the default state's lock is held only until the commit that follows; its status
    // actions change the booking as a change after its creation (mails and live event of their own).
    await this.workflows.placeNewBookingIn(tx, plan.tenant.id, created.number, now, origin, write.workflow);
    return created;
  }

  /**
   * The dates of a series checkout: the rule expanded from the first window, without the days left
   * out by hand; with `skipHolidays` the tenant's public and school holidays are marked to be
   * skipped. The public books series only of objects that allow them; staff always may.
   */
  private seriesPlan(plan: Plan, rule: SeriesRule, viewer: Viewer | null): SeriesPlan {
    const staff = viewer !== null && isTenantMember(viewer.permissions, plan.tenant.id);
    if (!staff && !plan.allowsSeries) throw new AppError('booking.series-not-allowed');
    return this.expandSeries(plan, rule);
  }

  /** The rule's dates from the plan's window, the days left out by hand removed and the holidays marked. */
  private expandSeries(plan: Plan, rule: SeriesRule): SeriesPlan {
    const expanded = seriesOccurrences(rule, { begin: plan.begin, end: plan.end });
    if ('problem' in expanded) {
      const field = expanded.problem.field === 'timeBegin' ? 'timeBegin' : `series.${expanded.problem.field}`;
      throw new AppError('generic.validation', { fieldErrors: { [field]: expanded.problem.message } });
    }
    const excluded = new Set(rule.excludeDates);
    const holidays = rule.skipHolidays ? holidayCalendarOf(plan.tenant) : null;
    const dates = expanded.occurrences
      .filter((occurrence) => !excluded.has(occurrence.date))
      .map((occurrence) => ({ date: occurrence.date, begin: occurrence.timeBegin, end: occurrence.timeEnd, holiday: holidays?.holidayOn(occurrence.date) ?? null }));
    if (dates.length === 0) throw new AppError('generic.validation', { fieldErrors: { 'series.excludeDates': seriesMessages.empty } });
    const firstDate = expanded.occurrences[0].date;
    const view: SeriesRuleView = {
      frequency: rule.frequency,
      interval: rule.interval,
      weekdays: rule.frequency === 'WEEKLY' ? effectiveWeekdays(rule, firstDate) : [],
      until: rule.until,
      count: rule.count,
      skipHolidays: rule.skipHolidays,
      excludeDates: rule.excludeDates,
      rrule: rruleOf(rule, firstDate),
      description: describeSeriesRule(rule, firstDate),
    };
    return { rule, view, dates };
  }

  /** The plan of one date: the same objects, prices and booker in the date's window. */
  private atDate(plan: Plan, date: PlannedDate): Plan {
    return { ...plan, begin: date.begin, end: date.end };
  }

  /**
   * A series checks every date as a booking of its own: the holidays skipped, then every rule of
   * the guard (taken, closed, horizon, limits). The answer's booking is the first date that can be
   * booked (the first date when none can), its `series` every date with its price.
   */
  private async previewSeries(plan: Plan, request: CheckoutRequest, series: SeriesPlan): Promise<CheckoutPreview> {
    const dates = await this.checkSeriesDates(this.orm.em.fork(), plan, series);
    const first = series.dates[Math.max(0, dates.findIndex((date) => date.available))];
    const firstPlan = this.atDate(plan, first);
    return { ...this.preview(firstPlan, request, this.price(firstPlan)), id: null, series: this.seriesView(null, series, dates, plan) };
  }

  /** Every date of a series checked as a booking of its own, without locks: the holidays skipped, then every rule of the guard. */
  private async checkSeriesDates(em: EntityManager, plan: Plan, series: SeriesPlan): Promise<SeriesDateView[]> {
    const now = new Date();
    const dates: SeriesDateView[] = [];
    for (const date of series.dates) {
      const datePlan = this.atDate(plan, date);
      const priceEur = this.price(datePlan).priceEur;
      if (date.holiday) {
        dates.push(seriesDate(date, priceEur, { reason: 'holiday', text: date.holiday }));
        continue;
      }
      try {
        await this.guard.preview(em, this.claimOf(datePlan), this.rulesOf(datePlan), now);
        dates.push(seriesDate(date, priceEur, null));
      } catch (error) {
        dates.push(seriesDate(date, priceEur, dateRefusal(error)));
      }
    }
    return dates;
  }

  /**
   * Books the free dates of a series in one transaction: every date through the occupancy guard
   * under the objects' locks (taken once for the whole series, so no single checkout can slip in
   * between two dates), then one booking per free date linked by the series. With `requireAll` a
   * date that cannot be booked refuses the whole series; without, it is left out, and a series of
   * which no date can be booked is refused. Only the first booking carries the status token.
   */
  private async storeSeries(plan: Plan, request: CheckoutRequest, series: SeriesPlan, repeatable: IdempotentCheckout | null, origin: ChangeOrigin): Promise<StoredCheckout> {
    const em = this.orm.em.fork();
    const statusToken = newStatusToken();
    const stored = await em.transactional(async (tx): Promise<{ earlier: Booking } | { created: Booking; view: SeriesCheckoutView }> => {
      const earlier = repeatable && (await claimKey(tx, repeatable));
      if (earlier) return { earlier };
      const written = await this.writeSeries(tx, plan, request, series, { origin, statusTokenHash: hashStatusToken(statusToken), mails: true });
      // A new series books at least one date or is refused.
      const lead = written.lead as Booking;
      if (repeatable) await keyBooked(tx, repeatable, lead.key);
      return { created: lead, view: written.view };
    });
    if ('earlier' in stored) return this.repeated(stored.earlier);
    return { ...bookingView(stored.created), statusToken, series: stored.view };
  }

  /**
   * The one way a series is written, inside the caller's transaction (the checkout's, or an
   * allocation round's per applicant): the objects locked once for the whole series, every date
   * through the occupancy guard, one booking per free date linked by the series. `mails` false
   * leaves out the series' own mails, for a caller that sends one mail of its own.
   */
  private async writeSeries(
    tx: EntityManager,
    plan: Plan,
    request: CheckoutRequest,
    series: SeriesPlan,
    write: { origin: ChangeOrigin; statusTokenHash: string | null; mails: boolean; change?: SeriesRewrite },
  ): Promise<{ lead: Booking | null; view: SeriesCheckoutView }> {
    const workflow = await this.workflows.workflowForNewBookings(tx, plan.tenant.id);
    const now = Date.now();
    await lockObjects(tx, lockKeysOf(plan.items));
    const checked: { date: PlannedDate; outcome: CheckoutOutcome; view: SeriesDateView; lockers: LockerReservation[] | null }[] = [];
    const kept: SeriesDateView[] = [];
    for (const date of series.dates) {
      const datePlan = this.atDate(plan, date);
      const outcome = this.price(datePlan);
      if (date.holiday) {
        checked.push({ date, outcome, view: seriesDate(date, outcome.priceEur, { reason: 'holiday', text: date.holiday }), lockers: null });
        continue;
      }
      // A changed series keeps its dates the new rule names at the same times: booked already, nothing to check.
      const keptBooking = write.change?.kept.get(`${date.begin.getTime()}-${date.end.getTime()}`);
      if (keptBooking) {
        const view = { ...seriesDate(date, keptBooking.priceEur, null), bookingId: keptBooking.number };
        kept.push(view);
        checked.push({ date, outcome, view, lockers: null });
        continue;
      }
      try {
        const lockers = await this.guard.guard(tx, this.claimOf(datePlan), this.rulesOf(datePlan), new Date(now));
        checked.push({ date, outcome, view: seriesDate(date, outcome.priceEur, null), lockers });
      } catch (error) {
        checked.push({ date, outcome, view: seriesDate(date, outcome.priceEur, dateRefusal(error)), lockers: null });
      }
    }
    const refused = checked.filter((entry) => !entry.view.available);
    if (series.rule.requireAll && refused.length > 0) {
      throw new AppError('booking.series-unavailable', { fieldErrors: Object.fromEntries(refused.map((entry) => [`series.dates.${entry.date.date}`, entry.view.reasonText ?? ''])) });
    }
    const free = checked.filter((entry) => entry.view.available && !kept.includes(entry.view));
    if (free.length === 0 && kept.length === 0) throw new AppError('booking.series-none-free');
    await this.useCoupon(tx, plan);

    const created = write.change
      ? this.changedRule(write.change, series)
      : tx.create(BookingSeries, {
          tenant: tx.getReference(Tenant, plan.tenant.id),
          ...storedRuleOf(series),
          firstBegin: series.dates[0].begin,
          firstEnd: series.dates[0].end,
          name: request.customer.name,
          mail: request.customer.mail,
          createdAt: new Date(now),
        });
    await tx.flush();
    let first: Booking | null = null;
    for (const entry of free) {
      const booking = await this.writeBooking(tx, this.atDate(plan, entry.date), request, {
        outcome: entry.outcome,
        lockers: entry.lockers,
        number: await freeBookingNumber(tx, plan.tenant.id),
        now,
        statusTokenHash: first ? null : write.statusTokenHash,
        seriesId: created.id,
        origin: write.origin,
        workflow,
      });
      entry.view.bookingId = booking.number;
      first ??= booking;
    }
    // One set of mails for the whole series: the first booking's, which names every date.
    if (write.mails && first) await enqueueJobs(tx, newBookingMailJobs(plan.tenant.id, first.number, first, holdsTickets(plan.items.map((item) => item.record))));
    return { lead: first, view: this.seriesView(created.id, series, checked.map((entry) => entry.view), plan) };
  }

  /** The stored series takes the new rule; its first window stays unless the change begins with its first date. */
  private changedRule(change: SeriesRewrite, series: SeriesPlan): BookingSeries {
    const stored = change.series;
    Object.assign(stored, storedRuleOf(series));
    if (change.fromFirstDate) Object.assign(stored, { firstBegin: series.dates[0].begin, firstEnd: series.dates[0].end });
    return stored;
  }

  /**
   * A series' dates from one on written anew by a changed rule (staff's "ab diesem Termin ändern"),
   * in two steps inside the caller's transaction: first the rule expanded from the new first window
   * (`windows`: the dates it names, holidays skipped, so the caller can cancel the dates it no longer
   * names), then `write`: each new date checked by the occupancy guard under the objects' locks like a
   * new series and the free ones booked into the same series, with the objects, customer and payment
   * way of the changed date (`template`), priced for its booker as at a checkout; the dates kept as
   * they are count as booked. `requireAll` refuses the change if a new date is not free.
   */
  async seriesRewrite(
    tx: EntityManager,
    change: { template: Booking; timeBegin: Date; timeEnd: Date; rule: SeriesRule },
  ): Promise<{ windows: { begin: number; end: number }[]; write: (rewrite: SeriesRewrite, origin: ChangeOrigin) => Promise<SeriesCheckoutView> }> {
    const { template } = change;
    const request: CheckoutRequest = {
      timeBegin: change.timeBegin,
      timeEnd: change.timeEnd,
      items: template.items.getItems().map((item) => ({ bookableId: item.bookableId, amount: item.amount })),
      couponCode: null,
      customer: { name: template.name, company: template.company, street: template.street, zipCode: template.zipCode, location: template.location, mail: template.mail, phone: template.phone, comment: template.comment },
      attachmentStatus: [],
      paymentProvider: paymentProviders.find((provider) => provider === template.paymentProvider) ?? null,
      series: change.rule,
    };
    // Priced for the series' booker (its account's roles), not for the staff member changing it; a series booked free stays free.
    const anonymous = await this.plan(tx, null, template.tenant.id, request, { addOns: false });
    const userId = template.assignedUserId ?? null;
    const plan: Plan = { ...anonymous, userId, roleIds: await roleIdsOf(tx, userId, template.tenant.id), free: template.priceEur > 0 ? anonymous.free : new Set(anonymous.items.map((item) => item.record.id)) };
    const series = this.expandSeries(plan, change.rule);
    return {
      windows: series.dates.filter((date) => !date.holiday).map((date) => ({ begin: date.begin.getTime(), end: date.end.getTime() })),
      write: async (rewrite, origin) => (await this.writeSeries(tx, plan, request, series, { origin, statusTokenHash: null, mails: false, change: rewrite })).view,
    };
  }

  /**
   * The plan of a series booked for an account by staff's decision (allocation rounds): one object,
   * the account as booker (its roles and rights count as at its own checkout), the organisation as
   * customer, paid by invoice when priced and the tenant offers it.
   */
  private async accountSeriesPlan(em: EntityManager, order: AccountSeriesOrder): Promise<{ plan: Plan; request: CheckoutRequest; series: SeriesPlan }> {
    const request: CheckoutRequest = {
      timeBegin: order.firstBegin,
      timeEnd: order.firstEnd,
      items: [{ bookableId: order.bookableId, amount: 1 }],
      couponCode: null,
      customer: { name: order.customer.name, company: '', street: '', zipCode: '', location: '', mail: order.customer.mail, phone: order.customer.phone, comment: order.customer.comment },
      attachmentStatus: [],
      paymentProvider: null,
      series: order.rule,
    };
    const anonymous = await this.plan(em, null, order.tenantId, request);
    const plan: Plan = { ...anonymous, userId: order.userId, roleIds: await roleIdsOf(em, order.userId, order.tenantId) };
    const invoice = this.offeredProviders(plan.tenant.applications).some((provider) => provider.id === 'invoice');
    if (invoice && this.price(plan).priceEur > 0) request.paymentProvider = 'invoice';
    return { plan, request, series: this.expandSeries(plan, order.rule) };
  }

  /** Every date of a series for an account checked without locks, as the series preview checks them (allocation rounds' conflicts). */
  async previewAccountSeries(order: AccountSeriesOrder): Promise<SeriesDateView[]> {
    const em = this.orm.em.fork();
    const { plan, series } = await this.accountSeriesPlan(em, order);
    return this.checkSeriesDates(em, plan, series);
  }

  /**
   * Books a series for an account inside the caller's transaction, through the same guard, locks
   * and writing as a series checkout (writeSeries), without the series' own mails: the caller
   * sends one mail of its own. Dates that cannot be booked are left out and answered; none free
   * answers the dates with a null series.
   */
  async bookAccountSeriesIn(tx: EntityManager, order: AccountSeriesOrder, origin: ChangeOrigin): Promise<{ seriesId: string | null; dates: SeriesDateView[] }> {
    const { plan, request, series } = await this.accountSeriesPlan(tx, order);
    try {
      const written = await this.writeSeries(tx, plan, request, series, { origin, statusTokenHash: null, mails: false });
      return { seriesId: written.view.id, dates: written.view.dates };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'booking.series-none-free') throw error;
      return { seriesId: null, dates: await this.checkSeriesDates(tx, plan, series) };
    }
  }

  /** The series as a checkout answers it: the booked or bookable dates' price in total. */
  private seriesView(id: string | null, series: SeriesPlan, dates: SeriesDateView[], plan: Plan): SeriesCheckoutView {
    const available = dates.filter((date) => date.available);
    // Each date priced by its own window: one across a clock change lasts an hour more or less.
    const vatIncludedEur = available.reduce((sum, date) => sum + this.price({ ...plan, begin: new Date(date.timeBegin), end: new Date(date.timeEnd) }).vatIncludedEur, 0);
    return {
      id,
      rule: series.view,
      dates,
      availableCount: available.length,
      priceEur: roundCents(available.reduce((sum, date) => sum + date.priceEur, 0)),
      vatIncludedEur: roundCents(vatIncludedEur),
    };
  }


  /** One use of the checkout's coupon, never past its maximum, whatever runs concurrently. */
  private async useCoupon(tx: EntityManager, plan: Plan): Promise<void> {
    if (!plan.coupon) return;
    const used = await tx.execute<{ used_amount: number }[]>(
      'update coupons set used_amount = used_amount + 1, updated_at = now() where key = ? and (max_amount is null or used_amount < max_amount) returning used_amount',
      [plan.coupon.key],
    );
    if (used.length === 0) throw new AppError('booking.coupon-used-up');
  }

  private async store(plan: Plan, request: CheckoutRequest, repeatable: IdempotentCheckout | null, origin: ChangeOrigin): Promise<StoredCheckout> {
    const em = this.orm.em.fork();
    const statusToken = newStatusToken();
    const stored = await em.transactional(async (tx): Promise<{ earlier: Booking } | { created: Booking }> => {
      // Before anything else: a concurrent checkout with the same key is waited for and answered.
      const earlier = repeatable && (await claimKey(tx, repeatable));
      if (earlier) return { earlier };
      // What needs no lock comes first, so the objects are held as briefly as possible.
      const workflow = await this.workflows.workflowForNewBookings(tx, plan.tenant.id);
      const number = await freeBookingNumber(tx, plan.tenant.id);
      const now = Date.now();
      const lockers = await this.guard.guard(tx, this.claimOf(plan), this.rulesOf(plan), new Date(now));
      const outcome = this.price(plan);

      await this.useCoupon(tx, plan);

      const created = await this.writeBooking(tx, plan, request, { outcome, lockers, number, now, statusTokenHash: hashStatusToken(statusToken), seriesId: null, origin, workflow });
      if (repeatable) await keyBooked(tx, repeatable, created.key);
      return { created };
    });
    if ('earlier' in stored) return this.repeated(stored.earlier);
    return { ...bookingView(stored.created), statusToken };
  }
}

/** A date of a series with its price; `refusal` when it cannot be booked. */
function seriesDate(date: PlannedDate, priceEur: number, refusal: { reason: SeriesDateReason; text: string } | null): SeriesDateView {
  return {
    date: date.date,
    timeBegin: date.begin.getTime(),
    timeEnd: date.end.getTime(),
    available: refusal === null,
    reason: refusal?.reason ?? null,
    reasonText: refusal?.text ?? null,
    priceEur,
    bookingId: null,
  };
}

const roundCents = (eur: number) => Math.round(eur * 100) / 100;

declare module '../../shared/domain-services.js' {
  interface DomainServices {
    checkout: CheckoutService;
  }
}
