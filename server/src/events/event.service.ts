import { enqueueWebhookEvent } from '../webhooks/webhook.queue.js';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { seatLimitError } from '../../../common/events/seats.js';
import type { Action } from '../../../common/permissions/model.js';
import { can, canEditBookables, canReadSome, hasFlag, isTenantMember } from '../../../common/permissions/permissions.js';
import { berlinToday, startOfBerlinDay } from '../../../common/time/berlin.js';
import { defaultBookableData } from '../bookables/bookable.defaults.js';
import { Bookable } from '../bookables/bookable.entity.js';
import type { TicketEvents } from '../bookables/ticket-events.js';
import { lockObjects } from '../bookings/booking.locks.js';
import type { BookingListQuery, BookingPage, BookingService } from '../bookings/booking.service.js';
import type { Knex } from '@mikro-orm/postgresql';
import { eventPageBounds, type Paging } from '../../../common/validation/paging.js';
import { afterCursorSql, keyColumnsSql, keysetPage, orderBySql, type KeyRow, type KeysetOrder, type PageInfo } from '../shared/keyset.js';
import { seatsTaken } from '../bookings/event-seats.js';
import { Instance } from '../instance/instance.entity.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import { Event } from './event.entity.js';
import { ticketsOfEvent } from './event-tickets.js';
import { listedEvents } from './event.showcase.js';
import type { EventData, EventRecord } from './event.model.js';
import { eventMessages, validateEvent, withNewIds } from './event.validation.js';

/** A stored event as plain data (REST answer, GraphQL object). */
export function eventRecord(event: Event): EventRecord {
  return { id: event.id, tenantId: event.tenant.id, ...event.data(), ownerUserId: event.ownerUserId ?? null };
}

/** An event as the public sees it: without its owner (a user id is an e-mail address). */
export function publicEventRecord(event: Event): Omit<EventRecord, 'ownerUserId'> {
  const { ownerUserId: _owner, ...record } = eventRecord(event);
  return record;
}

export interface EventListQuery {
  /** Events carrying ALL of these tags. */
  tags?: readonly string[] | null;
  /** false leaves out events that are over (their end, or without end their start day, before now). */
  includePast?: boolean | null;
  /** Only events changed at or after this instant, the oldest change first (synchronisation). */
  updatedSince?: Date | null;
  /** The page (validated by the schemas in common/); the first page of the default size without. */
  paging?: Paging;
}

/** A page of events and what follows it. */
export interface EventPage {
  events: Event[];
  pageInfo: PageInfo;
}

/** The lists' order: the latest start first (events without a start last), then the newest. */
export const EVENTS_BY_START: KeysetOrder = {
  name: 'events.start',
  columns: [
    { sql: 'e.starts_at', kind: 'instant', direction: 'desc', nullable: true },
    { sql: 'e.created_at', kind: 'instant', direction: 'desc' },
    { sql: 'e.id', kind: 'uuid', direction: 'asc' },
  ],
};

/** Synchronisation (updatedSince): the oldest change first, the id breaking ties. */
export const EVENTS_BY_UPDATE: KeysetOrder = {
  name: 'events.updated',
  columns: [
    { sql: 'e.updated_at', kind: 'instant', direction: 'asc' },
    { sql: 'e.id', kind: 'uuid', direction: 'asc' },
  ],
};

const FIRST_EVENT_PAGE: Paging = { size: eventPageBounds.defaultSize, offset: 0, after: null, cursorField: 'after' };

/** The order of a list: by start, or the oldest change first with updatedSince. */
const orderOf = (query: Pick<EventListQuery, 'updatedSince'>): KeysetOrder => (query.updatedSince ? EVENTS_BY_UPDATE : EVENTS_BY_START);

const allowed = (viewer: Viewer, action: Action, event: Event) =>
  can(viewer.permissions, viewer.user.id, action, 'manageBookables', { tenantId: event.tenant.id, ownerUserId: event.ownerUserId });

/** Keeps text literal where HTML is expected (a ticket's description is rich text). */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Events of a tenant. Events belong to the
 * manageBookables area: the same flags and ownership (ownerUserId, the creator) as bookables;
 * tenant owners and instance owners may do everything. Public events count against the instance's
 * public-event quota (maxEvents, empty is unlimited). Tickets are bookables referencing the event;
 * deleting an event keeps them.
 */
