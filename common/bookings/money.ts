/**
 * A booking's money in whole cents, for systems that must not add up euro floats (docs/integrators.md,
 * "Money and payment dates"): the totals, each item's unit prices, the VAT per rate, whether the
 * booking is free and how it is paid. The same rounding as the checkout and the staff editor: each
 * item's unit net and gross are rounded to cents once, then multiplied by the units charged and summed
 * line by line, so the rates add up exactly to the stored totals. Plain TypeScript.
 */
import { toCents } from '../bookables/prices.js';

/** One booked line as the VAT breakdown needs it: the unit prices this booker pays, the units charged, the rate. */
export interface ChargedLine {
  /** The VAT rate of the price category that priced the item, in percent (0 without one). */
  ratePercent: number;
  /** Units charged: the amount, or 1 for a flat price ("Pauschalpreis"). */
  quantity: number;
  userPriceEur: number;
  userGrossPriceEur: number;
}

/** The net, VAT and gross of all lines of one rate, in cents (gross = net + VAT). */
export interface VatRateTotal {
  ratePercent: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/**
 * The VAT per rate, lowest rate first; rates whose lines charge nothing are left out (a free
 * booking has none). The gross of all rates is the booking's price, their VAT its VAT included.
 */
export function vatByRate(lines: readonly ChargedLine[]): VatRateTotal[] {
  const byRate = new Map<number, VatRateTotal>();
  for (const line of lines) {
    const net = toCents(line.userPriceEur) * line.quantity;
    const gross = toCents(line.userGrossPriceEur) * line.quantity;
    const total = byRate.get(line.ratePercent) ?? { ratePercent: line.ratePercent, netCents: 0, vatCents: 0, grossCents: 0 };
    total.netCents += net;
    total.grossCents += gross;
    total.vatCents = total.grossCents - total.netCents;
    byRate.set(line.ratePercent, total);
  }
  return [...byRate.values()].filter((total) => total.netCents !== 0 || total.grossCents !== 0).sort((a, b) => a.ratePercent - b.ratePercent);
}

/** Unit prices in euros, as stored on a booking item. */
export interface UnitPricesEur {
  regularPriceEur: number;
  regularGrossPriceEur: number;
  userPriceEur: number;
  userGrossPriceEur: number;
}

export interface UnitPricesCents {
  regularPriceCents: number;
  regularGrossPriceCents: number;
  userPriceCents: number;
  userGrossPriceCents: number;
}

/** An item's unit prices in cents: exactly the stored euros times 100. */
export function unitPricesCents(prices: UnitPricesEur): UnitPricesCents {
  return {
    regularPriceCents: toCents(prices.regularPriceEur),
    regularGrossPriceCents: toCents(prices.regularGrossPriceEur),
    userPriceCents: toCents(prices.userPriceEur),
    userGrossPriceCents: toCents(prices.userGrossPriceEur),
  };
}

/** A booking's totals in cents: the stored gross and the VAT it contains, and the net between them. */
export function bookingTotalsCents(booking: { priceEur: number; vatIncludedEur: number }): { priceCents: number; vatIncludedCents: number; netCents: number } {
  const priceCents = toCents(booking.priceEur);
  const vatIncludedCents = toCents(booking.vatIncludedEur);
  return { priceCents, vatIncludedCents, netCents: priceCents - vatIncludedCents };
}

/** Free: nothing to pay (free objects, the free-booking lists, a coupon for everything). */
export const isFreeBooking = (booking: { priceEur: number }): boolean => toCents(booking.priceEur) <= 0;

/** The providers that take the payment online (the customer pays on the provider's page). */
export const onlinePaymentProviders: readonly string[] = ['giroCockpit', 'pmPayment', 'testPayment'];

/**
 * How a booking is paid, as a code: FREE (nothing to pay), ONLINE (an online provider was chosen at
 * checkout), INVOICE (payment by invoice was chosen), MANUAL (no provider: staff recorded the
 * payment, e.g. cash at the counter), UNKNOWN (something to pay, nothing chosen or recorded yet).
 */
export const paymentWayKinds = ['FREE', 'ONLINE', 'INVOICE', 'MANUAL', 'UNKNOWN'] as const;
export type PaymentWayKind = (typeof paymentWayKinds)[number];

export interface PaymentWay {
  kind: PaymentWayKind;
  /** The provider chosen at checkout (giroCockpit, pmPayment, testPayment, invoice); null when none. */
  provider: string | null;
  /** What the payment was recorded as (CASH, TRANSFER, CREDIT_CARD, PAYPAL, …); null while none is known. */
  method: string | null;
}

export function paymentWayOf(booking: { priceEur: number; paymentProvider?: string | null; paymentMethod?: string | null }): PaymentWay {
  const provider = booking.paymentProvider?.trim() || null;
  const method = booking.paymentMethod?.trim() || null;
  let kind: PaymentWayKind;
  if (isFreeBooking(booking)) kind = 'FREE';
  else if (provider === 'invoice') kind = 'INVOICE';
  else if (provider !== null && onlinePaymentProviders.includes(provider)) kind = 'ONLINE';
  else if (method !== null) kind = 'MANUAL';
  else kind = 'UNKNOWN';
  return { kind, provider, method };
}
