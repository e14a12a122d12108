import { describe, expect, it } from 'vitest';
import { formatBerlinDate, formatBerlinDateTime, formatEuro, formatGermanDate } from './german.js';

describe('formatEuro', () => {
  it('writes German digits with a plain space before the sign', () => {
    expect(formatEuro(12.5)).toBe('12,50 €');
    expect(formatEuro(1234.5)).toBe('1.234,50 €');
    expect(formatEuro(0)).toBe('0,00 €');
    expect(formatEuro(-3)).toBe('-3,00 €');
    expect(formatEuro(0.005)).toBe('0,01 €');
    expect(formatEuro(1234.5)).not.toContain('\u00a0');
  });
});

describe('formatBerlinDate and formatBerlinDateTime', () => {
  it('read winter and summer time in Berlin', () => {
    expect(formatBerlinDateTime(Date.UTC(2026, 2, 28, 9, 0))).toBe('28.03.2026, 10:00');
    expect(formatBerlinDateTime(Date.UTC(2026, 2, 30, 8, 0))).toBe('30.03.2026, 10:00');
    expect(formatBerlinDateTime(new Date(Date.UTC(2026, 6, 1, 22, 30)))).toBe('02.07.2026, 00:30');
  });

  it('the repeated autumn hour shows the same wall-clock time twice', () => {
    expect(formatBerlinDateTime(Date.UTC(2026, 9, 25, 0, 30))).toBe('25.10.2026, 02:30');
    expect(formatBerlinDateTime(Date.UTC(2026, 9, 25, 1, 30))).toBe('25.10.2026, 02:30');
  });

  it('the date is the Berlin day, padded', () => {
    expect(formatBerlinDate(new Date(Date.UTC(2026, 0, 4, 23, 30)))).toBe('05.01.2026');
    expect(formatBerlinDate(Date.UTC(2026, 10, 24, 12, 0))).toBe('24.11.2026');
  });
});

describe('formatGermanDate', () => {
  it('writes a calendar date the German way', () => {
    expect(formatGermanDate('2026-07-04')).toBe('04.07.2026');
  });

  it('is empty without a valid date', () => {
    expect(formatGermanDate(null)).toBe('');
    expect(formatGermanDate(undefined)).toBe('');
    expect(formatGermanDate('')).toBe('');
    expect(formatGermanDate('2026-02-30')).toBe('');
    expect(formatGermanDate('4.7.2026')).toBe('');
  });
});
