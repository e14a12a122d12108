import { formatPeriod } from './format';

/**
 * The event a booked ticket admits to, as the pages show it: GraphQL answers it with ISO instants,
 * the REST status with epoch ms.
 */
export interface ShownTicketEvent {
  name: string;
  startsAt: string | number | null;
  endsAt: string | number | null;
  place: string;
}

export interface TicketEventFact {
  term: 'Veranstaltung' | 'Termin' | 'Ort';
  value: string;
}

/** "Veranstaltung", "Termin" and "Ort" of each event, leaving out what the event does not say. */
export function ticketEventFacts(events: readonly ShownTicketEvent[]): TicketEventFact[] {
  return events.flatMap((event) => {
    const facts: TicketEventFact[] = [{ term: 'Veranstaltung', value: event.name }];
    const when = formatPeriod(event.startsAt, event.endsAt);
    if (when) facts.push({ term: 'Termin', value: when });
    if (event.place.trim()) facts.push({ term: 'Ort', value: event.place.trim() });
    return facts;
  });
}

/** When a booking takes place (its own times, or its events'): shared with the server's exports. */
export { bookingPeriod } from '../../../common/bookings/ticket-event';

/** The distinct events of a booking's items (tickets), in item order. */
export function eventsOfItems<E extends { id: string }>(items: readonly { event?: E | null }[]): E[] {
  const events: E[] = [];
  for (const item of items) if (item.event && !events.some((known) => known.id === item.event?.id)) events.push(item.event);
  return events;
}
