/**
 * The query parameters of the bookings list, its CSV export, the occupancy calendar and an object's
 * bookings, described once (docs/api.md, "Bookings"). Query parameters are text; anything else
 * (a repeated parameter) counts as absent. Plain TypeScript.
 */
import { z } from 'zod';
import { anyValue, looseObject, optionalInstant } from '../validation/schema.js';
import { bookingPageBounds, pagingDetail, restPagingOf, restPagingRefinement, restPagingShape } from '../validation/paging.js';

/** What the answer says when `from` or `to` cannot be read, beside the field errors. */
export const timeWindowQueryDetail = 'Ungültiger Zeitpunkt: from, to und updatedSince sind Millisekunden seit 1970 oder ein ISO-Zeitpunkt.';

export const bookingStatusFilters = ['PENDING', 'RELEASED', 'REJECTED', 'PAID', 'UNPAID', 'RELEASED_UNPAID'] as const;
export type BookingStatusFilter = (typeof bookingStatusFilters)[number];

/** A parameter's text; null when absent or repeated. */
const queryText = anyValue().transform((value) => (typeof value === 'string' ? value : null));
/** `true` or `1`. */
export const queryFlag = anyValue().transform((value) => value === 'true' || value === '1');
/** An instant (epoch ms or ISO text); absent is null, a malformed one an error, not silently the default window. */
const queryInstant = z.preprocess((value) => (typeof value === 'string' ? value : undefined), optionalInstant);

/** What a list's answer says when its query is refused: the window's sentence, or each page parameter with its message. */
export const listQueryDetail = (fieldErrors: Readonly<Record<string, string>>): string =>
  ['from', 'to', 'updatedSince'].some((field) => field in fieldErrors) ? timeWindowQueryDetail : pagingDetail(fieldErrors);

export const timeWindowQueryShape = { from: queryInstant, to: queryInstant };

/** from/to alone (the public slots, the occupancy calendar). */
export const timeWindowQuerySchema = looseObject(timeWindowQueryShape);

/**
 * The page of a bookings list (the staff's, own bookings, an event's): `limit` 1 to 500 (default
 * 50), `offset`, or `cursor` (the `X-Next-Cursor` of the page before; excludes an offset), and
 * `updatedSince` (an instant: only bookings changed since, oldest change first, for
 * synchronisation). A value out of range is refused naming it, never clamped.
 */
export const bookingPageQuerySchema = looseObject({ ...restPagingShape(bookingPageBounds), updatedSince: queryInstant })
  .superRefine(restPagingRefinement)
  .transform(({ updatedSince, ...paging }) => ({ updatedSince, paging: restPagingOf(paging, bookingPageBounds) }));

/** The bookings list and its CSV export: search words, status, window, object, and the page. */
export const bookingListQuerySchema = looseObject({
  search: queryText,
  status: anyValue().transform((value) => bookingStatusFilters.find((candidate) => candidate === String(value ?? '').toUpperCase()) ?? null),
  ...timeWindowQueryShape,
  bookableId: queryText,
  ...restPagingShape(bookingPageBounds),
  updatedSince: queryInstant,
})
  .superRefine(restPagingRefinement)
  .transform(({ limit, offset, cursor, ...filters }) => ({ ...filters, paging: restPagingOf({ limit, offset, cursor }, bookingPageBounds) }));

/** The staff's CSV downloads: `lastChange=true` adds the newest history entry of each booking. */
export const csvExportQuerySchema = looseObject({ lastChange: queryFlag });

export type BookingListQueryInput = z.output<typeof bookingListQuerySchema>;

/** The occupancy calendar: the objects (a list or comma-separated) and the window. */
export const occupancyQuerySchema = looseObject({
  ids: anyValue().transform((value) => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? value.split(',') : null)),
  ...timeWindowQueryShape,
});

/** An object's bookings: with its related objects, its parent, only the public slots; the window. */
export const bookableBookingsQuerySchema = looseObject({ related: queryFlag, parent: queryFlag, public: queryFlag, ...timeWindowQueryShape });
