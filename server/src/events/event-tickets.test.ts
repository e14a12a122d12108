import { describe, expect, it } from 'vitest';
import { itemPrice } from '../bookables/rules/pricing.js';
import { ticketsOfEvent } from './event-tickets.js';
import { defaultEventData, type EventPriceCategory } from './event.model.js';
import { eventPlace, ticketEventFacts } from './ticket-event-facts.js';

function event(priceCategories: EventPriceCategory[], free = false) {
  const base = defaultEventData();
  return { information: { ...base.information, name: 'Sommerkonzert' }, attendees: { ...base.attendees, free, priceCategories } };
}

describe('tickets created with an event (withTickets)', () => {
  it('one ticket per price category, named after it, charging its price as the gross at checkout', () => {
    const tickets = ticketsOfEvent(
      event([
        { id: 'a', name: 'Erwachsene', price: 12 },
        { id: 'b', name: 'Ermäßigt', price: 6.5 },
      ]),
    );
    expect(tickets.map((ticket) => ticket.title)).toEqual(['Sommerkonzert – Erwachsene', 'Sommerkonzert – Ermäßigt']);
    const charged = tickets.map((ticket) => itemPrice({ priceType: 'per-item', priceCategories: ticket.priceCategories }, { minutes: 0, amount: 2 }).grossEur);
    expect(charged).toEqual([24, 13]);
  });

  it('a single category keeps the event name; an unnamed one among several is numbered', () => {
    expect(ticketsOfEvent(event([{ id: 'a', name: 'Eintritt', price: 8 }])).map((ticket) => ticket.title)).toEqual(['Sommerkonzert']);
    expect(
      ticketsOfEvent(
        event([
          { id: 'a', name: 'Erwachsene', price: 8 },
          { id: 'b', name: '  ', price: 4 },
        ]),
      ).map((ticket) => ticket.title),
    ).toEqual(['Sommerkonzert – Erwachsene', 'Sommerkonzert – Preiskategorie 2']);
  });

  it('a free event, one without categories and a category at 0 € give free tickets', () => {
    expect(ticketsOfEvent(event([]))).toEqual([{ title: 'Sommerkonzert', priceCategories: [] }]);
    expect(ticketsOfEvent(event([{ id: 'a', name: 'Erwachsene', price: 12 }], true))).toEqual([{ title: 'Sommerkonzert', priceCategories: [] }]);
    expect(
      ticketsOfEvent(
        event([
          { id: 'a', name: 'Erwachsene', price: 12 },
          { id: 'b', name: 'Kinder', price: 0 },
        ]),
      )[1],
    ).toEqual({ title: 'Sommerkonzert – Kinder', priceCategories: [] });
  });
});

describe('the place of a ticket event', () => {
  const base = defaultEventData();
  const address = { street: 'Marktplatz', houseNumber: '1', additional: 'Eingang Süd', zip: '12345', city: 'Musterstadt' };

  it('in person: venue and address in one line, empty parts left out', () => {
    expect(eventPlace({ format: 0, eventLocation: { ...base.eventLocation, name: 'Stadthalle' }, eventAddress: address })).toBe('Stadthalle, Marktplatz 1, Eingang Süd, 12345 Musterstadt');
    expect(eventPlace({ format: 0, eventLocation: { ...base.eventLocation, name: '' }, eventAddress: { ...base.eventAddress, city: 'Musterstadt' } })).toBe('Musterstadt');
    expect(eventPlace({ format: 0, eventLocation: base.eventLocation, eventAddress: base.eventAddress })).toBe('');
  });

  it('online and hybrid events name their link', () => {
    const url = 'https://video.example/raum';
    expect(eventPlace({ format: 2, eventLocation: { ...base.eventLocation, url }, eventAddress: base.eventAddress })).toBe(`Online: ${url}`);
    expect(eventPlace({ format: 1, eventLocation: { ...base.eventLocation, name: 'Stadthalle', url }, eventAddress: base.eventAddress })).toBe(`Stadthalle und online: ${url}`);
  });

  it('the facts carry the instants as epoch ms', () => {
    const facts = ticketEventFacts({ id: 'e1', name: 'Konzert', startsAt: new Date('2026-07-15T16:00:00Z'), endsAt: null, format: 0, eventLocation: base.eventLocation, eventAddress: address });
    expect(facts).toEqual({ id: 'e1', name: 'Konzert', startsAt: Date.parse('2026-07-15T16:00:00Z'), endsAt: null, place: 'Marktplatz 1, Eingang Süd, 12345 Musterstadt' });
  });
});
