import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { encodeCursor, UNPAGED_LIST_CAP } from '../validation/paging.js';
import { MAX_USER_SEARCH_TERMS, userListQuerySchema, userSearchTerms } from './user-list.js';

describe('userSearchTerms', () => {
  it('splits at any whitespace, lower-cases, drops repeats and blanks', () => {
    expect(userSearchTerms('  Anna\tSCHMIDT\nanna ')).toEqual(['anna', 'schmidt']);
    expect(userSearchTerms('Jörg ÄRGER')).toEqual(['jörg', 'ärger']);
    expect(userSearchTerms('   ')).toEqual([]);
    expect(userSearchTerms(null)).toEqual([]);
  });

  it(`keeps at most ${MAX_USER_SEARCH_TERMS} words`, () => {
    const words = Array.from({ length: 15 }, (_unused, index) => `wort${index}`);
    expect(userSearchTerms(words.join(' '))).toEqual(words.slice(0, MAX_USER_SEARCH_TERMS));
  });
});

describe('userListQuerySchema', () => {
  it(`pages ${UNPAGED_LIST_CAP} accounts without a limit, fewer with one, after a cursor`, () => {
    const cursor = { order: 'users.newest', values: ['2026-11-02T09:30:00.123456Z', 'jörg@example.com'] };
    expect(parseFields(userListQuerySchema, {})).toEqual({ ok: true, value: { search: null, paging: { size: UNPAGED_LIST_CAP, offset: 0, after: null, cursorField: 'cursor' } } });
    expect(parseFields(userListQuerySchema, { search: 'anna', limit: '20', cursor: encodeCursor(cursor) })).toEqual({
      ok: true,
      value: { search: 'anna', paging: { size: 20, offset: 0, after: cursor, cursorField: 'cursor' } },
    });
  });

  it('refuses a limit beyond 500 and a cursor with an offset, naming the parameter', () => {
    expect(parseFields(userListQuerySchema, { limit: '501' })).toMatchObject({ ok: false, fieldErrors: { limit: expect.any(String) } });
    const cursor = encodeCursor({ order: 'users.newest', values: ['2026-11-02T09:30:00.123456Z', 'a@example.com'] });
    expect(parseFields(userListQuerySchema, { cursor, offset: '2' })).toMatchObject({ ok: false, fieldErrors: { offset: expect.any(String) } });
  });
});
