import { dateMessages } from '../../../common/validation/dates.js';
import { MAX_DECIMAL, MAX_INT32, numberError, parseNumber, roundTo } from '../../../common/validation/numbers.js';
import { CouponType } from './coupon.entity.js';

/** What a coupon write may change; absent fields keep the stored value (or the default on create). */
export interface CouponChanges {
  code?: string;
  description?: string;
  type?: CouponType;
  discount?: number;
  maxAmount?: number | null;
  validFrom?: Date | null;
  validTo?: Date | null;
}

/** The stored coupon an update applies to. */
export interface StoredCoupon {
  type: CouponType;
  validFrom?: Date | null;
  validTo?: Date | null;
}

const MAX_CODE_LENGTH = 100;
const MAX_DESCRIPTION_LENGTH = 2000;

/** Epoch ms (REST), a Date (GraphQL) or an ISO string; null clears. */
function instant(value: unknown): Date | null | 'invalid' {
  if (value === null || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'number' || typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : 'invalid';
}

/**
 * Checks a coupon body from REST or GraphQL:
 * discount required ("Pflichtfeld"), percentage 0–100, fixed from 0 to MAX_DECIMAL euros, maxAmount
 * a whole number from 0 to what the integer column holds (decimals are cut off like the original),
 * dates as instants or null, the end of the validity not before its start (also against the stored
 * dates on update). usedAmount and ownerUserId are never taken from a body. `current` is the stored
 * coupon on update, null on create.
 */
export function validateCoupon(input: Record<string, unknown>, current: StoredCoupon | null): { changes: CouponChanges; fieldErrors: Record<string, string> } {
  const isCreate = current === null;
  const changes: CouponChanges = {};
  const fieldErrors: Record<string, string> = {};

  if (input.id !== undefined && input.id !== null) {
    if (typeof input.id !== 'string') fieldErrors.id = 'Ungültige Gutscheinnummer';
    else if (input.id.trim().length > MAX_CODE_LENGTH) fieldErrors.id = `Maximal ${MAX_CODE_LENGTH} Zeichen erlaubt.`;
    else if (input.id.trim() !== '') changes.code = input.id.trim();
  }

  if (input.description !== undefined) {
    if (input.description !== null && typeof input.description !== 'string') fieldErrors.description = 'Ungültige Beschreibung';
    else if ((input.description ?? '').length > MAX_DESCRIPTION_LENGTH) fieldErrors.description = `Maximal ${MAX_DESCRIPTION_LENGTH} Zeichen erlaubt.`;
    else changes.description = input.description ?? '';
  }

  if (input.type !== undefined && input.type !== null) {
    if (input.type !== CouponType.percentage && input.type !== CouponType.fixed) fieldErrors.type = 'Typ muss "percentage" oder "fixed" sein';
    else changes.type = input.type;
  } else if (isCreate) {
    changes.type = CouponType.fixed;
  }
  const type = changes.type ?? current?.type ?? CouponType.fixed;

  if (isCreate || input.discount !== undefined) {
    const discount = parseNumber(input.discount);
    const outOfBounds = discount === null ? null : numberError(discount, { max: MAX_DECIMAL });
    if (discount === null) fieldErrors.discount = 'Pflichtfeld';
    else if (type === CouponType.percentage && Number.isFinite(discount) && (discount < 0 || discount > 100)) fieldErrors.discount = 'Muss zwischen 0 und 100 liegen';
    else if (outOfBounds) fieldErrors.discount = outOfBounds;
    else changes.discount = roundTo(discount);
  }

  if (input.maxAmount !== undefined) {
    const maxAmount = parseNumber(input.maxAmount);
    if (maxAmount === null) changes.maxAmount = null;
    else if (!Number.isFinite(maxAmount) || maxAmount < 0) fieldErrors.maxAmount = 'Muss eine ganze Zahl ab 0 sein';
    else if (Math.trunc(maxAmount) > MAX_INT32) fieldErrors.maxAmount = 'Zahl zu groß';
    else changes.maxAmount = Math.trunc(maxAmount);
  }

  for (const field of ['validFrom', 'validTo'] as const) {
    if (input[field] === undefined) continue;
    const value = instant(input[field]);
    if (value === 'invalid') fieldErrors[field] = 'Ungültiges Datum';
    else changes[field] = value;
  }
  const validFrom = changes.validFrom !== undefined ? changes.validFrom : current?.validFrom;
  const validTo = changes.validTo !== undefined ? changes.validTo : current?.validTo;
  if (!fieldErrors.validFrom && !fieldErrors.validTo && validFrom && validTo && validTo.getTime() < validFrom.getTime()) {
    fieldErrors[changes.validTo !== undefined ? 'validTo' : 'validFrom'] = dateMessages.validityEndBeforeStart;
  }
  return { changes, fieldErrors };
}
