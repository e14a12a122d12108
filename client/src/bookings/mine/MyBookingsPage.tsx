import { useQuery } from '@apollo/client/react';
import { AnchorButton, Button, Card, H2, NonIdealState, SegmentedControl, Spinner } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { bookingStatusLabel, type BookingStatusLabel, paymentStatusLabel, paymentWayLabel } from '../../../../common/bookings/labels';
import { type MyBookingPeriod, MyBookingsDocument, type MyBookingsQuery, type MyBookingState } from '../../gql/graphql';
import { formatCurrency, formatDateTime } from '../../shared/format';
import { useLoadMore } from '../../shared/list/useLoadMore';
import { PageTitle } from '../../shared/PageTitle';
import { paymentRedirectionPath } from '../../payments/paymentRedirection';
import { PaymentTag, StatusTag } from '../staff/BookingTags';
import { CancelMyBookingButton } from './CancelMyBookingButton';
import './myBookings.css';

type MyBooking = MyBookingsQuery['myBookings']['items'][number];

/** Bookings per page: a screenful of cards. */
const PAGE_SIZE = 20;

const periods: { value: MyBookingPeriod; label: string; param: string; empty: string }[] = [
  { value: 'UPCOMING', label: 'Anstehend', param: 'anstehend', empty: 'Keine anstehenden Buchungen' },
  { value: 'PAST', label: 'Vergangen', param: 'vergangen', empty: 'Keine vergangenen Buchungen' },
];

const stateFlags: Record<MyBookingState, { isCommitted: boolean; isRejected: boolean }> = {
  PENDING: { isCommitted: false, isRejected: false },
  RELEASED: { isCommitted: true, isRejected: false },
  REJECTED: { isCommitted: false, isRejected: true },
  CANCELLED: { isCommitted: true, isRejected: true },
};

/** The status word the staff's list shows for the same booking. */
export const statusOfState = (state: MyBookingState): BookingStatusLabel => bookingStatusLabel(stateFlags[state]);

/** "10.12.2026, 10:00 – 12:00", or across days both in full; empty without times. */
export function periodText(begin: string | null, end: string | null): string {
  if (!begin) return '';
  const from = formatDateTime(begin);
  if (!end) return from;
  const to = formatDateTime(end);
  const [fromDay] = from.split(', ');
  const [toDay, toTime] = to.split(', ');
  return fromDay === toDay ? `${from} – ${toTime}` : `${from} – ${to}`;
}

const documentLabel = (kind: string) => (kind === 'invoice' ? 'Rechnung' : 'Zahlungsbeleg');

function MyBookingCard({ booking, upcoming }: { booking: MyBooking; upcoming: boolean }) {
  // Upcoming and not cancelled: the server decides (by the objects' policy) whether it cancels or asks the staff.
  const cancellable = upcoming && (booking.state === 'PENDING' || booking.state === 'RELEASED');
  const objects = booking.objects.map((object) => (object.amount > 1 ? `${object.amount} × ${object.title}` : object.title)).join(', ');
  return (
    <Card className="my-booking" elevation={1} data-booking-id={booking.id}>
      <article aria-label={`Buchung ${booking.id}`}>
        <header className="my-booking-header">
          <H2 className="my-booking-title">{objects || 'Buchung'}</H2>
          <StatusTag status={statusOfState(booking.state)} />
        </header>
        <dl className="my-booking-facts">
          <dt>Wann</dt>
          <dd>{periodText(booking.timeBegin, booking.timeEnd) || '–'}</dd>
          <dt>Wo</dt>
          <dd>{booking.tenantName}</dd>
          <dt>Buchungsnummer</dt>
          <dd>{booking.id}</dd>
          <dt>Preis</dt>
          <dd>{formatCurrency(booking.priceEur)}</dd>
          <dt>Zahlung</dt>
          <dd>
            <PaymentTag payment={paymentStatusLabel(booking)} /> {booking.paymentMethod || booking.paymentProvider ? paymentWayLabel(booking) : ''}
          </dd>
        </dl>
        {(booking.documents.length > 0 || booking.mayPay || cancellable) && (
          <footer className="my-booking-actions">
            {booking.mayPay && <AnchorButton intent="primary" icon="credit-card" text="Jetzt bezahlen" href={paymentRedirectionPath(booking.tenantId, booking.id)} />}
            {cancellable && <CancelMyBookingButton tenantId={booking.tenantId} bookingId={booking.id} />}
            {booking.documents.map((document) => (
              <AnchorButton key={document.id} variant="outlined" icon="document" text={`${documentLabel(document.kind)} ${document.number}`} href={document.downloadUrl} download />
            ))}
          </footer>
        )}
      </article>
    </Card>
  );
}

/**
 * "Meine Buchungen" (/admin/meine-buchungen): the signed-in person's own bookings in every tenant,
 * upcoming (soonest first) or past (latest first), each with where and when, price, status and
 * payment, its receipts and invoices to download and "Jetzt bezahlen" where an online payment is
 * open. The period stands in the address (`zeitraum`).
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
      <SegmentedControl
        aria-label="Zeitraum"
        options={periods.map((candidate) => ({ label: candidate.label, value: candidate.value }))}
        value={period.value}
        onValueChange={(value) => setParams(value === 'UPCOMING' ? {} : { zeitraum: periods.find((candidate) => candidate.value === value)?.param ?? '' })}
      />
      <div className="my-bookings-list" aria-busy={loading}>
        {error ? (
          <NonIdealState icon="error" title="Buchungen nicht geladen" description="Bitte laden Sie die Seite neu." />
        ) : !page ? (
          <NonIdealState icon={<Spinner size={24} />} title="Buchungen werden geladen..." />
        ) : page.items.length === 0 ? (
          <NonIdealState icon="calendar" title={period.empty} />
        ) : (
          page.items.map((booking) => <MyBookingCard key={`${booking.tenantId}/${booking.id}`} booking={booking} upcoming={period.value === 'UPCOMING'} />)
        )}
      </div>
      {page?.pageInfo.hasNextPage && (
        <Button
          className="my-bookings-more"
          icon="more"
          text="Mehr laden"
          loading={loadingMore}
          onClick={() => void loadMore()}
        />
      )}
    </section>
  );
}
