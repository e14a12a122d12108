/**
 * The German words of a booking's state and payment, shared by
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
  return method && Object.hasOwn(paymentMethodLabels, method) ? paymentMethodLabels[method as PaymentMethod] : 'Unbekannt';
}

/** The payment providers a customer chooses at checkout, with the names staff and customers know them by. */
export const paymentProviderLabels: Readonly<Record<string, string>> = {
  invoice: 'Rechnung',
  giroCockpit: 'GiroCockpit',
  pmPayment: 'pmPayment',
  testPayment: 'Testzahlung',
};

/** The provider's German name; an unknown id as it is; null when none was chosen. */
export function paymentProviderLabel(provider: string | null | undefined): string | null {
  const id = provider?.trim();
  if (!id) return null;
  return Object.hasOwn(paymentProviderLabels, id) ? paymentProviderLabels[id] : id;
}

/**
 * How a booking is paid, in one phrase for every place that shows it (staff list, details, CSV,
 * GraphQL, receipts, mails): the method once one is known, with the customer's choice at checkout
 * beside it ("Bar (gewählt: Rechnung)"); the choice alone while nothing is paid ("Rechnung");
 * "Unbekannt" only when neither is known.
 */
export function paymentWayLabel(booking: { paymentMethod?: string | null; paymentProvider?: string | null }): string {
  const method = booking.paymentMethod && Object.hasOwn(paymentMethodLabels, booking.paymentMethod) ? paymentMethodLabels[booking.paymentMethod as PaymentMethod] : null;
  const provider = paymentProviderLabel(booking.paymentProvider);
  if (method && provider) return `${method} (gewählt: ${provider})`;
  return method ?? provider ?? 'Unbekannt';
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
