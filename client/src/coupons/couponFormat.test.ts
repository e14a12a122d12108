import { describe, expect, it } from 'vitest';
import { formatCount, formatDiscount, discountText } from './couponFormat';

describe('coupon formats', () => {
  it('shows the discount with % or € in German notation', () => {
    expect(formatDiscount('percentage', 12.5)).toBe('12,5 %');
    expect(formatDiscount('fixed', 7.25).replace(/\u00a0/g, ' ')).toBe('7,25 €');
  });

  it('shows used / max with ∞ for unlimited', () => {
    expect(formatCount(1, 10)).toBe('1 / 10');
    expect(formatCount(0, null)).toBe('0 / ∞');
  });
});

describe('discountText', () => {
  it('shows a euro amount with two decimals and a percentage as it is', () => {
    expect(discountText(12.5, 'fixed')).toBe('12,50');
    expect(discountText(7, 'fixed')).toBe('7,00');
    expect(discountText(12.5, 'percentage')).toBe('12,5');
  });
});
