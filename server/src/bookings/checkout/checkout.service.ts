import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Bookable } from '../../bookables/bookable.entity.js';
import { roleIdsOf, type BookableService } from '../../bookables/bookable.service.js';
import { checkBooking, isPermittedToBook, isTimeRelated, type Occupancy } from '../../bookables/rules/availability.js';
import { Coupon } from '../../coupons/coupon.entity.js';
import { AppError, type ErrorCode } from '../../shared/errors.js';
import { isUuid } from '../../shared/ids.js';
import { canBookFree } from '../../../../common/permissions/permissions.js';
import { Tenant } from '../../tenants/tenant.entity.js';
import type { Viewer } from '../../users/viewer.service.js';
import type { WorkflowService } from '../../workflow/workflow.service.js';
import { Booking } from '../booking.entity.js';
import { holdsTickets, newBookingMailJobs, recordBookingChange } from '../booking.jobs.js';
import { bookableSnapshot, unitPricesOf, type BookingView, type UnitPrices } from '../booking.model.js';
import { busyWhenLocked, lockKeysOf, lockObjects } from '../booking.locks.js';
import { eventFullError, seatsTaken as countSeatsTaken, type EventDirectory, type EventSeatInfo } from '../event-seats.js';
import { bookingView, familyOf, freeBookingNumber, readOccupancies, searchTextOf, setItems, type BookableFamily } from '../booking.queries.js';
import { claimKey, earlierBooking, idempotentCheckout, keyBooked, parseIdempotencyKey, type IdempotentCheckout } from './checkout-idempotency.js';
import { parseCheckoutRequest, parseItems, parseTimes, throwIfErrors, type CheckoutRequest } from './checkout.input.js';
import {
  bookedMinutes,
  bookingAttachments,
  bookingFlags,
  bookingTotals,
  couponProblem,
  couponUsed,
  eventHasSeats,
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
  begin: Date | null;
  end: Date | null;
  items: PlannedItem[];
  userId: string | null;
  roleIds: string[];
  /** Free of charge for this booker, per bookable id. */
  free: Set<string>;
  coupon: (CouponTerms & { key: string }) | null;
  events: Map<string, EventSeatInfo>;
}

export interface CheckoutOutcome {
  items: PricedItem[];
  priceEur: number;
  vatIncludedEur: number;
  isCommitted: boolean;
  isPayed: boolean;
}

/** A checkout evaluated without storing (simulate, price preview): the booking it would make. */
export type CheckoutPreview = Omit<BookingView, 'id'> & { id: null };

/**
 * Checkout (rest-contract 3.8 and 5.1): every rule, and the guarantee that no object is overbooked.
 *
 * A stored checkout runs in one transaction that first takes a PostgreSQL advisory lock on every
 * object whose availability the booking shrinks (the booked objects, their parents and dependent
 * objects, the events of tickets), in one global order so two checkouts never wait for each other
 * in a circle, with a lock timeout; then reads the occupancy afresh, checks, and writes booking,
 * items, coupon use (a conditional increment), workflow task and jobs. Concurrent checkouts on any
 * number of server processes are thereby serialised per object; a checkout that cannot get its
 * locks in time answers BOOKING_BUSY, and a failure anywhere leaves nothing behind.
 */
export class CheckoutService {
  constructor(
    private readonly orm: MikroORM,
    private readonly bookables: BookableService,
    private readonly workflows: WorkflowService,
    private readonly events: EventDirectory,
  ) {}

  /**
   * POST checkout?simulate=: the stored booking, or with `simulate` what it would be. With an
   * idempotency key (not for `simulate`), a repeat answers the booking of the first checkout
   * (checkout-idempotency.ts).
   */
  async checkout(viewer: Viewer | null, tenantId: string, body: unknown, options: { simulate: boolean; idempotencyKey?: unknown }): Promise<BookingView | CheckoutPreview> {
    const key = options.simulate ? null : parseIdempotencyKey(options.idempotencyKey);
    const request = parseCheckoutRequest(body);
    const repeatable = idempotentCheckout(tenantId, viewer?.user.id ?? null, key, request);
    const earlier = repeatable && (await earlierBooking(this.orm.em.fork(), repeatable));
    if (earlier) return bookingView(earlier);
    const plan = await this.plan(this.orm.em.fork(), viewer, tenantId, request);
    if (!options.simulate) this.requireCustomerData(plan, request);
    if (options.simulate) {
      const em = this.orm.em.fork();
      const outcome = this.evaluate(plan, await this.occupanciesOf(em, plan), await this.seatsTaken(em, plan), Date.now());
      return { ...this.preview(plan, request, outcome), id: null };
    }
    return busyWhenLocked(() => this.store(plan, request, repeatable));
  }

