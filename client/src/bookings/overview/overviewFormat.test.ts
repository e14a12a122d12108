import { describe, expect, it } from 'vitest';
import { dayWindowLabel, daysWindowLabel, formatCount, formatHours, weekLabel } from './overviewFormat';

describe('start page formats', () => {
  it('labels a chart week by its Monday in Berlin, also when the instant is Sunday evening in UTC', () => {
    // Monday 23 November 2026, 00:00 in Berlin is 23:00 UTC the day before.
    expect(weekLabel('2026-11-22T23:00:00.000Z')).toBe('Woche ab 23.11.');
    // Monday 30 March 2026 begins in summer time (UTC+2).
    expect(weekLabel('2026-03-29T22:00:00.000Z')).toBe('Woche ab 30.03.');
  });

  it('writes hours and counts in German notation', () => {
    expect(formatHours(1.5)).toBe('1,5');
    expect(formatHours(4)).toBe('4');
    expect(formatHours(2.333)).toBe('2,33');
    expect(formatHours(1234.5)).toBe('1.234,5');
    expect(formatCount(1234)).toBe('1.234');
    expect(formatCount(0)).toBe('0');
  });

  it('names the day of a one-day window with its weekday', () => {
    expect(dayWindowLabel('2026-11-23T23:00:00.000Z')).toBe('Dienstag, 24.11.2026');
  });

  it('names the first and last day of a week window whose end is the next Monday', () => {
    expect(daysWindowLabel('2026-11-22T23:00:00.000Z', '2026-11-29T23:00:00.000Z')).toBe('23.11.–29.11.2026');
    // Across the turn of the year.
    expect(daysWindowLabel('2026-12-27T23:00:00.000Z', '2027-01-03T23:00:00.000Z')).toBe('28.12.–03.01.2027');
  });
});
