import { bookingEditMessages } from '../../../../common/bookings/booking-edit.schema';
import { customerFormSchema } from '../../../../common/bookings/checkout.schema';
import type { CustomerFields } from '../../../../common/bookings/customer';
import type { BookingInput, StaffBookingDetailsFragment } from '../../gql/graphql';
import { MAX_DECIMAL, numberError } from '../../../../common/validation/numbers';
import { formatAmountInput, parseDecimal } from '../../shared/format';
import { schemaValidate } from '../../shared/forms/schemaValidate';
import type { Validator } from '../../shared/validation';

/** One booked object in the edit form; the price is text as typed ("12,50"), empty: computed by the server. */
export interface BookedObjectValue {
  bookableId: string;
  title: string;
  amount: number;
  userGrossPriceEur: string;
}

export interface BookingFormValues extends CustomerFields {
  bookableItems: BookedObjectValue[];
  /** ISO strings from the picker (Europe/Berlin), null when empty. */
  timeBegin: string | null;
  timeEnd: string | null;
  paymentMethod: string;
  isPayed: boolean;
  /** Where the booking stands on the workflow board: a state id, "backlog" or "archive". */
  workflowStatus: string;
}

/**
 * The amount buttons of a booked object: + adds one, − takes one away, and − at one removes the
 * object from the booking.
 */
export function changeAmount(items: readonly BookedObjectValue[], index: number, change: 1 | -1): BookedObjectValue[] {
  const item = items[index];
  if (!item) return [...items];
  if (change === -1 && item.amount <= 1) return items.filter((_, position) => position !== index);
  return items.map((entry, position) => (position === index ? { ...entry, amount: entry.amount + change } : entry));
}

/** Adds an object; one already booked gets one more instead of a second line. */
export function addObject(items: readonly BookedObjectValue[], object: { id: string; title: string }): BookedObjectValue[] {
  const index = items.findIndex((item) => item.bookableId === object.id);
  if (index >= 0) return changeAmount(items, index, 1);
  return [...items, { bookableId: object.id, title: object.title, amount: 1, userGrossPriceEur: '' }];
}

/** The form of a stored booking, or an empty one for a new booking. */
export function bookingFormValues(booking: StaffBookingDetailsFragment | null): BookingFormValues {
  return {
    bookableItems:
      booking?.items.map((item) => ({ bookableId: item.bookableId, title: item.bookable.title, amount: item.amount, userGrossPriceEur: formatAmountInput(item.userGrossPriceEur) })) ?? [],
    timeBegin: booking?.timeBegin ?? null,
    timeEnd: booking?.timeEnd ?? null,
    name: booking?.name ?? '',
    company: booking?.company ?? '',
    street: booking?.street ?? '',
    zipCode: booking?.zipCode ?? '',
    location: booking?.location ?? '',
    mail: booking?.mail ?? '',
    phone: booking?.phone ?? '',
    comment: booking?.comment ?? '',
    paymentMethod: booking?.paymentMethod ?? '',
    isPayed: booking?.isPayed ?? false,
    workflowStatus: booking?.workflowStatus ?? BACKLOG_STATUS,
  };
}

/** The workflow places that are no state, as the booking editor names them. */
export const BACKLOG_STATUS = 'backlog';
export const ARCHIVE_STATUS = 'archive';

/**
 * What saveBooking receives: a stored booking keeps its number, a new one gets none. The workflow
 * place is sent only when it was changed, so saving other fields never moves the card.
 */
export function bookingInput(values: BookingFormValues, id: string | null, startWorkflowStatus: string | null = null): BookingInput {
  const text = (value: string) => value.trim();
  return {
    ...(id ? { id } : {}),
    bookableItems: values.bookableItems.map((item) => ({ bookableId: item.bookableId, amount: item.amount, userGrossPriceEur: parseDecimal(item.userGrossPriceEur) })),
    timeBegin: values.timeBegin ? new Date(values.timeBegin).toISOString() : null,
    timeEnd: values.timeEnd ? new Date(values.timeEnd).toISOString() : null,
    name: text(values.name),
    company: text(values.company),
    street: text(values.street),
    zipCode: text(values.zipCode),
    location: text(values.location),
    mail: text(values.mail),
    phone: text(values.phone),
    comment: text(values.comment),
    paymentMethod: values.paymentMethod,
    isPayed: values.isPayed,
    ...(id && startWorkflowStatus !== null && values.workflowStatus !== startWorkflowStatus ? { workflowStatus: values.workflowStatus } : {}),
  };
}

export const bookingFormMessages = {
  noObject: 'Bitte wählen Sie mindestens ein Buchungsobjekt aus.',
  endBeforeBegin: bookingEditMessages.endBeforeBegin,
  notANumber: 'Muss eine Zahl sein',
  negative: 'Darf nicht negativ sein',
} as const;

/**
 * The customer's fields with the server's schema: the mail required for a new booking and a mail
 * address whenever given, every field within its length.
 */
export const customerValidator = (isNew: boolean) => schemaValidate<BookingFormValues>(customerFormSchema(isNew ? ['mail'] : []));

export const unitPriceValidator: Validator = (value) => {
  const text = String(value ?? '').trim();
  if (!text) return undefined;
  const price = parseDecimal(text);
  if (price === null) return bookingFormMessages.notANumber;
  // From 0 to what the price column holds, as the server checks.
  return numberError(price, { max: MAX_DECIMAL }) ?? undefined;
};

export const endValidator: Validator = (value, all) => {
  const begin = (all as BookingFormValues).timeBegin;
  if (!value || !begin) return undefined;
  return Date.parse(String(value)) > Date.parse(begin) ? undefined : bookingFormMessages.endBeforeBegin;
};

/** At least one booked object (checked on a field of its own, over the form's values). */
export const objectsValidator: Validator = (_value, all) => ((all as Partial<BookingFormValues>).bookableItems?.length ? undefined : bookingFormMessages.noObject);
