import type { FieldPolicy, Reference, TypePolicy } from '@apollo/client';

/**
 * How Apollo's normalized cache keeps bookings (registered in shared/apolloCache.ts). Kept free of
 * the generated documents, so the app's first chunk stays small.
 *
 * A booking number is unique only within its tenant, so a booking is identified by tenant and
 * number. A selection without the tenant (none of this app's) stays inside its parent instead of
 * failing the whole answer.
 */
export const bookingKeyFields: TypePolicy['keyFields'] = (booking) => (typeof booking.tenantId === 'string' && typeof booking.id === 'string' ? ['tenantId', 'id'] : false);

/**
 * The staff's list is kept page by page: each `bookings(tenantId, limit, offset)` answer is a list
 * field of its own, so a page arriving, or a booking changing, makes Apollo read back that page
 * alone and not the ten thousand before it. A later answer for the same page replaces it.
 */
export const bookingPagePolicy: FieldPolicy = {
  // Named, so the stored field reads `bookings:{…arguments}` (see wholeListPageOffset).
  keyArgs: ['tenantId', 'search', 'status', 'from', 'to', 'bookableId', 'backlog', 'limit', 'offset'],
  merge: false,
};

/** A page as the cache stores it: its bookings as references, newest first; `total` counts all. */
export interface StoredBookingPage {
  __typename?: string;
  total: number;
  items: readonly Reference[];
}

/** The offset of a stored `bookings` field when it is a page of the tenant's whole list (no search, filter or window), else null. */
export function wholeListPageOffset(storeFieldName: string, tenantId: string): number | null {
  const argumentsStart = storeFieldName.indexOf(':');
  if (argumentsStart < 0) return null;
  try {
    const args = JSON.parse(storeFieldName.slice(argumentsStart + 1)) as Record<string, unknown>;
    const filtered = Object.entries(args).some(([name, value]) => !['tenantId', 'limit', 'offset'].includes(name) && value !== null && value !== undefined);
    if (args.tenantId !== tenantId || filtered) return null;
    return typeof args.offset === 'number' ? args.offset : 0;
  } catch {
    return null;
  }
}
