import { InMemoryCache } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { StaffBookingListDocument } from '../../gql/graphql';
import type { BookingListFilter } from './bookingListFilter';
import type { StaffBooking } from './bookingRows';
import { takeReadAhead } from './firstPagePrefetch';
import { listVariables, requestKey } from './listRequest';
import { entriesOf, PAGES_KEPT_AROUND, type PageSlot, pagesToHold } from './listWindow';

/** How many bookings match: exact, or the database's estimate beyond 10,000. */
export interface BookingListCount {
  value: number;
  exact: boolean;
}

export interface BookingList {
  /**
   * The bookings of the pages read so far, in the server's order; `null` holds the place of a
   * booking on a page let go (far from the rows in view) until it is read again.
   */
  bookings: readonly (StaffBooking | null)[];
  /** The request these bookings answer: while a new search is on its way, the last one's rows stay. */
  shown: BookingListFilter | null;
  count: BookingListCount | null;
  /** Nothing to show yet. */
  loading: boolean;
  /** A page is on its way (the first of a new request, or the next one). */
  fetching: boolean;
  /** Every matching booking is read. */
  complete: boolean;
  /** Reads the next page, unless one is on its way or all are there. */
  loadMore: () => void;
  /** The entries from `first` to `last` are in view: their pages are held (or read again), far ones let go. */
  showRange: (first: number, last: number) => void;
}

interface Shown {
  key: string;
  request: BookingListFilter;
  slots: readonly PageSlot<StaffBooking>[];
  count: BookingListCount | null;
  /** A held page is on its way (read for the first time, or again after it was let go). */
  fetching: boolean;
}

/** The running request's pages: read further, held or let go as the screen scrolls. */
interface PageReader {
  key: string;
  readMore: () => void;
  /** Holds the pages `from` to `to` (indexes of its pages), letting the others go. */
  hold: (wanted: { from: number; to: number }) => void;
}

const bookingId = (booking: StaffBooking) => booking.id;

/**
 * The staff's bookings list read from the server page by page, by keyset cursor: the first page of
 * a request at once, each further page when the screen asks (`loadMore`, as the rows' end scrolls
 * into view). Each page is a query of its own in Apollo's cache, watched on its own, so a booking
 * changing live (useBookingChanges) or arriving at the top of the unfiltered list shows without
 * reading anything again. Only the pages around the rows in view are held (`showRange`, listWindow.ts):
 * the others leave the cache and keep their place as empty entries until scrolled back to. A new
 * request (a keystroke in the search, a filter, another order) keeps the rows of the last one until
 * its first page is there.
 */
