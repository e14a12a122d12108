import type { StaffBookingListQueryVariables } from '../../gql/graphql';
import type { BookingListFilter } from './bookingListFilter';

/** Rows per page: a screenful several times over, small enough to answer at once. */
export const LIST_PAGE_SIZE = 100;

/** The GraphQL variables of a request's page (empty values left out, so equal requests share the cache). */
export function listVariables(tenantId: string, request: BookingListFilter, after: string | null): StaffBookingListQueryVariables {
  const search = request.query.trim();
  return {
    tenantId,
    first: LIST_PAGE_SIZE,
    withCount: after === null,
    ...(after ? { after } : {}),
    ...(search ? { search } : {}),
    ...(request.sort && request.sort !== 'NEWEST' ? { sort: request.sort } : {}),
    ...(request.status ? { status: request.status } : {}),
    ...(request.from ? { from: request.from } : {}),
    ...(request.to ? { to: request.to } : {}),
    ...(request.bookableId ? { bookableId: request.bookableId } : {}),
    ...(request.seriesId ? { seriesId: request.seriesId } : {}),
  };
}

/** One key per request (tenant, search, filters, order): its pages and read-ahead are kept under it. */
export const requestKey = (tenantId: string, request: BookingListFilter) => JSON.stringify(listVariables(tenantId, request, null));

