import type { EntityManager } from '@mikro-orm/postgresql';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { pgTextArray } from '../shared/sql.js';

/**
 * Event seats: all tickets of one event share its
 * `maxAttendees` seats, counted over the bookings that are not rejected. The bookings domain owns
 * the port and the counting; the events domain (above it) answers who the event is, and what
 * bookings, their pages and mails show of it (name, date, place).
 */

/** The event a ticket admits to, as far as seats are concerned. */
export interface EventSeatInfo {
  name: string;
  /** null: unlimited. */
  maxAttendees: number | null;
  /** Entry codes of its tickets: one per person, or one per order. */
  ticketCodePer: 'person' | 'order';
}

/** The events a ticket can belong to. Implemented by the events domain, wired in services.ts. */
export interface EventDirectory {
  /**
   * Name and seat limit; read in `em`'s transaction when given (the occupancy guard reads it there
   * once it holds the event's lock, so a limit lowered meanwhile is the one it checks).
   */
  seatInfo(tenantId: string, eventId: string, em?: EntityManager): Promise<EventSeatInfo | null>;
  /** The valid contact addresses of the event's organiser (mail 10); empty for an unknown event. */
  organizerMails(tenantId: string, eventId: string): Promise<string[]>;
  /** Name, times and place of the tenant's events, by id, as bookings show them; unknown ids are left out. */
  ticketEvents(tenantId: string, eventIds: readonly string[]): Promise<Map<string, TicketEventFacts>>;
}

/**
 * Seats taken of an event: the amounts of all items of its tickets in bookings that are not
 * rejected (optionally leaving one booking out, the one being edited). Reads through the indexes on
 * bookables(event_id) and booking_items(bookable_id); the sum is computed in the database.
 */
export async function seatsTaken(em: EntityManager, tenantId: string, eventId: string, exceptBookingKey: string | null = null): Promise<number> {
  if (!isUuid(eventId)) return 0;
  const rows = await em.execute<{ seats: string | null }[]>(
    `select sum(i.amount) as seats
       from booking_items i join bookings b on b.key = i.booking_key
      where i.bookable_id in (select t.id from bookables t where t.tenant_id = ? and t.event_id = ?::uuid)
        and not b.is_rejected and b.key is distinct from ?::uuid`,
    [tenantId, eventId, exceptBookingKey],
  );
  return Number(rows[0]?.seats ?? 0);
}

/** seatsTaken of several events of the tenant in one statement; events without bookings (or unknown) take 0. */
export async function seatsTakenOfEvents(em: EntityManager, tenantId: string, eventIds: readonly string[]): Promise<Map<string, number>> {
  const events = eventIds.filter(isUuid);
  const taken = new Map<string, number>(eventIds.map((id) => [id, 0]));
  if (events.length === 0) return taken;
  const rows = await em.execute<{ event_id: string; seats: string | null }[]>(
    `select t.event_id::text as event_id, sum(i.amount) as seats
       from booking_items i join bookings b on b.key = i.booking_key join bookables t on t.id = i.bookable_id
      where t.tenant_id = ? and t.event_id = any(?::uuid[]) and not b.is_rejected
      group by t.event_id`,
    [tenantId, pgTextArray(events)],
  );
  for (const row of rows) taken.set(row.event_id, Number(row.seats ?? 0));
  return taken;
}

/** Seats still free (never below 0); null when the event has no limit. */
export function seatsLeft(maxAttendees: number | null, taken: number): number | null {
  if (maxAttendees === null || maxAttendees <= 0) return null;
  return Math.max(0, maxAttendees - taken);
}

/** Requested seats per event of the tickets among the items (items of other types ignored). */
export function requestedSeats(items: readonly { eventId: string | null; amount: number }[]): Map<string, number> {
  const seats = new Map<string, number>();
  for (const { eventId, amount } of items) if (eventId) seats.set(eventId, (seats.get(eventId) ?? 0) + amount);
  return seats;
}

export const eventFullError = (event: EventSeatInfo) => new AppError('booking.event-full', { detail: `Die Veranstaltung ${event.name} hat nicht ausreichend freie Plätze.` });
