import { describe, expect, it } from 'vitest';
import type { SpecialOpeningHour, TimePeriod } from '../bookable.model.js';
import { berlinInstant } from '../../../../common/time/berlin.js';
import { combineOpeningHours, isClosedAllDay, openingHoursConflict, violatesOpeningHours, type OpeningHoursSource } from './opening-hours.js';

const WEEKDAYS = [1, 2, 3, 4, 5];

function hours(openingHours: TimePeriod[], specialOpeningHours: SpecialOpeningHour[] = [], title = 'Saal'): OpeningHoursSource & { title: string } {
  return {
    title,
    isOpeningHoursRelated: openingHours.length > 0,
    openingHours,
    isSpecialOpeningHoursRelated: specialOpeningHours.length > 0,
    specialOpeningHours,
  };
}

/** A booking given in Berlin wall time. */
const at = (date: string, time: string): Date => berlinInstant(date, time);

// 2026-06-01 is a Monday, 2026-06-06 a Saturday, 2026-06-07 a Sunday.
describe('isClosedAllDay', () => {
  it('is closed for equal or empty times', () => {
    expect(isClosedAllDay({ startTime: '10:00', endTime: '10:00' })).toBe(true);
    expect(isClosedAllDay({ startTime: '', endTime: '' })).toBe(true);
    expect(isClosedAllDay({ startTime: '10:00', endTime: '' })).toBe(true);
    expect(isClosedAllDay({ startTime: '10:00', endTime: '12:00' })).toBe(false);
  });
});

