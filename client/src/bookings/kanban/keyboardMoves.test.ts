import { describe, expect, it } from 'vitest';
import { BACKLOG, type Column } from './boardMoves';
import { focusTarget, isBoardKey, movedPosition } from './keyboardMoves';

const columns: Column<string>[] = [
  { key: BACKLOG, items: ['n1', 'n2'] },
  { key: 'eingang', items: ['a', 'b', 'c'] },
  { key: 'leer', items: [] },
  { key: 'pruefung', items: ['d'] },
];
const is = (id: string) => (item: string) => item === id;

describe('movedPosition (a picked-up card)', () => {
  it('moves up and down in its column within the room left without it', () => {
    expect(movedPosition(columns, is('b'), { column: 'eingang', index: 1 }, 'ArrowUp')).toEqual({ column: 'eingang', index: 0 });
    expect(movedPosition(columns, is('b'), { column: 'eingang', index: 0 }, 'ArrowUp')).toEqual({ column: 'eingang', index: 0 });
    expect(movedPosition(columns, is('b'), { column: 'eingang', index: 1 }, 'ArrowDown')).toEqual({ column: 'eingang', index: 2 });
    // Two other cards: index 2 is the bottom.
    expect(movedPosition(columns, is('b'), { column: 'eingang', index: 2 }, 'ArrowDown')).toEqual({ column: 'eingang', index: 2 });
    expect(movedPosition(columns, is('b'), { column: 'eingang', index: 1 }, 'End')).toEqual({ column: 'eingang', index: 2 });
    expect(movedPosition(columns, is('b'), { column: 'eingang', index: 2 }, 'Home')).toEqual({ column: 'eingang', index: 0 });
  });

  it('moves to the neighbouring column at the same height where there is room, also into an empty one', () => {
    expect(movedPosition(columns, is('c'), { column: 'eingang', index: 2 }, 'ArrowRight')).toEqual({ column: 'leer', index: 0 });
    expect(movedPosition(columns, is('c'), { column: 'leer', index: 0 }, 'ArrowRight')).toEqual({ column: 'pruefung', index: 0 });
    expect(movedPosition(columns, is('a'), { column: 'eingang', index: 0 }, 'ArrowLeft')).toEqual({ column: BACKLOG, index: 0 });
    expect(movedPosition(columns, is('n1'), { column: BACKLOG, index: 0 }, 'ArrowRight')).toEqual({ column: 'eingang', index: 0 });
    expect(movedPosition(columns, is('d'), { column: 'pruefung', index: 0 }, 'ArrowRight')).toEqual({ column: 'pruefung', index: 0 });
  });

  it('gives the backlog no height: its order is the bookings’ own', () => {
    expect(movedPosition(columns, is('n1'), { column: BACKLOG, index: 0 }, 'ArrowDown')).toEqual({ column: BACKLOG, index: 0 });
  });
});

describe('focusTarget (moving the focus)', () => {
  it('goes up and down a column and stops at its ends', () => {
    expect(focusTarget(columns, { column: 'eingang', index: 1 }, 'ArrowDown')).toEqual({ column: 'eingang', index: 2 });
    expect(focusTarget(columns, { column: 'eingang', index: 2 }, 'ArrowDown')).toBeNull();
    expect(focusTarget(columns, { column: 'eingang', index: 0 }, 'ArrowUp')).toBeNull();
    expect(focusTarget(columns, { column: 'eingang', index: 1 }, 'End')).toEqual({ column: 'eingang', index: 2 });
  });

  it('passes over empty columns sideways and keeps the height where it can', () => {
    expect(focusTarget(columns, { column: 'eingang', index: 2 }, 'ArrowRight')).toEqual({ column: 'pruefung', index: 0 });
    expect(focusTarget(columns, { column: 'pruefung', index: 0 }, 'ArrowLeft')).toEqual({ column: 'eingang', index: 0 });
    expect(focusTarget(columns, { column: 'eingang', index: 1 }, 'ArrowLeft')).toEqual({ column: BACKLOG, index: 1 });
    expect(focusTarget(columns, { column: 'pruefung', index: 0 }, 'ArrowRight')).toBeNull();
  });
});

it('knows the keys it handles', () => {
  expect(['ArrowUp', 'End', 'Enter', ' '].map(isBoardKey)).toEqual([true, true, false, false]);
});
