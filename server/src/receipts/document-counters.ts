import type { EntityManager } from '@mikro-orm/postgresql';
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
