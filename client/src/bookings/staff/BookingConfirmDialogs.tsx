import { useMutation } from '@apollo/client/react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { PaymentMethodOptions } from './PaymentMethodOptions';
import { DeleteStaffBookingDocument, RejectStaffBookingDocument } from '../../gql/graphql';
import { notify, notifyError } from '../../shared/toast';
import { removeBooking } from './bookingChanges';
import { bookingMessages } from './bookingMessages';
import { proposedPaymentMethod } from './bookingDetails';
import type { StaffBooking } from './bookingRows';
import { ReasonDialog } from './ReasonDialog';

/**
 * Rejecting a booking before its release ("Buchung ablehnen") or cancelling it afterwards
 * ("Buchung stornieren"), with a free-text reason mailed to the customer; 800 px wide.
 */
export function RejectBookingDialog({ tenantId, booking, onClose }: { tenantId: string; booking: StaffBooking; onClose: () => void }) {
  const [reject] = useMutation(RejectStaffBookingDocument);
  const cancelling = booking.isCommitted;
  const action = cancelling ? 'Buchung stornieren' : 'Buchung ablehnen';

  const submit = async (reason: string) => {
    try {
      await reject({ variables: { tenantId, id: booking.id, reason } });
      notify({ type: 'success', ...(cancelling ? bookingMessages.cancelled : bookingMessages.rejected) });
      onClose();
    } catch (error) {
      console.error('Buchung nicht abgelehnt:', error);
      notifyError(error, bookingMessages.rejectError);
    }
  };

  return (
    <ReasonDialog
      title={`${action}: ${booking.id}`}
      question={`${cancelling ? 'Möchten Sie die freigegebene Buchung' : 'Möchten Sie die Buchung'} „${booking.id}“ von ${booking.name || 'unbekannt'} wirklich ${cancelling ? 'stornieren' : 'ablehnen'}?`}
      submitText={action}
      reasonId="booking-reject-reason"
      reasonHint="(wird der Kundin oder dem Kunden mitgeteilt)"
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/**
 * Deleting a booking after asking; 800 px wide like the other dialogs of the screen. `onDeleted`
 * (when given) follows a deletion instead of `onClose`, so a dialog showing the booking can close too.
 */
export function DeleteBookingDialog({ tenantId, booking, onClose, onDeleted }: { tenantId: string; booking: StaffBooking; onClose: () => void; onDeleted?: () => void }) {
  const [remove] = useMutation(DeleteStaffBookingDocument, { update: (cache) => removeBooking(cache, tenantId, booking.id) });
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await remove({ variables: { tenantId, id: booking.id } });
      notify({ type: 'success', ...bookingMessages.deleted });
      (onDeleted ?? onClose)();
    } catch (error) {
      console.error('Buchung nicht gelöscht:', error);
      notifyError(error, bookingMessages.deleteError);
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title="Buchung löschen" onClose={onClose} className="booking-dialog">
      <DialogBody>
        <p>
          Möchten Sie die Buchung „{booking.id}“ von {booking.name || 'unbekannt'} wirklich löschen?
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Abbrechen" onClick={onClose} />
            <Button intent="danger" icon="trash" text="Löschen" loading={busy} onClick={() => void confirm()} />
          </>
        }
      />
    </Dialog>
  );
}

/**
 * "Als bezahlt markieren": a payment received outside the platform (at the counter, by transfer),
 * with the method it came by; 800 px wide like the other dialogs of the screen.
 */
export function MarkPaidDialog({ booking, onConfirm, onClose }: { booking: StaffBooking; onConfirm: (paymentMethod: string) => Promise<boolean>; onClose: () => void }) {
  return (
    <PaymentMethodDialog
      title={`Als bezahlt markieren: ${booking.id}`}
      question={`Die Zahlung für die Buchung „${booking.id}“ von ${booking.name || 'unbekannt'} ist eingegangen. Auf welchem Weg?`}
      submitText="Als bezahlt markieren"
      proposed={proposedPaymentMethod(booking)}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/**
 * Recording a payment received outside the platform, for one booking or a whole series: the
 * question, the method the payment came by (`proposed` first), and the button that records it;
 * closes when `onConfirm` worked.
 */
export function PaymentMethodDialog({ title, question, submitText, proposed, onConfirm, onClose }: {
  title: string;
  question: string;
  submitText: string;
  proposed: string;
  onConfirm: (paymentMethod: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [method, setMethod] = useState<string>(proposed);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    if (await onConfirm(method)) onClose();
    else setBusy(false);
  };
  return (
    <Dialog isOpen title={title} onClose={onClose} className="booking-dialog">
      <DialogBody>
        <p>{question}</p>
        <FormGroup label="Zahlungsmethode" labelFor="booking-mark-paid-method">
          <HTMLSelect id="booking-mark-paid-method" fill value={method} onChange={(event) => setMethod(event.currentTarget.value)}>
            <PaymentMethodOptions />
          </HTMLSelect>
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Abbrechen" onClick={onClose} />
            <Button intent="primary" icon="euro" text={submitText} loading={busy} onClick={() => void confirm()} />
          </>
        }
      />
    </Dialog>
  );
}
