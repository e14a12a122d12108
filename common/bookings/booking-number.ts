/** The letters of a booking number: no I, L, O, V, W, Z and no digits, so it reads aloud well. */
export const BOOKING_NUMBER_ALPHABET = 'ABCDEFGHJKMNPQRSTUXY';
export const BOOKING_NUMBER_PATTERN = /^[ABCDEFGHJKMNPQRSTUXY]{4}-[ABCDEFGHJKMNPQRSTUXY]{4}$/;

/** Whether a text can be a booking number at all (anything else is not found without a query). */
export function isBookingNumber(value: unknown): value is string {
  return typeof value === 'string' && BOOKING_NUMBER_PATTERN.test(value);
}
