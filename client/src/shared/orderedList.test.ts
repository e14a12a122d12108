import { describe, expect, it } from 'vitest';
import { addUnique, moveDown, moveUp, removeAt } from './orderedList';

describe('ordered list operations', () => {
  it('moves up and down within bounds', () => {
    expect(moveUp(['a', 'b', 'c'], 1)).toEqual(['b', 'a', 'c']);
    expect(moveUp(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(moveDown(['a', 'b', 'c'], 1)).toEqual(['a', 'c', 'b']);
    expect(moveDown(['a', 'b', 'c'], 2)).toEqual(['a', 'b', 'c']);
  });

  it('removes by position and adds only once', () => {
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(addUnique(['a'], 'b')).toEqual(['a', 'b']);
    expect(addUnique(['a', 'b'], 'a')).toEqual(['a', 'b']);
    const files = [{ url: 'x', title: 'X' }];
    expect(addUnique(files, { url: 'x', title: 'anders' }, (file) => file.url)).toHaveLength(1);
  });
});
