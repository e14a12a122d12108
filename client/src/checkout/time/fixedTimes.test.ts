import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../../../common/time/berlin';
import { fixedTimesOf } from './fixedTimes';
import { hourlySlots, weekDates } from './slotGrid';

// Monday 7 December 2026 (winter time), Berlin.
const at = (time: string, date = '2026-12-07') => berlinInstant(date, time).getTime();
const iso = (time: string, date = '2026-12-07') => new Date(at(time, date)).toISOString();
const aroundTheClock = { regularOpeningHours: [], specialOpeningHours: [] };

describe('fixed booking times', () => {
  const slots = hourlySlots(
    [
      { timeBegin: iso('00:00'), timeEnd: iso('12:00'), available: true },
      { timeBegin: iso('12:00'), timeEnd: iso('13:00'), available: false },
      { timeBegin: iso('13:00'), timeEnd: iso('00:00', '2026-12-09'), available: true },
    ],
    aroundTheClock,
    [{ timeBegin: iso('12:00'), timeEnd: iso('13:00') }],
    at('00:00'),
  );
  const periods = [
    { weekdays: [1], startTime: '10:00', endTime: '12:00' },
    { weekdays: [1], startTime: '11:00', endTime: '13:00' },
    { weekdays: [2], startTime: '22:00', endTime: '02:00' },
  ];

  it('are free only when every hour they cover is, and end the next day when they end before they start', () => {
    const times = fixedTimesOf(periods, weekDates('2026-12-07'), slots, at('00:00'));
    expect(times.map((time) => [time.date, time.status])).toEqual([
      ['2026-12-07', 'free'],
      ['2026-12-07', 'booked'],
      // Judged by the hours of the week shown; the price preview checks the hours after it.
      ['2026-12-08', 'free'],
    ]);
    expect(times[2].begin).toBe(at('22:00', '2026-12-08'));
    expect(times[2].end).toBe(at('02:00', '2026-12-09'));
  });

  it('are past once begun', () => {
    expect(fixedTimesOf(periods, ['2026-12-07'], slots, at('10:30'))[0].status).toBe('past');
  });
});
