/**
 * The checkout's input, described once: the server parses REST bodies and GraphQL inputs with
 * these schemas, and the booking page validates its customer fields with them, so the German
 * messages come from one place. What a checkout checks and answers is in docs/bookings.md
 * ("Checkout") and docs/api.md. Plain TypeScript.
 */
import { z } from 'zod';
import { anyValue, asRecord, looseObject, optionalChoice, optionalInstant, optionalMail, schemaMessages, trimmedText, visibleOnly } from '../validation/schema.js';
import { customerFields, type CustomerFields } from './customer.js';
import { paymentMethods } from './labels.js';
import { optionalSeriesSchema } from './series.js';

/** Objects per booking: the lead object and its options; far more is no real booking. */
export const MAX_ITEMS = 50;
/** Pieces of one object per booking. */
export const MAX_AMOUNT = 100_000;
/** Each of the customer's fields but the notes. */
export const MAX_CUSTOMER_TEXT = 1000;
/** The customer's notes on the booking. */
export const MAX_COMMENT = 5000;
export const MAX_COUPON_CODE = 200;

export const paymentProviders = ['giroCockpit', 'pmPayment', 'invoice', 'testPayment'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export const checkoutMessages = {
  noItems: 'Bitte wählen Sie mindestens ein Objekt.',
  tooManyItems: `Höchstens ${MAX_ITEMS} Objekte je Buchung`,
  amount: `Die Anzahl muss eine ganze Zahl von 1 bis ${MAX_AMOUNT} sein.`,
  duplicateItem: 'Jedes Objekt nur einmal je Buchung',
  unknownProvider: 'Unbekannter Zahlungsanbieter',
  unknownMethod: 'Unbekannte Zahlungsart',
  /** The booking page asks for the mail in its own words; the server answers "Pflichtfeld". */
  mailRequired: 'E-Mail ist erforderlich',
} as const;

/** An object's id as sent: trimmed text; '' for anything else. */
const idText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** An object's id, required. */
const bookableId = anyValue().transform((value, context) => {
  const id = idText(value);
  if (!id) context.addIssue({ code: 'custom', message: schemaMessages.required });
  return id;
});

/** Pieces of an object: 1 when absent, else a whole number from 1 to MAX_AMOUNT. */
const amount = anyValue().transform((value, context) => {
  const parsed = value === null || value === '' ? 1 : Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_AMOUNT) context.addIssue({ code: 'custom', message: checkoutMessages.amount });
  return parsed;
});

/** One booked object: its id and how many. */
export const bookingItemShape = { bookableId, amount };

/**
 * The booked objects: at least one, at most MAX_ITEMS, each object once. The list is checked as a
 * whole first (a missing list is one message, not one per item), then every item with its index.
 */
export function bookingItemsOf<Item extends { bookableId: string }>(item: z.ZodType<Item>) {
  const items = z.array(item);
  return anyValue().transform((value, context): Item[] => {
    if (!Array.isArray(value) || value.length === 0) {
      context.addIssue({ code: 'custom', message: checkoutMessages.noItems });
      return [];
    }
    if (value.length > MAX_ITEMS) {
      context.addIssue({ code: 'custom', message: checkoutMessages.tooManyItems });
      return [];
    }
    const parsed = items.safeParse(value);
    if (!parsed.success) for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    // Read from the raw items, so that duplicates are named beside any other wrong field.
    const ids = value.map((raw) => idText(asRecord(raw).bookableId));
    ids.forEach((id, index) => {
      if (ids.indexOf(id) < index) context.addIssue({ code: 'custom', message: checkoutMessages.duplicateItem, path: [index, 'bookableId'] });
    });
    return parsed.success ? parsed.data : [];
  });
}

export const bookingItemSchema = looseObject(bookingItemShape);
export const bookingItemsSchema = bookingItemsOf(bookingItemSchema);
export type BookingItem = z.output<typeof bookingItemSchema>;

/** The time window; either end may be absent (objects without times, tickets). */
export const timeWindowShape = { timeBegin: optionalInstant, timeEnd: optionalInstant };

