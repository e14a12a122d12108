import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './static-assets.js';

describe('chooseEncoding', () => {
  it.each<[string | undefined, ReturnType<typeof chooseEncoding>]>([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['BR;Q=1', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.9, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0.2, br;q=0', 'gzip'],
    ['identity', null],
    ['deflate, zstd', null],
    ['br;q=0, gzip;q=0', null],
    ['br;q=abc', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('offers only the copies that exist', () => {
    expect(chooseEncoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
  });
});
