import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../../../common/time/berlin';
import { hourlySlots, isOutsideOpeningHours, mondayOf, pickSlot, type Slot, slotGrid, weekDates } from './slotGrid';

// Monday 7 December 2026 (winter time), Berlin.
const at = (time: string, date = '2026-12-07') => berlinInstant(date, time).getTime();
const iso = (time: string, date = '2026-12-07') => new Date(at(time, date)).toISOString();
const weekdaysEightToTen = { regularOpeningHours: [{ weekdays: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '22:00' }], specialOpeningHours: [] };
const aroundTheClock = { regularOpeningHours: [], specialOpeningHours: [] };

/** The server's answer for the Monday: free 8 to 10, refused otherwise; a booking 10 to 12. */
const monday = () =>
  hourlySlots(
    [
      { timeBegin: iso('00:00'), timeEnd: iso('08:00'), available: false },
      { timeBegin: iso('08:00'), timeEnd: iso('10:00'), available: true },
      { timeBegin: iso('10:00'), timeEnd: iso('00:00', '2026-12-08'), available: false },
    ],
    weekdaysEightToTen,
    [{ timeBegin: iso('10:00'), timeEnd: iso('12:00') }],
    at('00:00', '2026-12-01'),
  );

const statusAt = (slots: Slot[], hour: number) => slots.find((slot) => slot.hour === hour)?.status;

