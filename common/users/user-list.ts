/**
 * The users list's search and page, described once for GraphQL `userPage` and REST GET api/users.
 * Plain TypeScript (the SQL is in server/src/users/user-list.queries.ts).
 */
import { restPagingOf, restPagingRefinement, restPagingShape, UNPAGED_LIST_CAP, userPageBounds, type PageBounds } from '../validation/paging.js';
import { anyValue, looseObject } from '../validation/schema.js';
import { searchTerms } from '../validation/search.js';

export { MAX_SEARCH_LENGTH as MAX_USER_SEARCH_LENGTH, MAX_SEARCH_TERMS as MAX_USER_SEARCH_TERMS } from '../validation/search.js';

/**
 * The words of a users search, lower case: every one must occur (as part of a word) in the e-mail
 * address, the first or the last name. Empty for a blank search (the whole list).
 */
export const userSearchTerms = searchTerms;

/**
 * GET api/users without `limit` answers the first UNPAGED_LIST_CAP accounts, as it did before it
 * paged (older clients read the bare array); `limit` asks for fewer.
 */
export const restUserPageBounds: PageBounds = { defaultSize: UNPAGED_LIST_CAP, maxSize: userPageBounds.maxSize };

const queryText = anyValue().transform((value) => (typeof value === 'string' ? value : null));

/** GET api/users: `search`, `limit` 1 to 500 (default 500), `offset`, or `cursor` (the `X-Next-Cursor` of the page before). */
export const userListQuerySchema = looseObject({ ...restPagingShape(restUserPageBounds), search: queryText })
  .superRefine(restPagingRefinement)
  .transform(({ search, ...paging }) => ({ search, paging: restPagingOf(paging, restUserPageBounds) }));
