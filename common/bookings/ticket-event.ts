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
