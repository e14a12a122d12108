import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TimeWindow } from '../bookables/booking-occupancy.js';
import type { Occupancy } from '../bookables/rules/availability.js';
import { isUuid } from '../shared/ids.js';
import { pgTextArray } from '../shared/sql.js';
import { afterCursorSql, keyColumnsSql, keysetPage, orderBySql, type KeyColumn, type KeyRow, type KeysetOrder } from '../shared/keyset.js';
import type { BookingSort } from '../../../common/bookings/booking-query.schema.js';
import type { Paging } from '../../../common/validation/paging.js';
import { Booking, BookingItem } from './booking.entity.js';
import { unitPricesOf, type BookableSnapshot, type BookingView, type LockerReservation, type UnitPrices } from './booking.model.js';
import { isBookingNumber, newBookingNumber } from './booking-number.js';
import { Bookable } from '../bookables/bookable.entity.js';
import { descendantsOf, parentsOf } from '../bookables/bookable.hierarchy.js';
import type { BookableRecord } from '../bookables/bookable.model.js';
import { bookableRecord } from '../bookables/bookable.service.js';
import { AppError } from '../shared/errors.js';
import { berlinParts } from '../../../common/time/berlin.js';

/**
 * The bookings domain's reads that must stay fast whatever the history: occupancy by window through
 * the GiST index on (bookable, time range), totals of objects booked by count, the backlog.
 */

/**
 * Booked items of objects (parameters: the ids as an array literal, window begin and end, a booking
 * key to leave out or null) overlapping a window, non-rejected. The window's items come first through
 * the GiST index, then each one's booking by primary key: a join could let the planner read every
 * booking when it misjudges the window.
 */
export const OCCUPANCY_IN_WINDOW_SQL = `select i.bookable_id, i.amount, i.time_begin, i.time_end
  from booking_items i
 where i.bookable_id = any(?::uuid[]) and i.time_begin is not null and i.time_end is not null
   and tstzrange(i.time_begin, i.time_end, '[)') && tstzrange(?::timestamptz, ?::timestamptz, '[)')
   and i.booking_key is distinct from ?::uuid
   and not (select b.is_rejected from bookings b where b.key = i.booking_key)`;

interface OccupancyRow {
  bookable_id: string;
  amount: number | string;
  time_begin: Date | null;
  time_end: Date | null;
}

/**
 * Booked items of the objects (non-rejected bookings). With a window: those overlapping it (touching
 * ends do not overlap). Without: one row per object with the total amount ever booked.
 * `excludeBookingKey` leaves one booking out (its own old state while it is being changed).
 */
export async function readOccupancies(em: EntityManager, bookableIds: readonly string[], window: TimeWindow | null, excludeBookingKey: string | null = null): Promise<Occupancy[]> {
  const ids = [...new Set(bookableIds.filter(isUuid))];
  if (ids.length === 0) return [];
  let rows: OccupancyRow[];
  if (window) {
    rows = await em.execute<OccupancyRow[]>(
      OCCUPANCY_IN_WINDOW_SQL,
      [pgTextArray(ids), window.begin.toISOString(), window.end.toISOString(), excludeBookingKey],
    );
  } else {
    rows = await em.execute<OccupancyRow[]>(
      `select i.bookable_id, sum(i.amount) as amount, null as time_begin, null as time_end
         from booking_items i join bookings b on b.key = i.booking_key
        where i.bookable_id = any(?::uuid[]) and not b.is_rejected and b.key is distinct from ?::uuid
        group by i.bookable_id`,
      [pgTextArray(ids), excludeBookingKey],
    );
  }
  return rows.map((row) => ({
    bookableId: row.bookable_id,
    amount: Number(row.amount),
    timeBegin: row.time_begin ? new Date(row.time_begin) : null,
    timeEnd: row.time_end ? new Date(row.time_end) : null,
    rejected: false,
  }));
}

/** One booked item of a non-rejected booking in a window: what the occupancy calendar and the room schedule show. */
export interface BookedPeriod {
  bookingKey: string;
  /** The booking number. */
  bookingNumber: string;
  /** The booked object (one of those asked for). */
  bookableId: string;
  timeBegin: Date;
  timeEnd: Date;
  /** Released ("freigegeben"); otherwise it waits for its release. */
  isCommitted: boolean;
}

