/**
 * The public booking links the mails carry: /booking/status/{tenantId}?id=&name=,
 * /booking/request-reject/{tenantId}?id= and /booking/verify-reject/{tenantId}?id=&hookId=.
 */

const param = (search: URLSearchParams, name: string) => search.get(name)?.trim() ?? '';

/**
 * A booking number as typed ("abcd efgh", "ABCDEFGH") in the form the server knows: upper case,
 * "XXXX-XXXX". Anything else is returned trimmed and upper-cased, for the server to call unknown.
 */
export function normalizeBookingNumber(text: string): string {
  const letters = text.toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z]{8}$/.test(letters) ? `${letters.slice(0, 4)}-${letters.slice(4)}` : text.trim().toUpperCase();
}

export interface BookingLookup {
  tenantId: string;
  /** Empty when the link does not name it. */
  bookingId: string;
  name: string;
}

/** Status and cancellation request: the tenant from the path, booking number and name when the link has them. */
export function parseBookingLookup(tenantId: string | undefined, search: URLSearchParams): BookingLookup | null {
  if (!tenantId?.trim()) return null;
  return { tenantId: tenantId.trim(), bookingId: normalizeBookingNumber(param(search, 'id')), name: param(search, 'name') };
}

export interface CancellationConfirmation {
  tenantId: string;
  bookingId: string;
  hookId: string;
}

/** The mailed confirmation link; null when a part is missing (a link cut off by the mail program). */
export function parseCancellationConfirmation(tenantId: string | undefined, search: URLSearchParams): CancellationConfirmation | null {
  const bookingId = param(search, 'id');
  const hookId = param(search, 'hookId');
  if (!tenantId?.trim() || !bookingId || !hookId) return null;
  return { tenantId: tenantId.trim(), bookingId, hookId };
}

const withQuery = (path: string, query: Record<string, string>) => {
  const present = Object.entries(query).filter(([, value]) => value);
  return present.length ? `${path}?${new URLSearchParams(present)}` : path;
};

export function bookingStatusPath(tenantId: string, bookingId = '', name = ''): string {
  return withQuery(`/booking/status/${encodeURIComponent(tenantId)}`, { id: bookingId, name });
}

export function requestCancellationPath(tenantId: string, bookingId = '', name = ''): string {
  return withQuery(`/booking/request-reject/${encodeURIComponent(tenantId)}`, { id: bookingId, name });
}
