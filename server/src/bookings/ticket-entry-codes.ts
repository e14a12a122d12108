import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, createHmac } from 'node:crypto';
import type { Booking } from './booking.entity.js';
import type { EventDirectory } from './event-seats.js';

/**
 * Entry codes of released ticket bookings (the QR code on the ticket PDF, checked at the door).
 *
 * A code is the HMAC-SHA256 of the booking's key and the ticket's position under the server's
 * session secret, cut to 128 bits and written URL-safe (base64url, 22 characters): unguessable
 * without the secret, yet the PDF of a later mail shows the same code again without the code
 * being stored. Only its SHA-256 is stored (a leaked database admits nobody). A changed session
 * secret leaves the issued codes valid; only a PDF rendered afterwards would show codes that do
 * not check in.
 */

export const TICKET_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** One stored entry code of a booking: which ticket of how many, and whether it was used. */
export interface TicketEntry {
  code: string;
  position: number;
  ofCount: number;
  bookableId: string;
  eventId: string | null;
  usedAt: Date | null;
}

/** The tickets a booking admits: one per person, or one per item when its event issues a code per order. */
interface PlannedEntry {
  bookableId: string;
  eventId: string | null;
}

export const ticketCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

export class TicketEntryCodes {
  constructor(
    private readonly secret: string,
    private readonly events: Pick<EventDirectory, 'seatInfo'> | null,
  ) {}

  /** The plain code of the ticket at `position` of the booking. */
  codeOf(bookingKey: string, position: number): string {
    return createHmac('sha256', this.secret).update(`ticket-entry:${bookingKey}:${position}`).digest().subarray(0, 16).toString('base64url');
  }

  /**
   * Issues the codes of a released ticket booking in the caller's transaction (the one that
   * releases it), once: a booking that has codes keeps them, and the unique (booking, position)
   * makes a second issue of the same booking add nothing. A booking that is not released, or
   * holds no tickets, gets none. The items must be loaded.
   */
  async issue(tx: EntityManager, booking: Booking): Promise<void> {
    if (!booking.isCommitted || booking.isRejected) return;
    const tickets = booking.items.getItems().filter((item) => item.bookableUsed?.type === 'ticket');
    if (tickets.length === 0) return;
    const existing = await tx.execute<{ count: string }[]>('select count(*) as count from ticket_entry_codes where booking_key = ?', [booking.key]);
    if (Number(existing[0]?.count ?? 0) > 0) return;
    const planned: PlannedEntry[] = [];
    for (const item of tickets) {
      const eventId = item.bookableUsed.eventId ?? null;
      const event = eventId && this.events ? await this.events.seatInfo(booking.tenant.id, eventId, tx) : null;
      const count = event?.ticketCodePer === 'order' ? 1 : Math.max(1, item.amount);
      for (let index = 0; index < count; index += 1) planned.push({ bookableId: item.bookableId, eventId });
    }
    const values = planned.flatMap((entry, index) => [ticketCodeHash(this.codeOf(booking.key, index + 1)), booking.tenant.id, booking.key, entry.eventId, entry.bookableId, index + 1, planned.length]);
    await tx.execute(
      `insert into ticket_entry_codes (code_hash, tenant_id, booking_key, event_id, bookable_id, position, of_count)
       values ${planned.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}
       on conflict do nothing`,
      values,
    );
  }

  /** The booking's codes in their order, each with its plain code (for the ticket PDF). */
  async entriesOf(em: EntityManager, bookingKey: string): Promise<TicketEntry[]> {
    const rows = await em.execute<{ position: number; of_count: number; bookable_id: string; event_id: string | null; used_at: Date | null }[]>(
      'select position, of_count, bookable_id, event_id, used_at from ticket_entry_codes where booking_key = ? order by position',
      [bookingKey],
    );
    return rows.map((row) => ({
      code: this.codeOf(bookingKey, row.position),
      position: row.position,
      ofCount: row.of_count,
      bookableId: row.bookable_id,
      eventId: row.event_id,
      usedAt: row.used_at ? new Date(row.used_at) : null,
    }));
  }
}

/**
 * The code in what staff enter or scan: the code itself, or the check-in link of the QR code
 * ("…/einlass?code=…"). Null when it cannot be a code.
 */
export function enteredTicketCode(entered: string): string | null {
  const text = entered.trim();
  let code = text;
  if (/[/?=]/.test(text)) {
    try {
      code = new URL(text, 'http://localhost').searchParams.get('code')?.trim() ?? '';
    } catch {
      return null;
    }
  }
  return TICKET_CODE_PATTERN.test(code) ? code : null;
}
