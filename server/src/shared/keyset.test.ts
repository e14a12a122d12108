import { describe, expect, it } from 'vitest';
import { encodeCursor, type Paging } from '../../../common/validation/paging.js';
import { AppError } from './errors.js';
import { afterCursorSql, cursorAfter, keyColumnsSql, keysetPage, orderBySql, type KeysetOrder } from './keyset.js';

const newest: KeysetOrder = {
  name: 'test.newest',
  columns: [
    { sql: 't.created_at', kind: 'instant', direction: 'desc' },
    { sql: 't.id', kind: 'uuid', direction: 'desc' },
  ],
};
const byStart: KeysetOrder = {
  name: 'test.start',
  columns: [
    { sql: 't.starts_at', kind: 'instant', direction: 'desc', nullable: true },
    { sql: 't.id', kind: 'uuid', direction: 'asc' },
  ],
};
const id = '0b4f3a52-51a4-4be1-9b51-4a1f2b7c9d10';
const at = '2026-12-08T10:15:00.123456Z';
const paging = (order: string, values: (string | null)[]): Paging => ({ size: 10, offset: 0, after: { order, values }, cursorField: 'cursor' });

describe('keyset SQL', () => {
  it('orders by the columns with nulls as the smallest value, and reads each key as exact text', () => {
    expect(orderBySql(newest)).toBe('t.created_at desc, t.id desc');
    expect(orderBySql(byStart)).toBe('t.starts_at desc nulls last, t.id asc');
    expect(keyColumnsSql(newest)).toBe(`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as keyset_0, t.id::text as keyset_1`);
  });

  it('continues a uniform order by a row comparison, a mixed one spelt out behind a bound on its first column', () => {
    expect(afterCursorSql(newest, { size: 10, offset: 0, after: null, cursorField: 'after' })).toBeNull();
    expect(afterCursorSql(newest, paging('test.newest', [at, id]))).toEqual({ sql: '(t.created_at, t.id) < (?::timestamptz, ?::uuid)', params: [at, id] });
    expect(afterCursorSql(byStart, paging('test.start', [at, id]))).toEqual({
      sql: '((t.starts_at < ?::timestamptz or t.starts_at is null) or t.starts_at = ?::timestamptz) and (((t.starts_at < ?::timestamptz or t.starts_at is null)) or (t.starts_at = ?::timestamptz and t.id > ?::uuid))',
      params: [at, at, at, at, id],
    });
    // After a row without a start only rows without a start follow, by id.
    expect(afterCursorSql(byStart, paging('test.start', [null, id]))).toEqual({
      sql: '(false or t.starts_at is null) and ((false) or (t.starts_at is null and t.id > ?::uuid))',
      params: [id],
    });
  });

  it('refuses a cursor of another order, of another length or with values that do not fit, naming the parameter', () => {
    const refused = (candidate: Paging) => {
      try {
        afterCursorSql(byStart, candidate);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return (error as AppError).fieldErrors;
      }
      throw new Error('not refused');
    };
    expect(refused(paging('test.newest', [at, id]))).toEqual({ cursor: 'Der Cursor gehört zu einer anderen Liste oder Sortierung.' });
    expect(Object.keys(refused(paging('test.start', [at])) ?? {})).toEqual(['cursor']);
    expect(Object.keys(refused(paging('test.start', [at, null])) ?? {})).toEqual(['cursor']);
    expect(Object.keys(refused(paging('test.start', ['2026-02-30T00:00:00.000000Z', id])) ?? {})).toEqual(['cursor']);
    expect(Object.keys(refused(paging('test.start', [at, "x' or '1'='1"])) ?? {})).toEqual(['cursor']);
  });

  it('cuts the extra row off the page and points the cursor after the last row kept', () => {
    const rows = [
      { keyset_0: at, keyset_1: id, name: 'a' },
      { keyset_0: null, keyset_1: id, name: 'b' },
      { keyset_0: null, keyset_1: id, name: 'c' },
    ];
    expect(keysetPage(byStart, rows, 2)).toEqual({ rows: rows.slice(0, 2), hasNextPage: true, endCursor: encodeCursor({ order: 'test.start', values: [null, id] }) });
    expect(keysetPage(byStart, rows, 3)).toMatchObject({ hasNextPage: false, endCursor: cursorAfter(byStart, rows[2]) });
    expect(keysetPage(byStart, [], 3)).toEqual({ rows: [], hasNextPage: false, endCursor: null });
  });
});
