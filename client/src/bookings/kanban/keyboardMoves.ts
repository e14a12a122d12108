import { BACKLOG, type Column, type Position } from './boardMoves';

/**
 * The board by keyboard, as pure functions. Without a card picked up, the arrow keys move the
 * focus between cards (up and down in a column, left and right to the neighbouring column with
 * cards, at the same height), Home and End to a column's first and last card. With a card picked
 * up (Space), the same keys move its place: up and down in its column, left and right to the
 * neighbouring column (at the same height where there is room), Home and End to the column's top
 * and bottom. The backlog keeps its own order (newest first), so there a card has no height.
 */
export type BoardKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

const BOARD_KEYS: readonly string[] = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'];
export const isBoardKey = (key: string): key is BoardKey => BOARD_KEYS.includes(key);

/** The place a picked-up card moves to; `pending.index` is counted without the card, as the server counts. */
export function movedPosition<T>(columns: readonly Column<T>[], isCard: (item: T) => boolean, pending: Position, key: BoardKey): Position {
  const at = columns.findIndex((column) => column.key === pending.column);
  if (at < 0) return pending;
  // Room in a column: its cards without the picked-up one.
  const room = (column: Column<T>) => column.items.length - (column.items.some(isCard) ? 1 : 0);
  const place = (column: Column<T>, index: number): Position => ({ column: column.key, index: column.key === BACKLOG ? 0 : Math.max(0, Math.min(index, room(column))) });
  const column = columns[at];
  switch (key) {
    case 'ArrowUp':
      return place(column, pending.index - 1);
    case 'ArrowDown':
      return place(column, pending.index + 1);
    case 'Home':
      return place(column, 0);
    case 'End':
      return place(column, room(column));
    case 'ArrowLeft':
    case 'ArrowRight': {
      const next = columns[at + (key === 'ArrowLeft' ? -1 : 1)];
      return next ? place(next, pending.index) : pending;
    }
  }
}

/** The card the focus goes to from `current`, or null when there is none in that direction. */
export function focusTarget<T>(columns: readonly Column<T>[], current: Position, key: BoardKey): Position | null {
  const at = columns.findIndex((column) => column.key === current.column);
  if (at < 0) return null;
  const { items } = columns[at];
  switch (key) {
    case 'ArrowUp':
      return current.index > 0 ? { column: current.column, index: current.index - 1 } : null;
    case 'ArrowDown':
      return current.index < items.length - 1 ? { column: current.column, index: current.index + 1 } : null;
    case 'Home':
      return items.length > 0 ? { column: current.column, index: 0 } : null;
    case 'End':
      return items.length > 0 ? { column: current.column, index: items.length - 1 } : null;
    case 'ArrowLeft':
    case 'ArrowRight': {
      const step = key === 'ArrowLeft' ? -1 : 1;
      // Empty columns are passed over.
      for (let next = at + step; next >= 0 && next < columns.length; next += step) {
        const { items: nextItems, key: column } = columns[next];
        if (nextItems.length > 0) return { column, index: Math.min(current.index, nextItems.length - 1) };
      }
      return null;
    }
  }
}
