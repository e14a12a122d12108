import type { Viewer } from '../users/viewer.service.js';

/**
 * What the bookables domain shows of the event a ticket belongs to (`_populated.event` of the REST
 * answers). The events domain (above this one) implements it; the port is owned here so bookables
 * never import events.
 */
export interface TicketEvents {
  /** The event as the viewer may see it (whole for its staff, without owner when public), or null. */
  eventForTicket(viewer: Viewer | null, tenantId: string, eventId: string): Promise<object | null>;
  /** eventForTicket of several events of the tenant at once (a list of tickets); events the viewer may not see are left out. */
  eventsForTickets(viewer: Viewer | null, tenantId: string, eventIds: readonly string[]): Promise<Map<string, object>>;
}

/**
 * Seats left of the event a ticket admits to (availability checks
 * the seats like checkout does); null without a limit. The events domain implements it.
 */
export interface TicketSeats {
  seatsLeftOfEvent(tenantId: string, eventId: string): Promise<number | null>;
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    ticketEvents: TicketEvents;
  }
}
