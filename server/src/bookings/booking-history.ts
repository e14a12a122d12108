import type { EntityManager } from '@mikro-orm/postgresql';
import { sideEffectHistoryActions, viewerActor, type BookingHistoryAction, type BookingHistoryActor, type BookingHistoryActorKind, type BookingHistoryQuery, type BookingHistoryVia, type ChangeOrigin } from '../../../common/bookings/history.js';
import { pgTextArray } from '../shared/sql.js';
import type { Booking } from './booking.entity.js';
import type { Viewer } from '../users/viewer.service.js';

/**
 * The append-only history of each booking (docs/bookings.md, "History"). Every change writes its
 * entry through recordBookingHistory() with the transaction's own EntityManager, so a change that
 * rolls back leaves none; the table refuses UPDATE and DELETE (a trigger, migration
 * booking_history).
 */

export type { BookingHistoryActor, ChangeOrigin };

/** One changed field, its values as plain JSON (instants as ISO text). */
export interface BookingHistoryChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface BookingHistoryEntryInput {
  tenantId: string;
  /** The booking number. */
  bookingId: string;
  action: BookingHistoryAction;
  actor: BookingHistoryActor;
  via: BookingHistoryVia;
  changes?: readonly BookingHistoryChange[];
  reason?: string | null;
}

export interface BookingHistoryEntry {
  id: string;
  at: Date;
  action: string;
  actor: BookingHistoryActor;
  via: string;
  changes: BookingHistoryChange[];
  reason: string | null;
}

export interface BookingHistoryPage {
  entries: BookingHistoryEntry[];
  nextCursor: string | null;
}

export const systemActor: BookingHistoryActor = { kind: 'system', id: null, label: 'System' };
export const citizenActor: BookingHistoryActor = { kind: 'citizen', id: null, label: 'Bürger/in' };

/** Who acts for a viewer: the person, or the API token the request came with (named by the token's name). */
export const userActor = (viewer: Viewer): BookingHistoryActor => viewerActor(viewer);

/** A signed-in staff member (or an API token) acting through the given path. */
export function viewerOrigin(viewer: Viewer, via: BookingHistoryVia): ChangeOrigin {
  return { actor: userActor(viewer), via };
}

/** Writes one entry inside the caller's transaction. */
export async function recordBookingHistory(em: EntityManager, entry: BookingHistoryEntryInput): Promise<void> {
  await em.execute(
    `insert into booking_history (tenant_id, booking_id, action, actor_kind, actor_id, actor_label, via, changes, reason) values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)`,
    [entry.tenantId, entry.bookingId, entry.action, entry.actor.kind, entry.actor.id, entry.actor.label, entry.via, JSON.stringify(entry.changes ?? []), entry.reason || null],
  );
}

interface HistoryRow {
  id: string;
  at: Date;
  action: string;
  actor_kind: BookingHistoryActorKind;
  actor_id: string | null;
  actor_label: string;
  via: string;
  changes: BookingHistoryChange[];
  reason: string | null;
}

/** One page of a booking's history, newest first; the cursor is the last entry's id. */
export async function readBookingHistory(em: EntityManager, tenantId: string, bookingId: string, query: BookingHistoryQuery): Promise<BookingHistoryPage> {
  const params: unknown[] = [tenantId, bookingId];
  let after = '';
  if (query.after !== null) {
    after = ' and (h.at, h.id) < (select c.at, c.id from booking_history c where c.id = ? and c.tenant_id = h.tenant_id and c.booking_id = h.booking_id)';
    params.push(query.after);
  }
  params.push(query.first + 1);
  const rows = await em.execute<HistoryRow[]>(
    `select h.id::text as id, h.at, h.action, h.actor_kind, h.actor_id, h.actor_label, h.via, h.changes, h.reason
     from booking_history h where h.tenant_id = ? and h.booking_id = ?${after} order by h.at desc, h.id desc limit ?`,
    params,
  );
  return historyPageOf(rows, query.first);
}

