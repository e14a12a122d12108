import { describe, expect, it } from 'vitest';
import { discountValidator, maxAmountValidator, validToValidator } from './couponValidation';

const fixed = { type: 'fixed', validFrom: null };

describe('coupon dialog rules', () => {
  it('refuses a value beyond what the column holds, as the server does', () => {
    expect(discountValidator('1e308', fixed)).toBe('Der Wert ist zu groß.');
    expect(discountValidator('1000000000,01', fixed)).toBe('Der Wert ist zu groß.');
    expect(discountValidator('-1', fixed)).toBe('Darf nicht negativ sein');
    expect(discountValidator('101', { ...fixed, type: 'percentage' })).toBe('Muss zwischen 0 und 100 liegen');
    expect(discountValidator('12,50', fixed)).toBeUndefined();
  });

  it('refuses a maximum count beyond PostgreSQL integer', () => {
    expect(maxAmountValidator('2147483648', fixed)).toBe('Zahl zu groß');
    expect(maxAmountValidator('2147483647', fixed)).toBeUndefined();
    expect(maxAmountValidator('1,5', fixed)).toBe('Muss eine ganze Zahl ab 0 sein');
  });

  it('refuses an end of the validity before its start; the same moment is fine', () => {
    const from = { ...fixed, validFrom: '2026-05-01T00:00:00.000Z' };
    expect(validToValidator('2026-04-30T23:59:00.000Z', from)).toBe('Das Ende der Gültigkeit darf nicht vor ihrem Beginn liegen.');
    expect(validToValidator('2026-05-01T00:00:00.000Z', from)).toBeUndefined();
    expect(validToValidator('2026-04-01T00:00:00.000Z', fixed)).toBeUndefined();
  });
});
