import { describe, expect, it } from 'vitest';
import type { BookableData, PriceCategory } from './bookable.model.js';
import { singlePriceOf } from './bookable.single-price.js';
import { bookableMessages, validateBookable } from './bookable.validation.js';

/** The original product's single price (`priceEur` per `priceCategory`) on writes and reads. */
const create = (input: Record<string, unknown>) => saving(input, null);

/** validateBookable with the saved data read as such: reading it is a failure when the input was refused. */
function saving(input: Record<string, unknown>, current: BookableData | null): { data: BookableData; fieldErrors: Record<string, string> } {
  const { data, fieldErrors } = validateBookable(current ? input : { type: 'room', title: 'Saal', ...input }, current);
  return {
    fieldErrors,
    get data(): BookableData {
      if (!data) throw new Error(`refused: ${JSON.stringify(fieldErrors)}`);
      return data;
    },
  };
}
const open = (priceEur: number, priceValueAddedTax = 19): PriceCategory => ({ priceEur, priceValueAddedTax, interval: { start: null, end: null }, fixedPrice: false });

/** A stored room at 25 € per hour, 19 % VAT, as a read shows it (list shape and single price). */
function storedRoom(): { current: BookableData; read: Record<string, unknown> } {
  const { data } = create({ priceType: 'per-hour', priceValueAddedTax: 19, priceCategories: [open(25)] });
  return { current: data, read: { ...data, ...singlePriceOf(data) } };
}

describe('writing the single price', () => {
  it('becomes the price type and the one open category with the bookable VAT', () => {
    const { data, fieldErrors } = create({ priceEur: 25, priceCategory: 'per-hour', priceValueAddedTax: 19 });
    expect(fieldErrors).toEqual({});
    expect(data.priceType).toBe('per-hour');
    expect(data.priceCategories).toEqual([open(25)]);
  });

  it('takes text with a comma, like the list does', () => {
    expect(create({ priceEur: '12,50', priceCategory: 'per-day' }).data.priceCategories).toEqual([open(12.5, 0)]);
  });

  it('names the field of a bad price or unit', () => {
    expect(create({ priceEur: '-3', priceCategory: 'per-hour' }).fieldErrors).toEqual({ priceEur: bookableMessages.negative });
    expect(create({ priceEur: 'teuer' }).fieldErrors).toEqual({ priceEur: bookableMessages.number });
    expect(create({ priceEur: 5, priceCategory: 'per-square-meter' }).fieldErrors).toEqual({ priceCategory: bookableMessages.singlePriceCategory });
  });

  it('empty single-price fields are no price: the list decides', () => {
    const { data, fieldErrors } = create({ priceEur: '', priceCategory: null, priceCategories: [open(8, 0)] });
    expect(fieldErrors).toEqual({});
    expect(data.priceCategories).toEqual([open(8, 0)]);
  });
});

describe('both shapes in one write', () => {
  it('on create: accepted when they say the same, refused naming every field when they differ', () => {
    const same = create({ priceEur: 25, priceCategory: 'per-hour', priceType: 'per-hour', priceCategories: [open(25, 0)] });
    expect(same.fieldErrors).toEqual({});
    expect(same.data.priceCategories).toEqual([open(25, 0)]);
    const different = create({ priceEur: 25, priceCategory: 'per-hour', priceType: 'per-day', priceCategories: [open(30, 0)] });
    expect(different.fieldErrors).toEqual({
      priceEur: bookableMessages.priceShapes,
      priceCategory: bookableMessages.priceShapes,
      priceType: bookableMessages.priceShapes,
      priceCategories: bookableMessages.priceShapes,
    });
  });

  it('a client of the original changes the single price of what it read: the single price wins', () => {
    const { current, read } = storedRoom();
    const { data, fieldErrors } = saving({ ...read, priceEur: 30, priceCategory: 'per-day' }, current);
    expect(fieldErrors).toEqual({});
    expect(data.priceType).toBe('per-day');
    expect(data.priceCategories).toEqual([open(30)]);
  });

  it('a client of the original changes only the VAT of what it read: the one category follows it', () => {
    const { current, read } = storedRoom();
    const { data, fieldErrors } = saving({ ...read, priceValueAddedTax: 7 }, current);
    expect(fieldErrors).toEqual({});
    expect(data.priceCategories).toEqual([open(25, 7)]);
    expect(singlePriceOf(data)).toEqual({ priceEur: 25, priceCategory: 'per-hour' });
  });

  it('a client of the list shape changes the list of what it read, echoing the single price: the list wins', () => {
    const { current, read } = storedRoom();
    const graduated = [
      { ...open(30), interval: { start: null, end: 4 } },
      { ...open(20), interval: { start: 4, end: null } },
    ];
    const { data, fieldErrors } = saving({ ...read, priceType: 'per-day', priceCategories: graduated }, current);
    expect(fieldErrors).toEqual({});
    expect(data.priceType).toBe('per-day');
    expect(data.priceCategories).toEqual(graduated);
  });

  it('both shapes changed to different prices: refused naming both', () => {
    const { current, read } = storedRoom();
    const { fieldErrors } = saving({ ...read, priceEur: 30, priceCategories: [open(40)] }, current);
    expect(fieldErrors).toEqual({ priceEur: bookableMessages.priceShapes, priceCategory: bookableMessages.priceShapes, priceCategories: bookableMessages.priceShapes });
  });

  it('one price cannot replace several categories', () => {
    const { data: current } = create({ priceType: 'per-hour', priceCategories: [{ ...open(30, 0), interval: { start: null, end: 4 } }, { ...open(20, 0), interval: { start: 4, end: null } }] });
    const { fieldErrors } = saving({ priceEur: 25 }, current);
    expect(fieldErrors).toEqual({ priceEur: bookableMessages.singlePriceGraduated });
    // Its unit alone is the price type, which a graduation has too.
    expect(saving({ priceCategory: 'per-day' }, current).data.priceType).toBe('per-day');
  });
});

describe('reading the single price', () => {
  const shape = (priceType: BookableData['priceType'], priceCategories: PriceCategory[]) => ({ priceType, priceValueAddedTax: 19, priceCategories });

  it('shows one per-unit category with the bookable VAT', () => {
    expect(singlePriceOf(shape('per-hour', [open(25)]))).toEqual({ priceEur: 25, priceCategory: 'per-hour' });
    expect(singlePriceOf(shape('per-item', [{ ...open(3), interval: { start: 1, end: 10 } }]))).toEqual({ priceEur: 3, priceCategory: 'per-item' });
  });

  it('shows nothing where the single price would say something else', () => {
    expect(singlePriceOf(shape('per-hour', []))).toBeNull();
    expect(singlePriceOf(shape('per-hour', [open(25), open(20)]))).toBeNull();
    expect(singlePriceOf(shape('per-hour', [{ ...open(25), fixedPrice: true }]))).toBeNull();
    expect(singlePriceOf(shape('per-hour', [open(25, 7)]))).toBeNull();
    expect(singlePriceOf(shape('per-square-meter', [open(25)]))).toBeNull();
  });
});
