import { describe, expect, it } from 'vitest';
import { defaultBookableData } from '../bookable.defaults.js';
import type { BookableRecord } from '../bookable.model.js';
import { berlinInstant } from '../../../../common/time/berlin.js';
import {
  availabilityPeriods,
  checkBooking,
  isPermittedToBook,
  isTimeRelated,
  usedAmount,
  type BookingCheckInput,
  type Occupancy,
} from './availability.js';

/** A bookable, booked through the calendar, one unit, bookable and public unless overridden. */
function record(id: string, overrides: Partial<BookableRecord> = {}): BookableRecord {
  return {
    ...defaultBookableData('room'),
    id,
    tenantId: 'tenant',
    ownerUserId: null,
    title: `Objekt ${id}`,
    amount: 1,
    autoCommitBooking: true,
    isBookable: true,
    isPublic: true,
    isScheduleRelated: true,
    ...overrides,
  };
}

// 2026-06-01 is a Monday (CEST, UTC+2).
const at = (time: string, date = '2026-06-01'): Date => berlinInstant(date, time);
const NOW = at('08:00', '2026-05-01');

function input(item: BookableRecord, overrides: Partial<BookingCheckInput> = {}): BookingCheckInput {
  return {
    item,
    amount: 1,
    begin: at('10:00'),
    end: at('12:00'),
    parents: [],
    descendants: [],
    viewerUserId: null,
    viewerRoleIds: [],
    occupancies: [],
    maxBookingAdvanceInMonths: null,
    now: NOW,
    checkDuration: true,
    ...overrides,
  };
}

function booked(bookableId: string, from: string | null, to: string | null, amount = 1, rejected = false): Occupancy {
  return { bookableId, amount, timeBegin: from ? at(from) : null, timeEnd: to ? at(to) : null, rejected };
}

const codeOf = (i: BookingCheckInput): string | null => checkBooking(i)?.code ?? null;

describe('checkBooking: bookable and permitted', () => {
  it('accepts a plain booking', () => {
    expect(checkBooking(input(record('a')))).toBeNull();
  });

  it('refuses an object that is not bookable', () => {
    expect(checkBooking(input(record('a', { isBookable: false, title: 'Saal' })))).toEqual({
      code: 'booking.not-bookable',
      message: 'Das Objekt Saal ist nicht buchbar.',
    });
  });

  it('lets everyone book without permitted users or roles, else only those listed', () => {
    const restricted = record('a', { title: 'Saal', permittedUsers: ['u1'], permittedRoles: ['r1'] });
    expect(checkBooking(input(restricted))).toEqual({ code: 'booking.not-permitted', message: 'Sie sind nicht berechtigt, das Objekt Saal zu buchen.' });
    expect(codeOf(input(restricted, { viewerUserId: 'u2' }))).toBe('booking.not-permitted');
    expect(codeOf(input(restricted, { viewerUserId: 'u1' }))).toBeNull();
    expect(codeOf(input(restricted, { viewerUserId: 'u2', viewerRoleIds: ['r0', 'r1'] }))).toBeNull();
    expect(isPermittedToBook(record('b'), null, [])).toBe(true);
    expect(isPermittedToBook(record('b', { permittedRoles: ['r1'] }), null, ['r1'])).toBe(false);
  });

  it('refuses a non-positive or fractional amount', () => {
    expect(codeOf(input(record('a', { amount: null }), { amount: 0 }))).toBe('booking.amount-invalid');
    expect(codeOf(input(record('a', { amount: null }), { amount: -1 }))).toBe('booking.amount-invalid');
    expect(codeOf(input(record('a', { amount: null }), { amount: 1.5 }))).toBe('booking.amount-invalid');
  });
});

describe('checkBooking: times', () => {
  it('knows which objects are time-related', () => {
    const flags = { isScheduleRelated: false, isTimePeriodRelated: false, isLongRange: false };
    expect(isTimeRelated(flags)).toBe(false);
    expect(isTimeRelated({ ...flags, isScheduleRelated: true })).toBe(true);
    expect(isTimeRelated({ ...flags, isTimePeriodRelated: true })).toBe(true);
    expect(isTimeRelated({ ...flags, isLongRange: true })).toBe(true);
  });

  it('needs times for a time-related object, and an end after the begin', () => {
    expect(checkBooking(input(record('a', { title: 'Saal' }), { begin: null }))).toEqual({
      code: 'booking.time-missing',
      message: 'Für das Objekt Saal muss ein Buchungszeitraum angegeben werden.',
    });
    expect(codeOf(input(record('a'), { end: null }))).toBe('booking.time-missing');
    expect(codeOf(input(record('a'), { begin: at('12:00'), end: at('12:00') }))).toBe('booking.time-invalid');
    expect(codeOf(input(record('a'), { begin: at('12:00'), end: at('11:00') }))).toBe('booking.time-invalid');
  });

  it('needs no times for an object booked by count', () => {
    expect(codeOf(input(record('a', { isScheduleRelated: false }), { begin: null, end: null }))).toBeNull();
  });
});

