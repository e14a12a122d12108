import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { MyBookingsDocument } from '../../gql/graphql';
import { useLoadMore } from '../../shared/list/useLoadMore';
import { PageTitle } from '../../shared/PageTitle';
import { CancelMyBookingButton } from './CancelMyBookingButton';
import { ClaimGuestBookings } from './ClaimGuestBookings';
import { type MyBooking, MyBookingsList, PAGE_SIZE, periods } from './myBookingCard';

/** Upcoming and not cancelled: the server decides (by the objects' policy) whether it cancels or asks the staff. */
const cancelAction = (booking: MyBooking) =>
  booking.state === 'PENDING' || booking.state === 'RELEASED' ? <CancelMyBookingButton tenantId={booking.tenantId} bookingId={booking.id} /> : null;

/**
 * "Meine Buchungen" (/admin/meine-buchungen): the signed-in person's own bookings in every tenant,
 * upcoming (soonest first) or past (latest first), each with where and when, price, status and
 * payment, its receipts and invoices to download and "Jetzt bezahlen" where an online payment is
 * open, and "Stornieren" for an upcoming one. The period stands in the address (`zeitraum`). Bookings made as a guest with the account's
 * address are taken over on request ("Als Gast gebuchte übernehmen").
 */
export default function MyBookingsPage() {
  const [params, setParams] = useSearchParams();
  const period = periods.find((candidate) => candidate.param === params.get('zeitraum')) ?? periods[0];
  const { data, loading, error, fetchMore } = useQuery(MyBookingsDocument, { variables: { period: period.value, first: PAGE_SIZE } });
  const page = data?.myBookings;
  const { loadingMore, loadMore } = useLoadMore(fetchMore, page?.pageInfo.endCursor, 'Weitere Buchungen konnten nicht geladen werden.');
  return (
    <section className="admin-page my-bookings-page">
      <PageTitle>Meine Buchungen</PageTitle>
      <ClaimGuestBookings />
      <MyBookingsList
        period={period}
        onPeriodChange={(chosen) => setParams(chosen.value === 'UPCOMING' ? {} : { zeitraum: chosen.param })}
        page={page}
        loading={loading}
        failed={Boolean(error)}
        loadingMore={loadingMore}
        onLoadMore={() => void loadMore()}
        action={period.value === 'UPCOMING' ? cancelAction : undefined}
      />
    </section>
  );
}
