import type { TicketEventFacts } from './ticket-event.js';

/**
 * `GET api/{tenant}/bookings/:id/status`: the flags and what the checkout's status page shows after
 * the payment provider's return (object, time, price, tenant, the tickets' events; no personal
 * data). The server answers it, the public pages read it.
 */
export interface PaymentReturnStatus {
  bookingId: string;
  isCommitted: boolean;
  isPayed: boolean;
  isRejected: boolean;
  /** The first booked object's title. */
  title: string;
  /** Every booked object with its amount, in the booking's order (a family's several ticket types). */
  items: { title: string; amount: number }[];
  timeBegin: number | null;
  timeEnd: number | null;
  priceEur: number;
  paymentProvider: string | null;
  tenantName: string;
  /** The events the booked tickets admit to (their date and place). */
  events: TicketEventFacts[];
}
