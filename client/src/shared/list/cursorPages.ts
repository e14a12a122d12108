import type { FieldPolicy, Reference } from '@apollo/client';

/** A page of a list paged by cursor as the cache keeps it: the entries of every page read so far. */
export interface StoredCursorPage {
  items: readonly Reference[];
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/**
 * The pages read so far of one search: a page read with `after` ("Mehr laden") is appended, a first
 * page (a new search, a refetch) starts the list anew. An entry already held (a refetch can bring
 * one again) is not listed twice.
 */
export function mergeCursorPages(existing: StoredCursorPage | undefined, incoming: StoredCursorPage, after: unknown): StoredCursorPage {
  if (!existing || typeof after !== 'string' || after === '') return incoming;
  const held = new Set(existing.items.map((item) => item.__ref));
  return { ...incoming, items: [...existing.items, ...incoming.items.filter((item) => !held.has(item.__ref))] };
}

/** The field policy of such a list: one list per value of `keyArgs` (the search and filters, never `first` or `after`). */
export const cursorPagePolicy = (keyArgs: string[]): FieldPolicy<StoredCursorPage> => ({
  keyArgs,
  merge: (existing, incoming, { args }) => mergeCursorPages(existing, incoming, args?.after),
});
