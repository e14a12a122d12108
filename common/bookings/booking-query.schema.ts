/**
 * The query parameters of the bookings list, its CSV export, the occupancy calendar and an object's
 * bookings, described once (docs/api.md, "Bookings"). Query parameters are text; anything else
 * (a repeated parameter) counts as absent. Plain TypeScript.
 */
import { z } from 'zod';
import { anyValue, looseObject, optionalInstant } from '../validation/schema.js';
import { bookingPageBounds, pagingDetail, restPagingOf, restPagingRefinement, restPagingShape } from '../validation/paging.js';

/** What the answer says when `from` or `to` cannot be read, beside the field errors. */
export const timeWindowQueryDetail = 'Ungültiger Zeitpunkt: from und to sind Millisekunden seit 1970 oder ein ISO-Zeitpunkt.';

export const bookingStatusFilters = ['PENDING', 'RELEASED', 'REJECTED', 'PAID', 'UNPAID', 'RELEASED_UNPAID'] as const;
export type BookingStatusFilter = (typeof bookingStatusFilters)[number];

/** FREE: nothing to pay (gross total 0); CHARGEABLE: something to pay. */
export const bookingChargeFilters = ['FREE', 'CHARGEABLE'] as const;
export type BookingChargeFilter = (typeof bookingChargeFilters)[number];

/**
 * The orders of the staff's bookings list, one per column the staff screen sorts by: creation
 * (NEWEST, the default, and OLDEST), begin, end, booking number, customer name, price, status,
 * payment and payment way. Each pages
 * by cursor; a cursor belongs to its order.
 */
export const bookingSorts = [
  'NEWEST',
  'OLDEST',
  'TIME_BEGIN_ASC',
  'TIME_BEGIN_DESC',
  'TIME_END_ASC',
  'TIME_END_DESC',
  'NUMBER_ASC',
  'NUMBER_DESC',
  'CUSTOMER_ASC',
  'CUSTOMER_DESC',
  'PRICE_ASC',
  'PRICE_DESC',
  'STATUS_ASC',
  'STATUS_DESC',
  'PAYMENT_ASC',
  'PAYMENT_DESC',
  'PAYMENT_WAY_ASC',
  'PAYMENT_WAY_DESC',
] as const;
export type BookingSort = (typeof bookingSorts)[number];

export const bookingSortMessage = `Unbekannte Sortierung: erlaubt sind ${bookingSorts.join(', ')}.`;

/** `sort`: one of bookingSorts in any case; absent is null, anything else an error naming the parameter. */
const querySort = anyValue().transform((value, context): BookingSort | null => {
  if (value === undefined || value === null || value === '') return null;
  const sort = bookingSorts.find((candidate) => typeof value === 'string' && candidate === value.toUpperCase());
  if (!sort) {
    context.addIssue({ code: 'custom', message: bookingSortMessage });
    return z.NEVER;
  }
  return sort;
});

/** The instants a list's query may carry. */
const listInstantFields = ['from', 'to', 'paidFrom', 'paidTo', 'refundedFrom', 'refundedTo', 'updatedSince'] as const;

/** A parameter's text; null when absent or repeated. */
const queryText = anyValue().transform((value) => (typeof value === 'string' ? value : null));
/** `true` or `1`. */
export const queryFlag = anyValue().transform((value) => value === 'true' || value === '1');
/** One of the values, in any case; anything else (also absent or repeated) is null. */
const queryChoice = <Value extends string>(values: readonly Value[]) =>
  anyValue().transform((value) => values.find((candidate) => candidate === String(value ?? '').toUpperCase()) ?? null);
/** An instant (epoch ms or ISO text); absent is null, a malformed one an error, not silently the default window. */
const queryInstant = z.preprocess((value) => (typeof value === 'string' ? value : undefined), optionalInstant);

/** What a list's answer says when its query is refused: the window's sentence, or each page parameter with its message. */
export function listQueryDetail(fieldErrors: Readonly<Record<string, string>>): string {
  const wrongInstants = listInstantFields.filter((field) => field in fieldErrors);
  if (wrongInstants.length === 0) return Object.keys(fieldErrors).join() === 'sort' ? bookingSortMessage : pagingDetail(fieldErrors);
  return `Ungültiger Zeitpunkt: ${wrongInstants.join(', ')} ${wrongInstants.length === 1 ? 'ist' : 'sind'} Millisekunden seit 1970 oder ein ISO-Zeitpunkt.`;
}

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

