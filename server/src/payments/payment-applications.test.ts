import { describe, expect, it } from 'vitest';
import { lockerApplicationDefinitions, mergeApplications } from '../tenants/tenant-applications.js';
import type { TenantApplication } from '../tenants/tenant.entity.js';
import { activePaymentApplication, paymentApplicationDefinitions, paymentPurpose } from './payment-applications.js';

const definitions = [...paymentApplicationDefinitions, ...lockerApplicationDefinitions];
const merge = (stored: TenantApplication[], input: unknown[]) => mergeApplications(definitions, stored, input);

describe('storing the payment applications (tenant save)', () => {
  it('online providers are live unless saved in test mode; the key is write-only: kept when left out or empty, cleared on request', () => {
    const first = merge([], [{ id: 'giroCockpit', active: true, paymentMerchantId: ' 4711 ', paymentProjectId: '0815', paymentSecret: 'schluessel' }, { id: 'pmPayment', paymentMode: 'test', paymentSecret: 'salz' }]);
    expect(first).toEqual([
      { id: 'giroCockpit', type: 'payment', title: 'Online-Zahlung', active: true, paymentMerchantId: '4711', paymentProjectId: '0815', paymentPurposeSuffix: '', paymentMode: 'prod', paymentSecret: 'schluessel' },
      { id: 'pmPayment', type: 'payment', title: 'Online-Zahlung (pmPayment)', active: false, paymentMerchantId: '', paymentProjectId: '', paymentPurposeSuffix: '', paymentMode: 'test', paymentSecret: 'salz' },
    ]);
    const kept = merge(first, [{ id: 'giroCockpit', paymentMode: 'test', paymentSecret: '' }]);
    expect(kept[0]).toMatchObject({ active: true, paymentMerchantId: '4711', paymentMode: 'test', paymentSecret: 'schluessel' });
    expect(merge(kept, [{ id: 'giroCockpit', clearPaymentSecret: true }])[0].paymentSecret).toBeNull();
  });

  it('the invoice has no secret and a number of days; unknown ids are refused', () => {
    expect(merge([], [{ id: 'invoice', active: true, iban: 'DE02 1203', daysUntilPaymentDue: '14' }])[0]).toEqual({
      id: 'invoice', type: 'payment', title: 'Rechnung', active: true, bank: '', iban: 'DE02 1203', bic: '', accountHolder: '', paymentPurposeSuffix: '', daysUntilPaymentDue: 14,
    });
    expect(() => merge([], [{ id: 'paypal' }])).toThrow(/Validierungsfehler|Eingaben/);
  });
});

describe('activePaymentApplication', () => {
  const stored = merge([], [
    { id: 'giroCockpit', active: true, paymentMerchantId: '4711', paymentProjectId: '0815', paymentSecret: 'schluessel', paymentPurposeSuffix: 'Saal' },
    { id: 'pmPayment', active: true, paymentMerchantId: '09162000', paymentProjectId: 'buchung', paymentMode: 'test' },
    { id: 'invoice', active: false },
  ]);

  it('reads the active, complete application with its secret and mode', () => {
    expect(activePaymentApplication(stored, 'giroCockpit')).toEqual({ id: 'giroCockpit', merchantId: '4711', projectId: '0815', secret: 'schluessel', test: false, purposeSuffix: 'Saal' });
    expect(activePaymentApplication(merge(stored, [{ id: 'giroCockpit', paymentMode: 'test' }]), 'giroCockpit')).toMatchObject({ test: true });
  });

  it('an inactive one, one without secret or an unknown provider is not offered', () => {
    expect(activePaymentApplication(stored, 'pmPayment')).toBeNull();
    expect(activePaymentApplication(stored, 'invoice')).toBeNull();
    expect(activePaymentApplication(merge(stored, [{ id: 'invoice', active: true }]), 'invoice')).toEqual({ id: 'invoice' });
    expect(activePaymentApplication(stored, 'paypal')).toBeNull();
    expect(activePaymentApplication(stored, null)).toBeNull();
  });

  it('the purpose is the booking number, then " - " and the suffix when there is one', () => {
    expect(paymentPurpose('ABCD-EFGH', 'Saal')).toBe('ABCD-EFGH - Saal');
    expect(paymentPurpose('ABCD-EFGH', '')).toBe('ABCD-EFGH');
  });
});
