/**
 * `GET api/{tenant}/bookings/:id/status`: the flags and what the checkout's status page shows after
 * the payment provider's return (object, time, price, tenant; no personal data). The server answers
 * it, the public pages read it.
 */
export interface PaymentReturnStatus {
  bookingId: string;
  isCommitted: boolean;
  isPayed: boolean;
  isRejected: boolean;
  title: string;
  timeBegin: number | null;
  timeEnd: number | null;
  priceEur: number;
  paymentProvider: string | null;
  tenantName: string;
}
