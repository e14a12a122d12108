import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { Event } from './event.entity.js';

/**
 * Events that public lists show: visible (isPublic) and listed for everyone. An event whose
 * attendees.publicEvent is false stays visible through its own link only (see eventDirectLink).
 */
export const listedEvents = { isPublic: true, attendees: { publicEvent: { $ne: false } } } as const;

/** At most this many events in one showcase list. */
export const MAX_EVENT_SHOWCASE = 200;
const DAY_MS = 86_400_000;

/**
 * Public events for pages outside the product (the HTML snippets of tenant websites): only public
 * ones, bounded. The list keeps events until a day after their end (or start, without an end),
 * soonest first, and leaves out those reached only through their own link (attendees.publicEvent
 * false), also when asked for by id; their detail (get) shows them.
 */
export class EventShowcase {
  constructor(private readonly orm: MikroORM) {}

  async list(tenantId: string, query: { ids?: readonly string[] | null } = {}, now = new Date()): Promise<Event[]> {
    const ids = query.ids ? [...new Set(query.ids.filter(isUuid))].slice(0, MAX_EVENT_SHOWCASE) : null;
    if (ids?.length === 0) return [];
    const since = new Date(now.getTime() - DAY_MS);
    return this.orm.em.fork().find(
      Event,
      {
        tenant: tenantId,
        ...listedEvents,
        ...(ids ? { id: { $in: ids } } : {}),
        $or: [{ endsAt: { $gte: since } }, { endsAt: null, startsAt: { $gte: since } }],
      },
      { orderBy: [{ startsAt: 'asc nulls last' }, { createdAt: 'asc' }, { id: 'asc' }], limit: MAX_EVENT_SHOWCASE },
    );
  }

  /** One public event, whenever it takes place; anything else is not found. */
  async get(tenantId: string, id: string): Promise<Event> {
    const event = isUuid(id) ? await this.orm.em.fork().findOne(Event, { id, tenant: tenantId, isPublic: true }) : null;
    if (!event) throw new AppError('generic.not-found', { detail: 'Die Veranstaltung existiert nicht.' });
    return event;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    eventShowcase: EventShowcase;
  }
}
