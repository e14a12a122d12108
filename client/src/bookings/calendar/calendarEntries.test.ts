import { describe, expect, it } from 'vitest';
import type { StaffBooking } from '../staff/bookingRows';
import { calendarEntries } from './calendarEntries';

function booking(id: string, overrides: Partial<StaffBooking> = {}): StaffBooking {
  return {
    id,
    tenantId: 't',
    timeCreated: '2026-11-20T10:00:00Z',
    timeBegin: '2026-11-24T09:00:00Z',
    timeEnd: '2026-11-24T11:00:00Z',
    name: 'Erika Muster',
    company: '',
    mail: 'erika@example.com',
    phone: '',
    location: '',
    priceEur: 0,
    isCommitted: true,
    isRejected: false,
    isPayed: false,
    paymentMethod: '',
    paymentProvider: null,
    assignedUserId: null,
    seriesId: null,
    items: [
      {
        bookableId: 'saal',
        amount: 1,
        regularGrossPriceEur: 0,
        bookable: { title: 'Sitzungssaal' },
      },
      {
        bookableId: 'beamer',
        amount: 2,
        regularGrossPriceEur: 0,
        bookable: { title: 'Beamer' },
      },
    ],
    ...overrides,
  } as StaffBooking;
}

describe('calendarEntries', () => {
  it('shows each booking with its customer, its objects and its Berlin times', () => {
    const [entry] = calendarEntries([booking('A')], false);
    expect(entry).toMatchObject({
      id: 'A',
      name: 'Erika Muster',
      objects: 'Sitzungssaal, 2 × Beamer',
      pending: false,
    });
    expect([entry.start.getHours(), entry.end.getHours()]).toEqual([10, 12]);
  });

  it('leaves out rejected bookings and those without times', () => {
    const shown = calendarEntries([booking('A', { isRejected: true }), booking('B', { timeBegin: null, timeEnd: null }), booking('C')], true);
    expect(shown.map((entry) => entry.id)).toEqual(['C']);
  });

  it('marks unreleased bookings as pending', () => {
    expect(calendarEntries([booking('A', { isCommitted: false })], true)[0].pending).toBe(true);
  });

  it('marks the dates of a series', () => {
    const [single, dated] = calendarEntries([booking('A'), booking('B', { seriesId: 'serie-1' })], true);
    expect([single.series, dated.series]).toEqual([false, true]);
  });

  it('names the company when the customer gave no name', () => {
    expect(calendarEntries([booking('A', { name: '', company: 'Verein e. V.' })], true)[0].name).toBe('Verein e. V.');
  });

  it('makes the entry of an unchanged booking once', () => {
    const same = booking('A');
    expect(calendarEntries([same], true)[0]).toBe(calendarEntries([same], true)[0]);
  });
});
