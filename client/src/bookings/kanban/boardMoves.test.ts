import { describe, expect, it } from 'vitest';
import { BACKLOG, backlogInsertion, type Column, dropIndex, endIndex, isSamePlace, placeCard, positionOf, previewPlace } from './boardMoves';

const board = (): Column<string>[] => [
  { key: BACKLOG, items: ['n1', 'n2'] },
  { key: 'eingang', items: ['a', 'b', 'c'] },
  { key: 'pruefung', items: ['d'] },
  { key: 'erledigt', items: [] },
];
const is = (id: string) => (item: string) => item === id;
const lists = (columns: Column<string>[]) => Object.fromEntries(columns.map((column) => [column.key, column.items]));

describe('placeCard', () => {
  it('takes the card out of its column and puts it at the index of another state', () => {
    expect(lists(placeCard(board(), is('b'), 'b', { kind: 'state', stateId: 'pruefung', index: 0 }))).toEqual({
      backlog: ['n1', 'n2'],
      eingang: ['a', 'c'],
      pruefung: ['b', 'd'],
      erledigt: [],
    });
  });

  it('moves within a column with the index counted without the card itself', () => {
    expect(lists(placeCard(board(), is('a'), 'a', { kind: 'state', stateId: 'eingang', index: 2 })).eingang).toEqual(['b', 'c', 'a']);
    expect(lists(placeCard(board(), is('c'), 'c', { kind: 'state', stateId: 'eingang', index: 0 })).eingang).toEqual(['c', 'a', 'b']);
  });

  it('clamps an index beyond the end and takes a card from the backlog into a state', () => {
    expect(lists(placeCard(board(), is('n2'), 'n2', { kind: 'state', stateId: 'erledigt', index: 7 }))).toMatchObject({ backlog: ['n1'], erledigt: ['n2'] });
  });

  it('only removes for the backlog and for cards leaving the board, and a card it does not know simply enters', () => {
    expect(lists(placeCard(board(), is('d'), 'd', { kind: 'backlog' })).pruefung).toEqual([]);
    expect(lists(placeCard(board(), is('a'), 'a', { kind: 'gone' })).eingang).toEqual(['b', 'c']);
    expect(lists(placeCard(board(), is('neu'), 'neu', { kind: 'state', stateId: 'eingang', index: 0 })).eingang).toEqual(['neu', 'a', 'b', 'c']);
  });

  it('keeps the arrays of untouched columns, so a caller sees what changed', () => {
    const before = board();
    const after = placeCard(before, is('b'), 'b', { kind: 'state', stateId: 'pruefung', index: 1 });
    expect(after[0]).toBe(before[0]);
    expect(after[3]).toBe(before[3]);
    expect(after[1]).not.toBe(before[1]);
  });

  it('applies events in order to the same result as the server: remove, then insert at the index', () => {
    let columns = board();
    columns = placeCard(columns, is('a'), 'a', { kind: 'state', stateId: 'pruefung', index: 1 });
    columns = placeCard(columns, is('c'), 'c', { kind: 'state', stateId: 'pruefung', index: 0 });
    // The same event again (the own move's answer and its event) changes nothing.
    columns = placeCard(columns, is('c'), 'c', { kind: 'state', stateId: 'pruefung', index: 0 });
    expect(lists(columns)).toMatchObject({ eingang: ['b'], pruefung: ['c', 'd', 'a'] });
  });
});

describe('positionOf', () => {
  it('finds the column and index of a card, or nothing', () => {
    expect(positionOf(board(), is('c'))).toEqual({ column: 'eingang', index: 2 });
    expect(positionOf(board(), is('x'))).toBeNull();
  });
});

