import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../../../common/time/berlin';
import { longRangeChoices } from './longRange';

// Monday 7 December 2026 (winter time), Berlin.
const at = (time: string, date = '2026-12-07') => berlinInstant(date, time).getTime();

describe('long-range choices', () => {
  it('offer whole weeks Monday to Friday from the next one that has not begun', () => {
    const weeks = longRangeChoices('week', '2026-12-09', 2);
    expect(weeks).toEqual([
      { begin: at('00:00', '2026-12-14'), end: at('00:00', '2026-12-19') },
      { begin: at('00:00', '2026-12-21'), end: at('00:00', '2026-12-26') },
    ]);
    expect(longRangeChoices('week', '2026-12-07', 1)[0].begin).toBe(at('00:00', '2026-12-07'));
  });

  it('offer calendar months from the next one that has not begun', () => {
    expect(longRangeChoices('month', '2026-12-09', 2)).toEqual([
      { begin: at('00:00', '2027-01-01'), end: at('00:00', '2027-02-01') },
      { begin: at('00:00', '2027-02-01'), end: at('00:00', '2027-03-01') },
    ]);
    expect(longRangeChoices('month', '2026-12-01', 1)[0]).toEqual({ begin: at('00:00', '2026-12-01'), end: at('00:00', '2027-01-01') });
  });
});
