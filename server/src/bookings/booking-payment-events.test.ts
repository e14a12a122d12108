import { describe, expect, it } from 'vitest';
import { paymentTransitions } from './booking-payment-events.js';

const state = (isCommitted: boolean, isPayed: boolean, isRejected = false) => ({ isCommitted, isPayed, isRejected });

describe('paymentTransitions', () => {
  it('paid only on the change from unpaid to paid', () => {
    expect(paymentTransitions(state(true, false), { ...state(true, true), priceEur: 10 }).paid).toBe(true);
    expect(paymentTransitions(state(true, true), { ...state(true, true), priceEur: 10 }).paid).toBe(false);
    expect(paymentTransitions(null, { ...state(false, true), priceEur: 10 }).paid).toBe(true);
    // Nothing to pay: the flag is no payment.
    expect(paymentTransitions(state(false, false), { ...state(true, true), priceEur: 0 }).paid).toBe(false);
  });

  it('the payment is requested when a booking with a price is released unpaid, once', () => {
    expect(paymentTransitions(state(false, false), { ...state(true, false), priceEur: 10 }).paymentRequested).toBe(true);
    expect(paymentTransitions(state(true, false), { ...state(true, false), priceEur: 10 }).paymentRequested).toBe(false);
    expect(paymentTransitions(state(false, false), { ...state(true, false), priceEur: 0 }).paymentRequested).toBe(false);
    expect(paymentTransitions(state(false, false), { ...state(true, true), priceEur: 10 }).paymentRequested).toBe(false);
    // A cancelled booking released again asks again; a rejected one is no release.
    expect(paymentTransitions(state(true, false, true), { ...state(true, false), priceEur: 10 }).paymentRequested).toBe(true);
    expect(paymentTransitions(state(false, false), { ...state(true, false, true), priceEur: 10 }).paymentRequested).toBe(false);
  });
});
