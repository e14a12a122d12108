import { couponSchema, type CouponChanges as ParsedChanges, type StoredCoupon } from '../../../common/coupons/coupon.schema.js';
import { parseInput } from '../shared/schema-input.js';
import { CouponType } from './coupon.entity.js';

/**
 * The server's part of a coupon write: the rules and their German messages are the schema in
 * common/coupons/coupon.schema.ts (docs/administration.md), shared with the coupon dialog.
 */

/** What a coupon write may change, with the entity's type; absent fields keep the stored value. */
export type CouponChanges = Omit<ParsedChanges, 'type'> & { type?: CouponType };

/**
 * The changes a coupon body from REST or GraphQL makes; wrong input is a 400 / GENERIC_VALIDATION
 * naming every wrong field. `current` is the stored coupon on update, null on create.
 */
export function couponChanges(input: unknown, current: StoredCoupon | null): CouponChanges {
  const { type, ...changes } = parseInput(couponSchema(current), input);
  return { ...changes, ...(type ? { type: CouponType[type] } : {}) };
}
