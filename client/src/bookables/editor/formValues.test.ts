import { describe, expect, it } from 'vitest';
import type { BookableFieldsFragment } from '../../gql/graphql';
import { emptyFormValues, numericOrEmpty, tidyPriceText, toFormValues, toInput } from './formValues';

const stored: BookableFieldsFragment = {
  __typename: 'Bookable',
  id: 'b1',
  tenantId: 't1',
  ownerUserId: 'u1',
  ...toInput(emptyFormValues('room')),
  type: 'room',
  title: 'Saal',
  description: '<p>Groß</p>',
  location: 'Rathaus',
  imgUrl: '/api/t1/files/get?name=/public/rooms/saal.png',
  tags: ['Saal'],
  flags: ['barrierefrei'],
  parent: null,
  eventId: null,
  priceType: 'per_hour',
  priceValueAddedTax: 19,
  amount: 2,
  priceCategories: [
    { priceEur: 12.5, priceValueAddedTax: 19, interval: { start: 0, end: 4 }, fixedPrice: false },
    { priceEur: 9, priceValueAddedTax: 7, interval: { start: 4, end: null }, fixedPrice: true },
  ],
  minBookingDuration: 1.5,
  maxBookingDuration: null,
  timePeriods: [],
  openingHours: [{ weekdays: [1, 2], startTime: '08:00', endTime: '18:00' }],
  specialOpeningHours: [{ date: '2026-12-24', startTime: '', endTime: '' }],
  longRangeOptions: { type: 'week' },
  lockerDetails: { active: false, units: [] },
  attachments: [],
  checkoutBookableIds: [{ bookableId: 'b2', mandatory: true }],
  requiredFields: ['comment'],
  bookingNotes: '',
  autoCommitBooking: false,
  isBookable: true,
  isPublic: true,
  isScheduleRelated: false,
  isTimePeriodRelated: false,
  isOpeningHoursRelated: true,
  allowSeries: true,
  cancellationPolicy: { citizenMayCancel: true, tiers: [{ daysBefore: 14, refundPercent: 100 }, { daysBefore: 2, refundPercent: 50 }], feeEur: 2.5 },
  isSpecialOpeningHoursRelated: true,
  isLongRange: true,
  permittedUsers: [],
  permittedRoles: [],
  freeBookingUsers: [],
  freeBookingRoles: [],
  relatedBookableIds: [],
} as BookableFieldsFragment;

