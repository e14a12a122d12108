import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { AppError } from '../../shared/errors.js';
import type { Booking } from '../booking.entity.js';
import { findBooking } from '../booking.queries.js';
import type { CheckoutRequest } from '../../../../common/bookings/checkout.schema.js';

/**
 * Retried checkouts book once. A client (a town's website, an app) sends the same `Idempotency-Key`
 * (REST header, GraphQL argument) with every retry of one checkout; within 24 hours a repeat answers
 * the booking the first one stored and stores nothing. Keys are scoped per tenant and per signed-in
 * user (anonymous checkouts share the tenant's scope) and remembered in `checkout_idempotency_keys`
 * with a fingerprint of the request: the same key with another request is refused (422).
 *
 * The key is claimed first thing in the checkout's own transaction, by an insert the primary key
 * makes unique: a concurrent checkout with the same key waits for that transaction and then reads
 * its booking; a checkout that fails leaves no key behind, so its retry books anew.
 */

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key is remembered; older keys are pruned and may be used again. */
const KEY_LIFETIME = "interval '24 hours'";
/** Expired keys removed per checkout with a key (cheap, and never waits for rows another checkout holds). */
const PRUNE_BATCH = 100;

/** One checkout's claim: where the key counts and what request it stands for. */
export interface IdempotentCheckout {
  tenantId: string;
  /** The signed-in booker's id, '' when nobody is signed in. */
  userId: string;
  key: string;
  fingerprint: string;
}

/** The key as sent: absent is null (no idempotency); empty, blank or longer than 255 characters is a 400. */
export function parseIdempotencyKey(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.trim() === '' || value.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError('generic.validation', {
      detail: `Der Idempotency-Key muss 1 bis ${IDEMPOTENCY_KEY_MAX_LENGTH} Zeichen lang sein.`,
      fieldErrors: { idempotencyKey: `1 bis ${IDEMPOTENCY_KEY_MAX_LENGTH} Zeichen` },
    });
  }
  return value;
}

/** JSON with sorted keys, so the same request always gives the same text. */
function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, entry]) => entry !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, entry]) => `${JSON.stringify(name)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The claim of a checkout with a key; null without one. The fingerprint is the SHA-256 of the checked request. */
export function idempotentCheckout(tenantId: string, userId: string | null, key: string | null, request: CheckoutRequest): IdempotentCheckout | null {
  if (key === null) return null;
  return { tenantId, userId: userId ?? '', key, fingerprint: createHash('sha256').update(canonicalJson(request)).digest('hex') };
}

interface KeyRow {
  fingerprint: string;
  booking_number: string | null;
}

/** The booking a remembered key stands for; 422 when the key came with another request. */
async function bookingOfKey(em: EntityManager, claim: IdempotentCheckout, row: KeyRow): Promise<Booking> {
  if (row.fingerprint !== claim.fingerprint) throw new AppError('booking.idempotency-key-reused');
  const booking = row.booking_number ? await findBooking(em, claim.tenantId, row.booking_number) : null;
  if (!booking) throw new AppError('generic.not-found', { detail: 'Die Buchung zu diesem Idempotency-Key wurde inzwischen gelöscht.' });
  return booking;
}

const readKey = (em: EntityManager, claim: IdempotentCheckout) =>
  em.execute<KeyRow[]>(
    `select k.fingerprint, b.number as booking_number from checkout_idempotency_keys k left join bookings b on b.key = k.booking_key
     where k.tenant_id = ? and k.user_id = ? and k.key = ? and k.created_at > now() - ${KEY_LIFETIME}`,
    [claim.tenantId, claim.userId, claim.key],
  );

/**
 * Before a checkout does any work: the booking of an earlier checkout with this key, or null.
 * Also prunes a batch of expired keys (outside any transaction, skipping rows others hold).
 */
export async function earlierBooking(em: EntityManager, claim: IdempotentCheckout): Promise<Booking | null> {
  await em.execute(
    `delete from checkout_idempotency_keys where (tenant_id, user_id, key) in (
       select tenant_id, user_id, key from checkout_idempotency_keys where created_at <= now() - ${KEY_LIFETIME} limit ${PRUNE_BATCH} for update skip locked)`,
  );
  const [row] = await readKey(em, claim);
  return row ? bookingOfKey(em, claim, row) : null;
}

/**
 * First thing in the checkout's transaction: claims the key, or, when a concurrent checkout with
 * the same key committed meanwhile, answers its booking (the insert waits for that transaction).
 */
export async function claimKey(tx: EntityManager, claim: IdempotentCheckout): Promise<Booking | null> {
  const params = [claim.tenantId, claim.userId, claim.key];
  await tx.execute(`delete from checkout_idempotency_keys where tenant_id = ? and user_id = ? and key = ? and created_at <= now() - ${KEY_LIFETIME}`, params);
  const claimed = await tx.execute<{ key: string }[]>(
    'insert into checkout_idempotency_keys (tenant_id, user_id, key, fingerprint) values (?, ?, ?, ?) on conflict do nothing returning key',
    [...params, claim.fingerprint],
  );
  if (claimed.length > 0) return null;
  const [row] = await readKey(tx, claim);
  if (!row) throw new AppError('booking.busy');
  return bookingOfKey(tx, claim, row);
}

/** Last in the checkout's transaction: the claimed key points at the new booking. */
export async function keyBooked(tx: EntityManager, claim: IdempotentCheckout, bookingKey: string): Promise<void> {
  await tx.execute('update checkout_idempotency_keys set booking_key = ? where tenant_id = ? and user_id = ? and key = ?', [bookingKey, claim.tenantId, claim.userId, claim.key]);
}