  /** POST checkout/validateItem: the unit prices of one object for the window, after its checks. */
  async validateItem(viewer: Viewer | null, tenantId: string, body: unknown): Promise<UnitPrices> {
    const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const errors: Record<string, string> = {};
    const items = parseItems([{ bookableId: input.bookableId, amount: input.amount }], errors);
    const { timeBegin, timeEnd } = parseTimes(input, errors);
    throwIfErrors(errors);
    const couponCode = typeof input.couponCode === 'string' && input.couponCode.trim() ? input.couponCode.trim() : null;
    const request: CheckoutRequest = {
      timeBegin,
      timeEnd,
      items,
      couponCode,
      customer: { name: '', company: '', street: '', zipCode: '', location: '', mail: '', phone: '', comment: '' },
      attachmentStatus: [],
      paymentProvider: null,
    };
    const em = this.orm.em.fork();
    const plan = await this.plan(em, viewer, tenantId, request, { addOns: false });
    const outcome = this.evaluate(plan, await this.occupanciesOf(em, plan), await this.seatsTaken(em, plan), Date.now());
    return unitPricesOf(outcome.items[0]);
  }

  /**
   * GET checkout/permissions/:id: whether the viewer may book the object at all (rule 4): 404 for an
   * object the viewer cannot see, 401 when it is restricted and nobody is signed in, 403 when the
   * signed-in viewer is not among the permitted.
   */
  async permission(viewer: Viewer | null, tenantId: string, bookableId: string): Promise<void> {
    const em = this.orm.em.fork();
    const bookable = await this.bookables.findForPublic(em, viewer, tenantId, bookableId);
    const roleIds = await roleIdsOf(em, viewer?.user.id, tenantId);
    if (isPermittedToBook(bookable, viewer?.user.id ?? null, roleIds)) return;
    throw new AppError(viewer ? 'auth.forbidden' : 'auth.unauthenticated');
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

    const events = new Map<string, EventSeatInfo>();
    for (const { record } of items) {
      if (record.type !== 'ticket' || !record.eventId || events.has(record.eventId)) continue;
      const info = await this.events.seatInfo(tenantId, record.eventId);
      if (info) events.set(record.eventId, info);
    }
    return { tenant, begin: request.timeBegin, end: request.timeEnd, items, userId, roleIds, free, coupon, events };
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
    throwIfErrors(errors);
  }

  /** Per item, the occupancy its checks need: the window for objects booked by time, totals otherwise. */
  private async occupanciesOf(em: EntityManager, plan: Plan): Promise<Occupancy[][]> {
    const window = plan.begin && plan.end && plan.end > plan.begin ? { begin: plan.begin, end: plan.end } : null;
    const result: Occupancy[][] = [];
    for (const item of plan.items) {
      const ids = [item.record.id, ...item.parents.map((parent) => parent.id), ...item.descendants.map((child) => child.id)];
      const timed = isTimeRelated(item.record);
      result.push(timed && !window ? [] : await readOccupancies(em, ids, timed ? window : null));
    }
    return result;
  }

  /** Seats taken per event of the booked tickets (non-rejected bookings of any of its tickets). */
  private async seatsTaken(em: EntityManager, plan: Plan): Promise<Map<string, number>> {
    const taken = new Map<string, number>();
    for (const eventId of plan.events.keys()) taken.set(eventId, await countSeatsTaken(em, plan.tenant.id, eventId));
    return taken;
  }

