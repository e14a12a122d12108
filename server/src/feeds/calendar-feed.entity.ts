import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { CalendarFeedKind } from '../../../common/feeds/calendar-feed.js';
import { Tenant } from '../tenants/tenant.entity.js';

/**
 * A calendar subscription (docs/integrators.md, "Kalender-Abos") behind a secret URL. The URL's
 * token is never stored: only its SHA-256, by which a request finds the feed, and its first
 * characters for the list.
 */
@Entity({ tableName: 'calendar_feeds' })
export class CalendarFeed {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @Index()
  @ManyToOne(() => Tenant, { deleteRule: 'cascade' })
  tenant!: Rel<Tenant>;

  /** Null: every object of the tenant (staff feeds only). No foreign key: a deleted object's feed answers 404. */
  @Property({ type: 'uuid', nullable: true })
  bookableId?: string | null;

  @Property({ type: 'text' })
  kind!: CalendarFeedKind;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  @Property({ type: 'text' })
  prefix!: string;

  /** The user who created it (text, no foreign key); null once that account was deleted, so no mail address remains. */
  @Index()
  @Property({ type: 'text', nullable: true })
  createdBy?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastPolledAt?: Date | null;
}
