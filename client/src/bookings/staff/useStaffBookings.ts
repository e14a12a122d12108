import { useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { StaffBookingChangedDocument, StaffBookingsDocument } from '../../gql/graphql';
import { applyBookingChange } from './bookingChanges';
import type { StaffBooking } from './bookingRows';

/** The server's largest page: the tenant's bookings arrive 500 at a time. */
export const BOOKING_PAGE_SIZE = 500;

export interface StaffBookings {
  /** Newest first; grows page by page until all are there. */
  bookings: readonly StaffBooking[];
  /** How many bookings the viewer may read in the tenant. */
  total: number;
  /** Nothing there yet. */
  loading: boolean;
  /** Later pages are still on their way. */
  loadingMore: boolean;
}

/**
 * All bookings of the tenant the viewer may read, for the list and its search: the newest page
 * first (the list is usable with it), the rest page by page behind it, each page added to the one
 * list in Apollo's cache. Live changes come through `bookingChanged` and go into the cache
 * directly, so the list follows them without fetching it again. Every visit starts afresh, as the
 * changes while the screen was closed were not followed.
 */
export function useStaffBookings(tenantId: string): StaffBookings {
  const { data, loading, error, fetchMore } = useQuery(StaffBookingsDocument, {
    variables: { tenantId, limit: BOOKING_PAGE_SIZE, offset: 0 },
    fetchPolicy: 'network-only',
    // Afterwards the cache is the truth: the pages and the live changes keep it complete.
    nextFetchPolicy: 'cache-only',
  });
  if (error) console.error('Buchungen nicht geladen:', error);

  useSubscription(StaffBookingChangedDocument, {
    variables: { tenantId },
    fetchPolicy: 'no-cache',
    onData: ({ client, data: change }) => {
      if (change.data) applyBookingChange(client.cache, tenantId, change.data.bookingChanged);
    },
    onError: (failure) => console.error('Live-Aktualisierung der Buchungen unterbrochen:', failure),
  });

  const bookings = data?.bookings.items ?? [];
  const total = data?.bookings.total ?? 0;
  const fetching = useRef(false);
  const [stopped, setStopped] = useState(false);
  // Set when a page has been added, so the next page starts from what the list now holds.
  const [, setPagesLoaded] = useState(0);
  const missing = data !== undefined && !stopped && bookings.length < total;

  useEffect(() => {
    if (!missing || fetching.current) return;
    fetching.current = true;
    // The offset is what the list holds now: live changes move the server's offsets the same way.
    fetchMore({ variables: { offset: bookings.length } })
      .then((page) => {
        if (!page.data?.bookings.items.length) setStopped(true);
      })
      .catch((failure: unknown) => {
        console.error('Weitere Buchungen nicht geladen:', failure);
        setStopped(true);
      })
      .finally(() => {
        fetching.current = false;
        setPagesLoaded((count) => count + 1);
      });
  }, [missing, bookings.length, fetchMore]);

  return { bookings, total, loading: loading && !data, loadingMore: missing };
}
