import { describe, expect, it } from 'vitest';
import { MAX_OVERVIEW_WEEKS, overviewCalendar } from './booking-overview.rules.js';

const iso = (window: { begin: Date; end: Date }) => [window.begin.toISOString(), window.end.toISOString()];

describe('overviewCalendar', () => {
  it('takes today and the week from Monday to Sunday in Berlin, not in UTC', () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Berlin (winter time).
    const calendar = overviewCalendar(new Date('2027-02-07T23:30:00Z'), 2);
    expect(iso(calendar.today)).toEqual(['2027-02-07T23:00:00.000Z', '2027-02-08T23:00:00.000Z']);
    expect(iso(calendar.thisWeek)).toEqual(['2027-02-07T23:00:00.000Z', '2027-02-14T23:00:00.000Z']);
    expect(calendar.weeks.map(iso)).toEqual([
      ['2027-02-07T23:00:00.000Z', '2027-02-14T23:00:00.000Z'],
      ['2027-02-14T23:00:00.000Z', '2027-02-21T23:00:00.000Z'],
    ]);
  });

  it('gives the week of the spring clock change 167 hours', () => {
    const calendar = overviewCalendar(new Date('2027-03-24T12:00:00Z'), 1);
    expect(iso(calendar.thisWeek)).toEqual(['2027-03-21T23:00:00.000Z', '2027-03-28T22:00:00.000Z']);
    expect((calendar.thisWeek.end.getTime() - calendar.thisWeek.begin.getTime()) / 3_600_000).toBe(167);
  });

  it('finds Monday from a Sunday and keeps the week count between 1 and the maximum', () => {
    const sunday = overviewCalendar(new Date('2027-02-07T12:00:00Z'), 0);
    expect(iso(sunday.thisWeek)[0]).toBe('2027-01-31T23:00:00.000Z');
    expect(sunday.weeks).toHaveLength(1);
    expect(overviewCalendar(new Date('2027-02-07T12:00:00Z'), 100).weeks).toHaveLength(MAX_OVERVIEW_WEEKS);
  });
});
