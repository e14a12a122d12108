/**
 * The data rules of a coupon with their German messages, written once for the server (which
 * enforces them on every write, REST and GraphQL alike) and the coupon dialog (which checks before
 * sending); see docs/administration.md. A discount is required: a percentage from 0 to 100 or
 * euros from 0 to what the column holds; the maximum count is a whole number from 0 within
 * PostgreSQL's integer; dates are instants or null; the end of the validity may not lie before its
 * start, also against the stored dates on an update. Fields left out keep the stored value (or the
 * default on create). usedAmount and the owner are never taken from input. Plain TypeScript.
 */
import { z } from 'zod';
import { dateMessages } from '../validation/dates.js';
import { MAX_DECIMAL, MAX_INT32, numberError, numberMessages, parseNumber, roundTo } from '../validation/numbers.js';
import { anyValue, asRecord, checkedWhenSent, schemaMessages } from '../validation/schema.js';

export const couponTypes = ['percentage', 'fixed'] as const;
export type CouponKind = (typeof couponTypes)[number];

export const couponLimits = { code: 100, description: 2000 } as const;

export const couponFieldMessages = {
  required: schemaMessages.required,
  number: numberMessages.number,
  percent: 'Muss zwischen 0 und 100 liegen',
  maxAmount: 'Muss eine ganze Zahl ab 0 sein',
  maxAmountTooLarge: 'Zahl zu groß',
  code: 'Ungültige Gutscheinnummer',
  description: 'Ungültige Beschreibung',
  maxLength: (max: number) => `Maximal ${max} Zeichen erlaubt.`,
  type: 'Typ muss "percentage" oder "fixed" sein',
  date: 'Ungültiges Datum',
  validityEndBeforeStart: dateMessages.validityEndBeforeStart,
} as const;

/** What a coupon write may change; absent fields keep the stored value (or the default on create). */
export interface CouponChanges {
  code?: string;
  description?: string;
  type?: CouponKind;
  discount?: number;
  maxAmount?: number | null;
  validFrom?: Date | null;
  validTo?: Date | null;
}

/** The stored coupon an update applies to. */
export interface StoredCoupon {
  type: CouponKind;
  validFrom?: Date | null;
  validTo?: Date | null;
}

const INVALID = 'invalid';

/** Epoch ms (REST), a Date (GraphQL) or an ISO text (forms); null or '' clears. */
function instant(value: unknown): Date | null | typeof INVALID {
  if (value === null || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'number' || typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : INVALID;
}

const code = checkedWhenSent(
  (value) => value,
  (value) => (value === null ? null : typeof value !== 'string' ? couponFieldMessages.code : value.trim().length > couponLimits.code ? couponFieldMessages.maxLength(couponLimits.code) : null),
).transform((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined));

const description = checkedWhenSent(
  (value) => value,
  (value) =>
    value !== null && typeof value !== 'string' ? couponFieldMessages.description : String(value ?? '').length > couponLimits.description ? couponFieldMessages.maxLength(couponLimits.description) : null,
).transform((value) => (value === undefined ? undefined : typeof value === 'string' ? value : ''));

const type = checkedWhenSent(
  (value) => value,
  (value) => (value === null || couponTypes.some((kind) => kind === value) ? null : couponFieldMessages.type),
).transform((value) => couponTypes.find((kind) => kind === value));

const validity = checkedWhenSent(instant, (value) => (value === INVALID ? couponFieldMessages.date : null));

/**
 * The maximum count. Text from the dialog must be digits; a number (or a text with a decimal
 * point) from the API has its decimals cut off, as the API always did.
 */
const maxAmount = (wholeTextOnly: boolean) =>
  checkedWhenSent(
    (value) => {
      if (wholeTextOnly && typeof value === 'string' && value.trim() !== '' && !/^\d+$/.test(value.trim())) return Number.NaN;
      return parseNumber(value);
    },
    (count) => (count === null ? null : !Number.isFinite(count) || count < 0 ? couponFieldMessages.maxAmount : Math.trunc(count) > MAX_INT32 ? couponFieldMessages.maxAmountTooLarge : null),
  ).transform((count) => (count === undefined || count === null ? count : Math.trunc(count)));

/** The discount's message for the coupon's type, or null when it fits. */
export function discountError(discount: number | null, kind: CouponKind): string | null {
  if (discount === null) return couponFieldMessages.required;
  if (kind === 'percentage' && Number.isFinite(discount) && (discount < 0 || discount > 100)) return couponFieldMessages.percent;
  return numberError(discount, { max: MAX_DECIMAL });
}

const buildCouponSchema = (stored: StoredCoupon | null, options: { wholeTextOnly: boolean }) =>
  z
    .preprocess(
      asRecord,
      z.object({
        id: code,
        description,
        type,
        discount: anyValue().transform(parseNumber).optional(),
        maxAmount: maxAmount(options.wholeTextOnly),
        validFrom: validity,
        validTo: validity,
      }),
    )
    .superRefine(
      (input, context) => {
        // Create needs a discount; an update checks it only when sent, against the type it will have.
        // A wrong type is named on its own; the discount is then checked against the stored one.
        const kind = couponTypes.find((candidate) => candidate === input.type) ?? stored?.type ?? 'fixed';
        if (stored === null || input.discount !== undefined) {
          const message = discountError(input.discount ?? null, kind);
          if (message) context.addIssue({ code: 'custom', path: ['discount'], message });
        }
        if (input.validFrom === INVALID || input.validTo === INVALID) return;
        const validFrom = input.validFrom !== undefined ? input.validFrom : stored?.validFrom;
        const validTo = input.validTo !== undefined ? input.validTo : stored?.validTo;
        if (validFrom && validTo && validTo.getTime() < validFrom.getTime()) {
          context.addIssue({ code: 'custom', path: [input.validTo !== undefined ? 'validTo' : 'validFrom'], message: couponFieldMessages.validityEndBeforeStart });
        }
      },
      // The discount and the order of the dates are named beside every other wrong field.
      { when: () => true },
    )
    .transform((input): CouponChanges => {
      const changes: CouponChanges = {};
      if (input.id !== undefined) changes.code = input.id;
      if (input.description !== undefined) changes.description = input.description;
      const kind = input.type ?? (stored === null ? 'fixed' : undefined);
      if (kind !== undefined) changes.type = kind;
      if (typeof input.discount === 'number') changes.discount = roundTo(input.discount);
      if (input.maxAmount !== undefined) changes.maxAmount = input.maxAmount;
      // After a successful parse the dates are instants or null.
      if (input.validFrom !== undefined) changes.validFrom = input.validFrom as Date | null;
      if (input.validTo !== undefined) changes.validTo = input.validTo as Date | null;
      return changes;
    });

/**
 * A coupon body from REST or GraphQL: `stored` is the coupon an update applies to, null on create.
 * The result holds only what changes.
 */
export const couponSchema = (stored: StoredCoupon | null) => buildCouponSchema(stored, { wholeTextOnly: false });

/** The coupon dialog: every field is present as typed, the maximum count as digits. */
export const couponFormSchema = buildCouponSchema(null, { wholeTextOnly: true });