/** readBookingHistory of several bookings of the tenant with one statement (a bookings page). */
export async function readBookingHistories(em: EntityManager, tenantId: string, bookingIds: readonly string[], query: BookingHistoryQuery): Promise<Map<string, BookingHistoryPage>> {
  const pages = new Map<string, BookingHistoryPage>();
  if (bookingIds.length === 0) return pages;
  const params: unknown[] = [pgTextArray(bookingIds), tenantId];
  let after = '';
  if (query.after !== null) {
    after = ' and (h.at, h.id) < (select c.at, c.id from booking_history c where c.id = ? and c.tenant_id = h.tenant_id and c.booking_id = h.booking_id)';
    params.push(query.after);
  }
  params.push(query.first + 1);
  const rows = await em.execute<(HistoryRow & { booking_id: string })[]>(
    `select n.booking_id, h.* from unnest(?::text[]) as n(booking_id)
       join lateral (
         select h.id::text as id, h.at, h.action, h.actor_kind, h.actor_id, h.actor_label, h.via, h.changes, h.reason
           from booking_history h where h.tenant_id = ? and h.booking_id = n.booking_id${after} order by h.at desc, h.id desc limit ?
       ) h on true`,
    params,
  );
  const rowsOf = new Map<string, HistoryRow[]>(bookingIds.map((id) => [id, []]));
  for (const row of rows) rowsOf.get(row.booking_id)?.push(row);
  for (const [bookingId, own] of rowsOf) pages.set(bookingId, historyPageOf(own, query.first));
  return pages;
}

/** A page of `first` entries from up to first + 1 rows, newest first; the extra row says whether more follow. */
function historyPageOf(rows: readonly HistoryRow[], first: number): BookingHistoryPage {
  const page = rows.slice(0, first);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: new Date(row.at),
      action: row.action,
      actor: { kind: row.actor_kind, id: row.actor_id, label: row.actor_label },
      via: row.via,
      changes: row.changes,
      reason: row.reason,
    })),
    nextCursor: rows.length > first ? page[page.length - 1].id : null,
  };
}

/**
 * A deleted booking as its `deleted` entry remembers it: whom it was assigned to (the "own" right
 * still applies to its history). Null when the tenant never had a booking of that number.
 */
export async function deletedBookingOf(em: EntityManager, tenantId: string, bookingId: string): Promise<{ assignedUserId: string | null } | null> {
  const [row] = await em.execute<{ changes: BookingHistoryChange[] }[]>(
    `select h.changes from booking_history h where h.tenant_id = ? and h.booking_id = ? and h.action = 'deleted' order by h.at desc, h.id desc limit 1`,
    [tenantId, bookingId],
  );
  if (!row) return null;
  const assigned = row.changes.find((change) => change.field === 'assignedUserId')?.before;
  return { assignedUserId: typeof assigned === 'string' ? assigned : null };
}

/** A booking's newest history entry: when, what and who, for the exports' "last change" columns. */
export interface LastBookingChange {
  at: Date;
  action: string;
  actor: BookingHistoryActor;
}

/**
 * The newest history entry of each of these bookings (by number) that records a change, not a side
 * effect (sideEffectHistoryActions), in one query; bookings without such an entry are missing from
 * the map. One index probe per booking (tenant, booking, at desc), skipping the few side effects.
 */
export async function lastBookingChanges(em: EntityManager, tenantId: string, numbers: readonly string[]): Promise<Map<string, LastBookingChange>> {
  if (numbers.length === 0) return new Map();
  const rows = await em.execute<{ booking_id: string; at: Date; action: string; actor_kind: BookingHistoryActorKind; actor_id: string | null; actor_label: string }[]>(
    `select n.booking_id, h.at, h.action, h.actor_kind, h.actor_id, h.actor_label
       from unnest(?::text[]) as n(booking_id)
       join lateral (
         select c.at, c.action, c.actor_kind, c.actor_id, c.actor_label from booking_history c
          where c.tenant_id = ? and c.booking_id = n.booking_id and c.action <> all(?::text[]) order by c.at desc, c.id desc limit 1
       ) h on true`,
    [pgTextArray(numbers), tenantId, pgTextArray(sideEffectHistoryActions)],
  );
  return new Map(rows.map((row) => [row.booking_id, { at: new Date(row.at), action: row.action, actor: { kind: row.actor_kind, id: row.actor_id, label: row.actor_label } }]));
}

