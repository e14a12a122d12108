/**
 * Graduated prices of a bookable. Pure: shared by
 * the server (checkout) and the client (list cards, editor, checkout preview).
 *
 * Money is computed in integer cents and returned in euros with at most 2 decimals.
 */
import { fromCents, grossCents, toCents } from '../../../../common/bookables/prices.js';
import type { BookableData, PriceCategory, PriceType } from '../bookable.model.js';

export { fromCents, toCents };

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1440;

/** The value the category intervals are compared with: hours, days or the amount. */
function intervalValue(priceType: PriceType, usage: { minutes: number; amount: number }): number {
  switch (priceType) {
    case 'per-hour':
      return usage.minutes / MINUTES_PER_HOUR;
    case 'per-day':
      return usage.minutes / MINUTES_PER_DAY;
    default:
      return usage.amount;
  }
}

/**
 * The category that applies: a single category always; otherwise the first whose inclusive
 * interval contains the value (null bounds are open). Null when nothing matches (or no categories).
 */
export function choosePriceCategory(
  bookable: Pick<BookableData, 'priceType' | 'priceCategories'>,
  usage: { minutes: number; amount: number },
): PriceCategory | null {
  const categories = bookable.priceCategories;
  if (categories.length === 0) return null;
  if (categories.length === 1) return categories[0];
  const value = intervalValue(bookable.priceType, usage);
  return (
    categories.find(
      ({ interval }) => (interval.start === null || interval.start <= value) && (interval.end === null || interval.end >= value),
    ) ?? null
  );
}

/** How many price units the duration makes for one booked unit. */
function durationFactor(priceType: PriceType, minutes: number): number {
  switch (priceType) {
    case 'per-hour':
      return minutes / MINUTES_PER_HOUR;
    case 'per-day':
      return minutes / MINUTES_PER_DAY;
    default:
      return 1;
  }
}

function unitNetCents(priceType: PriceType, category: PriceCategory, minutes: number): number {
  if (category.fixedPrice) return toCents(category.priceEur);
  return toCents(category.priceEur * durationFactor(priceType, Math.max(0, minutes)));
}

/** Net price of one booked unit in euros: the flat price, or the price times hours/days. */
export function unitNetPrice(bookable: Pick<BookableData, 'priceType'>, category: PriceCategory, minutes: number): number {
  return fromCents(unitNetCents(bookable.priceType, category, minutes));
}

export interface ItemPrice {
  /** Null when there is no category or none matches: with categories present, refuse the booking. */
  category: PriceCategory | null;
  unitNetEur: number;
  unitGrossEur: number;
  /** Totals for the booked quantity (the amount, or 1 for a flat price). */
  netEur: number;
  grossEur: number;
}

/**
 * Price of one booked item. The unit gross is rounded to cents first and then multiplied, so the
 * total equals what a receipt shows line by line. Every
 * price is multiplied by the amount; a flat price ("Pauschalpreis") is charged once.
 */
export function itemPrice(
  bookable: Pick<BookableData, 'priceType' | 'priceCategories'>,
  usage: { minutes: number; amount: number },
): ItemPrice {
  const category = choosePriceCategory(bookable, usage);
  if (!category) return { category: null, unitNetEur: 0, unitGrossEur: 0, netEur: 0, grossEur: 0 };
  const net = unitNetCents(bookable.priceType, category, usage.minutes);
  const gross = grossCents(net, category.priceValueAddedTax);
  const quantity = category.fixedPrice ? 1 : Math.max(0, usage.amount);
  return {
    category,
    unitNetEur: fromCents(net),
    unitGrossEur: fromCents(gross),
    netEur: fromCents(net * quantity),
    grossEur: fromCents(gross * quantity),
  };
}

/** Whether a list card shows a price at all (otherwise it says "Kostenfrei"). */
export function hasPrice(bookable: Pick<BookableData, 'priceCategories'>): boolean {
  return bookable.priceCategories.some((category) => category.priceEur > 0);
}

const unitSuffixes: Record<PriceType, string> = {
  'per-item': 'Stück',
  'per-hour': 'Std.',
  'per-day': 'Tage',
  'per-square-meter': 'm²',
};

/** Short unit shown after a price on the list card. */
export function priceUnitSuffix(priceType: PriceType): string {
  return unitSuffixes[priceType];
}

/** The editor's graduated-prices mode: more than one category or any interval bound set. */
export function isGraduated(categories: PriceCategory[]): boolean {
  return categories.length > 1 || categories.some(({ interval }) => interval.start !== null || interval.end !== null);
}
