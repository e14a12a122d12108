import { describe, expect, it } from 'vitest';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import { bookingBlock } from './booking-mail-composition.js';
import type { BookableSnapshot, BookingView } from './booking.model.js';

/** The ticket lines of the standard booking block: the event's name, date and time (Berlin) and place. */

const concert: TicketEventFacts = {
  id: 'e1',
  name: 'Sommerkonzert',
  // 15 July 2026 19:00 to 22:30 Berlin summer time.
  startsAt: Date.UTC(2026, 6, 15, 17, 0),
  endsAt: Date.UTC(2026, 6, 15, 20, 30),
  place: 'Stadthalle, Marktplatz 1, 12345 Musterstadt',
};

function ticketBooking(items: { title: string; type: BookableSnapshot['type']; eventId: string | null; amount: number }[]): BookingView {
  return {
    id: 'AB12-CD34',
    tenantId: 't1',
    assignedUserId: null,
    timeBegin: null,
    timeEnd: null,
    timeCreated: Date.UTC(2026, 5, 1),
    bookableItems: items.map((item, index) => ({
      bookableId: `b${index}`,
      amount: item.amount,
      regularPriceEur: 12,
      regularGrossPriceEur: 12,
      userPriceEur: 12,
      userGrossPriceEur: 12,
      _bookableUsed: { title: item.title, type: item.type, eventId: item.eventId, bookingNotes: '' } as BookableSnapshot,
    })),
    couponCode: null,
    name: 'Erika Mustermann',
    company: '',
    street: '',
    zipCode: '',
    location: '',
    mail: 'erika@example.com',
    phone: '',
    comment: '',
    attachments: [],
    priceEur: 24,
    vatIncludedEur: 0,
    isCommitted: true,
    isPayed: true,
    isRejected: false,
    paymentProvider: 'testPayment',
    paymentMethod: '',
    paidAt: null,
    cancelledAt: null,
    updatedAt: null,
    lockerInfo: [],
    seriesId: null,
  };
}

describe('booking block of tickets', () => {
  it('names the event, its Berlin date and time and its place under each ticket', () => {
    const block = bookingBlock(ticketBooking([{ title: 'Sommerkonzert – Erwachsene', type: 'ticket', eventId: 'e1', amount: 2 }]), new Map([['e1', concert]]));
    expect(block.text).toContain(
      ['- Sommerkonzert – Erwachsene, Anzahl: 2', '  Ticket für die Veranstaltung Sommerkonzert', '  vom 15.07.2026 19:00 bis 15.07.2026 22:30', '  Ort: Stadthalle, Marktplatz 1, 12345 Musterstadt'].join('\n'),
    );
    expect(block.html).toContain(
      '<li>Sommerkonzert – Erwachsene, Anzahl: 2<br />Ticket für die Veranstaltung Sommerkonzert<br />vom 15.07.2026 19:00 bis 15.07.2026 22:30<br />Ort: Stadthalle, Marktplatz 1, 12345 Musterstadt</li>',
    );
    // A booking of tickets has no period of its own.
    expect(block.text).not.toContain('Buchungszeitraum');
  });

  it('leaves out what the event does not say, escapes its texts, and adds nothing to other objects or unknown events', () => {
    const open: TicketEventFacts = { ...concert, name: 'Lesung <live>', endsAt: null, place: '' };
    const block = bookingBlock(
      ticketBooking([
        { title: 'Lesung', type: 'ticket', eventId: 'e2', amount: 1 },
        { title: 'Beamer', type: 'resource', eventId: null, amount: 1 },
        { title: 'Altes Ticket', type: 'ticket', eventId: 'gone', amount: 1 },
      ]),
      new Map([['e2', open]]),
    );
    expect(block.text).toContain('- Lesung, Anzahl: 1\n  Ticket für die Veranstaltung Lesung <live>\n  am 15.07.2026 19:00\n- Beamer, Anzahl: 1\n- Altes Ticket, Anzahl: 1');
    expect(block.text).not.toContain('Ort:');
    expect(block.html).toMatch(/<li>Lesung, Anzahl: 1<br \/>Ticket für die Veranstaltung Lesung &[^;]+;live&[^;]+;<br \/>am 15\.07\.2026 19:00<\/li>/);
    expect(block.html).not.toContain('<live>');
  });

  it('without events the block lists the objects as before', () => {
    const block = bookingBlock(ticketBooking([{ title: 'Sommerkonzert', type: 'ticket', eventId: 'e1', amount: 1 }]));
    expect(block.html).toContain('<li>Sommerkonzert, Anzahl: 1</li>');
  });
});
