import type { ApolloCache, Reference } from '@apollo/client';
import {
  type KanbanBookingChangedSubscription,
  KanbanCardFragmentDoc,
  type KanbanCardFragment,
  StaffBookingRowFragmentDoc,
  type StaffBookingRowFragment,
} from '../../gql/graphql';
import { ARCHIVE, BACKLOG, backlogInsertion, type Destination, placeCard } from './boardMoves';

/**
 * The board in Apollo's normalized cache. The columns are the board's `states` (each a list of
 * card references), the backlog is the tenant's `bookings(backlog: true)` pages (booking
 * references, newest first). Every change, whether the own move (optimistic and confirmed), another
 * viewer's move (workflowCardChanged) or a booking created or deleted (bookingChanged), is applied
 * here as the server applies it: the card leaves wherever it is and enters its new place. Nothing
 * is fetched again.
 */
export type KanbanCard = KanbanCardFragment;

/** A column as the cache stores it inside the board. */
interface StoredColumn {
  __typename?: string;
  id: string;
  name: string;
  cards: readonly Reference[];
}

/** A backlog page as the cache stores it. */
interface StoredPage {
  __typename?: string;
  total: number;
  items: readonly Reference[];
}

/** Where the server says the card is now: a state at its index, the backlog, or off the board (archived, or its booking deleted). */
export function destinationOf(card: Pick<KanbanCard, 'stateId' | 'archived' | 'index' | 'booking'>): Destination {
  if (card.stateId) return { kind: 'state', stateId: card.stateId, index: card.index ?? 0 };
  if (!card.archived && card.booking) return { kind: 'backlog' };
  return { kind: 'gone' };
}

/** The offset of a stored `bookings` field when it is a page of the tenant's backlog, else null. */
export function backlogPageOffset(storeFieldName: string, tenantId: string): number | null {
  const argumentsStart = storeFieldName.indexOf(':');
  if (argumentsStart < 0) return null;
  try {
    const args = JSON.parse(storeFieldName.slice(argumentsStart + 1)) as Record<string, unknown>;
    const filtered = ['search', 'status', 'from', 'to', 'bookableId'].some((name) => args[name] !== null && args[name] !== undefined);
    if (args.tenantId !== tenantId || args.backlog !== true || filtered) return null;
    return typeof args.offset === 'number' ? args.offset : 0;
  } catch {
    return null;
  }
}

const bookingEntry = (cache: ApolloCache, tenantId: string, id: string) => cache.identify({ __typename: 'Booking', tenantId, id });

/** Takes the card out of every column and puts it at its index of its state (when the board is in the cache). */
function placeOnBoard(cache: ApolloCache, tenantId: string, cardRef: Reference, destination: Destination): void {
  const board = cache.identify({ __typename: 'WorkflowBoard', tenantId });
  if (!board) return;
  cache.modify<{ states: StoredColumn[] }>({
    id: board,
    fields: {
      states(stored) {
        const columns = stored as readonly StoredColumn[];
        const placed = placeCard(
          columns.map((column) => ({ key: column.id, items: column.cards })),
          (item) => item.__ref === cardRef.__ref,
          cardRef,
          destination,
        );
        if (placed.every((column, index) => column.items === columns[index].cards)) return stored;
        return columns.map((column, index) => (placed[index].items === column.cards ? column : { ...column, cards: placed[index].items }));
      },
    },
  });
}

/** Whether the card is in one of the board's columns. */
function onBoard(cache: ApolloCache, tenantId: string, cardEntry: string): boolean {
  const board = cache.identify({ __typename: 'WorkflowBoard', tenantId });
  let found = false;
  if (!board) return found;
  cache.modify<{ states: StoredColumn[] }>({
    id: board,
    fields: {
      states(stored) {
        found = (stored as readonly StoredColumn[]).some((column) => column.cards.some((card) => card.__ref === cardEntry));
        return stored;
      },
    },
  });
  return found;
}

interface LoadedPage {
  storeFieldName: string;
  offset: number;
  page: StoredPage;
  created: number[];
}

/** The tenant's stored backlog pages in offset order, each item's creation read along. */
function backlogPages(cache: ApolloCache, tenantId: string): LoadedPage[] {
  const pages: LoadedPage[] = [];
  cache.modify<{ bookings: StoredPage }>({
    fields: {
      bookings(stored, { storeFieldName, readField }) {
        const offset = backlogPageOffset(storeFieldName, tenantId);
        if (offset === null) return stored;
        const page = stored as StoredPage;
        pages.push({ storeFieldName, offset, page, created: page.items.map((item) => Date.parse(String(readField<string>('timeCreated', item)))) });
        return stored;
      },
    },
  });
  return pages.sort((a, b) => a.offset - b.offset);
}

function writeBacklogPages(cache: ApolloCache, changed: Map<string, StoredPage>): void {
  if (changed.size === 0) return;
  cache.modify<{ bookings: StoredPage }>({
    fields: {
      bookings(stored, { storeFieldName }) {
        return changed.get(storeFieldName) ?? stored;
      },
    },
  });
}

/**
 * The booking leaves the backlog, or enters it where its creation puts it (when that is in the
 * loaded part), and every page's count follows. Answers whether it was in the loaded backlog.
 */
