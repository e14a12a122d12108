/**
 * The tickets a ticket's booking page offers together: the event's tickets anyone may book, with
 * the one the link names among them. Pure.
 */

/**
 * The tickets to offer in the page's order, the booked one included (in its place, or first when the
 * list leaves it out, e.g. restricted to the viewer); empty unless there are at least two, as a
 * single ticket is booked with the plain amount field.
 */
export function offeredTickets<Ticket extends { id: string }>(booked: Ticket, eventTickets: readonly Ticket[] | null | undefined): Ticket[] {
  if (!eventTickets) return [];
  const offered = eventTickets.some((ticket) => ticket.id === booked.id) ? [...eventTickets] : [booked, ...eventTickets];
  return offered.length >= 2 ? offered : [];
}

/** A ticket's name beside its amount: "Erwachsene" for "Sommerkonzert – Erwachsene" of the event "Sommerkonzert". */
export function ticketLabel(title: string, eventName: string): string {
  const prefix = `${eventName} – `;
  return title.startsWith(prefix) && title.length > prefix.length ? title.slice(prefix.length) : title;
}

/** The amount each offered ticket starts with: the booked one the link's (within 1..max), the others 0. */
export function initialTicketAmounts(ticketIds: readonly string[], bookedId: string, linkAmount: number, max: (id: string) => number | null): Record<string, string> {
  return Object.fromEntries(
    ticketIds.map((id) => {
      const most = max(id);
      return [id, id === bookedId ? String(Math.max(1, Math.min(linkAmount, most ?? linkAmount))) : '0'];
    }),
  );
}
