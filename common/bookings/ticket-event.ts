/**
 * The event a booked ticket admits to, as booking pages, the staff's list, REST answers and mails
 * show it: its name, when it takes place and where. Read from the event as it is now, so a moved
 * event shows its new date everywhere. Plain TypeScript without imports.
 */
export interface TicketEventFacts {
  id: string;
  name: string;
  /** Epoch ms; null without a start date. */
  startsAt: number | null;
  /** Epoch ms; null without an end date. */
  endsAt: number | null;
  /** Venue and address in one line ("Stadthalle, Marktplatz 1, 12345 Musterstadt"), or the link of an online event; empty when unknown. */
  place: string;
}

/** The ids of the events the booked tickets admit to, each once, in the order of the items. */
export function ticketEventIds(items: readonly { _bookableUsed?: { type?: string; eventId?: string | null } | null }[]): string[] {
  const ids: string[] = [];
  for (const item of items) {
    const booked = item._bookableUsed;
    if (booked?.type === 'ticket' && booked.eventId && !ids.includes(booked.eventId)) ids.push(booked.eventId);
  }
  return ids;
}

type Instant = string | number | Date | null | undefined;
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
