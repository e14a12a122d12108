import { renderCalendar } from '../shared/ical.js';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import type { Booking } from './booking.entity.js';

/** The customer mails that confirm a booking: they carry the booking as calendar file. */
export const MAIL_KINDS_WITH_CALENDAR = new Set(['confirmed', 'released']);

/**
 * The booking as iCalendar file (METHOD:PUBLISH, Europe/Berlin): one event per booked period,
 * with the same UIDs as the staff's calendar feeds. A ticket, which has no period of its own, is
 * its event's date (from `ticketEvents`; an event without start and end adds nothing). Null for a
 * booking without times. The items must be loaded.
 */
export function bookingCalendarFile(booking: Booking, tenantName: string, publicUrl: string, ticketEvents?: ReadonlyMap<string, TicketEventFacts>): string | null {
  const host = new URL(publicUrl).host;
  const entries = booking.items.getItems().flatMap((item) => {
    const event = item.bookableUsed?.type === 'ticket' && item.bookableUsed.eventId ? ticketEvents?.get(item.bookableUsed.eventId) : undefined;
    const begin = item.timeBegin ?? (typeof event?.startsAt === 'number' ? new Date(event.startsAt) : null);
    const end = item.timeEnd ?? (typeof event?.endsAt === 'number' ? new Date(event.endsAt) : null);
    if (!begin || !end) return [];
    const title = item.timeBegin ? item.bookableUsed?.title : (event?.name ?? item.bookableUsed?.title);
    const place = !item.timeBegin && event?.place ? `\nOrt: ${event.place}` : '';
    return [
      {
        uid: `${booking.number}-${item.position}@${host}`,
        begin,
        end,
        summary: title ? `${title} (${tenantName})` : tenantName,
        description: `Buchung ${booking.number}${place}`,
        status: 'confirmed' as const,
        stamp: booking.updatedAt,
      },
    ];
  });
  if (entries.length === 0) return null;
  return renderCalendar({ name: `Buchung ${booking.number}`, entries, method: 'publish' });
}