/**
 * As OCCUPANCY_IN_WINDOW_SQL, with the booking's number and release: the window's items of the
 * objects through the GiST index, then each one's booking by primary key; earliest first, bounded.
 */
const BOOKED_PERIODS_SQL = `select i.booking_key, b.number, i.bookable_id, i.time_begin, i.time_end, b.is_committed
  from booking_items i
  cross join lateral (select bk.number, bk.is_committed, bk.is_rejected from bookings bk where bk.key = i.booking_key) b
 where i.bookable_id = any(?::uuid[]) and i.time_begin is not null and i.time_end is not null
   and tstzrange(i.time_begin, i.time_end, '[)') && tstzrange(?::timestamptz, ?::timestamptz, '[)')
   and not b.is_rejected
 order by i.time_begin, b.number, i.position
 limit ?`;

/** The booked items of these objects overlapping the window (touching ends do not), of non-rejected bookings, at most `limit`. */
export async function readBookedPeriods(em: EntityManager, bookableIds: readonly string[], window: TimeWindow, limit: number): Promise<BookedPeriod[]> {
  const ids = [...new Set(bookableIds.filter(isUuid))];
  if (ids.length === 0) return [];
  const rows = await em.execute<{ booking_key: string; number: string; bookable_id: string; time_begin: Date; time_end: Date; is_committed: boolean }[]>(
    BOOKED_PERIODS_SQL,
    [pgTextArray(ids), window.begin.toISOString(), window.end.toISOString(), limit],
  );
  return rows.map((row) => ({
    bookingKey: row.booking_key,
    bookingNumber: row.number,
    bookableId: row.bookable_id,
    timeBegin: new Date(row.time_begin),
    timeEnd: new Date(row.time_end),
    isCommitted: row.is_committed,
  }));
}

/** A condition on `bookings b`: the booking has no place on the workflow board (the backlog). */
export const IN_BACKLOG_SQL = 'not exists (select 1 from workflow_tasks t where t.tenant_id = b.tenant_id and t.task_id = b.number)';

/** Bookings of the tenant that have no place on the board, oldest first; the newest `limit` when there are more. */
export async function readBacklogIds(em: EntityManager, tenantId: string, limit: number): Promise<string[]> {
  const rows = await em.execute<{ number: string }[]>(
    `select number from (
       select b.number, b.created_at, b.key from bookings b
        where b.tenant_id = ? and ${IN_BACKLOG_SQL}
        order by b.created_at desc, b.key desc limit ?) newest
      order by created_at, key`,
    [tenantId, limit],
  );
  return rows.map((row) => row.number);
}

/** Epoch ms of an instant; raw SQL answers may carry timestamps as text. */
const time = (date: Date | string | null | undefined): number | null => (date ? new Date(date).getTime() : null);
/** An instant as ISO text in UTC. */
const iso = (date: Date | string | null | undefined): string | null => (date ? new Date(date).toISOString() : null);

function itemView(item: BookingItem): BookingView['bookableItems'][number] {
  return { bookableId: item.bookableId, amount: item.amount, ...unitPricesOf(item), _bookableUsed: item.bookableUsed };
}

/** The stored booking as REST answers it; the items must be loaded. */
export function bookingView(booking: Booking): BookingView {
  return {
    id: booking.number,
    tenantId: booking.tenant.id,
    assignedUserId: booking.assignedUserId ?? null,
    timeBegin: time(booking.timeBegin),
    timeEnd: time(booking.timeEnd),
    timeCreated: booking.createdAt.getTime(),
    bookableItems: booking.items.getItems().map(itemView),
    couponCode: booking.couponCode ?? null,
    name: booking.name,
    company: booking.company,
    street: booking.street,
    zipCode: booking.zipCode,
    location: booking.location,
    mail: booking.mail,
    phone: booking.phone,
    comment: booking.comment,
    attachments: booking.attachments,
    priceEur: booking.priceEur,
    vatIncludedEur: booking.vatIncludedEur,
    isCommitted: booking.isCommitted,
    isPayed: booking.isPayed,
    isRejected: booking.isRejected,
    paymentProvider: booking.paymentProvider ?? null,
    paymentMethod: booking.paymentMethod,
    paidAt: iso(booking.paidAt),
    cancelledAt: iso(booking.cancelledAt),
    updatedAt: booking.updatedAt.toISOString(),
    lockerInfo: booking.lockerInfo,
    seriesId: booking.seriesId ?? null,
    ...(booking.couponUsed ? { _couponUsed: booking.couponUsed } : {}),
  };
}

