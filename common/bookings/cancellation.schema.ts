/**
 * What a citizen sends to cancel their own booking (cancelMyBooking, POST bookings/{id}/cancel):
 * an optional reason and whether only to ask what the cancellation would bring back. Plain
 * TypeScript, shared by the routes, the resolver and the API document.
 */
import type { z } from 'zod';
import { flag, looseObject, trimmedText } from '../validation/schema.js';

export const MAX_CANCELLATION_REASON = 2000;

export const cancelMyBookingSchema = looseObject({
  reason: trimmedText(MAX_CANCELLATION_REASON),
  /** true: answer the refund, change nothing. */
  simulate: flag(false),
});
export type CancelMyBookingInput = z.output<typeof cancelMyBookingSchema>;
