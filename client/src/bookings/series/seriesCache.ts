import type { ApolloCache } from '@apollo/client';
import { bookingStatusLabel } from '../../../../common/bookings/labels';
import type { BookingSeriesDetailsFragment } from '../../gql/graphql';

/**
 * A series as a series-wide action answered it (every date released, or cancelled from a date on):
 * each date's state goes into its booking wherever the cache holds that booking (list rows, board
 * cards, calendar entries, an open details dialog), since the series' dates are read over those
 * bookings (seriesCachePolicy.ts). Only fields the cache already holds change; a booking not loaded
 * stays out of the cache. Returns how many bookings were updated.
 */
export function applySeriesAnswer(cache: ApolloCache, series: Pick<BookingSeriesDetailsFragment, 'tenantId' | 'dates'>): number {
  let updated = 0;
  for (const date of series.dates) {
    const id = cache.identify({ __typename: 'Booking', tenantId: series.tenantId, id: date.bookingId });
    if (!id) continue;
    const changed = cache.modify({
      id,
      fields: {
        isCommitted: () => date.isCommitted,
        isRejected: () => date.isRejected,
        isPayed: () => date.isPayed,
        status: () => bookingStatusLabel(date),
        timeBegin: () => date.timeBegin,
        timeEnd: () => date.timeEnd,
      },
    });
    if (changed) updated++;
  }
  return updated;
}