describe('checkBooking: opening hours', () => {
  const hours = { isOpeningHoursRelated: true, openingHours: [{ weekdays: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '17:00' }] };

  it('refuses a booking outside the object’s hours', () => {
    expect(checkBooking(input(record('a', { ...hours, title: 'Saal' }), { begin: at('16:00'), end: at('18:00') }))).toEqual({
      code: 'booking.opening-hours',
      message: 'Die gewählte Buchungszeit liegt außerhalb der Öffnungszeiten von Saal.',
    });
    expect(codeOf(input(record('a', hours)))).toBeNull();
  });

  it('checks the parents’ hours too', () => {
    const parent = record('p', { ...hours, title: 'Rathaus', amount: null, relatedBookableIds: ['a'] });
    expect(checkBooking(input(record('a'), { parents: [parent], begin: at('07:00'), end: at('08:00') }))?.message).toBe(
      'Die gewählte Buchungszeit liegt außerhalb der Öffnungszeiten von Rathaus.',
    );
  });

  it('skips opening hours for long-range objects and objects booked by count', () => {
    expect(codeOf(input(record('a', { ...hours, isLongRange: true }), { begin: at('07:00'), end: at('08:00') }))).toBeNull();
    expect(codeOf(input(record('a', { ...hours, isScheduleRelated: false }), { begin: at('07:00'), end: at('08:00') }))).toBeNull();
  });
});

describe('checkBooking: fixed booking times', () => {
  const fixed = record('a', {
    title: 'Sauna',
    isScheduleRelated: false,
    isTimePeriodRelated: true,
    timePeriods: [
      { weekdays: [1, 3], startTime: '10:00', endTime: '12:00' },
      { weekdays: [0], startTime: '20:00', endTime: '24:00' },
    ],
  });

  it('accepts exactly a period on one of its weekdays (Berlin time)', () => {
    expect(codeOf(input(fixed))).toBeNull();
    expect(codeOf(input(fixed, { begin: at('10:00', '2026-06-03'), end: at('12:00', '2026-06-03') }))).toBeNull();
    expect(codeOf(input(fixed, { begin: at('20:00', '2026-06-07'), end: at('00:00', '2026-06-08') }))).toBeNull();
  });

  it('refuses another weekday, start or end', () => {
    expect(checkBooking(input(fixed, { begin: at('10:00', '2026-06-02'), end: at('12:00', '2026-06-02') }))).toEqual({
      code: 'booking.fixed-time',
      message: 'Die gewählte Buchungszeit entspricht keiner festen Buchungszeit von Sauna.',
    });
    expect(codeOf(input(fixed, { begin: at('10:00'), end: at('11:00') }))).toBe('booking.fixed-time');
    expect(codeOf(input(fixed, { begin: at('10:30'), end: at('12:00') }))).toBe('booking.fixed-time');
  });

  it('is not checked for availability slots', () => {
    expect(codeOf(input(fixed, { begin: at('10:00'), end: at('11:00'), checkDuration: false }))).toBeNull();
  });
});

