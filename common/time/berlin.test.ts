import { describe, expect, it } from 'vitest';
import {
  addBerlinMonths,
  addDays,
  berlinInstant,
  berlinParts,
  berlinToday,
  daysBetween,
  endOfBerlinDay,
  parseDate,
  parseTime,
  startOfBerlinDay,
} from './berlin.js';

const iso = (d: Date): string => d.toISOString();

describe('berlinParts', () => {
  it('reads winter time (UTC+1)', () => {
    const p = berlinParts(new Date('2026-01-15T10:05:00Z'));
    expect(p).toMatchObject({ date: '2026-01-15', time: '11:05', year: 2026, month: 1, day: 15, hour: 11, minute: 5, weekday: 4 });
  });

  it('reads summer time (UTC+2)', () => {
    expect(berlinParts(new Date('2026-07-01T22:30:00Z'))).toMatchObject({ date: '2026-07-02', time: '00:30', weekday: 4 });
  });

  it('encodes Sunday as 0 and Saturday as 6', () => {
    expect(berlinParts(new Date('2026-03-29T10:00:00Z')).weekday).toBe(0);
    expect(berlinParts(new Date('2026-03-28T10:00:00Z')).weekday).toBe(6);
  });

  it('shows midnight as 00:00, not 24:00', () => {
    expect(berlinParts(new Date('2026-01-14T23:00:00Z')).time).toBe('00:00');
  });

  it('follows the spring-forward switch on 29 March 2026', () => {
    expect(berlinParts(new Date('2026-03-29T00:59:00Z')).time).toBe('01:59');
    expect(berlinParts(new Date('2026-03-29T01:00:00Z')).time).toBe('03:00');
  });

  it('follows the fall-back switch on 25 October 2026', () => {
    expect(berlinParts(new Date('2026-10-25T00:30:00Z')).time).toBe('02:30');
    expect(berlinParts(new Date('2026-10-25T01:30:00Z')).time).toBe('02:30');
    expect(berlinParts(new Date('2026-10-25T02:00:00Z')).time).toBe('03:00');
  });

  it('refuses an invalid date', () => {
    expect(() => berlinParts(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('gives the Berlin date of today', () => {
    expect(berlinToday(new Date('2026-05-31T22:30:00Z'))).toBe('2026-06-01');
  });
});

describe('berlinInstant', () => {
  it('converts winter and summer wall times', () => {
    expect(iso(berlinInstant('2026-01-15', '11:05'))).toBe('2026-01-15T10:05:00.000Z');
    expect(iso(berlinInstant('2026-07-02', '00:30'))).toBe('2026-07-01T22:30:00.000Z');
  });

  it('treats 24:00 as the next day 00:00', () => {
    expect(iso(berlinInstant('2026-01-15', '24:00'))).toBe('2026-01-15T23:00:00.000Z');
    expect(iso(berlinInstant('2026-12-31', '24:00'))).toBe('2026-12-31T23:00:00.000Z');
    // The day of the switch: the next day is already summer time.
    expect(iso(berlinInstant('2026-03-28', '24:00'))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(berlinInstant('2026-03-29', '24:00'))).toBe('2026-03-29T22:00:00.000Z');
  });

  it('handles the hours around the spring-forward switch', () => {
    expect(iso(berlinInstant('2026-03-29', '01:59'))).toBe('2026-03-29T00:59:00.000Z');
    expect(iso(berlinInstant('2026-03-29', '03:00'))).toBe('2026-03-29T01:00:00.000Z');
  });

  it('moves a time in the spring-forward gap forward (the later candidate)', () => {
    expect(iso(berlinInstant('2026-03-29', '02:00'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(berlinInstant('2026-03-29', '02:30'))).toBe('2026-03-29T01:30:00.000Z');
    expect(berlinParts(berlinInstant('2026-03-29', '02:30')).time).toBe('03:30');
  });

  it('picks the earlier instant for the repeated hour on 25 October', () => {
    expect(iso(berlinInstant('2026-10-25', '02:30'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(berlinInstant('2026-10-25', '01:59'))).toBe('2026-10-24T23:59:00.000Z');
    expect(iso(berlinInstant('2026-10-25', '03:00'))).toBe('2026-10-25T02:00:00.000Z');
  });

  it('round-trips every quarter hour of both switch days', () => {
    for (const date of ['2026-03-29', '2026-10-25']) {
      for (let m = 0; m < 1440; m += 15) {
        const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const instant = berlinInstant(date, time);
        if (date === '2026-03-29' && time >= '02:00' && time < '03:00') continue; // gap
        expect(berlinParts(instant)).toMatchObject({ date, time });
      }
    }
  });

  it('refuses malformed input', () => {
    expect(() => berlinInstant('2026-02-30', '10:00')).toThrow(RangeError);
    expect(() => berlinInstant('26-01-01', '10:00')).toThrow(RangeError);
    expect(() => berlinInstant('2026-01-01', '24:30')).toThrow(RangeError);
    expect(() => berlinInstant('2026-01-01', '')).toThrow(RangeError);
  });
});

describe('day boundaries', () => {
  it('starts and ends a normal winter and summer day', () => {
    expect(iso(startOfBerlinDay('2026-01-15'))).toBe('2026-01-14T23:00:00.000Z');
    expect(iso(endOfBerlinDay('2026-01-15'))).toBe('2026-01-15T22:59:59.999Z');
    expect(iso(startOfBerlinDay('2026-07-15'))).toBe('2026-07-14T22:00:00.000Z');
    expect(iso(endOfBerlinDay('2026-07-15'))).toBe('2026-07-15T21:59:59.999Z');
  });

  it('has 23 hours on 29 March and 25 hours on 25 October 2026', () => {
    const length = (date: string): number => (endOfBerlinDay(date).getTime() + 1 - startOfBerlinDay(date).getTime()) / 3_600_000;
    expect(length('2026-03-29')).toBe(23);
    expect(length('2026-10-25')).toBe(25);
    expect(length('2026-06-01')).toBe(24);
    expect(iso(startOfBerlinDay('2026-03-29'))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(endOfBerlinDay('2026-03-29'))).toBe('2026-03-29T21:59:59.999Z');
    expect(iso(startOfBerlinDay('2026-10-25'))).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(endOfBerlinDay('2026-10-25'))).toBe('2026-10-25T22:59:59.999Z');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month, year and DST boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-01', 0)).toBe('2026-01-01');
  });

  it('counts days between dates', () => {
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
  });

  it('adds calendar months keeping the Berlin wall time, clamping the day', () => {
    // 31 January 10:00 CET + 1 month = 28 February 10:00 CET.
    expect(iso(addBerlinMonths(new Date('2026-01-31T09:00:00Z'), 1))).toBe('2026-02-28T09:00:00.000Z');
    // Across the spring switch: 10:00 CET in February becomes 10:00 CEST in April.
    expect(iso(addBerlinMonths(new Date('2026-02-15T09:00:00Z'), 2))).toBe('2026-04-15T08:00:00.000Z');
    // Across the autumn switch and the year.
    expect(iso(addBerlinMonths(new Date('2026-10-10T08:00:00.250Z'), 3))).toBe('2027-01-10T09:00:00.250Z');
    expect(iso(addBerlinMonths(new Date('2026-03-31T08:00:00Z'), -1))).toBe('2026-02-28T09:00:00.000Z');
    expect(iso(addBerlinMonths(new Date('2028-01-31T09:00:00Z'), 1))).toBe('2028-02-29T09:00:00.000Z');
  });
});

describe('parsing', () => {
  it('parses times including 24:00', () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('8:30')).toBe(510);
    expect(parseTime('23:59')).toBe(1439);
    expect(parseTime('24:00')).toBe(1440);
    expect(parseTime('')).toBeNull();
    expect(parseTime('12:60')).toBeNull();
    expect(parseTime('25:00')).toBeNull();
  });

  it('parses only real dates', () => {
    expect(parseDate('2026-02-28')).toEqual({ year: 2026, month: 2, day: 28 });
    expect(parseDate('2026-02-29')).toBeNull();
    expect(parseDate('2026-13-01')).toBeNull();
    expect(parseDate('')).toBeNull();
  });
});
