import type { CheckoutBookableFieldsFragment, CouponType, PriceType } from '../gql/graphql';
import { FREE_TEXT, formatCurrency, priceUnitSuffix } from '../shared/format';

/**
 * The prices of the booking page as a citizen reads them: gross (VAT included), with their unit and
 * the duration or amount each graduated price applies to.
 */

type PricedBookable = Pick<CheckoutBookableFieldsFragment, 'priceType' | 'priceCategories'>;

const numberFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** What the graduated intervals count: hours, days or pieces. */
const intervalUnits: Record<PriceType, [one: string, many: string]> = {
  per_hour: ['Stunde', 'Stunden'],
  per_day: ['Tag', 'Tage'],
  per_item: ['Stück', 'Stück'],
  per_square_meter: ['Stück', 'Stück'],
};

/** Net euros plus VAT in whole cents, as the server computes a gross unit price. */
export function grossPrice(netEur: number, vatPercent: number): number {
  return Math.round(Math.round(netEur * 100) * (1 + vatPercent / 100)) / 100;
}

function intervalText(priceType: PriceType, start: number | null, end: number | null): string | null {
  const [one, many] = intervalUnits[priceType];
  const unit = (value: number) => (value === 1 ? one : many);
  if (start !== null && end !== null) return `${numberFormat.format(start)} bis ${numberFormat.format(end)} ${unit(end)}`;
  if (start !== null) return `ab ${numberFormat.format(start)} ${unit(start)}`;
  if (end !== null) return `bis ${numberFormat.format(end)} ${unit(end)}`;
  return null;
}

/**
 * One line per price: "14,88 € pro Stunde", "Pauschalpreis 350,00 €", with the interval in front when
 * there are graduated prices ("ab 5 Stunden: 11,90 € pro Stunde"); "Kostenfrei" when nothing costs.
 */
export function priceLines(bookable: PricedBookable): string[] {
  const categories = bookable.priceCategories;
  if (!categories.some((category) => category.priceEur > 0)) return [FREE_TEXT];
  return categories.map((category) => {
    const gross = formatCurrency(grossPrice(category.priceEur, category.priceValueAddedTax));
    const price = category.fixedPrice ? `Pauschalpreis ${gross}` : `${gross} ${priceUnitSuffix(bookable.priceType)}`;
    // A single price applies whatever its interval says (the server always uses it).
    const interval = categories.length > 1 ? intervalText(bookable.priceType, category.interval.start, category.interval.end) : null;
    return interval ? `${interval}: ${price}` : price;
  });
}

/** The coupon as applied: "−10 %" or "−5,00 € je Einheit". */
export function couponDiscountText(coupon: { type: CouponType; discount: number }): string {
  return coupon.type === 'percentage' ? `−${numberFormat.format(coupon.discount)} %` : `−${formatCurrency(coupon.discount)} je Einheit`;
}
