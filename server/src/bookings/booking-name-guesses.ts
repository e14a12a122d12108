import type { ClientAddress, RateLimiter } from '../shared/rate-limit.js';

/** Wrong names (and unknown booking numbers) allowed per booking and per client address in one window. */
export const NAME_GUESSES_PER_WINDOW = 10;
export const NAME_GUESS_WINDOW_SECONDS = 15 * 60;

/**
 * The public status and the ownership check answer whether a name is a booking's: without a limit
 * anyone could guess it. Every attempt is counted before the name is compared (atomically in
 * PostgreSQL, so parallel requests and aliased GraphQL fields cannot slip past), per client address
 * and per booking; a right name takes its attempt back, so only guesses use up the limit. Once
 * either count is over the limit every answer is 429 until that window ends, also for the right
 * name (otherwise the answer would still tell a right guess apart).
 */
export class BookingNameGuesses {
  constructor(private readonly attempts: RateLimiter) {}

  /** Counts an attempt from the address before the booking is looked up (unknown numbers are guesses too). */
  async countAddress(client: ClientAddress): Promise<void> {
    await this.attempts.limit(addressKey(client), NAME_GUESSES_PER_WINDOW, NAME_GUESS_WINDOW_SECONDS);
  }

  /** Counts the attempt on the found booking; the address's attempt is already counted. */
  async countBooking(tenantId: string, bookingNumber: string): Promise<void> {
    await this.attempts.limit(bookingKey(tenantId, bookingNumber), NAME_GUESSES_PER_WINDOW, NAME_GUESS_WINDOW_SECONDS);
  }

  /** The name was right: no guess, both attempts are taken back. */
  async rightName(client: ClientAddress, tenantId: string, bookingNumber: string): Promise<void> {
    await this.attempts.refund(addressKey(client));
    await this.attempts.refund(bookingKey(tenantId, bookingNumber));
  }
}

/**
 * Status tokens are guessed like names: every lookup by token counts against the client address
 * (with the names' limit and window) before the token is looked up; a token that opens a booking
 * takes its attempt back.
 */
export class StatusTokenGuesses {
  constructor(private readonly attempts: RateLimiter) {}

  async count(client: ClientAddress): Promise<void> {
    await this.attempts.limit(tokenAddressKey(client), NAME_GUESSES_PER_WINDOW, NAME_GUESS_WINDOW_SECONDS);
  }

  async rightToken(client: ClientAddress): Promise<void> {
    await this.attempts.refund(tokenAddressKey(client));
  }
}

const tokenAddressKey = (client: ClientAddress) => `booking-status-token:ip:${client.ip}`;
const addressKey = (client: ClientAddress) => `booking-name:ip:${client.ip}`;
const bookingKey = (tenantId: string, bookingNumber: string) => `booking-name:booking:${tenantId}:${bookingNumber}`;
