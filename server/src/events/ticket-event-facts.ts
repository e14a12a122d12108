import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import type { EventData } from './event.model.js';

/**
 * Where the event takes place, in one line: the venue's name and address; an online event names its
 * link, a hybrid one both. Empty when the form says nothing about it.
 */
export function eventPlace(event: Pick<EventData, 'format' | 'eventLocation' | 'eventAddress'>): string {
  const { eventLocation: location, eventAddress: address } = event;
  const join = (parts: string[], separator: string) =>
    parts
      .map((part) => part.trim())
      .filter(Boolean)
      .join(separator);
  const venue = join([location.name, join([address.street, address.houseNumber], ' '), address.additional, join([address.zip, address.city], ' ')], ', ');
  if (event.format === 0) return venue;
  const online = location.url.trim() ? `online: ${location.url.trim()}` : 'online';
  if (event.format === 2) return venue ? `${venue} (${online})` : online.charAt(0).toUpperCase() + online.slice(1);
  return venue ? `${venue} und ${online}` : online.charAt(0).toUpperCase() + online.slice(1);
}

/** What bookings show of the event a ticket admits to. */
export function ticketEventFacts(event: { id: string; name: string; startsAt?: Date | null; endsAt?: Date | null } & Pick<EventData, 'format' | 'eventLocation' | 'eventAddress'>): TicketEventFacts {
  return {
    id: event.id,
    name: event.name,
    startsAt: event.startsAt ? event.startsAt.getTime() : null,
    endsAt: event.endsAt ? event.endsAt.getTime() : null,
    place: eventPlace(event),
  };
}
