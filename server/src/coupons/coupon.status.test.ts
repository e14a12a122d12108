import { describe, expect, it } from 'vitest';
import { isCouponActive, isCouponExhausted, isCouponValid } from './coupon.status.js';

const now = Date.UTC(2026, 5, 15, 12);
const hour = 3_600_000;

describe('coupon status', () => {
  it('is active without dates and inside the period, inactive before validFrom and after validTo', () => {
    expect(isCouponActive({ usedAmount: 0 }, now)).toBe(true);
    expect(isCouponActive({ usedAmount: 0, validFrom: now - hour, validTo: now + hour }, now)).toBe(true);
    expect(isCouponActive({ usedAmount: 0, validFrom: now + hour }, now)).toBe(false);
    expect(isCouponActive({ usedAmount: 0, validTo: now - hour }, now)).toBe(false);
    expect(isCouponActive({ usedAmount: 0, validFrom: new Date(now).toISOString(), validTo: new Date(now) }, now)).toBe(true);
  });

  it('is used up when maxAmount is set and not greater than usedAmount', () => {
    expect(isCouponExhausted({ usedAmount: 5 })).toBe(false);
    expect(isCouponExhausted({ usedAmount: 5, maxAmount: null })).toBe(false);
    expect(isCouponExhausted({ usedAmount: 4, maxAmount: 5 })).toBe(false);
    expect(isCouponExhausted({ usedAmount: 5, maxAmount: 5 })).toBe(true);
    expect(isCouponExhausted({ usedAmount: 0, maxAmount: 0 })).toBe(true);
  });

  it('is valid only when active and not used up', () => {
    expect(isCouponValid({ usedAmount: 0, maxAmount: 1, validTo: now + hour }, now)).toBe(true);
    expect(isCouponValid({ usedAmount: 1, maxAmount: 1 }, now)).toBe(false);
    expect(isCouponValid({ usedAmount: 0, validTo: now - 1 }, now)).toBe(false);
  });
});
