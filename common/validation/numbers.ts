/**
 * The bounds every number from a request or a form keeps before it reaches a column, shared by the
 * server's validators (which enforce them) and the client's forms (which check before sending).
 * JSON numbers reach 1.8e308, but PostgreSQL's integer ends at 2^31 − 1, a numeric(12,2) below
 * 10^10, and rounding 1e308 to cents overflows to Infinity, which no column takes. Plain
 * TypeScript without Node imports.
 */

/** PostgreSQL's integer (and GraphQL's Int): counts, amounts, limits, positions. */
export const MAX_INT32 = 2_147_483_647;

/** Euros, hours, percentages and other decimals: far above any real value, far below any overflow. */
export const MAX_DECIMAL = 1_000_000_000;

export const numberMessages = {
  number: 'Muss eine Zahl sein',
  integer: 'Muss eine ganze Zahl sein',
  negative: 'Darf nicht negativ sein',
  tooSmall: (min: number) => `Muss mindestens ${min} sein`,
  tooLarge: 'Der Wert ist zu groß.',
} as const;

export interface NumberBounds {
  /** The smallest value allowed; 0 when left out. */
  min?: number;
  max: number;
  /** Whole numbers only (integer columns). */
  integer?: boolean;
}

/** A number from JSON or a text field ("12,50" or "12.50"); null when empty, NaN for anything else. */
export function parseNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? null : Number(value.trim().replace(',', '.'));
  return Number.NaN;
}

/**
 * The German message when a number does not fit its column: not finite (NaN, Infinity), not whole
 * where the column is an integer, below the minimum or above the maximum; null when it fits.
 */
export function numberError(value: number, bounds: NumberBounds): string | null {
  const min = bounds.min ?? 0;
  if (!Number.isFinite(value)) return numberMessages.number;
  if (bounds.integer && !Number.isInteger(value)) return numberMessages.integer;
  if (value < min) return min === 0 ? numberMessages.negative : numberMessages.tooSmall(min);
  if (value > bounds.max) return numberMessages.tooLarge;
  return null;
}

/** Whether the number fits the bounds (see numberError). */
export const fitsBounds = (value: number, bounds: NumberBounds): boolean => numberError(value, bounds) === null;

/** Rounded to the column's decimals (cents by default); only for numbers within bounds, so it stays finite. */
export function roundTo(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
