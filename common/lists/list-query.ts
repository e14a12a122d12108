/**
 * The search and page of the REST lists that were read whole (GET api/tenants,
 * api/{tenantId}/bookables): `search`, `limit` 1 to WHOLE_LIST_CAP (default WHOLE_LIST_CAP),
 * `offset`, or `cursor` (the `X-Next-Cursor` of the page before). Other query parameters of the
 * path (publicTenants, type, tags, populate) pass through untouched. Plain TypeScript.
 */
import { restPagingOf, restPagingRefinement, restPagingShape, restWholeListPageBounds, type Paging } from '../validation/paging.js';
import { anyValue, looseObject } from '../validation/schema.js';

const queryText = anyValue().transform((value) => (typeof value === 'string' ? value : null));

export interface ListQuery {
  search: string | null;
  paging: Paging;
}

export const wholeListQuerySchema = looseObject({ ...restPagingShape(restWholeListPageBounds), search: queryText })
  .superRefine(restPagingRefinement)
  .transform(({ search, limit, offset, cursor }): ListQuery => ({ search, paging: restPagingOf({ limit, offset, cursor }, restWholeListPageBounds) }));
