import { useEffect, useMemo } from 'react';
import { type BookingRow, bookingRow, type StaffBooking } from './bookingRows';
import { buildFuzzyIndex, type FuzzyIndex } from './fuzzyIndex';

// One index per list of rows: built when the list changes, never per keystroke.
const indexes = new WeakMap<readonly BookingRow[], FuzzyIndex>();

/** The name of the index builds in the browser's performance timeline (DevTools, the benchmark). */
export const INDEX_BUILD_MEASURE = 'bookings-search-index';

function indexOf(rows: readonly BookingRow[]): FuzzyIndex {
  let index = indexes.get(rows);
  if (!index) {
    const start = performance.now();
    index = buildFuzzyIndex(rows.map((row) => row.searchTexts));
    performance.measure(INDEX_BUILD_MEASURE, { start, detail: { records: rows.length } });
    indexes.set(rows, index);
  }
  return index;
}

const whenIdle = (task: () => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 50);
  return () => window.clearTimeout(handle);
};

/**
 * The rows of the bookings and those matching the search (see fuzzyIndex). The index of a list
 * that is no longer growing (`settled`) is built while the browser is idle, so the first
 * keystroke after a change finds it ready; a keystroke before that builds it.
 */
export function useBookingSearch(bookings: readonly StaffBooking[], query: string, settled: boolean): { rows: readonly BookingRow[]; found: readonly BookingRow[] } {
  const rows = useMemo(() => bookings.map(bookingRow), [bookings]);
  useEffect(() => (settled ? whenIdle(() => indexOf(rows)) : undefined), [rows, settled]);
  const found = useMemo(() => {
    const positions = query.trim() ? indexOf(rows).search(query) : null;
    return positions ? positions.map((position) => rows[position]) : rows;
  }, [rows, query]);
  return { rows, found };
}
