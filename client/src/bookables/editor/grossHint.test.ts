import { describe, expect, it } from 'vitest';
import { categoryVatText, grossHint } from './grossHint';

// Intl separates the amount from the euro sign with a no-break space.
const spaced = (text: string | null) => text?.replace(/\u00a0/g, ' ') ?? null;

describe('gross hint of a net price', () => {
  it('shows the net price plus the VAT rate in German euros', () => {
    expect(spaced(grossHint('20,00', '19'))).toBe('Brutto: 23,80 € (inkl. 19 % MwSt.)');
    expect(spaced(grossHint('3.33', '7'))).toBe('Brutto: 3,56 € (inkl. 7 % MwSt.)');
    expect(spaced(grossHint('1000', '19'))).toBe('Brutto: 1.190,00 € (inkl. 19 % MwSt.)');
  });

  it('follows the text while it is typed, a trailing comma included', () => {
    expect(spaced(grossHint('12,', '10'))).toBe('Brutto: 13,20 € (inkl. 10 % MwSt.)');
    expect(spaced(grossHint('12,5', '10'))).toBe('Brutto: 13,75 € (inkl. 10 % MwSt.)');
  });

  it('takes decimal VAT rates and counts an empty rate as 0 %', () => {
    expect(spaced(grossHint('100', '5,5'))).toBe('Brutto: 105,50 € (inkl. 5,5 % MwSt.)');
    expect(spaced(grossHint('100', ''))).toBe('Brutto: 100,00 € (inkl. 0 % MwSt.)');
  });

  it('shows nothing while the price or the rate is no valid number', () => {
    expect(grossHint('', '19')).toBeNull();
    expect(grossHint('abc', '19')).toBeNull();
    expect(grossHint('-5', '19')).toBeNull();
    expect(grossHint('10', '150')).toBeNull();
  });

  it('charges a category with an empty rate the general rate', () => {
    expect(categoryVatText('', '19')).toBe('19');
    expect(categoryVatText(' ', '19')).toBe('19');
    expect(categoryVatText('7', '19')).toBe('7');
  });
});
