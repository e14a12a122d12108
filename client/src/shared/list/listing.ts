/** Pure helpers of the list component, kept apart so they are unit-tested without a browser. */
export type SortDirection = 'asc' | 'desc';

export interface ColumnSort {
  key: string;
  direction: SortDirection;
}

/**
 * The sort a list applies: while searching, the best matches come first (an exact hit must not end up
 * on page three behind fuzzy ones) until the user picks a column themselves.
 */
export function effectiveSort(sort: ColumnSort | undefined, searching: boolean, chosenByUser: boolean): ColumnSort | undefined {
  return searching && !chosenByUser ? undefined : sort;
}

const collator = new Intl.Collator('de-DE', { numeric: true, sensitivity: 'base' });

/** German collation for text, numeric order for numbers; empty values last in either direction. */
export function compareValues(a: string | number | null | undefined, b: string | number | null | undefined, direction: SortDirection): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  return direction === 'asc' ? order : -order;
}

/** The rows of one page; page size 0 means all rows on one page. The page is clamped to the last. */
export function pageSlice<Row>(rows: readonly Row[], pageSize: number, page: number): { pageRows: Row[]; pageCount: number; currentPage: number } {
  if (pageSize <= 0) return { pageRows: [...rows], pageCount: 1, currentPage: 0 };
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const currentPage = Math.min(Math.max(page, 0), pageCount - 1);
  return { pageRows: rows.slice(currentPage * pageSize, (currentPage + 1) * pageSize), pageCount, currentPage };
}

const count = new Intl.NumberFormat('de-DE');

/** What the footer adds while only some pages of a server's list are loaded: "50 von 2.000 geladen". */
export function loadedNote(loaded: number, total: number): string {
  return `${count.format(loaded)} von ${count.format(total)} geladen`;
}
