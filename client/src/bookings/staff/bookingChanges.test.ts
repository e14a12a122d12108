import { describe, expect, it } from 'vitest';
import { StaffBookingListDocument, type StaffBookingListQuery, StaffBookingsDocument, type StaffBookingRowFragment, type StaffBookingsQuery } from '../../gql/graphql';
import { bookingTypePolicies } from './bookingCachePolicy';
import { createCache } from '../../shared/apolloCache';
import { applyBookingChange } from './bookingChanges';
import { joinPages } from './useStaffBookings';

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
    paymentProvider: null,
    assignedUserId: null,
    seriesId: null,
    items: [{ __typename: 'BookingItem', bookableId: 'room-1', amount: 1, regularGrossPriceEur: 12.5, userGrossPriceEur: 12.5, bookable: { __typename: 'PublicBookable', title: 'Sitzungssaal' }, event: null }],
    ...overrides,
  } as StaffBookingRowFragment;
}

const pageQuery = (offset: number) => ({ query: StaffBookingsDocument, variables: { tenantId: TENANT, limit: 2, offset } });
const writePage = (cache: ReturnType<typeof createCache>, offset: number, items: StaffBookingRowFragment[], total: number) =>
  cache.writeQuery({ ...pageQuery(offset), data: { bookings: { __typename: 'BookingPage', total, items } } as StaffBookingsQuery });

/** A cache holding the tenant's list in two pages: C (newest), B | A. */
function loadedCache() {
  const cache = createCache(bookingTypePolicies);
  writePage(cache, 0, [booking('CCCC-CCCC', 1), booking('BBBB-BBBB', 2)], 3);
  writePage(cache, 2, [booking('AAAA-AAAA', 3)], 3);
  return cache;
}

const pagesOf = (cache: ReturnType<typeof createCache>) => [0, 2].map((offset) => cache.readQuery(pageQuery(offset))?.bookings);
const listOf = (cache: ReturnType<typeof createCache>) => joinPages(pagesOf(cache)).map((item) => item.id);

describe('the bookings list in the cache', () => {
  it('keeps each page as a list of its own, joined in order, a repeated booking once', () => {
    const cache = loadedCache();
    writePage(cache, 2, [booking('BBBB-BBBB', 2), booking('AAAA-AAAA', 3)], 3);
    expect(listOf(cache)).toEqual(['CCCC-CCCC', 'BBBB-BBBB', 'AAAA-AAAA']);
  });

  it('replaces a page with its newer answer', () => {
    const cache = loadedCache();
    writePage(cache, 0, [booking('DDDD-DDDD', 0)], 2);
    expect(pagesOf(cache)[0]?.items.map((item) => item.id)).toEqual(['DDDD-DDDD']);
  });
});

describe('applyBookingChange', () => {
  it('puts a created booking at the top of the first page and counts it', () => {
    const cache = loadedCache();
    applyBookingChange(cache, TENANT, { action: 'CREATED', id: 'NNNN-NNNN', tenantId: TENANT, booking: booking('NNNN-NNNN', 0) });
    expect(listOf(cache)).toEqual(['NNNN-NNNN', 'CCCC-CCCC', 'BBBB-BBBB', 'AAAA-AAAA']);
    expect(pagesOf(cache)[0]?.total).toBe(4);
  });

  it('changes an updated booking where it is, in whichever page, without adding it again', () => {
    const cache = loadedCache();
    applyBookingChange(cache, TENANT, { action: 'UPDATED', id: 'AAAA-AAAA', tenantId: TENANT, booking: booking('AAAA-AAAA', 3, { isCommitted: true, name: 'Neuer Name' }) });
    const pages = pagesOf(cache);
    expect(pages[1]?.items.map((item) => [item.id, item.name, item.isCommitted])).toEqual([['AAAA-AAAA', 'Neuer Name', true]]);
    expect(listOf(cache)).toEqual(['CCCC-CCCC', 'BBBB-BBBB', 'AAAA-AAAA']);
    expect(pages[0]?.total).toBe(3);
  });

  it('places a booking that became readable where its creation time puts it in the first page', () => {
    const cache = loadedCache();
    applyBookingChange(cache, TENANT, { action: 'UPDATED', id: 'XXXX-XXXX', tenantId: TENANT, booking: booking('XXXX-XXXX', 1.5) });
    expect(listOf(cache)).toEqual(['CCCC-CCCC', 'XXXX-XXXX', 'BBBB-BBBB', 'AAAA-AAAA']);
  });

  it('removes a deleted booking and one the viewer may no longer read, from the page holding it', () => {
    const cache = loadedCache();
    applyBookingChange(cache, TENANT, { action: 'DELETED', id: 'CCCC-CCCC', tenantId: TENANT, booking: null });
    applyBookingChange(cache, TENANT, { action: 'UPDATED', id: 'AAAA-AAAA', tenantId: TENANT, booking: null });
    expect(listOf(cache)).toEqual(['BBBB-BBBB']);
    expect(pagesOf(cache)[0]?.total).toBe(1);
    const deleted = cache.identify({ __typename: 'Booking', tenantId: TENANT, id: 'CCCC-CCCC' }) as string;
    expect(cache.extract()[deleted]).toBeUndefined();
  });

  it('keeps the same booking number of another tenant apart and ignores its events', () => {
    const cache = loadedCache();
    applyBookingChange(cache, TENANT, { action: 'CREATED', id: 'CCCC-CCCC', tenantId: 'tenant-2', booking: booking('CCCC-CCCC', 0, { tenantId: 'tenant-2' }) });
    expect(joinPages(pagesOf(cache)).map((item) => [item.id, item.tenantId])).toEqual([
      ['CCCC-CCCC', TENANT],
      ['BBBB-BBBB', TENANT],
      ['AAAA-AAAA', TENANT],
    ]);
  });
});

