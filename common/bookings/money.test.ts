import { describe, expect, it } from 'vitest';
import { bookingTotalsCents, isFreeBooking, paymentWayOf, unitPricesCents, vatByRate, type ChargedLine } from './money.js';

const line = (ratePercent: number, quantity: number, userPriceEur: number, userGrossPriceEur: number): ChargedLine => ({ ratePercent, quantity, userPriceEur, userGrossPriceEur });

describe('VAT per rate', () => {
  it('sums net and gross per rate line by line from the unit prices rounded to cents, so the rates add up to the totals', () => {
    // 2 × 18.75 net at 19 % (gross 22.31 each), a flat 80 net at 19 %, 10 × 2 net at 7 %, 1 × 5 at 0 %.
    const lines = [line(19, 2, 18.75, 22.31), line(19, 1, 80, 95.2), line(7, 10, 2, 2.14), line(0, 1, 5, 5)];
    const rates = vatByRate(lines);
    expect(rates).toEqual([
      { ratePercent: 0, netCents: 500, vatCents: 0, grossCents: 500 },
      { ratePercent: 7, netCents: 2000, vatCents: 140, grossCents: 2140 },
      { ratePercent: 19, netCents: 11750, vatCents: 2232, grossCents: 13982 },
    ]);
    // The checkout's totals of the same lines: 166.22 gross, 23.72 VAT.
    expect(rates.reduce((sum, rate) => sum + rate.grossCents, 0)).toBe(16622);
    expect(rates.reduce((sum, rate) => sum + rate.vatCents, 0)).toBe(2372);
  });

  it('rounds once per unit, not per rate: three units of 0.05 net at 19 % are 3 × 6 cents gross, not 17.85 rounded', () => {
    expect(vatByRate([line(19, 3, 0.05, 0.06)])).toEqual([{ ratePercent: 19, netCents: 15, vatCents: 3, grossCents: 18 }]);
  });

  it('leaves out rates that charge nothing: a free booking has no VAT lines', () => {
    expect(vatByRate([line(19, 2, 0, 0), line(7, 1, 0, 0)])).toEqual([]);
    expect(vatByRate([])).toEqual([]);
  });

  it('keeps binary noise out of the cents (1.005 € is 101 cents, 0.1 + 0.2 € is 30)', () => {
    expect(vatByRate([line(0, 1, 1.005, 1.005), line(0, 1, 0.1 + 0.2, 0.1 + 0.2)])).toEqual([{ ratePercent: 0, netCents: 131, vatCents: 0, grossCents: 131 }]);
  });
});

describe('cents of the stored euros', () => {
  it('gives the totals and unit prices exactly ×100, the net as the gross less the VAT', () => {
    expect(bookingTotalsCents({ priceEur: 44.62, vatIncludedEur: 7.12 })).toEqual({ priceCents: 4462, vatIncludedCents: 712, netCents: 3750 });
    expect(unitPricesCents({ regularPriceEur: 18.75, regularGrossPriceEur: 22.31, userPriceEur: 16.88, userGrossPriceEur: 20.09 })).toEqual({
      regularPriceCents: 1875,
      regularGrossPriceCents: 2231,
      userPriceCents: 1688,
      userGrossPriceCents: 2009,
    });
  });

  it('calls a booking free when its gross total is zero', () => {
    expect(isFreeBooking({ priceEur: 0 })).toBe(true);
    expect(isFreeBooking({ priceEur: 0.01 })).toBe(false);
  });
});

describe('how a booking is paid', () => {
  it('names free bookings, the online providers, invoices and payments staff recorded without a provider', () => {
    expect(paymentWayOf({ priceEur: 0, paymentProvider: 'invoice', paymentMethod: '' })).toEqual({ kind: 'FREE', provider: 'invoice', method: null });
    expect(paymentWayOf({ priceEur: 20, paymentProvider: 'giroCockpit', paymentMethod: 'PAYPAL' })).toEqual({ kind: 'ONLINE', provider: 'giroCockpit', method: 'PAYPAL' });
    expect(paymentWayOf({ priceEur: 20, paymentProvider: 'testPayment', paymentMethod: '' }).kind).toBe('ONLINE');
    expect(paymentWayOf({ priceEur: 20, paymentProvider: 'invoice', paymentMethod: 'TRANSFER' })).toEqual({ kind: 'INVOICE', provider: 'invoice', method: 'TRANSFER' });
    expect(paymentWayOf({ priceEur: 20, paymentProvider: null, paymentMethod: 'CASH' })).toEqual({ kind: 'MANUAL', provider: null, method: 'CASH' });
    expect(paymentWayOf({ priceEur: 20, paymentProvider: null, paymentMethod: '' })).toEqual({ kind: 'UNKNOWN', provider: null, method: null });
  });
});
