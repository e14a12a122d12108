import { encodeCursor, fitsKeyKind, pagingDetail, pagingMessages, type KeyKind, type Paging } from '../../../common/validation/paging.js';
import { AppError } from './errors.js';

/**
 * Keyset paging in SQL, for every list that pages by cursor: the ORDER BY, the sort key of each row
 * as text, the condition "after this cursor", and the page with its next cursor. Rows added while a
 * client pages never shift a page (as an offset would): the next page starts after the last row
 * read, by its sort key. Each order ends in a unique column, so the key names exactly one row.
 * Cursor encoding and its checks are in common/validation/paging.ts.
 */

/** One column of an order: an SQL expression on the list's alias, its kind and direction. */
export interface KeyColumn {
  sql: string;
  kind: KeyKind;
  direction: 'asc' | 'desc';
  /** Nulls count as the smallest value: first ascending, last descending. */
  nullable?: boolean;
}

/** A list's order, named: a cursor carries the name and is refused by any other order. */
export interface KeysetOrder {
  name: string;
  columns: readonly KeyColumn[];
}

/** `keyset_0`, `keyset_1`, …: the columns each row's sort key is read into. */
export type KeyRow = Record<`keyset_${number}`, string | null>;

/** A key column as exact text: instants in UTC to the microsecond (a JavaScript Date would lose them). */
const keyText = (column: KeyColumn) =>
  column.kind === 'instant' ? `to_char(${column.sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : `${column.sql}::text`;

const CASTS: Record<KeyKind, string> = { instant: 'timestamptz', uuid: 'uuid', text: 'text', decimal: 'numeric', integer: 'integer' };
const castOf = (column: KeyColumn) => CASTS[column.kind];

/** The select list of the sort key: `<text> as keyset_0, …`. */
export function keyColumnsSql(order: KeysetOrder): string {
  return order.columns.map((column, index) => `${keyText(column)} as keyset_${index}`).join(', ');
}

/** The ORDER BY of the order (without the keywords). */
export function orderBySql(order: KeysetOrder): string {
  return order.columns.map((column) => `${column.sql} ${column.direction}${column.nullable ? (column.direction === 'asc' ? ' nulls first' : ' nulls last') : ''}`).join(', ');
}

interface Condition {
  sql: string;
  params: unknown[];
}

/** Rows strictly after `value` in the column's direction. */
function beyond(column: KeyColumn, value: string | null): Condition {
  const cast = castOf(column);
  const comparison = column.direction === 'asc' ? '>' : '<';
  if (value === null) return column.direction === 'asc' ? { sql: `${column.sql} is not null`, params: [] } : { sql: 'false', params: [] };
  const sql = `${column.sql} ${comparison} ?::${cast}`;
  return { sql: column.nullable && column.direction === 'desc' ? `(${sql} or ${column.sql} is null)` : sql, params: [value] };
}

/** Rows with the same value in the column. */
function same(column: KeyColumn, value: string | null): Condition {
  return value === null ? { sql: `${column.sql} is null`, params: [] } : { sql: `${column.sql} = ?::${castOf(column)}`, params: [value] };
}

/** The cursor's values when it belongs to the order and each fits its column; otherwise a validation error naming the parameter. */
function keyOf(order: KeysetOrder, paging: Paging): (string | null)[] {
  const cursor = paging.after;
  const refuse = (message: string) => new AppError('generic.validation', { detail: pagingDetail({ [paging.cursorField]: message }), fieldErrors: { [paging.cursorField]: message } });
  if (!cursor || cursor.order !== order.name) throw refuse(pagingMessages.cursorOrder);
  if (cursor.values.length !== order.columns.length) throw refuse(pagingMessages.cursor);
  order.columns.forEach((column, index) => {
    const value = cursor.values[index];
    if (value === null ? !column.nullable : !fitsKeyKind(column.kind, value)) throw refuse(pagingMessages.cursor);
  });
  return cursor.values;
}

/**
 * The condition "after the cursor" in the order, or null without a cursor. With one direction and
 * no nulls it is a row comparison, which a B-tree index on the key columns answers as a range;
 * otherwise it spells the order out, led by a bound on the first column for the index.
 */
export function afterCursorSql(order: KeysetOrder, paging: Paging): Condition | null {
  if (!paging.after) return null;
  const values = keyOf(order, paging);
  const { columns } = order;
  const uniform = columns.every((column) => !column.nullable && column.direction === columns[0].direction);
  if (uniform) {
    const comparison = columns[0].direction === 'asc' ? '>' : '<';
    return {
      sql: `(${columns.map((column) => column.sql).join(', ')}) ${comparison} (${columns.map((column) => `?::${castOf(column)}`).join(', ')})`,
      params: values,
    };
  }
  const alternatives: Condition[] = columns.map((column, index) => {
    const parts = [...columns.slice(0, index).map((previous, position) => same(previous, values[position])), beyond(column, values[index])];
    return { sql: parts.map((part) => part.sql).join(' and '), params: parts.flatMap((part) => part.params) };
  });
  const lead = alternatives.map((alternative) => `(${alternative.sql})`).join(' or ');
  const first = beyond(columns[0], values[0]);
  const atFirst = same(columns[0], values[0]);
  return { sql: `(${first.sql} or ${atFirst.sql}) and (${lead})`, params: [...first.params, ...atFirst.params, ...alternatives.flatMap((alternative) => alternative.params)] };
}

/** A page of rows read with `size + 1` rows asked for: the rows, whether more follow, and the cursor after the last. */
export interface KeysetPage<T> {
  rows: T[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/** The cursor pointing after a row that carries its sort key (keyColumnsSql). */
export const cursorAfter = (order: KeysetOrder, row: KeyRow): string =>
  encodeCursor({ order: order.name, values: order.columns.map((_column, index) => row[`keyset_${index}`] ?? null) });

/** Splits the `size + 1` rows read into the page and the knowledge whether another follows. */
export function keysetPage<T extends KeyRow>(order: KeysetOrder, rows: readonly T[], size: number): KeysetPage<T> {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { rows: page, hasNextPage: rows.length > size, endCursor: last ? cursorAfter(order, last) : null };
}

/** What a page says about the next (GraphQL `pageInfo`, REST `X-Next-Cursor`). */
export interface PageInfo {
  hasNextPage: boolean;
  /** The cursor after the page's last row; null for an empty page. */
  endCursor: string | null;
}