describe('violatesOpeningHours (one object)', () => {
  const weekdaysNineToFive = hours([{ weekdays: WEEKDAYS, startTime: '09:00', endTime: '17:00' }]);

  it('does not constrain an object without opening hours', () => {
    const free = { ...weekdaysNineToFive, isOpeningHoursRelated: false };
    expect(violatesOpeningHours(free, at('2026-06-07', '03:00'), at('2026-06-07', '04:00'))).toBe(false);
  });

  it('accepts a booking inside the window, bounds included', () => {
    expect(violatesOpeningHours(weekdaysNineToFive, at('2026-06-01', '09:00'), at('2026-06-01', '17:00'))).toBe(false);
    expect(violatesOpeningHours(weekdaysNineToFive, at('2026-06-01', '10:00'), at('2026-06-01', '11:00'))).toBe(false);
  });

  it('refuses a booking partly outside the window', () => {
    expect(violatesOpeningHours(weekdaysNineToFive, at('2026-06-01', '08:30'), at('2026-06-01', '10:00'))).toBe(true);
    expect(violatesOpeningHours(weekdaysNineToFive, at('2026-06-01', '16:00'), at('2026-06-01', '17:01'))).toBe(true);
  });

  it('encodes weekdays with 0 for Sunday', () => {
    const sundayOnly = hours([{ weekdays: [0], startTime: '10:00', endTime: '12:00' }]);
    expect(violatesOpeningHours(sundayOnly, at('2026-06-07', '10:00'), at('2026-06-07', '11:00'))).toBe(false);
    expect(violatesOpeningHours(sundayOnly, at('2026-06-01', '10:00'), at('2026-06-01', '11:00'))).toBe(true);
    expect(violatesOpeningHours(weekdaysNineToFive, at('2026-06-06', '10:00'), at('2026-06-06', '11:00'))).toBe(true);
  });

  it('lets a booking fit one of several windows of a day, but not span the break', () => {
    const split = hours([
      { weekdays: [1], startTime: '08:00', endTime: '12:00' },
      { weekdays: [1], startTime: '14:00', endTime: '18:00' },
    ]);
    expect(violatesOpeningHours(split, at('2026-06-01', '14:30'), at('2026-06-01', '15:30'))).toBe(false);
    expect(violatesOpeningHours(split, at('2026-06-01', '11:00'), at('2026-06-01', '15:00'))).toBe(true);
  });

  it('ignores empty entries', () => {
    const empty = hours([{ weekdays: [1], startTime: '', endTime: '' }]);
    expect(violatesOpeningHours(empty, at('2026-06-01', '10:00'), at('2026-06-01', '11:00'))).toBe(true);
  });

  it('refuses a booking spanning days unless every day is covered to midnight', () => {
    expect(violatesOpeningHours(weekdaysNineToFive, at('2026-06-01', '10:00'), at('2026-06-02', '10:00'))).toBe(true);
    const allDay = hours([{ weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '00:00', endTime: '24:00' }]);
    expect(violatesOpeningHours(allDay, at('2026-06-05', '10:00'), at('2026-06-08', '10:00'))).toBe(false);
    const until2359 = hours([{ weekdays: [5, 6, 0], startTime: '00:00', endTime: '23:59' }]);
    // Saturday to Sunday no longer conflicts (3.0.0 did not wrap weekdays).
    expect(violatesOpeningHours(until2359, at('2026-06-06', '10:00'), at('2026-06-07', '12:00'))).toBe(false);
    // Monday is not open.
    expect(violatesOpeningHours(until2359, at('2026-06-07', '10:00'), at('2026-06-08', '01:00'))).toBe(true);
    const eveningAndMorning = hours([
      { weekdays: [1], startTime: '18:00', endTime: '24:00' },
      { weekdays: [2], startTime: '00:00', endTime: '10:00' },
    ]);
    expect(violatesOpeningHours(eveningAndMorning, at('2026-06-01', '20:00'), at('2026-06-02', '09:00'))).toBe(false);
    expect(violatesOpeningHours(eveningAndMorning, at('2026-06-01', '20:00'), at('2026-06-02', '11:00'))).toBe(true);
  });

  it('does not count a booking ending at midnight as touching the next day', () => {
    const mondayEvening = hours([{ weekdays: [1], startTime: '18:00', endTime: '24:00' }]);
    expect(violatesOpeningHours(mondayEvening, at('2026-06-01', '20:00'), at('2026-06-02', '00:00'))).toBe(false);
  });

  it('closes the whole day on a special date', () => {
    const withHoliday = hours(
      [{ weekdays: WEEKDAYS, startTime: '09:00', endTime: '17:00' }],
      [{ date: '2026-06-04', startTime: '00:00', endTime: '00:00' }],
    );
    expect(violatesOpeningHours(withHoliday, at('2026-06-04', '10:00'), at('2026-06-04', '11:00'))).toBe(true);
    expect(violatesOpeningHours(withHoliday, at('2026-06-03', '10:00'), at('2026-06-03', '11:00'))).toBe(false);
    const emptyTimes = hours([], [{ date: '2026-06-04', startTime: '', endTime: '' }]);
    expect(violatesOpeningHours(emptyTimes, at('2026-06-04', '10:00'), at('2026-06-04', '11:00'))).toBe(true);
  });

  it('lets special hours override a regularly closed day and narrow an open one', () => {
    const withSpecials = hours(
      [{ weekdays: WEEKDAYS, startTime: '09:00', endTime: '17:00' }],
      [
        { date: '2026-06-06', startTime: '10:00', endTime: '14:00' },
        { date: '2026-06-03', startTime: '12:00', endTime: '15:00' },
      ],
    );
    expect(violatesOpeningHours(withSpecials, at('2026-06-06', '11:00'), at('2026-06-06', '13:00'))).toBe(false);
    expect(violatesOpeningHours(withSpecials, at('2026-06-06', '13:00'), at('2026-06-06', '15:00'))).toBe(true);
    expect(violatesOpeningHours(withSpecials, at('2026-06-03', '10:00'), at('2026-06-03', '11:00'))).toBe(true);
  });

  it('uses special hours alone when regular hours are off (no constraint on other days)', () => {
    const onlySpecial = hours([], [{ date: '2026-06-04', startTime: '10:00', endTime: '12:00' }]);
    expect(violatesOpeningHours(onlySpecial, at('2026-06-04', '12:00'), at('2026-06-04', '13:00'))).toBe(true);
    expect(violatesOpeningHours(onlySpecial, at('2026-06-05', '02:00'), at('2026-06-05', '03:00'))).toBe(false);
  });

  it('ignores a special entry without a date', () => {
    const noDate = hours([{ weekdays: WEEKDAYS, startTime: '09:00', endTime: '17:00' }], [{ date: '', startTime: '', endTime: '' }]);
    expect(violatesOpeningHours(noDate, at('2026-06-01', '10:00'), at('2026-06-01', '11:00'))).toBe(false);
  });

  it('uses Berlin time, not UTC, for the day (a booking late in the Berlin evening)', () => {
    const mondayOnly = hours([{ weekdays: [1], startTime: '22:00', endTime: '24:00' }]);
    // Monday 23:00-23:30 CEST is Monday 21:00Z: fine. Tuesday 00:30 CEST is still Monday in UTC: refused.
    expect(violatesOpeningHours(mondayOnly, new Date('2026-06-01T21:00:00Z'), new Date('2026-06-01T21:30:00Z'))).toBe(false);
    expect(violatesOpeningHours(mondayOnly, new Date('2026-06-01T22:30:00Z'), new Date('2026-06-01T23:00:00Z'))).toBe(true);
  });

  it('computes the windows on the DST switch days in local time', () => {
    const sunday = hours([{ weekdays: [0], startTime: '08:00', endTime: '18:00' }]);
    // 29 March 2026: 08:00 CEST = 06:00Z; 25 October 2026: 08:00 CET = 07:00Z.
    expect(violatesOpeningHours(sunday, new Date('2026-03-29T06:00:00Z'), new Date('2026-03-29T16:00:00Z'))).toBe(false);
    expect(violatesOpeningHours(sunday, new Date('2026-03-29T05:59:00Z'), new Date('2026-03-29T07:00:00Z'))).toBe(true);
    expect(violatesOpeningHours(sunday, new Date('2026-10-25T07:00:00Z'), new Date('2026-10-25T17:00:00Z'))).toBe(false);
    expect(violatesOpeningHours(sunday, new Date('2026-10-25T06:30:00Z'), new Date('2026-10-25T08:00:00Z'))).toBe(true);
    expect(violatesOpeningHours(sunday, new Date('2026-10-25T16:00:00Z'), new Date('2026-10-25T17:01:00Z'))).toBe(true);
  });

  it('refuses an end before the start', () => {
    expect(violatesOpeningHours(weekdaysNineToFive, at('2026-06-01', '11:00'), at('2026-06-01', '10:00'))).toBe(true);
  });
});