describe('form values', () => {
  it('shows numbers as German text', () => {
    const values = toFormValues(stored);
    expect(values.amount).toBe('2');
    expect(values.minBookingDuration).toBe('1,5');
    expect(values.maxBookingDuration).toBe('');
    expect(values.priceCategories[0]).toEqual({ priceEur: '12,50', priceValueAddedTax: '19', interval: { start: '0', end: '4' }, fixedPrice: false });
    expect(values.priceCategories[1]?.priceEur).toBe('9,00');
    expect(values.priceCategories[1]?.interval).toEqual({ start: '4', end: '' });
  });

  it('round trip: toInput(toFormValues(x)) keeps every field with numbers as text', () => {
    const input = toInput(toFormValues(stored));
    expect(input).not.toHaveProperty('id');
    expect(input).not.toHaveProperty('tenantId');
    expect(input).not.toHaveProperty('__typename');
    expect(input.priceCategories).toEqual([
      { priceEur: '12,50', priceValueAddedTax: '19', interval: { start: 0, end: 4 }, fixedPrice: false },
      { priceEur: '9,00', priceValueAddedTax: '7', interval: { start: 4, end: null }, fixedPrice: true },
    ]);
    expect(input.openingHours).toEqual(stored.openingHours);
    expect(input.specialOpeningHours).toEqual(stored.specialOpeningHours);
    expect(input.longRangeOptions).toEqual({ type: 'week' });
    expect(input.checkoutBookableIds).toEqual([{ bookableId: 'b2', mandatory: true }]);
    expect(input.minBookingDuration).toBe('1,5');
    expect(input.amount).toBe('2');
    expect(input.title).toBe('Saal');
    expect(input.allowSeries).toBe(true);
  });

  it('the cancellation policy is edited as text and sent as numbers; a new object lets citizens only ask', () => {
    const values = toFormValues(stored);
    expect(values.cancellationPolicy).toEqual({ citizenMayCancel: true, tiers: [{ daysBefore: '14', refundPercent: '100' }, { daysBefore: '2', refundPercent: '50' }], feeEur: '2,50' });
    expect(toInput(values).cancellationPolicy).toEqual(stored.cancellationPolicy);
    const typed = { ...values, cancellationPolicy: { ...values.cancellationPolicy, tiers: [...values.cancellationPolicy.tiers, { daysBefore: '', refundPercent: '' }] } };
    expect(toInput(typed).cancellationPolicy?.tiers).toHaveLength(2);
    expect(toInput(emptyFormValues('room')).cancellationPolicy).toEqual({ citizenMayCancel: false, tiers: [], feeEur: 0 });
  });

  it('a new object does not allow the public to book series until staff switch it on', () => {
    expect(emptyFormValues('room').allowSeries).toBe(false);
    expect(toInput({ ...emptyFormValues('room'), allowSeries: true }).allowSeries).toBe(true);
  });

  it('a stored bookable without price categories gets one to bind the price to', () => {
    expect(toFormValues({ ...stored, priceCategories: [] }).priceCategories).toEqual([{ priceEur: '0,00', priceValueAddedTax: '0', interval: { start: '', end: '' }, fixedPrice: false }]);
  });

  it('a single price without intervals (simple mode) takes the general VAT rate', () => {
    const values = { ...emptyFormValues('room'), priceValueAddedTax: '19' };
    values.priceCategories = [{ priceEur: '10', priceValueAddedTax: '7', interval: { start: '', end: '' }, fixedPrice: false }];
    expect(toInput(values).priceCategories?.[0]?.priceValueAddedTax).toBe('19');
    values.priceCategories = [{ priceEur: '10', priceValueAddedTax: '7', interval: { start: '1', end: '' }, fixedPrice: false }];
    expect(toInput(values).priceCategories?.[0]?.priceValueAddedTax).toBe('7');
  });

  it('a new form has amount 1 and one category', () => {
    const values = emptyFormValues('resource');
    expect(values.type).toBe('resource');
    expect(values.amount).toBe('1');
    expect(values.priceCategories).toHaveLength(1);
  });

  it('a duration that is not a number becomes empty on save', () => {
    expect(numericOrEmpty('abc')).toBe('');
    expect(numericOrEmpty(' 2,5 ')).toBe('2,5');
    const input = toInput({ ...emptyFormValues('room'), minBookingDuration: 'zwei', maxBookingDuration: '3' });
    expect(input.minBookingDuration).toBe('');
    expect(input.maxBookingDuration).toBe('3');
  });

  it('a price typed as "12,50" comes back as "12,50" after saving and opening again', () => {
    // The server stores the number 12.5; the form shows it in German with two decimals.
    const saved = { ...stored, priceCategories: [{ priceEur: 12.5, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }] };
    expect(toInput(toFormValues(saved)).priceCategories?.[0]?.priceEur).toBe('12,50');
    expect(toFormValues({ ...saved, priceCategories: [{ ...saved.priceCategories[0]!, priceEur: 1234.5 }] }).priceCategories[0]?.priceEur).toBe('1234,50');
  });

  it('a typed price is tidied to two decimals when the field is left', () => {
    expect(tidyPriceText('12,5')).toBe('12,50');
    expect(tidyPriceText('12.5')).toBe('12,50');
    expect(tidyPriceText('20')).toBe('20,00');
    expect(tidyPriceText('')).toBe('');
    expect(tidyPriceText(',')).toBe(',');
  });
});
