/**
 * The confirmation's link (/checkout/status?id=&tenant=), apart from the booking page's module so
 * neither page downloads the other's code.
 */

export interface CheckoutStatusLink {
  bookingId: string;
  tenantId: string;
}

const param = (search: URLSearchParams, name: string) => search.get(name)?.trim() ?? '';

export function parseCheckoutStatusLink(search: URLSearchParams): CheckoutStatusLink | null {
  const bookingId = param(search, 'id');
  const tenantId = param(search, 'tenant');
  return bookingId && tenantId ? { bookingId, tenantId } : null;
}
