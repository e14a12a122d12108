import type { EntityManager } from '@mikro-orm/postgresql';
import type { Paging } from '../../../common/validation/paging.js';
import { afterCursorSql, keyColumnsSql, keysetPage, orderBySql, type KeyRow, type KeysetOrder, type PageInfo } from '../shared/keyset.js';
import { containsPattern } from '../shared/sql.js';

/** The tenants lists, by name, the id breaking ties (index tenants_name_index). */
export const TENANTS_BY_NAME: KeysetOrder = {
  name: 'tenants.name',
  columns: [
    { sql: 't.name', kind: 'text', direction: 'asc' },
    { sql: 't.id', kind: 'text', direction: 'asc' },
  ],
};

/**
 * The text a tenants search looks in, as the trigram index tenants_search_index holds it: the
 * fields the instance's tenants table shows. The spaces keep a word from spanning two fields.
 */
export const TENANT_SEARCH_TEXT = `lower(t.id || ' ' || t.name || ' ' || t.contact_name || ' ' || t.location || ' ' || t.mail || ' ' || t.phone)`;

/** Which tenants a list holds: all (instance owners), or those of the given ids. */
export type TenantScope = { all: true } | { all: false; ids: readonly string[] };

/** One page of tenant ids in the scope matching every term, by name, and how many match in all. */
export async function readTenantIdPage(em: EntityManager, scope: TenantScope, terms: readonly string[], paging: Paging): Promise<{ ids: string[]; pageInfo: PageInfo; totalCount: number }> {
  if (!scope.all && scope.ids.length === 0) return { ids: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };
  const where: string[] = [];
  const params: unknown[] = [];
  if (!scope.all) {
    where.push('t.id in (?)');
    params.push(scope.ids);
  }
  for (const term of terms) {
    where.push(`${TENANT_SEARCH_TEXT} like ?`);
    params.push(containsPattern(term));
  }
  const condition = where.length > 0 ? where.join(' and ') : 'true';
  const after = afterCursorSql(TENANTS_BY_NAME, paging);
  const rows = await em.execute<({ id: string } & KeyRow)[]>(
    `select t.id, ${keyColumnsSql(TENANTS_BY_NAME)} from tenants t
      where ${condition}${after ? ` and ${after.sql}` : ''}
      order by ${orderBySql(TENANTS_BY_NAME)} limit ? offset ?`,
    [...params, ...(after?.params ?? []), paging.size + 1, paging.offset],
  );
  const page = keysetPage(TENANTS_BY_NAME, rows, paging.size);
  const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total from tenants t where ${condition}`, params);
  return { ids: page.rows.map((row) => row.id), pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor }, totalCount: Number(total) };
}
