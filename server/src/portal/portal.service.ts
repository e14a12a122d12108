import type { MikroORM } from '@mikro-orm/postgresql';
import type { Bookable } from '../bookables/bookable.entity.js';
import type { BookableType } from '../bookables/bookable.model.js';
import type { BookableShowcase } from '../bookables/bookable.showcase.js';
import type { EventShowcase } from '../events/event.showcase.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { Tenant } from '../tenants/tenant.entity.js';

/** One public object as the tenant's booking page lists it. */
export interface PortalBookable {
  id: string;
  type: BookableType;
  title: string;
  location: string;
  imgUrl: string;
  isBookable: boolean;
  autoCommitBooking: boolean;
}

/** One upcoming public event with the public tickets that book it. */
export interface PortalEvent {
  id: string;
  name: string;
  startsAt: Date | null;
  endsAt: Date | null;
  locationName: string;
  tickets: PortalBookable[];
}

export interface BookingPortal {
  tenantId: string;
  tenantName: string;
  website: string;
  /** Public objects other than the tickets of a listed event, newest first. */
  bookables: PortalBookable[];
  events: PortalEvent[];
}

const toPortalBookable = (bookable: Bookable): PortalBookable => ({
  id: bookable.id,
  type: bookable.type,
  title: bookable.title,
  location: bookable.location,
  imgUrl: bookable.imgUrl,
  isBookable: bookable.isBookable,
  autoCommitBooking: bookable.autoCommitBooking,
});

/**
 * The tenant's public booking page: what anyone may book without signing in. Reads only through the
 * public-only showcases (public, not restricted to users or roles, bounded), so a signed-in staff
 * member sees the same page as a citizen.
 */
export class BookingPortalService {
  constructor(
    private readonly orm: MikroORM,
    private readonly bookableShowcase: BookableShowcase,
    private readonly eventShowcase: EventShowcase,
  ) {}

  async overview(tenantId: string, now = new Date()): Promise<BookingPortal> {
    const tenant = isUuid(tenantId) ? await this.orm.em.fork().findOne(Tenant, { id: tenantId }, { fields: ['id', 'name', 'website'] }) : null;
    if (!tenant) throw new AppError('generic.not-found', { detail: 'Der Mandant existiert nicht.' });
    const [bookables, events] = await Promise.all([this.bookableShowcase.list(tenant.id), this.eventShowcase.list(tenant.id, {}, now)]);
    const ticketsByEvent = new Map<string, PortalBookable[]>();
    for (const ticket of bookables) {
      if (ticket.type !== 'ticket' || !ticket.eventId) continue;
      ticketsByEvent.set(ticket.eventId, [...(ticketsByEvent.get(ticket.eventId) ?? []), toPortalBookable(ticket)]);
    }
    return {
      tenantId: tenant.id,
      tenantName: tenant.name,
      website: tenant.website,
      // A ticket belongs under its event; one of an event that is over or not public is not offered.
      bookables: bookables.filter((bookable) => bookable.type !== 'ticket' || !bookable.eventId).map(toPortalBookable),
      events: events.map((event) => ({
        id: event.id,
        name: event.name,
        startsAt: event.startsAt ?? null,
        endsAt: event.endsAt ?? null,
        locationName: event.eventLocation.name,
        // Showcase order is newest first; the page offers the tickets in the order they were created.
        tickets: [...(ticketsByEvent.get(event.id) ?? [])].reverse(),
      })),
    };
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    bookingPortal: BookingPortalService;
  }
}
