import { type PaymentMethod, paymentMethods } from '../../../../common/bookings/labels';
import type { BookingConsentFragment } from '../../gql/graphql';

/** A document of the booked objects the customer was asked to accept at checkout, as the details list it. */
export interface ConsentDocument {
  key: string;
  title: string;
  url: string | null;
  accepted: boolean;
  acceptedAt: string | null;
}

/**
 * The documents the customer was asked to accept: the booking's attachments carrying a consent.
 * Receipts and invoices are attachments too, but without one.
 */
export function consentDocuments(attachments: readonly BookingConsentFragment[]): ConsentDocument[] {
  return attachments.flatMap((attachment, index) =>
    attachment.accepted === null
      ? []
      : [
          {
            key: `${attachment.bookableId ?? ''}:${attachment.id ?? attachment.title}:${index}`,
            title: attachment.title,
            url: attachment.url,
            accepted: attachment.accepted,
            acceptedAt: attachment.accepted ? attachment.acceptedAt : null,
          },
        ],
  );
}

const isPaymentMethod = (method: string | null | undefined): method is PaymentMethod => (paymentMethods as readonly string[]).includes(method ?? '');

/**
 * The method "Als bezahlt markieren" proposes: the one already recorded, a transfer for a customer
 * who chose to pay by invoice, otherwise cash at the counter.
 */
export function proposedPaymentMethod(booking: { paymentMethod?: string | null; paymentProvider?: string | null }): PaymentMethod {
  if (isPaymentMethod(booking.paymentMethod)) return booking.paymentMethod;
  return booking.paymentProvider === 'invoice' ? 'TRANSFER' : 'CASH';
}
