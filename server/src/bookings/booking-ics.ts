import { renderCalendar } from '../shared/ical.js';
import type { Booking } from './booking.entity.js';

/** The customer mails that confirm a booking: they carry the booking as calendar file. */
export const MAIL_KINDS_WITH_CALENDAR = new Set(['confirmed', 'released']);

/**
 * The booking as iCalendar file (METHOD:PUBLISH, Europe/Berlin): one event per booked period,
 * with the same UIDs as the staff's calendar feeds. Null for a booking without times. The items
 * must be loaded.
 */
export function bookingCalendarFile(booking: Booking, tenantName: string, publicUrl: string): string | null {
  const host = new URL(publicUrl).host;
  const entries = booking.items
    .getItems()
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
  if (entries.length === 0) return null;
  return renderCalendar({ name: `Buchung ${booking.number}`, entries, method: 'publish' });
}
