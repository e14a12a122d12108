import { describe, expect, it } from 'vitest';
import {
  bookingModeLocks,
  decimalText,
  emptySpecialOpeningHour,
  emptyTimePeriod,
  integerText,
  isClosedAllDay,
  isGraduated,
  listForMode,
  removeAt,
  toggleItem,
  toggleLongRange,
  toggleWeekday,
  toSimplePrices,
  validateBookableForm,
} from './editorRules';
import { emptyFormValues, newPriceCategory, type PriceCategoryValues } from './formValues';

const category = (start = '', end = '', priceEur = '10'): PriceCategoryValues => ({ priceEur, priceValueAddedTax: '19', interval: { start, end }, fixedPrice: false });

describe('graduated prices', () => {
  it('is off for one category without interval bounds', () => {
    expect(isGraduated([category()])).toBe(false);
    expect(isGraduated([category(' ', '')])).toBe(false);
  });
  it('turns on with more than one category or any interval bound', () => {
    expect(isGraduated([category(), category()])).toBe(true);
    expect(isGraduated([category('0', '')])).toBe(true);
    expect(isGraduated([category('', '4')])).toBe(true);
  });
  it('back to simple keeps the first category without interval', () => {
    expect(toSimplePrices([category('0', '4', '12'), category('4', '', '9')])).toEqual([category('', '', '12')]);
  });
  it('a new category starts at the previous end with price and VAT 0', () => {
    expect(newPriceCategory(category('0', '4'))).toEqual({ priceEur: '0,00', priceValueAddedTax: '0', interval: { start: '4', end: '' }, fixedPrice: false });
  });
  it('removes a row by index', () => {
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

describe('booking-time modes', () => {
  it('calendar bookings and fixed times lock each other', () => {
    expect(bookingModeLocks({ isScheduleRelated: true, isTimePeriodRelated: false })).toEqual({ scheduleDisabled: false, timePeriodDisabled: true });
    expect(bookingModeLocks({ isScheduleRelated: false, isTimePeriodRelated: true })).toEqual({ scheduleDisabled: true, timePeriodDisabled: false });
    expect(bookingModeLocks({ isScheduleRelated: false, isTimePeriodRelated: false })).toEqual({ scheduleDisabled: false, timePeriodDisabled: false });
  });
  it('turning a list mode on with an empty list adds one empty entry', () => {
    expect(listForMode(true, [], emptyTimePeriod)).toEqual([{ weekdays: [], startTime: '', endTime: '' }]);
    expect(listForMode(true, [], emptySpecialOpeningHour)).toEqual([{ date: '', startTime: '', endTime: '' }]);
  });
  it('keeps an existing list, and keeps it when turned off', () => {
    const list = [{ weekdays: [1], startTime: '08:00', endTime: '12:00' }];
    expect(listForMode(true, list, emptyTimePeriod)).toBe(list);
    expect(listForMode(false, list, emptyTimePeriod)).toBe(list);
    expect(listForMode(false, [], emptyTimePeriod)).toEqual([]);
  });
  it('toggles weekdays in the stored encoding (0 Sunday)', () => {
    expect(toggleWeekday([1, 3], 0)).toEqual([0, 1, 3]);
    expect(toggleWeekday([0, 1, 3], 1)).toEqual([0, 3]);
  });
  it('a special date with equal or empty times is closed all day', () => {
    expect(isClosedAllDay({ date: '2026-12-24', startTime: '', endTime: '' })).toBe(true);
    expect(isClosedAllDay({ date: '2026-12-24', startTime: '10:00', endTime: '10:00' })).toBe(true);
    expect(isClosedAllDay({ date: '2026-12-24', startTime: '10:00', endTime: '14:00' })).toBe(false);
  });
});

describe('exclusive and list choices', () => {
  it('long range week and month exclude each other; unchecking the chosen one clears', () => {
    expect(toggleLongRange(null, 'week', true)).toEqual({ type: 'week' });
    expect(toggleLongRange({ type: 'week' }, 'month', true)).toEqual({ type: 'month' });
    expect(toggleLongRange({ type: 'month' }, 'month', false)).toBeNull();
    expect(toggleLongRange({ type: 'month' }, 'week', false)).toEqual({ type: 'month' });
  });
  it('toggles required fields without duplicates', () => {
    expect(toggleItem(['comment'], 'company', true)).toEqual(['comment', 'company']);
    expect(toggleItem(['comment'], 'comment', true)).toEqual(['comment']);
    expect(toggleItem(['comment', 'company'], 'comment', false)).toEqual(['company']);
  });
});

describe('numeric entry', () => {
  it('keeps digits and one decimal separator', () => {
    expect(decimalText('12,50')).toBe('12,50');
    expect(decimalText('1a2.3,4 €')).toBe('12.34');
    expect(decimalText('-5')).toBe('5');
  });
  it('keeps digits only for the amount', () => {
    expect(integerText('1.5 Stück')).toBe('15');
    expect(integerText('')).toBe('');
  });
});

describe('the editor checks the bookable schema before sending', () => {
  const values = () => ({ ...emptyFormValues('room'), title: 'Saal' });

  it('a new object with a title passes', () => {
    expect(validateBookableForm(values())).toEqual({});
    expect(validateBookableForm({ ...values(), type: 'event_location', priceType: 'per_square_meter' })).toEqual({});
  });

  it('names wrong fields at their inputs with the messages of the server', () => {
    const errors = validateBookableForm({
      ...values(),
      priceCategories: [category('5', '2', '-1')],
      isScheduleRelated: true,
      isTimePeriodRelated: true,
      attachments: [
        { id: 'a', title: '', caption: '', type: 'agreement', url: '', show: false, required: false },
        { id: 'b', title: 'Plan', caption: '', type: 'user_manual', url: 'ftp://x', show: false, required: false },
      ],
    });
    expect(errors).toEqual({
      priceCategories: [{ priceEur: 'Darf nicht negativ sein', interval: 'Der Beginn des Intervalls darf nicht nach seinem Ende liegen.' }],
      isTimePeriodRelated: 'Buchungen über Kalender und feste Buchungszeiten schließen sich aus.',
      attachments: [undefined, { url: 'Ungültige URL.' }],
    });
  });
});
