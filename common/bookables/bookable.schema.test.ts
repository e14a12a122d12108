import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { defaultBookableData } from './bookable.defaults.js';
import { bookableMessages, bookableSchema, singlePriceSchema, toAmount } from './bookable.schema.js';

/** A new room named Saal with `input` laid over it: the parsed value, or the messages by field. */
function create(input: Record<string, unknown>) {
  const result = parseFields(bookableSchema(null), { ...defaultBookableData('room'), title: 'Saal', ...input });
  return result.ok ? { data: result.value, fieldErrors: {} } : { data: null, fieldErrors: result.fieldErrors };
}
const valid = (input: Record<string, unknown>) => {
  const { data, fieldErrors } = create(input);
  expect(fieldErrors).toEqual({});
  if (!data) throw new Error('expected valid input');
  return data;
};

describe('bookable schema: numbers typed as text', () => {
  it('amount becomes an integer; empty or not a number becomes null', () => {
    expect(toAmount('3.7')).toBe(3);
    expect(toAmount('3,7')).toBe(3);
    expect(toAmount('')).toBeNull();
    expect(toAmount('viele')).toBeNull();
    expect(valid({ amount: '12' }).amount).toBe(12);
  });

  it('price and VAT of a category as text with a comma become numbers', () => {
    expect(valid({ priceCategories: [{ priceEur: '12,50', priceValueAddedTax: '19', interval: { start: '', end: '' } }] }).priceCategories).toEqual([
      { priceEur: 12.5, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false },
    ]);
  });

  it('a category without VAT takes the bookable VAT; negative prices and VAT above 100 are refused', () => {
    expect(valid({ priceValueAddedTax: '7', priceCategories: [{ priceEur: 5 }] }).priceCategories[0].priceValueAddedTax).toBe(7);
    expect(create({ priceCategories: [{ priceEur: '-1' }] }).fieldErrors).toEqual({ 'priceCategories.0.priceEur': bookableMessages.negative });
    expect(create({ priceValueAddedTax: '101', priceCategories: [{ priceEur: 'teuer' }] }).fieldErrors).toEqual({
      priceValueAddedTax: bookableMessages.percent,
      'priceCategories.0.priceEur': bookableMessages.number,
    });
  });

  it('values beyond what the columns hold are refused, not stored', () => {
    expect(create({ amount: 1e20, minBookingDuration: '10000000', priceCategories: [{ priceEur: 1e308 }], lockerDetails: { units: [{ lockerSystem: 'p', id: '1', amount: 1e12 }] } }).fieldErrors).toEqual({
      amount: bookableMessages.tooLarge,
      minBookingDuration: bookableMessages.tooLarge,
      'priceCategories.0.priceEur': bookableMessages.tooLarge,
      'lockerDetails.units.0.amount': bookableMessages.tooLarge,
    });
    expect(create({ amount: '2147483647', maxBookingDuration: '999999,99' }).fieldErrors).toEqual({});
  });

  it('duration bounds: a non-number becomes null, min above max is refused', () => {
    expect(valid({ minBookingDuration: 'zwei', maxBookingDuration: '4,5' })).toMatchObject({ minBookingDuration: null, maxBookingDuration: 4.5 });
    expect(create({ minBookingDuration: '5', maxBookingDuration: '2' }).fieldErrors).toEqual({ maxBookingDuration: bookableMessages.durationOrder });
  });
});

describe('bookable schema: graduated prices', () => {
  it('accepts touching inclusive intervals and open ends', () => {
    const data = valid({
      priceType: 'per-hour',
      priceCategories: [
        { priceEur: '20', interval: { start: 0, end: 4 } },
        { priceEur: '15', interval: { start: '4', end: '' } },
      ],
    });
    expect(data.priceCategories.map((category) => category.interval)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: null },
    ]);
  });

  it('refuses an interval whose start lies after its end, or a bound beyond the limits, at the interval', () => {
    expect(create({ priceCategories: [{ priceEur: 1, interval: { start: 5, end: 2 } }] }).fieldErrors).toEqual({ 'priceCategories.0.interval': bookableMessages.interval });
    expect(create({ priceCategories: [{ priceEur: 1, interval: { start: -1, end: 2 } }] }).fieldErrors).toEqual({ 'priceCategories.0.interval': bookableMessages.negative });
  });

  it('an unknown price type is an invalid value', () => {
    expect(create({ priceType: 'per-year' }).fieldErrors).toEqual({ priceType: bookableMessages.invalidValue });
  });
});

