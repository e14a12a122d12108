import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { Bookable } from './bookable.entity.js';
import type { BookableType } from './bookable.model.js';

/** At most this many objects in one showcase list. */
export const MAX_SHOWCASE = 200;

export interface ShowcaseQuery {
  type?: BookableType | null;
  /** Only these objects (unknown and malformed ids are simply not found). */
  ids?: readonly string[] | null;
  /** Only the tickets of this event. */
  eventId?: string | null;
}

/**
 * Public objects for pages outside the product (the HTML snippets of tenant websites): only what
 * anyone may see without signing in (public, no restriction to users or roles), bounded, newest
 * first (the original's "reversed storage order"). The whole list leaves out the tickets of events
 * that are reached only through their own link (attendees.publicEvent false); asked for by id or
 * by their event, they are shown.
 */
export class BookableShowcase {
  constructor(private readonly orm: MikroORM) {}

  async list(tenantId: string, query: ShowcaseQuery = {}): Promise<Bookable[]> {
    const ids = query.ids ? [...new Set(query.ids.filter(isUuid))].slice(0, MAX_SHOWCASE) : null;
    if (ids?.length === 0) return [];
    if (query.eventId !== undefined && query.eventId !== null && !isUuid(query.eventId)) return [];
    const qb = this.orm.em
      .fork()
      .createQueryBuilder(Bookable, 'b')
      .select('*')
      .where({ tenant: tenantId, isPublic: true, ...(query.type ? { type: query.type } : {}), ...(ids ? { id: { $in: ids } } : {}), ...(query.eventId ? { eventId: query.eventId } : {}) })
      .andWhere('cardinality(b.permitted_users) = 0 and cardinality(b.permitted_roles) = 0');
    if (!ids && !query.eventId) qb.andWhere(`not exists (select 1 from events e where e.id = b.event_id and e.attendees->>'publicEvent' = 'false')`);
    return qb.orderBy({ createdAt: 'desc', id: 'desc' }).limit(MAX_SHOWCASE).getResultList();
  }

  /** One public object; anything else (unknown, other tenant, not public, restricted) is not found. */
  async get(tenantId: string, id: string): Promise<Bookable> {
    const [bookable] = isUuid(id) ? await this.list(tenantId, { ids: [id] }) : [];
    if (!bookable) throw new AppError('generic.not-found', { detail: 'Das Buchungsobjekt existiert nicht.' });
    return bookable;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    bookableShowcase: BookableShowcase;
  }
}
