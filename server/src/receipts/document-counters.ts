import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { pgTextArray } from '../shared/sql.js';
import type { DocumentCounts, TenantDocumentCounts } from '../tenants/document-counts.js';
import type { DocumentKind } from './document-number.js';

/**
 * The next number of a tenant's yearly counter of a kind, counted in PostgreSQL in the caller's
 * transaction: the upsert takes the counter row's lock until that transaction ends, so concurrent
 * documents get consecutive numbers without gaps (a rolled-back document gives its number back)
 * and no read-modify-write in the application can double count.
 */
export async function nextDocumentSequence(em: EntityManager, tenantId: string, kind: DocumentKind, year: number): Promise<number> {
  const rows = await em.execute<{ last_number: number }[]>(
    `insert into "document_counters" ("tenant_id", "kind", "year", "last_number") values (?, ?, ?, 1)
     on conflict ("tenant_id", "kind", "year") do update set "last_number" = "document_counters"."last_number" + 1
     returning "last_number"`,
    [tenantId, kind, year],
  );
  return Number(rows[0].last_number);
}

/** The tenants domain's port: the counters as the full tenant shows them ({"2026": 41}). */
export class DocumentCounterReader implements TenantDocumentCounts {
  constructor(private readonly orm: MikroORM) {}

  async countsOf(tenantIds: readonly string[]): Promise<Map<string, DocumentCounts>> {
    const rows = await this.orm.em
      .fork()
      .execute<{ tenant_id: string; kind: DocumentKind; year: number; last_number: number }[]>(
        `select "tenant_id", "kind", "year", "last_number" from "document_counters" where "tenant_id" = any(?::text[]) order by "year"`,
        [pgTextArray(tenantIds)],
      );
    const counts = new Map<string, DocumentCounts>();
    for (const row of rows) {
      const entry = counts.get(row.tenant_id) ?? { receiptCount: {}, invoiceCount: {} };
      (row.kind === 'receipt' ? entry.receiptCount : entry.invoiceCount)[String(row.year)] = Number(row.last_number);
      counts.set(row.tenant_id, entry);
    }
    return counts;
  }
}
