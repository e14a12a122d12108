import type { Reference } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { BookingReceiptFragmentDoc, CommitStaffBookingDocument, CreateBookingReceiptDocument, MarkStaffBookingPaidDocument } from '../../gql/graphql';
import { notify, notifyError } from '../../shared/toast';
import { bookingMessages } from './bookingMessages';

export interface BookingActionRunners {
  /** "Buchung freigeben"; true when it worked. */
  release: (bookingId: string) => Promise<boolean>;
  /** "Als bezahlt markieren" with the method the payment came by; true when it worked. */
  markPaid: (bookingId: string, paymentMethod: string) => Promise<boolean>;
  /** "Zahlungsbeleg erstellen": a new revision, or the newest receipt when nothing on it changed; true when it worked. */
  issueReceipt: (bookingId: string) => Promise<boolean>;
  releasing: boolean;
  issuingReceipt: boolean;
}

type Toast = { title: string; message: string };

/** Runs one action and tells how it went in a toast (the failure also in the console); true when it worked. */
async function withOutcomeToast(run: () => Promise<unknown>, success: Toast, failure: Toast, consoleText: string): Promise<boolean> {
  try {
    await run();
    notify({ type: 'success', ...success });
    return true;
  } catch (error) {
    console.error(consoleText, error);
    notifyError(error, failure);
    return false;
  }
}

/**
 * The booking actions that need no dialog of their own, for every place offering them (the list's
 * row menu, the calendar, the details dialog): each tells how it went in a toast, and the answer
 * lands in Apollo's cache, where every view of the booking reads it.
 */
export function useBookingActions(tenantId: string): BookingActionRunners {
  const [commit, { loading: releasing }] = useMutation(CommitStaffBookingDocument);
  const [markPaidMutation] = useMutation(MarkStaffBookingPaidDocument);
  const [createReceipt, { loading: issuingReceipt }] = useMutation(CreateBookingReceiptDocument);

  const release = (bookingId: string) =>
    withOutcomeToast(() => commit({ variables: { tenantId, id: bookingId } }), bookingMessages.released, bookingMessages.releaseError, 'Buchung nicht freigegeben:');

  const markPaid = (bookingId: string, paymentMethod: string) =>
    withOutcomeToast(
      () => markPaidMutation({ variables: { tenantId, id: bookingId, paymentMethod } }),
      bookingMessages.markedPaid,
      bookingMessages.markPaidError,
      'Buchung nicht als bezahlt markiert:',
    );

  const issueReceipt = async (bookingId: string) => {
    try {
      const { data } = await createReceipt({
          variables: { tenantId, id: bookingId },
          // The new receipt joins the booking's documents in the cache; the booking is not read again.
          update: (cache, { data }) => {
            const receipt = data?.createReceipt;
            const booking = cache.identify({ __typename: 'Booking', tenantId, id: bookingId });
            if (!receipt || !booking) return;
            const stored = cache.writeFragment({ fragment: BookingReceiptFragmentDoc, data: receipt });
            if (!stored) return;
            cache.modify<{ receipts: readonly Reference[] }>({
              id: booking,
              fields: {
                receipts: (receipts, { readField }) => (receipts.some((entry) => readField('id', entry) === receipt.id) ? receipts : [...receipts, stored]),
              },
            });
          },
        });
      const receipt = data?.createReceipt;
      if (!receipt) throw new Error('Keine Antwort auf createReceipt');
      const link = { text: bookingMessages.receiptOpen, href: receipt.downloadUrl };
      notify({ type: receipt.isNew ? 'success' : 'primary', ...(receipt.isNew ? bookingMessages.receiptCreated(receipt.number) : bookingMessages.receiptCurrent), link });
      return true;
    } catch (error) {
      console.error('Zahlungsbeleg nicht erstellt:', error);
      notifyError(error, bookingMessages.receiptError);
      return false;
    }
  };

  return { release, markPaid, issueReceipt, releasing, issuingReceipt };
}
