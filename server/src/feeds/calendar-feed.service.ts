import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_SHOWN_CHARS,
  CALENDAR_FEED_TOKEN_PREFIX,
  calendarFeedInputSchema,
  calendarFeedMessages,
  canCreateStaffCalendarFeed,
  canManageCalendarFeeds,
  type CalendarFeedKind,
} from '../../../common/feeds/calendar-feed.js';
import type { Permissions } from '../../../common/permissions/model.js';
import { Bookable } from '../bookables/bookable.entity.js';
import { descendantsOf } from '../bookables/bookable.hierarchy.js';
import { AppError } from '../shared/errors.js';
import { renderCalendar, type CalendarEntry } from '../shared/ical.js';
import { isUuid } from '../shared/ids.js';
import { logger } from '../shared/logging.js';
import { parseInput } from '../shared/schema-input.js';
import { pgTextArray } from '../shared/sql.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { CreatedAccesses } from '../users/creator-rights.js';
import { User } from '../users/user.entity.js';
import type { Viewer, ViewerService } from '../users/viewer.service.js';
import { CalendarFeed } from './calendar-feed.entity.js';

/** A feed as the list shows it: never the token, only its first characters. */
export interface CalendarFeedView {
  id: string;
  tenantId: string;
  name: string;
  kind: CalendarFeedKind;
  bookableId: string | null;
  bookableTitle: string | null;
  prefix: string;
  /** Null once the creator's account was deleted (no mail address remains). */
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  lastPolledAt: Date | null;
}

