import { formatAmountInput, formatCurrency } from '../shared/format';

/** Display helpers of the coupons screen (de-DE). */
const numberFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

export type CouponKind = 'percentage' | 'fixed';

export const couponTypeLabels: Record<CouponKind, string> = { percentage: 'Prozent', fixed: 'Betrag' };

/** "12,5 %" for percentages, "7,25 €" for fixed amounts. */
export function formatDiscount(type: CouponKind, discount: number): string {
  return type === 'percentage' ? `${numberFormat.format(discount)} %` : formatCurrency(discount);
}

/** "used / max", "∞" when unlimited. */
export function formatCount(usedAmount: number, maxAmount: number | null | undefined): string {
  return `${usedAmount} / ${maxAmount === null || maxAmount === undefined ? '∞' : maxAmount}`;
}

/** Parses a German or plain number ("12,5", "12.5"); null for empty or invalid text. */
export function parseDecimal(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  // With a comma, dots are thousands separators (1.234,5); without, a dot is the decimal point.
  const normalized = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The date picker's text: 24.12.2026 18:00 (its Date carries the Berlin wall time in local fields). */
export function formatPickerDate(date: Date): string {
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Reads "24.12.2026", "24.12.2026 18:00" or "24.12.2026, 18:00"; a date without time is midnight. */
export function parsePickerDate(text: string): Date | false {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})(?:,?\s+(\d{1,2}):(\d{2}))?\s*$/.exec(text);
  if (!match) return false;
  const [day, month, year, hours = '0', minutes = '0'] = match.slice(1).map((part) => part ?? undefined) as string[];
  const date = new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes));
  if (date.getDate() !== Number(day) || date.getMonth() !== Number(month) - 1 || Number(hours) > 23 || Number(minutes) > 59) return false;
  return date;
}

/** The coupon's value in its form field: a euro amount as "12,50" (as prices are shown), a percentage as it is ("12,5"). */
export function discountText(value: number, type: CouponKind): string {
  return type === 'fixed' ? formatAmountInput(value) : String(value).replace('.', ',');
}
