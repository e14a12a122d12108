import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { giroPaymentMethod, pmPaymentMethod } from './payment-methods.js';
import { GiroCheckoutProvider } from './providers/girocheckout.js';
import { giroHash, giroInitHash, giroNotificationFieldOrder, giroNotificationHash, pmPaymentHash, sameHex } from './signatures.js';

/**
 * Known vectors: computed once by hand with node:crypto (createHmac) over the concatenations
 * written out below, with fixed keys, and pinned as hex so any change of order or encoding fails.
 */
const GIRO_SECRET = 'b9mD6s4Tz1';
const PM_SALT = 'salz-1234';

describe('GiroCheckout HMAC-MD5', () => {
  it('signs the concatenated values (known vector)', () => {
    expect(giroHash(GIRO_SECRET, ['1234567', '1234', 'ABCD-EFGH', '1999', 'EUR'])).toBe('3d18f7f0d099d943f43dc00767324d6e');
    expect(giroHash(GIRO_SECRET, ['1234567', '1234', 'ABCD-EFGH', '1999', 'EUR'])).toBe(createHmac('md5', GIRO_SECRET).update('12345671234ABCD-EFGH1999EUR').digest('hex'));
  });

  it('the paypage init hash covers the fields in the documented order; an absent test field is not hashed', () => {
    const fields = {
      merchantId: '1234567',
      projectId: '1234',
      merchantTxId: 'ABCD-EFGH',
      amount: '1999',
      currency: 'EUR',
      purpose: 'ABCD-EFGH - Saal',
      type: 'SALE',
      successUrl: 'https://b.example/r',
      backUrl: 'https://b.example/r',
      failUrl: 'https://b.example/r',
      notifyUrl: 'https://b.example/n',
    };
    const concatenated = '12345671234ABCD-EFGH1999EURABCD-EFGH - SaalSALEhttps://b.example/rhttps://b.example/rhttps://b.example/rhttps://b.example/n';
    expect(giroInitHash(GIRO_SECRET, fields)).toBe('6d522458efa69711a2eca6c0237ff7bc');
    expect(giroInitHash(GIRO_SECRET, fields)).toBe(giroHash(GIRO_SECRET, [concatenated]));
    const withTest = '12345671234ABCD-EFGH1999EURABCD-EFGH - SaalSALE1https://b.example/rhttps://b.example/rhttps://b.example/rhttps://b.example/n';
    expect(giroInitHash(GIRO_SECRET, { ...fields, test: '1' })).toBe('a7dd4cbbb73b9e89e564ae9874c1da6b');
    expect(giroInitHash(GIRO_SECRET, { ...fields, test: '1' })).toBe(giroHash(GIRO_SECRET, [withTest]));
  });

  it('the notification hash covers the gc* fields in the documented order', () => {
    expect(giroNotificationFieldOrder).toEqual(['gcPaymethod', 'gcType', 'gcProjectId', 'gcReference', 'gcMerchantTxId', 'gcBackendTxId', 'gcAmount', 'gcCurrency', 'gcResultPayment']);
    const notification = {
      // Deliberately not in hash order: the order of the object must not matter.
      gcResultPayment: '4000',
      gcAmount: '1999',
      gcPaymethod: '1',
      gcType: 'SALE',
      gcProjectId: '1234',
      gcReference: 'ref-1',
      gcMerchantTxId: 'ABCD-EFGH',
      gcBackendTxId: 'B-1',
      gcCurrency: 'EUR',
    };
    expect(giroNotificationHash(GIRO_SECRET, notification)).toBe('70225f06770d2533300057ccb69e90f3');
    expect(giroNotificationHash(GIRO_SECRET, notification)).toBe(giroHash(GIRO_SECRET, ['1SALE1234ref-1ABCD-EFGHB-11999EUR4000']));
  });

  it('the provider signs its init fields, live unless the application is in test mode', () => {
    const provider = new GiroCheckoutProvider('https://giro.example/api/v2');
    const application = { id: 'giroCockpit' as const, merchantId: '1234567', projectId: '1234', secret: GIRO_SECRET, test: false, purposeSuffix: 'Saal' };
    const target = { tenantId: 't', bookingNumber: 'ABCD-EFGH', amountCents: 1999, notifyUrl: 'https://b.example/n', returnUrl: 'https://b.example/r' };
    const live = provider.initFields(application, target);
    expect(live).not.toHaveProperty('test');
    expect(live.hash).toBe('6d522458efa69711a2eca6c0237ff7bc');
    expect(provider.initFields({ ...application, test: true }, target)).toMatchObject({ test: '1', hash: 'a7dd4cbbb73b9e89e564ae9874c1da6b' });
  });
});

describe('pmPayment HMAC-SHA256', () => {
  it('signs "ags|amount|procedure|desc|notifyURL|redirectURL" with the salt (known vector)', () => {
    const fields = { ags: '09162000', amount: '1999', procedure: 'buchung', desc: 'ABCD-EFGH', notifyURL: 'https://b.example/n', redirectURL: 'https://b.example/r' };
    expect(pmPaymentHash(PM_SALT, fields)).toBe('d87da77c9c93f67fcab6af8daa79f26382eb55e0485ed66e0949f0c19bb42f53');
    expect(pmPaymentHash(PM_SALT, fields)).toBe(createHmac('sha256', PM_SALT).update('09162000|1999|buchung|ABCD-EFGH|https://b.example/n|https://b.example/r').digest('hex'));
  });
});

describe('sameHex', () => {
  it('compares case-insensitively and refuses anything malformed', () => {
    const hash = giroHash(GIRO_SECRET, ['x']);
    expect(sameHex(hash, hash)).toBe(true);
    expect(sameHex(hash, hash.toUpperCase())).toBe(true);
    expect(sameHex(hash, hash.slice(1))).toBe(false);
    expect(sameHex(hash, `${hash.slice(0, -1)}g`)).toBe(false);
    expect(sameHex(hash, undefined)).toBe(false);
    expect(sameHex(hash, '')).toBe(false);
  });
});

describe('payment methods', () => {
  it('maps the GiroCheckout codes and the pmPayment names, anything else OTHER', () => {
    expect(['1', '17', '18', '2', '12', '11', '6', '7', '26', '33', '14', '23', '27', '99', ''].map(giroPaymentMethod)).toEqual([
      'GIROPAY', 'GIROPAY', 'GIROPAY', 'EPS', 'IDEAL', 'CREDIT_CARD', 'TRANSFER', 'TRANSFER', 'BLUECODE', 'MAESTRO', 'PAYPAL', 'PAYDIRECT', 'SOFORT', 'OTHER', 'OTHER',
    ]);
    expect(['giropay', 'sepa', 'creditCard', 'paypal', 'applePay', 'googlePay', 'bitcoin', undefined].map(pmPaymentMethod)).toEqual([
      'GIROPAY', 'TRANSFER', 'CREDIT_CARD', 'PAYPAL', 'APPLE_PAY', 'GOOGLE_PAY', 'OTHER', 'OTHER',
    ]);
  });
});