describe('checkBooking: duration', () => {
  const limited = record('a', { minBookingDuration: 2, maxBookingDuration: 4 });

  it('enforces the minimum and maximum in hours, bounds included', () => {
    expect(checkBooking(input(limited, { end: at('11:30') }))).toEqual({
      code: 'booking.min-duration',
      message: 'Die Buchungsdauer für das Objekt muss mindestens 2 Stunden betragen.',
    });
    expect(checkBooking(input(limited, { end: at('14:01') }))).toEqual({
      code: 'booking.max-duration',
      message: 'Die Buchungsdauer für das Objekt darf 4 Stunden nicht überschreiten.',
    });
    expect(codeOf(input(limited, { end: at('12:00') }))).toBeNull();
    expect(codeOf(input(limited, { end: at('14:00') }))).toBeNull();
  });

  it('measures real elapsed time across the DST switch', () => {
    // 01:00 to 05:00 Berlin wall time on 29 March 2026 is only 3 hours.
    const night = { begin: at('01:00', '2026-03-29'), end: at('05:00', '2026-03-29'), now: at('00:00', '2026-03-01') };
    expect(codeOf(input(record('a', { maxBookingDuration: 3 }), night))).toBeNull();
    expect(codeOf(input(record('a', { minBookingDuration: 4 }), night))).toBe('booking.min-duration');
  });

  it('is skipped for availability slots and for objects not booked via calendar', () => {
    expect(codeOf(input(limited, { end: at('11:00'), checkDuration: false }))).toBeNull();
    const fixedTimes = record('a', {
      minBookingDuration: 5,
      isScheduleRelated: false,
      isTimePeriodRelated: true,
      timePeriods: [{ weekdays: [1], startTime: '10:00', endTime: '12:00' }],
    });
    expect(codeOf(input(fixedTimes))).toBeNull();
  });
});

describe('checkBooking: capacity', () => {
  it('refuses a second overlapping booking of a single object', () => {
    const item = record('a', { title: 'Saal' });
    expect(checkBooking(input(item, { occupancies: [booked('a', '11:00', '13:00')] }))).toEqual({
      code: 'booking.capacity',
      message: 'Das Objekt Saal ist im gewählten Zeitraum bereits ausgebucht.',
    });
  });

  it('does not count touching bookings, rejected bookings or other objects', () => {
    const item = record('a');
    const occupancies = [booked('a', '08:00', '10:00'), booked('a', '12:00', '14:00'), booked('a', '10:00', '12:00', 1, true), booked('b', '10:00', '12:00')];
    expect(codeOf(input(item, { occupancies }))).toBeNull();
  });

  it('accepts overlapping bookings up to N units', () => {
    const item = record('a', { amount: 3, title: 'Beamer' });
    const occupancies = [booked('a', '09:00', '11:00'), booked('a', '11:00', '13:00')];
    // At any moment one unit is in use: two more fit, three do not.
    expect(codeOf(input(item, { occupancies, amount: 2 }))).toBeNull();
    expect(checkBooking(input(item, { occupancies, amount: 3 }))?.message).toBe('Das Objekt Beamer ist nur noch 2 mal verfügbar.');
    const overlapping = [...occupancies, booked('a', '10:30', '11:30')];
    expect(codeOf(input(item, { occupancies: overlapping, amount: 1 }))).toBeNull();
    expect(codeOf(input(item, { occupancies: overlapping, amount: 2 }))).toBe('booking.capacity');
  });

  it('treats amount null or 0 as unlimited', () => {
    const many = Array.from({ length: 50 }, () => booked('a', '10:00', '12:00', 10));
    expect(codeOf(input(record('a', { amount: null }), { occupancies: many, amount: 100 }))).toBeNull();
    expect(codeOf(input(record('a', { amount: 0 }), { occupancies: many, amount: 100 }))).toBeNull();
  });

  it('counts every non-rejected booking of an object booked by count', () => {
    const item = record('a', { isScheduleRelated: false, amount: 5, title: 'Ticket' });
    const occupancies = [booked('a', null, null, 2), booked('a', '00:00', '01:00', 1), booked('a', null, null, 4, true)];
    expect(codeOf(input(item, { begin: null, end: null, occupancies, amount: 2 }))).toBeNull();
    expect(checkBooking(input(item, { begin: null, end: null, occupancies, amount: 3 }))?.message).toBe('Das Objekt Ticket ist nur noch 2 mal verfügbar.');
  });

  it('says an object booked by count with no unit left is booked out', () => {
    const item = record('a', { isScheduleRelated: false, amount: 2, title: 'Ticket' });
    const occupancies = [booked('a', null, null, 2)];
    expect(checkBooking(input(item, { begin: null, end: null, occupancies, amount: 1 }))).toEqual({ code: 'booking.capacity', message: 'Das Objekt Ticket ist ausgebucht.' });
  });

  it('says an object booked by time with no unit left in the period is booked out there', () => {
    const item = record('a', { amount: 2, title: 'Beamer' });
    const occupancies = [booked('a', '09:00', '11:00', 2)];
    expect(checkBooking(input(item, { occupancies, amount: 1 }))?.message).toBe('Das Objekt Beamer ist im gewählten Zeitraum bereits ausgebucht.');
  });

  it('ignores bookings without times for a time-related object', () => {
    expect(codeOf(input(record('a'), { occupancies: [booked('a', null, null)] }))).toBeNull();
  });
});

