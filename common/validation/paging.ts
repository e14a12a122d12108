/**
 * Paging of lists, described once for REST and GraphQL: the page size (`limit`, `first`), the
 * offset, and the opaque keyset cursor (`after`, REST `cursor`). A value out of range is refused
 * naming its field, never clamped: a client that asks for 1000 rows and silently gets 500 pages
 * wrongly. Plain TypeScript, no Node imports (the server's SQL side is server/src/shared/keyset.ts).
 *
 * A cursor is the base64url of `{"o": order, "k": [values…]}`: the name of the list's order and the
 * sort key of the last row read (instants as ISO text to the microsecond, ids, texts and decimals as
 * text; characters beyond ASCII as JSON `\u` escapes). Clients treat
 * it as opaque; the server checks that it belongs to the list's order before using its values.
 */
import { z } from 'zod';
import { MAX_INT32 } from './numbers.js';
import { anyValue } from './schema.js';

/** Page sizes of a list: what an absent size means, and the largest allowed. */
export interface PageBounds {
  defaultSize: number;
  maxSize: number;
}

export const pagingMessages = {
  size: (max: number) => `Muss eine ganze Zahl von 1 bis ${max} sein`,
  offset: 'Muss eine ganze Zahl ab 0 sein',
  cursor: 'Ungültiger Cursor: Bitte verwenden Sie den Cursor der vorigen Seite unverändert.',
  cursorOrder: 'Der Cursor gehört zu einer anderen Liste oder Sortierung.',
  cursorWithOffset: 'Cursor und offset schließen einander aus.',
} as const;

/** What the answer says when a page parameter is refused: each field with its message (GraphQL's message, REST's detail). */
export const pagingDetail = (fieldErrors: Readonly<Record<string, string>>): string =>
  `Ungültige Seitenangabe: ${Object.entries(fieldErrors).map(([field, message]) => `${field}: ${message}`).join('; ')}`;

/** Longest cursor text accepted: a sort key of a few instants, ids and one text of 64 characters (each perhaps a six-character escape, two for an emoji) is shorter. */
export const MAX_CURSOR_LENGTH = 2048;

/** A whole number from JSON, GraphQL or query text ("20"); NaN for anything else, null when absent. */
function wholeNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return Number.NaN;
}

/** A page size 1 to `max`; absent is undefined (the list's default applies). */
export const pageSize = (max: number) =>
  anyValue().transform((value, context): number | undefined => {
    const number = wholeNumber(value);
    if (number === null) return undefined;
    if (!Number.isInteger(number) || number < 1 || number > max) {
      context.addIssue({ code: 'custom', message: pagingMessages.size(max) });
      return z.NEVER;
    }
    return number;
  });

/** An offset 0 to 2^31 − 1; absent is undefined. */
export const pageOffset = anyValue().transform((value, context): number | undefined => {
  const number = wholeNumber(value);
  if (number === null) return undefined;
  if (!Number.isInteger(number) || number < 0 || number > MAX_INT32) {
    context.addIssue({ code: 'custom', message: pagingMessages.offset });
    return z.NEVER;
  }
  return number;
});

/** A decoded cursor: the order it was made for and the sort key of the row it points after. */
export interface KeysetCursor {
  order: string;
  values: (string | null)[];
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding of ASCII text (cursors hold nothing else). */
export function base64UrlOfAscii(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 3) {
    const a = text.charCodeAt(index);
    const b = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
    const c = index + 2 < text.length ? text.charCodeAt(index + 2) : 0;
    const bits = (a << 16) | (b << 8) | c;
    out += BASE64URL[(bits >> 18) & 63] + BASE64URL[(bits >> 12) & 63];
    if (index + 1 < text.length) out += BASE64URL[(bits >> 6) & 63];
    if (index + 2 < text.length) out += BASE64URL[bits & 63];
  }
  return out;
}

/** The ASCII text of base64url (without padding); null when it is not such text. */
export function asciiOfBase64Url(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded) || encoded.length % 4 === 1) return null;
  let out = '';
  for (let index = 0; index < encoded.length; index += 4) {
    const chunk = encoded.slice(index, index + 4);
    let bits = 0;
    for (let position = 0; position < 4; position++) bits = (bits << 6) | (position < chunk.length ? BASE64URL.indexOf(chunk[position]) : 0);
    const bytes = [(bits >> 16) & 255, (bits >> 8) & 255, bits & 255].slice(0, chunk.length - 1);
    // Bits left over after the last byte must be zero: otherwise two texts would decode alike.
    if (chunk.length < 4 && (bits & (chunk.length === 2 ? 0xffff : 0xff)) !== 0) return null;
    for (const byte of bytes) {
      if (byte > 127) return null;
      out += String.fromCharCode(byte);
    }
  }
  return out;
}

const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/** JSON text in printable ASCII: every other character as its `\u` escape (JSON.parse reads it back). */
const asciiJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The opaque cursor of a row's sort key in the named order. */
export function encodeCursor(cursor: KeysetCursor): string {
  const json = asciiJson({ o: cursor.order, k: cursor.values });
  if (!isAscii(json)) throw new Error('Cursor values must be printable ASCII');
  return base64UrlOfAscii(json);
}