describe('bookable schema: booking-time modes', () => {
  it('calendar bookings and fixed booking times exclude each other', () => {
    expect(create({ isScheduleRelated: true, isTimePeriodRelated: true }).fieldErrors).toEqual({ isTimePeriodRelated: bookableMessages.exclusiveModes });
    expect(create({ isScheduleRelated: true }).fieldErrors).toEqual({});
    expect(create({ isTimePeriodRelated: true, timePeriods: [{ weekdays: [1], startTime: '08:00', endTime: '10:00' }] }).fieldErrors).toEqual({});
  });

  it('the rules across fields are named together with wrong fields', () => {
    expect(create({ isScheduleRelated: true, isTimePeriodRelated: true, amount: 1e20 }).fieldErrors).toEqual({ amount: bookableMessages.tooLarge, isTimePeriodRelated: bookableMessages.exclusiveModes });
  });

  it('drops the empty entry added when a list is switched on, and names the others by their kept position', () => {
    const openingHours = [{ weekdays: [], startTime: '', endTime: '' }, { weekdays: [5, 1, 1], startTime: '08:00', endTime: '18:00' }];
    expect(valid({ isOpeningHoursRelated: true, openingHours }).openingHours).toEqual([{ weekdays: [1, 5], startTime: '08:00', endTime: '18:00' }]);
    expect(create({ openingHours: [...openingHours, { weekdays: [], startTime: '09:00', endTime: '08:00' }] }).fieldErrors).toEqual({
      'openingHours.1.weekdays': bookableMessages.weekdays,
      'openingHours.1.endTime': bookableMessages.timeOrder,
    });
    expect(create({ timePeriods: [{ weekdays: [1], startTime: '8 Uhr', endTime: '' }] }).fieldErrors).toEqual({ 'timePeriods.0.startTime': bookableMessages.time, 'timePeriods.0.endTime': bookableMessages.time });
  });

  it('special opening hours without a date are dropped; equal or empty times mean closed all day', () => {
    const entries = [
      { date: '', startTime: '08:00', endTime: '12:00' },
      { date: '2026-12-24', startTime: '', endTime: '' },
      { date: '2026-12-31', startTime: '10:00', endTime: '10:00' },
    ];
    expect(valid({ isSpecialOpeningHoursRelated: true, specialOpeningHours: entries }).specialOpeningHours.map((entry) => entry.date)).toEqual(['2026-12-24', '2026-12-31']);
    expect(create({ specialOpeningHours: [...entries, { date: '2026-02-30', startTime: '10:00', endTime: '12:00' }] }).fieldErrors).toEqual({ 'specialOpeningHours.2.date': bookableMessages.date });
    expect(create({ specialOpeningHours: [{ date: '2026-12-24', startTime: '12:00', endTime: '10:00' }] }).fieldErrors).toEqual({ 'specialOpeningHours.0.endTime': bookableMessages.timeOrder });
  });

  it('long range: turning it off clears the options; on it needs week or month', () => {
    expect(valid({ isLongRange: false, longRangeOptions: { type: 'week' } }).longRangeOptions).toBeNull();
    expect(valid({ isLongRange: true, longRangeOptions: { type: 'month' } }).longRangeOptions).toEqual({ type: 'month' });
    expect(create({ isLongRange: true }).fieldErrors).toEqual({ longRangeOptions: bookableMessages.longRange });
    expect(create({ isLongRange: true, longRangeOptions: { type: 'jahr' } }).fieldErrors).toEqual({ longRangeOptions: bookableMessages.longRange });
  });
});

