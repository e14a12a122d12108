import type { PaymentReturnStatus } from '../../../../common/bookings/payment-return';
import { type ErrorInfo, errorInfo } from '../../shared/toast';

/**
 * The two public booking calls GraphQL does not offer, over the REST facade: the release and
 * payment flags of a booking by its number (the confirmation page after a payment provider sent
 * the customer back) and the check that a name belongs to a booking (before a cancellation request).
 */

/** A refusal of the REST facade (application/problem+json), with the code as GraphQL names it. */
export class PublicRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly title: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'PublicRequestError';
  }
}

/** "booking.name-mismatch" as GraphQL's "BOOKING_NAME_MISMATCH", so both kinds of failure read alike. */
const graphqlCode = (code: unknown) => (typeof code === 'string' ? code.replace(/[.-]/g, '_').toUpperCase() : undefined);

async function get(path: string): Promise<Response> {
  const response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (response.ok) return response;
  const problem = (await response.json().catch(() => ({}))) as { code?: unknown; title?: unknown; detail?: unknown };
  throw new PublicRequestError(
    response.status,
    graphqlCode(problem.code),
    typeof problem.title === 'string' ? problem.title : undefined,
    typeof problem.detail === 'string' ? problem.detail : response.statusText,
  );
}

const bookingPath = (tenantId: string, bookingId: string) => `/api/${encodeURIComponent(tenantId)}/bookings/${encodeURIComponent(bookingId)}`;

export type BookingFlags = PaymentReturnStatus;

export async function fetchBookingFlags(tenantId: string, bookingId: string): Promise<BookingFlags> {
  return (await (await get(`${bookingPath(tenantId, bookingId)}/status`)).json()) as BookingFlags;
}

/** Resolves when `name` is the booking's name (case aside); BOOKING_NAME_MISMATCH otherwise. */
export async function verifyBookingOwnership(tenantId: string, bookingId: string, name: string): Promise<void> {
  await get(`${bookingPath(tenantId, bookingId)}/verify-ownership?${new URLSearchParams({ name })}`);
}

/** Code, German title and message of a failed public call, GraphQL or REST. */
export function publicErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof PublicRequestError) return { code: error.code, title: error.title, message: error.message };
  return errorInfo(error);
}
