import { describe, expect, it } from 'vitest';
import {
  asciiOfBase64Url,
  base64UrlOfAscii,
  bookingPageBounds,
  decodeCursor,
  encodeCursor,
  fitsKeyKind,
  graphqlPagingSchema,
  pagingDetail,
  pagingMessages,
} from './paging.js';
import { parseFields } from './schema.js';

const cursor = { order: 'bookings.newest', values: ['2026-12-08T10:15:00.123456Z', '0b4f3a52-51a4-4be1-9b51-4a1f2b7c9d10'] };

describe('keyset cursors', () => {
  it('encodes the order and sort key as base64url text and decodes it back', () => {
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
    expect(decodeCursor(encodeCursor({ order: 'events.start', values: [null, '2026-01-01T00:00:00.000000Z'] }))).toEqual({ order: 'events.start', values: [null, '2026-01-01T00:00:00.000000Z'] });
  });

  it('carries text keys beyond ASCII (an address with umlauts) as JSON escapes, still base64url of ASCII', () => {
    const withUmlaut = { order: 'users.newest', values: ['2026-12-08T10:15:00.123456Z', 'jörg.ßöäü@example.com'] };
    const text = encodeCursor(withUmlaut);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(asciiOfBase64Url(text)).toContain('\\u00f6');
    expect(decodeCursor(text)).toEqual(withUmlaut);
  });

  it('carries texts beyond ASCII (a customer name) as JSON escapes and reads them back unchanged', () => {
    const named = { order: 'bookings.customer.asc', values: ['jürgen größe-ßöä 😀 "zitat" \\', '0b4f3a52-51a4-4be1-9b51-4a1f2b7c9d10'] };
    const text = encodeCursor(named);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(named);
    expect(decodeCursor(encodeCursor({ order: 'bookings.customer.asc', values: ['😀'.repeat(64), cursor.values[1]] }))?.values[0]).toBe('😀'.repeat(64));
  });

  it('writes base64url as the standard alphabet does, without padding', () => {
    // Node's Buffer.from(text).toString('base64url') of each text.
    const standards: [string, string][] = [['', ''], ['a', 'YQ'], ['ab', 'YWI'], ['abc', 'YWJj'], ['abcd', 'YWJjZA'], ['{"o":"x","k":["?>~"]}', 'eyJvIjoieCIsImsiOlsiPz5-Il19']];
    for (const [text, standard] of standards) {
      expect(base64UrlOfAscii(text)).toBe(standard);
      expect(asciiOfBase64Url(standard)).toBe(text);
    }
  });

  it('refuses what it did not make: other alphabets, stray bits, non-ASCII bytes, JSON of another shape, overlong text', () => {
    const valid = encodeCursor(cursor);
    expect(decodeCursor('')).toBeNull();
    expect(decodeCursor('kaputt!')).toBeNull();
    expect(decodeCursor(`${valid}=`)).toBeNull();
    expect(decodeCursor('QR')).toBeNull(); // "A" with a stray bit left over
    expect(decodeCursor('_w')).toBeNull(); // byte 0xff
    expect(decodeCursor(base64UrlOfAscii('nicht json'))).toBeNull();
    expect(decodeCursor(base64UrlOfAscii('[1,2]'))).toBeNull();
    expect(decodeCursor(base64UrlOfAscii('{"o":"x","k":[]}'))).toBeNull();
    expect(decodeCursor(base64UrlOfAscii('{"o":"x","k":[1]}'))).toBeNull();
    expect(decodeCursor(base64UrlOfAscii('{"o":1,"k":["a"]}'))).toBeNull();
    expect(decodeCursor('A'.repeat(2100))).toBeNull();
  });

  it('checks each value against its kind: instants to the microsecond on a real calendar day, lower-case uuids', () => {
    expect(fitsKeyKind('instant', '2026-12-08T10:15:00.123456Z')).toBe(true);
    expect(fitsKeyKind('instant', '2028-02-29T23:59:59.999999Z')).toBe(true);
    expect(fitsKeyKind('instant', '2026-02-30T10:15:00.000000Z')).toBe(false);
    expect(fitsKeyKind('instant', '2026-12-08T24:00:00.000000Z')).toBe(false);
    expect(fitsKeyKind('instant', '2026-12-08T10:15:00.123Z')).toBe(false);
    expect(fitsKeyKind('instant', "2026-12-08T10:15:00.123456Z' or 1=1")).toBe(false);
    expect(fitsKeyKind('uuid', cursor.values[1])).toBe(true);
    expect(fitsKeyKind('uuid', 'ABCD-EFGH')).toBe(false);
    expect(fitsKeyKind('text', 'anna@example.com')).toBe(true);
  });

  it('reads decimals as numeric(12,2) writes them, and any text as a text key', () => {
    expect(fitsKeyKind('decimal', '0.00')).toBe(true);
    expect(fitsKeyKind('decimal', '-12.50')).toBe(true);
    expect(fitsKeyKind('decimal', '9999999999.99')).toBe(true);
    expect(fitsKeyKind('decimal', '12.5')).toBe(false);
    expect(fitsKeyKind('decimal', '1e3')).toBe(false);
    expect(fitsKeyKind('decimal', "1.00' or 1=1")).toBe(false);
    expect(fitsKeyKind('text', 'müller')).toBe(true);
  });
});

describe('paging parameters', () => {
  const parse = (input: Record<string, unknown>) => parseFields(graphqlPagingSchema(bookingPageBounds), input);

  it('sizes the page by first, else limit, else the default; reads a cursor', () => {
    expect(parse({ limit: 20, offset: 40, first: null, after: null })).toEqual({ ok: true, value: { size: 20, offset: 40, after: null, cursorField: 'after' } });
    expect(parse({ limit: 50, offset: 0, first: 10, after: encodeCursor(cursor) })).toEqual({ ok: true, value: { size: 10, offset: 0, after: cursor, cursorField: 'after' } });
    expect(parse({})).toEqual({ ok: true, value: { size: 50, offset: 0, after: null, cursorField: 'after' } });
  });

  it('refuses sizes and offsets out of range naming the field instead of clamping them', () => {
    const size = pagingMessages.size(500);
    expect(parse({ limit: 0 })).toEqual({ ok: false, fieldErrors: { limit: size } });
    expect(parse({ limit: -5 })).toEqual({ ok: false, fieldErrors: { limit: size } });
    expect(parse({ limit: 501 })).toEqual({ ok: false, fieldErrors: { limit: size } });
    expect(parse({ limit: 1.5 })).toEqual({ ok: false, fieldErrors: { limit: size } });
    expect(parse({ limit: 'viele' })).toEqual({ ok: false, fieldErrors: { limit: size } });
    expect(parse({ first: 0 })).toEqual({ ok: false, fieldErrors: { first: size } });
    expect(parse({ offset: -1 })).toEqual({ ok: false, fieldErrors: { offset: pagingMessages.offset } });
    expect(parse({ offset: 2 ** 31 })).toEqual({ ok: false, fieldErrors: { offset: pagingMessages.offset } });
  });

  it('refuses a malformed cursor and a cursor beside an offset', () => {
    expect(parse({ after: 'kaputt' })).toEqual({ ok: false, fieldErrors: { after: pagingMessages.cursor } });
    expect(parse({ after: encodeCursor(cursor), offset: 10 })).toEqual({ ok: false, fieldErrors: { offset: pagingMessages.cursorWithOffset } });
  });

  it('names every refused field in the message', () => {
    expect(pagingDetail({ limit: 'a', offset: 'b' })).toBe('Ungültige Seitenangabe: limit: a; offset: b');
  });
});