/** The cursor behind the text, or null when it is not one this server made (its values are checked against the order later). */
export function decodeCursor(text: string): KeysetCursor | null {
  if (text.length === 0 || text.length > MAX_CURSOR_LENGTH) return null;
  const json = asciiOfBase64Url(text);
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { o: order, k: values } = parsed as { o?: unknown; k?: unknown };
  if (typeof order !== 'string' || !Array.isArray(values) || values.length === 0 || values.length > 8) return null;
  if (!values.every((value) => value === null || typeof value === 'string')) return null;
  return { order, values: values as (string | null)[] };
}

/** A cursor parameter: absent is null, anything this server cannot have made an error. */
export const pageCursor = anyValue().transform((value, context): KeysetCursor | null => {
  if (value === null || value === '') return null;
  const cursor = typeof value === 'string' ? decodeCursor(value) : null;
  if (!cursor) {
    context.addIssue({ code: 'custom', message: pagingMessages.cursor });
    return z.NEVER;
  }
  return cursor;
});

/** The sort key kinds a cursor carries, each checked before it reaches SQL. */
export type KeyKind = 'instant' | 'uuid' | 'text' | 'decimal' | 'integer';

/** An instant as the server writes it into cursors: UTC, to the microsecond (PostgreSQL's precision). */
const INSTANT_KEY = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
const UUID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A decimal as PostgreSQL writes numeric(12,2): up to ten digits before the point, two after. */
const DECIMAL_KEY = /^-?\d{1,10}\.\d{2}$/;
const INTEGER_KEY = /^-?\d{1,9}$/;

/** Whether a cursor value is a well-formed key of its kind (a real calendar date for instants). */
export function fitsKeyKind(kind: KeyKind, value: string): boolean {
  if (kind === 'uuid') return UUID_KEY.test(value);
  if (kind === 'decimal') return DECIMAL_KEY.test(value);
  if (kind === 'integer') return INTEGER_KEY.test(value);
  // Any text is a key: it reaches SQL only as a parameter.
  if (kind === 'text') return true;
  const match = INSTANT_KEY.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
}

/** The page a list reads: its size, the rows to skip (0 with a cursor), the cursor and the parameter that carried it. */
export interface Paging {
  size: number;
  offset: number;
  after: KeysetCursor | null;
  /** `after` (GraphQL) or `cursor` (REST): where a cursor of another order is reported. */
  cursorField: string;
}

/** Refuses a cursor together with an offset, naming the offset. */
const cursorExcludesOffset = (cursorField: string) => (value: { offset?: number; [key: string]: unknown }, context: z.RefinementCtx) => {
  if (value[cursorField] && value.offset) context.addIssue({ code: 'custom', path: ['offset'], message: pagingMessages.cursorWithOffset });
};

/**
 * GraphQL's paging arguments: `limit` and `offset` as always, `first` and `after` (the previous
 * page's `pageInfo.endCursor`) for keyset paging. `first` and `limit` both size the page (`first`
 * wins); a cursor excludes an offset.
 */
export const graphqlPagingSchema = (bounds: PageBounds) =>
  z
    .object({ limit: pageSize(bounds.maxSize), offset: pageOffset, first: pageSize(bounds.maxSize), after: pageCursor })
    .superRefine(cursorExcludesOffset('after'))
    .transform((value): Paging => ({ size: value.first ?? value.limit ?? bounds.defaultSize, offset: value.offset ?? 0, after: value.after, cursorField: 'after' }));

/** REST's paging query parameters, to spread into a list's query schema: `limit`, `offset`, `cursor`. */
export const restPagingShape = (bounds: PageBounds) => ({ limit: pageSize(bounds.maxSize), offset: pageOffset, cursor: pageCursor });

/** Refines a REST query object holding restPagingShape: a cursor excludes an offset. */
export const restPagingRefinement = cursorExcludesOffset('cursor');

/** The page of REST's parsed paging parameters. */
export const restPagingOf = (value: { limit?: number; offset?: number; cursor: KeysetCursor | null }, bounds: PageBounds): Paging => ({
  size: value.limit ?? bounds.defaultSize,
  offset: value.offset ?? 0,
  after: value.cursor,
  cursorField: 'cursor',
});

/** Sizes of the bookings lists (the staff's list, own bookings, an event's bookings). */
export const bookingPageBounds: PageBounds = { defaultSize: 50, maxSize: 500 };
/** Sizes of the user lists (userPage, GET api/users). */
export const userPageBounds: PageBounds = { defaultSize: 50, maxSize: 500 };
/**
 * The most rows the unpaged lists answer (the deprecated GraphQL `users`, `userIds`, GET api/users
 * and api/users/ids without a limit): the first this many in their order; page for more.
 */
export const UNPAGED_LIST_CAP = 500;
/**
 * The most rows the lists the screens read whole answer (the tenants a person works in, a tenant's
 * bookables, public or staff, and their choices): far beyond what a city holds, a bound on one
 * answer all the same. The first this many in the list's order; these lists have no pages.
 */
export const WHOLE_LIST_CAP = 1000;
/** Sizes of the pages of the lists that were read whole (tenantPage, bookablePage, bookingObjectChoicePage). */
export const wholeListPageBounds: PageBounds = { defaultSize: 50, maxSize: 500 };
/**
 * The REST paths of those lists (GET api/tenants, api/{tenantId}/bookables) page with `limit` up to
 * WHOLE_LIST_CAP; without it they answer the first WHOLE_LIST_CAP, as they did before they paged.
 */
export const restWholeListPageBounds: PageBounds = { defaultSize: WHOLE_LIST_CAP, maxSize: WHOLE_LIST_CAP };
/** Sizes of the event lists. */
export const eventPageBounds: PageBounds = { defaultSize: 100, maxSize: 500 };
