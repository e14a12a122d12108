import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { bookingsLinkRequestSchema, guestDocumentPath } from './my-bookings.schema.js';

describe('asking for a guest link to "Meine Buchungen"', () => {
  it('takes the address trimmed and in lower case, as bookings are looked up', () => {
    expect(parseFields(bookingsLinkRequestSchema, { mail: '  Gast@Example.COM ' })).toEqual({ ok: true, value: { mail: 'gast@example.com' } });
  });

  it('refuses a missing and a malformed address under the field', () => {
    expect(parseFields(bookingsLinkRequestSchema, {})).toEqual({ ok: false, fieldErrors: { mail: 'E-Mail ist erforderlich' } });
    expect(parseFields(bookingsLinkRequestSchema, { mail: 'gast@' })).toEqual({ ok: false, fieldErrors: { mail: 'E-Mail muss gültig sein' } });
    expect(parseFields(bookingsLinkRequestSchema, null)).toEqual({ ok: false, fieldErrors: { mail: 'E-Mail ist erforderlich' } });
  });

  it("writes a guest document's path with every part escaped", () => {
    expect(guestDocumentPath('t 1', 'B/2', 'd')).toBe('/api/account/bookings/link/documents/t%201/B%2F2/d');
  });
});
