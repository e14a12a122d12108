import { Collection, Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property, Unique, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Tenant } from '../tenants/tenant.entity.js';
import type { AllocationDecision, AllocationRoundState } from '../../../common/allocation/allocation.schema.js';
import type { SeriesDateReason, WeekdayCode } from '../../../common/bookings/series.js';

/**
 * An allocation round ("Vergaberunde"): a season of a tenant's objects handed out to clubs and
 * groups at once. Applications come in during the window; staff decide each wish; publishing books
 * the grants as series and closes the round for good.
 */
@Entity({ tableName: 'allocation_rounds' })
@Index({ name: 'allocation_rounds_tenant_window_index', properties: ['tenant', 'applicationsUntil'] })
export class AllocationRound {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @ManyToOne(() => Tenant, { deleteRule: 'cascade' })
  tenant!: Rel<Tenant>;

  @Property({ type: 'text' })
  title!: string;

  /** The season's first and last Berlin day ("YYYY-MM-DD"). */
  @Property({ type: 'text' })
  seasonBegin!: string;

  @Property({ type: 'text' })
  seasonEnd!: string;

  /** The application window. */
  @Property({ type: 'timestamptz' })
  applicationsFrom!: Date;

  @Property({ type: 'timestamptz' })
  applicationsUntil!: Date;

  /** The objects handed out in this round, all of the tenant. */
  @Property({ type: 'text[]', default: '{}' })
  bookableIds: Opt<string[]> = [];

  @Property({ type: 'boolean', default: true })
  skipHolidays: Opt<boolean> = true;

  @Property({ type: 'text', default: 'OPEN' })
  state: Opt<AllocationRoundState> = 'OPEN';

  @Property({ type: 'timestamptz', nullable: true })
  publishedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}

/** One account's application to a round: the organisation and its wishes (at most one per account and round). */
@Entity({ tableName: 'allocation_applications' })
@Unique({ name: 'allocation_applications_round_user_unique', properties: ['round', 'userId'] })
export class AllocationApplication {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @ManyToOne(() => AllocationRound, { deleteRule: 'cascade' })
  round!: Rel<AllocationRound>;

  /** The applying account (users.id); the bookings of its grants are assigned to it. */
  @Property({ type: 'text' })
  userId!: string;

  /** The organisation: club, group or school. */
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', default: '' })
  contactName: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  mail: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  phone: Opt<string> = '';

  /** Member number or Vereinsregister entry. */
  @Property({ type: 'text', default: '' })
  registration: Opt<string> = '';

  @OneToMany(() => AllocationWish, (wish) => wish.application, { orderBy: { priority: 'asc' } })
  wishes = new Collection<AllocationWish>(this);

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Opt<Date> = new Date();

  /** When publishing booked this applicant's grants and queued the result mail: set once, so a repeated publish books nothing twice. */
  @Property({ type: 'timestamptz', nullable: true })
  publishedAt?: Date | null;
}

/** A date of a granted series that could not be booked at publishing, and why. */
export interface AllocationLeftOutDate {
  date: string;
  reason: SeriesDateReason | null;
  reasonText: string | null;
}

/**
 * One wish of an application: a weekly slot on an object of the round (or a kind of object), and
 * staff's decision on it: granted (possibly on another object, weekday or times) or declined with
 * a reason; after publishing the series its grant was booked as.
 */
@Entity({ tableName: 'allocation_wishes' })
@Index({ name: 'allocation_wishes_round_index', properties: ['round'] })
export class AllocationWish {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @ManyToOne(() => AllocationApplication, { deleteRule: 'cascade' })
  application!: Rel<AllocationApplication>;

  @ManyToOne(() => AllocationRound, { deleteRule: 'cascade' })
  round!: Rel<AllocationRound>;

  @Property({ type: 'text', nullable: true })
  bookableId?: string | null;

  /** A kind of object (room, sports field …) when the applicant leaves the concrete object to staff. */
  @Property({ type: 'text', nullable: true })
  bookableType?: string | null;

  @Property({ type: 'text' })
  weekday!: WeekdayCode;

  /** Berlin wall times "HH:MM". */
  @Property({ type: 'text' })
  timeBegin!: string;

  @Property({ type: 'text' })
  timeEnd!: string;

  /** 1 weekly, 2 every other week … */
  @Property({ type: 'integer', default: 1 })
  interval: Opt<number> = 1;

  @Property({ type: 'integer', default: 0 })
  participants: Opt<number> = 0;

  /** 1 is the applicant's most important wish. */
  @Property({ type: 'integer' })
  priority!: number;

  @Property({ type: 'text', default: '' })
  comment: Opt<string> = '';

  @Property({ type: 'text', nullable: true })
  decision?: AllocationDecision | null;

  /** The granted slot (the wished one, or what staff granted instead). */
  @Property({ type: 'text', nullable: true })
  grantBookableId?: string | null;

  @Property({ type: 'text', nullable: true })
  grantWeekday?: WeekdayCode | null;

  @Property({ type: 'text', nullable: true })
  grantTimeBegin?: string | null;

  @Property({ type: 'text', nullable: true })
  grantTimeEnd?: string | null;

  /** Staff's words to the applicant: why declined, or a note on a grant. */
  @Property({ type: 'text', default: '' })
  reason: Opt<string> = '';

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt?: Date | null;

  /** The series the grant was booked as at publishing (booking_series.id). */
  @Property({ type: 'uuid', nullable: true })
  seriesId?: string | null;

  @Property({ type: 'json', default: '[]' })
  leftOutDates: Opt<AllocationLeftOutDate[]> = [];
}