/** The iCalendar text of a feed and its entity tag. */
export interface RenderedFeed {
  body: string;
  etag: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The feed's window: a month back (what just happened) and a year ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 365;
/** More booked periods than any calendar client shows sensibly in a feed; the window's earliest win. */
const FEED_MAX_EVENTS = 5000;
/** A poll is noted at most this often (one write per feed and minute, not per poll). */
const POLL_RESOLUTION_MS = 60_000;

export const hashFeedToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const newFeedToken = (): string => `${CALENDAR_FEED_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** What the status of a booking says in the staff feed. */
const statusText = (row: { is_committed: boolean; is_payed: boolean }): string => (row.is_payed ? 'bezahlt' : row.is_committed ? 'freigegeben' : 'angefragt');

interface FeedRow {
  id: string;
  tenant_id: string;
  bookable_id: string | null;
  kind: CalendarFeedKind;
  name: string;
  created_by: string | null;
  last_polled_at: Date | null;
}

interface ItemRow {
  position: number;
  time_begin: Date;
  time_end: Date;
  title: string | null;
  number: string;
  name: string;
  is_committed: boolean;
  is_payed: boolean;
  updated_at: Date;
  series_id: string | null;
  series_rrule: string | null;
}

/**
 * The booked periods of objects in a window, non-rejected: the items first through the occupancy
 * index on (bookable, time range), then each one's booking by primary key (as readOccupancies).
 */
const FEED_ITEMS_SQL = `select i.position, i.time_begin, i.time_end, i.bookable_used->>'title' as title,
    b.number, b.name, b.is_committed, b.is_payed, b.updated_at, b.series_id, s.rrule as series_rrule
  from booking_items i
  cross join lateral (select bk.number, bk.name, bk.is_committed, bk.is_payed, bk.is_rejected, bk.updated_at, bk.tenant_id, bk.series_id
                        from bookings bk where bk.key = i.booking_key) b
  left join booking_series s on s.id = b.series_id
 where i.bookable_id = any(?::uuid[]) and i.time_begin is not null and i.time_end is not null
   and tstzrange(i.time_begin, i.time_end, '[)') && tstzrange(?::timestamptz, ?::timestamptz, '[)')
   and not b.is_rejected and b.tenant_id = ?
 order by i.time_begin, b.number, i.position
 limit ?`;

/**
 * Whether the creator's rights (null: account gone or suspended) still carry a feed: one with
 * customer data needs the right to read every booking of the tenant, the right it took to create
 * it; one without personal data ("Belegt" only) stays with the tenant whoever made it.
 */
export function creatorKeepsFeed(rights: Permissions | null, tenantId: string, kind: CalendarFeedKind): boolean {
  if (kind === 'public') return true;
  return rights !== null && canCreateStaffCalendarFeed(rights, tenantId);
}

/**
 * Calendar feeds: created, listed and revoked by the tenant's staff in person; served to anyone
 * holding the URL's token, as iCalendar in Europe/Berlin.
 */
export class CalendarFeedService implements CreatedAccesses {
  constructor(
    private readonly orm: MikroORM,
    /** The public address of the platform: the feeds' URLs and the host part of the events' UIDs. */
    private readonly publicUrl: string,
    /** The creator's current rights, read at every fetch of a feed with customer data. */
    private readonly viewers: Pick<ViewerService, 'rightsOf'>,
  ) {}

  private get host(): string {
    return new URL(this.publicUrl).host;
  }

  /** The feed's URL with its token (https, or webcal:// by the client). */
  feedUrl(token: string): string {
    return `${this.publicUrl.replace(/\/$/, '')}/ical/${token}.ics`;
  }

  /** Feeds are made by people: an API token never sees or makes a secret URL. */
  private assertManager(viewer: Viewer, tenantId: string): void {
    if (viewer.apiToken) throw new AppError('auth.forbidden', { detail: 'Mit einem API-Schlüssel lassen sich keine Kalender-Abos verwalten.' });
    if (!canManageCalendarFeeds(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
  }

  private async views(em: EntityManager, feeds: CalendarFeed[]): Promise<CalendarFeedView[]> {
    const bookableIds = [...new Set(feeds.flatMap((feed) => (feed.bookableId ? [feed.bookableId] : [])))];
    const bookables = bookableIds.length ? await em.find(Bookable, { id: { $in: bookableIds } }, { fields: ['id', 'title'] }) : [];
    const titles = new Map(bookables.map((bookable) => [bookable.id, bookable.title]));
    const creatorIds = [...new Set(feeds.flatMap((feed) => (feed.createdBy ? [feed.createdBy] : [])))];
    const creators = creatorIds.length ? await em.find(User, { id: { $in: creatorIds } }, { fields: ['id', 'firstName', 'lastName'] }) : [];
    const names = new Map(creators.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim() || user.id]));
    return feeds.map((feed) => ({
      id: feed.id,
      tenantId: feed.tenant.id,
      name: feed.name,
      kind: feed.kind,
      bookableId: feed.bookableId ?? null,
      bookableTitle: feed.bookableId ? (titles.get(feed.bookableId) ?? null) : null,
      prefix: feed.prefix,
      createdBy: feed.createdBy ?? null,
      createdByName: feed.createdBy ? (names.get(feed.createdBy) ?? null) : null,
      createdAt: feed.createdAt,
      lastPolledAt: feed.lastPolledAt ?? null,
    }));
  }

  /** The tenant's live feeds, newest first (revoked ones are gone). */
  async list(viewer: Viewer, tenantId: string): Promise<CalendarFeedView[]> {
    this.assertManager(viewer, tenantId);
    const em = this.orm.em.fork();
    const feeds = await em.find(CalendarFeed, { tenant: tenantId, revokedAt: null }, { orderBy: { createdAt: 'desc', id: 'asc' } });
    return this.views(em, feeds);
  }

  /**
   * Creates a feed; its URL (with the token) is returned this once and only the token's hash is
   * kept. `personal`: the staff feed with customers and status (who may read every booking);
   * otherwise the busy times of one public object.
   */
  async create(viewer: Viewer, tenantId: string, input: unknown): Promise<{ feed: CalendarFeedView; url: string }> {
    this.assertManager(viewer, tenantId);
    const values = parseInput(calendarFeedInputSchema(), input);
    if (values.personal && !canCreateStaffCalendarFeed(viewer.permissions, tenantId)) {
      throw new AppError('auth.forbidden', { detail: 'Ein Abo mit Kundendaten braucht das Recht, alle Buchungen des Mandanten zu lesen.' });
    }
    const em = this.orm.em.fork();
    if (!(await em.findOne(Tenant, { id: tenantId }))) throw new AppError('generic.not-found');
    if (values.bookableId !== null) {
      const bookable = isUuid(values.bookableId) ? await em.findOne(Bookable, { id: values.bookableId, tenant: tenantId }) : null;
      if (!bookable) throw new AppError('generic.validation', { fieldErrors: { bookableId: calendarFeedMessages.bookableId } });
      if (!values.personal && !bookable.isPublic) throw new AppError('generic.validation', { fieldErrors: { bookableId: calendarFeedMessages.publicBookable } });
    }
    const token = newFeedToken();
    const feed = em.create(CalendarFeed, {
      tenant: em.getReference(Tenant, tenantId),
      bookableId: values.bookableId,
      kind: values.personal ? 'staff' : 'public',
      name: values.name,
      tokenHash: hashFeedToken(token),
      prefix: token.slice(0, CALENDAR_FEED_SHOWN_CHARS),
      createdBy: viewer.user.id,
    });
    await em.flush();
    logger.info({ feedId: feed.id, tenantId, kind: feed.kind, by: viewer.user.id }, 'Kalender-Abo erstellt');
    const [view] = await this.views(em, [feed]);
    return { feed: view as CalendarFeedView, url: this.feedUrl(token) };
  }

  /** Revokes a feed at once: its URL answers 404 from now on. */
  async revoke(viewer: Viewer, id: string): Promise<CalendarFeedView> {
    const em = this.orm.em.fork();
    const feed = isUuid(id) ? await em.findOne(CalendarFeed, { id, revokedAt: null }) : null;
    if (!feed) throw new AppError('feed.not-found');
    try {
      this.assertManager(viewer, feed.tenant.id);
    } catch {
      // Outside the tenant the feed is not found: its existence is nobody else's business.
      throw new AppError('feed.not-found');
    }
    feed.revokedAt = new Date();
    await em.flush();
    logger.info({ feedId: feed.id, by: viewer.user.id }, 'Kalender-Abo widerrufen');
    const [view] = await this.views(em, [feed]);
    return view as CalendarFeedView;
  }

  /**
   * The iCalendar text of the live feed the token opens, or null (unknown, revoked, its object
   * deleted). Reads the window through the occupancy index, never the whole history.
   */
  async render(token: string, now: Date = new Date()): Promise<RenderedFeed | null> {
    if (!token.startsWith(CALENDAR_FEED_TOKEN_PREFIX) || token.length > 200) return null;
    const em = this.orm.em.fork();
    const connection = em.getConnection();
    const [feed] = await connection.execute<FeedRow[]>(
      'select id, tenant_id, bookable_id, kind, name, created_by, last_polled_at from calendar_feeds where token_hash = ? and revoked_at is null',
      [hashFeedToken(token)],
    );
    if (!feed) return null;
    // Customer data only while its creator may still read them: otherwise the feed is unknown.
    if (feed.kind !== 'public' && !creatorKeepsFeed(feed.created_by ? await this.viewers.rightsOf(em, feed.created_by) : null, feed.tenant_id, feed.kind)) return null;
    let bookables: { id: string; title: string }[];
    if (feed.bookable_id) {
      const bookable = await em.findOne(Bookable, { id: feed.bookable_id, tenant: feed.tenant_id });
      // A public feed lives as long as its object is public.
      if (!bookable || (feed.kind === 'public' && !bookable.isPublic)) return null;
      bookables = [bookable, ...(await descendantsOf(em, feed.tenant_id, bookable))];
    } else {
      bookables = await em.find(Bookable, { tenant: feed.tenant_id }, { fields: ['id', 'title'] });
    }
    const titles = new Map(bookables.map((bookable) => [bookable.id, bookable.title]));
    const begin = new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS);
    const end = new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS);
    const rows = titles.size
      ? await connection.execute<ItemRow[]>(FEED_ITEMS_SQL, [pgTextArray([...titles.keys()]), begin.toISOString(), end.toISOString(), feed.tenant_id, FEED_MAX_EVENTS])
      : [];
    const entries: CalendarEntry[] = rows.map((row) =>
      feed.kind === 'staff'
        ? {
            uid: `${row.number}-${row.position}@${this.host}`,
            begin: new Date(row.time_begin),
            end: new Date(row.time_end),
            summary: [row.title, row.name].filter(Boolean).join(': '),
            description: `Buchung ${row.number}, ${statusText(row)}${row.series_id ? ', Termin einer Serie' : ''}`,
            status: row.is_committed ? 'confirmed' : 'tentative',
            stamp: new Date(row.updated_at),
            // Staff see which bookings form a series; the public feed names no booking at all.
            ...(row.series_id && row.series_rrule ? { series: { id: row.series_id, rrule: row.series_rrule } } : {}),
          }
        : {
            // The public UID must not carry the booking number: the position in the window and the period suffice.
            uid: `${createHash('sha256').update(`${feed.id}:${row.number}:${row.position}`).digest('hex').slice(0, 24)}@${this.host}`,
            begin: new Date(row.time_begin),
            end: new Date(row.time_end),
            summary: 'Belegt',
            stamp: new Date(row.updated_at),
          },
    );
    const calendarName = feed.bookable_id ? `${feed.name} (${titles.get(feed.bookable_id) ?? ''})` : feed.name;
    const body = renderCalendar({ name: calendarName, entries, ttlSeconds: 300 });
    const lastPolled = feed.last_polled_at ? new Date(feed.last_polled_at).getTime() : 0;
    if (now.getTime() - lastPolled >= POLL_RESOLUTION_MS) {
      await connection.execute(`update calendar_feeds set last_polled_at = now() where id = ? and (last_polled_at is null or last_polled_at < now() - interval '1 minute')`, [feed.id]);
    }
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
  }

  /**
   * In the transaction of a change of the user's rights: revokes the live feeds with customer data
   * the rights no longer carry (feeds without personal data stay with the tenant); a deleted
   * account's feeds lose its id.
   */
  async endLost(em: EntityManager, userId: string, rights: Permissions | null, accountDeleted: boolean): Promise<void> {
    const live = await em.execute<{ id: string; tenant_id: string; kind: CalendarFeedKind }[]>(
      'select id, tenant_id, kind from calendar_feeds where created_by = ? and revoked_at is null for update',
      [userId],
    );
    const lost = live.filter((feed) => !creatorKeepsFeed(rights, feed.tenant_id, feed.kind)).map((feed) => feed.id);
    if (lost.length > 0) {
      await em.execute('update calendar_feeds set revoked_at = now() where id = any(?::uuid[])', [pgTextArray(lost)]);
      logger.info({ feedIds: lost }, 'Kalender-Abos widerrufen: Rechte der anlegenden Person entfallen');
    }
    if (accountDeleted) await em.execute('update calendar_feeds set created_by = null where created_by = ?', [userId]);
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    calendarFeeds: CalendarFeedService;
  }
}
