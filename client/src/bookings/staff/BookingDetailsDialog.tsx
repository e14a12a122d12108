import { useQuery } from '@apollo/client/react';
import { AnchorButton, Button, Classes, Dialog, DialogFooter, H5, HTMLTable, NonIdealState, Spinner, Tooltip } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { SeriesSection } from '../series/SeriesSection';
import { bookingStatusLabel, paymentStatusLabel, paymentWayLabel } from '../../../../common/bookings/labels';
import { type BookingConsentFragment, type BookingReceiptFragment, StaffBookingDocument, type StaffBookingDetailsFragment } from '../../gql/graphql';
import { formatCurrency, formatDateTime } from '../../shared/format';
import type { Viewer } from '../../shared/rights';
import { bookingPeriod, eventsOfItems, ticketEventFacts } from '../../shared/ticketEvent';
import { DeleteBookingDialog, MarkPaidDialog, RejectBookingDialog } from './BookingConfirmDialogs';
import { consentDocuments, proposedPaymentMethod } from './bookingDetails';
import { bookingMessages } from './bookingMessages';
import { type BookingActions, bookingActions } from './bookingRows';
import { BookingHistory } from './BookingHistory';
import { BookingLockers } from './BookingLockers';
import { BookingRefunds } from './BookingRefunds';
import { PaymentTag, StatusTag } from './BookingTags';
import { useBookingActions } from './useBookingActions';
import { useSeriesActions } from '../series/useSeriesActions';

function Entry({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children || '–'}</dd>
    </>
  );
}