describe('usedAmount', () => {
  const ids = new Set(['a', 'b']);
  const window = { begin: at('10:00'), end: at('14:00') };

  it('is the peak of concurrent units in the window', () => {
    const occupancies = [booked('a', '09:00', '11:00', 2), booked('b', '10:30', '12:00', 1), booked('a', '12:00', '15:00', 2), booked('c', '10:00', '14:00', 9)];
    expect(usedAmount(occupancies, ids, window)).toBe(3);
  });

  it('sums everything without a window', () => {
    expect(usedAmount([booked('a', null, null, 2), booked('b', '09:00', '10:00', 3), booked('c', null, null, 4)], ids, null)).toBe(5);
  });

  it('is 0 for bookings that only touch the window', () => {
    expect(usedAmount([booked('a', '08:00', '10:00'), booked('a', '14:00', '16:00')], ids, window)).toBe(0);
  });
});

describe('checkBooking: parents', () => {
  it('refuses when a room’s parent has no free unit of its own', () => {
    const parent = record('hall', { title: 'Großer Saal', relatedBookableIds: ['a', 'b'] });
    const item = record('a');
    expect(checkBooking(input(item, { parents: [parent], occupancies: [booked('hall', '11:00', '12:00')] }))).toEqual({
      code: 'booking.parent-unavailable',
      message: 'Übergeordnetes Objekt Großer Saal ist nicht verfügbar.',
    });
    // A booked sibling part of the hall does not block this part.
    expect(codeOf(input(item, { parents: [parent], occupancies: [booked('b', '10:00', '12:00')] }))).toBeNull();
    // A parent without amount never blocks.
    expect(codeOf(input(item, { parents: [{ ...parent, amount: null }], occupancies: [booked('hall', '10:00', '12:00')] }))).toBeNull();
  });

  it('checks every ancestor', () => {
    const grand = record('g', { title: 'Gebäude', relatedBookableIds: ['p'] });
    const parent = record('p', { relatedBookableIds: ['a'], amount: null });
    expect(checkBooking(input(record('a'), { parents: [parent, grand], occupancies: [booked('g', '10:00', '11:00')] }))?.message).toBe(
      'Übergeordnetes Objekt Gebäude ist nicht verfügbar.',
    );
  });

  it('counts a ticket contingent over the parent and all its sub-tickets, the parent once', () => {
    const flags = { type: 'ticket' as const, isScheduleRelated: false, amount: null };
    const parent = record('all', { ...flags, amount: 10, title: 'Kontingent', relatedBookableIds: ['adult', 'child'] });
    const adult = record('adult', flags);
    const occupancies = [booked('all', null, null, 3), booked('adult', null, null, 2), booked('child', null, null, 4), booked('other', null, null, 50)];
    const ticketInput = (amount: number): BookingCheckInput => input(adult, { parents: [parent], occupancies, amount, begin: null, end: null });
    expect(codeOf(ticketInput(1))).toBeNull();
    expect(checkBooking(ticketInput(2))?.message).toBe('Übergeordnetes Objekt Kontingent ist nicht verfügbar.');
  });
});

describe('checkBooking: dependent objects', () => {
  it('refuses the parent while a descendant is booked in the window', () => {
    const hall = record('hall', { amount: 2, relatedBookableIds: ['a'] });
    const part = record('a', { title: 'Saal A', relatedBookableIds: ['a1'] });
    const sub = record('a1', { title: 'Bühne' });
    expect(checkBooking(input(hall, { descendants: [part, sub], occupancies: [booked('a', '11:00', '12:00')] }))).toEqual({
      code: 'booking.child-booked',
      message: 'Abhängiges Objekt Saal A ist für den gewählten Zeitraum bereits gebucht.',
    });
    expect(checkBooking(input(hall, { descendants: [part, sub], occupancies: [booked('a1', '11:00', '12:00')] }))?.message).toBe(
      'Abhängiges Objekt Bühne ist für den gewählten Zeitraum bereits gebucht.',
    );
    expect(codeOf(input(hall, { descendants: [part, sub], occupancies: [booked('a', '12:00', '13:00'), booked('a1', '09:00', '10:00', 1), booked('a', '10:00', '12:00', 1, true)] }))).toBeNull();
  });

  it('does not treat the item as its own child (capacity decides)', () => {
    const item = record('a', { amount: 2 });
    expect(codeOf(input(item, { descendants: [item], occupancies: [booked('a', '10:00', '12:00')] }))).toBeNull();
  });
});

