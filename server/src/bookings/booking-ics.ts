import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import { renderCalendar, type CalendarEntry } from '../shared/ical.js';
import type { BookableSnapshot } from './booking.model.js';

/** The customer mails that confirm a booking: they carry the booking as calendar file. */
export const MAIL_KINDS_WITH_CALENDAR = new Set(['confirmed', 'released']);

/** What the calendar file needs of a booking: its number, last change and items (loaded). */
export interface CalendarBooking {
  number: string;
  updatedAt: Date;
  items: readonly { position: number; amount: number; timeBegin?: Date | null; timeEnd?: Date | null; bookableUsed: Pick<BookableSnapshot, 'title' | 'type' | 'eventId'> | null }[];
}

/**
 * The booking as iCalendar file (METHOD:PUBLISH, Europe/Berlin): one event per booked period,
 * with the same UIDs as the staff's calendar feeds; tickets (booked without times) give one event
 * per event they admit to, with its times and place and every ticket type booked for it. Null when
 * nothing of the booking has times. `events`: the tickets' events by id (name, times, place).
 */
export function bookingCalendarFile(booking: CalendarBooking, tenantName: string, publicUrl: string, events: ReadonlyMap<string, TicketEventFacts> = new Map()): string | null {
  const entries = calendarEntriesOf(booking, tenantName, publicUrl, events);
  if (entries.length === 0) return null;
  return renderCalendar({ name: `Buchung ${booking.number}`, entries, method: 'publish' });
}

/** The dates of a series as one calendar file, for the mail that confirms them all; null when none has times. */
export function seriesCalendarFile(bookings: readonly CalendarBooking[], tenantName: string, publicUrl: string, series: { id: string; rrule: string }): string | null {
  const entries = bookings.flatMap((booking) => calendarEntriesOf(booking, tenantName, publicUrl).map((entry) => ({ ...entry, series })));
  if (entries.length === 0) return null;
  return renderCalendar({ name: `Serie ${bookings[0].number}`, entries, method: 'publish' });
}

function calendarEntriesOf(booking: CalendarBooking, tenantName: string, publicUrl: string, events: ReadonlyMap<string, TicketEventFacts> = new Map()): CalendarEntry[] {
  const host = new URL(publicUrl).host;
  const entries: CalendarEntry[] = booking.items
    .filter((item) => item.timeBegin && item.timeEnd)
    .map((item) => ({
      uid: `${booking.number}-${item.position}@${host}`,
      begin: item.timeBegin as Date,
      end: item.timeEnd as Date,
      summary: item.bookableUsed?.title ? `${item.bookableUsed.title} (${tenantName})` : tenantName,
      description: `Buchung ${booking.number}`,
      status: 'confirmed' as const,
      stamp: booking.updatedAt,
    }));
  const ticketsByEvent = new Map<string, string[]>();
  for (const item of booking.items) {
    const booked = item.bookableUsed;
    if (item.timeBegin || booked?.type !== 'ticket' || !booked.eventId) continue;
    ticketsByEvent.set(booked.eventId, [...(ticketsByEvent.get(booked.eventId) ?? []), `${item.amount} × ${booked.title}`]);
  }
  for (const [eventId, tickets] of ticketsByEvent) {
    const event = events.get(eventId);
    if (!event || event.startsAt === null || event.endsAt === null || event.endsAt <= event.startsAt) continue;
    entries.push({
      uid: `${booking.number}-event-${eventId}@${host}`,
      begin: new Date(event.startsAt),
      end: new Date(event.endsAt),
      summary: `${event.name} (${tenantName})`,
      description: `Buchung ${booking.number}: ${tickets.join(', ')}`,
      location: event.place || undefined,
      status: 'confirmed',
      stamp: booking.updatedAt,
    });
  }
  return entries;
}