function placeInBacklog(cache: ApolloCache, tenantId: string, bookingRef: Reference, enter: { created: number } | null): boolean {
  const pages = backlogPages(cache, tenantId);
  if (pages.length === 0) return false;
  const changed = new Map<string, StoredPage>();
  let found = false;
  for (const loaded of pages) {
    const kept = loaded.page.items.filter((item) => item.__ref !== bookingRef.__ref);
    if (kept.length === loaded.page.items.length) continue;
    found = true;
    loaded.created = loaded.created.filter((_time, index) => loaded.page.items[index].__ref !== bookingRef.__ref);
    loaded.page = { ...loaded.page, items: kept };
    changed.set(loaded.storeFieldName, loaded.page);
  }
  let delta = found ? -1 : 0;
  if (enter) {
    // The last page read is the freshest count; live changes keep every page's count alike.
    const total = pages[pages.length - 1].page.total + delta;
    const loadedCount = pages.reduce((sum, loaded) => sum + loaded.page.items.length, 0);
    const at = backlogInsertion(
      pages.flatMap((loaded) => loaded.created),
      enter.created,
      loadedCount >= total,
    );
    delta += 1;
    if (at !== null) {
      // The page holding position `at` of the joined pages (the last one for the end).
      let before = 0;
      const target = pages.find((loaded, index) => {
        const fits = at < before + loaded.page.items.length || index === pages.length - 1;
        if (!fits) before += loaded.page.items.length;
        return fits;
      })!;
      const items = [...target.page.items];
      items.splice(at - before, 0, bookingRef);
      target.page = { ...target.page, items };
      changed.set(target.storeFieldName, target.page);
    }
  }
  if (delta !== 0) {
    for (const loaded of pages) {
      loaded.page = { ...loaded.page, total: Math.max(0, loaded.page.total + delta) };
      changed.set(loaded.storeFieldName, loaded.page);
    }
  }
  writeBacklogPages(cache, changed);
  return found;
}

/**
 * A card's new place, from the own move (optimistic or confirmed) or from an event: the card is
 * written to its entry, leaves every column and the backlog, and enters its state at its index, or
 * the backlog at its booking's place; archived cards and deleted bookings leave the board.
 */
export function applyCardPlacement(cache: ApolloCache, tenantId: string, card: KanbanCard): void {
  if (card.tenantId !== tenantId) return;
  const cardRef = cache.writeFragment({ fragment: KanbanCardFragmentDoc, fragmentName: 'KanbanCard', data: card });
  const bookingId = bookingEntry(cache, tenantId, card.id);
  if (!cardRef || !bookingId) return;
  const destination = destinationOf(card);
  placeOnBoard(cache, tenantId, cardRef, destination);
  const entersBacklog = destination.kind === 'backlog' && card.booking ? { created: Date.parse(card.booking.timeCreated) } : null;
  placeInBacklog(cache, tenantId, { __ref: bookingId }, entersBacklog);
}

export type BookingChange = KanbanBookingChangedSubscription['bookingChanged'];

/**
 * What a booking's change means for the backlog, where no card moves: a new booking without a state
 * (no default state) enters it at the top, a deleted one leaves it. Moves between the backlog and
 * the states come as card events.
 */
export function applyBacklogBookingChange(cache: ApolloCache, tenantId: string, change: BookingChange): void {
  if (change.tenantId !== tenantId) return;
  const entry = bookingEntry(cache, tenantId, change.id);
  if (!entry) return;
  if (change.action === 'DELETED' || !change.booking) {
    placeInBacklog(cache, tenantId, { __ref: entry }, null);
    return;
  }
  if (change.action !== 'CREATED' || change.booking.workflowStatus) return;
  const card = cache.identify({ __typename: 'WorkflowCard', tenantId, id: change.id });
  if (card && onBoard(cache, tenantId, card)) return;
  const booking: StaffBookingRowFragment = change.booking;
  const ref = cache.writeFragment({ id: entry, fragment: StaffBookingRowFragmentDoc, fragmentName: 'StaffBookingRow', data: booking });
  if (!ref) return;
  // Already there (the event arrived twice, or its page was read after the booking was made): only once.
  const pages = backlogPages(cache, tenantId);
  if (pages.some((loaded) => loaded.page.items.some((item) => item.__ref === entry))) return;
  placeInBacklog(cache, tenantId, ref, { created: Date.parse(booking.timeCreated) });
}

/** The card as the server will answer the move, for the optimistic update. */
export function optimisticCard(
  tenantId: string,
  item: { id: string; booking: KanbanCard['booking']; enteredAt: string | null; column: string },
  destination: string,
  index: number,
  now: Date,
): KanbanCard & { __typename: 'WorkflowCard' } {
  const toState = destination !== BACKLOG && destination !== ARCHIVE;
  // Within its state a card keeps the time it entered; the server does the same.
  const enteredAt = toState && item.column === destination ? item.enteredAt : toState || destination === ARCHIVE ? now.toISOString() : null;
  return {
    __typename: 'WorkflowCard',
    id: item.id,
    tenantId,
    stateId: toState ? destination : null,
    archived: destination === ARCHIVE,
    index: toState ? index : null,
    enteredAt,
    booking: item.booking,
  };
}
