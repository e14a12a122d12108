import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Classes, Dialog, DialogFooter, H5, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { bookingStatusLabel, paymentStatusLabel, paymentWayLabel } from '../../../../common/bookings/labels';
import { type BookingReceiptFragment, CreateBookingReceiptDocument, StaffBookingDocument, type StaffBookingDetailsFragment } from '../../gql/graphql';
import { formatCurrency, formatDateTime } from '../../shared/format';
import { bookingPeriod, eventsOfItems, ticketEventFacts } from '../../shared/ticketEvent';
import { notify, notifyError } from '../../shared/toast';
import { bookingMessages } from './bookingMessages';
import { BookingLockers } from './BookingLockers';
import { PaymentTag, StatusTag } from './BookingTags';

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

/** The booking's receipts and invoices, each a PDF to download (the session cookie travels along). */
function Documents({ receipts }: { receipts: readonly BookingReceiptFragment[] }) {
  return (
    <>
      <H5>Belege</H5>
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
    </>
  );
}

/** A booking's details, 800 px wide, loaded fresh when opened. */
export function BookingDetailsDialog({ tenantId, bookingId, onEdit, onClose }: { tenantId: string; bookingId: string; onEdit?: () => void; onClose: () => void }) {
  const { data, error, refetch } = useQuery(StaffBookingDocument, { variables: { tenantId, id: bookingId }, fetchPolicy: 'network-only' });
  if (error) console.error('Buchung nicht geladen:', error);
  const [createReceipt, { loading: creating }] = useMutation(CreateBookingReceiptDocument);
  const issueReceipt = async () => {
    try {
      await createReceipt({ variables: { tenantId, id: bookingId } });
      notify({ type: 'success', ...bookingMessages.receiptCreated });
      await refetch();
    } catch (failure) {
      console.error('Zahlungsbeleg nicht erstellt:', failure);
      notifyError(failure, bookingMessages.receiptError);
    }
  };
  return (
    <Dialog isOpen title={`Buchung ${bookingId}`} onClose={onClose} className="booking-dialog">
      {/* Blueprint's DialogBody, focusable: the details may scroll, and a keyboard must reach them. */}
      <div className={`${Classes.DIALOG_BODY} ${Classes.DIALOG_BODY_SCROLL_CONTAINER}`} role="region" aria-label="Buchungsdetails" tabIndex={0}>
        {data ? (
          <>
            <Details booking={data.booking} />
            <Documents receipts={data.booking.receipts} />
          </>
        ) : error ? <NonIdealState icon="error" title={bookingMessages.loadError.message} /> : <NonIdealState icon={<Spinner size={24} />} title="Daten werden geladen..." />}
      </div>
      <DialogFooter
        actions={
          <>
            {/* Issuing a receipt changes the booking's documents: the same right as editing it. */}
            {onEdit && data?.booking.isPayed && <Button icon="document" text="Zahlungsbeleg erstellen" loading={creating} onClick={() => void issueReceipt()} />}
            {onEdit && <Button icon="edit" text="Bearbeiten" onClick={onEdit} />}
            <Button intent="primary" text="Schließen" onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
