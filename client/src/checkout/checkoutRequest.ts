import type { CheckoutInput } from '../gql/graphql';

/**
 * The booking form's values and what they become: the checkout request, and where a refusal of
 * the server belongs on the page. Pure.
 */

export interface ChosenPeriod {
  /** ISO instants. */
  begin: string;
  end: string;
}

/** A chosen time from instants in epoch ms. */
export function periodOf(begin: number, end: number): ChosenPeriod {
  return { begin: new Date(begin).toISOString(), end: new Date(end).toISOString() };
}

export interface CheckoutValues {
  period: ChosenPeriod | null;
  amount: string;
  /** Chosen checkout options by object id. */
  options: Record<string, boolean>;
  name: string;
  mail: string;
  company: string;
  street: string;
  zipCode: string;
  location: string;
  phone: string;
  comment: string;
  /** Consent per document, keyed by `consentKey`. */
  consents: Record<string, boolean>;
  couponCode: string;
  paymentProvider: string;
}

/** A document a booking asks consent for, from one of the booked objects. */
export interface ConsentDocument {
  /** The form's key: the attachment id may hold characters a field path cannot. */
  key: string;
  attachmentId: string;
  title: string;
  caption: string;
  url: string;
  required: boolean;
}

export function consentKey(bookableId: string, attachmentIndex: number): string {
  return `${bookableId}_${attachmentIndex}`;
}

/** The documents of the booked objects shown at checkout: those marked to show, and the required ones. */
export function consentDocuments(bookables: readonly { id: string; attachments: readonly { id: string; title: string; caption: string; url: string; required: boolean; show: boolean }[] }[]): ConsentDocument[] {
  return bookables.flatMap((bookable) =>
    bookable.attachments.flatMap((attachment, index) =>
      attachment.show || attachment.required
        ? [{ key: consentKey(bookable.id, index), attachmentId: attachment.id, title: attachment.title, caption: attachment.caption, url: attachment.url, required: attachment.required }]
        : [],
    ),
  );
}

/** The amount field as a whole number from 1, or null. */
export function parseAmount(text: string): number | null {
  const amount = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(amount) && amount >= 1 ? amount : null;
}

export interface RequestContext {
  bookableId: string;
  /** The object's checkout options in their order; the mandatory ones among them are always booked. */
  optionIds: readonly string[];
  mandatoryOptionIds: readonly string[];
  documents: readonly ConsentDocument[];
  /** Whether the tenant's payment choice applies (something to pay and an active payment app). */
  paymentNeeded: boolean;
}

const orNull = (text: string) => text.trim() || null;

/**
 * The checkout input: the object first, then its chosen and mandatory options with the same
 * amount (the server books mandatory ones anyway); the coupon as typed; consent per document.
 * `withCustomer` false leaves the customer's data out (the price preview needs none).
 */
export function checkoutInput(values: CheckoutValues, context: RequestContext, withCustomer: boolean): CheckoutInput {
  const amount = parseAmount(values.amount) ?? 1;
  const options = context.optionIds.filter((id) => context.mandatoryOptionIds.includes(id) || values.options[id]);
  const input: CheckoutInput = {
    bookableItems: [context.bookableId, ...options].map((bookableId) => ({ bookableId, amount })),
    timeBegin: values.period?.begin ?? null,
    timeEnd: values.period?.end ?? null,
    couponCode: orNull(values.couponCode),
  };
  if (!withCustomer) return input;
  return {
    ...input,
    name: values.name.trim(),
    mail: values.mail.trim(),
    company: orNull(values.company),
    street: orNull(values.street),
    zipCode: orNull(values.zipCode),
    location: orNull(values.location),
    phone: orNull(values.phone),
    comment: orNull(values.comment),
    attachmentStatus: context.documents.map((document) => ({ id: document.attachmentId, accepted: values.consents[document.key] === true })),
    paymentProvider: context.paymentNeeded ? orNull(values.paymentProvider) : null,
  };
}

export type RefusedField = 'period' | 'amount' | 'couponCode';

const periodCodes = ['BOOKING_TIME_MISSING', 'BOOKING_TIME_INVALID', 'BOOKING_IN_PAST', 'BOOKING_FIXED_TIME', 'BOOKING_OPENING_HOURS', 'BOOKING_MIN_DURATION', 'BOOKING_MAX_DURATION', 'BOOKING_ADVANCE_LIMIT'];
const occupancyCodes = ['BOOKING_CAPACITY', 'BOOKING_PARENT_UNAVAILABLE', 'BOOKING_CHILD_BOOKED', 'BOOKING_NO_PRICE'];

/**
 * The field a refusal of the server concerns: the coupon, the chosen time, or the amount (what is
 * taken or priced is the time for objects booked by time, the amount otherwise). Null for the rest.
 */
export function refusedField(code: string | undefined, timeRelated: boolean): RefusedField | null {
  if (!code) return null;
  if (code === 'BOOKING_COUPON_INVALID' || code === 'BOOKING_COUPON_USED_UP') return 'couponCode';
  if (periodCodes.includes(code)) return 'period';
  if (occupancyCodes.includes(code)) return timeRelated ? 'period' : 'amount';
  if (code === 'BOOKING_AMOUNT_INVALID' || code === 'BOOKING_EVENT_FULL') return 'amount';
  return null;
}

/**
 * The server's field names as the form's: an item's amount is the amount, the window's begin and end
 * (the tenant's booking horizon) the chosen time, a document's consent its checkbox.
 */
export function serverFieldNames(documents: readonly ConsentDocument[]): Record<string, string> {
  const names: Record<string, string> = { 'bookableItems.0.amount': 'amount', timeBegin: 'period', timeEnd: 'period' };
  for (const document of documents) names[`attachmentStatus.${document.attachmentId}`] = `consents.${document.key}`;
  return names;
}
