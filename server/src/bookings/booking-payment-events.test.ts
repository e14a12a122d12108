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

  it('a booking with a price paid before its release is reported as such when released, once', () => {
    expect(paymentTransitions(state(false, true), { ...state(true, true), priceEur: 10 })).toEqual({ paid: false, paymentRequested: false, paidBookingReleased: true });
    expect(paymentTransitions(state(true, true), { ...state(true, true), priceEur: 10 }).paidBookingReleased).toBe(false);
    // Paid and released in one change: the payment speaks for both.
    expect(paymentTransitions(state(false, false), { ...state(true, true), priceEur: 10 })).toEqual({ paid: true, paymentRequested: false, paidBookingReleased: false });
    // Nothing to pay, or rejected: no receipt.
    expect(paymentTransitions(state(false, true), { ...state(true, true), priceEur: 0 }).paidBookingReleased).toBe(false);
    expect(paymentTransitions(state(false, true), { ...state(true, true, true), priceEur: 10 }).paidBookingReleased).toBe(false);
    // A cancelled paid booking released again is reported again (its receipt is found, not issued twice).
    expect(paymentTransitions(state(true, true, true), { ...state(true, true), priceEur: 10 }).paidBookingReleased).toBe(true);
  });
});
