import { describe, expect, it } from 'vitest';
import { initialTicketAmounts, offeredTickets, ticketLabel } from './eventTickets';

const ticket = (id: string) => ({ id, title: `Karte ${id}` });

describe('the tickets a ticket\'s page offers together', () => {
  it('are the event\'s tickets in their order, the booked one among them', () => {
    const adults = ticket('adults');
    expect(offeredTickets(adults, [ticket('reduced'), adults, ticket('children')]).map((entry) => entry.id)).toEqual(['reduced', 'adults', 'children']);
  });

  it('put the booked ticket first when the event\'s list leaves it out (restricted to the viewer)', () => {
    expect(offeredTickets(ticket('members'), [ticket('adults'), ticket('reduced')]).map((entry) => entry.id)).toEqual(['members', 'adults', 'reduced']);
  });

  it('are none for a single ticket or an object of no event: it is booked with the plain amount', () => {
    const adults = ticket('adults');
    expect(offeredTickets(adults, [adults])).toEqual([]);
    expect(offeredTickets(adults, [])).toEqual([]);
    expect(offeredTickets(adults, null)).toEqual([]);
    expect(offeredTickets(adults, undefined)).toEqual([]);
  });

  it('are named without the event\'s name their titles start with', () => {
    expect(ticketLabel('Sommerkonzert – Erwachsene', 'Sommerkonzert')).toBe('Erwachsene');
    expect(ticketLabel('Familienkarte', 'Sommerkonzert')).toBe('Familienkarte');
    expect(ticketLabel('Sommerkonzert – ', 'Sommerkonzert')).toBe('Sommerkonzert – ');
  });

  it('start with the link\'s amount for the booked ticket (1 up to its most) and 0 for the others', () => {
    const max = (id: string) => (id === 'adults' ? 4 : null);
    expect(initialTicketAmounts(['adults', 'reduced'], 'adults', 2, max)).toEqual({ adults: '2', reduced: '0' });
    expect(initialTicketAmounts(['adults', 'reduced'], 'adults', 9, max)).toEqual({ adults: '4', reduced: '0' });
    expect(initialTicketAmounts(['adults', 'reduced'], 'reduced', 0, max)).toEqual({ adults: '0', reduced: '1' });
  });
});
