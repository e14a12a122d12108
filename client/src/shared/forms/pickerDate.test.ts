import { describe, expect, it } from 'vitest';
import { formatPickerDate, formatPickerDay, normalizeTime, parsePickerDate, parsePickerDay } from './pickerDate';

describe('the date picker text', () => {
  it('reads dates with and without a 24-hour time (without: midnight) and writes them back', () => {
    const withTime = parsePickerDate('24.12.2026 18:05');
    expect(withTime && formatPickerDate(withTime)).toBe('24.12.2026 18:05');
    const dateOnly = parsePickerDate('1.2.2027');
    expect(dateOnly && formatPickerDate(dateOnly)).toBe('01.02.2027 00:00');
    expect(parsePickerDate('31.02.2027')).toBe(false);
    expect(parsePickerDate('24.12.2026 24:00')).toBe(false);
    expect(parsePickerDate('morgen')).toBe(false);
  });

  it('reads and writes a date without time', () => {
    const day = parsePickerDay('1.2.2027');
    expect(day && formatPickerDay(day)).toBe('01.02.2027');
    expect(parsePickerDay('29.02.2027')).toBe(false);
    expect(parsePickerDay('2027-02-01')).toBe(false);
    expect(parsePickerDay('01.02.2027 10:00')).toBe(false);
  });

  it('reads typed times as 24-hour HH:mm', () => {
    expect(normalizeTime('8')).toBe('08:00');
    expect(normalizeTime('830')).toBe('08:30');
    expect(normalizeTime('8.30')).toBe('08:30');
    expect(normalizeTime(' 17:05 ')).toBe('17:05');
    expect(normalizeTime('24')).toBe('24:00');
    expect(normalizeTime('25:00')).toBe('25:00');
    expect(normalizeTime('abc')).toBe('abc');
    expect(normalizeTime('')).toBe('');
  });
});
