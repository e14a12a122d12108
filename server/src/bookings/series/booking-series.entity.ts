import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Tenant } from '../../tenants/tenant.entity.js';
import type { SeriesFrequency, WeekdayCode } from '../../../../common/bookings/series.js';

/**
 * A series of bookings: the rule a checkout booked its dates by. Each date is a booking of its own
 * (bookings.series_id); the series keeps the rule as given and in RFC 5545 form, and the first
 * window every date repeats in Berlin wall time.
 */
@Entity({ tableName: 'booking_series' })
@Index({ name: 'booking_series_tenant_created_index', properties: ['tenant', 'createdAt'] })
export class BookingSeries {
  /** The series id the API names. */
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @ManyToOne(() => Tenant, { deleteRule: 'cascade' })
  tenant!: Rel<Tenant>;

  /** RFC 5545 RRULE without DTSTART, e.g. "FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;UNTIL=20280630". */
  @Property({ type: 'text' })
  rrule!: string;

  @Property({ type: 'text' })
  frequency!: SeriesFrequency;

  @Property({ type: 'integer' })
  interval!: number;

  @Property({ type: 'text[]', default: '{}' })
  weekdays: Opt<WeekdayCode[]> = [];

  /** The last day dates may fall on ("YYYY-MM-DD"); null when the series is given by its count. */
  @Property({ type: 'text', nullable: true })
  until?: string | null;

  @Property({ type: 'integer', nullable: true })
  count?: number | null;

  @Property({ type: 'boolean', default: false })
  skipHolidays: Opt<boolean> = false;

  /** Days left out by hand ("YYYY-MM-DD"), RFC 5545 EXDATE. */
  @Property({ type: 'text[]', default: '{}' })
  excludeDates: Opt<string[]> = [];

  /** The first window (DTSTART and its end): every date repeats its Berlin wall times. */
  @Property({ type: 'timestamptz' })
  firstBegin!: Date;

  @Property({ type: 'timestamptz' })
  firstEnd!: Date;

  /** Who booked it: the customer's name and mail as the checkout gave them. */
  @Property({ type: 'text', default: '' })
  name: Opt<string> = '';

  @Property({ type: 'text', default: '' })
  mail: Opt<string> = '';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
