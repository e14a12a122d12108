import { describe, expect, it } from 'vitest';
import { bookingPeriod, eventsOfItems, ticketEventFacts } from './ticketEvent';

const concert = { id: 'e1', name: 'Sommerkonzert', startsAt: '2026-07-15T17:00:00.000Z', endsAt: '2026-07-15T20:30:00.000Z', place: 'Stadthalle, Marktplatz 1, 12345 Musterstadt' };

describe('ticket events on the booking pages', () => {
  it('name, date and time (Berlin) and place of the event', () => {
    expect(ticketEventFacts([concert])).toEqual([
      { term: 'Veranstaltung', value: 'Sommerkonzert' },
      { term: 'Termin', value: 'Mi, 15.07.2026, 19:00–22:30 Uhr' },
      { term: 'Ort', value: 'Stadthalle, Marktplatz 1, 12345 Musterstadt' },
    ]);
  });

  it('epoch ms as the REST status sends them; no date or place, no line', () => {
    expect(ticketEventFacts([{ name: 'Lesung', startsAt: Date.parse(concert.startsAt), endsAt: null, place: ' ' }])).toEqual([
      { term: 'Veranstaltung', value: 'Lesung' },
      { term: 'Termin', value: 'Mi, 15.07.2026, 19:00 Uhr' },
    ]);
    expect(ticketEventFacts([{ name: 'Ohne Termin', startsAt: null, endsAt: null, place: '' }])).toEqual([{ term: 'Veranstaltung', value: 'Ohne Termin' }]);
  });

  it("a booking's own times win; a booking of tickets takes its events' from the earliest start to the latest end", () => {
    const room = { timeBegin: '2026-07-01T08:00:00.000Z', timeEnd: '2026-07-01T10:00:00.000Z' };
    expect(bookingPeriod(room, [concert])).toEqual({ begin: Date.parse(room.timeBegin), end: Date.parse(room.timeEnd) });
    const later = { ...concert, id: 'e2', startsAt: '2026-07-16T17:00:00.000Z', endsAt: '2026-07-16T20:00:00.000Z' };
    expect(bookingPeriod({ timeBegin: null, timeEnd: null }, [later, concert])).toEqual({ begin: Date.parse(concert.startsAt), end: Date.parse(later.endsAt) });
    expect(bookingPeriod({ timeBegin: null, timeEnd: null }, [])).toEqual({ begin: null, end: null });
  });

  it('each event once, in the order of the items', () => {
    expect(eventsOfItems([{ event: concert }, { event: null }, { event: concert }]).map((event) => event.id)).toEqual(['e1']);
  });
});
