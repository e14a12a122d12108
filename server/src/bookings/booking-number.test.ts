import { describe, expect, it } from 'vitest';
import { BOOKING_NUMBER_ALPHABET, isBookingNumber, newBookingNumber } from './booking-number.js';

describe('booking numbers', () => {
  it('are XXXX-XXXX from the readable alphabet', () => {
    for (let index = 0; index < 200; index += 1) expect(newBookingNumber()).toMatch(/^[ABCDEFGHJKMNPQRSTUXY]{4}-[ABCDEFGHJKMNPQRSTUXY]{4}$/);
    expect(newBookingNumber(() => 0)).toBe('AAAA-AAAA');
    expect(newBookingNumber(() => BOOKING_NUMBER_ALPHABET.length - 1)).toBe('YYYY-YYYY');
  });

  it('recognises only that form (anything else is not found without asking the database)', () => {
    expect(isBookingNumber('ABCD-EFGH')).toBe(true);
    expect(isBookingNumber('abcd-efgh')).toBe(false);
    expect(isBookingNumber('ABCD-EFGI')).toBe(false);
    expect(isBookingNumber('a\u0000b')).toBe(false);
  });
});
