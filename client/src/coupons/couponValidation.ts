import { dateMessages } from '../../../common/validation/dates';
import { MAX_DECIMAL, MAX_INT32, numberError } from '../../../common/validation/numbers';
import { parseDecimal } from '../shared/format';
import { type Validator, validationMessages } from '../shared/validation';
import type { CouponKind } from './couponFormat';

/**
 * The coupon dialog's field rules, the same the server enforces (coupon.validation.ts) with its
 * German messages: a value as percent (0–100) or euros within what the column holds, a whole
 * maximum count within PostgreSQL's integer, the end of the validity not before its start.
 */

/** What the rules read of the other fields. */
interface CouponFields {
  type: CouponKind;
  /** ISO string from the picker, null when cleared. */
  validFrom: string | null;
}

export const discountValidator: Validator = (value, all) => {
  const text = String(value ?? '').trim();
  if (text === '') return validationMessages.required;
  const number = parseDecimal(text);
  if (number === null) return 'Muss eine Zahl sein';
  if ((all as CouponFields).type === 'percentage' && (number < 0 || number > 100)) return 'Muss zwischen 0 und 100 liegen';
  return numberError(number, { max: MAX_DECIMAL }) ?? undefined;
};

export const maxAmountValidator: Validator = (value) => {
  const text = String(value ?? '').trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text)) return 'Muss eine ganze Zahl ab 0 sein';
  return Number(text) > MAX_INT32 ? 'Zahl zu groß' : undefined;
};

export const validToValidator: Validator = (value, all) => {
  const { validFrom } = all as CouponFields;
  if (!value || !validFrom) return undefined;
  return Date.parse(String(value)) < Date.parse(validFrom) ? dateMessages.validityEndBeforeStart : undefined;
};