describe('hourly slots from the availability periods', () => {
  it('cuts merged periods into Berlin hours and tells free, booked, closed and otherwise unavailable apart', () => {
    const slots = monday();
    expect(slots).toHaveLength(24);
    expect(slots.every((slot) => slot.date === '2026-12-07')).toBe(true);
    expect(slots.map((slot) => slot.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    expect(statusAt(slots, 7)).toBe('closed');
    expect(statusAt(slots, 8)).toBe('free');
    expect(statusAt(slots, 9)).toBe('free');
    expect(statusAt(slots, 10)).toBe('booked');
    expect(statusAt(slots, 11)).toBe('booked');
    expect(statusAt(slots, 12)).toBe('unavailable');
    expect(statusAt(slots, 22)).toBe('closed');
    expect(slots[8].begin).toBe(at('08:00'));
    expect(slots[8].end).toBe(at('09:00'));
  });

  it('marks hours that have begun as past, and closed ones still as closed', () => {
    const slots = hourlySlots([{ timeBegin: iso('00:00'), timeEnd: iso('12:00'), available: true }], weekdaysEightToTen, [], at('09:30'));
    expect(statusAt(slots, 7)).toBe('closed');
    expect(statusAt(slots, 8)).toBe('past');
    expect(statusAt(slots, 9)).toBe('past');
    expect(statusAt(slots, 10)).toBe('free');
  });

  it('keeps Berlin hours across the spring DST switch (23 hours that day)', () => {
    const slots = hourlySlots([{ timeBegin: iso('00:00', '2026-03-29'), timeEnd: iso('00:00', '2026-03-30'), available: true }], aroundTheClock, [], 0);
    expect(slots).toHaveLength(23);
    expect(slots.map((slot) => slot.hour)).not.toContain(2);
    const grid = slotGrid(slots, ['2026-03-29']);
    expect(grid.hours).toHaveLength(24);
    expect(grid.days[0].cells[2]).toBeNull();
    expect(grid.days[0].cells[3]?.hour).toBe(3);
  });
});

describe('opening hours of an hour', () => {
  const hours = {
    regularOpeningHours: [{ weekdays: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '22:00' }, { weekdays: [6], startTime: '10:00', endTime: '23:59' }],
    specialOpeningHours: [
      { date: '2026-12-24', startTime: '08:00', endTime: '12:00' },
      { date: '2026-12-25', startTime: '', endTime: '' },
    ],
  };

  it('follows the weekday: open within, closed before, after and on days without hours', () => {
    expect(isOutsideOpeningHours(hours, '2026-12-07', 1, '08:00')).toBe(false);
    expect(isOutsideOpeningHours(hours, '2026-12-07', 1, '21:00')).toBe(false);
    expect(isOutsideOpeningHours(hours, '2026-12-07', 1, '07:00')).toBe(true);
    expect(isOutsideOpeningHours(hours, '2026-12-07', 1, '22:00')).toBe(true);
    expect(isOutsideOpeningHours(hours, '2026-12-13', 0, '12:00')).toBe(true);
  });

  it('reads an end at 23:59 as midnight', () => {
    expect(isOutsideOpeningHours(hours, '2026-12-12', 6, '23:00')).toBe(false);
  });

  it('lets a special date win, closed all day when its times are empty', () => {
    expect(isOutsideOpeningHours(hours, '2026-12-24', 4, '11:00')).toBe(false);
    expect(isOutsideOpeningHours(hours, '2026-12-24', 4, '12:00')).toBe(true);
    expect(isOutsideOpeningHours(hours, '2026-12-25', 5, '10:00')).toBe(true);
  });

  it('leaves an object without regular hours open except on its special dates', () => {
    const specialOnly = { regularOpeningHours: [], specialOpeningHours: [{ date: '2026-12-25', startTime: '10:00', endTime: '10:00' }] };
    expect(isOutsideOpeningHours(specialOnly, '2026-12-24', 4, '03:00')).toBe(false);
    expect(isOutsideOpeningHours(specialOnly, '2026-12-25', 5, '12:00')).toBe(true);
  });
});

describe('the slot table', () => {
  it('leaves out the hours closed on every shown day at the start and the end', () => {
    const grid = slotGrid(monday(), ['2026-12-07', '2026-12-08']);
    expect(grid.hours).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(grid.days.map((day) => day.date)).toEqual(['2026-12-07', '2026-12-08']);
    expect(grid.days[0].cells[0]?.status).toBe('free');
    // No answer for the Tuesday: its cells are empty.
    expect(grid.days[1].cells.every((cell) => cell === null)).toBe(true);
  });

  it('has no rows when every hour is closed', () => {
    const closed = hourlySlots([{ timeBegin: iso('00:00', '2026-12-12'), timeEnd: iso('00:00', '2026-12-13'), available: false }], weekdaysEightToTen, [], 0);
    expect(slotGrid(closed, ['2026-12-12']).hours).toEqual([]);
  });

  it('starts weeks on Monday', () => {
    expect(mondayOf('2026-12-10')).toBe('2026-12-07');
    expect(mondayOf('2026-12-13')).toBe('2026-12-07');
    expect(mondayOf('2026-12-07')).toBe('2026-12-07');
    expect(weekDates('2026-12-28')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });
});

describe('picking a start and an end', () => {
  const slots = hourlySlots(
    [
      { timeBegin: iso('08:00'), timeEnd: iso('12:00'), available: true },
      { timeBegin: iso('12:00'), timeEnd: iso('13:00'), available: false },
      { timeBegin: iso('13:00'), timeEnd: iso('16:00'), available: true },
    ],
    weekdaysEightToTen,
    [{ timeBegin: iso('12:00'), timeEnd: iso('13:00') }],
    0,
  );
  const hour = (h: number) => slots.find((slot) => slot.hour === h) as Slot;

  it('selects the first hour, then extends to a later free hour', () => {
    const started = pickSlot(null, hour(9), slots);
    expect(started).toEqual({ selection: { begin: at('09:00'), end: at('10:00'), open: true }, outcome: 'started' });
    const extended = pickSlot(started.selection, hour(11), slots);
    expect(extended).toEqual({ selection: { begin: at('09:00'), end: at('12:00'), open: false }, outcome: 'extended' });
  });

  it('makes a one-hour booking when the start is picked again', () => {
    const started = pickSlot(null, hour(14), slots);
    expect(pickSlot(started.selection, hour(14), slots)).toEqual({ selection: { begin: at('14:00'), end: at('15:00'), open: false }, outcome: 'extended' });
  });

  it('starts afresh before the start, across a booked hour and after a finished selection', () => {
    const started = pickSlot(null, hour(10), slots).selection;
    expect(pickSlot(started, hour(8), slots)).toEqual({ selection: { begin: at('08:00'), end: at('09:00'), open: true }, outcome: 'restarted' });
    expect(pickSlot(started, hour(14), slots)).toEqual({ selection: { begin: at('14:00'), end: at('15:00'), open: true }, outcome: 'restarted' });
    expect(pickSlot({ begin: at('08:00'), end: at('10:00'), open: false }, hour(15), slots)).toEqual({ selection: { begin: at('15:00'), end: at('16:00'), open: true }, outcome: 'started' });
  });

  it('ignores hours that are not free', () => {
    const current = { begin: at('09:00'), end: at('10:00'), open: true };
    expect(pickSlot(current, hour(12), slots)).toEqual({ selection: current, outcome: 'unavailable' });
  });
});
