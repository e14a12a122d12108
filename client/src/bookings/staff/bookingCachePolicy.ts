import { type FieldPolicy, isReference, type Reference, type TypePolicy } from '@apollo/client';

/**
 * How Apollo's normalized cache keeps bookings (registered in shared/apollo.ts). Kept free of the
 * generated documents, so the app's first chunk stays small.
 *
 * A booking number is unique only within its tenant, so a booking is identified by tenant and
 * number. A selection without the tenant (none of this app's) stays inside its parent instead of
 * failing the whole answer.
 */
export const bookingKeyFields: TypePolicy['keyFields'] = (booking) => (typeof booking.tenantId === 'string' && typeof booking.id === 'string' ? ['tenantId', 'id'] : false);

/** The arguments that make a different list; limit and offset only page through one. */
export const BOOKING_LIST_FILTERS = ['tenantId', 'search', 'status', 'from', 'to', 'bookableId'];

/** The list field as the cache stores it: the bookings as references, newest first. */
export interface StoredBookingPage {
  __typename?: string;
  total: number;
  items: readonly Reference[];
}

const identity = (item: Reference) => (isReference(item) ? item.__ref : item);

/**
 * `bookings(tenantId, …, limit, offset)`: the pages of one list are one list in the cache. The
 * first page starts it afresh; a later page adds the bookings the list does not hold yet (a page
 * fetched while a new booking was added at the top repeats the one before it).
 */
export const bookingListPolicy: FieldPolicy<StoredBookingPage> = {
  keyArgs: BOOKING_LIST_FILTERS,
  merge(existing, incoming, { args }) {
    const offset = typeof args?.offset === 'number' ? args.offset : 0;
    if (!existing || offset === 0) return incoming;
    const held = new Set(existing.items.map(identity));
    const added = incoming.items.filter((item) => !held.has(identity(item)));
    return { ...incoming, items: added.length ? [...existing.items, ...added] : existing.items };
  },
};

/** Whether a stored `bookings` field is the tenant's whole list (no search, filter or window). */
export function isWholeBookingList(storeFieldName: string, tenantId: string): boolean {
  const argumentsStart = storeFieldName.indexOf(':');
  if (argumentsStart < 0) return false;
  try {
    const args = JSON.parse(storeFieldName.slice(argumentsStart + 1)) as Record<string, unknown>;
    return args.tenantId === tenantId && Object.entries(args).every(([name, value]) => name === 'tenantId' || value === null || value === undefined);
  } catch {
    return false;
  }
}
