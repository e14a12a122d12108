/**
 * The pure checkout rules that are not about availability: mandatory add-ons, prices with coupons
 * and free booking, totals, the booking's flags, attachments and event seats (docs/bookings.md,
 * "Checkout rules"). Availability is in bookables/rules/availability.ts.
 * Money is computed in whole cents.
 */
import type { BookableRecord, CheckoutBookable } from '../../bookables/bookable.model.js';
import { fromCents, itemPrice, toCents } from '../../bookables/rules/pricing.js';
import { isCouponActive, isCouponExhausted, type CouponState } from '../../coupons/coupon.status.js';
import type { BookingAttachment, CouponUsed } from '../booking.model.js';

export interface RequestedItem {
  bookableId: string;
  amount: number;
}

/**
 * Mandatory add-ons: every mandatory checkout option of a booked object is
 * booked with the same amount; one already in the request gets that amount. Order: the requested
 * items, then the added options in the order their objects list them.
 */
export function withMandatoryAddOns(requested: readonly RequestedItem[], checkoutOptionsOf: (bookableId: string) => readonly CheckoutBookable[]): RequestedItem[] {
  const items = requested.map((item) => ({ ...item }));
  for (const item of requested) {
    for (const option of checkoutOptionsOf(item.bookableId)) {
      if (!option.mandatory || option.bookableId === item.bookableId) continue;
      const present = items.find((candidate) => candidate.bookableId === option.bookableId);
      if (present) present.amount = item.amount;
      else items.push({ bookableId: option.bookableId, amount: item.amount });
    }
  }
  return items;
}

export interface CouponTerms extends CouponState {
  code: string;
  description: string;
  type: 'percentage' | 'fixed';
  discount: number;
}

/** Why a coupon cannot be used now (not yet or no longer valid, used up), or null. */
export function couponProblem(coupon: CouponTerms | null, now: number): 'booking.coupon-invalid' | 'booking.coupon-used-up' | null {
  if (!coupon || !isCouponActive(coupon, now)) return 'booking.coupon-invalid';
  if (isCouponExhausted(coupon)) return 'booking.coupon-used-up';
  return null;
}

/** A net unit price after the coupon: percentage or fixed euros per unit, never below 0. */
export function discountedCents(netCents: number, coupon: Pick<CouponTerms, 'type' | 'discount'> | null): number {
  if (!coupon) return netCents;
  if (coupon.type === 'percentage') return Math.max(0, Math.round(netCents * (1 - coupon.discount / 100)));
  return Math.max(0, netCents - toCents(coupon.discount));
}

export interface PricedItem {
  bookableId: string;
  amount: number;
  /** Units charged: the amount, or 1 for a flat price ("Pauschalpreis"). */
  quantity: number;
  regularPriceEur: number;
  regularGrossPriceEur: number;
  userPriceEur: number;
  userGrossPriceEur: number;
}

export interface PriceContext {
  /** Booked minutes; 0 without times. */
  minutes: number;
  /** The booker books this object free of charge. */
  free: boolean;
  coupon: Pick<CouponTerms, 'type' | 'discount'> | null;
}

/**
 * Unit prices of one item (graduated by duration or amount). Null when the object has price
 * categories but none applies to this duration or amount: such a booking cannot be priced.
 */
export function priceItem(bookable: Pick<BookableRecord, 'id' | 'priceType' | 'priceCategories'>, amount: number, context: PriceContext): PricedItem | null {
  const price = itemPrice(bookable, { minutes: context.minutes, amount });
  if (!price.category) {
    if (bookable.priceCategories.length > 0) return null;
    return { bookableId: bookable.id, amount, quantity: amount, regularPriceEur: 0, regularGrossPriceEur: 0, userPriceEur: 0, userGrossPriceEur: 0 };
  }
  const vat = 1 + price.category.priceValueAddedTax / 100;
  const regularNet = toCents(price.unitNetEur);
  const userNet = context.free ? 0 : discountedCents(regularNet, context.coupon);
  return {
    bookableId: bookable.id,
    amount,
    quantity: price.category.fixedPrice ? 1 : amount,
    regularPriceEur: fromCents(regularNet),
    regularGrossPriceEur: fromCents(Math.round(regularNet * vat)),
    userPriceEur: fromCents(userNet),
    userGrossPriceEur: fromCents(Math.round(userNet * vat)),
  };
}

/** Booking totals: gross price and the VAT it contains, summed line by line in cents. */
export function bookingTotals(items: readonly Pick<PricedItem, 'quantity' | 'userPriceEur' | 'userGrossPriceEur'>[]): { priceEur: number; vatIncludedEur: number; netEur: number } {
  let gross = 0;
  let net = 0;
  for (const item of items) {
    gross += toCents(item.userGrossPriceEur) * item.quantity;
    net += toCents(item.userPriceEur) * item.quantity;
  }
  return { priceEur: fromCents(gross), vatIncludedEur: fromCents(gross - net), netEur: fromCents(net) };
}

/**
 * The flags of a new booking: released when every object commits automatically; paid when
 * there is nothing to pay.
 */
export function bookingFlags(bookables: readonly Pick<BookableRecord, 'autoCommitBooking'>[], totalNetEur: number): { isCommitted: boolean; isPayed: boolean } {
  return { isCommitted: bookables.length > 0 && bookables.every((bookable) => bookable.autoCommitBooking), isPayed: totalNetEur === 0 };
}

export function couponUsed(coupon: CouponTerms): CouponUsed {
  return { id: coupon.code, description: coupon.description, type: coupon.type, discount: coupon.discount };
}

/**
 * The documents of the booked objects with the customer's consent, and the
 * required ones not accepted (by attachment id), which a real checkout refuses.
 */
export function bookingAttachments(
  bookables: readonly Pick<BookableRecord, 'id' | 'attachments'>[],
  status: readonly { id: string; accepted: boolean }[],
): { attachments: BookingAttachment[]; missing: { id: string; title: string }[] } {
  const accepted = new Map(status.map((entry) => [entry.id, entry.accepted]));
  const attachments: BookingAttachment[] = [];
  const missing: { id: string; title: string }[] = [];
  for (const bookable of bookables) {
    for (const attachment of bookable.attachments) {
      const isAccepted = accepted.get(attachment.id) === true;
      attachments.push({ id: attachment.id, type: attachment.type, title: attachment.title, bookableId: bookable.id, url: attachment.url, accepted: isAccepted });
      if (attachment.required && !isAccepted) missing.push({ id: attachment.id, title: attachment.title });
    }
  }
  return { attachments, missing };
}

/** Rule 8 with the intent: rejected bookings free their seats; no limit when maxAttendees is empty. */
export function eventHasSeats(maxAttendees: number | null | undefined, seatsTaken: number, requested: number): boolean {
  if (maxAttendees === null || maxAttendees === undefined || maxAttendees <= 0) return true;
  return seatsTaken + requested <= maxAttendees;
}

/** Booked minutes: whole minutes between begin and end; 0 without times. */
export function bookedMinutes(begin: Date | null, end: Date | null): number {
  if (!begin || !end) return 0;
  return Math.max(0, Math.round((end.getTime() - begin.getTime()) / 60_000));
}
