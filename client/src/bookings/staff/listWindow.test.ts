import { describe, expect, it } from 'vitest';
import { entriesOf, PAGES_KEPT_AROUND, type PageSlot, pageAt, pagesToHold } from './listWindow';

interface Row {
  id: string;
}

const held = (...ids: string[]): PageSlot<Row> => ({ after: null, rows: ids.map((id) => ({ id })), read: true, size: ids.length, endCursor: ids.at(-1) ?? null, hasNextPage: true });
const letGo = (size: number): PageSlot<Row> => ({ after: 'cursor', rows: null, read: true, size, endCursor: 'end', hasNextPage: true });
const unread: PageSlot<Row> = { after: 'cursor', rows: null, read: false, size: 0, endCursor: null, hasNextPage: false };

describe('the entries of a list held in part', () => {
  it('shows held pages as their rows and a let-go page as its number of places', () => {
    const { entries, pageStarts } = entriesOf([held('1', '2'), letGo(3), held('6')], (row) => row.id);
    expect(entries).toEqual([{ id: '1' }, { id: '2' }, null, null, null, { id: '6' }]);
    expect(pageStarts).toEqual([0, 2, 5]);
  });

  it('shows a row that two pages hold once, where it came first', () => {
    // A booking deleted meanwhile moves the next page's first row back onto the page read again.
    const { entries, pageStarts } = entriesOf([held('1', '2'), held('2', '3')], (row) => row.id);
    expect(entries.map((entry) => entry?.id)).toEqual(['1', '2', '3']);
    expect(pageStarts).toEqual([0, 2]);
  });

  it('gives a page still on its way for the first time no places', () => {
    expect(entriesOf([held('1'), unread], (row) => row.id).entries).toEqual([{ id: '1' }]);
  });
});

describe('which pages a view holds', () => {
  const starts = Array.from({ length: 20 }, (_, page) => page * 100);

  it('finds the page of an entry, and the last page beyond the end', () => {
    expect(pageAt(starts, 0)).toBe(0);
    expect(pageAt(starts, 99)).toBe(0);
    expect(pageAt(starts, 100)).toBe(1);
    expect(pageAt(starts, 5_000)).toBe(19);
  });

  it('holds the pages in view and some on either side', () => {
    expect(pagesToHold(starts, 1_050, 1_120)).toEqual({ from: 10 - PAGES_KEPT_AROUND, to: 11 + PAGES_KEPT_AROUND });
  });

  it('stops at the first and the last page', () => {
    expect(pagesToHold(starts, 0, 30)).toEqual({ from: 0, to: PAGES_KEPT_AROUND });
    expect(pagesToHold(starts, 1_990, 1_999)).toEqual({ from: 19 - PAGES_KEPT_AROUND, to: 19 });
  });

  it('holds nothing of a list without pages', () => {
    expect(pagesToHold([], 0, 10)).toEqual({ from: 0, to: -1 });
  });
});
