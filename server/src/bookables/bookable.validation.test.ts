import { describe, expect, it } from 'vitest';
import { defaultBookableData } from './bookable.defaults.js';
import { bookableMessages, toAmount, toNumber, validateBookable } from './bookable.validation.js';

/** The save rules of specification 02 sections 4 and 5, as the server applies them. */
const create = (input: Record<string, unknown>) => validateBookable({ type: 'room', title: 'Saal', ...input }, null);

describe('numbers typed as text', () => {
  it('converts comma decimals, keeps empty as null', () => {
    expect(toNumber('12,50')).toBe(12.5);
    expect(toNumber('')).toBeNull();
    expect(toNumber(null)).toBeNull();
    expect(toNumber('abc')).toBeNaN();
  });

  it('amount becomes an integer; empty or not a number becomes null', () => {
    expect(toAmount('3.7')).toBe(3);
    expect(toAmount('3,7')).toBe(3);
    expect(toAmount('')).toBeNull();
    expect(toAmount('viele')).toBeNull();
    expect(create({ amount: '12' }).data.amount).toBe(12);
  });

  it('price and VAT of a category as text with a comma become numbers', () => {
    const { data, fieldErrors } = create({ priceCategories: [{ priceEur: '12,50', priceValueAddedTax: '19', interval: { start: '', end: '' } }] });
    expect(fieldErrors).toEqual({});
    expect(data.priceCategories).toEqual([{ priceEur: 12.5, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }]);
  });

  it('a category without VAT takes the bookable VAT; negative prices are refused', () => {
    expect(create({ priceValueAddedTax: '7', priceCategories: [{ priceEur: 5 }] }).data.priceCategories[0].priceValueAddedTax).toBe(7);
    expect(create({ priceCategories: [{ priceEur: '-1' }] }).fieldErrors).toEqual({ 'priceCategories.0.priceEur': bookableMessages.negative });
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
    expect(create({ minBookingDuration: 'zwei', maxBookingDuration: '4,5' }).data).toMatchObject({ minBookingDuration: null, maxBookingDuration: 4.5 });
    expect(create({ minBookingDuration: '5', maxBookingDuration: '2' }).fieldErrors).toEqual({ maxBookingDuration: bookableMessages.durationOrder });
  });
});

describe('graduated prices', () => {
  it('accepts touching inclusive intervals and open ends', () => {
    const { fieldErrors, data } = create({
      priceType: 'per-hour',
      priceCategories: [
        { priceEur: '20', interval: { start: 0, end: 4 } },
        { priceEur: '15', interval: { start: '4', end: '' } },
      ],
    });
    expect(fieldErrors).toEqual({});
    expect(data.priceCategories.map((category) => category.interval)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: null },
    ]);
  });

  it('refuses an interval whose start lies after its end', () => {
    expect(create({ priceCategories: [{ priceEur: 1, interval: { start: 5, end: 2 } }] }).fieldErrors).toEqual({ 'priceCategories.0.interval': bookableMessages.interval });
  });
});

describe('booking-time modes', () => {
  it('calendar bookings and fixed booking times exclude each other', () => {
    expect(create({ isScheduleRelated: true, isTimePeriodRelated: true }).fieldErrors).toEqual({ isTimePeriodRelated: bookableMessages.exclusiveModes });
    expect(create({ isScheduleRelated: true }).fieldErrors).toEqual({});
    expect(create({ isTimePeriodRelated: true, timePeriods: [{ weekdays: [1], startTime: '08:00', endTime: '10:00' }] }).fieldErrors).toEqual({});
  });

  it('drops the empty entry added when a list is switched on, and checks the others', () => {
    const { data, fieldErrors } = create({
      isOpeningHoursRelated: true,
      openingHours: [{ weekdays: [], startTime: '', endTime: '' }, { weekdays: [5, 1, 1], startTime: '08:00', endTime: '18:00' }, { weekdays: [], startTime: '09:00', endTime: '08:00' }],
    });
    expect(data.openingHours[0]).toEqual({ weekdays: [1, 5], startTime: '08:00', endTime: '18:00' });
    expect(fieldErrors).toEqual({ 'openingHours.1.weekdays': bookableMessages.weekdays, 'openingHours.1.endTime': bookableMessages.timeOrder });
  });

  it('special opening hours without a date are dropped; equal or empty times mean closed all day', () => {
    const { data, fieldErrors } = create({
      isSpecialOpeningHoursRelated: true,
      specialOpeningHours: [
        { date: '', startTime: '08:00', endTime: '12:00' },
        { date: '2026-12-24', startTime: '', endTime: '' },
        { date: '2026-12-31', startTime: '10:00', endTime: '10:00' },
        { date: '2026-02-30', startTime: '10:00', endTime: '12:00' },
      ],
    });
    expect(data.specialOpeningHours.map((entry) => entry.date)).toEqual(['2026-12-24', '2026-12-31', '2026-02-30']);
    expect(fieldErrors).toEqual({ 'specialOpeningHours.2.date': bookableMessages.date });
  });

  it('long range: turning it off clears the options; on it needs week or month', () => {
    expect(create({ isLongRange: false, longRangeOptions: { type: 'week' } }).data.longRangeOptions).toBeNull();
    expect(create({ isLongRange: true, longRangeOptions: { type: 'month' } }).data.longRangeOptions).toEqual({ type: 'month' });
    expect(create({ isLongRange: true }).fieldErrors).toEqual({ longRangeOptions: bookableMessages.longRange });
  });
});

