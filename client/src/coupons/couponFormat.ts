import type { CouponKind } from '../../../common/coupons/coupon.schema';
import { formatAmountInput, formatCurrency } from '../shared/format';

/** Display helpers of the coupons screen (de-DE). */
const numberFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

export type { CouponKind };

export const couponTypeLabels: Record<CouponKind, string> = { percentage: 'Prozent', fixed: 'Betrag' };

/** "12,5 %" for percentages, "7,25 €" for fixed amounts. */
export function formatDiscount(type: CouponKind, discount: number): string {
  return type === 'percentage' ? `${numberFormat.format(discount)} %` : formatCurrency(discount);
}

/** "used / max", "∞" when unlimited. */
export function formatCount(usedAmount: number, maxAmount: number | null | undefined): string {
  return `${usedAmount} / ${maxAmount === null || maxAmount === undefined ? '∞' : maxAmount}`;
}

/** The coupon's value in its form field: a euro amount as "12,50" (as prices are shown), a percentage as it is ("12,5"). */
export function discountText(value: number, type: CouponKind): string {
  return type === 'fixed' ? formatAmountInput(value) : String(value).replace('.', ',');
}
