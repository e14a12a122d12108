import { describe, expect, it } from 'vitest';
import { compareValues, effectiveSort, loadedNote, pageSlice } from './listing';

describe('compareValues', () => {
  it('sorts German text with umlauts and numbers inside text naturally', () => {
    const names = ['Zeltplatz', 'Ärztehaus', 'Raum 10', 'Raum 2', 'anbau'];
    expect([...names].sort((a, b) => compareValues(a, b, 'asc'))).toEqual(['anbau', 'Ärztehaus', 'Raum 2', 'Raum 10', 'Zeltplatz']);
  });

  it('reverses for descending and keeps empty values last both ways', () => {
    const values = [3, null, 10, 1];
    expect([...values].sort((a, b) => compareValues(a, b, 'desc'))).toEqual([10, 3, 1, null]);
    expect([...values].sort((a, b) => compareValues(a, b, 'asc'))).toEqual([1, 3, 10, null]);
  });
});

describe('pageSlice', () => {
  const rows = Array.from({ length: 23 }, (_, index) => index);

  it('cuts pages of the chosen size', () => {
    expect(pageSlice(rows, 10, 2)).toEqual({ pageRows: [20, 21, 22], pageCount: 3, currentPage: 2 });
  });

  it('shows everything on one page for "Alle" (0)', () => {
    expect(pageSlice(rows, 0, 5)).toEqual({ pageRows: rows, pageCount: 1, currentPage: 0 });
  });

  it('clamps a page beyond the end, e.g. after a search shrank the list', () => {
    expect(pageSlice(rows.slice(0, 4), 10, 3).currentPage).toBe(0);
  });
});

describe('effectiveSort', () => {
  const byName = { key: 'name', direction: 'asc' as const };

  it('keeps the list sorted by its column while nobody searches', () => {
    expect(effectiveSort(byName, false, false)).toEqual(byName);
  });

  it('orders a search by relevance unless the user chose a column', () => {
    expect(effectiveSort(byName, true, false)).toBeUndefined();
    expect(effectiveSort(byName, true, true)).toEqual(byName);
  });
});

describe('loadedNote', () => {
  it('counts the loaded rows against the whole list with German digit grouping', () => {
    expect(loadedNote(100, 2345)).toBe('100 von 2.345 geladen');
    expect(loadedNote(0, 7)).toBe('0 von 7 geladen');
  });
});
