import type { ApolloCache, Reference } from '@apollo/client';
import { StaffBookingRowFragmentDoc, type StaffBookingChangedSubscription, type StaffBookingRowFragment } from '../../gql/graphql';
import { isWholeBookingList, type StoredBookingPage } from './bookingCachePolicy';

export type BookingChange = StaffBookingChangedSubscription['bookingChanged'];

/**
 * Live changes of the bookings list in Apollo's normalized cache: the booking is written to its
 * cache entry (which every list showing it reads) and the tenant's whole list gains or loses its
 * reference. Nothing is fetched again.
 */
export function applyBookingChange(cache: ApolloCache, tenantId: string, change: BookingChange): void {
  if (change.tenantId !== tenantId) return;
  // Deleted, or no longer readable by this viewer (reassigned away from an "own"-only reader).
  if (change.action === 'DELETED' || !change.booking) removeBooking(cache, tenantId, change.id);
  else storeBooking(cache, tenantId, change.booking);
}

/** Writes the booking and, when the tenant's list lacks it, puts it at its place (newest first). */
export function storeBooking(cache: ApolloCache, tenantId: string, booking: StaffBookingRowFragment): void {
  const entry = cache.identify({ __typename: 'Booking', tenantId, id: booking.id });
  const ref = entry ? cache.writeFragment({ id: entry, fragment: StaffBookingRowFragmentDoc, fragmentName: 'StaffBookingRow', data: booking }) : undefined;
  if (!ref) return;
  const created = Date.parse(booking.timeCreated);
  cache.modify<{ bookings: StoredBookingPage }>({
    fields: {
      bookings(list, { storeFieldName, readField }) {
        const page = list as StoredBookingPage;
        if (!isWholeBookingList(storeFieldName, tenantId) || page.items.some((item) => item.__ref === ref.__ref)) return page;
        // New bookings are the newest; a booking that became readable goes where its creation puts it.
        let position = 0;
        while (position < page.items.length && Date.parse(String(readField<string>('timeCreated', page.items[position]))) > created) position++;
        const items: Reference[] = [...page.items];
        items.splice(position, 0, ref);
        return { ...page, total: page.total + 1, items };
      },
    },
  });
}

/** Takes the booking out of the tenant's list and drops its cache entry. */
export function removeBooking(cache: ApolloCache, tenantId: string, id: string): void {
  const entry = cache.identify({ __typename: 'Booking', tenantId, id });
  if (!entry) return;
  cache.modify<{ bookings: StoredBookingPage }>({
    fields: {
      bookings(list, { storeFieldName }) {
        const page = list as StoredBookingPage;
        if (!isWholeBookingList(storeFieldName, tenantId)) return page;
        const items = page.items.filter((item) => item.__ref !== entry);
        return items.length === page.items.length ? page : { ...page, total: Math.max(0, page.total - 1), items };
      },
    },
  });
  cache.evict({ id: entry });
}
