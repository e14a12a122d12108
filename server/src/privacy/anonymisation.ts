import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChangeOrigin } from '../../../common/bookings/history.js';
import { ANONYMISED_NAME, type AnonymisationMode } from '../../../common/privacy/retention.js';
import type { Booking } from '../bookings/booking.entity.js';
import { recordBookingHistory, type BookingHistoryChange } from '../bookings/booking-history.js';
import { recordBookingChange } from '../bookings/booking.jobs.js';
import { bookingStateBeforeChange } from '../bookings/booking.webhooks.js';
import { findBooking, searchTextOf } from '../bookings/booking.queries.js';
import { clearRefundReasons } from '../bookings/booking-refunds.js';

/**
 * The one anonymisation of customer data (docs/privacy.md), used by the daily retention job and by
 * an erasure request alike. `full` replaces everything that names the customer; `keep-accounting`
 * (a receipt or invoice is still inside its period) keeps what the document names (name, company,
 * address) and removes mail, phone, comment and free text. Counts, times, prices and the booked
 * objects stay. The booking's history loses the same values: the rows are append-only, so the
 * rewrite runs under `app.history_anonymise` inside the caller's transaction.
 */

export interface AnonymisationTarget {
  /** The booking number. */
  number: string;
  mode: AnonymisationMode;
}

/** The customer fields each mode clears, with the value they get. */
const clearedInEveryMode = { mail: '', phone: '', comment: '' } as const;
const clearedInFullMode = { ...clearedInEveryMode, name: ANONYMISED_NAME, company: '', street: '', zipCode: '', location: '' } as const;

export function clearedFields(mode: AnonymisationMode): Readonly<Record<string, string>> {
  return mode === 'full' ? clearedInFullMode : clearedInEveryMode;
}

/** Whether a booking anonymised in `current` mode (null: not at all) still needs `wanted`. */
export function needsAnonymisation(current: string | null | undefined, wanted: AnonymisationMode): boolean {
  if (current === 'full') return false;
  return current !== wanted;
}

export interface HistoryRowForAnonymisation {
  actor_kind: string;
  actor_label: string;
  changes: BookingHistoryChange[];
  reason: string | null;
}

/** The customer's own value as history shows it once anonymised: blanks stay blank. */
const neutral = (field: string, value: unknown, cleared: Readonly<Record<string, string>>): unknown => (value === null || value === undefined || value === '' ? value : cleared[field]);

/**
 * A history row with the customer's values of the mode's fields replaced, a citizen named by role
 * only and free text (a reason given by a person) removed; null when nothing changes. Reasons of
 * system entries are fixed texts and stay.
 */
export function anonymisedHistoryRow(row: HistoryRowForAnonymisation, mode: AnonymisationMode): { changes: BookingHistoryChange[]; actorLabel: string; reason: string | null } | null {
  const cleared: Record<string, unknown> = { ...clearedFields(mode) };
  const changes = row.changes.map((change) => {
    if (Object.hasOwn(cleared, change.field)) return { field: change.field, before: neutral(change.field, change.before, clearedFields(mode)), after: neutral(change.field, change.after, clearedFields(mode)) };
    // The signed-in booker's account links the booking to a person.
    if (mode === 'full' && change.field === 'assignedUserId') return { field: change.field, before: change.before === null ? null : '', after: change.after === null ? null : '' };
    return change;
  });
  const actorLabel = row.actor_kind === 'citizen' ? 'Bürger/in' : row.actor_label;
  const reason = row.actor_kind === 'system' ? row.reason : null;
  const unchanged = JSON.stringify(changes) === JSON.stringify(row.changes) && actorLabel === row.actor_label && reason === row.reason;
  return unchanged ? null : { changes, actorLabel, reason };
}

function clearBooking(booking: Booking, mode: AnonymisationMode): void {
  Object.assign(booking, clearedFields(mode));
  // A pending cancellation carries the customer's reason.
  booking.hooks = [];
  // The website's status tokens would still open the booking's status (with its name): they end here.
  booking.statusTokenHashes = [];
  if (mode === 'full') booking.assignedUserId = null;
  booking.searchText = searchTextOf(booking, booking.items.getItems().map((item) => item.bookableUsed.title));
}

interface StoredHistoryRow extends HistoryRowForAnonymisation {
  id: string;
}

async function rewriteHistory(em: EntityManager, tenantId: string, number: string, mode: AnonymisationMode): Promise<void> {
  const rows = await em.execute<StoredHistoryRow[]>(
    'select id::text as id, actor_kind, actor_label, changes, reason from booking_history where tenant_id = ? and booking_id = ? for update',
    [tenantId, number],
  );
  for (const row of rows) {
    const rewritten = anonymisedHistoryRow(row, mode);
    if (!rewritten) continue;
    await em.execute('update booking_history set changes = ?::jsonb, actor_label = ?, reason = ? where id = ?', [JSON.stringify(rewritten.changes), rewritten.actorLabel, rewritten.reason, row.id]);
  }
}

