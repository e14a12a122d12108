import { describe, expect, it } from 'vitest';
import { type StaffBookingSeriesQuery, StaffBookingSeriesDocument, StaffBookingRowFragmentDoc, type StaffBookingRowFragment } from '../../gql/graphql';
import { createCache } from '../../shared/apolloCache';
import { bookingTypePolicies } from '../staff/bookingCachePolicy';
import { mergeSeriesDates, seriesTypePolicies } from './seriesCachePolicy';

const TENANT = 'tenant-1';
const SERIES = '9b7a3c2e-0000-4000-8000-000000000001';
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const FIRST = Date.parse('2027-11-02T17:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const seriesDate = (bookingId: string, week: number) => ({
  __typename: 'BookingSeriesDate',
  bookingId,
  timeBegin: iso(FIRST + week * WEEK),
  timeEnd: iso(FIRST + week * WEEK + 2 * HOUR),
  isCommitted: false,
  isRejected: false,
  isPayed: false,
  status: 'ausstehend',
  priceEur: 29.75,
});

/** The series as the server answers it, every object with its type name (which the generated types leave out). */
function answer(): StaffBookingSeriesQuery {
  const answered = {
    bookingSeries: {
      __typename: 'BookingSeries',
      id: SERIES,
      tenantId: TENANT,
      name: 'Handballverein 1920',
      createdAt: '2027-10-01T08:00:00.000Z',
      rule: { __typename: 'SeriesRule', frequency: 'WEEKLY', interval: 1, weekdays: ['TU'], until: null, count: 3, skipHolidays: false, excludeDates: [], rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=3', description: 'wöchentlich dienstags, 3 Termine' },
      dates: [seriesDate('A', 0), seriesDate('B', 1), seriesDate('C', 2)],
    },
  };
  return answered as StaffBookingSeriesQuery;
}

/** A list row of a date as the server answers it. */
function row(id: string, week: number, state: Partial<StaffBookingRowFragment> = {}): StaffBookingRowFragment {
  const answered: StaffBookingRowFragment = {
    id,
    tenantId: TENANT,
    timeCreated: '2027-10-01T08:00:00.000Z',
    timeBegin: iso(FIRST + week * WEEK),
    timeEnd: iso(FIRST + week * WEEK + 2 * HOUR),
    name: 'Handballverein 1920',
    company: '',
    mail: 'handball@verein.example',
    phone: '',
    location: '',
    priceEur: 29.75,
    isCommitted: false,
    isRejected: false,
    isPayed: false,
    paymentMethod: '',
    paymentProvider: 'invoice',
    assignedUserId: null,
    seriesId: SERIES,
    items: [],
    ...state,
  };
  return Object.assign(answered, { __typename: 'Booking' });
}

const cache = () => createCache({ ...bookingTypePolicies, ...seriesTypePolicies });
const read = (store: ReturnType<typeof cache>) => store.readQuery({ query: StaffBookingSeriesDocument, variables: { tenantId: TENANT, id: SERIES } })?.bookingSeries.dates ?? [];

describe('a series in the cache follows its bookings', () => {
  it('shows the dates as read while their bookings are not loaded', () => {
    const store = cache();
    store.writeQuery({ query: StaffBookingSeriesDocument, variables: { tenantId: TENANT, id: SERIES }, data: answer() });
    expect(read(store).map((date) => [date.bookingId, date.status])).toEqual([
      ['A', 'ausstehend'],
      ['B', 'ausstehend'],
      ['C', 'ausstehend'],
    ]);
  });

  it('shows a date cancelled and one moved as their bookings now are, earliest first', () => {
    const store = cache();
    store.writeQuery({ query: StaffBookingSeriesDocument, variables: { tenantId: TENANT, id: SERIES }, data: answer() });
    // A released and then cancelled date (the single booking's cancel answers its row)…
    store.writeFragment({ fragment: StaffBookingRowFragmentDoc, fragmentName: 'StaffBookingRow', data: row('A', 0, { isCommitted: true, isRejected: true }) });
    // …and one moved an hour later and past the last date in the editor.
    store.writeFragment({ fragment: StaffBookingRowFragmentDoc, fragmentName: 'StaffBookingRow', data: row('B', 3, { timeBegin: iso(FIRST + 3 * WEEK + HOUR), timeEnd: iso(FIRST + 3 * WEEK + 3 * HOUR) }) });
    const dates = read(store);
    expect(dates.map((date) => [date.bookingId, date.status, date.isRejected])).toEqual([
      ['A', 'storniert', true],
      ['C', 'ausstehend', false],
      ['B', 'ausstehend', false],
    ]);
    expect(dates[2].timeBegin).toBe(iso(FIRST + 3 * WEEK + HOUR));
  });

  it('keeps the very dates when nothing of a loaded booking differs', () => {
    const dates = answer().bookingSeries.dates;
    const same = mergeSeriesDates(dates, (bookingId) => (bookingId === 'A' ? { isCommitted: false, isRejected: false, timeBegin: dates[0].timeBegin } : null));
    expect(same).toBe(dates);
    const released = mergeSeriesDates(dates, (bookingId) => (bookingId === 'B' ? { isCommitted: true, isRejected: false } : null));
    expect(released[1]).toMatchObject({ bookingId: 'B', isCommitted: true, status: 'freigegeben' });
    expect(released[0]).toBe(dates[0]);
  });
});
