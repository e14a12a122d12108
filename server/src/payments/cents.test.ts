import { describe, expect, it } from 'vitest';
import { centsField, eurToCents, statesCents } from './cents.js';

describe('eurToCents', () => {
  it('drops the float artefacts of the multiplication', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(eurToCents(0.1 + 0.2)).toBe(30);
    expect(eurToCents(0.1 + 0.7)).toBe(80);
    expect(eurToCents(19.99)).toBe(1999);
    expect(19.99 * 100).not.toBe(1999);
    expect(eurToCents(1234.5)).toBe(123450);
    expect(eurToCents(4.35)).toBe(435);
    expect(eurToCents(1.15)).toBe(115);
    expect(eurToCents(0)).toBe(0);
  });

  it('rounds half cents away from zero and reads decimal strings (German comma too)', () => {
    expect(eurToCents(1.005)).toBe(101);
    expect(eurToCents(2.675)).toBe(268);
    expect(eurToCents('19.99')).toBe(1999);
    expect(eurToCents('12,50')).toBe(1250);
    expect(eurToCents(-0.1 - 0.2)).toBe(-30);
  });

  it('refuses what is no amount', () => {
    expect(() => eurToCents(Number.NaN)).toThrow(RangeError);
    expect(() => eurToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => eurToCents('zwölf')).toThrow(RangeError);
  });
});

describe('centsField', () => {
  it('is digits only, never a decimal point or exponent', () => {
    expect(centsField(eurToCents(19.99))).toBe('1999');
    expect(centsField(eurToCents(0.1 + 0.2))).toBe('30');
    expect(centsField(eurToCents(1234.5))).toBe('123450');
    expect(centsField(0)).toBe('0');
  });

  it('refuses fractions and negative amounts', () => {
    expect(() => centsField(19.99)).toThrow(RangeError);
    expect(() => centsField(-1)).toThrow(RangeError);
  });
});

describe('statesCents', () => {
  it('accepts exactly the cents, as an integer or a string of digits', () => {
    expect(statesCents(1999, 1999)).toBe(true);
    expect(statesCents('1999', 1999)).toBe(true);
  });

  it('refuses a missing, other, euro, fractional or decorated amount', () => {
    for (const field of [undefined, null, '', 1998, '1998', '19.99', 1999.5, ' 1999', '1999 ', '+1999', '1e3', '0x7cf', [1999], { amount: 1999 }]) {
      expect(statesCents(field, 1999), JSON.stringify(field)).toBe(false);
    }
  });
});
