/**
 * Links into the staff's bookings list with a filter set. The list reads exactly these query
 * parameters: `status` (a BookingStatusFilter of the schema), `from` and `to` (ISO instants: bookings
 * ending after `from` and beginning before `to`).
 */
export const BOOKING_LIST_PATH = '/admin/buchungen';

/** The status filters the start page links to. */
export type OverviewStatusFilter = 'PENDING' | 'RELEASED_UNPAID';

export type BookingListFilter = { status: OverviewStatusFilter } | { from: string; to: string };

export function bookingListLink(filter: BookingListFilter): string {
  const parameters = new URLSearchParams('status' in filter ? { status: filter.status } : { from: filter.from, to: filter.to });
  return `${BOOKING_LIST_PATH}?${parameters.toString()}`;
}
