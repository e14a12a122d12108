import { type FieldPolicy, isReference, type Reference, type StoreObject, type TypePolicies, type TypePolicy } from '@apollo/client';

/**
 * How Apollo's normalized cache keeps bookings (registered in shared/apolloCache.ts). Kept free of
 * the generated documents, so the app's first chunk stays small.
 *
 * A booking number is unique only within its tenant, so a booking is identified by tenant and
 * number. A selection without the tenant (none of this app's) stays inside its parent instead of
 * failing the whole answer.
 */
export const bookingKeyFields: TypePolicy['keyFields'] = (booking) => (typeof booking.tenantId === 'string' && typeof booking.id === 'string' ? ['tenantId', 'id'] : false);

const isPlainObject = (value: unknown): value is StoreObject => typeof value === 'object' && value !== null && !Array.isArray(value) && !isReference(value);

/**
 * A booking's items carry no identity of their own: a newer answer replaces them. An answer naming
 * the same objects in the same order (a live change, a release) is the same items, perhaps asked
 * for fewer fields than the details dialog reads (the list's rows leave out the booked object's
 * type): those fields are kept, so the details stay whole without asking the server again.
 */
export const bookingItemsPolicy: FieldPolicy<readonly StoreObject[]> = {
  merge(existing, incoming) {
    if (!existing || existing.length !== incoming.length) return incoming;
    return incoming.map((item, index) => {
      const before = existing[index];
      if (!isPlainObject(before) || !isPlainObject(item) || before.bookableId !== item.bookableId) return item;
      const bookable = isPlainObject(before.bookable) && isPlainObject(item.bookable) ? { ...before.bookable, ...item.bookable } : item.bookable;
      return { ...before, ...item, bookable };
    });
  },
};

/**
 * The staff's lists are kept page by page: each `bookings(tenantId, first, after, …)` (or `limit,
 * offset`) answer is a list field of its own, so a page arriving, or a booking changing, makes
 * Apollo read back that page alone and not the thousands before it. A later answer for the same
 * page replaces it.
 */
export const bookingPagePolicy: FieldPolicy = {
  // Named, so the stored field reads `bookings:{…arguments}` (see storedPagePlace).
  keyArgs: ['tenantId', 'search', 'sort', 'status', 'from', 'to', 'bookableId', 'seriesId', 'backlog', 'limit', 'offset', 'first', 'after'],
  merge: false,
};

/** A page as the cache stores it: its bookings as references, newest first; `total` or `count` counts all. */
export interface StoredBookingPage {
  __typename?: string;
  total?: number;
  count?: { value: number; exact: boolean };
  items: readonly Reference[];
}

/** The bookings of a time window (the calendar): those overlapping [from, to), of one object if given. */
export interface BookingWindow {
  from: number;
  to: number;
  bookableId: string | null;
  /** Tells the windows apart: the same for every page of one window. */
  key: string;
}

/** Where a stored `bookings` field belongs: the whole list or a window, and whether it is the first page there. */
export interface StoredPagePlace {
  /** The top of its list (offset 0, no cursor): a new booking goes in here, and it carries the count. */
  isFirst: boolean;
  /** Null for a page of the tenant's whole list. */
  window: BookingWindow | null;
}

const PAGING_ARGUMENTS = ['tenantId', 'limit', 'offset', 'first', 'after'];
const WINDOW_ARGUMENTS = ['from', 'to', 'bookableId'];
const isSet = (value: unknown) => value !== null && value !== undefined;

/**
 * The place of a stored `bookings` field of the tenant: a page of the whole list newest first (no
 * search, filter, other order or window) or of a window (from and to, perhaps an object, nothing
 * else); null for any other (a search, a status filter, another order, the backlog), whose pages live
 * changes update only through the bookings' own cache entries.
 */
export function storedPagePlace(storeFieldName: string, tenantId: string): StoredPagePlace | null {
  const argumentsStart = storeFieldName.indexOf(':');
  if (argumentsStart < 0) return null;
  try {
    const args = JSON.parse(storeFieldName.slice(argumentsStart + 1)) as Record<string, unknown>;
    if (args.tenantId !== tenantId) return null;
    const isFirst = (typeof args.offset !== 'number' || args.offset === 0) && !isSet(args.after);
    const filters = Object.entries(args).filter(([name, value]) => !PAGING_ARGUMENTS.includes(name) && isSet(value) && !(name === 'sort' && value === 'NEWEST'));
    if (filters.length === 0) return { isFirst, window: null };
    if (filters.some(([name]) => !WINDOW_ARGUMENTS.includes(name)) || typeof args.from !== 'string' || typeof args.to !== 'string') return null;
    const bookableId = typeof args.bookableId === 'string' ? args.bookableId : null;
    return { isFirst, window: { from: Date.parse(args.from), to: Date.parse(args.to), bookableId, key: `${args.from}|${args.to}|${bookableId ?? ''}` } };
  } catch {
    return null;
  }
}

/** The bookings' type policies, registered with the app's cache by the composition root (cachePolicies.ts). */
/** A booking's history as the cache keeps it: the entries of every page read so far, newest first. */
interface StoredHistoryPage {
  entries: readonly Reference[];
  nextCursor: string | null;
}

/**
 * `bookingHistory(tenantId, bookingId)` is one list per booking: a page read with `after` ("Mehr
 * laden") is appended, a first page (opening the dialog, a refetch after a change) starts it anew.
 */
export const bookingHistoryPolicy: FieldPolicy<StoredHistoryPage> = {
  keyArgs: ['tenantId', 'bookingId'],
  merge(existing, incoming, { args }) {
    if (!existing || !args?.after) return incoming;
    return { ...incoming, entries: [...existing.entries, ...incoming.entries] };
  },
};

export const bookingTypePolicies: TypePolicies = {
  Booking: {
    keyFields: bookingKeyFields,
    fields: { items: bookingItemsPolicy },
  },
  Query: { fields: { bookings: bookingPagePolicy, bookingHistory: bookingHistoryPolicy } },
};
