import { describe, expect, it } from 'vitest';
import type { PriceCategory, PriceType } from '../bookable.model.js';
import { choosePriceCategory, hasPrice, isGraduated, itemPrice, priceUnitSuffix, toCents, unitNetPrice } from './pricing.js';

function category(priceEur: number, start: number | null = null, end: number | null = null, extra: Partial<PriceCategory> = {}): PriceCategory {
  return { priceEur, priceValueAddedTax: 0, interval: { start, end }, fixedPrice: false, ...extra };
}

const bookable = (priceType: PriceType, priceCategories: PriceCategory[]) => ({ priceType, priceCategories });

describe('choosePriceCategory', () => {
  const graduated = [category(10, 0, 2), category(8, 2, 5), category(5, 5, null)];

  it('chooses by hours for per-hour prices (bounds inclusive, first match wins)', () => {
    const b = bookable('per-hour', graduated);
    expect(choosePriceCategory(b, { minutes: 60, amount: 1 })).toBe(graduated[0]);
    expect(choosePriceCategory(b, { minutes: 120, amount: 1 })).toBe(graduated[0]); // 2 is in [0,2] first
    expect(choosePriceCategory(b, { minutes: 150, amount: 1 })).toBe(graduated[1]);
    expect(choosePriceCategory(b, { minutes: 300, amount: 1 })).toBe(graduated[1]);
    expect(choosePriceCategory(b, { minutes: 301, amount: 1 })).toBe(graduated[2]);
    expect(choosePriceCategory(b, { minutes: 100_000, amount: 1 })).toBe(graduated[2]);
  });

  it('chooses by days for per-day prices', () => {
    const b = bookable('per-day', [category(100, null, 1), category(80, 1.5, 6), category(60, 7, null)]);
    expect(choosePriceCategory(b, { minutes: 1440, amount: 9 })?.priceEur).toBe(100);
    expect(choosePriceCategory(b, { minutes: 3 * 1440, amount: 1 })?.priceEur).toBe(80);
    expect(choosePriceCategory(b, { minutes: 7 * 1440, amount: 1 })?.priceEur).toBe(60);
  });

  it('chooses by amount for per-item and per-square-meter prices', () => {
    const categories = [category(3, 1, 9), category(2, 10, 49), category(1, 50, null)];
    for (const type of ['per-item', 'per-square-meter'] as const) {
      const b = bookable(type, categories);
      expect(choosePriceCategory(b, { minutes: 10_000, amount: 1 })?.priceEur).toBe(3);
      expect(choosePriceCategory(b, { minutes: 0, amount: 10 })?.priceEur).toBe(2);
      expect(choosePriceCategory(b, { minutes: 0, amount: 49 })?.priceEur).toBe(2);
      expect(choosePriceCategory(b, { minutes: 0, amount: 50 })?.priceEur).toBe(1);
    }
  });

  it('treats null bounds as open', () => {
    const b = bookable('per-item', [category(5, null, 3), category(4, null, null)]);
    expect(choosePriceCategory(b, { minutes: 0, amount: -5 })?.priceEur).toBe(5);
    expect(choosePriceCategory(b, { minutes: 0, amount: 4 })?.priceEur).toBe(4);
  });

  it('always uses a single category, whatever its interval', () => {
    const only = category(7, 10, 20);
    expect(choosePriceCategory(bookable('per-item', [only]), { minutes: 0, amount: 1 })).toBe(only);
  });

  it('answers null when no interval matches or there are no categories', () => {
    const b = bookable('per-hour', [category(10, 0, 1), category(8, 3, 5)]);
    expect(choosePriceCategory(b, { minutes: 120, amount: 1 })).toBeNull();
    expect(choosePriceCategory(bookable('per-item', []), { minutes: 0, amount: 1 })).toBeNull();
  });
});

