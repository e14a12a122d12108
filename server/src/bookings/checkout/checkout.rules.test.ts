import { describe, expect, it } from 'vitest';
import { defaultBookableData } from '../../bookables/bookable.defaults.js';
import type { BookableRecord, PriceCategory } from '../../bookables/bookable.model.js';
import {
  bookedMinutes,
  bookingAttachments,
  bookingFlags,
  bookingTotals,
  couponProblem,
  discountedCents,
  eventHasSeats,
  priceItem,
  withMandatoryAddOns,
  type CouponTerms,
} from './checkout.rules.js';

const category = (priceEur: number, extra: Partial<PriceCategory> = {}): PriceCategory => ({ priceEur, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false, ...extra });
const bookable = (overrides: Partial<BookableRecord> = {}): BookableRecord => ({ ...defaultBookableData('room'), id: 'b1', tenantId: 't', ownerUserId: null, title: 'Saal', ...overrides }) as BookableRecord;
const coupon = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({ code: 'SOMMER', description: '', type: 'percentage', discount: 10, usedAmount: 0, maxAmount: null, validFrom: null, validTo: null, ...overrides });
const NOW = Date.UTC(2026, 10, 23, 12);

describe('prices of an item (graduated prices, VAT, coupons, free booking)', () => {
  it('per hour: net × hours, gross with the category VAT, both per unit; the total multiplies by the amount', () => {
    const priced = priceItem(bookable({ priceType: 'per-hour', priceCategories: [category(12.5)] }), 2, { minutes: 90, free: false, coupon: null });
    expect(priced).toEqual({ bookableId: 'b1', amount: 2, quantity: 2, regularPriceEur: 18.75, regularGrossPriceEur: 22.31, userPriceEur: 18.75, userGrossPriceEur: 22.31 });
    expect(bookingTotals([priced!])).toEqual({ priceEur: 44.62, vatIncludedEur: 7.12, netEur: 37.5 });
  });

  it('per day uses minutes / 1440; per item and per square meter take the category by amount', () => {
    expect(priceItem(bookable({ priceType: 'per-day', priceCategories: [category(100, { priceValueAddedTax: 0 })] }), 1, { minutes: 2880, free: false, coupon: null })?.userPriceEur).toBe(200);
    const graduated = [category(3, { interval: { start: 1, end: 9 }, priceValueAddedTax: 7 }), category(2, { interval: { start: 10, end: null }, priceValueAddedTax: 7 })];
    for (const priceType of ['per-item', 'per-square-meter'] as const) {
      expect(priceItem(bookable({ priceType, priceCategories: graduated }), 10, { minutes: 0, free: false, coupon: null })).toMatchObject({ regularPriceEur: 2, regularGrossPriceEur: 2.14, quantity: 10 });
      expect(priceItem(bookable({ priceType, priceCategories: graduated }), 9, { minutes: 0, free: false, coupon: null })).toMatchObject({ regularPriceEur: 3, quantity: 9 });
    }
  });

  it('a flat price ("Pauschalpreis") is charged once, whatever the duration and amount', () => {
    const priced = priceItem(bookable({ priceType: 'per-hour', priceCategories: [category(80, { fixedPrice: true })] }), 3, { minutes: 600, free: false, coupon: null });
    expect(priced).toMatchObject({ regularPriceEur: 80, regularGrossPriceEur: 95.2, quantity: 1 });
    expect(bookingTotals([priced!]).priceEur).toBe(95.2);
  });

  it('no categories is free; categories without a match cannot be priced (null)', () => {
    expect(priceItem(bookable(), 1, { minutes: 60, free: false, coupon: null })).toMatchObject({ userGrossPriceEur: 0, regularPriceEur: 0 });
    const twoBands = [category(10, { interval: { start: 0, end: 1 } }), category(8, { interval: { start: 3, end: 5 } })];
    expect(priceItem(bookable({ priceType: 'per-hour', priceCategories: twoBands }), 1, { minutes: 120, free: false, coupon: null })).toBeNull();
  });

  it('coupons reduce the net unit price: percent, or fixed euros per unit, never below zero', () => {
    expect(discountedCents(1000, { type: 'percentage', discount: 25 })).toBe(750);
    expect(discountedCents(1000, { type: 'fixed', discount: 2.5 })).toBe(750);
    expect(discountedCents(1000, { type: 'fixed', discount: 20 })).toBe(0);
    const priced = priceItem(bookable({ priceCategories: [category(10)] }), 2, { minutes: 0, free: false, coupon: coupon({ type: 'fixed', discount: 1.5 }) });
    expect(priced).toMatchObject({ regularPriceEur: 10, userPriceEur: 8.5, userGrossPriceEur: 10.12, regularGrossPriceEur: 11.9 });
  });

  it('free booking users pay nothing; the regular price is still shown', () => {
    expect(priceItem(bookable({ priceCategories: [category(10)] }), 1, { minutes: 0, free: true, coupon: coupon() })).toMatchObject({ regularPriceEur: 10, userPriceEur: 0, userGrossPriceEur: 0 });
  });
});

