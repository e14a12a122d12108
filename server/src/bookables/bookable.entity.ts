import { DecimalType, Entity, Enum, Index, ManyToOne, PrimaryKey, Property, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Tenant } from '../tenants/tenant.entity.js';
import {
  bookableTypes,
  priceTypes,
  type BookableAttachment,
  type BookableType,
  type CheckoutBookable,
  type LockerDetails,
  type LongRangeOptions,
  type PriceCategory,
  type PriceType,
  type RequiredFieldName,
  type SpecialOpeningHour,
  type TimePeriod,
} from './bookable.model.js';
import { defaultCancellationPolicy, type CancellationPolicy } from '../../../common/bookables/cancellation-policy.js';

/**
 * A bookable object of a tenant. What lists filter and count on is a
 * column: type, visibility, tags, the hierarchy (relatedBookableIds, searched for parents), the
 * visibility lists. Nested structures that are only read and written whole (prices, opening hours,
 * attachments, locker units) are jsonb.
 */
@Entity({ tableName: 'bookables' })
// The lists' order, all objects or one type (server/src/bookables/bookable-list.queries.ts), and their search.
@Index({ name: 'bookables_tenant_created_index', properties: ['tenant', 'createdAt', 'id'] })
@Index({ name: 'bookables_tenant_type_created_index', properties: ['tenant', 'type', 'createdAt', 'id'] })
@Index({ name: 'bookables_search_index', expression: `create index "bookables_search_index" on "bookables" using gin ((lower("title" || ' ' || "location")) gin_trgm_ops)` })
@Index({ name: 'bookables_tenant_public_index', properties: ['tenant', 'isPublic'] })
@Index({ name: 'bookables_tags_index', expression: 'create index "bookables_tags_index" on "bookables" using gin ("tags")' })
// Finding an event's tickets (bookings and participants of an event, clearing on delete).
@Index({ name: 'bookables_event_index', properties: ['eventId'] })
@Index({ name: 'bookables_related_index', expression: 'create index "bookables_related_index" on "bookables" using gin ("related_bookable_ids")' })
export class Bookable {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @ManyToOne(() => Tenant, { deleteRule: 'cascade' })
  tenant!: Rel<Tenant>;

  @Enum({ items: () => bookableTypes as unknown as string[], nativeEnumName: undefined })
  type!: BookableType;

  @Property({ type: 'text' })
  title!: string;

  /** Rich text (HTML, sanitised on save). */
  @Property({ type: 'text', default: '' })
  description: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  location: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  imgUrl: Opt<string> = '';

  @Property({ type: 'text[]', default: '{}' })
  tags: Opt<string[]> = [];

  @Property({ type: 'text[]', default: '{}' })
  flags: Opt<string[]> = [];

  /** The parent object chosen in the general data; removed with it. */
  @ManyToOne(() => Bookable, { nullable: true, deleteRule: 'set null' })
  parent?: Rel<Bookable> | null;

  /**
   * Tickets only: the event the ticket admits to. Named by entity name, not imported, so bookables
   * do not depend on the events domain; deleting the event keeps the ticket and clears this.
   */
  @ManyToOne({ entity: 'Event', fieldName: 'event_id', columnType: 'uuid', mapToPk: true, nullable: true, deleteRule: 'set null', updateRule: 'cascade' })
  eventId?: string | null;

  @Enum({ items: () => priceTypes as unknown as string[], nativeEnumName: undefined, default: 'per-item' })
  priceType: Opt<PriceType> = 'per-item';

  @Property({ type: new DecimalType('number'), precision: 5, scale: 2, default: 0 })
  priceValueAddedTax: Opt<number> = 0;

  /** Available quantity; null is unlimited. */
  @Property({ type: 'integer', nullable: true })
  amount?: number | null;

  @Property({ type: 'jsonb', default: '[]' })
  priceCategories: Opt<PriceCategory[]> = [];

  @Property({ type: 'boolean', default: false })
  autoCommitBooking: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  isBookable: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  isPublic: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  isScheduleRelated: Opt<boolean> = false;

  /** Hours. */
  @Property({ type: new DecimalType('number'), precision: 8, scale: 2, nullable: true })
  minBookingDuration?: number | null;

  @Property({ type: new DecimalType('number'), precision: 8, scale: 2, nullable: true })
  maxBookingDuration?: number | null;

  @Property({ type: 'boolean', default: false })
  isTimePeriodRelated: Opt<boolean> = false;

  @Property({ type: 'jsonb', default: '[]' })
  timePeriods: Opt<TimePeriod[]> = [];

  @Property({ type: 'boolean', default: false })
  isOpeningHoursRelated: Opt<boolean> = false;

  /** The public may book the object as a series (staff always may). */
  @Property({ type: 'boolean', default: false })
  allowSeries: Opt<boolean> = false;

  @Property({ type: 'jsonb', default: '[]' })
  openingHours: Opt<TimePeriod[]> = [];

  @Property({ type: 'boolean', default: false })
  isSpecialOpeningHoursRelated: Opt<boolean> = false;

  @Property({ type: 'jsonb', default: '[]' })
  specialOpeningHours: Opt<SpecialOpeningHour[]> = [];

  @Property({ type: 'boolean', default: false })
  isLongRange: Opt<boolean> = false;

  @Property({ type: 'jsonb', nullable: true })
  longRangeOptions?: LongRangeOptions | null;

  @Property({ type: 'jsonb', default: '{"active":false,"units":[]}' })
  lockerDetails: Opt<LockerDetails> = { active: false, units: [] };

  @Property({ type: 'jsonb', default: '[]' })
  attachments: Opt<BookableAttachment[]> = [];

  @Property({ type: 'text[]', default: '{}' })
  permittedUsers: Opt<string[]> = [];

  @Property({ type: 'text[]', default: '{}' })
  permittedRoles: Opt<string[]> = [];

  @Property({ type: 'text[]', default: '{}' })
  freeBookingUsers: Opt<string[]> = [];

  @Property({ type: 'text[]', default: '{}' })
  freeBookingRoles: Opt<string[]> = [];

  /** Ordered children ("dependent objects"); parents are found by searching this column. */
  @Property({ type: 'text[]', default: '{}' })
  relatedBookableIds: Opt<string[]> = [];

  @Property({ type: 'jsonb', default: '[]' })
  checkoutBookableIds: Opt<CheckoutBookable[]> = [];

  @Property({ type: 'text[]', default: '{}' })
  requiredFields: Opt<RequiredFieldName[]> = [];

  @Property({ type: 'text', default: '' })
  bookingNotes: Opt<string> = '';

  /** "Stornobedingungen" (common/bookables/cancellation-policy.ts); read and written whole. */
  @Property({ type: 'jsonb', default: '{"citizenMayCancel":false,"tiers":[],"feeEur":0}' })
  cancellationPolicy: Opt<CancellationPolicy> = defaultCancellationPolicy();

  /** The creator; the "own" flags of manageBookables match on it. */
  @Property({ type: 'text', nullable: true })
  ownerUserId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
