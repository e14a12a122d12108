import type { ApolloCache, Reference } from '@apollo/client';
import { StaffBookingRowFragmentDoc, type StaffBookingChangedSubscription, type StaffBookingRowFragment } from '../../gql/graphql';
import { type BookingWindow, type StoredBookingPage, type StoredPagePlace, storedPagePlace } from './bookingCachePolicy';

export type BookingChange = StaffBookingChangedSubscription['bookingChanged'];

type PageModifier = (page: StoredBookingPage, place: StoredPagePlace, readField: <T>(field: string, from: Reference) => T | undefined) => StoredBookingPage;

/** Runs `change` on every stored page of the tenant's whole list and windows; a page it returns unchanged stays as it is. */
function modifyPages(cache: ApolloCache, tenantId: string, change: PageModifier): void {
  cache.modify<{ bookings: StoredBookingPage }>({
    fields: {
      bookings(stored, { storeFieldName, readField }) {
        const place = storedPagePlace(storeFieldName, tenantId);
        return place === null ? stored : change(stored as StoredBookingPage, place, (field, from) => readField(field, from));
      },
    },
  });
}

/** The whole list's pages share the key ''; a window's pages its own. */
const placeKey = (place: StoredPagePlace) => place.window?.key ?? '';

/** Whether a window (the calendar's) shows the booking: it overlaps the window and, if one is named, books its object. */
export function bookingInWindow(booking: Pick<StaffBookingRowFragment, 'timeBegin' | 'timeEnd' | 'items'>, window: BookingWindow): boolean {
  if (!booking.timeBegin || !booking.timeEnd) return false;
  const overlaps = Date.parse(booking.timeBegin) < window.to && Date.parse(booking.timeEnd) > window.from;
  return overlaps && (window.bookableId === null || booking.items.some((item) => item.bookableId === window.bookableId));
}

/** The page with its count (`total`, or the screen's `count`) moved by one. */
export function countedBy(page: StoredBookingPage, by: 1 | -1): StoredBookingPage {
  return {
    ...page,
    ...(page.total === undefined ? {} : { total: Math.max(0, page.total + by) }),
    ...(page.count === undefined ? {} : { count: { ...page.count, value: Math.max(0, page.count.value + by) } }),
  };
}

/** Adds one to (or takes one from) the count in the first page of each place named. */
function recount(cache: ApolloCache, tenantId: string, keys: ReadonlySet<string>, by: 1 | -1): void {
  if (keys.size === 0) return;
  modifyPages(cache, tenantId, (page, place) => (place.isFirst && keys.has(placeKey(place)) ? countedBy(page, by) : page));
}

/**
 * Live changes of the bookings list and the calendar's windows in Apollo's normalized cache: the
 * booking is written to its cache entry (which every page showing it reads), and the tenant's list
 * and each window gain or lose its reference in the page holding it. Nothing is fetched again.
 */
export function applyBookingChange(cache: ApolloCache, tenantId: string, change: BookingChange): void {
  if (change.tenantId !== tenantId) return;
  // Deleted, or no longer readable by this viewer (reassigned away from an "own"-only reader).
  if (change.action === 'DELETED' || !change.booking) removeBooking(cache, tenantId, change.id);
  else storeBooking(cache, tenantId, change.booking);
}

/**
 * Writes the booking. When no page of the tenant's list holds it yet, it goes into the first page
 * where its creation puts it (a new booking at the top) and is counted; a window it now overlaps
 * gains it at the top of its first page, a window it left loses it.
 */
export function storeBooking(cache: ApolloCache, tenantId: string, booking: StaffBookingRowFragment): void {
  const entry = cache.identify({ __typename: 'Booking', tenantId, id: booking.id });
  const ref = entry ? cache.writeFragment({ id: entry, fragment: StaffBookingRowFragmentDoc, fragmentName: 'StaffBookingRow', data: booking }) : undefined;
  if (!ref) return;
  const listedIn = new Set<string>();
  const windows = new Map<string, BookingWindow>();
  modifyPages(cache, tenantId, (page, place) => {
    if (place.window) windows.set(place.window.key, place.window);
    if (page.items.some((item) => item.__ref === ref.__ref)) listedIn.add(placeKey(place));
    return page;
  });
  const entering = new Set<string>();
  const leaving = new Set<string>();
  if (!listedIn.has('')) entering.add('');
  for (const [key, window] of windows) {
    const shown = bookingInWindow(booking, window);
    if (shown && !listedIn.has(key)) entering.add(key);
    if (!shown && listedIn.has(key)) leaving.add(key);
  }
  if (entering.size === 0 && leaving.size === 0) return;
  const created = Date.parse(booking.timeCreated);
  modifyPages(cache, tenantId, (page, place, readField) => {
    const key = placeKey(place);
    if (leaving.has(key)) return { ...page, items: page.items.filter((item) => item.__ref !== ref.__ref) };
    if (!entering.has(key) || !place.isFirst) return page;
    let position = 0;
    // In the list by creation, newest first; a window's order is not shown (the calendar places by time).
    if (!place.window) while (position < page.items.length && Date.parse(String(readField<string>('timeCreated', page.items[position]))) > created) position++;
    const items: Reference[] = [...page.items];
    items.splice(position, 0, ref);
    return { ...countedBy(page, 1), items };
  });
  recount(cache, tenantId, leaving, -1);
}

/** Takes the booking out of every page holding it, counts it no more there, and drops its cache entry. */
export function removeBooking(cache: ApolloCache, tenantId: string, id: string): void {
  const entry = cache.identify({ __typename: 'Booking', tenantId, id });
  if (!entry) return;
  const listedIn = new Set<string>();
  modifyPages(cache, tenantId, (page, place) => {
    const items = page.items.filter((item) => item.__ref !== entry);
    if (items.length === page.items.length) return page;
    listedIn.add(placeKey(place));
    return { ...page, items };
  });
  // The first page carries the count the screen shows.
  recount(cache, tenantId, listedIn, -1);
  cache.evict({ id: entry });
}
