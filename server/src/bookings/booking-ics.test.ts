import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import { bookingCalendarFile, type CalendarBooking } from './booking-ics.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// Six weeks ahead on a whole minute (calendars keep no milliseconds), three and a half hours long.
const startsAt = Math.floor((Date.now() + 42 * DAY_MS) / 60_000) * 60_000;
const endsAt = startsAt + 3.5 * 60 * 60 * 1000;
const concert: TicketEventFacts = { id: '5d0c5c57-1b7e-4a55-9d0f-4f5b5b0c0a01', name: 'Sommerkonzert', startsAt, endsAt, place: 'Stadthalle, Marktplatz 1, 12345 Musterstadt' };

type CalendarItem = CalendarBooking['items'][number];

const ticket = (position: number, title: string, amount: number): CalendarItem => ({ position, amount, timeBegin: null, timeEnd: null, bookableUsed: { title, type: 'ticket', eventId: concert.id } });

const eventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((item): item is VEvent => (item as { type?: string }).type === 'VEVENT');

describe('the calendar file of a confirmation', () => {
  it('gives booked tickets one entry for their event, with its times, its place and every ticket type', () => {
    const booking: CalendarBooking = { number: 'ABCD-EFGH', updatedAt: new Date(), items: [ticket(0, 'Erwachsene', 2), ticket(1, 'Ermäßigt', 1)] };
    const text = bookingCalendarFile(booking, 'Rathaus Musterstadt', 'https://buchen.example', new Map([[concert.id, concert]]));
    expect(text).not.toBeNull();
    const [event, ...others] = eventsOf(text!);
    expect(others).toHaveLength(0);
    expect(event.start.getTime()).toBe(startsAt);
    expect(event.end?.getTime()).toBe(endsAt);
    expect(event.summary).toBe('Sommerkonzert (Rathaus Musterstadt)');
    expect(event.location).toBe(concert.place);
    expect(event.description).toBe('Buchung ABCD-EFGH: 2 × Erwachsene, 1 × Ermäßigt');
    expect(event.uid).toBe(`ABCD-EFGH-event-${concert.id}@buchen.example`);
  });

  it('has no file for tickets whose event is unknown or has no end, nor for objects without times', () => {
    const booking: CalendarBooking = { number: 'ABCD-EFGH', updatedAt: new Date(), items: [ticket(0, 'Erwachsene', 2), { ...ticket(1, 'Beamer', 1), bookableUsed: { title: 'Beamer', type: 'resource', eventId: null } }] };
    expect(bookingCalendarFile(booking, 'Rathaus', 'https://buchen.example')).toBeNull();
    expect(bookingCalendarFile(booking, 'Rathaus', 'https://buchen.example', new Map([[concert.id, { ...concert, endsAt: null }]]))).toBeNull();
  });

  it('keeps one entry per booked period for objects booked by time', () => {
    const begin = new Date(startsAt);
    const end = new Date(endsAt);
    const booking: CalendarBooking = { number: 'WXYZ-1234', updatedAt: new Date(), items: [{ position: 0, amount: 1, timeBegin: begin, timeEnd: end, bookableUsed: { title: 'Saal', type: 'room', eventId: null } }] };
    const [event] = eventsOf(bookingCalendarFile(booking, 'Rathaus', 'https://buchen.example')!);
    expect(event.summary).toBe('Saal (Rathaus)');
    expect(event.uid).toBe('WXYZ-1234-0@buchen.example');
  });
});