describe('coupon validity', () => {
  it('refuses unknown, not yet or no longer valid codes, and used-up ones', () => {
    expect(couponProblem(null, NOW)).toBe('booking.coupon-invalid');
    expect(couponProblem(coupon({ validFrom: new Date(NOW + 1000) }), NOW)).toBe('booking.coupon-invalid');
    expect(couponProblem(coupon({ validTo: new Date(NOW - 1000) }), NOW)).toBe('booking.coupon-invalid');
    expect(couponProblem(coupon({ maxAmount: 5, usedAmount: 5 }), NOW)).toBe('booking.coupon-used-up');
    expect(couponProblem(coupon({ maxAmount: 5, usedAmount: 4, validFrom: new Date(NOW - 1000), validTo: new Date(NOW + 1000) }), NOW)).toBeNull();
  });
});

describe('booking flags, add-ons, attachments, seats, minutes', () => {
  it('released only when every object commits automatically; paid when nothing is to pay', () => {
    expect(bookingFlags([{ autoCommitBooking: true }, { autoCommitBooking: true }], 0)).toEqual({ isCommitted: true, isPayed: true });
    expect(bookingFlags([{ autoCommitBooking: true }, { autoCommitBooking: false }], 12)).toEqual({ isCommitted: false, isPayed: false });
  });

  it('mandatory add-ons join with the amount of their object; optional ones do not', () => {
    const options = new Map([['saal', [{ bookableId: 'reinigung', mandatory: true }, { bookableId: 'beamer', mandatory: false }]]]);
    expect(withMandatoryAddOns([{ bookableId: 'saal', amount: 2 }], (id) => options.get(id) ?? [])).toEqual([
      { bookableId: 'saal', amount: 2 },
      { bookableId: 'reinigung', amount: 2 },
    ]);
    expect(withMandatoryAddOns([{ bookableId: 'saal', amount: 3 }, { bookableId: 'reinigung', amount: 1 }], (id) => options.get(id) ?? [])[1]).toEqual({ bookableId: 'reinigung', amount: 3 });
  });

  it('lists the documents with consent and names the required ones not accepted', () => {
    const attachments = [
      { id: 'a1', title: 'Hausordnung', caption: '', type: 'agreement' as const, url: '/h.pdf', show: true, required: true },
      { id: 'a2', title: 'Anleitung', caption: '', type: 'user-manual' as const, url: '/a.pdf', show: true, required: false },
    ];
    const result = bookingAttachments([{ id: 'b1', attachments }], [{ id: 'a2', accepted: true }]);
    expect(result.attachments.map((a) => [a.id, a.accepted])).toEqual([['a1', false], ['a2', true]]);
    expect(result.missing).toEqual([{ id: 'a1', title: 'Hausordnung' }]);
  });

  it('event seats: up to maxAttendees, unlimited without', () => {
    expect(eventHasSeats(10, 8, 2)).toBe(true);
    expect(eventHasSeats(10, 8, 3)).toBe(false);
    expect(eventHasSeats(null, 1000, 5)).toBe(true);
  });

  it('booked minutes are whole minutes, 0 without times', () => {
    expect(bookedMinutes(new Date(0), new Date(90 * 60_000 + 20_000))).toBe(90);
    expect(bookedMinutes(null, new Date())).toBe(0);
  });
});
