import { AnchorButton, Button, Card, H2, NonIdealState, SegmentedControl, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { bookingStatusLabel, type BookingStatusLabel, paymentStatusLabel, paymentWayLabel } from '../../../../common/bookings/labels';
import type { MyBookingFieldsFragment, MyBookingPeriod, MyBookingState } from '../../gql/graphql';
import { formatCurrency, formatDateTime } from '../../shared/format';
import { paymentRedirectionPath } from '../../payments/paymentRedirection';
import { PaymentTag, StatusTag } from '../staff/BookingTags';
import './myBookings.css';

/**
 * The bookings of "Meine Buchungen" as cards: the signed-in person's list and a guest's list behind
 * a mailed link show the same; only how a document is downloaded differs (the session, or the
 * link's token in a header).
 */
export type MyBooking = MyBookingFieldsFragment;

/** Bookings per page: a screenful of cards. */
export const PAGE_SIZE = 20;

export const periods: { value: MyBookingPeriod; label: string; param: string; empty: string }[] = [
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

export const documentLabel = (kind: string) => (kind === 'invoice' ? 'Rechnung' : 'Zahlungsbeleg');

/** The session's download: a plain link to the PDF. */
export const sessionDocumentButton = (document: MyBooking['documents'][number]): ReactNode => (
  <AnchorButton key={document.id} variant="outlined" icon="document" text={`${documentLabel(document.kind)} ${document.number}`} href={document.downloadUrl} download />
);

/** A further action of a card (the signed-in person's "Stornieren"), or null. */
export type BookingAction = (booking: MyBooking) => ReactNode;

export function MyBookingCard({
  booking,
  documentButton = sessionDocumentButton,
  action,
}: {
  booking: MyBooking;
  documentButton?: (document: MyBooking['documents'][number], booking: MyBooking) => ReactNode;
  action?: BookingAction;
}) {
  const extra = action?.(booking) ?? null;
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
        {(booking.documents.length > 0 || booking.mayPay || extra) && (
          <footer className="my-booking-actions">
            {booking.mayPay && <AnchorButton intent="primary" icon="credit-card" text="Jetzt bezahlen" href={paymentRedirectionPath(booking.tenantId, booking.id)} />}
            {booking.documents.map((document) => documentButton(document, booking))}
            {extra}
          </footer>
        )}
      </article>
    </Card>
  );
}

type Period = (typeof periods)[number];

/** The period switch, the cards of the page read so far and "Mehr laden": both lists of "Meine Buchungen". */
export function MyBookingsList({
  period,
  onPeriodChange,
  page,
  loading,
  failed,
  loadingMore,
  onLoadMore,
  documentButton,
  action,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
  page: { items: readonly MyBooking[]; pageInfo: { hasNextPage: boolean } } | undefined;
  loading: boolean;
  failed: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  documentButton?: (document: MyBooking['documents'][number], booking: MyBooking) => ReactNode;
  action?: BookingAction;
}) {
  return (
    <>
      <SegmentedControl
        aria-label="Zeitraum"
        options={periods.map((candidate) => ({ label: candidate.label, value: candidate.value }))}
        value={period.value}
        onValueChange={(value) => onPeriodChange(periods.find((candidate) => candidate.value === value) ?? periods[0])}
      />
      <div className="my-bookings-list" aria-busy={loading}>
        {failed ? (
          <NonIdealState icon="error" title="Buchungen nicht geladen" description="Bitte laden Sie die Seite neu." />
        ) : !page ? (
          <NonIdealState icon={<Spinner size={24} />} title="Buchungen werden geladen..." />
        ) : page.items.length === 0 ? (
          <NonIdealState icon="calendar" title={period.empty} />
        ) : (
          page.items.map((booking) => <MyBookingCard key={`${booking.tenantId}/${booking.id}`} booking={booking} documentButton={documentButton} action={action} />)
        )}
      </div>
      {page?.pageInfo.hasNextPage && <Button className="my-bookings-more" icon="more" text="Mehr laden" loading={loadingMore} onClick={onLoadMore} />}
    </>
  );
}
