import { describe, expect, it } from 'vitest';
import { berlinDayNumber, dwellDays, dwellDaysUntil, dwellIntent, dwellLabel, dwellText } from './dwell';

describe('dwellDays', () => {
  it('counts Berlin calendar days since the card entered its state', () => {
    const now = new Date('2026-03-10T10:00:00+01:00');
    expect(dwellDays('2026-03-10T00:05:00+01:00', now)).toBe(0);
    expect(dwellDays('2026-03-09T23:30:00+01:00', now)).toBe(1);
    expect(dwellDays('2026-03-06T12:00:00+01:00', now)).toBe(4);
  });

  it('takes the day in Berlin, not in UTC, across the change to summer time', () => {
    // 23:30 UTC on 28 March is already 29 March in Berlin (00:30 CET).
    expect(dwellDays('2026-03-28T23:30:00Z', new Date('2026-03-29T20:00:00Z'))).toBe(0);
    expect(dwellDays('2026-03-28T22:30:00Z', new Date('2026-03-30T06:00:00+02:00'))).toBe(2);
  });

  it('never counts below zero (a clock slightly behind the server) and ignores invalid times', () => {
    expect(dwellDays('2026-03-11T08:00:00+01:00', new Date('2026-03-10T10:00:00+01:00'))).toBe(0);
    expect(dwellDays('kein Datum', new Date())).toBe(0);
  });
});

describe('berlinDayNumber and dwellDaysUntil', () => {
  it('numbers Berlin calendar days, so one "today" serves every card', () => {
    expect(berlinDayNumber('1970-01-01T12:00:00Z')).toBe(0);
    expect(berlinDayNumber('2026-03-09T23:30:00Z')).toBe(berlinDayNumber('2026-03-10T12:00:00+01:00'));
    expect(berlinDayNumber('kein Datum')).toBeNull();
    const today = berlinDayNumber(new Date('2026-03-10T10:00:00+01:00'))!;
    expect(dwellDaysUntil('2026-03-07T10:00:00+01:00', today)).toBe(3);
  });
});

describe('dwellIntent', () => {
  it('is green for 0 and 1 day, a warning for 2 and 3, danger from 4 on', () => {
    expect([0, 1, 2, 3, 4, 30].map(dwellIntent)).toEqual(['success', 'success', 'warning', 'warning', 'danger', 'danger']);
  });
});

describe('dwellText', () => {
  it('says "Tag" for one day and "Tagen" otherwise, also for none', () => {
    expect(dwellText(1)).toBe('Die Buchung befindet sich seit 1 Tag in diesem Status');
    expect(dwellText(0)).toBe('Die Buchung befindet sich seit 0 Tagen in diesem Status');
    expect(dwellText(5)).toBe('Die Buchung befindet sich seit 5 Tagen in diesem Status');
  });

  it('labels the indicator itself shortly', () => {
    expect([0, 1, 2].map(dwellLabel)).toEqual(['0 Tage', '1 Tag', '2 Tage']);
  });
});
