import { Collection, DecimalType, Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property, Unique, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Tenant } from '../tenants/tenant.entity.js';
import { BookingSeries } from './series/booking-series.entity.js';
import type { BookableSnapshot, BookingAttachment, BookingHook, CouponUsed, LockerReservation } from './booking.model.js';

/** An online payment started with the provider: its page, for the amount, at the time. */
export interface BookingPaymentStart {
  provider: string;
  /** Started in the provider's test system (a switch of the tenant's mode starts anew). */
  test: boolean;
  amountCents: number;
  redirectUrl: string;
  startedAt: number;
}

/**
 * A booking of a tenant. Everything lists filter, sort or search on is
 * a column: tenant, number, times, creation, assigned user, customer name and mail, the status flags,
 * price, payment provider and method. `searchText` holds the searchable words in lower case behind a
 * trigram index. The booking number is unique per tenant; the surrogate key keeps relations simple.
 */
@Entity({ tableName: 'bookings' })
@Unique({ name: 'bookings_tenant_number_unique', properties: ['tenant', 'number'] })
// The lists' keyset orders: by creation (createdAt, key); synchronisation by (updatedAt, key); the staff
// list's columns by (begin, key), (end, key), (customer name, key) and (price, key), times without a
// value first as the orders count them (booking.queries.ts, BOOKING_SORT_ORDERS).
@Index({ name: 'bookings_tenant_created_index', properties: ['tenant', 'createdAt', 'key'] })
@Index({ name: 'bookings_tenant_updated_index', properties: ['tenant', 'updatedAt', 'key'] })
@Index({
  name: 'bookings_tenant_time_index',
  expression: 'create index "bookings_tenant_time_index" on "bookings" ("tenant_id", "time_begin" nulls first, "key")',
})
@Index({
  name: 'bookings_tenant_end_index',
  expression: 'create index "bookings_tenant_end_index" on "bookings" ("tenant_id", "time_end" nulls first, "key")',
})
@Index({
  name: 'bookings_tenant_customer_index',
  expression: 'create index "bookings_tenant_customer_index" on "bookings" ("tenant_id", lower(left("name", 64)), "key")',
})
@Index({ name: 'bookings_tenant_price_index', properties: ['tenant', 'priceEur', 'key'] })
@Index({
  name: 'bookings_tenant_status_index',
  expression: 'create index "bookings_tenant_status_index" on "bookings" ("tenant_id", ("is_rejected"::int * 2 + "is_committed"::int), "key")',
})
@Index({
  name: 'bookings_tenant_payment_index',
  expression: 'create index "bookings_tenant_payment_index" on "bookings" ("tenant_id", ("is_payed"::int), "key")',
})
@Index({
  name: 'bookings_tenant_payment_way_index',
  expression: `create index "bookings_tenant_payment_way_index" on "bookings" ("tenant_id", coalesce(nullif("payment_method", ''), "payment_provider", ''), "key")`,
})
@Index({
  name: 'bookings_tenant_pending_index',
  expression: 'create index "bookings_tenant_pending_index" on "bookings" ("tenant_id", "created_at") where not "is_committed" and not "is_rejected"',
})
@Index({
  name: 'bookings_tenant_unpaid_index',
  expression: 'create index "bookings_tenant_unpaid_index" on "bookings" ("tenant_id", "created_at") where "is_committed" and not "is_rejected" and not "is_payed"',
})
@Index({
  name: 'bookings_tenant_window_index',
  expression:
    'create index "bookings_tenant_window_index" on "bookings" using gist ("tenant_id", tstzrange("time_begin", "time_end", \'[)\')) where "time_begin" is not null and "time_end" is not null',
})
@Index({ name: 'bookings_tenant_assigned_index', properties: ['tenant', 'assignedUserId'] })
@Index({
  name: 'bookings_assigned_user_index',
  expression: 'create index "bookings_assigned_user_index" on "bookings" ("assigned_user_id") where "assigned_user_id" is not null',
})
@Index({
  name: 'bookings_status_token_hashes_index',
  expression: 'create index "bookings_status_token_hashes_index" on "bookings" using gin ("status_token_hashes")',
})
@Index({
  name: 'bookings_tenant_paid_at_index',
  expression: 'create index "bookings_tenant_paid_at_index" on "bookings" ("tenant_id", "paid_at") where "paid_at" is not null',
})
@Index({
  name: 'bookings_tenant_series_index',
  expression: 'create index "bookings_tenant_series_index" on "bookings" ("tenant_id", "series_id", "time_begin") where "series_id" is not null',
})
// "Meine Buchungen" of a guest by the address booked with, and an account taking over its guest bookings.
@Index({ name: 'bookings_mail_lower_index', expression: 'create index "bookings_mail_lower_index" on "bookings" (lower("mail"))' })
@Index({ name: 'bookings_search_index', expression: 'create index "bookings_search_index" on "bookings" using gin ("search_text" gin_trgm_ops)' })
export class Booking {
  @PrimaryKey({ type: 'uuid' })
  key: Opt<string> = randomUUID();

  @ManyToOne(() => Tenant, { deleteRule: 'cascade' })
  tenant!: Rel<Tenant>;

