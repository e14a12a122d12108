import type { ShownTicketEvent } from '../shared/ticketEvent';

/** The booking page's link (/checkout?id=&tenant=&amount=) and the way to its confirmation. */

export interface CheckoutLink {
  bookableId: string;
  tenantId: string;
  /** A whole number from 1; 1 when missing or not one. */
  amount: number;
}

const param = (search: URLSearchParams, name: string) => search.get(name)?.trim() ?? '';

/** What /checkout books; null when the object or the tenant is missing from the link. */
export function parseCheckoutLink(search: URLSearchParams): CheckoutLink | null {
  const bookableId = param(search, 'id');
  const tenantId = param(search, 'tenant');
  if (!bookableId || !tenantId) return null;
  const amount = Number(param(search, 'amount'));
  return { bookableId, tenantId, amount: Number.isInteger(amount) && amount >= 1 ? amount : 1 };
}

/** The sign-in page, leading back to the given page of this site afterwards (its redirectUrl). */
export function signInPath(returnPath: string): string {
  return `/login?${new URLSearchParams({ redirectUrl: returnPath })}`;
}

/** The confirmation's address: the same the payment provider returns the customer to. */
export function checkoutStatusPath({ bookingId, tenantId }: { bookingId: string; tenantId: string }): string {
  return `/checkout/status?${new URLSearchParams({ id: bookingId, tenant: tenantId })}`;
}

/** What the booking page hands to its confirmation (router state): shown when present, else asked for. */
export interface CheckoutConfirmation {
  bookingId: string;
  tenantId: string;
  title: string;
  timeBegin: string | null;
  timeEnd: string | null;
  priceEur: number;
  isCommitted: boolean;
  isPayed: boolean;
  paymentProvider: string | null;
  mail: string;
  /** The events of the booked tickets (name, date, place); absent in a confirmation kept from before they were handed over. */
  events?: ShownTicketEvent[];
  /** Every booked object with its amount (several ticket types of a family); absent in a confirmation kept from before they were handed over. */
  items?: { title: string; amount: number }[];
  /** A series: its description and every date, booked with its number or not with the reason. */
  series?: BookedSeries;
  /** Set once the confirmation started the payment, so going back from the provider's page does not start it again. */
  paymentStarted?: boolean;
}

export interface BookedSeries {
  description: string;
  dates: { date: string; timeBegin: string; timeEnd: string; bookingId: string | null; reason: string | null; reasonText: string | null }[];
}

/** One booked object on the confirmation: "2 × Sommerkonzert – Erwachsene", a single one by its title. */
export function bookedLine(item: { title: string; amount: number }): string {
  return item.amount > 1 ? `${item.amount} × ${item.title}` : item.title;
}