/** The customer's fields: trimmed text, the notes longer, the mail when given a mail address. */
export const customerShape = {
  // Names show in the staff's lists: no invisible controls that could disguise an entry.
  name: visibleOnly(trimmedText(MAX_CUSTOMER_TEXT)),
  company: visibleOnly(trimmedText(MAX_CUSTOMER_TEXT)),
  street: trimmedText(MAX_CUSTOMER_TEXT),
  zipCode: trimmedText(MAX_CUSTOMER_TEXT),
  location: trimmedText(MAX_CUSTOMER_TEXT),
  mail: optionalMail(MAX_CUSTOMER_TEXT),
  phone: trimmedText(MAX_CUSTOMER_TEXT),
  comment: trimmedText(MAX_COMMENT),
} satisfies Record<(typeof customerFields)[number], z.ZodType>;

export const customerSchema = looseObject(customerShape);

/** The customer's fields of a flat body, in the order of `customerFields`. */
export const customerOf = (input: CustomerFields): CustomerFields => Object.fromEntries(customerFields.map((field) => [field, input[field]])) as unknown as CustomerFields;

export type CustomerField = (typeof customerFields)[number];

/**
 * The customer's fields as a form validates them: the shape above, and the `requiredFields`
 * filled in. The booking page requires name, mail and what the booked objects require, and asks
 * for the mail in its own words (`mailRequired`); the staff's booking form requires the mail of a
 * new booking.
 */
export function customerFormSchema(requiredFields: readonly string[], messages: { mailRequired?: string } = {}) {
  return customerSchema.superRefine((customer, context) => {
    for (const field of customerFields) {
      if (!requiredFields.includes(field) || customer[field]) continue;
      context.addIssue({ code: 'custom', message: field === 'mail' ? (messages.mailRequired ?? schemaMessages.required) : schemaMessages.required, path: [field] });
    }
  });
}

/** What the booking page requires of the customer besides the fields the booked objects name. */
export const checkoutCustomerSchema = (requiredFields: readonly string[]) => customerFormSchema(['name', 'mail', ...requiredFields], { mailRequired: checkoutMessages.mailRequired });

export const paymentProviderSchema = optionalChoice(paymentProviders, checkoutMessages.unknownProvider);
/** A payment method staff record; '' when none. */
export const paymentMethodSchema = optionalChoice(paymentMethods as [string, ...string[]], checkoutMessages.unknownMethod).transform((method) => method ?? '');

/** The consent to each document: anything but `accepted: true` is no consent. */
const attachmentStatus = anyValue().transform((value) =>
  Array.isArray(value) ? value.map(asRecord).map((entry) => ({ id: String(entry.id ?? ''), accepted: entry.accepted === true })) : [],
);

/** A coupon code; '' is none. */
const couponCode = trimmedText(MAX_COUPON_CODE).transform((code) => code || null);

/**
 * POST checkout (REST body, GraphQL CheckoutInput): the whole input checked at once, so the answer
 * names every wrong field; the booking rules come afterwards.
 */
export const checkoutSchema = looseObject({
  bookableItems: bookingItemsSchema,
  ...timeWindowShape,
  couponCode,
  ...customerShape,
  attachmentStatus,
  paymentProvider: paymentProviderSchema,
  series: optionalSeriesSchema,
}).transform(({ bookableItems, timeBegin, timeEnd, couponCode, attachmentStatus, paymentProvider, series, ...customer }) => ({
  timeBegin,
  timeEnd,
  items: bookableItems,
  couponCode,
  customer: customerOf(customer),
  attachmentStatus,
  paymentProvider,
  /** Book the window repeatedly by this rule (series.ts); null books it once. */
  series,
}));

export type CheckoutRequest = z.output<typeof checkoutSchema>;

/** A coupon code where a wrong one only means no discount: text or nothing. */
const lenientCouponCode = anyValue().transform((value) => (typeof value === 'string' && value.trim() ? value.trim() : null));

/**
 * POST checkout/validateItem (GraphQL checkoutItemPrices): one object, its amount, the window and
 * the coupon. Its errors name the object as the first item (`bookableItems.0.amount`), as a
 * checkout's would.
 */
export const checkoutItemSchema = z.preprocess(
  (value) => {
    const input = asRecord(value);
    return { bookableItems: [{ bookableId: input.bookableId, amount: input.amount }], timeBegin: input.timeBegin, timeEnd: input.timeEnd, couponCode: input.couponCode };
  },
  z.object({ bookableItems: bookingItemsSchema, ...timeWindowShape, couponCode: lenientCouponCode }),
);

export type CheckoutItemRequest = z.output<typeof checkoutItemSchema>;
