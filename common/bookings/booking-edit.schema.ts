/**
 * What staff send to create or change a booking (REST PUT bookings, GraphQL saveBooking), described
 * once; docs/bookings.md ("Staff create and change bookings") says what the server does with it.
 * Plain TypeScript.
 */
import { z } from 'zod';
import { MAX_DECIMAL, numberError, parseNumber } from '../validation/numbers.js';
import { anyValue, asRecord, looseObject, schemaMessages } from '../validation/schema.js';
import { bookingItemShape, bookingItemsOf, customerOf, customerShape, paymentMethodSchema, paymentProviderSchema, timeWindowShape } from './checkout.schema.js';

export const bookingEditMessages = {
  price: 'Ungültiger Preis',
  endBeforeBegin: 'Das Ende muss nach dem Beginn liegen.',
  unknownUser: 'Unbekannter Benutzer',
} as const;

/** A gross unit price staff set by hand ("12,50" too); empty computes it. */
const userGrossPriceEur = anyValue().transform((value, context) => {
  const price = parseNumber(value);
  if (price === null) return null;
  if (numberError(price, { max: MAX_DECIMAL })) context.addIssue({ code: 'custom', message: bookingEditMessages.price });
  return price;
});

export const bookingEditItemSchema = looseObject({ ...bookingItemShape, userGrossPriceEur });

const flag = anyValue().transform((value) => value === true || value === 'true');
/** Text or nothing: an id, a state. */
const nonEmptyText = anyValue().transform((value) => (typeof value === 'string' && value ? value : null));
/** Absent leaves it as it is (undefined); anything else is text or null. */
const keptUnlessSent = (read: (value: unknown) => string | null) => z.unknown().optional().transform((value) => (value === undefined ? undefined : read(value)));

/**
 * The staff's booking: the checkout's items (with an optional price), window and customer, plus
 * assignment, flags, payment and the board state. `present` lists the fields the input carried:
 * an update keeps the stored value of every other one. The board state may also come inside
 * `_populated`, as the list answers it.
 */
export const bookingEditSchema = z
  .preprocess(
    (value) => {
      const input = asRecord(value);
      const populated = asRecord(input._populated);
      return {
        ...input,
        workflowStatus: 'workflowStatus' in input ? input.workflowStatus : populated.workflowStatus,
        present: Object.keys(input).filter((key) => input[key] !== undefined),
      };
    },
    z.object({
      id: nonEmptyText,
      bookableItems: bookingItemsOf(bookingEditItemSchema),
      ...timeWindowShape,
      ...customerShape,
      assignedUserId: keptUnlessSent((value) => (typeof value === 'string' && value ? value : null)),
      isCommitted: flag,
      isPayed: flag,
      isRejected: flag,
      paymentProvider: paymentProviderSchema,
      paymentMethod: paymentMethodSchema,
      workflowStatus: keptUnlessSent((value) => (typeof value === 'string' ? value : null)),
      present: z.array(z.string()),
    }),
  )
  .superRefine(
    (edit, context) => {
      const { timeBegin, timeEnd } = edit as { timeBegin?: unknown; timeEnd?: unknown };
      if (timeBegin instanceof Date && timeEnd instanceof Date && timeEnd <= timeBegin) context.addIssue({ code: 'custom', message: bookingEditMessages.endBeforeBegin, path: ['timeEnd'] });
    },
    // The order of the window is named beside every other wrong field, not only once they are right.
    { when: () => true },
  )
  .transform(({ bookableItems, timeBegin, timeEnd, present, id, assignedUserId, isCommitted, isPayed, isRejected, paymentProvider, paymentMethod, workflowStatus, ...customer }) => ({
    id,
    timeBegin,
    timeEnd,
    items: bookableItems,
    customer: customerOf(customer),
    assignedUserId,
    isCommitted,
    isPayed,
    isRejected,
    // Widened: an update that leaves the provider alone keeps whatever the stored booking names.
    paymentProvider: paymentProvider as string | null,
    paymentMethod,
    workflowStatus,
    present: new Set(present) as ReadonlySet<string>,
  }));

export type BookingEdit = z.output<typeof bookingEditSchema>;

/** Staff record a payment received outside the platform: the method it came by is required. */
export const markPaidSchema = looseObject({
  paymentMethod: paymentMethodSchema.refine((method) => method !== '', { error: schemaMessages.required }),
});
export type MarkPaidInput = z.output<typeof markPaidSchema>;
