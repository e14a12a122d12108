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

type Instant = string | number | null | undefined;
const instant = (value: Instant): number | null => (value === null || value === undefined || value === '' ? null : new Date(value).getTime());

/**
 * When a booking takes place: its own times, or for a booking of tickets (which has none) the
 * events' – from the earliest start to the latest end.
 */
export function bookingPeriod(booking: { timeBegin: Instant; timeEnd: Instant }, events: readonly { startsAt: Instant; endsAt: Instant }[]): { begin: number | null; end: number | null } {
  const begin = instant(booking.timeBegin);
  const end = instant(booking.timeEnd);
  if (begin !== null || end !== null) return { begin, end };
  const starts = events.map((event) => instant(event.startsAt)).filter((value): value is number => value !== null);
  const ends = events.map((event) => instant(event.endsAt)).filter((value): value is number => value !== null);
  return { begin: starts.length ? Math.min(...starts) : null, end: ends.length ? Math.max(...ends) : null };
}

/** The distinct events of a booking's items (tickets), in item order. */
export function eventsOfItems<E extends { id: string }>(items: readonly { event?: E | null }[]): E[] {
  const events: E[] = [];
  for (const item of items) if (item.event && !events.some((known) => known.id === item.event?.id)) events.push(item.event);
  return events;
}