  /**
   * Runs the rules in the contract's order for every item (the first failure wins), counting the
   * earlier items of the same booking as occupied; then prices and flags. Throws the 409.
   */
  private evaluate(plan: Plan, occupancies: Occupancy[][], seatsTaken: Map<string, number>, now: number): CheckoutOutcome {
    const pending: Occupancy[] = [];
    const requestedSeats = new Map<string, number>();
    plan.items.forEach((item, index) => {
      const failure = checkBooking({
        item: item.record,
        amount: item.amount,
        begin: plan.begin,
        end: plan.end,
        parents: item.parents,
        descendants: item.descendants,
        viewerUserId: plan.userId,
        viewerRoleIds: plan.roleIds,
        occupancies: [...occupancies[index], ...pending],
        maxBookingAdvanceInMonths: plan.tenant.maxBookingAdvanceInMonths ?? null,
        now: new Date(now),
        checkDuration: true,
      });
      if (failure) throw new AppError(failure.code as ErrorCode, { detail: failure.message });
      const eventId = item.record.type === 'ticket' ? item.record.eventId : null;
      const event = eventId ? plan.events.get(eventId) : undefined;
      if (eventId && event) {
        const requested = (requestedSeats.get(eventId) ?? 0) + item.amount;
        if (!eventHasSeats(event.maxAttendees, seatsTaken.get(eventId) ?? 0, requested)) {
          throw eventFullError(event);
        }
        requestedSeats.set(eventId, requested);
      }
      pending.push({ bookableId: item.record.id, amount: item.amount, timeBegin: plan.begin, timeEnd: plan.end, rejected: false });
    });

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
      lockerInfo: [],
      ...(plan.coupon ? { _couponUsed: couponUsed(plan.coupon) } : {}),
    };
  }

  private async store(plan: Plan, request: CheckoutRequest, repeatable: IdempotentCheckout | null): Promise<BookingView> {
    const em = this.orm.em.fork();
    const booking = await em.transactional(async (tx) => {
      // Before anything else: a concurrent checkout with the same key is waited for and answered.
      const earlier = repeatable && (await claimKey(tx, repeatable));
      if (earlier) return earlier;
      // What needs no lock comes first, so the objects are held as briefly as possible.
      const workflow = await this.workflows.workflowForNewBookings(tx, plan.tenant.id);
      const number = await freeBookingNumber(tx, plan.tenant.id);
      await lockObjects(tx, lockKeysOf(plan.items));
      const now = Date.now();
      const outcome = this.evaluate(plan, await this.occupanciesOf(tx, plan), await this.seatsTaken(tx, plan), now);

      if (plan.coupon) {
        // One use per stored booking, never past maxAmount, whatever runs concurrently.
        const used = await tx.execute<{ used_amount: number }[]>(
          'update coupons set used_amount = used_amount + 1, updated_at = now() where key = ? and (max_amount is null or used_amount < max_amount) returning used_amount',
          [plan.coupon.key],
        );
        if (used.length === 0) throw new AppError('booking.coupon-used-up');
      }

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
        isCommitted: outcome.isCommitted,
        isPayed: outcome.isPayed,
        paymentProvider: request.paymentProvider,
        attachments: preview.attachments,
        createdAt: new Date(now),
      });
      created.searchText = searchTextOf(created, plan.items.map((item) => item.record.title));
      setItems(tx, created, preview.bookableItems.map((item) => ({ ...item, bookableUsed: item._bookableUsed })));
      await tx.flush();

      // Last, so the default state's lock is held only until the commit that follows.
      await this.workflows.placeNewBookingIn(tx, plan.tenant.id, created.number, now, workflow);
      const jobs = newBookingMailJobs(plan.tenant.id, created.number, created, holdsTickets(plan.items.map((item) => item.record)));
      await recordBookingChange(tx, { tenantId: plan.tenant.id, id: created.number, action: 'CREATED', assignedUserId: created.assignedUserId ?? null }, jobs);
      if (repeatable) await keyBooked(tx, repeatable, created.key);
      return created;
    });
    return bookingView(booking);
  }
}

declare module '../../shared/domain-services.js' {
  interface DomainServices {
    checkout: CheckoutService;
  }
}
