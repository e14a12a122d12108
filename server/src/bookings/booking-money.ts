import { itemPrice } from '../bookables/rules/pricing.js';
import { bookingTotalsCents, isFreeBooking, paymentWayOf, unitPricesCents, vatByRate, type ChargedLine, type PaymentWay, type UnitPricesCents, type VatRateTotal } from '../../../common/bookings/money.js';
import { paymentWayLabel } from '../../../common/bookings/labels.js';
import { bookedMinutes } from './checkout/checkout.rules.js';
import type { BookingItemData, BookingView } from './booking.model.js';

/** One item's money: its unit prices in cents, the VAT rate that priced it and the units charged. */
export interface ItemMoney extends UnitPricesCents {
  vatRatePercent: number;
  chargedQuantity: number;
}

/** A booking's money in cents (docs/integrators.md, "Money and payment dates"). */
export interface BookingMoney {
  priceCents: number;
  vatIncludedCents: number;
  netCents: number;
  isFree: boolean;
  vatByRate: VatRateTotal[];
  items: ItemMoney[];
}

/**
 * The rate and units of each item as the checkout and the staff editor priced it: the price
 * category its object (as booked) applies to the booking's duration and the amount; without one,
 * no VAT and every unit counted (as both price it).
 */
function chargedLineOf(item: Pick<BookingItemData, 'amount' | 'userPriceEur' | 'userGrossPriceEur' | '_bookableUsed'>, minutes: number): ChargedLine {
  const snapshot = item._bookableUsed;
  const category = itemPrice({ priceType: snapshot.priceType, priceCategories: snapshot.priceCategories ?? [] }, { minutes, amount: item.amount }).category;
  return {
    ratePercent: category?.priceValueAddedTax ?? 0,
    quantity: category?.fixedPrice ? 1 : item.amount,
    userPriceEur: item.userPriceEur,
    userGrossPriceEur: item.userGrossPriceEur,
  };
}

export function bookingMoneyOf(view: Pick<BookingView, 'timeBegin' | 'timeEnd' | 'bookableItems' | 'priceEur' | 'vatIncludedEur'>): BookingMoney {
  const minutes = bookedMinutes(view.timeBegin === null ? null : new Date(view.timeBegin), view.timeEnd === null ? null : new Date(view.timeEnd));
  const lines = view.bookableItems.map((item) => chargedLineOf(item, minutes));
  return {
    ...bookingTotalsCents(view),
    isFree: isFreeBooking(view),
    vatByRate: vatByRate(lines),
    items: view.bookableItems.map((item, index) => ({ ...unitPricesCents(item), vatRatePercent: lines[index].ratePercent, chargedQuantity: lines[index].quantity })),
  };
}

/** The booking as REST answers it: the view with its money in cents and its payment way beside the euro fields (additive). */
export function bookingJson<View extends Omit<BookingView, 'id'>>(view: View): View & Omit<BookingMoney, 'items'> & { paymentWay: PaymentWay & { label: string } } {
  const { items, ...money } = bookingMoneyOf(view);
  return { ...view, ...money, paymentWay: { ...paymentWayOf(view), label: paymentWayLabel(view) }, bookableItems: view.bookableItems.map((item, index) => ({ ...item, ...items[index] })) };
}
