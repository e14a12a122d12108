import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { StaffBookingListDocument, type StaffBookingListQueryVariables } from '../../gql/graphql';
import type { BookingListFilter } from './bookingListFilter';
import type { StaffBooking } from './bookingRows';
import { joinPages } from './useStaffBookings';

/** Rows per page: a screenful several times over, small enough to answer at once. */
export const LIST_PAGE_SIZE = 100;

/** How many bookings match: exact, or the database's estimate beyond 10,000. */
export interface BookingListCount {
  value: number;
  exact: boolean;
}

export interface BookingList {
  /** The bookings of the pages read so far, in the server's order. */
  bookings: readonly StaffBooking[];
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
}

/** The GraphQL variables of a request's page (empty values left out, so equal requests share the cache). */
export function listVariables(tenantId: string, request: BookingListFilter, after: string | null): StaffBookingListQueryVariables {
  const search = request.query.trim();
  return {
    tenantId,
    first: LIST_PAGE_SIZE,
    ...(after ? { after } : {}),
    ...(search ? { search } : {}),
    ...(request.sort && request.sort !== 'NEWEST' ? { sort: request.sort } : {}),
    ...(request.status ? { status: request.status } : {}),
    ...(request.from ? { from: request.from } : {}),
    ...(request.to ? { to: request.to } : {}),
    ...(request.bookableId ? { bookableId: request.bookableId } : {}),
    ...(request.seriesId ? { seriesId: request.seriesId } : {}),
  };
}

interface Page {
  items: readonly StaffBooking[];
  count: BookingListCount;
  endCursor: string | null;
  hasNextPage: boolean;
}

interface Loaded {
  key: string;
  request: BookingListFilter;
  pages: readonly Page[];
}

const requestKey = (tenantId: string, request: BookingListFilter) => JSON.stringify(listVariables(tenantId, request, null));

/**
 * The staff's bookings list read from the server page by page, by keyset cursor: the first page of
 * a request at once, each further page when the screen asks (`loadMore`, as the rows' end scrolls
 * into view). Each page is a query of its own in Apollo's cache, watched on its own, so a booking
 * changing live (useBookingChanges) or arriving at the top of the unfiltered list shows without
 * reading anything again. A new request (a keystroke in the search, a filter, another order) keeps
 * the rows of the last one until its first page is there.
 */
export function useBookingList(tenantId: string, request: BookingListFilter): BookingList {
  const client = useApolloClient();
  const key = requestKey(tenantId, request);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [pageWanted, setPageWanted] = useState<{ key: string; pages: number }>({ key, pages: 1 });
  const wanted = pageWanted.key === key ? pageWanted.pages : 1;
  const requestRef = useRef(request);
  requestRef.current = request;
  // The running request's reader of further pages: how the screen's wish for more reaches its watchers.
  const controller = useRef<{ key: string; readUpTo: (pages: number) => void } | null>(null);

  useEffect(() => {
    const current: Page[] = [];
    const watchers: { unsubscribe(): void }[] = [];
    let closed = false;
    const shownRequest = requestRef.current;
    let reading = 0;

    const watchPage = (index: number, after: string | null) => {
      const query = client.watchQuery({
        query: StaffBookingListDocument,
        variables: listVariables(tenantId, shownRequest, after),
        fetchPolicy: 'network-only',
        // Afterwards the cache is the truth: live changes write into it.
        nextFetchPolicy: 'cache-first',
      });
      watchers.push(
        query.subscribe({
          next: (result) => {
            if (result.error) return console.error('Buchungen nicht geladen:', result.error);
            if (result.dataState !== 'complete' || closed) return;
            const { items, count, pageInfo } = result.data.bookings;
            current[index] = { items, count, endCursor: pageInfo.endCursor, hasNextPage: pageInfo.hasNextPage };
            // Pages show in order: a later one waits for those before it.
            const contiguous: Page[] = [];
            for (const page of current) {
              if (!page) break;
              contiguous.push(page);
            }
            setLoaded({ key, request: shownRequest, pages: contiguous });
          },
          error: (failure) => console.error('Buchungen nicht geladen:', failure),
        }),
      );
    };
    watchPage(0, null);
    reading = 1;
    // The screen asks for the next page through `pageWanted`; the effect below reads it.
    const reader = {
      key,
      readUpTo: (pages: number) => {
        while (!closed && reading < pages) {
          const last = current[reading - 1];
          if (!last || !last.hasNextPage || !last.endCursor) return;
          watchPage(reading, last.endCursor);
          reading++;
        }
      },
    };
    controller.current = reader;
    return () => {
      closed = true;
      if (controller.current === reader) controller.current = null;
      watchers.forEach((watcher) => watcher.unsubscribe());
    };
    // The request is part of `key`.
  }, [client, tenantId, key]);

  const shownHere = loaded?.key === key ? loaded : null;
  const pagesRead = shownHere?.pages.length ?? 0;
  useEffect(() => {
    if (controller.current?.key === key) controller.current.readUpTo(wanted);
  }, [key, wanted, pagesRead]);

  const pages = loaded?.pages;
  const bookings = useMemo(() => joinPages(pages ?? []), [pages]);
  const lastPage = pages?.at(-1);
  const complete = shownHere !== null && lastPage !== undefined && !lastPage.hasNextPage;
  const loadMore = useCallback(() => {
    if (complete || pagesRead < wanted) return;
    setPageWanted({ key, pages: wanted + 1 });
  }, [complete, pagesRead, wanted, key]);

  return {
    bookings,
    shown: loaded?.request ?? null,
    count: pages?.[0]?.count ?? null,
    loading: loaded === null,
    fetching: shownHere === null || pagesRead < wanted,
    complete,
    loadMore,
  };
}
