/**
 * The words of a list's search (users, tenants, bookables): each word must occur in the text the
 * list searches. Plain TypeScript (the SQL of each list is on the server).
 */

/** Words beyond this many are left out of a search: each one is another condition on every row. */
export const MAX_SEARCH_TERMS = 10;
/** Longest search text read; the rest is left out. */
export const MAX_SEARCH_LENGTH = 200;

/** The distinct words of a search, lower case; empty for a blank search (the whole list). */
export function searchTerms(search: string | null | undefined): string[] {
  const words = (search ?? '').slice(0, MAX_SEARCH_LENGTH).toLocaleLowerCase('de-DE').split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}
