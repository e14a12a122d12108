import type { PaymentMethod } from '../../../common/bookings/labels.js';

/**
 * The payment method a provider reports, as the booking stores it (docs/payments.md). Unknown codes
 * are OTHER, never dropped.
 */

const giroPaymethods: Record<string, PaymentMethod> = {
  '1': 'GIROPAY',
  '17': 'GIROPAY',
  '18': 'GIROPAY',
  '2': 'EPS',
  '12': 'IDEAL',
  '11': 'CREDIT_CARD',
  // Direct debit: the product has no own method for it; TRANSFER is what the original stored.
  '6': 'TRANSFER',
  '7': 'TRANSFER',
  '26': 'BLUECODE',
  '33': 'MAESTRO',
  '14': 'PAYPAL',
  '23': 'PAYDIRECT',
  '27': 'SOFORT',
};

export function giroPaymentMethod(gcPaymethod: unknown): PaymentMethod {
  return typeof gcPaymethod === 'string' && Object.hasOwn(giroPaymethods, gcPaymethod.trim()) ? giroPaymethods[gcPaymethod.trim()] : 'OTHER';
}

const pmPaymentMethods: Record<string, PaymentMethod> = {
  giropay: 'GIROPAY',
  sepa: 'TRANSFER',
  creditcard: 'CREDIT_CARD',
  paypal: 'PAYPAL',
  applepay: 'APPLE_PAY',
  googlepay: 'GOOGLE_PAY',
};

export function pmPaymentMethod(method: unknown): PaymentMethod {
  const key = typeof method === 'string' ? method.trim().toLowerCase() : '';
  return Object.hasOwn(pmPaymentMethods, key) ? pmPaymentMethods[key] : 'OTHER';
}
