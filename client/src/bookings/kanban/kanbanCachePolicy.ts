import type { ApolloCache, InMemoryCache, TypePolicies } from '@apollo/client';

/**
 * How Apollo's normalized cache keeps the kanban board.
 *
 * A card is identified like its booking, by tenant and booking number, so an event or an answer
 * about a card updates the one entry every column reads. The board is one per tenant; its columns
 * have no identity of their own (a state id is unique only within its tenant) and live inside it.
 * Lists are replaced, never merged: every change writes the whole new list of a column.
 */
export const kanbanTypePolicies: TypePolicies = {
  WorkflowCard: { keyFields: ['tenantId', 'id'] },
  WorkflowBoard: { keyFields: ['tenantId'], fields: { states: { merge: false } } },
  WorkflowColumn: { keyFields: false, fields: { cards: { merge: false } } },
};

const registered = new WeakSet<object>();

/**
 * Adds the board's type policies to the app's cache (shared/apolloCache.ts) when the board's chunk
 * is used, not in the first chunk every page loads: only the board reads and writes these types.
 */
export function registerKanbanTypePolicies(cache: ApolloCache): void {
  // Told by its policies, not by instanceof: importing InMemoryCache here would split it out of the first chunk.
  if (!('policies' in cache) || registered.has(cache)) return;
  (cache as InMemoryCache).policies.addTypePolicies(kanbanTypePolicies);
  registered.add(cache);
}
