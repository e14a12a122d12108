import { describe, expect, it } from 'vitest';
import { paymentOutcomeOf, paymentRedirectionPath, paymentStep, paysRightAfterCheckout } from './paymentRedirection';

describe('paymentStep', () => {
  it("goes to the provider's page when there is one", () => {
    expect(paymentStep({ provider: 'giroCockpit', redirectUrl: 'https://pay.example/x' })).toEqual({ kind: 'redirect', url: 'https://pay.example/x' });
  });

  it('tells about the invoice, with its number once issued, or that nothing is paid online', () => {
    expect(paymentStep({ provider: 'invoice', redirectUrl: null, invoiceNumber: 'RE-2026-0007-1' })).toEqual({ kind: 'invoice', number: 'RE-2026-0007-1' });
    expect(paymentStep({ provider: 'invoice', redirectUrl: null, invoiceNumber: null })).toEqual({ kind: 'invoice', number: null });
    expect(paymentStep({ provider: null, redirectUrl: null })).toEqual({ kind: 'none' });
  });
});

describe('the payment addresses', () => {
  it('link the payment page of a booking', () => {
    expect(paymentRedirectionPath('t 1', 'ABCD-EFGH')).toBe('/payment/redirection?id=ABCD-EFGH&tenant=t+1');
  });

  it('read only the outcomes the server sends', () => {
    expect(paymentOutcomeOf(new URLSearchParams('outcome=paid'))).toBe('paid');
    expect(paymentOutcomeOf(new URLSearchParams('outcome=bezahlt'))).toBeNull();
    expect(paymentOutcomeOf(new URLSearchParams(''))).toBeNull();
  });
});

describe('paysRightAfterCheckout', () => {
  const released = { isCommitted: true, isPayed: false, priceEur: 12.5, paymentProvider: 'giroCockpit' };
  it('starts the payment of a booking released at checkout with something to pay and a provider', () => {
    expect(paysRightAfterCheckout(released)).toBe(true);
    expect(paysRightAfterCheckout({ ...released, paymentProvider: 'invoice' })).toBe(true);
  });

  it('not for a request awaiting release, a paid or free booking, or one paid outside the platform', () => {
    expect(paysRightAfterCheckout({ ...released, isCommitted: false })).toBe(false);
    expect(paysRightAfterCheckout({ ...released, isPayed: true })).toBe(false);
    expect(paysRightAfterCheckout({ ...released, priceEur: 0 })).toBe(false);
    expect(paysRightAfterCheckout({ ...released, paymentProvider: null })).toBe(false);
  });
});
