import { describe, expect, it } from 'vitest';
import { formatPickerDate, parsePickerDate } from './pickerDate';

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
});