describe('checkBooking: advance limit', () => {
  it('refuses a start beyond now + n calendar months', () => {
    const now = at('10:00', '2026-01-31');
    const limited = { now, maxBookingAdvanceInMonths: 1 };
    // 31 January + 1 month = 28 February 10:00.
    expect(codeOf(input(record('a'), { ...limited, begin: at('10:00', '2026-02-28'), end: at('11:00', '2026-02-28') }))).toBeNull();
    expect(checkBooking(input(record('a'), { ...limited, begin: at('10:01', '2026-02-28'), end: at('11:00', '2026-02-28') }))).toEqual({
      code: 'booking.advance-limit',
      message: 'Sie können maximal 1 Monate im Voraus buchen.',
    });
  });

  it('does not limit with null or 0', () => {
    const far = { begin: at('10:00', '2030-01-01'), end: at('11:00', '2030-01-01') };
    expect(codeOf(input(record('a'), { ...far, maxBookingAdvanceInMonths: null }))).toBeNull();
    expect(codeOf(input(record('a'), { ...far, maxBookingAdvanceInMonths: 0 }))).toBeNull();
  });
});

describe('availabilityPeriods', () => {
  it('defaults to today (Berlin) 00:00 until midnight after start + 7 days, in merged hourly slots', () => {
    // 22:30Z on 31 May is already 1 June in Berlin.
    const periods = availabilityPeriods({ now: new Date('2026-05-31T22:30:00Z'), isAvailable: () => true });
    expect(periods).toEqual([{ timeBegin: at('00:00', '2026-06-01').getTime(), timeEnd: at('00:00', '2026-06-09').getTime(), available: true }]);
  });

  it('merges consecutive slots with the same answer', () => {
    const item = record('a', { openingHours: [{ weekdays: [1], startTime: '09:00', endTime: '17:00' }], isOpeningHoursRelated: true });
    const occupancies = [booked('a', '12:00', '13:00')];
    const periods = availabilityPeriods({
      startDate: '2026-06-01',
      endDate: '2026-06-01',
      now: NOW,
      isAvailable: (begin, end) => checkBooking(input(item, { begin, end, occupancies, checkDuration: false })) === null,
    });
    expect(periods).toEqual([
      { timeBegin: at('00:00').getTime(), timeEnd: at('09:00').getTime(), available: false },
      { timeBegin: at('09:00').getTime(), timeEnd: at('12:00').getTime(), available: true },
      { timeBegin: at('12:00').getTime(), timeEnd: at('13:00').getTime(), available: false },
      { timeBegin: at('13:00').getTime(), timeEnd: at('17:00').getTime(), available: true },
      { timeBegin: at('17:00').getTime(), timeEnd: at('00:00', '2026-06-02').getTime(), available: false },
    ]);
  });

  it('asks once per real hour on the DST switch days', () => {
    const count = (date: string): number => {
      let slots = 0;
      availabilityPeriods({ startDate: date, endDate: date, now: NOW, isAvailable: () => (slots++, true) });
      return slots;
    };
    expect(count('2026-03-29')).toBe(23);
    expect(count('2026-10-25')).toBe(25);
    expect(count('2026-06-01')).toBe(24);
  });

  it('refuses windows over 366 days, reversed windows and malformed dates', () => {
    const isAvailable = (): boolean => true;
    expect(() => availabilityPeriods({ startDate: '2026-01-01', endDate: '2027-01-02', now: NOW, isAvailable })).toThrow(RangeError);
    expect(availabilityPeriods({ startDate: '2026-01-01', endDate: '2027-01-01', now: NOW, isAvailable })).toHaveLength(1);
    expect(() => availabilityPeriods({ startDate: '2026-01-02', endDate: '2026-01-01', now: NOW, isAvailable })).toThrow(RangeError);
    expect(() => availabilityPeriods({ startDate: '2026-1-1', now: NOW, isAvailable })).toThrow(RangeError);
  });
});
