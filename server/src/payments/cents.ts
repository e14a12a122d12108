/**
 * Euro amounts as the providers want them: integer cents. Prices are stored as DECIMAL(12,2) but
 * arrive as binary floats (19.99 * 100 = 1998.9999999999998), so a plain multiplication may send a
 * wrong amount or a string like "1998.9999999999998".
 */

/** Integer cents of a euro amount, rounded half away from zero at the cent after removing float noise. */
export function eurToCents(eur: number | string): number {
  const value = typeof eur === 'string' ? Number(eur.trim().replace(',', '.')) : eur;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RangeError(`not an amount: ${String(eur)}`);
  // 15 significant digits drop the float artefacts of the multiplication before rounding.
  const scaled = Number((Math.abs(value) * 100).toPrecision(15));
  const cents = Math.round(scaled);
  return value < 0 ? -cents : cents;
}

/** The cents as the providers' `amount` field: digits only, no decimal point. */
export function centsField(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a cent amount: ${cents}`);
  return String(cents);
}

/**
 * Whether a provider's amount field states exactly these cents: an integer number, or a string of
 * digits only (no sign, point or spaces). Anything else, also a missing field, is no statement.
 */
export function statesCents(field: unknown, cents: number): boolean {
  if (typeof field === 'number') return Number.isSafeInteger(field) && field === cents;
  if (typeof field !== 'string' || !/^\d{1,15}$/.test(field)) return false;
  return Number(field) === cents;
}
