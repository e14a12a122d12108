/**
 * The board's lists as pure functions: where a card goes when it moves (the server's rule, "remove
 * it wherever it is, then insert it at `index` of its state"), the index a drop on a card's edge
 * means, and where a booking stands in the backlog (newest first). The cache (kanbanCache.ts), the
 * drag and drop and the keyboard all use these, so they agree with one another and the server.
 */

/** The backlog's column key, also the server's destination for it. */
export const BACKLOG = 'backlog';
/** The server's destination that takes a card off the board. */
export const ARCHIVE = 'archive';

/** A column of the board: a state (its id) or the backlog, with its items from top to bottom. */
export interface Column<T> {
  key: string;
  items: readonly T[];
}

/** Where a card ends up: a state at an index (0 = top, counted without the card), the backlog, or off the board. */
export type Destination = { kind: 'state'; stateId: string; index: number } | { kind: 'backlog' } | { kind: 'gone' };

/** Where a card is on the board: its column and index. */
export interface Position {
  column: string;
  index: number;
}

/** The position of the item in the columns, or null. */
export function positionOf<T>(columns: readonly Column<T>[], matches: (item: T) => boolean): Position | null {
  for (const column of columns) {
    const index = column.items.findIndex(matches);
    if (index >= 0) return { column: column.key, index };
  }
  return null;
}

/**
 * The columns after the card moved: taken out of every column holding it, then put at `index` of
 * its state (clamped to the column's length); columns that do not change keep their arrays, so a
 * caller can tell what changed by identity. The backlog is not placed here: its order is the
 * bookings' creation (see backlogInsertion).
 */
export function placeCard<T>(columns: readonly Column<T>[], matches: (item: T) => boolean, card: T, destination: Destination): Column<T>[] {
  return columns.map((column) => {
    const kept = column.items.some(matches) ? column.items.filter((item) => !matches(item)) : column.items;
    if (destination.kind !== 'state' || column.key !== destination.stateId) return kept === column.items ? column : { key: column.key, items: kept };
    const at = Math.max(0, Math.min(destination.index, kept.length));
    return { key: column.key, items: [...kept.slice(0, at), card, ...kept.slice(at)] };
  });
}

/** The edge of a card a drop is nearer to. */
export type Edge = 'top' | 'bottom';

/**
 * The index of the server's move for a drop on a card's edge: the place above or below the target,
 * counted without the dragged card (which, in its own column, frees the place above the target when
 * it came from there). A card dropped on itself stays where it is.
 */
export function dropIndex(source: Position, target: Position, edge: Edge | null): number {
  const below = edge === 'bottom' ? 1 : 0;
  if (source.column !== target.column) return target.index + below;
  // Dropped on itself: it stays.
  if (source.index === target.index) return source.index;
  if (source.index < target.index) return target.index - 1 + below;
  return target.index + below;
}

/** The index of a drop on a column's free space: its end, counted without the dragged card. */
export function endIndex(source: Position, column: Column<unknown>): number {
  return source.column === column.key ? column.items.length - 1 : column.items.length;
}

/** Whether a move would leave the card where it is. */
export function isSamePlace(source: Position, column: string, index: number): boolean {
  return source.column === column && (column === BACKLOG || source.index === index);
}

/**
 * Where a booking created at `created` (ms) goes into the loaded part of the backlog, newest first:
 * before the first older one. When none is older and more of the backlog is still to load, it
 * belongs to that unloaded part: null.
 */
export function backlogInsertion(createdTimes: readonly number[], created: number, complete: boolean): number | null {
  const index = createdTimes.findIndex((time) => time < created);
  if (index >= 0) return index;
  return complete ? createdTimes.length : null;
}

/**
 * The columns with a card shown at a place it has not been moved to yet (picked up by keyboard):
 * at the index of a state, or in the backlog where its creation puts it (`createdOf`, ms).
 */
export function previewPlace<T>(columns: readonly Column<T>[], matches: (item: T) => boolean, card: T, place: Position, createdOf: (item: T) => number): Column<T>[] {
  if (place.column !== BACKLOG) return placeCard(columns, matches, card, { kind: 'state', stateId: place.column, index: place.index });
  return placeCard(columns, matches, card, { kind: 'backlog' }).map((column) => {
    if (column.key !== BACKLOG) return column;
    const at = backlogInsertion(column.items.map(createdOf), createdOf(card), true) ?? column.items.length;
    return { key: column.key, items: [...column.items.slice(0, at), card, ...column.items.slice(at)] };
  });
}
