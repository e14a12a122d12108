/**
 * Money rules of a bookable's prices, shared by the server (checkout, receipts) and the client
 * (the editor's gross hint). Amounts are computed in whole cents. Plain TypeScript without Node imports.
 */

/** Euros to whole cents; toPrecision absorbs binary noise (1.005 * 100 = 100.49999…). */
export function toCents(eur: number): number {
  return Math.round(Number((eur * 100).toPrecision(12)));
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** The gross of a net amount in cents: net plus the VAT rate in percent, rounded to whole cents. */
export function grossCents(netCents: number, vatPercent: number): number {
  return Math.round(netCents * (1 + vatPercent / 100));
}

/** The gross of a net price in euros (the net rounded to cents first, as a receipt line does). */
export function grossFromNet(netEur: number, vatPercent: number): number {
  return fromCents(grossCents(toCents(netEur), vatPercent));
}
