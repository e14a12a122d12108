import type { EntityManager } from '@mikro-orm/postgresql';
import { Bookable } from '../bookables/bookable.entity.js';
import { activeLockerSystems } from '../bookings/booking-lockers.js';
import { BookingOccupancyGuard, type ClaimedItem } from '../bookings/booking-occupancy-guard.js';
import { Booking } from '../bookings/booking.entity.js';
import { setBookingState } from '../bookings/booking-state.js';
import { bookableSnapshot, unitPricesOf, type CustomerData, type PaymentMethod, type PaymentProvider } from '../bookings/booking.model.js';
import { familyOf, freeBookingNumber, searchTextOf, setItems } from '../bookings/booking.queries.js';
import { bookedMinutes, bookingAttachments, bookingFlags, bookingTotals, couponProblem, couponUsed, priceItem, withMandatoryAddOns } from '../bookings/checkout/checkout.rules.js';
import type { EventDirectory } from '../bookings/event-seats.js';
import type { Coupon } from '../coupons/coupon.entity.js';
import { Event } from '../events/event.entity.js';
import { offeredPaymentProviders } from '../payments/payment-applications.js';
import type { Tenant } from '../tenants/tenant.entity.js';
import { enterState } from '../workflow/workflow-tasks.js';

/** Where a demo booking ends up: the five states staff meet in the bookings list. */
export type DemoBookingStatus = 'pending' | 'released' | 'paid' | 'rejected' | 'cancelled';

/** One booking of the demo as its customer asked for it, and what staff did with it since. */
export interface DemoBookingRequest {
  items: readonly { bookable: Bookable; amount: number }[];
  begin: Date | null;
  end: Date | null;
  customer: Partial<CustomerData> & Pick<CustomerData, 'name' | 'mail'>;
  coupon: Coupon | null;
  paymentProvider: PaymentProvider;
  status: DemoBookingStatus;
  createdAt: Date;
  /** The workflow state the booking stands in on the board; null leaves it in the backlog. */
  workflowState: string | null;
}

const emptyCustomer: CustomerData = { name: '', company: '', street: '', zipCode: '', location: '', mail: '', phone: '', comment: '' };

/** How a paid booking was paid: an invoice by transfer; the test provider reports "Sonstiges", as its page does. */
const paidWith = (provider: PaymentProvider): PaymentMethod => (provider === 'invoice' ? 'TRANSFER' : 'OTHER');

/** The events of tickets as the occupancy guard asks for them, read in the seed's own transaction (where they are not yet committed). */
function eventsIn(em: EntityManager): EventDirectory {
  return {
    seatInfo: async (tenantId, eventId) => {
      const event = await em.findOne(Event, { id: eventId, tenant: tenantId });
      return event ? { name: event.name, maxAttendees: event.maxAttendees, ticketCodePer: event.ticketCodePer } : null;
    },
    organizerMails: async () => [],
    // Only the mails name the events of tickets, and the seed sends none.
    ticketEvents: async () => new Map(),
  };
}

/**
 * Stores one demo booking inside the seed's transaction as a guest's checkout at `createdAt` would
 * have stored it, then applies what staff did with it. The checkout's own rules decide: mandatory
 * add-ons, the occupancy guard with every public rule (opening hours, booking times, capacity,
 * event seats, the tenant's horizon), the coupon, prices and totals, the flags of objects released
 * automatically, the offered payment applications. A release, payment, rejection or cancellation
 * afterwards sets the flags exactly as the status actions do. No mail is sent for the demo: the
 * seed runs before the job queue exists, and its customers are made up.
 */
