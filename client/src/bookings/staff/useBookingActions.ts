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
  /** "Zahlungsbeleg erstellen"; true when it worked. */
  issueReceipt: (bookingId: string) => Promise<boolean>;
  releasing: boolean;
  issuingReceipt: boolean;
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

  const release = async (bookingId: string) => {
    try {
      await commit({ variables: { tenantId, id: bookingId } });
      notify({ type: 'success', ...bookingMessages.released });
      return true;
    } catch (error) {
      console.error('Buchung nicht freigegeben:', error);
      notifyError(error, bookingMessages.releaseError);
      return false;
    }
  };

  const markPaid = async (bookingId: string, paymentMethod: string) => {
    try {
      await markPaidMutation({ variables: { tenantId, id: bookingId, paymentMethod } });
      notify({ type: 'success', ...bookingMessages.markedPaid });
      return true;
    } catch (error) {
      console.error('Buchung nicht als bezahlt markiert:', error);
      notifyError(error, bookingMessages.markPaidError);
      return false;
    }
  };

  const issueReceipt = async (bookingId: string) => {
    try {
      await createReceipt({
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
      notify({ type: 'success', ...bookingMessages.receiptCreated });
      return true;
    } catch (error) {
      console.error('Zahlungsbeleg nicht erstellt:', error);
      notifyError(error, bookingMessages.receiptError);
      return false;
    }
  };

  return { release, markPaid, issueReceipt, releasing, issuingReceipt };
}
