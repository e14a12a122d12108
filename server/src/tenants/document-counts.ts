/**
 * The tenant's yearly receipt and invoice counters as the full tenant shows them (docs/receipts.md:
 * receiptCount, invoiceCount, `{ "<year>": lastNumber }`, read-only). The counters live with the
 * receipts domain (above this one), which answers this port; wired in services.ts.
 */
export interface DocumentCounts {
  receiptCount: Record<string, number>;
  invoiceCount: Record<string, number>;
}

export interface TenantDocumentCounts {
  countsOf(tenantIds: readonly string[]): Promise<Map<string, DocumentCounts>>;
}

export const noDocumentCounts = (): DocumentCounts => ({ receiptCount: {}, invoiceCount: {} });
