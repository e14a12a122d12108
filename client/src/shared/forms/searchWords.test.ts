import { describe, expect, it } from 'vitest';
import { matchesEveryWord, searchWordsOf } from './searchWords';

describe('search words of a server-searched picker', () => {
  it('splits at blanks, lower case, ignoring empty words', () => {
    expect(searchWordsOf('  Anna   SCHMIDT ')).toEqual(['anna', 'schmidt']);
    expect(searchWordsOf('')).toEqual([]);
  });

  it('keeps a label holding every word in any order and case, and everything for a blank query', () => {
    expect(matchesEveryWord('Anna Schmidt (anna@rathaus.example)', 'schmidt anna')).toBe(true);
    expect(matchesEveryWord('Anna Schmidt (anna@rathaus.example)', 'RATHAUS')).toBe(true);
    expect(matchesEveryWord('Anna Schmidt (anna@rathaus.example)', 'anna berg')).toBe(false);
    expect(matchesEveryWord('Großer Saal', 'GROSSER')).toBe(false);
    expect(matchesEveryWord('Großer Saal', 'groß')).toBe(true);
    expect(matchesEveryWord('Beliebig', '   ')).toBe(true);
  });
});