describe('unitNetPrice', () => {
  it('multiplies by hours, days or 1', () => {
    expect(unitNetPrice({ priceType: 'per-hour' }, category(12.5), 90)).toBe(18.75);
    expect(unitNetPrice({ priceType: 'per-day' }, category(100), 2160)).toBe(150);
    expect(unitNetPrice({ priceType: 'per-item' }, category(4.2), 600)).toBe(4.2);
    expect(unitNetPrice({ priceType: 'per-square-meter' }, category(4.2), 600)).toBe(4.2);
  });

  it('rounds to cents', () => {
    expect(unitNetPrice({ priceType: 'per-hour' }, category(10), 20)).toBe(3.33);
    expect(unitNetPrice({ priceType: 'per-hour' }, category(10), 40)).toBe(6.67);
    expect(toCents(1.005)).toBe(101);
  });

  it('charges a fixed price as is, whatever the duration', () => {
    expect(unitNetPrice({ priceType: 'per-hour' }, category(50, null, null, { fixedPrice: true }), 600)).toBe(50);
  });
});

describe('itemPrice', () => {
  it('adds the category VAT to the unit price', () => {
    const b = bookable('per-hour', [category(10, null, null, { priceValueAddedTax: 19 })]);
    expect(itemPrice(b, { minutes: 120, amount: 1 })).toMatchObject({ unitNetEur: 20, unitGrossEur: 23.8, netEur: 20, grossEur: 23.8 });
  });

  it('multiplies by the booked amount (rounding the unit first)', () => {
    const b = bookable('per-item', [category(3.33, null, null, { priceValueAddedTax: 7 })]);
    // 3.33 * 1.07 = 3.5631 -> 3.56 per unit, times 3.
    expect(itemPrice(b, { minutes: 0, amount: 3 })).toMatchObject({ unitNetEur: 3.33, unitGrossEur: 3.56, netEur: 9.99, grossEur: 10.68 });
  });

  it('multiplies per-hour prices by the amount too', () => {
    const b = bookable('per-hour', [category(10)]);
    expect(itemPrice(b, { minutes: 90, amount: 2 })).toMatchObject({ unitNetEur: 15, netEur: 30, grossEur: 30 });
  });

  it('charges a fixed price once, whatever the amount', () => {
    const b = bookable('per-item', [category(80, null, null, { fixedPrice: true, priceValueAddedTax: 19 })]);
    expect(itemPrice(b, { minutes: 240, amount: 5 })).toMatchObject({ unitNetEur: 80, unitGrossEur: 95.2, netEur: 80, grossEur: 95.2 });
  });

  it('uses the graduated category for the amount', () => {
    const b = bookable('per-item', [category(3, 1, 9), category(2, 10, null)]);
    const price = itemPrice(b, { minutes: 0, amount: 10 });
    expect(price.category?.priceEur).toBe(2);
    expect(price.netEur).toBe(20);
  });

  it('answers zero with a null category when nothing matches', () => {
    const b = bookable('per-item', [category(3, 1, 9), category(2, 10, 20)]);
    expect(itemPrice(b, { minutes: 0, amount: 30 })).toEqual({ category: null, unitNetEur: 0, unitGrossEur: 0, netEur: 0, grossEur: 0 });
  });
});

describe('display helpers', () => {
  it('has a price only when some category costs something', () => {
    expect(hasPrice({ priceCategories: [] })).toBe(false);
    expect(hasPrice({ priceCategories: [category(0)] })).toBe(false);
    expect(hasPrice({ priceCategories: [category(0), category(0.5)] })).toBe(true);
  });

  it('names the price unit', () => {
    expect(priceUnitSuffix('per-item')).toBe('Stück');
    expect(priceUnitSuffix('per-hour')).toBe('Std.');
    expect(priceUnitSuffix('per-day')).toBe('Tage');
    expect(priceUnitSuffix('per-square-meter')).toBe('m²');
  });

  it('detects graduated prices', () => {
    expect(isGraduated([])).toBe(false);
    expect(isGraduated([category(5)])).toBe(false);
    expect(isGraduated([category(5, 0, null)])).toBe(true);
    expect(isGraduated([category(5, null, 3)])).toBe(true);
    expect(isGraduated([category(5), category(4)])).toBe(true);
  });
});
