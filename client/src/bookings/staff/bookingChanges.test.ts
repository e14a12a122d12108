import { describe, expect, it } from 'vitest';
import { StaffBookingsDocument, type StaffBookingRowFragment } from '../../gql/graphql';
import { createCache } from '../../shared/apolloCache';
import { applyBookingChange } from './bookingChanges';

const TENANT = 'tenant-1';

function booking(id: string, minutesAgo: number, overrides: Partial<StaffBookingRowFragment> = {}): StaffBookingRowFragment {
  const created = new Date(Date.UTC(2026, 10, 20, 12) - minutesAgo * 60_000).toISOString();
  // As the server answers: every object with its type name (the generated types leave it out).
  return {
    __typename: 'Booking',
    id,
    tenantId: TENANT,
    timeCreated: created,
    timeBegin: null,
    timeEnd: null,
    name: `Kundin ${id}`,
    company: '',
    mail: `${id.toLowerCase()}@example.com`,
    phone: '',
    location: '',
    priceEur: 12.5,
    isCommitted: false,
    isRejected: false,
    isPayed: false,
    paymentMethod: '',
    assignedUserId: null,
    items: [{ __typename: 'BookingItem', bookableId: 'room-1', amount: 1, regularGrossPriceEur: 12.5, bookable: { __typename: 'PublicBookable', title: 'Sitzungssaal' } }],
    ...overrides,
  } as StaffBookingRowFragment;
}

const page = (offset: number, items: StaffBookingRowFragment[], total: number) => ({
  query: StaffBookingsDocument,
  variables: { tenantId: TENANT, limit: 2, offset },
  data: { bookings: { __typename: 'BookingPage' as const, total, items } },
});

/** A cache holding the tenant's list, loaded in two pages: C (newest), B, A. */
function loadedCache() {
  const cache = createCache();
  cache.writeQuery(page(0, [booking('CCCC-CCCC', 1), booking('BBBB-BBBB', 2)], 3));
  cache.writeQuery(page(2, [booking('AAAA-AAAA', 3)], 3));
  return cache;
}

const listOf = (cache: ReturnType<typeof createCache>) => cache.readQuery({ query: StaffBookingsDocument, variables: { tenantId: TENANT, limit: 2, offset: 0 } })?.bookings;

describe('the bookings list in the cache', () => {
  it('joins the pages into one list and skips a booking a later page repeats', () => {
    const cache = loadedCache();
    cache.writeQuery(page(3, [booking('AAAA-AAAA', 3)], 3));
    expect(listOf(cache)?.items.map((item) => item.id)).toEqual(['CCCC-CCCC', 'BBBB-BBBB', 'AAAA-AAAA']);
  });

  it('starts afresh with a first page', () => {
    const cache = loadedCache();
    cache.writeQuery(page(0, [booking('DDDD-DDDD', 0)], 1));
    expect(listOf(cache)?.items.map((item) => item.id)).toEqual(['DDDD-DDDD']);
  });
});

describe('applyBookingChange', () => {
  it('puts a created booking at the top and counts it', () => {
    const cache = loadedCache();
    applyBookingChange(cache, TENANT, { action: 'CREATED', id: 'NNNN-NNNN', tenantId: TENANT, booking: booking('NNNN-NNNN', 0) });
    const list = listOf(cache);
    expect(list?.items.map((item) => item.id)).toEqual(['NNNN-NNNN', 'CCCC-CCCC', 'BBBB-BBBB', 'AAAA-AAAA']);
    expect(list?.total).toBe(4);
  });

  it('changes an updated booking in place, without adding it again', () => {
    const cache = loadedCache();
    applyBookingChange(cache, TENANT, { action: 'UPDATED', id: 'BBBB-BBBB', tenantId: TENANT, booking: booking('BBBB-BBBB', 2, { isCommitted: true, name: 'Neuer Name' }) });
    const list = listOf(cache);
    expect(list?.items.map((item) => [item.id, item.name, item.isCommitted])).toEqual([
      ['CCCC-CCCC', 'Kundin CCCC-CCCC', false],
      ['BBBB-BBBB', 'Neuer Name', true],
      ['AAAA-AAAA', 'Kundin AAAA-AAAA', false],
    ]);
    expect(list?.total).toBe(3);
  });

  it('places a booking that became readable where its creation time puts it', () => {
    const cache = loadedCache();
    applyBookingChange(cache, TENANT, { action: 'UPDATED', id: 'XXXX-XXXX', tenantId: TENANT, booking: booking('XXXX-XXXX', 2.5) });
    expect(listOf(cache)?.items.map((item) => item.id)).toEqual(['CCCC-CCCC', 'BBBB-BBBB', 'XXXX-XXXX', 'AAAA-AAAA']);
  });

  it('removes a deleted booking and one the viewer may no longer read', () => {
    const cache = loadedCache();
    applyBookingChange(cache, TENANT, { action: 'DELETED', id: 'CCCC-CCCC', tenantId: TENANT, booking: null });
    applyBookingChange(cache, TENANT, { action: 'UPDATED', id: 'AAAA-AAAA', tenantId: TENANT, booking: null });
    const list = listOf(cache);
    expect(list?.items.map((item) => item.id)).toEqual(['BBBB-BBBB']);
    expect(list?.total).toBe(1);
    const deleted = cache.identify({ __typename: 'Booking', tenantId: TENANT, id: 'CCCC-CCCC' }) as string;
    expect(cache.extract()[deleted]).toBeUndefined();
  });

  it('keeps the same booking number of another tenant apart and ignores its events', () => {
    const cache = loadedCache();
    applyBookingChange(cache, TENANT, { action: 'CREATED', id: 'CCCC-CCCC', tenantId: 'tenant-2', booking: booking('CCCC-CCCC', 0, { tenantId: 'tenant-2' }) });
    expect(listOf(cache)?.items.map((item) => [item.id, item.tenantId])).toEqual([
      ['CCCC-CCCC', TENANT],
      ['BBBB-BBBB', TENANT],
      ['AAAA-AAAA', TENANT],
    ]);
  });
});