/**
 * Anonymises the bookings of one tenant inside the caller's transaction and records an `anonymised`
 * entry for each. Idempotent: a booking already anonymised in that mode (or fully) is left alone
 * and gets no second entry. Returns the numbers of the bookings it changed.
 */
export async function anonymiseBookings(em: EntityManager, tenantId: string, targets: readonly AnonymisationTarget[], origin: ChangeOrigin, now = new Date()): Promise<string[]> {
  if (targets.length === 0) return [];
  // Only this transaction may rewrite the append-only history (the table's trigger checks it).
  await em.execute(`set local app.history_anonymise = 'on'`);
  const changed: string[] = [];
  for (const target of targets) {
    const booking = await findBooking(em, tenantId, target.number, { lock: true });
    if (!booking || !needsAnonymisation(booking.anonymisedMode, target.mode)) continue;
    const before = booking.anonymisedMode ?? null;
    const webhookBefore = await bookingStateBeforeChange(em, tenantId, booking.number);
    clearBooking(booking, target.mode);
    booking.anonymisedAt = now;
    booking.anonymisedMode = target.mode;
    await em.flush();
    await rewriteHistory(em, tenantId, booking.number, target.mode);
    await clearRefundReasons(em, tenantId, booking.number);
    await recordBookingHistory(em, { tenantId, bookingId: booking.number, action: 'anonymised', ...origin, changes: [{ field: 'anonymisation', before, after: target.mode }] });
    await recordBookingChange(em, { tenantId, id: booking.number, action: 'UPDATED', assignedUserId: booking.assignedUserId ?? null, webhookBefore });
    changed.push(booking.number);
  }
  return changed;
}

/**
 * Deleted bookings whose history still names the customer: the rows outlive the booking (and its
 * `deleted` entry lists what it held), so they are anonymised on their own, fully and once. A
 * booking's last `deleted` entry counts; an `anonymised` entry after it means done. The `deleted`
 * entries are read through their partial index. `where` narrows the `deleted` entries (its
 * parameters first), `having` the deletion time.
 */
function deletedHistoriesQuery(where: string, having: string): string {
  return `select x.booking_id from (
      select d.booking_id, max(d.at) as deleted_at from booking_history d
       where d.tenant_id = ? and d.action = 'deleted' ${where}
       group by d.booking_id) x
    where ${having}
      and not exists (select 1 from bookings b where b.tenant_id = ? and b.number = x.booking_id)
      and not exists (select 1 from booking_history a where a.tenant_id = ? and a.booking_id = x.booking_id and a.action = 'anonymised' and a.at >= x.deleted_at)
    order by x.booking_id limit ?`;
}

/** Deleted bookings of a tenant deleted before the cutoff and not anonymised yet, after a number (keyset pages). */
export async function expiredDeletedHistories(em: EntityManager, tenantId: string, deletedBefore: Date, after: string, limit: number): Promise<string[]> {
  const rows = await em.execute<{ booking_id: string }[]>(deletedHistoriesQuery('and d.booking_id > ?', 'x.deleted_at <= ?'), [tenantId, after, deletedBefore, tenantId, tenantId, limit]);
  return rows.map((row) => row.booking_id);
}

/** Deleted bookings of a tenant whose `deleted` entry names the mail address (case-insensitive), not anonymised yet. */
export async function deletedHistoriesOfMail(em: EntityManager, tenantId: string, mail: string, limit = 1000): Promise<string[]> {
  const rows = await em.execute<{ booking_id: string }[]>(
    deletedHistoriesQuery(`and exists (select 1 from jsonb_array_elements(d.changes) c where c->>'field' = 'mail' and lower(c->>'before') = lower(?))`, 'true'),
    [tenantId, mail, tenantId, tenantId, limit],
  );
  return rows.map((row) => row.booking_id);
}

/**
 * Rewrites the history of deleted bookings as a full anonymisation does, inside the caller's
 * transaction, each with an `anonymised` entry. The caller chose them with one of the queries
 * above, so each is done once.
 */
export async function anonymiseDeletedHistories(em: EntityManager, tenantId: string, numbers: readonly string[], origin: ChangeOrigin): Promise<void> {
  if (numbers.length === 0) return;
  await em.execute(`set local app.history_anonymise = 'on'`);
  for (const number of numbers) {
    await rewriteHistory(em, tenantId, number, 'full');
    await recordBookingHistory(em, { tenantId, bookingId: number, action: 'anonymised', ...origin, changes: [{ field: 'anonymisation', before: null, after: 'full' }] });
  }
}
