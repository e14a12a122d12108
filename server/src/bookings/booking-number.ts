import { randomInt } from 'node:crypto';

/** The letters of a booking number: no I, L, O, V, W, Z and no digits, so it reads aloud well. */
export const BOOKING_NUMBER_ALPHABET = 'ABCDEFGHJKMNPQRSTUXY';
export const BOOKING_NUMBER_PATTERN = /^[ABCDEFGHJKMNPQRSTUXY]{4}-[ABCDEFGHJKMNPQRSTUXY]{4}$/;

/** A random booking number "XXXX-XXXX" (20^8 ≈ 2.6·10^10 possibilities). */
export function newBookingNumber(random: (max: number) => number = randomInt): string {
  let letters = '';
  for (let index = 0; index < 8; index += 1) letters += BOOKING_NUMBER_ALPHABET[random(BOOKING_NUMBER_ALPHABET.length)];
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** Whether a text can be a booking number at all (anything else is not found without a query). */
export function isBookingNumber(value: unknown): value is string {
  return typeof value === 'string' && BOOKING_NUMBER_PATTERN.test(value);
}
