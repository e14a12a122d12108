import { describe, expect, it } from 'vitest';
import { calendarMessages, entryDayNote, entryLabel, periodLabel } from './calendarText';

const local = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12);

describe('periodLabel', () => {
  it('names a day with its weekday', () => {
    expect(periodLabel('day', local(2026, 11, 24))).toBe('Dienstag, 24. November 2026');
  });

  it('names a week within one month, across two months and across the new year', () => {
    expect(periodLabel('week', local(2026, 11, 24))).toBe('23. – 29. November 2026');
    expect(periodLabel('week', local(2026, 12, 1))).toBe('30. November – 6. Dezember 2026');
    expect(periodLabel('week', local(2026, 12, 30))).toBe('28. Dezember 2026 – 3. Januar 2027');
  });

  it('names a month', () => {
    expect(periodLabel('month', local(2026, 3, 15))).toBe('März 2026');
  });
});

describe('calendarMessages', () => {
  it('counts the entries a day cell has no room for', () => {
    expect((calendarMessages.showMore as (count: number) => string)(3)).toBe('+3 weitere');
  });
});

describe('entryLabel', () => {
  const entry = {
    name: 'Karla Kalender',
    objects: 'Bürgerhaus Musterstadt',
    pending: false,
  };

  it('says day, time, customer and object', () => {
    expect(
      entryLabel({
        ...entry,
        start: new Date(2026, 10, 24, 8),
        end: new Date(2026, 10, 24, 9, 30),
      }),
    ).toBe('Dienstag, 24.11., 08:00 – 09:30: Karla Kalender, Bürgerhaus Musterstadt');
  });

  it('names both days of a booking over several days, and an unreleased one as such', () => {
    expect(
      entryLabel({
        ...entry,
        pending: true,
        start: new Date(2026, 10, 24, 18),
        end: new Date(2026, 10, 25, 10),
      }),
    ).toBe('Dienstag, 24.11., 18:00 bis Mittwoch, 25.11., 10:00: Karla Kalender, Bürgerhaus Musterstadt, nicht freigegeben');
  });

  it('says when the booking is a date of a series', () => {
    expect(entryLabel({ ...entry, series: true, start: new Date(2026, 10, 24, 18), end: new Date(2026, 10, 24, 20) })).toBe(
      'Dienstag, 24.11., 18:00 – 20:00: Karla Kalender, Bürgerhaus Musterstadt, Teil einer Serie',
    );
  });
});

describe('entryDayNote', () => {
  it('names the day, and an unreleased booking as such', () => {
    expect(entryDayNote({ start: new Date(2026, 10, 24, 8), pending: false })).toBe('Dienstag, 24.11.');
    expect(entryDayNote({ start: new Date(2026, 10, 24, 8), pending: true })).toBe('Dienstag, 24.11., nicht freigegeben');
  });
});