  /** "XXXX-XXXX": the id customers, staff and the REST paths use. */
  @Property({ type: 'text' })
  number!: string;

  /** The signed-in booker or the staff member the booking is assigned to ("own" bookings). */
  @Property({ type: 'text', nullable: true })
  assignedUserId?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  timeBegin?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  timeEnd?: Date | null;

  @Property({ type: 'text', default: '' })
  name: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  company: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  street: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  zipCode: Opt<string> = '';

  /** City. */
  @Property({ type: 'text', default: '' })
  location: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  mail: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  phone: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  comment: Opt<string> = '';

  @Property({ type: 'text', nullable: true })
  couponCode?: string | null;

  @Property({ type: 'jsonb', nullable: true })
  couponUsed?: CouponUsed | null;

  /** Gross total in euros. */
  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, default: 0 })
  priceEur: Opt<number> = 0;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, default: 0 })
  vatIncludedEur: Opt<number> = 0;

  @Property({ type: 'boolean', default: false })
  isCommitted: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  isPayed: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  isRejected: Opt<boolean> = false;

  /**
   * When the payment was recorded (online notification, staff, workflow, free at creation); null
   * while unpaid. Written only through setBookingState() (booking-state.ts), like cancelledAt.
   */
  @Property({ type: 'timestamptz', nullable: true })
  paidAt?: Date | null;

  /** When the booking was rejected or cancelled; null while it is not (a release clears it again). */
  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  paymentProvider?: string | null;

  @Property({ type: 'text', default: '' })
  paymentMethod: Opt<string> = '';

  /** The online payment under way (written by the payments domain), resumed by a further start. */
  @Property({ type: 'jsonb', nullable: true })
  paymentStart?: BookingPaymentStart | null;

  @Property({ type: 'jsonb', default: '[]' })
  attachments: Opt<BookingAttachment[]> = [];

  /** The locker units the booking holds (booking-lockers.ts), with what the locker system made of them. */
  @Property({ type: 'jsonb', default: '[]' })
  lockerInfo: Opt<LockerReservation[]> = [];

  @Property({ type: 'jsonb', default: '[]' })
  hooks: Opt<BookingHook[]> = [];

  /** Lower-case number, customer data and booked titles for the staff's search. */
  @Property({ type: 'text', default: '' })
  searchText: Opt<string> = '';

  /**
   * SHA-256 (hex) of each status token the checkout answered (docs/integrators.md, "Booking status for
   * websites"): the first and one per idempotent repeat, all valid, since a caller that repeats may
   * have handed out an earlier one. The tokens themselves are never stored. Empty for bookings made
   * otherwise and after anonymisation.
   */
  @Property({ type: 'text[]', default: '{}' })
  statusTokenHashes: Opt<string[]> = [];

  /** The series the booking is a date of (bookings/series); null for a single booking. */
  @ManyToOne(() => BookingSeries, { nullable: true, deleteRule: 'set null', fieldName: 'series_id', mapToPk: true, type: 'uuid' })
  seriesId?: string | null;

  /** When the customer data was anonymised (docs/privacy.md); null while it is kept. */
  @Property({ type: 'timestamptz', nullable: true })
  anonymisedAt?: Date | null;

  /** "full", or "keep-accounting" (name and address kept while a receipt must be kept); null while not anonymised. */
  @Property({ type: 'text', nullable: true })
  anonymisedMode?: string | null;

  /** timeCreated. */
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();

  @OneToMany(() => BookingItem, (item) => item.booking, { orderBy: { position: 'asc' }, orphanRemoval: true })
  items = new Collection<BookingItem>(this);
}

/**
 * One booked object of a booking, with its unit prices and a snapshot of the object as booked. The
 * booking's times are copied here so occupancy is read for a window through one GiST index on
 * (bookable, time range), whatever the number of past bookings.
 */
@Entity({ tableName: 'booking_items' })
@Index({
  name: 'booking_items_occupancy_index',
  expression:
    'create index "booking_items_occupancy_index" on "booking_items" using gist ("bookable_id", tstzrange("time_begin", "time_end", \'[)\')) where "time_begin" is not null and "time_end" is not null',
})
@Index({ name: 'booking_items_bookable_index', properties: ['bookableId'] })
export class BookingItem {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @Index({ name: 'booking_items_booking_index' })
  @ManyToOne(() => Booking, { deleteRule: 'cascade' })
  booking!: Rel<Booking>;

  @Property({ type: 'smallint' })
  position!: number;

  /** No foreign key: the booking keeps its snapshot when the object is deleted. */
  @Property({ type: 'uuid' })
  bookableId!: string;

  @Property({ type: 'integer' })
  amount!: number;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2 })
  regularPriceEur!: number;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2 })
  regularGrossPriceEur!: number;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2 })
  userPriceEur!: number;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2 })
  userGrossPriceEur!: number;

  @Property({ type: 'jsonb' })
  bookableUsed!: BookableSnapshot;

  @Property({ type: 'timestamptz', nullable: true })
  timeBegin?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  timeEnd?: Date | null;
}
