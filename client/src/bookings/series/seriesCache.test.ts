import { describe, expect, it } from 'vitest';
import { StaffBookingRowFragmentDoc, type StaffBookingRowFragment } from '../../gql/graphql';
import { createCache } from '../../shared/apolloCache';
import { bookingTypePolicies } from '../staff/bookingCachePolicy';
import { applySeriesAnswer } from './seriesCache';
import { seriesTypePolicies } from './seriesCachePolicy';

const TENANT = 'tenant-1';
const begin = '2027-11-02T17:00:00.000Z';
const end = '2027-11-02T19:00:00.000Z';

function row(id: string): StaffBookingRowFragment {
  const answered: StaffBookingRowFragment = {
    id,
    tenantId: TENANT,
    timeCreated: '2027-10-01T08:00:00.000Z',
    timeBegin: begin,
    timeEnd: end,
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
    seriesId: 'serie-1',
    items: [],
  };
  return Object.assign(answered, { __typename: 'Booking' });
}

const date = (bookingId: string, state: { isCommitted: boolean; isRejected: boolean }) => ({ bookingId, timeBegin: begin, timeEnd: end, isPayed: false, status: '', priceEur: 29.75, ...state });

describe('a series-wide answer in the cache', () => {
  it('writes each date state into its loaded booking and leaves the others out', () => {
    const cache = createCache({ ...bookingTypePolicies, ...seriesTypePolicies });
    cache.writeFragment({ fragment: StaffBookingRowFragmentDoc, fragmentName: 'StaffBookingRow', data: row('A') });
    const updated = applySeriesAnswer(cache, { tenantId: TENANT, dates: [date('A', { isCommitted: true, isRejected: true }), date('B', { isCommitted: true, isRejected: false })] });
    expect(updated).toBe(1);
    const stored = cache.readFragment({ fragment: StaffBookingRowFragmentDoc, fragmentName: 'StaffBookingRow', id: cache.identify({ __typename: 'Booking', tenantId: TENANT, id: 'A' }) });
    expect(stored).toMatchObject({ isCommitted: true, isRejected: true });
    expect(cache.extract()[`Booking:${JSON.stringify({ tenantId: TENANT, id: 'B' })}`]).toBeUndefined();
  });
});
