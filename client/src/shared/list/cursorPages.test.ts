import { describe, expect, it } from 'vitest';
import { mergeCursorPages, type StoredCursorPage } from './cursorPages';

const page = (refs: string[], endCursor: string | null, hasNextPage: boolean, totalCount = 5): StoredCursorPage => ({
  items: refs.map((ref) => ({ __ref: ref })),
  totalCount,
  pageInfo: { hasNextPage, endCursor },
});

describe('cursor pages in the cache', () => {
  it('appends a page read after a cursor and takes its page info', () => {
    const merged = mergeCursorPages(page(['Tenant:a', 'Tenant:b'], 'c2', true), page(['Tenant:c'], 'c3', false), 'c2');
    expect(merged.items.map((item) => item.__ref)).toEqual(['Tenant:a', 'Tenant:b', 'Tenant:c']);
    expect(merged.pageInfo).toEqual({ hasNextPage: false, endCursor: 'c3' });
  });

  it('starts anew with a first page (a new search or a refetch)', () => {
    expect(mergeCursorPages(page(['Tenant:a'], 'c1', true), page(['Tenant:x'], 'c9', false), undefined).items).toEqual([{ __ref: 'Tenant:x' }]);
    expect(mergeCursorPages(page(['Tenant:a'], 'c1', true), page(['Tenant:x'], 'c9', false), '').items).toEqual([{ __ref: 'Tenant:x' }]);
  });

  it('lists an entry a later page brings again only once', () => {
    const merged = mergeCursorPages(page(['Tenant:a', 'Tenant:b'], 'c2', true), page(['Tenant:b', 'Tenant:c'], 'c3', false), 'c2');
    expect(merged.items.map((item) => item.__ref)).toEqual(['Tenant:a', 'Tenant:b', 'Tenant:c']);
  });
});
