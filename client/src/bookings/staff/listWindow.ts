/**
 * Which pages of a long list are held in memory. The list is read page by page by cursor; a page
 * far from the rows in view is let go (its rows leave Apollo's cache), keeping only its cursor and
 * its number of rows, and is read again by that cursor when the reader scrolls back to it. So
 * scrolling through 100,000 bookings costs the tab what a few pages cost.
 */

/** A page of the list: read (its rows), or let go (only its place). */
export interface PageSlot<Row> {
  /** The cursor this page is read after; null for the first page. */
  after: string | null;
  /** Its rows while held; null when let go or not yet there. */
  rows: readonly Row[] | null;
  /** Read at least once: its size, end cursor and whether more follow are known. */
  read: boolean;
  /** How many rows it had when last read: the place it keeps when let go. */
  size: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Pages held on either side of those in view: scrolling a little back shows rows at once. */
export const PAGES_KEPT_AROUND = 2;

/**
 * The list's entries in order: a held page's rows (a row shown by an earlier page as well is left
 * out), a let-go page's place as `null`s; and the index at which each page starts.
 */
export function entriesOf<Row>(slots: readonly PageSlot<Row>[], idOf: (row: Row) => string): { entries: (Row | null)[]; pageStarts: number[] } {
  const entries: (Row | null)[] = [];
  const pageStarts: number[] = [];
  const seen = new Set<string>();
  for (const slot of slots) {
    pageStarts.push(entries.length);
    if (!slot.rows) {
      for (let index = 0; index < slot.size; index++) entries.push(null);
      continue;
    }
    for (const row of slot.rows) {
      const id = idOf(row);
      if (seen.has(id)) continue;
      seen.add(id);
      entries.push(row);
    }
  }
  return { entries, pageStarts };
}

/** The page holding the entry at `index` (the last page for an index beyond the end). */
export function pageAt(pageStarts: readonly number[], index: number): number {
  let page = 0;
  while (page + 1 < pageStarts.length && pageStarts[page + 1] <= index) page++;
  return page;
}

/** The pages to hold while the entries `first` to `last` are in view: theirs and PAGES_KEPT_AROUND on each side. */
export function pagesToHold(pageStarts: readonly number[], first: number, last: number): { from: number; to: number } {
  if (pageStarts.length === 0) return { from: 0, to: -1 };
  return {
    from: Math.max(0, pageAt(pageStarts, first) - PAGES_KEPT_AROUND),
    to: Math.min(pageStarts.length - 1, pageAt(pageStarts, Math.max(first, last)) + PAGES_KEPT_AROUND),
  };
}
