import { randomInt } from 'node:crypto';
import { BOOKING_NUMBER_ALPHABET } from '../../../common/bookings/booking-number.js';

export { BOOKING_NUMBER_ALPHABET, BOOKING_NUMBER_PATTERN, isBookingNumber } from '../../../common/bookings/booking-number.js';

/** A random booking number "XXXX-XXXX" (20^8 ≈ 2.6·10^10 possibilities). */
export function newBookingNumber(random: (max: number) => number = randomInt): string {
  let letters = '';
  for (let index = 0; index < 8; index += 1) letters += BOOKING_NUMBER_ALPHABET[random(BOOKING_NUMBER_ALPHABET.length)];
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}
