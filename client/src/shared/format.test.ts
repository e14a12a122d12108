import { describe, expect, it } from 'vitest';
import { formatCurrency, parseDecimal } from './format';

describe('formats', () => {
  it('shows euros in German notation', () => {
    expect(formatCurrency(12.5).replace(/\u00a0/g, ' ')).toBe('12,50 €');
    expect(formatCurrency(1234).replace(/\u00a0/g, ' ')).toBe('1.234,00 €');
  });

  it('parses German and plain decimals', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('1.234,5')).toBe(1234.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('viel')).toBeNull();
  });
});