export function useBookingList(tenantId: string, request: BookingListFilter): BookingList {
  const client = useApolloClient();
  const key = requestKey(tenantId, request);
  const [shown, setShown] = useState<Shown | null>(null);
  const requestRef = useRef(request);
  requestRef.current = request;
  const reader = useRef<PageReader | null>(null);

  useEffect(() => {
    const slots: PageSlot<StaffBooking>[] = [];
    const watchers = new Map<number, { unsubscribe(): void }>();
    let closed = false;
    let count: BookingListCount | null = null;
    const shownRequest = requestRef.current;
    let held = { from: 0, to: 0 };
    let collecting: ReturnType<typeof setTimeout> | null = null;

    const publish = () => {
      // Nothing to show until the first page is there: the last request's rows stay meanwhile.
      if (closed || !slots[0]?.read) return;
      const fetching = slots.some((slot, index) => watchers.has(index) && slot.rows === null);
      setShown({ key, request: shownRequest, slots: slots.map((slot) => ({ ...slot })), count, fetching });
    };
    const variablesOf = (slot: PageSlot<StaffBooking>) => listVariables(tenantId, shownRequest, slot.after);

    const watch = (index: number) => {
      const slot = slots[index];
      const query = client.watchQuery({
        query: StaffBookingListDocument,
        variables: variablesOf(slot),
        // The route's loader may have just read the first page (or be reading it: the same request is shared).
        fetchPolicy: index === 0 && slot.rows === null && !slot.read && takeReadAhead(key) ? 'cache-first' : 'network-only',
        // Afterwards the cache is the truth: live changes write into it.
        nextFetchPolicy: 'cache-first',
      });
      // The cache may answer during subscribe (a page read ahead): the watcher counts as running before.
      let stopped = false;
      let subscription: { unsubscribe(): void } | null = null;
      watchers.set(index, {
        unsubscribe: () => {
          stopped = true;
          subscription?.unsubscribe();
        },
      });
      subscription = query.subscribe({
        next: (result) => {
          if (result.error) return console.error('Buchungen nicht geladen:', result.error);
          if (result.dataState !== 'complete' || closed || stopped) return;
          const { items, count: pageCount, pageInfo } = result.data.bookings;
          Object.assign(slot, { rows: items, read: true, size: items.length, endCursor: pageInfo.endCursor, hasNextPage: pageInfo.hasNextPage });
          if (index === 0) count = pageCount ?? null;
          publish();
        },
        error: (failure) => console.error('Buchungen nicht geladen:', failure),
      });
      if (stopped) subscription.unsubscribe();
    };

    // Rows of let-go pages leave the cache once nothing else shows them (one collection per burst),
    // and so do the cache's memoized readings of them (it keeps tens of thousands otherwise).
    const collectSoon = () => {
      collecting ??= setTimeout(() => {
        collecting = null;
        if (closed) return;
        if (client.cache instanceof InMemoryCache) client.cache.gc({ resetResultCache: true });
        else client.cache.gc();
      }, 0);
    };
    const letGo = (index: number) => {
      watchers.get(index)?.unsubscribe();
      watchers.delete(index);
      const slot = slots[index];
      slot.rows = null;
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'bookings', args: variablesOf(slot) });
      collectSoon();
    };

    const applyHold = () => {
      slots.forEach((slot, index) => {
        const inside = index >= held.from && index <= held.to;
        if (inside && !watchers.has(index)) watch(index);
        else if (!inside && watchers.has(index)) letGo(index);
      });
      publish();
    };

    slots.push({ after: null, rows: null, read: false, size: 0, endCursor: null, hasNextPage: false });
    watch(0);
    const current: PageReader = {
      key,
      readMore: () => {
        const last = slots.at(-1);
        if (closed || !last?.read || !last.rows || !last.hasNextPage || !last.endCursor) return;
        slots.push({ after: last.endCursor, rows: null, read: false, size: 0, endCursor: null, hasNextPage: false });
        // The page read at the end is in view: it is held, and so are those just above it.
        held = { from: Math.max(0, Math.min(held.from, slots.length - 1 - PAGES_KEPT_AROUND)), to: slots.length - 1 };
        applyHold();
      },
      hold: (wanted) => {
        if (closed || (wanted.from === held.from && wanted.to === held.to)) return;
        held = wanted;
        applyHold();
      },
    };
    reader.current = current;
    return () => {
      closed = true;
      if (collecting) clearTimeout(collecting);
      if (reader.current === current) reader.current = null;
      watchers.forEach((watcher) => watcher.unsubscribe());
    };
    // The request is part of `key`.
  }, [client, tenantId, key]);

  const slots = shown?.slots;
  // Built once per published state: the table's rows and where each page starts among them.
  const { entries, pageStarts } = useMemo(() => entriesOf(slots ?? [], bookingId), [slots]);
  const current = shown?.key === key ? shown : null;
  const currentStarts = current ? pageStarts : null;
  const lastSlot = current?.slots.at(-1);
  const complete = lastSlot !== undefined && lastSlot.read && !lastSlot.hasNextPage;
  const loadMore = useCallback(() => {
    if (reader.current?.key === key) reader.current.readMore();
  }, [key]);
  // The rows in view are those of the request shown; while a new one's first page is on its way nothing changes.
  const showRange = useCallback(
    (first: number, last: number) => {
      if (currentStarts && reader.current?.key === key) reader.current.hold(pagesToHold(currentStarts, first, last));
    },
    [key, currentStarts],
  );

  return {
    bookings: entries,
    shown: shown?.request ?? null,
    count: shown?.count ?? null,
    loading: shown === null,
    fetching: current === null || current.fetching,
    complete,
    loadMore,
    showRange,
  };
}