/** What a webhook of the event carries: its ids, name, times, publicity and tags (nothing of its organiser's contacts). */
const eventWebhookData = (tenantId: string, event: Event): Record<string, unknown> => ({
  tenantId,
  eventId: event.id,
  name: event.name,
  startsAt: event.startsAt?.toISOString() ?? null,
  endsAt: event.endsAt?.toISOString() ?? null,
  isPublic: event.isPublic,
  tags: event.tags,
});

export class EventService implements TicketEvents {
  constructor(
    private readonly orm: MikroORM,
    private readonly bookings: Pick<BookingService, 'list' | 'emptyPage'>,
  ) {}

  /** The staff's list: the events the viewer may read (readAny, or readOwn on his own), newest start first. */
  async list(viewer: Viewer, tenantId: string, query: EventListQuery = {}): Promise<EventPage> {
    const readable = this.readableCondition(viewer, tenantId);
    if (!readable) {
      afterCursorSql(orderOf(query), query.paging ?? FIRST_EVENT_PAGE);
      return { events: [], pageInfo: { hasNextPage: false, endCursor: null } };
    }
    return this.find(this.orm.em.fork(), tenantId, query, readable);
  }

  /**
   * The public list: the public events that are listed for everyone, and those the signed-in viewer
   * may read as staff. An event with attendees.publicEvent false is left out: it is reached through
   * its own link (publicGet by its id).
   */
  async publicList(viewer: Viewer | null, tenantId: string, query: EventListQuery = {}): Promise<EventPage> {
    const readable = viewer ? this.readableCondition(viewer, tenantId) : null;
    return this.find(this.orm.em.fork(), tenantId, query, readable ? { $or: [{ ...listedEvents }, readable] } : { ...listedEvents });
  }

  /** One event for the staff: ALLOW(read); another tenant's or an unknown id is not found. */
  async get(viewer: Viewer, tenantId: string, id: string): Promise<Event> {
    this.requireMember(viewer, tenantId);
    const event = await this.findOne(this.orm.em.fork(), tenantId, id);
    if (!allowed(viewer, 'read', event)) throw new AppError('auth.forbidden');
    return event;
  }

  /** One event for anyone: public (listed or reached through its own link), or readable by the viewer; otherwise not found. */
  async publicGet(viewer: Viewer | null, tenantId: string, id: string): Promise<Event> {
    const event = await this.findOne(this.orm.em.fork(), tenantId, id);
    if (!this.visibleTo(viewer, event)) throw new AppError('generic.not-found');
    return event;
  }

  /** TicketEvents: a ticket's event as the viewer may see it, or null. */
  async eventForTicket(viewer: Viewer | null, tenantId: string, eventId: string): Promise<EventRecord | Omit<EventRecord, 'ownerUserId'> | null> {
    const event = isUuid(eventId) ? await this.orm.em.fork().findOne(Event, { id: eventId, tenant: tenantId }) : null;
    if (!event || !this.visibleTo(viewer, event)) return null;
    return this.mayRead(viewer, event) ? eventRecord(event) : publicEventRecord(event);
  }

  async eventsForTickets(viewer: Viewer | null, tenantId: string, eventIds: readonly string[]): Promise<Map<string, EventRecord | Omit<EventRecord, 'ownerUserId'>>> {
    const ids = [...new Set(eventIds.filter(isUuid))];
    const events = ids.length > 0 ? await this.orm.em.fork().find(Event, { id: { $in: ids }, tenant: tenantId }) : [];
    const records = new Map<string, EventRecord | Omit<EventRecord, 'ownerUserId'>>();
    for (const event of events) if (this.visibleTo(viewer, event)) records.set(event.id, this.mayRead(viewer, event) ? eventRecord(event) : publicEventRecord(event));
    return records;
  }

  /** Whether the viewer may read the event as staff (then he sees its owner too). */
  mayRead(viewer: Viewer | null, event: Event): boolean {
    return viewer !== null && allowed(viewer, 'read', event);
  }

