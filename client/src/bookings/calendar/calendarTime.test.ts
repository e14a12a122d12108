import { describe, expect, it } from 'vitest';
import { bookingWindowOf, fromWallClock, stepDate, toWallClock, visibleDays } from './calendarTime';

const local = (year: number, month: number, day: number, hour = 0, minute = 0) => new Date(year, month - 1, day, hour, minute);
const day = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('wall-clock dates', () => {
  it('are the instants themselves in a browser on Berlin time', () => {
    const instant = new Date('2026-11-24T09:30:00Z');
    expect(toWallClock(instant, true)).toBe(instant);
    expect(fromWallClock(instant, true)).toBe(instant);
  });

  it('carry the Berlin date and time in their local fields elsewhere, in winter and in summer', () => {
    const winter = toWallClock(new Date('2026-11-24T09:30:00Z'), false);
    expect([day(winter), winter.getHours(), winter.getMinutes()]).toEqual(['2026-11-24', 10, 30]);
    const summer = toWallClock(new Date('2026-07-01T22:30:00Z'), false);
    expect([day(summer), summer.getHours(), summer.getMinutes()]).toEqual(['2026-07-02', 0, 30]);
  });

  it('turn back into the same instant', () => {
    for (const iso of ['2026-11-24T09:30:00.000Z', '2026-07-01T22:30:00.000Z', '2026-03-29T01:00:00.000Z']) {
      expect(fromWallClock(toWallClock(new Date(iso), false), false).toISOString()).toBe(iso);
    }
  });
});

describe('the days a view shows', () => {
  it('shows a week from Monday to Sunday', () => {
    const { start, end } = visibleDays('week', local(2026, 11, 26, 15));
    expect([day(start), day(end)]).toEqual(['2026-11-23', '2026-11-30']);
  });

  it('shows a Sunday in the week that began the Monday before', () => {
    expect(day(visibleDays('week', local(2026, 11, 29)).start)).toBe('2026-11-23');
  });

  it('shows a month in whole weeks, Monday first', () => {
    const { start, end } = visibleDays('month', local(2026, 11, 24));
    // 1 November 2026 is a Sunday, 30 November a Monday.
    expect([day(start), day(end)]).toEqual(['2026-10-26', '2026-12-07']);
  });

  it('shows one day from midnight to midnight', () => {
    const { start, end } = visibleDays('day', local(2026, 11, 24, 13));
    expect([start.getHours(), day(start), day(end)]).toEqual([0, '2026-11-24', '2026-11-25']);
  });
});

describe('bookingWindowOf', () => {
  it('reads the week as Berlin instants, Monday 00:00 to the next Monday 00:00', () => {
    expect(bookingWindowOf('week', local(2026, 11, 24), false)).toEqual({
      from: '2026-11-22T23:00:00.000Z',
      to: '2026-11-29T23:00:00.000Z',
    });
  });
});

describe('stepDate', () => {
  it('goes a day, a week or a month', () => {
    expect(day(stepDate('day', local(2026, 11, 24), 1))).toBe('2026-11-25');
    expect(day(stepDate('week', local(2026, 11, 24), -1))).toBe('2026-11-17');
    expect(day(stepDate('month', local(2027, 1, 31), 1))).toBe('2027-02-28');
  });
});
