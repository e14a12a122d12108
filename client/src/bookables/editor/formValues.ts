import type { BookableFieldsFragment, BookableInput, BookableType } from '../../gql/graphql';
import { formatAmountInput } from '../../shared/format';

/**
 * The values of the bookable form (react-final-form). Field names are those of BookableInput, so
 * every section binds its inputs by name (e.g. "priceCategories[0].priceEur"). What the user types
 * as a number stays text here; the server converts it (comma decimals, integers, empty as null).
 */
export interface PriceCategoryValues {
  priceEur: string;
  priceValueAddedTax: string;
  interval: { start: string; end: string };
  fixedPrice: boolean;
}

/** A refund tier as typed: whole numbers stay text until sent. */
export interface CancellationTierValues {
  daysBefore: string;
  refundPercent: string;
}

export interface CancellationPolicyValues {
  citizenMayCancel: boolean;
  tiers: CancellationTierValues[];
  feeEur: string;
}

export type BookableFormValues = Omit<
  BookableFieldsFragment,
  'id' | 'tenantId' | 'ownerUserId' | 'amount' | 'priceValueAddedTax' | 'minBookingDuration' | 'maxBookingDuration' | 'priceCategories' | 'cancellationPolicy'
> & {
  amount: string;
  priceValueAddedTax: string;
  minBookingDuration: string;
  maxBookingDuration: string;
  priceCategories: PriceCategoryValues[];
  cancellationPolicy: CancellationPolicyValues;
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value).replace('.', ','));

/** A typed price tidied when the field is left: "12,5" becomes "12,50"; text that is no number stays. */
export function tidyPriceText(typed: string): string {
  const trimmed = typed.trim();
  const number = Number(trimmed.replace(',', '.'));
  return trimmed === '' || !Number.isFinite(number) ? typed : formatAmountInput(number);
}

/** A new category: price 0, VAT 0, no flat price, starting where the previous one ends. */
export function newPriceCategory(previous?: PriceCategoryValues): PriceCategoryValues {
  return { priceEur: formatAmountInput(0), priceValueAddedTax: '0', interval: { start: previous?.interval.end ?? '', end: '' }, fixedPrice: false };
}

/** The empty form of a new bookable of the route's type: amount 1. */
export function emptyFormValues(type: BookableType): BookableFormValues {
  return {
    type,
    title: '',
    description: '',
    location: '',
    imgUrl: '',
    tags: [],
    flags: [],
    parent: null,
    eventId: null,
    priceType: 'per_item',
    priceValueAddedTax: '0',
    amount: '1',
    priceCategories: [newPriceCategory()],
    autoCommitBooking: false,
    isBookable: true,
    isPublic: false,
    isScheduleRelated: false,
    minBookingDuration: '',
    maxBookingDuration: '',
    isTimePeriodRelated: false,
    timePeriods: [],
    isOpeningHoursRelated: false,
    allowSeries: false,
    openingHours: [],
    isSpecialOpeningHoursRelated: false,
    specialOpeningHours: [],
    isLongRange: false,
    longRangeOptions: null,
    lockerDetails: { active: false, units: [] },
    attachments: [],
    permittedUsers: [],
    permittedRoles: [],
    freeBookingUsers: [],
    freeBookingRoles: [],
    relatedBookableIds: [],
    checkoutBookableIds: [],
    requiredFields: [],
    bookingNotes: '',
    // As before policies: citizens ask, the staff decide.
    cancellationPolicy: { citizenMayCancel: false, tiers: [], feeEur: '' },
  };
}

/** A stored bookable as form values. */
export function toFormValues(bookable: BookableFieldsFragment): BookableFormValues {
  const { id: _id, tenantId: _tenantId, ownerUserId: _owner, ...rest } = withoutTypename(bookable);
  return {
    ...rest,
    amount: text(bookable.amount),
    priceValueAddedTax: text(bookable.priceValueAddedTax),
    minBookingDuration: text(bookable.minBookingDuration),
    maxBookingDuration: text(bookable.maxBookingDuration),
    // The price fields bind to the first category, so the form always has one.
    priceCategories: bookable.priceCategories.length
      ? bookable.priceCategories.map((category) => ({
          // A price comes back as it is written: 12,50, not 12,5.
          priceEur: formatAmountInput(category.priceEur),
          priceValueAddedTax: text(category.priceValueAddedTax),
          interval: { start: text(category.interval.start), end: text(category.interval.end) },
          fixedPrice: category.fixedPrice,
        }))
      : [newPriceCategory()],
    cancellationPolicy: {
      citizenMayCancel: bookable.cancellationPolicy.citizenMayCancel,
      tiers: bookable.cancellationPolicy.tiers.map((tier) => ({ daysBefore: String(tier.daysBefore), refundPercent: String(tier.refundPercent) })),
      feeEur: bookable.cancellationPolicy.feeEur > 0 ? formatAmountInput(bookable.cancellationPolicy.feeEur) : '',
    },
  };
}

/** A typed whole number or decimal as the API's number; text that is none (which the rules refuse first) becomes 0. */
const numberOf = (value: string): number => {
  const number = Number(value.trim().replace(',', '.'));
  return value.trim() === '' || !Number.isFinite(number) ? 0 : number;
};

/** The policy as the mutation sends it: rows left wholly empty are dropped, as the server drops them. */
export function policyInput(policy: CancellationPolicyValues): BookableInput['cancellationPolicy'] {
  return {
    citizenMayCancel: policy.citizenMayCancel,
    tiers: policy.tiers.filter((tier) => tier.daysBefore.trim() !== '' || tier.refundPercent.trim() !== '').map((tier) => ({ daysBefore: numberOf(tier.daysBefore), refundPercent: numberOf(tier.refundPercent) })),
    feeEur: numberOf(policy.feeEur),
  };
}

/** Text that is a number (comma or dot), else ''. */
export function numericOrEmpty(value: string): string {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed.replace(',', '.'))) ? trimmed : '';
}

/** Interval bounds are numbers for the API; empty (or not a number) is an open bound. */
function bound(value: string): number | null {
  const number = Number(value.trim().replace(',', '.'));
  return value.trim() === '' || !Number.isFinite(number) ? null : number;
}

/** Strips GraphQL's __typename from nested objects, which inputs do not accept. */
function withoutTypename<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutTypename) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== '__typename').map(([key, item]) => [key, withoutTypename(item)])) as T;
  }
  return value;
}

/** The form values as the mutation's input. */
export function toInput(values: BookableFormValues): BookableInput {
  const clean = withoutTypename(values);
  // A single price without intervals (the simple mode) shows no VAT of its own: it takes the general rate.
  const simple = clean.priceCategories.length === 1 && clean.priceCategories.every((category) => !category.interval.start.trim() && !category.interval.end.trim());
  return {
    ...clean,
    // A duration that is not a number becomes empty (null on the server), as the save rules in common/bookables/bookable.schema.ts do.
    minBookingDuration: numericOrEmpty(clean.minBookingDuration),
    maxBookingDuration: numericOrEmpty(clean.maxBookingDuration),
    priceCategories: clean.priceCategories.map((category) => ({
      priceEur: category.priceEur,
      priceValueAddedTax: simple ? clean.priceValueAddedTax : category.priceValueAddedTax,
      interval: { start: bound(category.interval.start), end: bound(category.interval.end) },
      fixedPrice: category.fixedPrice,
    })),
    cancellationPolicy: policyInput(clean.cancellationPolicy),
  };
}