/** The booking fields a staff edit lists with their old and new value; nothing secret (hooks, locker codes) is among them. */
export const historyFields = ['name', 'company', 'street', 'zipCode', 'location', 'mail', 'phone', 'comment', 'timeBegin', 'timeEnd', 'isCommitted', 'isPayed', 'isRejected', 'paymentProvider', 'paymentMethod', 'assignedUserId', 'priceEur'] as const;
export type HistoryFieldValues = Partial<Record<(typeof historyFields)[number] | 'items', unknown>>;

const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value === undefined ? null : value);

/** A booking's listed fields as plain values, with its items as "amount × title" lines. */
export function historyValuesOf(booking: Pick<Booking, (typeof historyFields)[number]> & { items?: { getItems(): { amount: number; bookableUsed: { title: string } }[] } }): HistoryFieldValues {
  const values: HistoryFieldValues = {};
  for (const field of historyFields) values[field] = plain(booking[field]);
  if (booking.items) values.items = booking.items.getItems().map((item) => `${item.amount} × ${item.bookableUsed.title}`).join(', ');
  return values;
}

/** The fields whose values differ, in the order of historyFields. */
export function historyDiff(before: HistoryFieldValues, after: HistoryFieldValues): BookingHistoryChange[] {
  const changes: BookingHistoryChange[] = [];
  for (const field of [...historyFields, 'items'] as const) {
    const old = plain(before[field]);
    const now = plain(after[field]);
    if (JSON.stringify(old) !== JSON.stringify(now)) changes.push({ field, before: old, after: now });
  }
  return changes;
}

/** The status flags a status change moves. */
export interface StatusFlags {
  isCommitted: boolean;
  isRejected: boolean;
  isPayed: boolean;
  paymentMethod?: string | null;
}

export const statusFlagsOf = (booking: StatusFlags): StatusFlags => ({
  isCommitted: booking.isCommitted,
  isRejected: booking.isRejected,
  isPayed: booking.isPayed,
  // No method yet is stored as '': the history says null.
  paymentMethod: booking.paymentMethod || null,
});

type StatusEntry = Pick<BookingHistoryEntryInput, 'changes' | 'reason'> & { action: Extract<BookingHistoryAction, 'released' | 'rejected' | 'cancelled' | 'paid'> };

/**
 * What a status change did, one entry per transition: released, rejected ("abgelehnt", never
 * released) or cancelled ("storniert": released before, or cancelled by the customer), paid (with
 * its method). No transition, no entry (a second release changes nothing).
 */
export function statusEntries(before: StatusFlags, after: StatusFlags, options: { reason?: string | null; cancelledByCustomer?: boolean } = {}): StatusEntry[] {
  const entries: StatusEntry[] = [];
  const wasReleased = before.isCommitted && !before.isRejected;
  const isReleased = after.isCommitted && !after.isRejected;
  if (!wasReleased && isReleased) entries.push({ action: 'released', changes: [{ field: 'isCommitted', before: before.isCommitted, after: true }, ...(before.isRejected ? [{ field: 'isRejected', before: true, after: false }] : [])] });
  if (!before.isRejected && after.isRejected) {
    const cancelled = before.isCommitted || options.cancelledByCustomer === true;
    entries.push({ action: cancelled ? 'cancelled' : 'rejected', changes: [{ field: 'isRejected', before: false, after: true }], reason: options.reason ?? null });
  }
  if (!before.isPayed && after.isPayed) {
    entries.push({ action: 'paid', changes: [{ field: 'isPayed', before: false, after: true }, ...(before.paymentMethod !== after.paymentMethod ? [{ field: 'paymentMethod', before: before.paymentMethod ?? null, after: after.paymentMethod ?? null }] : [])] });
  }
  return entries;
}