export async function storeDemoBooking(em: EntityManager, tenant: Tenant, request: DemoBookingRequest): Promise<Booking> {
  const byId = new Map(request.items.map(({ bookable }) => [bookable.id, bookable]));
  const requested = withMandatoryAddOns(
    request.items.map(({ bookable, amount }) => ({ bookableId: bookable.id, amount })),
    (id) => byId.get(id)?.checkoutBookableIds ?? [],
  );
  const missing = requested.map((item) => item.bookableId).filter((id) => !byId.has(id));
  if (missing.length > 0) for (const addOn of await em.find(Bookable, { id: { $in: missing }, tenant })) byId.set(addOn.id, addOn);

  const items: ClaimedItem[] = [];
  for (const { bookableId, amount } of requested) {
    const bookable = byId.get(bookableId);
    if (!bookable) throw new Error(`Demo: the add-on ${bookableId} is not an object of the demo tenant.`);
    items.push({ ...(await familyOf(em, tenant.id, bookable)), amount });
  }
  const records = items.map((item) => item.record);
  const guard = new BookingOccupancyGuard(eventsIn(em));
  const lockers = await guard.guard(
    em,
    { tenantId: tenant.id, limits: tenant, begin: request.begin, end: request.end, items, bookingKey: null, held: null, lockerSystems: activeLockerSystems(tenant.applications) },
    { kind: 'checkout', viewerUserId: null, viewerRoleIds: [] },
    request.createdAt,
  );

  const coupon = request.coupon;
  if (coupon) {
    const problem = couponProblem(coupon, request.createdAt.getTime());
    if (problem) throw new Error(`Demo: the coupon ${coupon.code} cannot be used (${problem}).`);
  }
  const minutes = bookedMinutes(request.begin, request.end);
  const priced = items.map(({ record, amount }) => {
    const line = priceItem(record, amount, { minutes, free: false, coupon });
    if (!line) throw new Error(`Demo: ${record.title} has no price for this booking.`);
    return line;
  });
  const totals = bookingTotals(priced);
  const flags = bookingFlags(records, totals.netEur);
  if (totals.priceEur > 0 && !offeredPaymentProviders(tenant.applications).some((offer) => offer.id === request.paymentProvider)) {
    throw new Error(`Demo: the tenant does not offer ${request.paymentProvider}.`);
  }
  const customer = { ...emptyCustomer, ...request.customer };
  for (const field of records.flatMap((record) => record.requiredFields)) {
    if (!customer[field]) throw new Error(`Demo: ${request.customer.name} lacks the required field ${field}.`);
  }
  // The demo's customers accepted every document of what they booked.
  const documents = records.flatMap((record) => record.attachments.map((attachment) => ({ id: attachment.id, accepted: true })));

  const booking = em.create(Booking, {
    tenant,
    number: await freeBookingNumber(em, tenant.id),
    timeBegin: request.begin,
    timeEnd: request.end,
    ...customer,
    couponCode: coupon?.code ?? null,
    couponUsed: coupon ? couponUsed(coupon) : null,
    priceEur: totals.priceEur,
    vatIncludedEur: totals.vatIncludedEur,
    paymentProvider: request.paymentProvider,
    attachments: bookingAttachments(records, documents).attachments,
    lockerInfo: lockers ?? [],
    createdAt: request.createdAt,
    updatedAt: request.createdAt,
  });
  setBookingState(booking, flags, request.createdAt);
  applyStatus(booking, request, flags.isCommitted);
  booking.searchText = searchTextOf(booking, records.map((record) => record.title));
  setItems(
    em,
    booking,
    priced.map((line, index) => ({ bookableId: line.bookableId, amount: line.amount, ...unitPricesOf(line), bookableUsed: bookableSnapshot(records[index]) })),
  );
  if (coupon) {
    // One use per stored booking, as the checkout counts it.
    if (coupon.maxAmount !== null && coupon.maxAmount !== undefined && coupon.usedAmount >= coupon.maxAmount) throw new Error(`Demo: the coupon ${coupon.code} is used up.`);
    coupon.usedAmount += 1;
  }
  await em.flush();
  // Newest on top, as a new booking enters its state.
  if (request.workflowState) await enterState(em, tenant.id, booking.number, request.workflowState, 0, request.createdAt);
  return booking;
}

/**
 * What staff did after the checkout, as the status actions set it: released (committed), paid
 * (released and paid, with the method the provider reports), rejected before release, cancelled
 * after it (committed and rejected: "storniert"). A booking its objects released at once cannot be
 * waiting or rejected before release.
 */
function applyStatus(booking: Booking, request: DemoBookingRequest, releasedAtCheckout: boolean): void {
  const { status } = request;
  if ((status === 'pending' || status === 'rejected') && releasedAtCheckout) {
    throw new Error(`Demo: ${request.customer.name} books only objects released automatically, so the booking cannot be ${status}.`);
  }
  // The demo's story happened at the booking's creation: its instants say so.
  const at = booking.createdAt;
  if (status === 'released' || status === 'paid' || status === 'cancelled') setBookingState(booking, { isCommitted: true }, at);
  if (status === 'paid' && !booking.isPayed) setBookingState(booking, { isPayed: true, paymentMethod: paidWith(request.paymentProvider) }, at);
  if (status === 'rejected' || status === 'cancelled') setBookingState(booking, { isRejected: true }, at);
}
