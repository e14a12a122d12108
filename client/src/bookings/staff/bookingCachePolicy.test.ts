import { describe, expect, it } from 'vitest';
import { StaffBookingDocument, type StaffBookingQuery, StaffBookingRowFragmentDoc, type StaffBookingRowFragment } from '../../gql/graphql';
import { bookingTypePolicies } from './bookingCachePolicy';
import { createCache } from '../../shared/apolloCache';

const TENANT = 'tenant-1';
const ID = 'ABCD-EFGH';

const item = (bookableId: string, title: string, type: string) => ({
  __typename: 'BookingItem' as const,
  bookableId,
  amount: 1,
  regularGrossPriceEur: 40,
  userGrossPriceEur: 40,
  bookable: { __typename: 'PublicBookable' as const, title, type },
  event: null,
});

/** The details dialog's booking as the server answers it, every object with its type name. */
function details(): StaffBookingQuery {
  return {
    booking: {
      __typename: 'Booking',
      id: ID,
      tenantId: TENANT,
      timeCreated: '2026-11-20T09:00:00.000Z',
      timeBegin: null,
      timeEnd: null,
      name: 'Erika Mustermann',
      company: '',
      mail: 'erika@example.com',
      phone: '',
      location: '',
      priceEur: 40,
      isCommitted: false,
      isRejected: false,
      isPayed: false,
      paymentMethod: '',
      paymentProvider: 'invoice',
      assignedUserId: null,
      seriesId: null,
      workflowStatus: null,
      street: '',
      zipCode: '',
      comment: '',
      vatIncludedEur: 6.39,
      couponCode: null,
      items: [item('room-1', 'Sitzungsraum', 'room')],
      receipts: [],
      attachments: [],
      lockerInfo: [],
      refunds: [],
    },
  } as StaffBookingQuery;
}

/** The same booking as the list's rows, a release and a live change answer it: its objects without their type. */
function row(overrides: Partial<StaffBookingRowFragment> = {}): StaffBookingRowFragment {
  const { workflowStatus: _workflow, street: _street, zipCode: _zip, comment: _comment, vatIncludedEur: _vat, couponCode: _coupon, receipts: _receipts, attachments: _attachments, ...rest } = details().booking;
  return {
    ...rest,
    items: rest.items.map(({ bookable, ...fields }) => ({ ...fields, bookable: { __typename: 'PublicBookable', title: bookable.title } })),
    ...overrides,
  } as StaffBookingRowFragment;
}

function cacheWithDetails() {
  const cache = createCache(bookingTypePolicies);
  cache.writeQuery({ query: StaffBookingDocument, variables: { tenantId: TENANT, id: ID }, data: details() });
  return cache;
}

const writeRow = (cache: ReturnType<typeof createCache>, booking: StaffBookingRowFragment) =>
  cache.writeFragment({ id: cache.identify({ __typename: 'Booking', tenantId: TENANT, id: ID }), fragment: StaffBookingRowFragmentDoc, fragmentName: 'StaffBookingRow', data: booking });

const readDetails = (cache: ReturnType<typeof createCache>) => cache.readQuery({ query: StaffBookingDocument, variables: { tenantId: TENANT, id: ID } });

describe('the booking items in the cache', () => {
  it('keep what the details read when the same booking arrives as a row (a release, a live change)', () => {
    const cache = cacheWithDetails();
    writeRow(cache, row({ isCommitted: true }));
    const booking = readDetails(cache)?.booking;
    expect(booking?.isCommitted).toBe(true);
    expect(booking?.items.map((entry) => [entry.bookableId, entry.bookable.title, entry.bookable.type])).toEqual([['room-1', 'Sitzungsraum', 'room']]);
  });

  it('take the newer title and price of the same object', () => {
    const cache = cacheWithDetails();
    writeRow(cache, row({ items: [{ ...item('room-1', 'Großer Sitzungsraum', 'room'), userGrossPriceEur: 30 }] }));
    expect(readDetails(cache)?.booking.items.map((entry) => [entry.bookable.title, entry.userGrossPriceEur, entry.bookable.type])).toEqual([['Großer Sitzungsraum', 30, 'room']]);
  });

  it('are replaced when the booking now holds other objects, so nothing of the old ones is shown', () => {
    const cache = cacheWithDetails();
    const { bookable: _bookable, ...beamer } = item('beamer', 'Beamer', 'resource');
    writeRow(cache, row({ items: [{ ...beamer, bookable: { title: 'Beamer' } }] }));
    // The details lack the new object's type: the dialog asks the server again.
    expect(readDetails(cache)).toBeNull();
  });
});
