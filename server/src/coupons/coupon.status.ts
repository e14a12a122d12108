/**
 * The derived states of a coupon. Plain
 * TypeScript without Node imports: the client shows the same status the server enforces.
 */
export interface CouponState {
  maxAmount?: number | null;
  usedAmount: number;
  /** Epoch ms, a Date or an ISO string; null or absent = open. */
  validFrom?: Date | string | number | null;
  validTo?: Date | string | number | null;
}

const time = (value: Date | string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
};

/** Inactive if now is after validTo or before validFrom, else active. */
export function isCouponActive(coupon: CouponState, now = Date.now()): boolean {
  const from = time(coupon.validFrom);
  const to = time(coupon.validTo);
  if (to !== null && now > to) return false;
  if (from !== null && now < from) return false;
  return true;
}

/** "Keine Gutscheine mehr verfügbar": maxAmount set and not greater than usedAmount. */
export function isCouponExhausted(coupon: CouponState): boolean {
  return coupon.maxAmount !== null && coupon.maxAmount !== undefined && coupon.maxAmount <= coupon.usedAmount;
}

/** Usable now: not used up and inside its validity period. */
export function isCouponValid(coupon: CouponState, now = Date.now()): boolean {
  return !isCouponExhausted(coupon) && isCouponActive(coupon, now);
}