describe('lockers, attachments, rich text and identity', () => {
  it('locker units need an amount and whole non-negative numbers', () => {
    expect(create({ amount: '', lockerDetails: { active: true, units: [] } }).fieldErrors).toEqual({ 'lockerDetails.active': bookableMessages.lockerAmount });
    const { data, fieldErrors } = create({ amount: '4', lockerDetails: { active: true, units: [{ lockerSystem: 'pareva', id: 'P-1', amount: '2,5' }] } });
    expect(fieldErrors).toEqual({});
    expect(data.lockerDetails).toEqual({ active: true, units: [{ lockerSystem: 'pareva', id: 'P-1', amount: 2 }] });
  });

  it('a required attachment is always shown; title and link are needed', () => {
    const { data, fieldErrors } = create({ attachments: [{ title: 'AGB', type: 'agreement', url: 'https://example.org/agb.pdf', required: true, show: false }, { type: 'nope', url: 'ftp://x' }] });
    expect(data.attachments[0]).toMatchObject({ show: true, required: true });
    expect(data.attachments[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fieldErrors).toEqual({
      'attachments.1.type': bookableMessages.invalidValue,
      'attachments.1.title': bookableMessages.attachmentTitle,
      'attachments.1.url': bookableMessages.url,
    });
  });

  it('leaves out wholly empty attachment rows and names the others by their position in the sent list', () => {
    const blank = { id: '', title: '', caption: '', type: '', url: '', show: false, required: false };
    expect(create({ attachments: [blank] })).toMatchObject({ data: { attachments: [] }, fieldErrors: {} });
    // Forms may fill in an id and a type up front: the row still says nothing.
    expect(create({ attachments: [{ ...blank, id: 'a1', type: 'agreement' }, {}] }).data.attachments).toEqual([]);
    const { data, fieldErrors } = create({ attachments: [blank, { ...blank, title: 'Hausordnung' }, { ...blank, url: 'https://example.org/plan.pdf', type: 'user-manual', title: 'Plan' }] });
    expect(fieldErrors).toEqual({ 'attachments.1.type': bookableMessages.invalidValue, 'attachments.1.url': bookableMessages.attachmentUrl });
    expect(data.attachments.map((attachment) => attachment.title)).toEqual(['Hausordnung', 'Plan']);
  });

  it('a row marked required or shown is not empty: it needs its title and file', () => {
    const blank = { title: '', caption: '', type: 'agreement', url: '' };
    expect(create({ attachments: [{ ...blank, required: true }] }).fieldErrors).toEqual({ 'attachments.0.title': bookableMessages.attachmentTitle, 'attachments.0.url': bookableMessages.attachmentUrl });
    expect(Object.keys(create({ attachments: [{ ...blank, show: true }] }).fieldErrors)).toEqual(['attachments.0.title', 'attachments.0.url']);
  });

  it('sanitises the rich-text fields', () => {
    const { data } = create({ description: '<p onclick="x()">Hallo <script>alert(1)</script><b>Welt</b></p>', bookingNotes: '<a href="javascript:x">l</a>' });
    expect(data.description).toBe('<p>Hallo <b>Welt</b></p>');
    expect(data.bookingNotes).toBe('<a rel="noopener noreferrer">l</a>');
  });

  it('needs a type and a title on create; the type never changes', () => {
    expect(validateBookable({ title: '' }, null).fieldErrors).toMatchObject({ title: bookableMessages.required });
    expect(validateBookable({ type: 'garage', title: 'x' }, null).fieldErrors).toEqual({ type: bookableMessages.required });
    expect(validateBookable({ title: 'x' }, null).fieldErrors).toEqual({ type: bookableMessages.required });
    const stored = { ...defaultBookableData('room'), title: 'Saal' };
    expect(validateBookable({ type: 'ticket' }, stored).fieldErrors).toEqual({ type: bookableMessages.typeChange });
    expect(validateBookable({ location: 'Rathaus' }, stored)).toEqual({ data: { ...stored, location: 'Rathaus' }, fieldErrors: {} });
  });

  it('reads the form spelling relatedBookablesIds and drops duplicates', () => {
    expect(create({ relatedBookablesIds: ['a', 'b', 'a'] }).data.relatedBookableIds).toEqual(['a', 'b']);
    expect(create({ checkoutBookableIds: ['a', { bookableId: 'b', mandatory: true }, { bookableId: 'a' }] }).data.checkoutBookableIds).toEqual([
      { bookableId: 'a', mandatory: false },
      { bookableId: 'b', mandatory: true },
    ]);
  });
});