  /**
   * A new event; the viewer becomes its owner. Public only within the quota. `withTickets` also
   * creates its tickets in the same transaction: one per price category, priced from it (free
   * without categories; see ticketsOfEvent), bookable and public, booked without release, unlimited,
   * owned by the viewer, not counted against the bookable quota.
   */
  async create(viewer: Viewer, tenantId: string, input: Record<string, unknown>, options: { withTickets?: boolean } = {}): Promise<Event> {
    this.requireMember(viewer, tenantId);
    if (!can(viewer.permissions, viewer.user.id, 'create', 'manageBookables', { tenantId })) throw new AppError('auth.forbidden');
    return this.orm.em.fork().transactional(async (em) => {
      if (!(await em.findOne(Tenant, { id: tenantId }, { fields: ['id'] }))) throw new AppError('generic.not-found');
      const data = await this.validated(em, tenantId, input, null);
      if (data.isPublic) await this.requirePublicQuota(em, tenantId);
      return this.insert(em, viewer, tenantId, data, options);
    });
  }

  /**
   * Changes the sent sections (each overlaid on the stored one); switching to public only within the
   * quota. A changed seat limit may not fall below the seats already sold.
   */
  async update(viewer: Viewer, tenantId: string, id: string, input: Record<string, unknown>): Promise<Event> {
    this.requireMember(viewer, tenantId);
    return this.orm.em.fork().transactional(async (em) => {
      const event = await this.findOne(em, tenantId, id);
      if (!allowed(viewer, 'update', event)) throw new AppError('auth.forbidden');
      const wasPublic = event.isPublic;
      const data = await this.validated(em, tenantId, input, event.data(), event.id);
      if (data.isPublic && !wasPublic) await this.requirePublicQuota(em, tenantId);
      event.setData(data);
      await em.flush();
      await enqueueWebhookEvent(em, tenantId, { type: 'event.changed', data: eventWebhookData(tenantId, event) });
      return event;
    });
  }

  /** REST PUT api/{tenantId}/events: a body with an id updates, one without creates. The URL tenant wins over the body's. */
  async save(viewer: Viewer, tenantId: string, input: Record<string, unknown>, options: { withTickets?: boolean } = {}): Promise<Event> {
    const id = typeof input.id === 'string' ? input.id : typeof input._id === 'string' ? input._id : '';
    return id ? this.update(viewer, tenantId, id, input) : this.create(viewer, tenantId, input, options);
  }

  /**
   * A copy with " (Kopie)" appended and new ids for the nested entries; reading the original and
   * creating are both checked. The copy stays public only while the quota has room: a full quota
   * makes it a non-public draft rather than failing, so duplicating always works and the copy can
   * be published once there is room.
   */
  async duplicate(viewer: Viewer, tenantId: string, id: string): Promise<Event> {
    const original = await this.get(viewer, tenantId, id);
    if (!can(viewer.permissions, viewer.user.id, 'create', 'manageBookables', { tenantId })) throw new AppError('auth.forbidden');
    return this.orm.em.fork().transactional(async (em) => {
      const source = withNewIds(original.data());
      const data: EventData = { ...source, information: { ...source.information, name: `${source.information.name} (Kopie)`.slice(0, 200) } };
      if (data.isPublic) {
        await this.lockPublicQuota(em, tenantId);
        data.isPublic = await this.publicQuotaLeft(em, tenantId);
      }
      return this.insert(em, viewer, tenantId, data, {});
    });
  }

  /** Deletes the event; its tickets stay (their reference is cleared by the database). */
  async remove(viewer: Viewer, tenantId: string, id: string): Promise<void> {
    this.requireMember(viewer, tenantId);
    await this.orm.em.fork().transactional(async (em) => {
      const event = await this.findOne(em, tenantId, id);
      if (!allowed(viewer, 'delete', event)) throw new AppError('auth.forbidden');
      await em.nativeDelete(Event, { id: event.id });
      await enqueueWebhookEvent(em, tenantId, { type: 'event.deleted', data: { tenantId, eventId: event.id } });
    });
  }