describe('bookable schema: lockers, attachments, links and identity', () => {
  it('locker units need an amount and whole non-negative numbers', () => {
    expect(create({ amount: '', lockerDetails: { active: true, units: [] } }).fieldErrors).toEqual({ 'lockerDetails.active': bookableMessages.lockerAmount });
    expect(valid({ amount: '4', lockerDetails: { active: true, units: [{ lockerSystem: 'pareva', id: 'P-1', amount: '2,5' }] } }).lockerDetails).toEqual({
      active: true,
      units: [{ lockerSystem: 'pareva', id: 'P-1', amount: 2 }],
    });
    expect(create({ amount: '4', lockerDetails: { active: true, units: [{ lockerSystem: '', id: 'P-1' }] } }).fieldErrors).toEqual({ 'lockerDetails.units.0': bookableMessages.lockerUnit });
    expect(valid({ lockerDetails: [] }).lockerDetails).toEqual({ active: false, units: [] });
  });

  it('a required attachment is always shown; its id stays empty for the server to fill in', () => {
    expect(valid({ attachments: [{ title: 'AGB', type: 'agreement', url: 'https://example.org/agb.pdf', required: true, show: false }] }).attachments).toEqual([
      { id: '', title: 'AGB', caption: '', type: 'agreement', url: 'https://example.org/agb.pdf', required: true, show: true },
    ]);
  });

  it('an attachment needs a known type, a title and a link', () => {
    expect(create({ attachments: [{ title: 'AGB', type: 'agreement', url: 'https://example.org/agb.pdf' }, { type: 'nope', url: 'ftp://x' }] }).fieldErrors).toEqual({
      'attachments.1.type': bookableMessages.invalidValue,
      'attachments.1.title': bookableMessages.attachmentTitle,
      'attachments.1.url': bookableMessages.url,
    });
  });

  it('leaves out wholly empty attachment rows and names the others by their position in the sent list', () => {
    const blank = { id: '', title: '', caption: '', type: '', url: '', show: false, required: false };
    expect(valid({ attachments: [blank] }).attachments).toEqual([]);
    // Forms may fill in an id and a type up front: the row still says nothing.
    expect(valid({ attachments: [{ ...blank, id: 'a1', type: 'agreement' }, {}] }).attachments).toEqual([]);
    expect(create({ attachments: [blank, { ...blank, title: 'Hausordnung' }, { ...blank, url: 'https://example.org/plan.pdf', type: 'user-manual', title: 'Plan' }] }).fieldErrors).toEqual({
      'attachments.1.type': bookableMessages.invalidValue,
      'attachments.1.url': bookableMessages.attachmentUrl,
    });
    expect(valid({ attachments: [blank, { ...blank, url: '/api/files/plan.pdf', type: 'user-manual', title: 'Plan' }] }).attachments.map((row) => row.title)).toEqual(['Plan']);
  });

  it('a row marked required or shown is not empty: it needs its title and file', () => {
    const blank = { title: '', caption: '', type: 'agreement', url: '' };
    expect(create({ attachments: [{ ...blank, required: true }] }).fieldErrors).toEqual({ 'attachments.0.title': bookableMessages.attachmentTitle, 'attachments.0.url': bookableMessages.attachmentUrl });
    expect(Object.keys(create({ attachments: [{ ...blank, show: true }] }).fieldErrors)).toEqual(['attachments.0.title', 'attachments.0.url']);
  });

  it('the image link must be a link', () => {
    expect(create({ imgUrl: 'javascript:alert(1)' }).fieldErrors).toEqual({ imgUrl: bookableMessages.url });
    expect(valid({ imgUrl: ' /api/files/a.png ' }).imgUrl).toBe('/api/files/a.png');
  });

  it('needs a type and a title on create; the stored type never changes', () => {
    expect(create({ title: '' }).fieldErrors).toEqual({ title: bookableMessages.required });
    expect(create({ type: 'garage' }).fieldErrors).toEqual({ type: bookableMessages.required });
    expect(create({ type: undefined }).fieldErrors).toEqual({ type: bookableMessages.required });
    const stored = { ...defaultBookableData('room'), title: 'Saal' };
    expect(parseFields(bookableSchema('room'), { ...stored, type: 'ticket' })).toEqual({ ok: false, fieldErrors: { type: bookableMessages.typeChange } });
    expect(parseFields(bookableSchema('room'), { ...stored, type: 'garage' })).toEqual({ ok: false, fieldErrors: { type: bookableMessages.invalidValue } });
    expect(parseFields(bookableSchema('room'), stored)).toEqual({ ok: true, value: stored });
  });

  it('only tickets belong to an event', () => {
    expect(create({ eventId: 'e1' }).fieldErrors).toEqual({ eventId: bookableMessages.eventOnlyTicket });
    expect(valid({ type: 'ticket', eventId: 'e1' }).eventId).toBe('e1');
  });

  it('drops duplicate ids and reads the plain id strings of 3.0.0', () => {
    expect(valid({ relatedBookableIds: ['a', 'b', 'a', ' ', 3] }).relatedBookableIds).toEqual(['a', 'b']);
    expect(valid({ checkoutBookableIds: ['a', { bookableId: 'b', mandatory: true }, { bookableId: 'a' }] }).checkoutBookableIds).toEqual([
      { bookableId: 'a', mandatory: false },
      { bookableId: 'b', mandatory: true },
    ]);
    expect(valid({ requiredFields: ['company', 'shoeSize'] }).requiredFields).toEqual(['company']);
  });
});

describe('bookable schema: the single price of the original product', () => {
  it('reads what was sent and leaves the rest undefined', () => {
    expect(parseFields(singlePriceSchema, { priceEur: '12,5' })).toEqual({ ok: true, value: { priceEur: 12.5, priceCategory: undefined } });
    expect(parseFields(singlePriceSchema, {})).toEqual({ ok: true, value: { priceEur: undefined, priceCategory: undefined } });
  });

  it('names a wrong price or unit', () => {
    expect(parseFields(singlePriceSchema, { priceEur: '-3', priceCategory: 'per-square-meter' })).toEqual({
      ok: false,
      fieldErrors: { priceEur: bookableMessages.negative, priceCategory: bookableMessages.singlePriceCategory },
    });
  });
});
