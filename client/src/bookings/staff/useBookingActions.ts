import type { Reference } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { type BookingReceiptFragment, BookingReceiptFragmentDoc, CommitStaffBookingDocument, CreateBookingInvoiceDocument, CreateBookingReceiptDocument, MarkStaffBookingPaidDocument } from '../../gql/graphql';
import { notify, notifyError } from '../../shared/toast';
import { bookingMessages } from './bookingMessages';

export interface BookingActionRunners {
  /** "Buchung freigeben"; true when it worked. */
  release: (bookingId: string) => Promise<boolean>;
  /** "Als bezahlt markieren" with the method the payment came by; true when it worked. */
  markPaid: (bookingId: string, paymentMethod: string) => Promise<boolean>;
  /** "Zahlungsbeleg erstellen": a new revision, or the newest receipt when nothing on it changed; true when it worked. */
  issueReceipt: (bookingId: string) => Promise<boolean>;
  /** "Rechnung erstellen": the invoice of the booking's amount, or the one issued before for it; true when it worked. */
  issueInvoice: (bookingId: string) => Promise<boolean>;
  releasing: boolean;
  issuingReceipt: boolean;
  issuingInvoice: boolean;
}

/** A document a staff action issued joins the booking's documents in the cache; the booking is not read again. */
function addDocument(cache: ApolloCache, tenantId: string, bookingId: string, document: BookingReceiptFragment | undefined): void {
  const booking = cache.identify({ __typename: 'Booking', tenantId, id: bookingId });
  if (!document || !booking) return;
  const stored = cache.writeFragment({ fragment: BookingReceiptFragmentDoc, data: document });
  if (!stored) return;
  cache.modify<{ receipts: readonly Reference[] }>({
    id: booking,
    fields: {
      receipts: (receipts, { readField }) => (receipts.some((entry) => readField('id', entry) === document.id) ? receipts : [...receipts, stored]),
    },
  });
}

/** How issuing a document went: its number and link when new, else that the existing one is current. */
function documentToast(document: BookingReceiptFragment & { isNew: boolean }, texts: { created: (number: string) => Toast; current: Toast; open: string }): void {
  const link = { text: texts.open, href: document.downloadUrl };
  notify({ type: document.isNew ? 'success' : 'primary', ...(document.isNew ? texts.created(document.number) : texts.current), link });
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
  const [createInvoice, { loading: issuingInvoice }] = useMutation(CreateBookingInvoiceDocument);

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
      const { data } = await createReceipt({ variables: { tenantId, id: bookingId }, update: (cache, { data }) => addDocument(cache, tenantId, bookingId, data?.createReceipt) });
      const receipt = data?.createReceipt;
      if (!receipt) throw new Error('Keine Antwort auf createReceipt');
      documentToast(receipt, { created: bookingMessages.receiptCreated, current: bookingMessages.receiptCurrent, open: bookingMessages.receiptOpen });
      return true;
    } catch (error) {
      console.error('Zahlungsbeleg nicht erstellt:', error);
      notifyError(error, bookingMessages.receiptError);
      return false;
    }
  };

  const issueInvoice = async (bookingId: string) => {
    try {
      const { data } = await createInvoice({ variables: { tenantId, id: bookingId }, update: (cache, { data }) => addDocument(cache, tenantId, bookingId, data?.createInvoice) });
      const invoice = data?.createInvoice;
      if (!invoice) throw new Error('Keine Antwort auf createInvoice');
      documentToast(invoice, { created: bookingMessages.invoiceCreated, current: bookingMessages.invoiceCurrent, open: bookingMessages.invoiceOpen });
      return true;
    } catch (error) {
      console.error('Rechnung nicht erstellt:', error);
      notifyError(error, bookingMessages.invoiceError);
      return false;
    }
  };

  return { release, markPaid, issueReceipt, issueInvoice, releasing, issuingReceipt, issuingInvoice };
}
