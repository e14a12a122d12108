/**
 * The query parameters of the REST events list (GET api/{tenantId}/events), described once: tags
 * (comma-separated or repeated), includePast, the page (`limit` 1 to 500, default 100, `offset`, or
 * `cursor`) and `updatedSince`. A page parameter out of range is refused naming it. Plain TypeScript.
 */
import { z } from 'zod';
import { eventPageBounds, restPagingOf, restPagingRefinement, restPagingShape } from '../validation/paging.js';
import { anyValue, looseObject, optionalInstant } from '../validation/schema.js';

export const eventListQuerySchema = looseObject({
  tags: anyValue().transform((value) =>
    (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.map(String) : []).map((tag) => tag.trim()).filter(Boolean),
  ),
  includePast: anyValue().transform((value) => !(value === 'false' || value === '0')),
  updatedSince: z.preprocess((value) => (typeof value === 'string' ? value : undefined), optionalInstant),
  ...restPagingShape(eventPageBounds),
})
  .superRefine(restPagingRefinement)
  .transform(({ limit, offset, cursor, ...filters }) => ({ ...filters, paging: restPagingOf({ limit, offset, cursor }, eventPageBounds) }));

export type EventListQueryInput = z.output<typeof eventListQuerySchema>;