/** A booking's begin as the staff list shows its date: "03.05.2027" in Berlin. */
function beginDateText(timeBegin: Date | null | undefined): string {
  if (!timeBegin) return '';
  const { day, month, year } = berlinParts(timeBegin);
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${String(year).padStart(4, '0')}`;
}

/**
 * The words the staff's search finds a booking by, lower case: number, customer data, coupon,
 * comment, the booked titles and, last, the begin's date (Migration20261214100000 appends it to
 * stored texts the same way). State and payment words are not stored: they change without the text
 * (booking-search.ts reads them from the flags).
 */
export function searchTextOf(
  booking: Pick<Booking, 'number' | 'name' | 'company' | 'mail' | 'phone' | 'street' | 'location' | 'zipCode' | 'comment' | 'couponCode' | 'timeBegin'>,
  titles: readonly string[],
): string {
  return [booking.number, booking.name, booking.company, booking.mail, booking.phone, booking.street, booking.zipCode, booking.location, booking.couponCode ?? '', booking.comment, ...titles, beginDateText(booking.timeBegin)]
    .filter(Boolean)
    .join(' ')
    .toLocaleLowerCase('de-DE');
}

/** One booking of the tenant by its number, with items; anything else (also another tenant's) is not found. */
export async function findBookingOrFail(em: EntityManager, tenantId: string, id: string, options: { lock?: boolean } = {}): Promise<Booking> {
  const booking = isBookingNumber(id) ? await findBooking(em, tenantId, id, options) : null;
  if (!booking) throw new AppError('generic.not-found', { detail: 'Die Buchung existiert nicht.' });
  return booking;
}

/** A booked object with the objects above and below it, as the booking rules and locks need them. */
export interface BookableFamily {
  record: BookableRecord;
  parents: BookableRecord[];
  descendants: BookableRecord[];
}

export async function familyOf(em: EntityManager, tenantId: string, bookable: Bookable): Promise<BookableFamily> {
  const parents = await parentsOf(em, tenantId, bookable.id);
  const descendants = await descendantsOf(em, tenantId, bookable);
  return { record: bookableRecord(bookable), parents: parents.map(bookableRecord), descendants: descendants.map(bookableRecord) };
}

/** The tenant's objects among the ids, each with its hierarchy (a deleted object is left out: it limits nothing). */
export async function familiesOf(em: EntityManager, tenantId: string, ids: readonly string[]): Promise<BookableFamily[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return [];
  const result: BookableFamily[] = [];
  for (const bookable of await em.find(Bookable, { id: { $in: wanted }, tenant: tenantId })) result.push(await familyOf(em, tenantId, bookable));
  return result;
}

/** One booking of the tenant by its number, with items; null when there is none. */
export async function findBooking(em: EntityManager, tenantId: string, number: string, options: { lock?: boolean } = {}): Promise<Booking | null> {
  const booking = await em.findOne(Booking, { tenant: tenantId, number }, options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (booking) await em.populate(booking, ['items']);
  return booking;
}

/** A booking number not yet used in the tenant: a collision is retried (the unique index has the last word). */
export async function freeBookingNumber(em: EntityManager, tenantId: string): Promise<string> {
  for (;;) {
    const number = newBookingNumber();
    if ((await em.count(Booking, { tenant: tenantId, number })) === 0) return number;
  }
}

/** A booked line as stored: the object, its amount, unit prices and snapshot. */
export interface ItemLine extends UnitPrices {
  bookableId: string;
  amount: number;
  bookableUsed: BookableSnapshot;
}

/** Replaces the booking's items by these lines, in order, carrying the booking's times for the occupancy index. */
export function setItems(em: EntityManager, booking: Booking, lines: readonly ItemLine[]): void {
  booking.items.removeAll();
  lines.forEach((line, position) => {
    booking.items.add(
      em.create(BookingItem, { booking, position, bookableId: line.bookableId, amount: line.amount, ...unitPricesOf(line), bookableUsed: line.bookableUsed, timeBegin: booking.timeBegin, timeEnd: booking.timeEnd }),
    );
  });
}

/**
 * A page of bookings as views in one statement: the booking columns and its items aggregated as
 * JSON, newest first. The list is the staff's most frequent read, so it skips the ORM's hydration.
 */
const pageColumns = (snapshots: boolean) => `b.number, b.tenant_id, b.assigned_user_id, b.time_begin, b.time_end, b.created_at, b.coupon_code, b.coupon_used,
  b.name, b.company, b.street, b.zip_code, b.location, b.mail, b.phone, b.comment, b.attachments, b.price_eur, b.vat_included_eur,
  b.is_committed, b.is_payed, b.is_rejected, b.payment_provider, b.payment_method, b.paid_at, b.cancelled_at, b.updated_at, b.locker_info, b.series_id,
  coalesce((select json_agg(json_build_object('bookableId', i.bookable_id, 'amount', i.amount, 'regularPriceEur', i.regular_price_eur,
      'regularGrossPriceEur', i.regular_gross_price_eur, 'userPriceEur', i.user_price_eur, 'userGrossPriceEur', i.user_gross_price_eur,
      '_bookableUsed', ${snapshots ? 'i.bookable_used' : "jsonb_build_object('id', i.bookable_id, 'title', i.bookable_used->'title', 'type', i.bookable_used->'type', 'eventId', i.bookable_used->'eventId', 'priceType', i.bookable_used->'priceType', 'priceCategories', i.bookable_used->'priceCategories')"}) order by i.position)
    from booking_items i where i.booking_key = b.key), '[]'::json) as items`;

interface PageRow {
  number: string;
  tenant_id: string;
  assigned_user_id: string | null;
  time_begin: Date | string | null;
  time_end: Date | string | null;
  created_at: Date | string;
  coupon_code: string | null;
  coupon_used: BookingView['_couponUsed'] | null;
  name: string;
  company: string;
  street: string;
  zip_code: string;
  location: string;
  mail: string;
  phone: string;
  comment: string;
  attachments: BookingView['attachments'];
  price_eur: string;
  vat_included_eur: string;
  is_committed: boolean;
  is_payed: boolean;
  is_rejected: boolean;
  payment_provider: string | null;
  payment_method: string;
  paid_at: Date | string | null;
  cancelled_at: Date | string | null;
  updated_at: Date | string;
  locker_info: LockerReservation[];
  series_id: string | null;
  items: BookingView['bookableItems'];
}

function pageRowView(row: PageRow): BookingView {
  return {
    id: row.number,
    tenantId: row.tenant_id,
    assignedUserId: row.assigned_user_id,
    timeBegin: time(row.time_begin),
    timeEnd: time(row.time_end),
    timeCreated: new Date(row.created_at).getTime(),
    bookableItems: row.items,
    couponCode: row.coupon_code,
    name: row.name,
    company: row.company,
    street: row.street,
    zipCode: row.zip_code,
    location: row.location,
    mail: row.mail,
    phone: row.phone,
    comment: row.comment,
    attachments: row.attachments,
    priceEur: Number(row.price_eur),
    vatIncludedEur: Number(row.vat_included_eur),
    isCommitted: row.is_committed,
    isPayed: row.is_payed,
    isRejected: row.is_rejected,
    paymentProvider: row.payment_provider,
    paymentMethod: row.payment_method,
    paidAt: iso(row.paid_at),
    cancelledAt: iso(row.cancelled_at),
    updatedAt: new Date(row.updated_at).toISOString(),
    lockerInfo: row.locker_info,
    seriesId: row.series_id,
    ...(row.coupon_used ? { _couponUsed: row.coupon_used } : {}),
  };
}

/**
 * One booking as a view straight from its rows, inside the caller's transaction: what is stored
 * now, also after raw updates the identity map does not know of. The snapshots carry what pricing needs.
 */
export async function readBookingView(em: EntityManager, tenantId: string, number: string): Promise<BookingView | null> {
  const [row] = await em.execute<PageRow[]>(`select ${pageColumns(false)} from bookings b where b.tenant_id = ? and b.number = ?`, [tenantId, number]);
  return row ? pageRowView(row) : null;
}

/** Conditions on `bookings b` joined with and, and their parameters. */
export interface BookingConditions {
  sql: string[];
  params: unknown[];
}

/** The staff's lists, newest first: by creation, the key breaking ties. */
export const NEWEST_BOOKINGS: KeysetOrder = {
  name: 'bookings.newest',
  columns: [
    { sql: 'b.created_at', kind: 'instant', direction: 'desc' },
    { sql: 'b.key', kind: 'uuid', direction: 'desc' },
  ],
};

/** The customer's name as the list sorts it: case-insensitive, its first 64 characters (a cursor stays short). */
export const CUSTOMER_SORT_KEY_SQL = 'lower(left(b.name, 64))';

/** The status as the list orders it: pending 0, released 1, rejected 2, cancelled (rejected after release) 3. */
export const STATUS_SORT_KEY_SQL = '(b.is_rejected::int * 2 + b.is_committed::int)';
/** Unpaid 0, paid 1. */
export const PAYMENT_SORT_KEY_SQL = '(b.is_payed::int)';
/** The payment way: the method recorded, else the provider chosen at checkout, else empty. */
export const PAYMENT_WAY_SORT_KEY_SQL = "coalesce(nullif(b.payment_method, ''), b.payment_provider, '')";

/** An order by one column, the key breaking ties in the same direction. */
const byColumn = (name: string, column: Omit<KeyColumn, 'direction'>, direction: 'asc' | 'desc'): KeysetOrder => ({
  name,
  columns: [
    { ...column, direction },
    { sql: 'b.key', kind: 'uuid', direction },
  ],
});

/**
 * The staff list's orders by the screen's columns, each read through an index on (tenant, key
 * column, key): bookings_tenant_created_index, bookings_tenant_time_index, bookings_tenant_end_index,
 * bookings_tenant_number_unique (a number is unique in its tenant, so it needs no tie breaker),
 * bookings_tenant_customer_index, bookings_tenant_price_index, bookings_tenant_status_index,
 * bookings_tenant_payment_index and bookings_tenant_payment_way_index. Bookings without times (tickets)
 * count as the earliest.
 */
export const BOOKING_SORT_ORDERS: Readonly<Record<BookingSort, KeysetOrder>> = {
  NEWEST: NEWEST_BOOKINGS,
  OLDEST: byColumn('bookings.oldest', { sql: 'b.created_at', kind: 'instant' }, 'asc'),
  TIME_BEGIN_ASC: byColumn('bookings.begin.asc', { sql: 'b.time_begin', kind: 'instant', nullable: true }, 'asc'),
  TIME_BEGIN_DESC: byColumn('bookings.begin.desc', { sql: 'b.time_begin', kind: 'instant', nullable: true }, 'desc'),
  TIME_END_ASC: byColumn('bookings.end.asc', { sql: 'b.time_end', kind: 'instant', nullable: true }, 'asc'),
  TIME_END_DESC: byColumn('bookings.end.desc', { sql: 'b.time_end', kind: 'instant', nullable: true }, 'desc'),
  NUMBER_ASC: { name: 'bookings.number.asc', columns: [{ sql: 'b.number', kind: 'text', direction: 'asc' }] },
  NUMBER_DESC: { name: 'bookings.number.desc', columns: [{ sql: 'b.number', kind: 'text', direction: 'desc' }] },
  CUSTOMER_ASC: byColumn('bookings.customer.asc', { sql: CUSTOMER_SORT_KEY_SQL, kind: 'text' }, 'asc'),
  CUSTOMER_DESC: byColumn('bookings.customer.desc', { sql: CUSTOMER_SORT_KEY_SQL, kind: 'text' }, 'desc'),
  PRICE_ASC: byColumn('bookings.price.asc', { sql: 'b.price_eur', kind: 'decimal' }, 'asc'),
  PRICE_DESC: byColumn('bookings.price.desc', { sql: 'b.price_eur', kind: 'decimal' }, 'desc'),
  STATUS_ASC: byColumn('bookings.status.asc', { sql: STATUS_SORT_KEY_SQL, kind: 'integer' }, 'asc'),
  STATUS_DESC: byColumn('bookings.status.desc', { sql: STATUS_SORT_KEY_SQL, kind: 'integer' }, 'desc'),
  PAYMENT_ASC: byColumn('bookings.payment.asc', { sql: PAYMENT_SORT_KEY_SQL, kind: 'integer' }, 'asc'),
  PAYMENT_DESC: byColumn('bookings.payment.desc', { sql: PAYMENT_SORT_KEY_SQL, kind: 'integer' }, 'desc'),
  PAYMENT_WAY_ASC: byColumn('bookings.payment-way.asc', { sql: PAYMENT_WAY_SORT_KEY_SQL, kind: 'text' }, 'asc'),
  PAYMENT_WAY_DESC: byColumn('bookings.payment-way.desc', { sql: PAYMENT_WAY_SORT_KEY_SQL, kind: 'text' }, 'desc'),
};

/** Synchronisation (updatedSince): the oldest change first, the key breaking ties. */
export const UPDATED_BOOKINGS: KeysetOrder = {
  name: 'bookings.updated',
  columns: [
    { sql: 'b.updated_at', kind: 'instant', direction: 'asc' },
    { sql: 'b.key', kind: 'uuid', direction: 'asc' },
  ],
};

/** A page of views with what comes after it. */
export interface BookingViewPage {
  views: BookingView[];
  total: number;
  /** False when `total` is the planner's estimate (counting `estimated` beyond its cap). */
  totalExact: boolean;
  hasNextPage: boolean;
  endCursor: string | null;
}

/**
 * How a page counts all matches: `exact` counts every one; `estimated` counts exactly up to
 * ESTIMATE_ABOVE and beyond that takes PostgreSQL's estimate (a screen's count of 100,000 need
 * not read them all); `none` counts nothing.
 */
export type BookingCountMode = 'exact' | 'estimated' | 'none';

/** Up to this many matches are counted exactly, also when an estimate would do. */
export const ESTIMATE_ABOVE = 10_000;

/**
 * How many bookings match, exactly up to ESTIMATE_ABOVE (an index scan that stops there), beyond it
 * the planner's estimate of the same condition, never less than what was counted.
 */
async function cappedCount(em: EntityManager, condition: string, params: unknown[]): Promise<{ total: number; exact: boolean }> {
  const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total from (select 1 from bookings b where ${condition} limit ?) capped`, [
    ...params,
    ESTIMATE_ABOVE + 1,
  ]);
  const counted = Number(total);
  if (counted <= ESTIMATE_ABOVE) return { total: counted, exact: true };
  const [plan] = await em.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[]>(`explain (format json) select 1 from bookings b where ${condition}`, params);
  return { total: Math.max(counted, Math.round(plan['QUERY PLAN'][0].Plan['Plan Rows'])), exact: false };
}

