import { describe, expect, it } from 'vitest';
import { couponDiscountText, grossPrice, priceLines } from './priceText';

// Intl puts a no-break space between amount and €.
const plain = (lines: string[]) => lines.map((line) => line.replace(/\u00a0/g, ' '));
const category = (priceEur: number, vat = 19, start: number | null = null, end: number | null = null, fixedPrice = false) => ({ priceEur, priceValueAddedTax: vat, fixedPrice, interval: { start, end } });

describe('prices on the booking page', () => {
  it('adds the VAT in whole cents', () => {
    expect(grossPrice(12.5, 19)).toBe(14.88);
    expect(grossPrice(10, 0)).toBe(10);
    expect(grossPrice(0.1, 7)).toBe(0.11);
  });

  it('shows one price gross with its unit, whatever its interval', () => {
    expect(plain(priceLines({ priceType: 'per_hour', priceCategories: [category(12.5)] }))).toEqual(['14,88 € pro Stunde']);
    expect(plain(priceLines({ priceType: 'per_item', priceCategories: [category(5, 0, 1, 3)] }))).toEqual(['5,00 € pro Stück']);
  });

  it('names the interval of each graduated price', () => {
    const lines = priceLines({ priceType: 'per_hour', priceCategories: [category(20, 0, 1, 4), category(15, 0, 4.5, null), category(30, 0, null, 0.5)] });
    expect(plain(lines)).toEqual(['1 bis 4 Stunden: 20,00 € pro Stunde', 'ab 4,5 Stunden: 15,00 € pro Stunde', 'bis 0,5 Stunden: 30,00 € pro Stunde']);
    expect(plain(priceLines({ priceType: 'per_day', priceCategories: [category(100, 0, 1, 1), category(80, 0, 2, null)] }))).toEqual(['1 bis 1 Tag: 100,00 € pro Tag', 'ab 2 Tage: 80,00 € pro Tag']);
  });

  it('shows a flat price as "Pauschalpreis" and nothing to pay as "Kostenfrei"', () => {
    expect(plain(priceLines({ priceType: 'per_day', priceCategories: [category(350, 19, null, null, true)] }))).toEqual(['Pauschalpreis 416,50 €']);
    expect(priceLines({ priceType: 'per_item', priceCategories: [] })).toEqual(['Kostenfrei']);
    expect(priceLines({ priceType: 'per_item', priceCategories: [category(0)] })).toEqual(['Kostenfrei']);
  });

  it('describes the coupon discount', () => {
    expect(couponDiscountText({ type: 'percentage', discount: 10 })).toBe('−10 %');
    expect(couponDiscountText({ type: 'fixed', discount: 5 }).replace(/\u00a0/g, ' ')).toBe('−5,00 € je Einheit');
  });
});