function Details({ booking }: { booking: StaffBookingDetailsFragment }) {
  const address = [booking.street, [booking.zipCode, booking.location].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  // A booking of tickets has no times of its own: its events' are when it takes place.
  const period = bookingPeriod(booking, eventsOfItems(booking.items));
  return (
    <>
      <dl className="booking-details">
        <Entry term="Status">
          <StatusTag status={bookingStatusLabel(booking)} />
        </Entry>
        <Entry term="Zahlung">
          <PaymentTag payment={paymentStatusLabel(booking)} />
        </Entry>
        {/* One phrase for method and the customer's choice, as in the list and the participants CSV. */}
        <Entry term="Zahlungsart">{paymentWayLabel(booking)}</Entry>
        <Entry term="Von">{formatDateTime(period.begin)}</Entry>
        <Entry term="Bis">{formatDateTime(period.end)}</Entry>
        <Entry term="Erstellt">{formatDateTime(booking.timeCreated)}</Entry>
        <Entry term="Gutschein">{booking.couponCode ?? ''}</Entry>
      </dl>
      <H5>Gebuchte Objekte</H5>
      <HTMLTable compact className="booking-details-items" aria-label="Gebuchte Objekte">
        <thead>
          <tr>
            <th>Objekt</th>
            <th>Anzahl</th>
            <th>Preis je Einheit</th>
          </tr>
        </thead>
        <tbody>
          {booking.items.map((item) => (
            <tr key={item.bookableId}>
              <td>
                {item.bookable.title}
                {item.event ? <div className="bp6-text-muted">{ticketEventFacts([item.event]).map((fact) => fact.value).join(' · ')}</div> : null}
              </td>
              <td>{item.amount}</td>
              <td>{formatCurrency(item.userGrossPriceEur)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p className="booking-total">
        Gesamtpreis: <strong>{formatCurrency(booking.priceEur)}</strong> (enthaltene MwSt. {formatCurrency(booking.vatIncludedEur)})
      </p>
      <BookingLockers booking={booking} />
      <H5>Kundendaten</H5>
      <dl className="booking-details">
        <Entry term="Name">{booking.name}</Entry>
        <Entry term="Firma">{booking.company}</Entry>
        <Entry term="Anschrift">{address}</Entry>
        <Entry term="E-Mail">{booking.mail}</Entry>
        <Entry term="Telefon">{booking.phone}</Entry>
        <Entry term="Kommentar">{booking.comment}</Entry>
      </dl>
    </>
  );
}

const documentKinds: Record<BookingReceiptFragment['kind'], string> = { receipt: 'Zahlungsbeleg', invoice: 'Rechnung' };

/**
 * The booking's receipts and invoices, each a PDF to download (the session cookie travels along);
 * above them the newest receipt, so a clerk sees one exists before asking for another. With
 * `onInvoice` the invoice of the booking's amount is issued here (a series date's for it alone).
 */
function Documents({ receipts, onInvoice, issuingInvoice }: { receipts: readonly BookingReceiptFragment[]; onInvoice?: () => void; issuingInvoice: boolean }) {
  const newestReceipt = receipts.filter((receipt) => receipt.kind === 'receipt').at(-1);
  return (
    <>
      <H5>Belege</H5>
      {newestReceipt && (
        <p className="booking-current-receipt">
          Zahlungsbeleg Nr. {newestReceipt.number} vom {formatDateTime(newestReceipt.createdAt)} ausgestellt –{' '}
          <a href={newestReceipt.downloadUrl} target="_blank" rel="noopener noreferrer" download>
            Zahlungsbeleg öffnen
          </a>
        </p>
      )}
      {receipts.length === 0 ? (
        <p className="bp6-text-muted">Noch keine Zahlungsbelege oder Rechnungen.</p>
      ) : (
        <ul className="booking-documents" aria-label="Belege">
          {receipts.map((receipt) => (
            <li key={receipt.id}>
              <a href={receipt.downloadUrl} target="_blank" rel="noopener noreferrer" download>
                {documentKinds[receipt.kind]} {receipt.number}
              </a>{' '}
              <span className="bp6-text-muted">vom {formatDateTime(receipt.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {onInvoice && <Button icon="document" text="Rechnung erstellen" loading={issuingInvoice} onClick={onInvoice} />}
    </>
  );
}

/**
 * The documents of the booked objects the customer was asked to accept at checkout (terms, privacy
 * notice, …): each with its link and whether, and when, it was accepted.
 */
function AcceptedDocuments({ attachments }: { attachments: readonly BookingConsentFragment[] }) {
  const documents = consentDocuments(attachments);
  return (
    <>
      <H5>Akzeptierte Dokumente</H5>
      {documents.length === 0 ? (
        <p className="bp6-text-muted">Für die gebuchten Objekte waren keine Dokumente zu akzeptieren.</p>
      ) : (
        <ul className="booking-documents" aria-label="Akzeptierte Dokumente">
          {documents.map((document) => (
            <li key={document.key}>
              {document.url ? (
                <a href={document.url} target="_blank" rel="noopener noreferrer">
                  {document.title}
                </a>
              ) : (
                document.title
              )}{' '}
              <span className="bp6-text-muted">{document.accepted ? `akzeptiert am ${formatDateTime(document.acceptedAt)}` : 'nicht akzeptiert'}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type Confirmation = 'reject' | 'delete' | 'mark-paid';

/**
 * The footer's actions: only those the viewer may take on the booking as it is now (the rights of
 * the list's row menu); delete stays visible but disabled, with its reason, when it is blocked.
 */
function ActionButtons({ actions, busy, onRelease, onConfirm, onReceipt, onEdit }: {
  actions: BookingActions;
  busy: { releasing: boolean; issuingReceipt: boolean };
  onRelease: () => void;
  onConfirm: (confirmation: Confirmation) => void;
  onReceipt: () => void;
  onEdit?: () => void;
}) {
  return (
    <>
      {actions.delete &&
        (actions.deleteBlocked ? (
          <Tooltip content={actions.deleteBlocked}>
            <AnchorButton icon="trash" intent="danger" text="Löschen" disabled title={actions.deleteBlocked} />
          </Tooltip>
        ) : (
          <Button icon="trash" intent="danger" text="Löschen" onClick={() => onConfirm('delete')} />
        ))}
      {actions.reject && <Button icon="disable" text={actions.reject} onClick={() => onConfirm('reject')} />}
      {actions.markPaid && <Button icon="euro" text="Als bezahlt markieren" onClick={() => onConfirm('mark-paid')} />}
      {actions.receipt && <Button icon="document" text="Zahlungsbeleg erstellen" loading={busy.issuingReceipt} onClick={onReceipt} />}
      {actions.edit && onEdit && <Button icon="edit" text="Bearbeiten" onClick={onEdit} />}
      {actions.release && <Button icon="tick-circle" text="Buchung freigeben" loading={busy.releasing} onClick={onRelease} />}
    </>
  );
}

/**
 * A booking's details, 800 px wide, loaded fresh when opened, with what a clerk does with it:
 * release, reject or cancel, mark paid, issue a receipt, edit, delete. Each answer lands in Apollo's
 * cache, from which the dialog then reads the booking as it now is. A date of a series shows its
 * series, whose other dates open in the same dialog.
 */
export function BookingDetailsDialog({ tenantId, bookingId: openedId, viewer, onEdit, onClose }: {
  tenantId: string;
  bookingId: string;
  viewer: Viewer | null;
  /** Edits the booking the dialog shows (another date of its series, perhaps). */
  onEdit?: (booking: StaffBookingDetailsFragment) => void;
  onClose: () => void;
}) {
  const [bookingId, setBookingId] = useState(openedId);
  const body = useRef<HTMLDivElement>(null);
  // Another date of the series replaces the dialog's content: the keyboard starts again at its top.
  useEffect(() => {
    if (bookingId !== openedId) body.current?.focus();
  }, [bookingId, openedId]);
  // Read from the server when opened, afterwards from the cache, which the actions' answers and the
  // live changes keep up to date.
  const { data, error } = useQuery(StaffBookingDocument, { variables: { tenantId, id: bookingId }, fetchPolicy: 'network-only', nextFetchPolicy: 'cache-first' });
  if (error) console.error('Buchung nicht geladen:', error);
  const runners = useBookingActions(tenantId);
  const seriesActions = useSeriesActions(tenantId);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // While another date of the series loads, the dialog shows nothing of the one before.
  const booking = data?.booking.id === bookingId ? data.booking : undefined;
  const actions = booking ? bookingActions(viewer, booking) : null;
  const closeConfirmation = () => setConfirmation(null);
  return (
    <Dialog isOpen title={`Buchung ${bookingId}`} onClose={onClose} className="booking-dialog booking-details-dialog">
      {/* Blueprint's DialogBody, focusable: the details may scroll, and a keyboard must reach them. */}
      <div className={`${Classes.DIALOG_BODY} ${Classes.DIALOG_BODY_SCROLL_CONTAINER}`} role="region" aria-label="Buchungsdetails" tabIndex={0} ref={body}>
        {booking ? (
          <>
            <Details booking={booking} />
            {booking.seriesId && (
              <SeriesSection
                tenantId={tenantId}
                seriesId={booking.seriesId}
                currentBookingId={booking.id}
                mayChange={actions?.edit ?? false}
                proposedPaymentMethod={proposedPaymentMethod(booking)}
                actions={seriesActions}
                onOpenBooking={(id) => {
                  setConfirmation(null);
                  setBookingId(id);
                }}
              />
            )}
            <Documents receipts={booking.receipts} issuingInvoice={runners.issuingInvoice} onInvoice={actions?.invoice ? () => void runners.issueInvoice(booking.id) : undefined} />
            <BookingRefunds tenantId={tenantId} refunds={booking.refunds} mayComplete={actions?.edit ?? false} />
            <AcceptedDocuments attachments={booking.attachments} />
            <BookingHistory tenantId={tenantId} bookingId={booking.id} version={booking} />
          </>
        ) : error ? <NonIdealState icon="error" title={bookingMessages.loadError.message} /> : <NonIdealState icon={<Spinner size={24} />} title="Daten werden geladen..." />}
      </div>
      <DialogFooter
        actions={
          <>
            {booking && actions && (
              <ActionButtons
                actions={actions}
                busy={runners}
                onRelease={() => void runners.release(booking.id)}
                onConfirm={setConfirmation}
                onReceipt={() => void runners.issueReceipt(booking.id)}
                onEdit={onEdit && (() => onEdit(booking))}
              />
            )}
            <Button intent="primary" text="Schließen" onClick={onClose} />
          </>
        }
      />
      {booking && confirmation === 'reject' && <RejectBookingDialog tenantId={tenantId} booking={booking} onClose={closeConfirmation} />}
      {booking && confirmation === 'mark-paid' && <MarkPaidDialog booking={booking} onConfirm={(method) => runners.markPaid(booking.id, method)} onClose={closeConfirmation} />}
      {booking && confirmation === 'delete' && <DeleteBookingDialog tenantId={tenantId} booking={booking} onClose={closeConfirmation} onDeleted={onClose} />}
    </Dialog>
  );
}
