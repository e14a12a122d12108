import { describe, expect, it } from 'vitest';
import { encodeCursor, WHOLE_LIST_CAP } from '../validation/paging.js';
import { parseFields } from '../validation/schema.js';
import { wholeListQuerySchema } from './list-query.js';

describe('wholeListQuerySchema (GET api/tenants, api/{tenantId}/bookables)', () => {
  it(`answers the first ${WHOLE_LIST_CAP} without a limit, as before the lists paged, and leaves the path's own parameters alone`, () => {
    expect(parseFields(wholeListQuerySchema, { publicTenants: 'true', type: 'room' })).toEqual({
      ok: true,
      value: { search: null, paging: { size: WHOLE_LIST_CAP, offset: 0, after: null, cursorField: 'cursor' } },
    });
  });

  it('reads the search, a smaller page and the cursor of the page before', () => {
    const cursor = { order: 'tenants.name', values: ['Stadtbibliothek', 'bibliothek'] };
    expect(parseFields(wholeListQuerySchema, { search: 'bibliothek', limit: '25', cursor: encodeCursor(cursor) })).toEqual({
      ok: true,
      value: { search: 'bibliothek', paging: { size: 25, offset: 0, after: cursor, cursorField: 'cursor' } },
    });
  });

  it(`refuses a limit beyond ${WHOLE_LIST_CAP}, a cursor this server did not make and a cursor with an offset, naming the parameter`, () => {
    expect(parseFields(wholeListQuerySchema, { limit: String(WHOLE_LIST_CAP + 1) })).toMatchObject({ ok: false, fieldErrors: { limit: expect.any(String) } });
    expect(parseFields(wholeListQuerySchema, { cursor: 'kaputt!' })).toMatchObject({ ok: false, fieldErrors: { cursor: expect.any(String) } });
    const cursor = encodeCursor({ order: 'bookables.oldest', values: ['2026-11-02T09:30:00.123456Z', '0b4f3a52-51a4-4be1-9b51-4a1f2b7c9d10'] });
    expect(parseFields(wholeListQuerySchema, { cursor, offset: '2' })).toMatchObject({ ok: false, fieldErrors: { offset: expect.any(String) } });
  });
});
