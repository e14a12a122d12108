import { describe, expect, it } from 'vitest';
import { discountText, formatCount, formatDiscount, formatPickerDate, parseDecimal, parsePickerDate } from './couponFormat';

describe('coupon formats', () => {
  it('shows the discount with % or € in German notation', () => {
    expect(formatDiscount('percentage', 12.5)).toBe('12,5 %');
    expect(formatDiscount('fixed', 7.25).replace(/\u00a0/g, ' ')).toBe('7,25 €');
  });

  it('shows used / max with ∞ for unlimited', () => {
    expect(formatCount(1, 10)).toBe('1 / 10');
    expect(formatCount(0, null)).toBe('0 / ∞');
  });

  it('parses German and plain decimals', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('1.234,5')).toBe(1234.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('viel')).toBeNull();
  });

  it('reads dates with and without a 24-hour time (without: midnight) and writes them back', () => {
    const withTime = parsePickerDate('24.12.2026 18:05');
    expect(withTime && formatPickerDate(withTime)).toBe('24.12.2026 18:05');
    const dateOnly = parsePickerDate('1.2.2027');
    expect(dateOnly && formatPickerDate(dateOnly)).toBe('01.02.2027 00:00');
    expect(parsePickerDate('31.02.2027')).toBe(false);
    expect(parsePickerDate('24.12.2026 24:00')).toBe(false);
    expect(parsePickerDate('morgen')).toBe(false);
  });
});

describe('discountText', () => {
  it('shows a euro amount with two decimals and a percentage as it is', () => {
    expect(discountText(12.5, 'fixed')).toBe('12,50');
    expect(discountText(7, 'fixed')).toBe('7,00');
    expect(discountText(12.5, 'percentage')).toBe('12,5');
  });
});
