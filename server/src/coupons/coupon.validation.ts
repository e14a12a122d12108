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

const MAX_CODE_LENGTH = 100;
const MAX_DESCRIPTION_LENGTH = 2000;

/** Epoch ms (REST), a Date (GraphQL) or an ISO string; null clears. */
function instant(value: unknown): Date | null | 'invalid' {
  if (value === null || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'number' || typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : 'invalid';
}

function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim().replace(',', '.'));
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * Checks a coupon body from REST or GraphQL (specification 01 section 5, rest-contract 5.8):
 * discount required ("Pflichtfeld"), percentage 0–100, fixed ≥ 0, maxAmount a whole number ≥ 0
 * (decimals are cut off like the original), dates as instants or null. usedAmount and ownerUserId
 * are never taken from a body. `currentType` is the stored type on update.
 */
export function validateCoupon(
  input: Record<string, unknown>,
  isCreate: boolean,
  currentType: CouponType = CouponType.fixed,
): { changes: CouponChanges; fieldErrors: Record<string, string> } {
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
  const type = changes.type ?? currentType;

  if (isCreate || input.discount !== undefined) {
    const discount = numeric(input.discount);
    if (input.discount === undefined || input.discount === null || input.discount === '') fieldErrors.discount = 'Pflichtfeld';
    else if (discount === null) fieldErrors.discount = 'Muss eine Zahl sein';
    else if (type === CouponType.percentage && (discount < 0 || discount > 100)) fieldErrors.discount = 'Muss zwischen 0 und 100 liegen';
    else if (discount < 0) fieldErrors.discount = 'Darf nicht negativ sein';
    else changes.discount = Math.round(discount * 100) / 100;
  }

  if (input.maxAmount !== undefined) {
    if (input.maxAmount === null || input.maxAmount === '') changes.maxAmount = null;
    else {
      const maxAmount = numeric(input.maxAmount);
      if (maxAmount === null || maxAmount < 0) fieldErrors.maxAmount = 'Muss eine ganze Zahl ab 0 sein';
      else if (maxAmount > 2_147_483_647) fieldErrors.maxAmount = 'Zahl zu groß';
      else changes.maxAmount = Math.trunc(maxAmount);
    }
  }

  for (const field of ['validFrom', 'validTo'] as const) {
    if (input[field] === undefined) continue;
    const value = instant(input[field]);
    if (value === 'invalid') fieldErrors[field] = 'Ungültiges Datum';
    else changes[field] = value;
  }
  return { changes, fieldErrors };
}