describe('applyBookingChange on a window (the calendar)', () => {
  const WEEK = { from: '2026-11-22T23:00:00.000Z', to: '2026-11-29T23:00:00.000Z' };
  const windowQuery = (bookableId?: string) => ({ query: StaffBookingsDocument, variables: { tenantId: TENANT, limit: 500, offset: 0, ...WEEK, bookableId } });
  const timed = (id: string, begin: string, end: string, overrides: Partial<StaffBookingRowFragment> = {}) => booking(id, 5, { timeBegin: begin, timeEnd: end, ...overrides });
  const inWeek = (id: string, overrides: Partial<StaffBookingRowFragment> = {}) => timed(id, '2026-11-24T09:00:00Z', '2026-11-24T11:00:00Z', overrides);
  const nextWeek = (id: string) => timed(id, '2026-12-01T09:00:00Z', '2026-12-01T11:00:00Z');

  function windowCache(bookableId?: string) {
    const cache = loadedCache();
    cache.writeQuery({ ...windowQuery(bookableId), data: { bookings: { __typename: 'BookingPage', total: 1, items: [inWeek('WWWW-WWWW')] } } as StaffBookingsQuery });
    return cache;
  }
  const windowOf = (cache: ReturnType<typeof createCache>, bookableId?: string) => {
    const page = cache.readQuery(windowQuery(bookableId))?.bookings;
    return { ids: page?.items.map((item) => item.id), total: page?.total };
  };

  it('adds a new booking overlapping the window, and leaves out one outside it', () => {
    const cache = windowCache();
    applyBookingChange(cache, TENANT, { action: 'CREATED', id: 'NNNN-NNNN', tenantId: TENANT, booking: inWeek('NNNN-NNNN') });
    applyBookingChange(cache, TENANT, { action: 'CREATED', id: 'LLLL-LLLL', tenantId: TENANT, booking: nextWeek('LLLL-LLLL') });
    expect(windowOf(cache)).toEqual({ ids: ['NNNN-NNNN', 'WWWW-WWWW'], total: 2 });
    // The whole list gains both, by their creation (after C and B, before A).
    expect(listOf(cache)).toEqual(['CCCC-CCCC', 'BBBB-BBBB', 'LLLL-LLLL', 'NNNN-NNNN', 'AAAA-AAAA']);
  });

  it('moves a booking out of the window when its times leave it, and back in', () => {
    const cache = windowCache();
    applyBookingChange(cache, TENANT, { action: 'UPDATED', id: 'WWWW-WWWW', tenantId: TENANT, booking: nextWeek('WWWW-WWWW') });
    expect(windowOf(cache)).toEqual({ ids: [], total: 0 });
    applyBookingChange(cache, TENANT, { action: 'UPDATED', id: 'WWWW-WWWW', tenantId: TENANT, booking: inWeek('WWWW-WWWW', { name: 'Zurück' }) });
    expect(windowOf(cache)).toEqual({ ids: ['WWWW-WWWW'], total: 1 });
  });

  it("keeps an object's window to the bookings of that object", () => {
    const cache = windowCache('room-1');
    // With type names, as the server answers (the generated types leave them out).
    const items = [{ __typename: 'BookingItem', bookableId: 'beamer', amount: 1, regularGrossPriceEur: 0, userGrossPriceEur: 0, bookable: { __typename: 'PublicBookable', title: 'Beamer' }, event: null }];
    const beamer = inWeek('BBBB-BEAM', { items: items as StaffBookingRowFragment['items'] });
    applyBookingChange(cache, TENANT, { action: 'CREATED', id: 'BBBB-BEAM', tenantId: TENANT, booking: beamer });
    applyBookingChange(cache, TENANT, { action: 'CREATED', id: 'RRRR-ROOM', tenantId: TENANT, booking: inWeek('RRRR-ROOM') });
    expect(windowOf(cache, 'room-1')).toEqual({ ids: ['RRRR-ROOM', 'WWWW-WWWW'], total: 2 });
  });

  it('takes a deleted booking out of the window and the list', () => {
    const cache = windowCache();
    applyBookingChange(cache, TENANT, { action: 'DELETED', id: 'WWWW-WWWW', tenantId: TENANT, booking: null });
    expect(windowOf(cache)).toEqual({ ids: [], total: 0 });
    expect(pagesOf(cache)[0]?.total).toBe(3);
  });
});

