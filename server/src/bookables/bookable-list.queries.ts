import type { EntityManager } from '@mikro-orm/postgresql';
import type { Paging } from '../../../common/validation/paging.js';
import { afterCursorSql, keyColumnsSql, keysetPage, orderBySql, type KeyRow, type KeysetOrder, type PageInfo } from '../shared/keyset.js';
import { containsPattern, pgTextArray } from '../shared/sql.js';
import { isUuid } from '../shared/ids.js';
import type { BookableType } from './bookable.model.js';

/** A tenant's objects in creation order, the id breaking ties (index bookables_tenant_created_index, or bookables_tenant_type_created_index of one type). */
export const OLDEST_BOOKABLES: KeysetOrder = {
  name: 'bookables.oldest',
  columns: [
    { sql: 'b.created_at', kind: 'instant', direction: 'asc' },
    { sql: 'b.id', kind: 'uuid', direction: 'asc' },
  ],
};

/** Newest first (the resources' and tickets' lists): the same indexes, read backwards. */
export const NEWEST_BOOKABLES: KeysetOrder = {
  name: 'bookables.newest',
  columns: [
    { sql: 'b.created_at', kind: 'instant', direction: 'desc' },
    { sql: 'b.id', kind: 'uuid', direction: 'desc' },
  ],
};

/** The text an objects search looks in, as the trigram index bookables_search_index holds it; the space keeps a word from spanning both. */
export const BOOKABLE_SEARCH_TEXT = `lower(b.title || ' ' || b.location)`;

/** Whose objects a list holds: every object of the tenant, those the user owns (readOwn), or none (no read right). */
export type BookableScope = { kind: 'all' } | { kind: 'owned'; userId: string } | { kind: 'none' };

export interface BookablePageQuery {
  type?: BookableType | null;
  /** Objects carrying any of these tags. */
  tags?: readonly string[] | null;
  /** Only public (true) or only non-public (false) objects; null: both. */
  isPublic?: boolean | null;
  /** Only these objects (a picker naming its chosen ones); ids that are no object id match nothing. */
  ids?: readonly string[] | null;
  terms: readonly string[];
  newestFirst: boolean;
  paging: Paging;
}

/** One page of the tenant's object ids in the scope and the filter, and how many match in all. */
export async function readBookableIdPage(
  em: EntityManager,
  tenantId: string,
  scope: BookableScope,
  query: BookablePageQuery,
): Promise<{ ids: string[]; pageInfo: PageInfo; totalCount: number }> {
  const order = query.newestFirst ? NEWEST_BOOKABLES : OLDEST_BOOKABLES;
  // The cursor is checked first, so a wrong one is refused even where the scope holds nothing.
  const after = afterCursorSql(order, query.paging);
  if (scope.kind === 'none') return { ids: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };
  const where = ['b.tenant_id = ?'];
  const params: unknown[] = [tenantId];
  if (scope.kind === 'owned') {
    where.push('b.owner_user_id = ?');
    params.push(scope.userId);
  }
  if (query.type) {
    where.push('b.type = ?');
    params.push(query.type);
  }
  if (query.tags?.length) {
    where.push('b.tags && ?::text[]');
    params.push(pgTextArray(query.tags));
  }
  if (typeof query.isPublic === 'boolean') {
    where.push('b.is_public = ?');
    params.push(query.isPublic);
  }
  if (query.ids) {
    where.push('b.id = any(?::uuid[])');
    params.push(pgTextArray(query.ids.filter(isUuid)));
  }
  for (const term of query.terms) {
    where.push(`${BOOKABLE_SEARCH_TEXT} like ?`);
    params.push(containsPattern(term));
  }
  const condition = where.join(' and ');
  const rows = await em.execute<({ id: string } & KeyRow)[]>(
    `select b.id, ${keyColumnsSql(order)} from bookables b
      where ${condition}${after ? ` and ${after.sql}` : ''}
      order by ${orderBySql(order)} limit ? offset ?`,
    [...params, ...(after?.params ?? []), query.paging.size + 1, query.paging.offset],
  );
  const page = keysetPage(order, rows, query.paging.size);
  const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total from bookables b where ${condition}`, params);
  return { ids: page.rows.map((row) => row.id), pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor }, totalCount: Number(total) };
}
