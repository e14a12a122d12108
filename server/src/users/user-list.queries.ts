import type { EntityManager } from '@mikro-orm/postgresql';
import type { Paging } from '../../../common/validation/paging.js';
import { afterCursorSql, keyColumnsSql, keysetPage, orderBySql, type KeyRow, type KeysetOrder, type PageInfo } from '../shared/keyset.js';
import { containsPattern } from '../shared/sql.js';

/** The users lists, newest first: by creation, the e-mail address breaking ties (index users_created_index). */
export const NEWEST_USERS: KeysetOrder = {
  name: 'users.newest',
  columns: [
    { sql: 'u.created', kind: 'instant', direction: 'desc' },
    { sql: 'u.id', kind: 'text', direction: 'desc' },
  ],
};

/** The text a users search looks in, as the trigram index users_search_index holds it; the spaces keep a word from spanning two fields. */
export const USER_SEARCH_TEXT = `lower(u.id || ' ' || u.first_name || ' ' || u.last_name)`;

/** Which accounts a list holds: all, or those of the given tenants and the viewer's own. */
export type UserScope = { all: true } | { all: false; ownId: string; tenantIds: readonly string[] };

function conditionsOf(scope: UserScope, terms: readonly string[]): { sql: string[]; params: unknown[] } {
  const sql: string[] = [];
  const params: unknown[] = [];
  if (!scope.all) {
    if (scope.tenantIds.length === 0) {
      sql.push('u.id = ?');
      params.push(scope.ownId);
    } else {
      sql.push('(u.id = ? or exists (select 1 from tenant_memberships m where m.user_id = u.id and m.tenant_id in (?)))');
      params.push(scope.ownId, scope.tenantIds);
    }
  }
  for (const term of terms) {
    sql.push(`${USER_SEARCH_TEXT} like ?`);
    params.push(containsPattern(term));
  }
  return { sql: sql.length > 0 ? sql : ['true'], params };
}

/** One page of account ids in the scope matching every term, newest first, and (when asked) how many match in all. */
export async function readUserIdPage(
  em: EntityManager,
  scope: UserScope,
  terms: readonly string[],
  paging: Paging,
  options: { count: boolean },
): Promise<{ ids: string[]; pageInfo: PageInfo; totalCount: number | null }> {
  const where = conditionsOf(scope, terms);
  const after = afterCursorSql(NEWEST_USERS, paging);
  const rows = await em.execute<({ id: string } & KeyRow)[]>(
    `select u.id, ${keyColumnsSql(NEWEST_USERS)} from users u
      where ${where.sql.join(' and ')}${after ? ` and ${after.sql}` : ''}
      order by ${orderBySql(NEWEST_USERS)} limit ? offset ?`,
    [...where.params, ...(after?.params ?? []), paging.size + 1, paging.offset],
  );
  const page = keysetPage(NEWEST_USERS, rows, paging.size);
  const pageInfo = { hasNextPage: page.hasNextPage, endCursor: page.endCursor };
  if (!options.count) return { ids: page.rows.map((row) => row.id), pageInfo, totalCount: null };
  const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total from users u where ${where.sql.join(' and ')}`, where.params);
  return { ids: page.rows.map((row) => row.id), pageInfo, totalCount: Number(total) };
}
