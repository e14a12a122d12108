import type { ApolloClient } from '@apollo/client';
import { StaffBookingListDocument, type StaffBookingListQuery } from '../../gql/graphql';
import type { StaffBooking } from './bookingRows';
import type { BookingListFilter } from './bookingListFilter';
import { listVariables } from './listRequest';
import type { BookingListCount } from './useBookingList';

/** At most this many bookings go to the printer: more is a report for the export, not a printout. */
export const PRINT_LIMIT = 5_000;
const PRINT_PAGE_SIZE = 500;

export interface PrintRows {
  bookings: StaffBooking[];
  count: BookingListCount;
}

/**
 * The bookings a printout lists: the list's own server query (search, filters, order) read page by
 * page to its end or to PRINT_LIMIT, past the cache (a printout is read once and never updated).
 */
export async function readPrintRows(client: ApolloClient, tenantId: string, request: BookingListFilter): Promise<PrintRows> {
  const bookings: StaffBooking[] = [];
  let count: BookingListCount = { value: 0, exact: true };
  let after: string | null = null;
  do {
    const { data }: { data?: StaffBookingListQuery } = await client.query({
      query: StaffBookingListDocument,
      variables: { ...listVariables(tenantId, request, after), first: PRINT_PAGE_SIZE },
      fetchPolicy: 'no-cache',
    });
    if (!data) break;
    if (data.bookings.count) count = data.bookings.count;
    bookings.push(...data.bookings.items);
    after = data.bookings.pageInfo.hasNextPage ? data.bookings.pageInfo.endCursor : null;
  } while (after && bookings.length < PRINT_LIMIT);
  return { bookings: bookings.slice(0, PRINT_LIMIT), count };
}