/**
 * The bookings list and its CSV export: search words, status, window, object, series, the payment date
 * (`paidFrom` inclusive, `paidTo` exclusive: the payments in [paidFrom, paidTo)), the refunds paid
 * back in a window the same way (`refundedFrom`, `refundedTo`), whether there is
 * anything to pay (`charge`), the order (`sort`, newest first without) and the page.
 */
export const bookingListQuerySchema = looseObject({
  search: queryText,
  status: queryChoice(bookingStatusFilters),
  ...timeWindowQueryShape,
  paidFrom: queryInstant,
  paidTo: queryInstant,
  refundedFrom: queryInstant,
  refundedTo: queryInstant,
  charge: queryChoice(bookingChargeFilters),
  bookableId: queryText,
  seriesId: queryText,
  sort: querySort,
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

/** The room schedule answers at most this many days at once (a display asks for today or a week). */
export const MAX_SCHEDULE_DAYS = 62;
/** …and at most this many objects. */
export const MAX_SCHEDULE_OBJECTS = 50;
const DAY_MS = 86_400_000;

export const roomScheduleMessages = {
  ids: 'Bitte geben Sie mindestens ein Objekt an.',
  tooManyIds: `Höchstens ${MAX_SCHEDULE_OBJECTS} Objekte auf einmal.`,
  required: 'Pflichtfeld',
  order: 'Das Ende des Zeitraums muss nach seinem Beginn liegen.',
  tooLong: `Der Zeitraum darf höchstens ${MAX_SCHEDULE_DAYS} Tage umfassen.`,
} as const;

/** The objects as a list (GraphQL, repeated `ids`) or comma-separated; blanks dropped, duplicates once. */
const idList = anyValue().transform((value) => {
  const raw = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(raw.map((id) => id.trim()).filter(Boolean))];
});

type IssueAdder = (path: string, message: string) => void;
const checkScheduleIds = (ids: readonly string[], issue: IssueAdder) => {
  if (ids.length === 0) issue('ids', roomScheduleMessages.ids);
  else if (ids.length > MAX_SCHEDULE_OBJECTS) issue('ids', roomScheduleMessages.tooManyIds);
};

/** The objects a schedule subscription watches (GraphQL `roomScheduleChanged`): one to MAX_SCHEDULE_OBJECTS. */
export const roomScheduleWatchSchema = looseObject({ ids: idList }).superRefine((query, context) =>
  checkScheduleIds(query.ids, (path, message) => context.addIssue({ code: 'custom', path: [path], message })),
);

/**
 * The room schedule (REST `calendar/schedule?ids=&from=&to=`, GraphQL `roomSchedule`): one to
 * MAX_SCHEDULE_OBJECTS objects and a window [from, to) of at most MAX_SCHEDULE_DAYS days, both ends
 * required (epoch ms or ISO text; GraphQL's dates too).
 */
export const roomScheduleQuerySchema = looseObject({ ids: idList, from: optionalInstant, to: optionalInstant })
  .superRefine((query, context) => {
    const issue: IssueAdder = (path, message) => context.addIssue({ code: 'custom', path: [path], message });
    checkScheduleIds(query.ids, issue);
    if (!query.from) issue('from', roomScheduleMessages.required);
    if (!query.to) issue('to', roomScheduleMessages.required);
    if (!query.from || !query.to) return;
    if (query.to.getTime() <= query.from.getTime()) issue('to', roomScheduleMessages.order);
    else if (query.to.getTime() - query.from.getTime() > MAX_SCHEDULE_DAYS * DAY_MS) issue('to', roomScheduleMessages.tooLong);
  })
  .transform((query) => ({ ids: query.ids, window: { begin: query.from as Date, end: query.to as Date } }));

export type RoomScheduleQuery = z.output<typeof roomScheduleQuerySchema>;