describe('openingHoursConflict (bookable and parents)', () => {
  const parent = hours([{ weekdays: WEEKDAYS, startTime: '10:00', endTime: '16:00' }], [], 'Rathaus');
  const room = hours([{ weekdays: WEEKDAYS, startTime: '08:00', endTime: '20:00' }], [], 'Raum 1');

  it('lets a parent narrow the hours and names it', () => {
    expect(openingHoursConflict([room, parent], at('2026-06-01', '11:00'), at('2026-06-01', '12:00'))).toBeNull();
    expect(openingHoursConflict([room, parent], at('2026-06-01', '08:00'), at('2026-06-01', '09:00'))).toBe(
      'Die gewählte Buchungszeit liegt außerhalb der Öffnungszeiten von Rathaus.',
    );
  });

  it('names the first object of the chain that is violated', () => {
    expect(openingHoursConflict([room, parent], at('2026-06-06', '11:00'), at('2026-06-06', '12:00'))).toBe(
      'Die gewählte Buchungszeit liegt außerhalb der Öffnungszeiten von Raum 1.',
    );
  });
});

describe('combineOpeningHours', () => {
  it('takes the latest start and earliest end per weekday over the chain', () => {
    const combined = combineOpeningHours([
      hours([{ weekdays: [1, 2], startTime: '08:00', endTime: '20:00' }]),
      hours([
        { weekdays: [1], startTime: '10:00', endTime: '18:00' },
        { weekdays: [0], startTime: '12:00', endTime: '14:00' },
      ]),
    ]);
    expect(combined.regularOpeningHours).toEqual({
      '1': { weekdays: [1, 2], startTime: '10:00', endTime: '18:00' },
      '2': { weekdays: [1, 2], startTime: '08:00', endTime: '20:00' },
      '0': { weekdays: [0], startTime: '12:00', endTime: '14:00' },
    });
  });

  it('leaves out objects whose switches are off and empty entries', () => {
    const off = { ...hours([{ weekdays: [1], startTime: '11:00', endTime: '12:00' }], [{ date: '2026-06-01', startTime: '', endTime: '' }]) };
    off.isOpeningHoursRelated = false;
    off.isSpecialOpeningHoursRelated = false;
    const combined = combineOpeningHours([hours([{ weekdays: [1], startTime: '', endTime: '' }]), off]);
    expect(combined).toEqual({ regularOpeningHours: {}, specialOpeningHours: [] });
  });

  it('merges special entries per date, closed all day wins, sorted, undated dropped', () => {
    const combined = combineOpeningHours([
      hours([], [
        { date: '2026-12-24', startTime: '08:00', endTime: '14:00' },
        { date: '2026-12-31', startTime: '09:00', endTime: '13:00' },
        { date: '', startTime: '09:00', endTime: '13:00' },
      ]),
      hours([], [
        { date: '2026-12-24', startTime: '10:00', endTime: '16:00' },
        { date: '2026-12-31', startTime: '', endTime: '' },
        { date: '2026-05-01', startTime: '00:00', endTime: '00:00' },
      ]),
    ]);
    expect(combined.specialOpeningHours).toEqual([
      { date: '2026-05-01', startTime: '00:00', endTime: '00:00' },
      { date: '2026-12-24', startTime: '10:00', endTime: '14:00' },
      { date: '2026-12-31', startTime: '', endTime: '' },
    ]);
  });

  it('shows an empty intersection as closed', () => {
    const combined = combineOpeningHours([
      hours([{ weekdays: [3], startTime: '08:00', endTime: '10:00' }], [{ date: '2026-06-03', startTime: '08:00', endTime: '10:00' }]),
      hours([{ weekdays: [3], startTime: '12:00', endTime: '14:00' }], [{ date: '2026-06-03', startTime: '12:00', endTime: '14:00' }]),
    ]);
    expect(combined.regularOpeningHours['3']).toMatchObject({ startTime: '12:00', endTime: '12:00' });
    expect(combined.specialOpeningHours).toEqual([{ date: '2026-06-03', startTime: '12:00', endTime: '12:00' }]);
  });

  it('does not change its input', () => {
    const entry = { weekdays: [1], startTime: '08:00', endTime: '20:00' };
    combineOpeningHours([hours([entry]), hours([{ weekdays: [1], startTime: '10:00', endTime: '12:00' }])]);
    expect(entry).toEqual({ weekdays: [1], startTime: '08:00', endTime: '20:00' });
  });
});