/**
 * One page of the bookings matching the conditions in the order (by offset or after a cursor), and
 * (when asked) how many match in all. One row more than the page is read to know whether another
 * follows. Counting: see BookingCountMode. Without `snapshots` each item's object is only its id, title, type, event and prices (the
 * VAT per rate needs them; a list that shows no more need not parse every booked object whole).
 */
export async function readBookingPage(
  em: EntityManager,
  where: BookingConditions,
  page: { order: KeysetOrder; paging: Paging; count: BookingCountMode; snapshots: boolean },
): Promise<BookingViewPage> {
  const condition = where.sql.join(' and ');
  const after = afterCursorSql(page.order, page.paging);
  const rows = await em.execute<(PageRow & KeyRow)[]>(
    `select ${pageColumns(page.snapshots)}, ${keyColumnsSql(page.order)} from bookings b
      where ${condition}${after ? ` and ${after.sql}` : ''} order by ${orderBySql(page.order)} limit ? offset ?`,
    [...where.params, ...(after?.params ?? []), page.paging.size + 1, page.paging.offset],
  );
  const { rows: pageRows, hasNextPage, endCursor } = keysetPage(page.order, rows, page.paging.size);
  const views = pageRows.map(pageRowView);
  if (page.count === 'none') return { views, total: views.length, totalExact: !hasNextPage && page.paging.offset === 0 && !after, hasNextPage, endCursor };
  if (page.count === 'estimated') {
    const { total, exact } = await cappedCount(em, condition, where.params);
    return { views, total, totalExact: exact, hasNextPage, endCursor };
  }
  const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total from bookings b where ${condition}`, where.params);
  return { views, total: Number(total), totalExact: true, hasNextPage, endCursor };
}
