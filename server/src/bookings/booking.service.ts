import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { descendantsOf, parentsOf } from '../bookables/bookable.hierarchy.js';
import { isVisibleTo, roleIdsOf, type BookablePage, type BookableService } from '../bookables/bookable.service.js';
import type { BookingOccupancy, TimeWindow } from '../bookables/booking-occupancy.js';
import { Bookable } from '../bookables/bookable.entity.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { can, canReadSome } from '../../../common/permissions/permissions.js';
import { bookingPageBounds, decodeCursor, type KeysetCursor, type Paging } from '../../../common/validation/paging.js';
import { afterCursorSql, type KeysetOrder, type PageInfo } from '../shared/keyset.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import type { WorkflowBookings } from '../workflow/workflow-bookings.js';
import type { ClientAddress } from '../shared/rate-limit.js';
import type { BookingNameGuesses, StatusAsker, StatusTokenGuesses } from './booking-name-guesses.js';
import { hashStatusToken, looksLikeStatusToken } from './booking-status-token.js';
import type { BookingSort, RoomScheduleQuery } from '../../../common/bookings/booking-query.schema.js';
import { addSearchConditions } from './booking-search.js';
import { Booking } from './booking.entity.js';
import { publicBookingStatus, sameName, type BookingView, type PublicBookingStatus } from './booking.model.js';
import { BOOKING_SORT_ORDERS, bookingView, findBookingOrFail, IN_BACKLOG_SQL, NEWEST_BOOKINGS, readBacklogIds, readBookedPeriods, readBookingPage, readOccupancies, UPDATED_BOOKINGS, type BookingCountMode, type BookingViewPage } from './booking.queries.js';
import { isBookingNumber } from './booking-number.js';
import { pgTextArray } from '../shared/sql.js';
import type { PaymentReturnStatus } from '../../../common/bookings/payment-return.js';
import { ticketEventIds, type TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import type { EventDirectory } from './event-seats.js';
import { lastBookingChanges, deletedBookingOf, readBookingHistory, readBookingHistories, type BookingHistoryPage, type LastBookingChange } from './booking-history.js';
import type { BookingHistoryQuery } from '../../../common/bookings/history.js';
import { BookingConditionBuilder, bookingChargeConditions, bookingStatusConditions, staffBookingConditions, type BookingChargeFilter, type BookingStatusFilter } from './booking-conditions.js';

export interface BookingListQuery {
  /** Terms that must all match (number, customer data, booked titles, state words), forgiving typos; booking-search.ts. */
  search?: string | null;
  /** The order; newest first without. Not with updatedSince, which orders by the change. */
  sort?: BookingSort | null;
  status?: BookingStatusFilter | null;
  /** Bookings overlapping [from, to). */
  from?: Date | null;
  to?: Date | null;
  /** Bookings paid at or after this instant (inclusive). */
  paidFrom?: Date | null;
  /** Bookings paid before this instant (exclusive). */
  paidTo?: Date | null;
  /** Only bookings with a refund paid back at or after this instant. */
  refundedFrom?: Date | null;
  /** Only bookings with a refund paid back before this instant. */
  refundedTo?: Date | null;
  /** Free bookings (nothing to pay) or those with something to pay. */
  charge?: BookingChargeFilter | null;
  bookableId?: string | null;
  /** Only the dates of this series (bookings.series_id). */
  seriesId?: string | null;
  /** Bookings containing any of these objects (the tickets of an event). */
  bookableIds?: readonly string[] | null;
  /** Only bookings without a place on the workflow board (the kanban's backlog). */
  backlog?: boolean | null;
  /** Only bookings changed at or after this instant, the oldest change first (synchronisation). */
  updatedSince?: Date | null;
  /** The page (validated by the schemas in common/); the first page of the default size without. */
  paging?: Paging;
}

export interface BookingPage {
  items: BookingView[];
  total: number;
  /** False when `total` is an estimate (counting `estimated`, beyond what is counted exactly). */
  totalExact: boolean;
  limit: number;
  offset: number;
  pageInfo: PageInfo;
}

/** The first page of the default size. */
const FIRST_PAGE: Paging = { size: bookingPageBounds.defaultSize, offset: 0, after: null, cursorField: 'after' };
/** Public windows default to a month back and a year ahead and never span more than two years. */
const DAY_MS = 86_400_000;
const MAX_WINDOW_MS = 2 * 366 * DAY_MS;

/** One slot of the occupancy calendar. */
export interface OccupancySlot {
  bookableId: string;
  title: string;
  timeBegin: number;
  timeEnd: number;
}

/** How many booked items one object of the occupancy calendar or the room schedule shows at most. */
const PERIODS_PER_OBJECT = 2000;

/** A slot's state on a room display: waiting for its release, or released. Rejected and cancelled bookings do not occupy. */
export type ScheduleSlotStatus = 'PENDING' | 'CONFIRMED';

/** One occupied slot of the room schedule: nothing about the customer, the price or the comment. */
export interface ScheduleSlot {
  /** The booking number (the subscription's events name it). */
  bookingId: string;
  /** The object booked: the one asked for or one of its dependent objects. */
  bookableId: string;
  /** That object's public title. */
  title: string;
  timeBegin: number;
  timeEnd: number;
  status: ScheduleSlotStatus;
}

/** The schedule of one object: its booked slots and those of its dependent objects, earliest first. */
export interface RoomSchedule {
  bookableId: string;
  title: string;
  slots: ScheduleSlot[];
}

/** An object watched by the schedule subscription, with the ids whose bookings change its schedule. */
export interface ScheduleFamily {
  bookableId: string;
  /** Not shown to the public: watched with the staff's right, which each event checks again. */
  staffOnly: boolean;
  memberIds: ReadonlySet<string>;
}

/** Of the watched objects, those whose schedule a change of bookings on `bookableIds` touches. */
export const touchedSchedules = (families: readonly ScheduleFamily[], bookableIds: readonly string[] | null): string[] =>
  families.filter((family) => bookableIds === null || bookableIds.some((id) => family.memberIds.has(id))).map((family) => family.bookableId);

/** The booking times the public may see (id, tenant and times only). */
export interface PublicBookingSlot {
  id: string;
  tenantId: string;
  timeBegin: number | null;
  timeEnd: number | null;
}

/** Sees one booking: ALLOW on its tenant with the "own" flags matching the assigned user. */
export const mayOnBooking = (viewer: Viewer, action: 'read' | 'update' | 'delete', booking: Pick<Booking, 'assignedUserId'> & { tenant: { id: string } }) =>
  can(viewer.permissions, viewer.user.id, action, 'manageBookings', { tenantId: booking.tenant.id, assignedUserId: booking.assignedUserId ?? null });

/** An empty page of the query (a filter that cannot match); a cursor of another order is refused all the same. */
function emptyPage(paging: Paging, order: KeysetOrder): BookingPage {
  afterCursorSql(order, paging);
  return { items: [], total: 0, totalExact: true, limit: paging.size, offset: paging.offset, pageInfo: { hasNextPage: false, endCursor: null } };
}

/** The order of a list: the one asked for (newest first without), or the oldest change first with updatedSince. */
function orderOf(query: Pick<BookingListQuery, 'updatedSince' | 'sort'>): KeysetOrder {
  if (!query.updatedSince) return BOOKING_SORT_ORDERS[query.sort ?? 'NEWEST'];
  if (query.sort) {
    const message = 'Mit updatedSince gilt die Reihenfolge der Änderungen; sort ist dann nicht erlaubt.';
    throw new AppError('generic.validation', { detail: message, fieldErrors: { sort: message } });
  }
  return UPDATED_BOOKINGS;
}

/** The service's page of a page read. */
const pageOf = (page: BookingViewPage, paging: Paging): BookingPage => ({
  items: page.views,
  total: page.total,
  totalExact: page.totalExact,
  limit: paging.size,
  offset: paging.offset,
  pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
});

/** A window from the query, with defaults; refuses reversed or overlong ones. */
export function windowOf(from: Date | null | undefined, to: Date | null | undefined, now = Date.now()): TimeWindow {
  const begin = from ?? new Date(now - 31 * DAY_MS);
  const end = to ?? new Date(begin.getTime() + 396 * DAY_MS);
  if (end.getTime() <= begin.getTime()) throw new AppError('generic.validation', { detail: 'Das Ende des Zeitraums muss nach seinem Beginn liegen.' });
  if (end.getTime() - begin.getTime() > MAX_WINDOW_MS) throw new AppError('generic.validation', { detail: 'Der Zeitraum darf höchstens zwei Jahre umfassen.' });
  return { begin, end };
}

/**
 * Reading bookings: the staff's paginated
 * and searchable list, one booking, the public status, the occupancy calendar and the bookings of
 * an object; and the ports the bookables and workflow domains read bookings through.
 */
export class BookingService implements BookingOccupancy, Pick<WorkflowBookings, 'backlogIds'> {
  constructor(
    private readonly orm: MikroORM,
    private readonly bookables: BookableService,
    private readonly nameGuesses: BookingNameGuesses,
    private readonly statusTokenGuesses: StatusTokenGuesses,
    /** The events behind booked tickets (their date and place); null: none are shown. */
    private readonly events: Pick<EventDirectory, 'ticketEvents'> | null = null,
  ) {}

  /**
   * The events the bookings' tickets admit to, by id, read in one go: the event a ticket belonged
   * to when it was booked, as that event is now (a moved event shows its new date).
   */
  async ticketEventsOf(tenantId: string, views: readonly BookingView[]): Promise<Map<string, TicketEventFacts>> {
    const ids = [...new Set(views.flatMap((view) => ticketEventIds(view.bookableItems)))];
    return ids.length > 0 && this.events ? this.events.ticketEvents(tenantId, ids) : new Map();
  }

  /** The events of one booking's tickets, in the order of its items. */
  async ticketEventsOfBooking(view: BookingView): Promise<TicketEventFacts[]> {
    const events = await this.ticketEventsOf(view.tenantId, [view]);
    return ticketEventIds(view.bookableItems).flatMap((id) => events.get(id) ?? []);
  }

  /**
   * The staff's list: newest first or by a column (with updatedSince the oldest change first),
   * filtered and searched in the database (booking-search.ts), one page at a time, by offset or after a cursor (stable while bookings arrive).
   * `count` says how all matches are counted (BookingCountMode; with `none` total is the page's length); `snapshots: false`
   * reads only id, title, type and event of each booked object.
   */
  async list(viewer: Viewer, tenantId: string, query: BookingListQuery = {}, options: { count: BookingCountMode; snapshots: boolean } = { count: 'exact', snapshots: true }): Promise<BookingPage> {
    if (!canReadSome(viewer.permissions, tenantId, 'manageBookings')) throw new AppError('auth.forbidden');
    const paging = query.paging ?? FIRST_PAGE;
    const order = orderOf(query);
    const where = staffBookingConditions(viewer, tenantId);
    if (query.status) where.add(bookingStatusConditions[query.status]);
    where.overlapping(query.from, query.to);
    if (query.paidFrom && query.paidTo && query.paidTo.getTime() <= query.paidFrom.getTime()) {
      throw new AppError('generic.validation', { detail: 'paidTo muss nach paidFrom liegen.', fieldErrors: { paidTo: 'Muss nach paidFrom liegen.' } });
    }
    where.paidBetween(query.paidFrom, query.paidTo);
    if (query.refundedFrom && query.refundedTo && query.refundedTo.getTime() <= query.refundedFrom.getTime()) {
      throw new AppError('generic.validation', { detail: 'refundedTo muss nach refundedFrom liegen.', fieldErrors: { refundedTo: 'Muss nach refundedFrom liegen.' } });
    }
    where.refundedBetween(query.refundedFrom, query.refundedTo);
    if (query.charge) where.add(bookingChargeConditions[query.charge]);
    if (query.bookableId) {
      if (!isUuid(query.bookableId)) return emptyPage(paging, order);
      where.add('exists (select 1 from booking_items i where i.booking_key = b.key and i.bookable_id = ?::uuid)', query.bookableId);
    }
    if (query.seriesId) {
      if (!isUuid(query.seriesId)) return emptyPage(paging, order);
      where.add('b.series_id = ?::uuid', query.seriesId);
    }
    if (query.bookableIds) {
      const ids = query.bookableIds.filter(isUuid);
      if (ids.length === 0) return emptyPage(paging, order);
      where.add('exists (select 1 from booking_items i where i.booking_key = b.key and i.bookable_id = any(?::uuid[]))', pgTextArray(ids));
    }
    if (query.backlog) where.add(IN_BACKLOG_SQL);
    if (query.updatedSince) where.add('b.updated_at >= ?::timestamptz', query.updatedSince.toISOString());
    const em = this.orm.em.fork();
    await addSearchConditions(em, where, query.search);
    return pageOf(await readBookingPage(em, where, { order, paging, ...options }), paging);
  }

  /** An empty page of a bookings list (a viewer who reads none); a cursor of another order is refused all the same. */
  emptyPage(query: Pick<BookingListQuery, 'paging' | 'updatedSince' | 'sort'>): BookingPage {
    return emptyPage(query.paging ?? FIRST_PAGE, orderOf(query));
  }

  /**
   * The staff's list as an export reads it: every booking of the filtered list the viewer may read,
   * newest first, one page of the largest size at a time after the cursor of the page before (each
   * query bounded; bookings added meanwhile move nothing), with the events behind the page's
   * tickets. The first page is read before anything is yielded, so a refusal or a wrong filter fails
   * the call, not a half-written download.
   */
  async *exportPages(viewer: Viewer, tenantId: string, query: Omit<BookingListQuery, 'paging'>): AsyncGenerator<{ items: BookingView[]; events: Map<string, TicketEventFacts> }> {
    let after: KeysetCursor | null = null;
    for (;;) {
      const page = await this.list(viewer, tenantId, { ...query, paging: { size: bookingPageBounds.maxSize, offset: 0, after, cursorField: 'after' } }, { count: 'none', snapshots: true });
      if (page.items.length > 0) yield { items: page.items, events: await this.ticketEventsOf(tenantId, page.items) };
      if (!page.pageInfo.hasNextPage || page.pageInfo.endCursor === null) return;
      after = decodeCursor(page.pageInfo.endCursor);
    }
  }

  /**
   * The bookings with these numbers the viewer may read as staff (the kanban's cards), each booked
   * object as id, title, type and event only. Numbers without a readable booking are left out.
   */
  async byNumbers(viewer: Viewer, tenantId: string, numbers: readonly string[]): Promise<BookingView[]> {
    if (numbers.length === 0 || !canReadSome(viewer.permissions, tenantId, 'manageBookings')) return [];
    const where = staffBookingConditions(viewer, tenantId).add('b.number = any(?::text[])', pgTextArray(numbers));
    const paging: Paging = { size: numbers.length, offset: 0, after: null, cursorField: 'after' };
    return (await readBookingPage(this.orm.em.fork(), where, { order: NEWEST_BOOKINGS, paging, count: 'none', snapshots: false })).views;
  }

  /**
   * The objects of the tenant by id, title and type, for staff who read bookings (the calendar's
   * filter, the editor's picker), whatever their rights on the objects: a booking shows these
   * titles anyway.
   */
  async objectChoices(viewer: Viewer, tenantId: string): Promise<{ id: string; title: string; type: string }[]> {
    if (!canReadSome(viewer.permissions, tenantId, 'manageBookings')) throw new AppError('auth.forbidden');
    return this.bookables.choices(tenantId);
  }

  /** One page of objectChoices, found by title or location; the same readers. */
  async objectChoicePage(viewer: Viewer, tenantId: string, request: { search?: string | null; ids?: readonly string[] | null; paging: Paging }): Promise<BookablePage> {
    if (!canReadSome(viewer.permissions, tenantId, 'manageBookings')) throw new AppError('auth.forbidden');
    return this.bookables.choicePage(tenantId, request);
  }

  /** GET mybookings: the bookings assigned to the viewer in the tenant, newest first (or changed since, oldest change first). */
  async mine(viewer: Viewer, tenantId: string, query: Pick<BookingListQuery, 'paging' | 'updatedSince'> = {}): Promise<BookingPage> {
    const paging = query.paging ?? FIRST_PAGE;
    const where = new BookingConditionBuilder().add('b.tenant_id = ?', tenantId).add('b.assigned_user_id = ?', viewer.user.id);
    if (query.updatedSince) where.add('b.updated_at >= ?::timestamptz', query.updatedSince.toISOString());
    return pageOf(await readBookingPage(this.orm.em.fork(), where, { order: orderOf(query), paging, count: 'exact', snapshots: true }), paging);
  }

  /** GET bookings?public=true: the times of the tenant's non-rejected bookings in the window, for public calendars. */
  async publicSlots(tenantId: string, window: TimeWindow): Promise<PublicBookingSlot[]> {
    const bookings = await this.orm.em
      .fork()
      .find(Booking, { tenant: tenantId, isRejected: false, timeBegin: { $lt: window.end }, timeEnd: { $gt: window.begin } }, { orderBy: { timeBegin: 'asc', key: 'asc' }, limit: 5000, fields: ['number', 'timeBegin', 'timeEnd'] });
    return bookings.map((booking) => ({ id: booking.number, tenantId, timeBegin: booking.timeBegin?.getTime() ?? null, timeEnd: booking.timeEnd?.getTime() ?? null }));
  }

  async get(viewer: Viewer, tenantId: string, id: string): Promise<Booking> {
    const booking = await this.find(this.orm.em.fork(), tenantId, id);
    if (!mayOnBooking(viewer, 'read', booking)) throw new AppError('auth.forbidden');
    return booking;
  }

  /**
   * GET bookings/:id/history, Booking.history, bookingHistory: one page of the booking's history,
   * newest first, for whoever may read the booking, also after it was deleted (another tenant's or
   * an unknown booking: not found).
   */
  async history(viewer: Viewer, tenantId: string, id: string, query: BookingHistoryQuery): Promise<BookingHistoryPage> {
    const em = this.orm.em.fork();
    const booking = isBookingNumber(id) ? await em.findOne(Booking, { tenant: tenantId, number: id }, { fields: ['number', 'assignedUserId', 'tenant'] }) : null;
    // A deleted booking's history stays readable: its `deleted` entry keeps whom it was assigned to.
    const readable = booking ?? (isBookingNumber(id) ? await deletedBookingOf(em, tenantId, id) : null);
    if (!readable) throw new AppError('generic.not-found', { detail: 'Die Buchung existiert nicht.' });
    if (!mayOnBooking(viewer, 'read', { tenant: { id: tenantId }, assignedUserId: readable.assignedUserId ?? null })) throw new AppError('auth.forbidden');
    return readBookingHistory(em, tenantId, id, query);
  }

  /**
   * `history` of several bookings of the tenant (a bookings page): the bookings and their pages with
   * two statements. A booking the viewer may not read answers its error; one gone meanwhile is
   * looked up as `history` does (its history outlives it).
   */
  async historyOfBookings(viewer: Viewer, tenantId: string, ids: readonly string[], query: BookingHistoryQuery): Promise<Map<string, BookingHistoryPage | AppError>> {
    const em = this.orm.em.fork();
    const numbers = ids.filter(isBookingNumber);
    const bookings = numbers.length > 0 ? await em.find(Booking, { tenant: tenantId, number: { $in: numbers } }, { fields: ['number', 'assignedUserId', 'tenant'] }) : [];
    const answers = new Map<string, BookingHistoryPage | AppError>();
    const readable: string[] = [];
    for (const booking of bookings) {
      if (mayOnBooking(viewer, 'read', { tenant: { id: tenantId }, assignedUserId: booking.assignedUserId ?? null })) readable.push(booking.number);
      else answers.set(booking.number, new AppError('auth.forbidden'));
    }
    for (const [number, page] of await readBookingHistories(em, tenantId, readable, query)) answers.set(number, page);
    for (const id of ids) {
      if (answers.has(id)) continue;
      answers.set(id, await this.history(viewer, tenantId, id, query).catch((error: unknown) => (error instanceof AppError ? error : Promise.reject(error))));
    }
    return answers;
  }

  /**
   * The newest history entry of each of these bookings (the exports' last-change columns). The
   * caller has read the bookings under the viewer's rights already.
   */
  lastChanges(tenantId: string, numbers: readonly string[]): Promise<Map<string, LastBookingChange>> {
    return lastBookingChanges(this.orm.em.fork(), tenantId, numbers);
  }

  /** GET bookings/:id/status: public flags only. */
  async status(tenantId: string, id: string): Promise<PaymentReturnStatus> {
    const em = this.orm.em.fork();
    const booking = await this.find(em, tenantId, id);
    const tenant = await em.findOne(Tenant, { id: tenantId }, { fields: ['name'] });
    const view = bookingView(booking);
    // What the payment's return page shows: object, time, price, the tenant and the tickets' events; no personal data.
    return {
      isCommitted: booking.isCommitted,
      isPayed: booking.isPayed,
      isRejected: booking.isRejected,
      bookingId: booking.number,
      title: view.bookableItems[0]?._bookableUsed.title ?? '',
      items: view.bookableItems.map((item) => ({ title: item._bookableUsed.title, amount: item.amount })),
      timeBegin: view.timeBegin,
      timeEnd: view.timeEnd,
      priceEur: booking.priceEur,
      paymentProvider: booking.paymentProvider ?? null,
      tenantName: tenant?.name ?? '',
      events: await this.ticketEventsOfBooking(view),
    };
  }

  /**
   * GET bookings/:id/status/public?lastname=: only where the tenant
   * switched the public status on (else 405), and only with the booking's name (else 401; guesses
   * are limited, see BookingNameGuesses).
   */
  async publicStatus(tenantId: string, id: string, lastname: string | null | undefined, client: ClientAddress): Promise<PublicBookingStatus> {
    if (!lastname?.trim()) throw new AppError('generic.validation', { detail: 'Bitte geben Sie den Namen der Buchung an.', fieldErrors: { lastname: 'Pflichtfeld' } });
    const em = this.orm.em.fork();
    const tenant = await em.findOne(Tenant, { id: tenantId }, { fields: ['enablePublicStatusView'] });
    if (!tenant) throw new AppError('generic.not-found');
    if (!tenant.enablePublicStatusView) throw new AppError('booking.public-status-disabled');
    const booking = await this.namedBooking(em, tenantId, id, lastname, client);
    return this.publicStatusOf(booking);
  }

  /**
   * GET bookings/status with X-Status-Token, bookingStatusByToken: the public status of the booking
   * whose checkout answered the token, whatever the tenant's public-status setting (the token is the
   * proof). An unknown token is not found; every lookup counts as a guess until the token proves right
   * (per API token when the request came with one, otherwise per address: booking-name-guesses.ts).
   */
  async statusByToken(tenantId: string, token: string | null | undefined, asker: StatusAsker): Promise<PublicBookingStatus> {
    if (!token?.trim()) throw new AppError('generic.validation', { detail: 'Bitte geben Sie den Status-Schlüssel der Buchung an.', fieldErrors: { token: 'Pflichtfeld' } });
    await this.statusTokenGuesses.count(asker);
    const em = this.orm.em.fork();
    const booking = looksLikeStatusToken(token.trim())
      ? await em.findOne(Booking, { tenant: tenantId, statusTokenHashes: { $contains: [hashStatusToken(token.trim())] } }, { populate: ['items'] })
      : null;
    if (!booking) throw new AppError('generic.not-found', { detail: 'Zu diesem Schlüssel gibt es keine Buchung.' });
    await this.statusTokenGuesses.rightToken(asker);
    return this.publicStatusOf(booking);
  }

  /** What the public status shows of a booking (booking.model.ts publicBookingStatus), with its tickets' events. */
  private async publicStatusOf(booking: Booking): Promise<PublicBookingStatus> {
    const view = bookingView(booking);
    return publicBookingStatus(view, Date.now(), await this.ticketEventsOfBooking(view));
  }

  /** GET bookings/:id/verify-ownership?name=: 401 unless the name is the booking's; the same limit on guesses. */
  async verifyOwnership(tenantId: string, id: string, name: string | null | undefined, client: ClientAddress): Promise<void> {
    if (!name?.trim()) throw new AppError('generic.validation', { detail: 'Bitte geben Sie den Namen der Buchung an.', fieldErrors: { name: 'Pflichtfeld' } });
    await this.namedBooking(this.orm.em.fork(), tenantId, id, name, client);
  }

  /** The booking if `name` is its name; every attempt counts against the limits until the name proves right. */
  private async namedBooking(em: EntityManager, tenantId: string, id: string, name: string, client: ClientAddress): Promise<Booking> {
    await this.nameGuesses.countAddress(client);
    const booking = await this.find(em, tenantId, id);
    await this.nameGuesses.countBooking(tenantId, booking.number);
    if (!sameName(booking.name, name)) throw new AppError('booking.name-mismatch');
    await this.nameGuesses.rightName(client, tenantId, booking.number);
    return booking;
  }

  /**
   * GET calendar/occupancy: for every selected object (all of the tenant's
   * without a selection) the non-rejected bookings of it or its dependent objects in the window,
   * one slot per booking and object. Public: titles and times only.
   */
  async occupancy(tenantId: string, ids: readonly string[] | null, window: TimeWindow): Promise<OccupancySlot[]> {
    const em = this.orm.em.fork();
    const selected = ids && ids.length > 0 ? ids.filter(isUuid) : null;
    if (selected && selected.length === 0) return [];
    const bookables = await em.find(Bookable, { tenant: tenantId, ...(selected ? { id: { $in: selected } } : {}) }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: 500 });
    const slots: OccupancySlot[] = [];
    for (const bookable of bookables) {
      const family = [bookable.id, ...(await descendantsOf(em, tenantId, bookable)).map((child) => child.id)];
      // One slot per booking and period, however many of the family's items it holds.
      const seen = new Set<string>();
      for (const period of await readBookedPeriods(em, family, window, PERIODS_PER_OBJECT)) {
        const slot = { bookableId: bookable.id, title: bookable.title, timeBegin: period.timeBegin.getTime(), timeEnd: period.timeEnd.getTime() };
        const key = `${period.bookingKey}/${slot.timeBegin}/${slot.timeEnd}`;
        if (seen.has(key)) continue;
        seen.add(key);
        slots.push(slot);
      }
    }
    return slots;
  }

  /**
   * Objects of the tenant whose schedule the viewer may read: what isVisibleTo shows the public
   * (also to OCCUPANCY_READ tokens and signed-in people), and every object for staff who read the
   * tenant's bookings, in the order of `ids`. Any other id, unknown or hidden, is not found: its
   * existence is nobody else's business.
   */
  async scheduleObjects(em: EntityManager, viewer: Viewer | null, tenantId: string, ids: readonly string[]): Promise<{ bookable: Bookable; staffOnly: boolean }[]> {
    const wanted = [...new Set(ids)];
    const byId = new Map((wanted.every(isUuid) ? await em.find(Bookable, { tenant: tenantId, id: { $in: wanted } }) : []).map((bookable) => [bookable.id, bookable]));
    // In the order asked for: a display lists its rooms as it named them.
    const found = wanted.flatMap((id) => byId.get(id) ?? []);
    const staff = viewer !== null && canReadSome(viewer.permissions, tenantId, 'manageBookings');
    const roleIds = await roleIdsOf(em, viewer?.user.id, tenantId);
    const readable = found.flatMap((bookable) => {
      if (isVisibleTo(bookable, viewer?.user.id ?? null, roleIds)) return [{ bookable, staffOnly: false }];
      return staff ? [{ bookable, staffOnly: true }] : [];
    });
    if (readable.length !== wanted.length) throw new AppError('generic.not-found', { detail: 'Mindestens eines der Objekte gibt es nicht, oder sein Belegungsplan ist nicht öffentlich.' });
    return readable;
  }

  /**
   * GET calendar/schedule, roomSchedule: per object its occupied slots in the window (of it and its
   * dependent objects), each with its status and the booked object's public title; no customer
   * data, price or comment. Read through the occupancy index like the occupancy calendar.
   */
  async schedule(viewer: Viewer | null, tenantId: string, query: RoomScheduleQuery): Promise<RoomSchedule[]> {
    const em = this.orm.em.fork();
    const schedules: RoomSchedule[] = [];
    for (const { bookable } of await this.scheduleObjects(em, viewer, tenantId, query.ids)) {
      const family = [bookable, ...(await descendantsOf(em, tenantId, bookable))];
      const titles = new Map(family.map((member) => [member.id, member.title]));
      const periods = await readBookedPeriods(em, [...titles.keys()], query.window, PERIODS_PER_OBJECT);
      schedules.push({
        bookableId: bookable.id,
        title: bookable.title,
        slots: periods.map((period) => ({
          bookingId: period.bookingNumber,
          bookableId: period.bookableId,
          title: titles.get(period.bookableId) ?? bookable.title,
          timeBegin: period.timeBegin.getTime(),
          timeEnd: period.timeEnd.getTime(),
          status: period.isCommitted ? 'CONFIRMED' : 'PENDING',
        })),
      });
    }
    return schedules;
  }

  /**
   * For the schedule subscription: each object the viewer may watch (as for the schedule) with the
   * ids whose bookings change its schedule (itself and its dependent objects), read once.
   */
  async scheduleFamilies(viewer: Viewer | null, tenantId: string, ids: readonly string[]): Promise<ScheduleFamily[]> {
    const em = this.orm.em.fork();
    const families: ScheduleFamily[] = [];
    for (const { bookable, staffOnly } of await this.scheduleObjects(em, viewer, tenantId, ids)) {
      families.push({ bookableId: bookable.id, staffOnly, memberIds: new Set([bookable.id, ...(await descendantsOf(em, tenantId, bookable)).map((child) => child.id)]) });
    }
    return families;
  }

  /**
   * GET bookables/:id/bookings: with `public` the times of the object's bookings
   * for anyone who may see the object; otherwise whole bookings for those who may read the tenant's
   * bookings. `related` adds the dependent objects', `parent` the parents' bookings. Read by window.
   */
  async ofBookable(
    viewer: Viewer | null,
    tenantId: string,
    bookableId: string,
    query: { related?: boolean; parent?: boolean; public?: boolean; window: TimeWindow },
  ): Promise<PublicBookingSlot[] | Booking[]> {
    if (!query.public) {
      if (!viewer) throw new AppError('auth.unauthenticated');
      if (!canReadSome(viewer.permissions, tenantId, 'manageBookings')) throw new AppError('auth.forbidden');
    }
    const em = this.orm.em.fork();
    const bookable = query.public ? await this.bookables.findForPublic(em, viewer, tenantId, bookableId) : await this.bookables.findOne(em, tenantId, bookableId);
    const ids = [bookable.id];
    if (query.related) ids.push(...(await descendantsOf(em, tenantId, bookable)).map((child) => child.id));
    if (query.parent) ids.push(...(await parentsOf(em, tenantId, bookable.id)).map((parent) => parent.id));
    const bookings = await em.find(
      Booking,
      {
        tenant: tenantId,
        items: { bookableId: { $in: ids } },
        // The public times show what is occupied: a rejected or cancelled booking no longer is.
        ...(query.public ? { isRejected: false } : {}),
        $or: [{ timeBegin: null }, { timeBegin: { $lt: query.window.end }, timeEnd: { $gt: query.window.begin } }],
      },
      { orderBy: { timeBegin: 'asc', createdAt: 'asc' }, limit: 2000, populate: query.public ? [] : ['items'], strategy: 'select-in' },
    );
    if (query.public) return bookings.map((booking) => ({ id: booking.number, tenantId, timeBegin: booking.timeBegin?.getTime() ?? null, timeEnd: booking.timeEnd?.getTime() ?? null }));
    return bookings.filter((booking) => mayOnBooking(viewer as Viewer, 'read', booking));
  }

  /** BookingOccupancy for availability and checkout. */
  occupancies(bookableIds: readonly string[], window: TimeWindow | null) {
    return readOccupancies(this.orm.em.fork(), bookableIds, window);
  }

  /** WorkflowBookings: the backlog's bookings. */
  backlogIds(tenantId: string, limit: number): Promise<string[]> {
    return readBacklogIds(this.orm.em.fork(), tenantId, limit);
  }

  /** The tenant's booking by number; anything else is not found (also another tenant's). */
  find(em: EntityManager, tenantId: string, id: string): Promise<Booking> {
    return findBookingOrFail(em, tenantId, id);
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    bookings: BookingService;
  }
}
