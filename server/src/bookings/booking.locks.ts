import { DeadlockException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BookableRecord } from '../bookables/bookable.model.js';
import { AppError } from '../shared/errors.js';
import { timeLockWait } from '../shared/metrics.js';

/**
 * The locks that keep objects from being overbooked (taken by booking-occupancy-guard.ts for every change that claims objects): one
 * transaction-scoped advisory lock per object whose availability a booking shrinks, taken in one
 * global order (sorted keys) so transactions never wait for each other in a circle, with a lock
 * timeout so nobody hangs: a lock not had in time answers BOOKING_BUSY.
 */

/**
 * The lock order of every transaction that changes bookings or the workflow board, so that no two
 * ever wait for each other in a circle (each step is optional; none is taken after a later one):
 *
 *   1. the tenant's workflow row: FOR SHARE by booking changes and moves, FOR UPDATE by a
 *      configuration save (workflow.service.ts);
 *   2. the booking's row: FOR UPDATE (booking-status.service.ts, booking-editor.service.ts,
 *      payments and receipts; a workflow move through its WorkflowBookings port);
 *   3. the booking's workflow task: advisory (workflow-tasks.ts);
 *   4. the objects and events the booking claims: advisory, sorted, bounded by LOCK_TIMEOUT
 *      (booking-occupancy-guard.ts, through lockObjects below);
 *   5. the workflow states whose positions change: advisory, sorted (workflow-tasks.ts).
 *
 * The task lock (3) is only ever taken by a transaction that holds the booking's row (2) or creates
 * the booking, so it may also follow the objects (4): nobody can hold it while waiting for them. So
 * a checkout takes its objects right after the workflow row and places the new task (3, 5) last,
 * and the booking editor places its booking on the board after its objects' locks.
 */

/** How long a booking waits for the locks of its objects before it answers "busy" (pretix: 3 s). */
export const LOCK_TIMEOUT = '3s';

/** Lock keys of booked objects with their parents and dependent objects, and the events of tickets. */
export function lockKeysOf(entries: readonly { record: BookableRecord; parents: readonly BookableRecord[]; descendants: readonly BookableRecord[] }[]): string[] {
  const keys = new Set<string>();
  for (const { record, parents, descendants } of entries) {
    for (const bookable of [record, ...parents, ...descendants]) keys.add(`bookable:${bookable.id}`);
    if (record.type === 'ticket' && record.eventId) keys.add(`event:${record.eventId}`);
  }
  return [...keys].sort();
}

/**
 * Takes the locks inside the caller's transaction; they are released by its commit or rollback.
 * Only these waits are bounded: afterwards the transaction waits for other locks as it did before
 * (a workflow move still takes its states' locks after the objects'). Not had in time: BOOKING_BUSY.
 */
export async function lockObjects(em: EntityManager, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await em.execute(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
  try {
    // The wait for all of them is one observation (booking_lock_wait_seconds).
    await timeLockWait(async () => {
      for (const key of [...keys].sort()) await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
    });
  } catch (error) {
    throw isLockTrouble(error) ? new AppError('booking.busy') : error;
  }
  await em.execute('set local lock_timeout to default');
}

const LOCK_TROUBLE = ['55P03', '40P01', '40001'];
const isLockTrouble = (error: unknown) => error instanceof DeadlockException || LOCK_TROUBLE.includes(String((error as { code?: unknown }).code ?? ''));

/** Runs a locking transaction; lock timeouts and deadlocks become BOOKING_BUSY instead of a 500. */
export async function busyWhenLocked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isLockTrouble(error)) throw new AppError('booking.busy');
    throw error;
  }
}
