import { describe, expect, it } from 'vitest';
import { enteredTicketCode } from './ticket-entry-codes.js';
import { checkInLink, ticketDocumentHtml } from './ticket-document.js';

const code = 'Ab3_-Ab3_-Ab3_-Ab3_-Ab';

describe('ticket document', () => {
  it('shows per code the event, its Berlin date, place, ticket, booking, holder, "Ticket n von m", the QR code and the code', () => {
    const html = ticketDocumentHtml({
      tenantName: 'Musterstadt',
      bookingNumber: 'AB12-CD34',
      holderName: 'Erika <Mustermann>',
      publicUrl: 'https://buchen.example.de/',
      pages: [1, 2].map((position) => ({
        code,
        position,
        ofCount: 2,
        ticketType: 'Erwachsene',
        // 15 July 2026 19:00 to 22:30 Berlin summer time.
        event: { id: 'e1', name: 'Sommerkonzert', startsAt: Date.UTC(2026, 6, 15, 17, 0), endsAt: Date.UTC(2026, 6, 15, 20, 30), place: 'Stadthalle, Marktplatz 1' },
      })),
    });
    expect(html.match(/<section/g)).toHaveLength(2);
    expect(html).toContain('Eintrittskarte');
    expect(html).toContain('15.07.2026, 19:00 Uhr bis 15.07.2026, 22:30 Uhr');
    expect(html).toContain('Stadthalle, Marktplatz 1');
    expect(html).toContain('Ticket 2 von 2');
    expect(html).toContain('Erika &#60;Mustermann&#62;');
    expect(html.match(/<svg/g)).toHaveLength(2);
    expect(html).toContain(code);
  });

  it('the QR code links to the check-in page with the code', () => {
    expect(checkInLink('https://buchen.example.de/', code)).toBe(`https://buchen.example.de/einlass?code=${code}`);
  });

  it('reads a typed code or the scanned link, and nothing else', () => {
    expect(enteredTicketCode(` ${code} `)).toBe(code);
    expect(enteredTicketCode(checkInLink('https://buchen.example.de', code))).toBe(code);
    expect(enteredTicketCode('https://buchen.example.de/einlass')).toBeNull();
    expect(enteredTicketCode('kurz')).toBeNull();
  });
});
