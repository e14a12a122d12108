import { describe, expect, it } from 'vitest';
import { toggleItem } from './selection';

describe('toggleItem', () => {
  it('adds an item at the end and removes a chosen one, keeping the order', () => {
    expect(toggleItem(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleItem(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
