import { DeadlockException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BookableRecord } from '../bookables/bookable.model.js';
import { AppError } from '../shared/errors.js';

/**
 * The locks that keep objects from being overbooked (checkout and staff edits alike): one
 * transaction-scoped advisory lock per object whose availability a booking shrinks, taken in one
 * global order (sorted keys) so transactions never wait for each other in a circle, with a lock
 * timeout so nobody hangs: a lock not had in time answers BOOKING_BUSY.
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

/** Takes the locks inside the caller's transaction; they are released by its commit or rollback. */
export async function lockObjects(em: EntityManager, keys: readonly string[]): Promise<void> {
  await em.execute(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
  for (const key of [...keys].sort()) await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
}

const LOCK_TROUBLE = ['55P03', '40P01', '40001'];

/** Runs a locking transaction; lock timeouts and deadlocks become BOOKING_BUSY instead of a 500. */
export async function busyWhenLocked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DeadlockException || LOCK_TROUBLE.includes(String((error as { code?: unknown }).code ?? ''))) throw new AppError('booking.busy');
    throw error;
  }
}
