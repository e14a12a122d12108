import { useMutation } from '@apollo/client/react';
import { Alert, Button } from '@blueprintjs/core';
import { useState } from 'react';
import { CancelMyBookingDocument, type CancelMyBookingMutation, MyBookingsDocument } from '../../gql/graphql';
import { notify, notifyError } from '../../shared/toast';

type Quote = CancelMyBookingMutation['cancelMyBooking'];

const failed = { title: 'Stornierung nicht möglich', message: 'Die Buchung konnte nicht storniert werden. Bitte versuchen Sie es später erneut.' };

/**
 * "Stornieren" on one of the person's own bookings: first asks the server what the objects'
 * cancellation policy would give back (simulate), shows it, and only the confirmation cancels (or,
 * where the staff decide, sends the cancellation request as before).
 */
export function CancelMyBookingButton({ tenantId, bookingId }: { tenantId: string; bookingId: string }) {
  const [cancel, { loading }] = useMutation(CancelMyBookingDocument, { refetchQueries: [MyBookingsDocument] });
  const [quote, setQuote] = useState<Quote | null>(null);

  const ask = async () => {
    try {
      const { data } = await cancel({ variables: { tenantId, id: bookingId, simulate: true } });
      if (data) setQuote(data.cancelMyBooking);
    } catch (error) {
      notifyError(error, failed);
    }
  };
  const confirm = async () => {
    try {
      const { data } = await cancel({ variables: { tenantId, id: bookingId, simulate: false } });
      setQuote(null);
      const done = data?.cancelMyBooking;
      if (!done) return;
      notify(
        done.outcome === 'CANCELLED'
          ? { type: 'success', title: 'Buchung storniert', message: done.refund.note }
          : { type: 'success', title: 'Stornierung angefragt', message: 'Bitte bestätigen Sie die Stornierung über den Link, den wir Ihnen per E-Mail geschickt haben.' },
      );
    } catch (error) {
      setQuote(null);
      notifyError(error, failed);
    }
  };

  return (
    <>
      <Button variant="outlined" intent="danger" icon="cross-circle" text="Stornieren" loading={loading && !quote} onClick={() => void ask()} />
      <Alert
        isOpen={quote !== null}
        intent="danger"
        icon="cross-circle"
        confirmButtonText={quote?.outcome === 'CANCELLED' ? 'Jetzt stornieren' : 'Stornierung anfragen'}
        cancelButtonText="Abbrechen"
        loading={loading && quote !== null}
        onConfirm={() => void confirm()}
        onCancel={() => setQuote(null)}
      >
        <p>{quote?.outcome === 'CANCELLED' ? `Buchung ${bookingId} stornieren?` : `Für Buchung ${bookingId} eine Stornierung anfragen?`}</p>
        <p>{quote?.refund.note}</p>
      </Alert>
    </>
  );
}
