/**
 * The German words of a booking's state and payment (specification 03 sections 3 and 4), shared by
 * the server's answers and the staff's screens. Plain TypeScript without imports.
 */

/** Payment methods with their German labels; anything else shows "Unbekannt". */
export const paymentMethodLabels = {
  CASH: 'Bar',
  TRANSFER: 'Überweisung',
  CREDIT_CARD: 'Kreditkarte',
  DEBIT_CARD: 'EC-Karte',
  PAYPAL: 'PayPal',
  OTHER: 'Sonstiges',
  GIROPAY: 'Giropay',
  APPLE_PAY: 'Apple Pay',
  GOOGLE_PAY: 'Google Pay',
  EPS: 'EPS',
  IDEAL: 'iDEAL',
  MAESTRO: 'Maestro',
  PAYDIRECT: 'paydirekt',
  SOFORT: 'SOFORT-Überweisung',
  BLUECODE: 'Bluecode',
} as const;
export type PaymentMethod = keyof typeof paymentMethodLabels;
export const paymentMethods = Object.keys(paymentMethodLabels) as PaymentMethod[];

export function paymentMethodLabel(method: string | null | undefined): string {
  return method && method in paymentMethodLabels ? paymentMethodLabels[method as PaymentMethod] : 'Unbekannt';
}

export type BookingStatusLabel = 'abgelehnt' | 'storniert' | 'freigegeben' | 'ausstehend';

/** Rejected before release is "abgelehnt", after release "storniert". */
export function bookingStatusLabel(booking: { isCommitted: boolean; isRejected: boolean }): BookingStatusLabel {
  if (booking.isRejected) return booking.isCommitted ? 'storniert' : 'abgelehnt';
  return booking.isCommitted ? 'freigegeben' : 'ausstehend';
}

export function paymentStatusLabel(booking: { isPayed: boolean }): 'bezahlt' | 'ausstehend' {
  return booking.isPayed ? 'bezahlt' : 'ausstehend';
}