describe("the list screen's cursor pages in the cache", () => {
  const listPage = (variables: Record<string, unknown>) => ({ query: StaffBookingListDocument, variables: { tenantId: TENANT, first: 2, withCount: true, ...variables } });
  const writeListPage = (cache: ReturnType<typeof createCache>, variables: Record<string, unknown>, items: StaffBookingRowFragment[], count: number, endCursor: string | null) =>
    cache.writeQuery({
      ...listPage(variables),
      data: {
        bookings: { __typename: 'BookingPage', count: { __typename: 'BookingListCount', value: count, exact: true }, pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage: endCursor !== null }, items },
      } as StaffBookingListQuery,
    });

  it('a new booking goes on top of the first page of the unfiltered list and is counted; a later page and a search stay as they are', () => {
    const cache = createCache(bookingTypePolicies);
    writeListPage(cache, {}, [booking('CCCC-CCCC', 1), booking('BBBB-BBBB', 2)], 3, 'cursor-b');
    writeListPage(cache, { after: 'cursor-b' }, [booking('AAAA-AAAA', 3)], 3, null);
    writeListPage(cache, { search: 'kundin' }, [booking('CCCC-CCCC', 1)], 1, null);

    applyBookingChange(cache, TENANT, { action: 'CREATED', id: 'DDDD-DDDD', tenantId: TENANT, booking: booking('DDDD-DDDD', 0) });

    const first = cache.readQuery(listPage({}))!.bookings;
    expect(first.items.map((item) => item.id)).toEqual(['DDDD-DDDD', 'CCCC-CCCC', 'BBBB-BBBB']);
    expect(first.count).toMatchObject({ value: 4, exact: true });
    expect(cache.readQuery(listPage({ after: 'cursor-b' }))!.bookings.items.map((item) => item.id)).toEqual(['AAAA-AAAA']);
    expect(cache.readQuery(listPage({ search: 'kundin' }))!.bookings.count?.value).toBe(1);
  });

  it('a deleted booking leaves its page and the count of the first page', () => {
    const cache = createCache(bookingTypePolicies);
    writeListPage(cache, { sort: 'NEWEST' }, [booking('CCCC-CCCC', 1), booking('BBBB-BBBB', 2)], 3, 'cursor-b');
    writeListPage(cache, { sort: 'NEWEST', after: 'cursor-b' }, [booking('AAAA-AAAA', 3)], 3, null);

    applyBookingChange(cache, TENANT, { action: 'DELETED', id: 'AAAA-AAAA', tenantId: TENANT, booking: null });

    expect(cache.readQuery(listPage({ sort: 'NEWEST', after: 'cursor-b' }))!.bookings.items).toEqual([]);
    expect(cache.readQuery(listPage({ sort: 'NEWEST' }))!.bookings.count?.value).toBe(2);
  });
});
