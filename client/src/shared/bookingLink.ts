/**
 * A public page's link to one booking (?id=&tenant=): the checkout confirmation and the payment page
 * both take it. Kept apart from either page's module so neither downloads the other's code.
 */

export interface BookingLink {
  bookingId: string;
  tenantId: string;
}

const param = (search: URLSearchParams, name: string) => search.get(name)?.trim() ?? '';

export function parseBookingLink(search: URLSearchParams): BookingLink | null {
  const bookingId = param(search, 'id');
  const tenantId = param(search, 'tenant');
  return bookingId && tenantId ? { bookingId, tenantId } : null;
}
