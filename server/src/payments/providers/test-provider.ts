import { createHmac, randomBytes } from 'node:crypto';
import { AppError } from '../../shared/errors.js';
import { centsField, statesCents } from '../cents.js';
import type { TestPaymentApplication } from '../payment-applications.js';
import { sameHex, testPaymentFieldOrder, testPaymentHash, type TestPaymentField } from '../signatures.js';
import { invalidNotification, type CallbackParams, type PaymentProvider, type PaymentTarget, type VerifiedPayment } from './payment-provider.js';

/** testResult of a payment the customer confirmed on the test page. */
export const TEST_RESULT_PAID = 'paid';
/** testResult of a payment the customer cancelled on the test page. */
export const TEST_RESULT_CANCELLED = 'cancelled';

/** The page of the built-in test provider, served by the product (test-payment.routes.ts). */
export const TEST_PAYMENT_PATH = '/payment/test';

/** A transaction of the test page: which booking of which tenant, a nonce, and their signature. */
export interface TestTransaction {
  tenantId: string;
  bookingNumber: string;
  nonce: string;
  mac: string;
}

/** Only ids the product handed out pass: "{tenant}.{booking}.{nonce}.{mac}" with the tenant's secret. */
function transactionMac(secret: string, tenantId: string, bookingNumber: string, nonce: string): string {
  return createHmac('sha256', secret).update(`transaction|${tenantId}|${bookingNumber}|${nonce}`, 'utf8').digest('hex');
}

export function testTransactionId(secret: string, tenantId: string, bookingNumber: string, nonce = randomBytes(9).toString('base64url')): string {
  return [tenantId, bookingNumber, nonce, transactionMac(secret, tenantId, bookingNumber, nonce)].join('.');
}

/** The parts of a transaction id, or null when it has not their shape (the signature is checked with the tenant's secret). */
export function parseTestTransaction(id: unknown): TestTransaction | null {
  if (typeof id !== 'string' || id.length > 300) return null;
  const parts = id.split('.');
  if (parts.length !== 4 || parts.some((part) => part === '')) return null;
  const [tenantId, bookingNumber, nonce, mac] = parts;
  return { tenantId, bookingNumber, nonce, mac };
}

export function testTransactionSigned(secret: string, transaction: TestTransaction): boolean {
  return sameHex(transactionMac(secret, transaction.tenantId, transaction.bookingNumber, transaction.nonce), transaction.mac);
}

/** The signed fields the test page sends with its notification and the browser's return. */
export function testPaymentResult(application: TestPaymentApplication, target: PaymentTarget, transactionId: string, paid: boolean): Record<string, string> {
  const fields: Record<TestPaymentField, string> = {
    testTenant: target.tenantId,
    testBooking: target.bookingNumber,
    testTransaction: transactionId,
    testAmount: centsField(target.amountCents),
    testCurrency: 'EUR',
    testResult: paid ? TEST_RESULT_PAID : TEST_RESULT_CANCELLED,
  };
  return { ...fields, testHash: testPaymentHash(application.secret, fields) };
}

/**
 * The built-in test provider for development and the demo: starting a payment leads to the
 * product's own test page, whose "Bezahlen" and "Abbrechen" send a notification and the browser's
 * return signed with HMAC-SHA256 and the tenant's generated secret, verified here like a real
 * provider's. With `enabled` false (NODE_ENV=production) it starts nothing and accepts nothing.
 */
export class TestPaymentProvider implements PaymentProvider<TestPaymentApplication> {
  readonly id = 'testPayment' as const;

  constructor(
    private readonly publicUrl: string,
    private readonly enabled: boolean,
  ) {}

  start(application: TestPaymentApplication, target: PaymentTarget): Promise<string> {
    if (!this.enabled) return Promise.reject(new AppError('payment.provider-unavailable'));
    const transactionId = testTransactionId(application.secret, target.tenantId, target.bookingNumber);
    return Promise.resolve(`${this.publicUrl}${TEST_PAYMENT_PATH}/${encodeURIComponent(transactionId)}`);
  }

  verifyNotification(application: TestPaymentApplication, target: PaymentTarget, params: CallbackParams): Promise<VerifiedPayment> {
    return Promise.resolve(this.verify(application, target, params));
  }

  verifyReturn(application: TestPaymentApplication, target: PaymentTarget, params: CallbackParams): Promise<VerifiedPayment | null> {
    if (params.testHash === undefined) return Promise.resolve(null);
    return Promise.resolve(this.verify(application, target, params));
  }

  /** The signature first, then every field against the booking: a missing one is no statement about it. */
  private verify(application: TestPaymentApplication, target: PaymentTarget, params: CallbackParams): VerifiedPayment {
    if (!this.enabled) throw invalidNotification('Die Testzahlung ist in diesem Betrieb nicht verfügbar.');
    const fields = Object.fromEntries(testPaymentFieldOrder.map((name) => [name, params[name] ?? ''])) as Record<TestPaymentField, string>;
    if (!sameHex(testPaymentHash(application.secret, fields), params.testHash)) throw invalidNotification('Die Signatur der Zahlungsbenachrichtigung ist ungültig.');
    if (fields.testTenant !== target.tenantId || fields.testBooking !== target.bookingNumber) throw invalidNotification('Die Zahlungsbenachrichtigung betrifft eine andere Buchung.');
    const transaction = parseTestTransaction(fields.testTransaction);
    if (!transaction || transaction.tenantId !== target.tenantId || transaction.bookingNumber !== target.bookingNumber || !testTransactionSigned(application.secret, transaction)) {
      throw invalidNotification('Die Zahlungsbenachrichtigung nennt keine Testzahlung dieser Buchung.');
    }
    if (!statesCents(fields.testAmount, target.amountCents) || fields.testCurrency !== 'EUR') throw invalidNotification('Der gezahlte Betrag passt nicht zur Buchung.');
    return { paid: fields.testResult === TEST_RESULT_PAID, method: 'OTHER' };
  }
}
