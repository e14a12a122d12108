import { describe, expect, it } from 'vitest';
import { addBerlinDays, berlinInstant } from '../time/berlin.js';
import { horizonProblem } from './horizon.js';

const horizon = { bookingHorizonDays: 730, maxBookingDays: 31 };
const now = new Date('2026-11-26T09:00:00Z');
const at = (date: string, time = '10:00') => berlinInstant(date, time);
const room = { maxBookingDuration: null };

describe('horizonProblem', () => {
  it('lets a week next month pass', () => {
    expect(horizonProblem(horizon, { begin: at('2026-12-01'), end: at('2026-12-08') }, [room], now)).toBeNull();
  });

  it('refuses a booking that ends more than 730 days ahead, at timeEnd', () => {
    const begin = addBerlinDays(now, 720);
    expect(horizonProblem(horizon, { begin, end: addBerlinDays(now, 730) }, [room], now)).toBeNull();
    expect(horizonProblem(horizon, { begin, end: new Date(addBerlinDays(now, 730).getTime() + 60_000) }, [room], now)).toEqual({
      field: 'timeEnd',
      message: 'Eine Buchung darf höchstens 730 Tage im Voraus enden.',
    });
  });

  it('refuses a booking that begins beyond the horizon, at timeBegin', () => {
    expect(horizonProblem(horizon, { begin: at('2036-01-01'), end: at('2036-01-02') }, [room], now)).toEqual({
      field: 'timeBegin',
      message: 'Buchungen sind höchstens 730 Tage im Voraus möglich.',
    });
  });

  it('refuses ten years on an object without its own maximum; 31 days pass', () => {
    expect(horizonProblem({ bookingHorizonDays: 10 * 366, maxBookingDays: 31 }, { begin: at('2026-12-01'), end: at('2036-12-01') }, [room], now)).toEqual({
      field: 'timeEnd',
      message: 'Eine Buchung darf höchstens 31 Tage dauern.',
    });
    expect(horizonProblem(horizon, { begin: at('2027-01-01'), end: at('2027-02-01') }, [room], now)).toBeNull();
    expect(horizonProblem(horizon, { begin: at('2027-01-01'), end: at('2027-02-01', '10:01') }, [room], now)?.field).toBe('timeEnd');
  });

  it('counts Berlin calendar days: the month of October with its extra hour is 31 days', () => {
    expect(horizonProblem(horizon, { begin: at('2027-10-01', '00:00'), end: at('2027-11-01', '00:00') }, [room], now)).toBeNull();
  });

  it('an object allowing longer bookings itself lifts the duration to its own maximum, never below the tenant’s', () => {
    const longer = { maxBookingDuration: 60 * 24 };
    expect(horizonProblem(horizon, { begin: at('2027-01-01'), end: at('2027-02-20') }, [longer], now)).toBeNull();
    expect(horizonProblem(horizon, { begin: at('2027-01-01'), end: at('2027-03-05') }, [longer], now)).toEqual({ field: 'timeEnd', message: 'Eine Buchung darf höchstens 60 Tage dauern.' });
    expect(horizonProblem(horizon, { begin: at('2027-01-01'), end: at('2027-02-01') }, [{ maxBookingDuration: 2 }], now)).toBeNull();
    // Two objects: the booking must fit both.
    expect(horizonProblem(horizon, { begin: at('2027-01-01'), end: at('2027-02-20') }, [longer, room], now)?.message).toBe('Eine Buchung darf höchstens 31 Tage dauern.');
  });

  it('has nothing to say without a window or without an object booked by time', () => {
    expect(horizonProblem(horizon, { begin: null, end: null }, [room], now)).toBeNull();
    expect(horizonProblem(horizon, { begin: at('2026-12-01'), end: at('2036-12-01') }, [], now)).toBeNull();
  });
});

describe('addBerlinDays', () => {
  it('keeps the Berlin wall time across a clock change', () => {
    expect(addBerlinDays(at('2027-03-27', '12:00'), 1).toISOString()).toBe(at('2027-03-28', '12:00').toISOString());
    expect(addBerlinDays(at('2027-03-27', '12:00'), 1).getTime() - at('2027-03-27', '12:00').getTime()).toBe(23 * 3_600_000);
  });
});
