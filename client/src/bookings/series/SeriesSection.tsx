import { useQuery } from '@apollo/client/react';
import { Button, H5, HTMLTable, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { type BookingSeriesChangeInput, StaffBookingSeriesDocument } from '../../gql/graphql';
import { seriesDatesToPay } from '../../../../common/bookings/series-payment';
import { PaymentMethodDialog } from '../staff/BookingConfirmDialogs';
import { StatusTag } from '../staff/BookingTags';
import { type SeriesCancelScope, SeriesCancelDialog, seriesCancelTitles } from './SeriesCancelDialog';
import type { SeriesChangeAnswer } from './seriesChange';
import { SeriesChangeDialog } from './SeriesChangeDialog';
import { seriesMessages } from './seriesMessages';
import { followingDates, openDates, pendingDates, seriesDateStatus, seriesDateTexts, seriesPaymentQuestion } from './seriesText';
import './series.css';

/** The series-wide actions, each telling in a toast how it went; true when it worked. */
export interface SeriesActionRunners {
  /** "Alle offenen Termine freigeben". */
  releaseAll: (seriesId: string) => Promise<boolean>;
  /** Cancels the dates from `fromBookingId` on (FOLLOWING) or every date (ALL), with the reason mailed. */
  cancel: (seriesId: string, scope: SeriesCancelScope, fromBookingId: string | null, reason: string) => Promise<boolean>;
  /**
   * Changes the series from a date on (simulated: says what it would do); the answer, or the
   * server's refusal thrown, for the change dialog to show.
   */
  change: (seriesId: string, input: BookingSeriesChangeInput, simulate: boolean) => Promise<SeriesChangeAnswer>;
  /** "Serie als bezahlt markieren": every date still to pay, with the method the payment came by. */
  markPaid: (seriesId: string, paymentMethod: string) => Promise<boolean>;
  releasing: boolean;
}

/**
 * The details dialog's section of a series booking: the rule in German ("wöchentlich dienstags,
 * 4 Termine") and every date with its time and status, the one shown marked; another date opens
 * its booking in the dialog. The dates follow the bookings in the cache (seriesCachePolicy.ts), so
 * a date cancelled or moved shows here without reading the series again. With `actions` (and the
 * right to change bookings) the series-wide actions below, among them changing the series from the
 * shown date on (when it is still to come); a single date is cancelled or moved with the booking's
 * own actions.
 */
export function SeriesSection({ tenantId, seriesId, currentBookingId, mayChange, proposedPaymentMethod, actions, onOpenBooking }: {
  tenantId: string;
  seriesId: string;
  currentBookingId: string;
  mayChange: boolean;
  /** The method "Serie als bezahlt markieren" offers first (the shown date's). */
  proposedPaymentMethod: string;
  actions?: SeriesActionRunners;
  onOpenBooking: (bookingId: string) => void;
}) {
  const { data, error } = useQuery(StaffBookingSeriesDocument, { variables: { tenantId, id: seriesId }, fetchPolicy: 'network-only', nextFetchPolicy: 'cache-first' });
  const [cancelling, setCancelling] = useState<SeriesCancelScope | null>(null);
  const [changing, setChanging] = useState(false);
  const [markingPaid, setMarkingPaid] = useState(false);
  if (error) console.error('Serie nicht geladen:', error);
  const series = data?.bookingSeries;
  const headingId = `series-heading-${seriesId}`;
  if (!series) {
    return (
      <section aria-labelledby={headingId}>
        <H5 id={headingId}>Serie</H5>
        {error ? <p className="bp6-text-muted">{seriesMessages.loadError}</p> : <Spinner size={16} aria-label="Serie wird geladen" />}
      </section>
    );
  }
  const pending = pendingDates(series.dates);
  const following = followingDates(series.dates, currentBookingId);
  const open = openDates(series.dates);
  const toPay = seriesDatesToPay(series.dates);
  const offered = actions && mayChange ? actions : null;
  const cancelCount = cancelling === 'FOLLOWING' ? following.length : open.length;
  // Only a date still to come starts a change (the server refuses one that has begun).
  const shown = series.dates.find((date) => date.bookingId === currentBookingId);
  const changeable = shown && !shown.isRejected && shown.timeBegin && Date.parse(shown.timeBegin) > Date.now() ? shown : null;
  return (
    <section aria-labelledby={headingId} className="series-section">
      <H5 id={headingId}>Serie</H5>
      <p className="series-description">{series.rule.description}</p>
      <HTMLTable compact className="series-dates" aria-label="Termine der Serie">
        <thead>
          <tr>
            <th>Termin</th>
            <th>Uhrzeit</th>
            <th>Status</th>
            <th>Buchung</th>
          </tr>
        </thead>
        <tbody>
          {series.dates.map((date) => {
            const current = date.bookingId === currentBookingId;
            const { day, time } = seriesDateTexts(date);
            return (
              <tr key={date.bookingId} aria-current={current ? 'true' : undefined}>
                <td>{day}</td>
                <td>{time}</td>
                <td>
                  <StatusTag status={seriesDateStatus(date)} />
                </td>
                <td>
                  {current ? (
                    <span>{date.bookingId} (angezeigt)</span>
                  ) : (
                    <Button variant="minimal" size="small" icon="eye-open" text={date.bookingId} aria-label={`Buchung ${date.bookingId} vom ${day} öffnen`} onClick={() => onOpenBooking(date.bookingId)} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      {offered && (pending.length > 0 || open.length > 0 || toPay.length > 0 || changeable) && (
        <div className="series-actions" role="group" aria-label="Aktionen der Serie">
          {pending.length > 0 && <Button icon="tick-circle" text="Alle offenen Termine freigeben" loading={offered.releasing} onClick={() => void offered.releaseAll(series.id)} />}
          {toPay.length > 0 && <Button icon="euro" text="Serie als bezahlt markieren…" onClick={() => setMarkingPaid(true)} />}
          {changeable && <Button icon="edit" text="Ab diesem Termin ändern…" onClick={() => setChanging(true)} />}
          {following.length > 0 && <Button icon="disable" text={`${seriesCancelTitles.FOLLOWING}…`} onClick={() => setCancelling('FOLLOWING')} />}
          {open.length > 0 && <Button icon="disable" intent="danger" text={`${seriesCancelTitles.ALL}…`} onClick={() => setCancelling('ALL')} />}
        </div>
      )}
      {offered && cancelling && (
        <SeriesCancelDialog
          scope={cancelling}
          description={series.rule.description}
          customer={series.name}
          dayFrom={cancelling === 'FOLLOWING' ? seriesDateTexts(following[0] ?? { timeBegin: null, timeEnd: null }).day : null}
          count={cancelCount}
          onConfirm={(reason) => offered.cancel(series.id, cancelling, cancelling === 'FOLLOWING' ? currentBookingId : null, reason)}
          onClose={() => setCancelling(null)}
        />
      )}
      {offered && markingPaid && (
        <PaymentMethodDialog
          title="Serie als bezahlt markieren"
          question={seriesPaymentQuestion(series.rule.description, series.name, toPay)}
          submitText="Serie als bezahlt markieren"
          proposed={proposedPaymentMethod}
          onConfirm={(method) => offered.markPaid(series.id, method)}
          onClose={() => setMarkingPaid(false)}
        />
      )}
      {offered && changing && changeable && (
        <SeriesChangeDialog
          series={series}
          from={changeable}
          remaining={following.length}
          onChange={(input, simulate) => offered.change(series.id, input, simulate)}
          onClose={() => setChanging(false)}
        />
      )}
    </section>
  );
}
