import type { FieldPolicy, Reference, TypePolicies } from '@apollo/client';

/** A page of the users list as the cache keeps it: the accounts of every page read so far. */
export interface StoredUserPage {
  items: readonly Reference[];
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/**
 * The pages read so far of one search: a page read with `after` ("Mehr laden") is appended, a first
 * page (a new search, a refetch) starts the list anew. An account already held (one created while
 * paging cannot be, the cursor keeps its place; a refetch can) is not listed twice.
 */
export function mergeUserPages(existing: StoredUserPage | undefined, incoming: StoredUserPage, after: unknown): StoredUserPage {
  if (!existing || typeof after !== 'string' || after === '') return incoming;
  const held = new Set(existing.items.map((item) => item.__ref));
  return { ...incoming, items: [...existing.items, ...incoming.items.filter((item) => !held.has(item.__ref))] };
}

/** A stored users page with one account less in its count (after a deletion; the entry itself leaves with the evicted account). */
export function withOneAccountLess<T>(stored: T): T {
  if (!stored || typeof stored !== 'object' || !('totalCount' in stored) || typeof stored.totalCount !== 'number') return stored;
  return { ...stored, totalCount: Math.max(0, stored.totalCount - 1) };
}

/** `userPage(search, first, after)`: one list per search. */
export const userPagePolicy: FieldPolicy<StoredUserPage> = {
  keyArgs: ['search'],
  merge: (existing, incoming, { args }) => mergeUserPages(existing, incoming, args?.after),
};

/** The users administration's type policies, registered with the app's cache by the composition root (cachePolicies.ts). */
export const userTypePolicies: TypePolicies = {
  Query: { fields: { userPage: userPagePolicy } },
};
