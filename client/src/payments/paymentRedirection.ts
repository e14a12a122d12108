/**
 * What the payment page does after starting: go to the provider, or say why there is nothing to pay
 * online. The invoice carries its number once it is issued (null while it is still being issued).
 */
export type PaymentStep = { kind: 'redirect'; url: string } | { kind: 'invoice'; number: string | null } | { kind: 'none' };

export function paymentStep(answer: { provider: string | null; redirectUrl: string | null; invoiceNumber?: string | null }): PaymentStep {
  if (answer.redirectUrl) return { kind: 'redirect', url: answer.redirectUrl };
  return answer.provider === 'invoice' ? { kind: 'invoice', number: answer.invoiceNumber ?? null } : { kind: 'none' };
}

/** The page's address for a booking: /payment/redirection?id=&tenant= (the payment request mail links it). */
export const paymentRedirectionPath = (tenantId: string, bookingId: string) =>
  `/payment/redirection?${new URLSearchParams({ id: bookingId, tenant: tenantId }).toString()}`;

/** How the provider's return ended, as the server puts it into the confirmation's address. */
export type PaymentOutcome = 'paid' | 'failed' | 'pending';

export function paymentOutcomeOf(search: URLSearchParams): PaymentOutcome | null {
  const outcome = search.get('outcome');
  return outcome === 'paid' || outcome === 'failed' || outcome === 'pending' ? outcome : null;
}

/**
 * Whether the confirmation right after a checkout starts the payment itself: the booking was
 * released at checkout, has something to pay and names a provider (online: forward to its page;
 * invoice: the invoice is on its way by mail). Bookings awaiting release are paid after it.
 */
export function paysRightAfterCheckout(booking: { isCommitted: boolean; isPayed: boolean; priceEur: number; paymentProvider: string | null }): boolean {
  return booking.isCommitted && !booking.isPayed && booking.priceEur > 0 && Boolean(booking.paymentProvider);
}
