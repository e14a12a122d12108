import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { KanbanBacklogDocument, type StaffBookingRowFragment } from '../../gql/graphql';
import { joinPages } from '../staff/useStaffBookings';
import { backlogPageOffset } from './kanbanCache';

/** The backlog arrives this many bookings at a time, the next page when its end is scrolled to… */
export const BACKLOG_PAGE_SIZE = 50;
/** …up to this many: beyond them the list view's search finds a booking faster than scrolling. */
export const BACKLOG_LIMIT = 1000;

export interface Backlog {
  /** Newest first; grows page by page. */
  bookings: readonly StaffBookingRowFragment[];
  /** How many bookings are in the backlog. */
  total: number;
  loading: boolean;
  /** A further page is on its way. */
  loadingMore: boolean;
  /** More exist and may be loaded (below BACKLOG_LIMIT). */
  hasMore: boolean;
  loadMore: () => void;
  /** Starts again from the first page (the board's states changed). */
  reset: () => void;
}

interface Page {
  items: readonly StaffBookingRowFragment[];
  total: number;
}

/**
 * The backlog column's bookings: `bookings(backlog: true)` page by page, the next one when the
 * column is scrolled to its end. Each page is a query of its own in Apollo's cache and watched on
 * its own, so the moves and events that kanbanCache.ts applies to the pages show at once. The
 * offset of the next page is what the pages hold now: moves change the server's offsets the same way.
 */
export function useBacklog(tenantId: string): Backlog {
  const client = useApolloClient();
  const [pages, setPages] = useState<readonly (Page | undefined)[]>([]);
  const [generation, setGeneration] = useState(0);
  const loader = useRef<{ loadNext: () => void; busy: boolean } | null>(null);
  const [busy, setBusy] = useState(true);
  // A page that came back empty: the backlog shrank meanwhile, there is nothing more to read.
  const [exhausted, setExhausted] = useState(false);

  useEffect(() => {
    const current: (Page | undefined)[] = [];
    const watchers: { unsubscribe(): void }[] = [];
    let closed = false;
    // Pages of an earlier visit or board are out of date, and live changes must not land in them.
    client.cache.modify({ fields: { bookings: (stored, { storeFieldName, DELETE }) => (backlogPageOffset(storeFieldName, tenantId) === null ? stored : DELETE) } });

    const state = {
      busy: false,
      loadNext: () => {
        if (closed || state.busy) return;
        const index = current.length;
        const offset = joinPages(current).length;
        state.busy = true;
        setBusy(true);
        let answered = false;
        const done = () => {
          if (answered) return;
          answered = true;
          state.busy = false;
          if (!closed) setBusy(false);
        };
        const query = client.watchQuery({
          query: KanbanBacklogDocument,
          variables: { tenantId, limit: BACKLOG_PAGE_SIZE, offset },
          fetchPolicy: 'network-only',
          // Afterwards the cache is the truth: moves and events change the stored page.
          nextFetchPolicy: 'cache-first',
        });
        watchers.push(
          query.subscribe({
            next: (result) => {
              if (result.error) {
                console.error('Backlog nicht geladen:', result.error);
                return done();
              }
              if (result.dataState !== 'complete') return;
              current[index] = { items: result.data.bookings.items, total: result.data.bookings.total };
              if (!closed) {
                setPages([...current]);
                if (!answered && result.data.bookings.items.length === 0) setExhausted(true);
              }
              done();
            },
            error: (failure: unknown) => {
              console.error('Backlog nicht geladen:', failure);
              done();
            },
          }),
        );
      },
    };
    loader.current = state;
    setPages([]);
    setExhausted(false);
    state.loadNext();
    return () => {
      closed = true;
      loader.current = null;
      watchers.forEach((watcher) => watcher.unsubscribe());
    };
  }, [client, tenantId, generation]);

  const bookings = useMemo(() => joinPages(pages), [pages]);
  // The last page read knows the freshest count; live changes keep every page's count alike.
  const total = [...pages].reverse().find((page) => page !== undefined)?.total ?? 0;
  const hasMore = !busy && !exhausted && bookings.length < total && bookings.length < BACKLOG_LIMIT;
  const loadMore = useCallback(() => loader.current?.loadNext(), []);
  const reset = useCallback(() => setGeneration((value) => value + 1), []);
  return { bookings, total, loading: busy && pages.length === 0, loadingMore: busy && pages.length > 0, hasMore, loadMore, reset };
}
