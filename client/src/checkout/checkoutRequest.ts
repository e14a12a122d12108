import type { CheckoutInput } from '../gql/graphql';
import type { SeriesValues } from '../bookings/series/seriesRequest';

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
  /** The amount of each of the event's tickets by object id, when the page offers them together. */
  tickets: Record<string, string>;
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
  /** "Regelmäßig buchen": the series rule while switched on. */
  series: SeriesValues;
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

/** An amount field's text as a whole number from `min`, or null. */
function wholeNumberFrom(text: string, min: number): number | null {
  const amount = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(amount) && amount >= min ? amount : null;
}

/** The amount field as a whole number from 1, or null. */
export const parseAmount = (text: string): number | null => wholeNumberFrom(text, 1);

/** A ticket's amount field as a whole number from 0, or null. */
export const parseTicketAmount = (text: string): number | null => wholeNumberFrom(text, 0);

/** The message at an amount field: a whole number from `min` up to what may be booked at once (`max`; null: no limit). */
export function amountProblem(text: string, min: 0 | 1, max: number | null): string | undefined {
  const amount = wholeNumberFrom(text, min);
  if (amount === null) return `Bitte geben Sie eine ganze Zahl ab ${min} ein.`;
  return max !== null && amount > max ? `Höchstens ${max} verfügbar.` : undefined;
}

/** The form's field for the choice of tickets as a whole (at least one, not more than the seats left). */
export const TICKET_CHOICE_FIELD = 'ticketChoice';

/** The form's field of one ticket's amount. */
export const ticketField = (bookableId: string) => `tickets.${bookableId}`;

/** The message at one ticket's amount: a whole number from 0 up to what may be booked at once. */
export const ticketAmountProblem = (text: string, max: number | null): string | undefined => amountProblem(text, 0, max);

/** The message at the choice of tickets: none chosen, or more together than the event has seats left. */
export function ticketChoiceProblem(tickets: Record<string, string>, ticketIds: readonly string[], seatsLeft: number | null): string | undefined {
  const total = ticketIds.reduce((sum, id) => sum + (parseTicketAmount(tickets[id] ?? '') ?? 0), 0);
  if (total === 0) return 'Bitte wählen Sie mindestens ein Ticket.';
  if (seatsLeft !== null && total > seatsLeft) return seatsLeft === 1 ? 'Zusammen ist nur noch 1 Platz frei.' : `Zusammen sind nur noch ${seatsLeft} Plätze frei.`;
  return undefined;
}

export interface RequestContext {
  bookableId: string;
  /** The event's tickets the page offers together, in their order; empty when the object is booked alone. */
  ticketIds: readonly string[];
  /** The object's checkout options in their order; the mandatory ones among them are always booked. */
  optionIds: readonly string[];
  mandatoryOptionIds: readonly string[];
  documents: readonly ConsentDocument[];
  /** Whether the tenant's payment choice applies (something to pay and an active payment app). */
  paymentNeeded: boolean;
}

const orNull = (text: string) => text.trim() || null;

/**
 * What is booked before the options: the object with its amount, or of the event's tickets offered
 * together each one chosen at least once, with its amount, in the page's order.
 */
export function bookedItems(values: Pick<CheckoutValues, 'amount' | 'tickets'>, context: Pick<RequestContext, 'bookableId' | 'ticketIds'>): { bookableId: string; amount: number }[] {
  if (context.ticketIds.length === 0) return [{ bookableId: context.bookableId, amount: parseAmount(values.amount) ?? 1 }];
  return context.ticketIds.flatMap((bookableId) => {
    const amount = parseTicketAmount(values.tickets[bookableId] ?? '') ?? 0;
    return amount > 0 ? [{ bookableId, amount }] : [];
  });
}

/**
 * The checkout input: the object (or the chosen tickets) first, then its chosen and mandatory
 * options with the amount booked in all (the server books mandatory ones anyway); the coupon as
 * typed; consent per document. `withCustomer` false leaves the customer's data out (the price
 * preview needs none).
 */
export function checkoutInput(values: CheckoutValues, context: RequestContext, withCustomer: boolean): CheckoutInput {
  const booked = bookedItems(values, context);
  const amount = Math.max(1, booked.reduce((sum, item) => sum + item.amount, 0));
  const options = context.optionIds.filter((id) => context.mandatoryOptionIds.includes(id) || values.options[id]);
  const input: CheckoutInput = {
    bookableItems: [...booked, ...options.map((bookableId) => ({ bookableId, amount }))],
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
 * The server's field names as the form's: the booked object's amount is the amount, a ticket's its
 * own amount field (by its place among the sent items), the window's begin and end (the tenant's
 * booking horizon) the chosen time, a document's consent its checkbox.
 */
export function serverFieldNames(documents: readonly ConsentDocument[], items: readonly { bookableId: string | number }[], context: Pick<RequestContext, 'bookableId' | 'ticketIds'>): Record<string, string> {
  const names: Record<string, string> = { timeBegin: 'period', timeEnd: 'period' };
  items.forEach((item, index) => {
    const bookableId = String(item.bookableId);
    if (context.ticketIds.includes(bookableId)) names[`bookableItems.${index}.amount`] = ticketField(bookableId);
    else if (context.ticketIds.length === 0 && index === 0 && bookableId === context.bookableId) names[`bookableItems.${index}.amount`] = 'amount';
  });
  for (const document of documents) names[`attachmentStatus.${document.attachmentId}`] = `consents.${document.key}`;
  return names;
}

/** The form's field a refusal belongs to: with the event's tickets offered together, the amount is their choice. */
export function shownRefusalField(field: RefusedField | null, ticketsOffered: boolean): RefusedField | typeof TICKET_CHOICE_FIELD | null {
  return field === 'amount' && ticketsOffered ? TICKET_CHOICE_FIELD : field;
}
