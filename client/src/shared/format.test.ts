import { describe, expect, it } from 'vitest';
import { creatorLabel, formatCurrency, formatPeriod, parseDecimal } from './format';

// Intl puts a no-break space between amount and €.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('display formats', () => {
  it('shows euros the German way', () => {
    expect(plain(formatCurrency(12.5))).toBe('12,50 €');
    expect(plain(formatCurrency(1234.5))).toBe('1.234,50 €');
    expect(plain(formatCurrency(0))).toBe('0,00 €');
    expect(formatCurrency(null)).toBe('');
  });

  it('shows a period within a day with its weekday and Berlin times', () => {
    // 09:00 and 11:00 UTC are 10:00 and 12:00 in Berlin in winter.
    expect(formatPeriod('2026-12-07T09:00:00Z', '2026-12-07T11:00:00Z')).toBe('Mo, 07.12.2026, 10:00–12:00 Uhr');
    // 22:00 UTC is midnight in Berlin: the end of the Monday, not the Tuesday.
    expect(formatPeriod('2026-12-07T20:00:00Z', '2026-12-07T23:00:00Z')).toBe('Mo, 07.12.2026, 21:00–24:00 Uhr');
  });

  it('shows both ends of a period across days, and only the begin without an end', () => {
    expect(formatPeriod('2026-07-06T20:00:00Z', '2026-07-07T06:00:00Z')).toBe('Mo, 06.07.2026, 22:00 Uhr – Di, 07.07.2026, 08:00 Uhr');
    expect(formatPeriod('2026-07-06T20:00:00Z', null)).toBe('Mo, 06.07.2026, 22:00 Uhr');
    expect(formatPeriod(null, '2026-07-06T20:00:00Z')).toBe('');
  });

  it('parses German and plain decimals', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('1.234,5')).toBe(1234.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('viel')).toBeNull();
  });

  it('names the creator of an access, or a deleted account without any id', () => {
    expect(creatorLabel({ createdByName: 'Petra Abgang' })).toBe('Petra Abgang');
    expect(creatorLabel({ createdByName: null })).toBe('gelöschtes Konto');
  });
});
