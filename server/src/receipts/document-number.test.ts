import { describe, expect, it } from 'vitest';
import { baseNumber, berlinYear, DOCUMENT_FILE_NAME, documentFileName, documentNumber } from './document-number.js';

describe('document numbers', () => {
  it('formats "{prefix}-{year}-{NNNN}-{revision}" with four digits at least', () => {
    expect(documentNumber('RB', 2026, 7, 1)).toBe('RB-2026-0007-1');
    expect(documentNumber('RB', 2026, 41, 3)).toBe('RB-2026-0041-3');
    expect(documentNumber('RB', 2026, 12345, 1)).toBe('RB-2026-12345-1');
    expect(baseNumber(2027, 1)).toBe('2027-0001');
  });

  it('leaves no stray hyphen without a prefix', () => {
    expect(documentNumber('', 2026, 1, 1)).toBe('2026-0001-1');
    expect(documentNumber('  ', 2026, 1, 1)).toBe('2026-0001-1');
    expect(documentNumber('  ', 2026, 1, 2)).toBe('2026-0001-2');
  });

  it('refuses sequences and revisions below 1', () => {
    expect(() => documentNumber('RB', 2026, 0, 1)).toThrow(RangeError);
    expect(() => documentNumber('RB', 2026, 1, 0)).toThrow(RangeError);
  });

  it('counts the year in Berlin: New Year in Berlin is still the old year in UTC', () => {
    // 31 Dec 2026 23:30 UTC is 1 Jan 2027 00:30 in Berlin (CET, UTC+1).
    expect(berlinYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(berlinYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(berlinYear(new Date('2027-01-01T00:00:00+01:00'))).toBe(2027);
  });

  it('makes one safe file name segment of any prefix', () => {
    expect(documentFileName('receipt', 'RB-2026-0001-1')).toBe('Zahlungsbeleg-RB-2026-0001-1.pdf');
    expect(documentFileName('invoice', 'RE-2026-0001-1')).toBe('Rechnung-RE-2026-0001-1.pdf');
    const hostile = documentFileName('receipt', '../../etc/passwd-2026-0001-1');
    expect(hostile).not.toContain('/');
    expect(hostile).toMatch(DOCUMENT_FILE_NAME);
    expect(documentFileName('receipt', 'Gebühr Ä/Ö-2026-0001-1')).toBe('Zahlungsbeleg-Geb_hr____-2026-0001-1.pdf');
    expect('Zahlungsbeleg-x/../y.pdf').not.toMatch(DOCUMENT_FILE_NAME);
    const long = documentFileName('invoice', `${'P'.repeat(300)}-2026-0001-1`);
    expect(long).toMatch(DOCUMENT_FILE_NAME);
    expect(long.length).toBeLessThan(255);
    expect(long.endsWith('-2026-0001-1.pdf')).toBe(true);
  });
});