describe('dropIndex', () => {
  it('drops above or below a card of another column', () => {
    expect(dropIndex({ column: 'eingang', index: 0 }, { column: 'pruefung', index: 0 }, 'top')).toBe(0);
    expect(dropIndex({ column: 'eingang', index: 0 }, { column: 'pruefung', index: 0 }, 'bottom')).toBe(1);
    expect(dropIndex({ column: BACKLOG, index: 5 }, { column: 'pruefung', index: 3 }, null)).toBe(3);
  });

  it('counts without the dragged card in its own column', () => {
    // a b c: a dropped below c ends last (index 2 of the two others plus itself).
    expect(dropIndex({ column: 'eingang', index: 0 }, { column: 'eingang', index: 2 }, 'bottom')).toBe(2);
    expect(dropIndex({ column: 'eingang', index: 0 }, { column: 'eingang', index: 2 }, 'top')).toBe(1);
    // c dropped above a goes first; below a second.
    expect(dropIndex({ column: 'eingang', index: 2 }, { column: 'eingang', index: 0 }, 'top')).toBe(0);
    expect(dropIndex({ column: 'eingang', index: 2 }, { column: 'eingang', index: 0 }, 'bottom')).toBe(1);
    // On its own edges it stays.
    expect(dropIndex({ column: 'eingang', index: 1 }, { column: 'eingang', index: 1 }, 'top')).toBe(1);
    expect(dropIndex({ column: 'eingang', index: 1 }, { column: 'eingang', index: 1 }, 'bottom')).toBe(1);
  });

  it('agrees with placeCard: the card ends next to its target', () => {
    for (const [from, to, edge] of [
      [0, 2, 'bottom'],
      [0, 2, 'top'],
      [2, 0, 'top'],
      [2, 0, 'bottom'],
      [1, 0, 'bottom'],
    ] as const) {
      const columns = board();
      const card = columns[1].items[from];
      const target = columns[1].items[to];
      const moved = placeCard(columns, is(card), card, {
        kind: 'state',
        stateId: 'eingang',
        index: dropIndex({ column: 'eingang', index: from }, { column: 'eingang', index: to }, edge),
      });
      const items = moved[1].items;
      expect(items.indexOf(card) - items.indexOf(target)).toBe(edge === 'bottom' ? 1 : -1);
    }
  });
});

describe('endIndex and isSamePlace', () => {
  it('drops on a column at its end, counted without the card', () => {
    expect(endIndex({ column: 'eingang', index: 0 }, board()[1])).toBe(2);
    expect(endIndex({ column: 'pruefung', index: 0 }, board()[1])).toBe(3);
  });

  it('knows a move that changes nothing; the backlog keeps its own order', () => {
    expect(isSamePlace({ column: 'eingang', index: 1 }, 'eingang', 1)).toBe(true);
    expect(isSamePlace({ column: 'eingang', index: 1 }, 'eingang', 2)).toBe(false);
    expect(isSamePlace({ column: BACKLOG, index: 4 }, BACKLOG, 0)).toBe(true);
    expect(isSamePlace({ column: BACKLOG, index: 0 }, 'eingang', 0)).toBe(false);
  });
});

describe('backlogInsertion', () => {
  it('puts a booking before the first older one, newest first', () => {
    expect(backlogInsertion([50, 40, 30], 60, false)).toBe(0);
    expect(backlogInsertion([50, 40, 30], 45, false)).toBe(1);
    expect(backlogInsertion([50, 40, 30], 40, false)).toBe(2);
  });

  it('appends an older one only when the whole backlog is loaded; else it belongs to the part still to load', () => {
    expect(backlogInsertion([50, 40], 10, true)).toBe(2);
    expect(backlogInsertion([50, 40], 10, false)).toBeNull();
    expect(backlogInsertion([], 10, true)).toBe(0);
  });
});

describe('previewPlace', () => {
  const created: Record<string, number> = { n1: 10, n2: 20, a: 15, b: 5, c: 30, d: 1 };
  const createdOf = (id: string) => created[id];

  it('shows a picked-up card at the index of a state', () => {
    expect(lists(previewPlace(board(), is('a'), 'a', { column: 'pruefung', index: 1 }, createdOf))).toMatchObject({ eingang: ['b', 'c'], pruefung: ['d', 'a'] });
  });

  it('shows it in the backlog where its booking’s creation puts it', () => {
    // Newest first: a (15) goes before the first older one, n1 (10); b (5) to the end.
    expect(lists(previewPlace([{ key: BACKLOG, items: ['n2', 'n1'] }, ...board().slice(1)], is('b'), 'b', { column: BACKLOG, index: 0 }, createdOf)).backlog).toEqual([
      'n2',
      'n1',
      'b',
    ]);
    expect(lists(previewPlace([{ key: BACKLOG, items: ['n2', 'n1'] }, ...board().slice(1)], is('a'), 'a', { column: BACKLOG, index: 0 }, createdOf)).backlog).toEqual([
      'n2',
      'a',
      'n1',
    ]);
  });
});
