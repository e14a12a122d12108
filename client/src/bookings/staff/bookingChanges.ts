import type { ApolloCache, Reference } from '@apollo/client';
import { StaffBookingRowFragmentDoc, type StaffBookingChangedSubscription, type StaffBookingRowFragment } from '../../gql/graphql';
import { type StoredBookingPage, wholeListPageOffset } from './bookingCachePolicy';

export type BookingChange = StaffBookingChangedSubscription['bookingChanged'];

type PageModifier = (page: StoredBookingPage, offset: number, readField: <T>(field: string, from: Reference) => T | undefined) => StoredBookingPage;

/** Runs `change` on every stored page of the tenant's whole list; a page it returns unchanged stays as it is. */
function modifyPages(cache: ApolloCache, tenantId: string, change: PageModifier): void {
  cache.modify<{ bookings: StoredBookingPage }>({
    fields: {
      bookings(stored, { storeFieldName, readField }) {
        const offset = wholeListPageOffset(storeFieldName, tenantId);
        return offset === null ? stored : change(stored as StoredBookingPage, offset, (field, from) => readField(field, from));
      },
    },
  });
}

/**
 * Live changes of the bookings list in Apollo's normalized cache: the booking is written to its
 * cache entry (which every page showing it reads) and the tenant's list gains or loses its
 * reference in the page holding it. Nothing is fetched again.
 */
export function applyBookingChange(cache: ApolloCache, tenantId: string, change: BookingChange): void {
  if (change.tenantId !== tenantId) return;
  // Deleted, or no longer readable by this viewer (reassigned away from an "own"-only reader).
  if (change.action === 'DELETED' || !change.booking) removeBooking(cache, tenantId, change.id);
  else storeBooking(cache, tenantId, change.booking);
}

/**
 * Writes the booking and, when no page of the tenant's list holds it yet, adds it to the first
 * page where its creation puts it (a new booking at the top) and counts it.
 */
export function storeBooking(cache: ApolloCache, tenantId: string, booking: StaffBookingRowFragment): void {
  const entry = cache.identify({ __typename: 'Booking', tenantId, id: booking.id });
  const ref = entry ? cache.writeFragment({ id: entry, fragment: StaffBookingRowFragmentDoc, fragmentName: 'StaffBookingRow', data: booking }) : undefined;
  if (!ref) return;
  let listed = false;
  modifyPages(cache, tenantId, (page) => {
    listed ||= page.items.some((item) => item.__ref === ref.__ref);
    return page;
  });
  if (listed) return;
  const created = Date.parse(booking.timeCreated);
  modifyPages(cache, tenantId, (page, offset, readField) => {
    if (offset !== 0) return page;
    let position = 0;
    while (position < page.items.length && Date.parse(String(readField<string>('timeCreated', page.items[position]))) > created) position++;
    const items: Reference[] = [...page.items];
    items.splice(position, 0, ref);
    return { ...page, total: page.total + 1, items };
  });
}

/** Takes the booking out of the page holding it, counts it no more, and drops its cache entry. */
export function removeBooking(cache: ApolloCache, tenantId: string, id: string): void {
  const entry = cache.identify({ __typename: 'Booking', tenantId, id });
  if (!entry) return;
  let listed = false;
  modifyPages(cache, tenantId, (page) => {
    const items = page.items.filter((item) => item.__ref !== entry);
    if (items.length === page.items.length) return page;
    listed = true;
    return { ...page, items };
  });
  // The first page carries the count the screen shows.
  if (listed) modifyPages(cache, tenantId, (page, offset) => (offset === 0 ? { ...page, total: Math.max(0, page.total - 1) } : page));
  cache.evict({ id: entry });
}
