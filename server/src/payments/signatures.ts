import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The providers' signatures (no npm package exists for either): GiroCheckout signs with HMAC-MD5
 * over the concatenated field values, pmPayment with HMAC-SHA256 over the values joined by "|".
 * Both as lower-case hex.
 */

/** HMAC-MD5 of the concatenated values with the project secret (GiroCheckout requests, answers, notifications). */
export function giroHash(secret: string, values: readonly string[]): string {
  return createHmac('md5', secret).update(values.join(''), 'utf8').digest('hex');
}

/** The fields of a GiroCheckout paypage init request, in the order the hash covers them. */
export const giroInitFieldOrder = ['merchantId', 'projectId', 'merchantTxId', 'amount', 'currency', 'purpose', 'type', 'test', 'successUrl', 'backUrl', 'failUrl', 'notifyUrl'] as const;
export type GiroInitField = (typeof giroInitFieldOrder)[number];

/** The gc* fields of a GiroCheckout notification or browser return, in the order gcHash covers them. */
export const giroNotificationFieldOrder = ['gcPaymethod', 'gcType', 'gcProjectId', 'gcReference', 'gcMerchantTxId', 'gcBackendTxId', 'gcAmount', 'gcCurrency', 'gcResultPayment'] as const;
export type GiroNotificationField = (typeof giroNotificationFieldOrder)[number];

/** The hash of a paypage init request (absent fields count as empty). */
export function giroInitHash(secret: string, fields: Partial<Record<GiroInitField, string>>): string {
  return giroHash(secret, giroInitFieldOrder.map((name) => fields[name] ?? ''));
}

/** The gcHash a notification must carry (absent fields count as empty, as GiroCheckout sends them). */
export function giroNotificationHash(secret: string, fields: Partial<Record<GiroNotificationField, string>>): string {
  return giroHash(secret, giroNotificationFieldOrder.map((name) => fields[name] ?? ''));
}

/** The fields of a pmPayment secure request, in the order the hash covers them. */
export const pmPaymentFieldOrder = ['ags', 'amount', 'procedure', 'desc', 'notifyURL', 'redirectURL'] as const;
export type PmPaymentField = (typeof pmPaymentFieldOrder)[number];

/** HMAC-SHA256 with the salt over "ags|amount|procedure|desc|notifyURL|redirectURL". */
export function pmPaymentHash(salt: string, fields: Record<PmPaymentField, string>): string {
  return createHmac('sha256', salt)
    .update(pmPaymentFieldOrder.map((name) => fields[name]).join('|'), 'utf8')
    .digest('hex');
}

/** Compares two hex signatures in constant time (case-insensitive); false for anything malformed. */
export function sameHex(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]+$/.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected.toLowerCase(), 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** The fields of a test provider notification or return, in the order its signature covers them. */
export const testPaymentFieldOrder = ['testTenant', 'testBooking', 'testTransaction', 'testAmount', 'testCurrency', 'testResult'] as const;
export type TestPaymentField = (typeof testPaymentFieldOrder)[number];

/** The built-in test provider signs like pmPayment: HMAC-SHA256 with the tenant's secret over the values joined by "|". */
export function testPaymentHash(secret: string, fields: Partial<Record<TestPaymentField, string>>): string {
  return createHmac('sha256', secret)
    .update(testPaymentFieldOrder.map((name) => fields[name] ?? '').join('|'), 'utf8')
    .digest('hex');
}