  /**
   * Distinct tags over all events of the tenant, in first-seen order, for
   * those with some manageBookables right there (the list's filter and the form's choices).
   */
  async tags(viewer: Viewer, tenantId: string): Promise<string[]> {
    if (!canReadSome(viewer.permissions, tenantId, 'manageBookables') && !canEditBookables(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ tag: string }[]>('select t.tag from events e cross join lateral unnest(e.tags) with ordinality as t(tag, position) where e.tenant_id = ? order by e.created_at, e.id, t.position', [tenantId]);
    return [...new Set(rows.map((row) => row.tag))];
  }

  /** count/check: whether one more public event fits the instance's quota; for those who may create or change events. */
  async mayAddPublic(viewer: Viewer, tenantId: string): Promise<boolean> {
    if (!canEditBookables(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    return this.publicQuotaLeft(this.orm.em.fork(), tenantId);
  }

  /**
   * The bookings of an event: those containing one of its tickets, as far as the viewer may read
   * bookings (manageBookings readAny, or readOwn: assigned to him), newest first, one page at a time.
   * The event must exist in the tenant; someone who may read no bookings gets an empty page.
   */
  async bookingsOf(viewer: Viewer | null, tenantId: string, id: string, query: Pick<BookingListQuery, 'paging' | 'updatedSince'> = {}): Promise<BookingPage> {
    const em = this.orm.em.fork();
    const event = await this.findOne(em, tenantId, id);
    // The bookings list answers the page, also an empty one (it checks the cursor all the same).
    if (!viewer || !canReadSome(viewer.permissions, tenantId, 'manageBookings')) return this.bookings.emptyPage(query);
    const tickets = await em.find(Bookable, { tenant: tenantId, eventId: event.id }, { fields: ['id'] });
    return this.bookings.list(viewer, tenantId, { ...query, bookableIds: tickets.map((ticket) => ticket.id) });
  }

  /** The event of this tenant; another tenant's id is not found here. */
  async findOne(em: EntityManager, tenantId: string, id: string): Promise<Event> {
    const event = isUuid(id) ? await em.findOne(Event, { id, tenant: tenantId }) : null;
    if (!event) throw new AppError('generic.not-found');
    return event;
  }

  private async insert(em: EntityManager, viewer: Viewer, tenantId: string, data: EventData, options: { withTickets?: boolean }): Promise<Event> {
    const event = em.create(Event, { id: randomUUID(), tenant: em.getReference(Tenant, tenantId), ownerUserId: viewer.user.id });
    event.setData(data);
    if (options.withTickets) {
      // A millisecond apart, so their creation order (the order the booking pages offer them in) is the categories' order.
      const created = Date.now();
      for (const [index, ticket] of ticketsOfEvent(data).entries()) {
        em.create(Bookable, {
          createdAt: new Date(created + index),
          ...defaultBookableData('ticket'),
          id: randomUUID(),
          tenant: em.getReference(Tenant, tenantId),
          eventId: event.id,
          title: ticket.title,
          description: escapeHtml(data.information.teaserText),
          isBookable: true,
          isPublic: true,
          autoCommitBooking: true,
          amount: null,
          priceCategories: ticket.priceCategories,
          ownerUserId: viewer.user.id,
          parent: null,
        });
      }
    }
    await em.flush();
    await enqueueWebhookEvent(em, tenantId, { type: 'event.created', data: eventWebhookData(tenantId, event) });
    return event;
  }

  /** What the viewer may read as staff, as a condition; null when nothing. */
  private readableCondition(viewer: Viewer, tenantId: string): Record<string, unknown> | null {
    if (hasFlag(viewer.permissions, tenantId, 'manageBookables', 'readAny')) return { tenant: tenantId };
    if (hasFlag(viewer.permissions, tenantId, 'manageBookables', 'readOwn')) return { ownerUserId: viewer.user.id };
    return null;
  }

  private visibleTo(viewer: Viewer | null, event: Event): boolean {
    return event.isPublic || this.mayRead(viewer, event);
  }

  /**
   * One page of the events matching the condition in the list's order (by offset or after a
   * cursor): the ORM's query builder writes the filter, the keyset helper the order and the cursor.
   */
  private async find(em: EntityManager, tenantId: string, query: EventListQuery, condition: Record<string, unknown>): Promise<EventPage> {
    const paging = query.paging ?? FIRST_EVENT_PAGE;
    const order = orderOf(query);
    const after = afterCursorSql(order, paging);
    const tags = [...new Set((query.tags ?? []).map((tag) => tag.trim()).filter(Boolean))];
    const now = new Date();
    const notPast =
      query.includePast === false
        ? { $or: [{ endsAt: { $gte: now } }, { endsAt: null, startsAt: { $gte: startOfBerlinDay(berlinToday(now)) } }, { endsAt: null, startsAt: null }] }
        : {};
    const since = query.updatedSince ? { updatedAt: { $gte: query.updatedSince } } : {};
    const sql = em
      .createQueryBuilder(Event, 'e')
      .select('*')
      .where({ $and: [{ tenant: tenantId }, condition, tags.length > 0 ? { tags: { $contains: tags } } : {}, notPast, since] })
      .getKnexQuery();
    sql.select(em.getKnex().raw(keyColumnsSql(order)));
    if (after) sql.whereRaw(after.sql, after.params as Knex.RawBinding[]);
    sql.orderByRaw(orderBySql(order)).limit(paging.size + 1).offset(paging.offset);
    const rows = await em.execute<(Record<string, unknown> & KeyRow)[]>(sql);
    const page = keysetPage(order, rows, paging.size);
    const events = page.rows.map((row) => em.map(Event, Object.fromEntries(Object.entries(row).filter(([column]) => !column.startsWith('keyset_')))));
    return { events, pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor } };
  }

  private async validated(em: EntityManager, tenantId: string, input: Record<string, unknown>, current: EventData | null, eventId: string | null = null): Promise<EventData> {
    const { data, fieldErrors } = validateEvent(input, current);
    if (!data) throw new AppError('generic.validation', { fieldErrors });
    const errors = await this.referenceErrors(em, tenantId, data);
    if (!errors['attendees.maxAttendees'] && eventId && current && data.attendees.maxAttendees !== current.attendees.maxAttendees) {
      const seatError = await this.seatLimitError(em, tenantId, eventId, data.attendees.maxAttendees);
      if (seatError) errors['attendees.maxAttendees'] = seatError;
    }
    if (Object.keys(errors).length > 0) throw new AppError('generic.validation', { fieldErrors: errors });
    return data;
  }

  /**
   * A new seat limit against the seats sold, counted under the event's seat lock (the one a checkout
   * of its tickets takes), so no booking completes between the count and the save.
   */
  private async seatLimitError(em: EntityManager, tenantId: string, eventId: string, maxAttendees: number | null): Promise<string | null> {
    if (maxAttendees === null) return null;
    await lockObjects(em, [`event:${eventId}`]);
    return seatLimitError(maxAttendees, await seatsTaken(em, tenantId, eventId));
  }

  /** The chosen venue and room: an event location and a room of the tenant. */
  private async referenceErrors(em: EntityManager, tenantId: string, data: EventData): Promise<Record<string, string>> {
    const errors: Record<string, string> = {};
    const check = async (id: string | null, type: 'event-location' | 'room', field: string, message: string) => {
      if (id && (!isUuid(id) || (await em.count(Bookable, { id, tenant: tenantId, type })) === 0)) errors[field] = message;
    };
    await check(data.eventLocation.select, 'event-location', 'eventLocation.select', eventMessages.unknownVenue);
    await check(data.eventLocation.room, 'room', 'eventLocation.room', eventMessages.unknownRoom);
    return errors;
  }

  private async publicQuotaLeft(em: EntityManager, tenantId: string): Promise<boolean> {
    const max = (await em.findOne(Instance, { id: 1 }, { fields: ['maxEvents'] }))?.maxEvents;
    if (max === null || max === undefined || max <= 0) return true;
    return (await em.count(Event, { tenant: tenantId, isPublic: true })) < max;
  }

  /** Serialises public-making per tenant, so two concurrent saves cannot both take the last place. */
  private async lockPublicQuota(em: EntityManager, tenantId: string): Promise<void> {
    await em.getConnection().execute('select pg_advisory_xact_lock(hashtext(?))', [`event-public:${tenantId}`], 'all', em.getTransactionContext());
  }

  private async requirePublicQuota(em: EntityManager, tenantId: string): Promise<void> {
    await this.lockPublicQuota(em, tenantId);
    if (!(await this.publicQuotaLeft(em, tenantId))) throw new AppError('event.quota-reached');
  }

  private requireMember(viewer: Viewer, tenantId: string): void {
    if (!isTenantMember(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    events: EventService;
  }
}
