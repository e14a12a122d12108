import type { PaymentMethod } from '../../../../common/bookings/labels.js';
import { AppError } from '../../shared/errors.js';
import type { PaymentApplication, PaymentProviderId } from '../payment-applications.js';
import { logger, withoutMailAddresses } from '../../shared/logging.js';

/** What a provider needs to know about the payment of one booking. */
export interface PaymentTarget {
  tenantId: string;
  bookingNumber: string;
  /** The booking's gross total in integer cents. */
  amountCents: number;
  /** Where the provider reports the result (server to server). */
  notifyUrl: string;
  /** Where the provider sends the customer's browser back. */
  returnUrl: string;
}

/** A provider's verified statement about a payment. */
export interface VerifiedPayment {
  paid: boolean;
  /** The method the customer used; OTHER when the provider names none we know. */
  method: PaymentMethod;
}

/** Provider parameters of a notification or browser return (query and form body merged). */
export type CallbackParams = Readonly<Record<string, string>>;

/**
 * One payment provider behind the payments service. Providers hold no state: the tenant's
 * application (with its secret) comes with every call, so tenants never see each other's keys.
 */
export interface PaymentProvider<A extends PaymentApplication = PaymentApplication> {
  readonly id: PaymentProviderId;
  /** Starts a payment: the provider page to send the browser to, or null without online step (invoice). */
  start(application: A, target: PaymentTarget): Promise<string | null>;
  /**
   * Verifies a notification: authentic (signature or the provider's own status lookup) and about
   * this booking and amount, else payment.notification-invalid. Changes nothing.
   */
  verifyNotification(application: A, target: PaymentTarget, params: CallbackParams): Promise<VerifiedPayment>;
  /**
   * The browser's return: a verified result when the return carries one (a forged one is
   * payment.notification-invalid), null when the provider sends the browser back without one.
   */
  verifyReturn(application: A, target: PaymentTarget, params: CallbackParams): Promise<VerifiedPayment | null>;
}

export function invalidNotification(detail: string): AppError {
  return new AppError('payment.notification-invalid', { detail });
}

export function providerFailure(provider: string, reason: string): AppError {
  // The reason is logged, not shown: it may name the provider's internals.
  logger.warn(`[payments] ${provider}: ${withoutMailAddresses(reason)}`);
  return new AppError('payment.provider-error');
}

/** Requests to a provider give up after this long (the customer is waiting). */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** A form POST to a provider; network failures and timeouts are payment.provider-error. */
export async function postForm(provider: string, url: string, fields: Record<string, string>, fetchImpl: typeof fetch): Promise<Response> {
  try {
    return await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (error) {
    throw providerFailure(provider, `request to ${new URL(url).origin} failed: ${(error as Error).message}`);
  }
}

/** The invoice: no online step; POST payments hands it to the follow-ups (invoice PDF and mail). */
export const invoiceProvider: PaymentProvider = {
  id: 'invoice',
  start: () => Promise.resolve(null),
  verifyNotification: () => Promise.reject(invalidNotification('Rechnungszahlungen haben keine Benachrichtigung.')),
  verifyReturn: () => Promise.resolve(null),
};
