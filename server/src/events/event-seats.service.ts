import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import type { BookableService } from '../bookables/bookable.service.js';
import type { TicketSeats } from '../bookables/ticket-events.js';
import { seatsLeft, seatsTaken, seatsTakenOfEvents, type EventDirectory, type EventSeatInfo } from '../bookings/event-seats.js';
import { isUuid } from '../shared/ids.js';
import type { Viewer } from '../users/viewer.service.js';
import { Event } from './event.entity.js';
import { ticketEventFacts } from './ticket-event-facts.js';

/**
 * The events behind tickets, for the bookings domain's seat rule and booking views (its
 * EventDirectory port), the bookables domain's availability (its TicketSeats port) and the public
 * checkout page (seats left, the event's date and place).
 */
export class EventSeatsService implements EventDirectory, TicketSeats {
  constructor(
    private readonly orm: MikroORM,
    private readonly bookables: Pick<BookableService, 'findForPublic'>,
  ) {}

  /** EventDirectory: name and seat limit of the tenant's event; null for an unknown one. */
  async seatInfo(tenantId: string, eventId: string, em?: EntityManager): Promise<EventSeatInfo | null> {
    if (!isUuid(eventId)) return null;
    // With the caller's manager, on its connection and in its transaction (a fork would take another
    // connection from the pool while the caller holds its locks).
    const event = await (em ?? this.orm.em.fork()).findOne(Event, { id: eventId, tenant: tenantId }, { fields: ['name', 'attendees', 'ticketCodePer'] });
    return event ? { name: event.name, maxAttendees: event.attendees.maxAttendees ?? null, ticketCodePer: event.ticketCodePer } : null;
  }

  /** EventDirectory: the organiser's contact address when it is a valid one. */
  async organizerMails(tenantId: string, eventId: string): Promise<string[]> {
    if (!isUuid(eventId)) return [];
    const event = await this.orm.em.fork().findOne(Event, { id: eventId, tenant: tenantId }, { fields: ['eventOrganizer'] });
    const address = event?.eventOrganizer?.contactPersonEmailAddress?.trim() ?? '';
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) ? [address] : [];
  }

  /** EventDirectory: the tenant's events as bookings show them (name, times, place). */
  async ticketEvents(tenantId: string, eventIds: readonly string[]): Promise<Map<string, TicketEventFacts>> {
    const ids = [...new Set(eventIds.filter(isUuid))];
    if (ids.length === 0) return new Map();
    const events = await this.orm.em.fork().find(Event, { id: { $in: ids }, tenant: tenantId }, { fields: ['name', 'startsAt', 'endsAt', 'format', 'eventLocation', 'eventAddress'] });
    return new Map(events.map((event) => [event.id, ticketEventFacts(event)]));
  }

  /**
   * The event of a ticket the viewer may see, as its booking page shows it: null when it is no
   * ticket of an event. A bookable the viewer cannot see is not found. The event's name, date and
   * place are shown whether or not the event itself is public: whoever may book the ticket needs them.
   */
  async eventOfTicket(viewer: Viewer | null, tenantId: string, bookableId: string): Promise<TicketEventFacts | null> {
    const bookable = await this.bookables.findForPublic(this.orm.em.fork(), viewer, tenantId, bookableId);
    if (bookable.type !== 'ticket' || !bookable.eventId) return null;
    return (await this.ticketEvents(tenantId, [bookable.eventId])).get(bookable.eventId) ?? null;
  }

  /**
   * Seats left for a ticket the viewer may see (as the public checkout shows it): null when it is no
   * ticket of an event or the event has no limit. A bookable the viewer cannot see is not found.
   * A snapshot only: the checkout decides under the event's lock.
   */
  async seatsLeftForTicket(viewer: Viewer | null, tenantId: string, bookableId: string): Promise<number | null> {
    const bookable = await this.bookables.findForPublic(this.orm.em.fork(), viewer, tenantId, bookableId);
    if (bookable.type !== 'ticket' || !bookable.eventId) return null;
    return this.seatsLeftOfEvent(tenantId, bookable.eventId);
  }

  /** Seats of the tenant's event taken by bookings of its tickets that are not rejected (0 for an unknown event). */
  async seatsSold(tenantId: string, eventId: string): Promise<number> {
    return seatsTaken(this.orm.em.fork(), tenantId, eventId);
  }

  /** seatsSold of several events of the tenant at once (an events list). */
  seatsSoldOfEvents(tenantId: string, eventIds: readonly string[]): Promise<Map<string, number>> {
    return seatsTakenOfEvents(this.orm.em.fork(), tenantId, eventIds);
  }

  /** TicketSeats: seats left of the tenant's event; null without a limit or for an unknown event. */
  async seatsLeftOfEvent(tenantId: string, eventId: string): Promise<number | null> {
    const event = await this.seatInfo(tenantId, eventId);
    if (!event || event.maxAttendees === null) return null;
    return seatsLeft(event.maxAttendees, await seatsTaken(this.orm.em.fork(), tenantId, eventId));
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    eventSeats: EventSeatsService;
  }
}
