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
 * Wrong status tokens allowed per API token in one window. A website asks for all its visitors
 * through its one token, so its count holds far more than one person's; a status token's 256
 * random bits cannot be guessed in either.
 */
export const STATUS_TOKEN_GUESSES_PER_API_TOKEN = 200;

/** Who looks a status up: the client address, and the API token the request came with, if any. */
export interface StatusAsker extends ClientAddress {
  apiTokenId?: string;
}

/**
 * Status tokens are guessed like names: every lookup by token counts before the token is looked
 * up, with the names' window; a token that opens a booking takes its attempt back. A lookup made
 * with an API token counts against that token (a website's server asks for all its visitors from
 * one address, which would lock them all out after a few stale tokens); any other against the
 * client address, with the names' limit.
 */
export class StatusTokenGuesses {
  constructor(private readonly attempts: RateLimiter) {}

  async count(asker: StatusAsker): Promise<void> {
    const limit = asker.apiTokenId === undefined ? NAME_GUESSES_PER_WINDOW : STATUS_TOKEN_GUESSES_PER_API_TOKEN;
    await this.attempts.limit(statusAskerKey(asker), limit, NAME_GUESS_WINDOW_SECONDS);
  }

  async rightToken(asker: StatusAsker): Promise<void> {
    await this.attempts.refund(statusAskerKey(asker));
  }
}

const statusAskerKey = (asker: StatusAsker) =>
  asker.apiTokenId === undefined ? `booking-status-token:ip:${asker.ip}` : `booking-status-token:api-token:${asker.apiTokenId}`;
const addressKey = (client: ClientAddress) => `booking-name:ip:${client.ip}`;
const bookingKey = (tenantId: string, bookingNumber: string) => `booking-name:booking:${tenantId}:${bookingNumber}`;
