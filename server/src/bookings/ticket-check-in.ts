import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../shared/errors.js';
import type { RateLimiter } from '../shared/rate-limit.js';
import type { Viewer } from '../users/viewer.service.js';
import { mayOnBooking } from './booking.service.js';
import type { EventDirectory } from './event-seats.js';
import { enteredTicketCode, ticketCodeHash } from './ticket-entry-codes.js';

/** Unknown codes a staff member may enter in a window before further tries are refused: a door scans known codes. */
const UNKNOWN_CODES_PER_USER = 30;
const UNKNOWN_CODE_WINDOW_SECONDS = 10 * 60;

export type CheckInStatus = 'CHECKED_IN' | 'ALREADY_USED' | 'UNKNOWN' | 'NOT_VALID';

/** What the door sees after a scan. */
export interface CheckInResult {
  status: CheckInStatus;
  /** When the code was used: now (CHECKED_IN) or earlier (ALREADY_USED). */
  usedAt: Date | null;
  eventName: string | null;
  ticketType: string | null;
  holderName: string | null;
  bookingNumber: string | null;
  position: number | null;
  ofCount: number | null;
}

interface CodeRow {
  booking_key: string;
  number: string;
  name: string;
  company: string;
  assigned_user_id: string | null;
  is_rejected: boolean;
  event_id: string | null;
  position: number;
  of_count: number;
  used_at: Date | null;
  ticket_type: string | null;
}

const unknown: CheckInResult = { status: 'UNKNOWN', usedAt: null, eventName: null, ticketType: null, holderName: null, bookingNumber: null, position: null, ofCount: null };

/**
 * The check-in at the door: a ticket's entry code admits once. Marking it used is one conditional
 * UPDATE, so two scans of one code at the same moment admit one person once. Staff who may update
 * the booking check it in; an unknown code counts against the person's tries (a known one does not).
 */
export class TicketCheckIn {
  constructor(
    private readonly orm: MikroORM,
    private readonly attempts: RateLimiter,
    private readonly events: Pick<EventDirectory, 'seatInfo'>,
  ) {}

  async checkIn(viewer: Viewer, tenantId: string, entered: string): Promise<CheckInResult> {
    const guessKey = `ticket-check-in:${tenantId}:${viewer.user.id}`;
    await this.attempts.limit(guessKey, UNKNOWN_CODES_PER_USER, UNKNOWN_CODE_WINDOW_SECONDS);
    const code = enteredTicketCode(entered);
    const hash = code ? ticketCodeHash(code) : null;
    const em = this.orm.em.fork();
    const found = hash ? await this.find(em, tenantId, hash) : null;
    if (!found || !hash) return unknown;
    await this.attempts.refund(guessKey);
    if (!mayOnBooking(viewer, 'update', { tenant: { id: tenantId }, assignedUserId: found.assigned_user_id })) throw new AppError('auth.forbidden');

    // Used only while unused and while its booking stands: the row's own lock decides between two scans.
    const marked = await em.execute<{ used_at: Date }[]>(
      `update ticket_entry_codes c set used_at = now()
        where c.code_hash = ? and c.tenant_id = ? and c.used_at is null
          and exists (select 1 from bookings b where b.key = c.booking_key and not b.is_rejected)
        returning c.used_at`,
      [hash, tenantId],
    );
    const event = found.event_id ? await this.events.seatInfo(tenantId, found.event_id) : null;
    const facts = {
      eventName: event?.name ?? null,
      ticketType: found.ticket_type,
      holderName: [found.name, found.company].filter(Boolean).join(', '),
      bookingNumber: found.number,
      position: found.position,
      ofCount: found.of_count,
    };
    if (marked[0]) return { status: 'CHECKED_IN', usedAt: new Date(marked[0].used_at), ...facts };
    // Not marked: used before (maybe by the scan that won), or its booking was cancelled.
    const now = await this.find(em, tenantId, hash);
    if (now?.used_at) return { status: 'ALREADY_USED', usedAt: new Date(now.used_at), ...facts };
    return { status: 'NOT_VALID', usedAt: null, ...facts };
  }

  private async find(em: ReturnType<MikroORM['em']['fork']>, tenantId: string, hash: string): Promise<CodeRow | null> {
    const rows = await em.execute<CodeRow[]>(
      `select c.booking_key, b.number, b.name, b.company, b.assigned_user_id, b.is_rejected, c.event_id, c.position, c.of_count, c.used_at,
              (select i.bookable_used ->> 'title' from booking_items i where i.booking_key = c.booking_key and i.bookable_id = c.bookable_id order by i.position limit 1) as ticket_type
         from ticket_entry_codes c join bookings b on b.key = c.booking_key
        where c.code_hash = ? and c.tenant_id = ?`,
      [hash, tenantId],
    );
    return rows[0] ?? null;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    ticketCheckIn: TicketCheckIn;
  }
}
