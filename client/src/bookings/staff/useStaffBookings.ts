import { useApolloClient, useSubscription } from '@apollo/client/react';
import { useEffect, useMemo, useState } from 'react';
import { StaffBookingChangedDocument, StaffBookingsDocument } from '../../gql/graphql';
import { applyBookingChange } from './bookingChanges';
import type { StaffBooking } from './bookingRows';

/** The server's largest page: a window's bookings arrive 500 at a time. */
export const BOOKING_PAGE_SIZE = 500;

export interface StaffBookings {
  /** Newest first; grows page by page until all are there. */
  bookings: readonly StaffBooking[];
  /** How many bookings of the window the viewer may read. */
  total: number;
  /** Nothing there yet. */
  loading: boolean;
  /** Later pages are still on their way. */
  loadingMore: boolean;
}

interface Page {
  items: readonly StaffBooking[];
  total: number;
}

/** The pages one after another, a booking a later page repeats (the list moved meanwhile) once. */
export function joinPages(pages: readonly ({ items: readonly StaffBooking[] } | undefined)[]): StaffBooking[] {
  const seen = new Set<string>();
  const bookings: StaffBooking[] = [];
  for (const page of pages) {
    for (const booking of page?.items ?? []) {
      if (seen.has(booking.id)) continue;
      seen.add(booking.id);
      bookings.push(booking);
    }
  }
  return bookings;
}

/** The calendar's window: bookings overlapping [from, to) (an end left open when missing), of one object if given. */
export interface BookingWindowFilter {
  from?: string;
  to?: string;
  bookableId: string | null;
  /**
   * Shows the first page at once and the others together when all are there, so a screen that
   * lays out all its bookings at once (the calendar) does so twice, not once per page.
   */
  holdLaterPages?: boolean;
}

/**
 * The bookings of a window of the tenant (the calendar's) the viewer may read, 500 at a time. Each
 * page is a query of its own in Apollo's cache and is watched on its own, so a page arriving or a
 * booking changing costs its page, not the whole window. Live changes come through
 * `bookingChanged` and go into the cache directly (useBookingChanges). Every visit starts afresh:
 * changes while the screen was closed were not followed.
 */
export function useStaffBookings(tenantId: string, window: BookingWindowFilter): StaffBookings {
  const client = useApolloClient();
  const { from, to } = window;
  const bookableId = window.bookableId ?? undefined;
  const holdLaterPages = window.holdLaterPages ?? false;
  // The pages belong to the window they were read for: those of an earlier window never show.
  const windowKey = `${from ?? ''}|${to ?? ''}|${bookableId ?? ''}`;
  const [loaded, setLoaded] = useState<{ windowKey: string; pages: readonly (Page | undefined)[]; done: boolean }>({ windowKey, pages: [], done: false });
  const shown = loaded.windowKey === windowKey ? loaded : { pages: [], done: false };
  const pages = shown.pages;
  const loadingDone = shown.done;

  useEffect(() => {
    // What the pages hold now, updated by their watchers (also on live changes) before React renders.
    const current: (Page | undefined)[] = [];
    let complete = false;
    const watchers: { unsubscribe(): void }[] = [];
    let closed = false;

    const watchPage = (index: number, offset: number) =>
      new Promise<Page | null>((firstAnswer) => {
        const query = client.watchQuery({
          query: StaffBookingsDocument,
          variables: { tenantId, limit: BOOKING_PAGE_SIZE, offset, from, to, bookableId },
          fetchPolicy: 'network-only',
          // Afterwards the cache is the truth: every booking written to it carries the row's fields.
          nextFetchPolicy: 'cache-first',
        });
        let answered = false;
        const fail = (failure: unknown) => {
          console.error('Buchungen nicht geladen:', failure);
          if (!answered) firstAnswer(null);
          answered = true;
        };
        watchers.push(
          query.subscribe({
            next: (result) => {
              if (result.error) return fail(result.error);
              if (result.dataState !== 'complete') return;
              const page = { items: result.data.bookings.items, total: result.data.bookings.total };
              current[index] = page;
              if (!closed && (index === 0 || complete || !holdLaterPages)) setLoaded({ windowKey, pages: [...current], done: complete });
              if (!answered) firstAnswer(page);
              answered = true;
            },
            error: fail,
          }),
        );
      });

    void (async () => {
      for (let index = 0; !closed; index++) {
        // The offset is how many bookings the list holds now (a repeated one once): live changes
        // move the server's offsets the same way.
        const offset = joinPages(current).length;
        if (index > 0 && offset >= (current[0]?.total ?? 0)) break;
        const page = await watchPage(index, offset);
        if (!page || page.items.length === 0) break;
      }
      complete = true;
      if (!closed) setLoaded({ windowKey, pages: [...current], done: true });
    })();

    return () => {
      closed = true;
      watchers.forEach((watcher) => watcher.unsubscribe());
    };
  }, [client, tenantId, from, to, bookableId, windowKey, holdLaterPages]);

  const bookings = useMemo(() => joinPages(pages), [pages]);
  const total = pages[0]?.total ?? 0;
  return { bookings, total, loading: pages[0] === undefined && !loadingDone, loadingMore: pages[0] !== undefined && !loadingDone };
}

/**
 * Follows the tenant's booking changes into Apollo's cache, for the list and every window the
 * screen holds: one subscription for the whole bookings screen.
 */
export function useBookingChanges(tenantId: string): void {
  useSubscription(StaffBookingChangedDocument, {
    variables: { tenantId },
    fetchPolicy: 'no-cache',
    onData: ({ client: apollo, data: change }) => {
      if (change.data) applyBookingChange(apollo.cache, tenantId, change.data.bookingChanged);
    },
    onError: (failure) => console.error('Live-Aktualisierung der Buchungen unterbrochen:', failure),
  });
}
