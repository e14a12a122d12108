import type { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import { Coupon, CouponType } from '../../server/src/coupons/coupon.entity.js';
import { Event } from '../../server/src/events/event.entity.js';
import { defaultEventData } from '../../server/src/events/event.model.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { InProcessApp } from '../support/app.js';
import type { HttpClient, HttpResponse } from '../support/http.js';
import { berlinInstant } from '../../common/time/berlin.js';
import { testDay } from '../support/test-calendar.js';
import { storeBookable, type BookableRow } from './bookables.fixtures.js';

/**
 * Shared by the bookings tests: bookable objects ready to book, coupons, the stored rows and the
 * GraphQL documents.
 */

/** Tue 2027-11-30 10:00 Berlin and an hour later; the day is one of the test calendar (`testDay`). */
export const slot = (hour = 10, day = '2027-11-30', hours = 1) => {
  const begin = berlinInstant(testDay(day), `${String(hour).padStart(2, '0')}:00`).getTime();
  return { timeBegin: begin, timeEnd: begin + hours * 3_600_000 };
};

/**
 * The date n days after today: for a booking that must lie ahead of now whatever day the suite runs
 * (its public status says "pending", not "expired"); fixed dates pass on some days only.
 */
export const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A bookable room: by calendar, autocommit off, 12,50 € net per hour with 19 % VAT. */
export function bookableRoom(app: Pick<InProcessApp, 'orm'>, tenantId: string, data: BookableRow = {}) {
  return storeBookable(app, tenantId, {
    isBookable: true,
    isPublic: true,
    isScheduleRelated: true,
    amount: 1,
    priceType: 'per-hour',
    priceCategories: [{ priceEur: 12.5, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }],
    ...data,
  });
}

/** A public event on 1 May 2027 (of the test calendar) whose tickets share maxAttendees seats (null: unlimited). */
export async function storeEvent(app: InProcessApp, tenantId: string, name: string, maxAttendees: number | null): Promise<Event> {
  const em = app.orm.em.fork();
  const base = defaultEventData();
  const event = em.create(Event, { tenant: em.getReference(Tenant, tenantId), ownerUserId: null });
  event.setData({
    ...base,
    isPublic: true,
    information: { ...base.information, name, startDate: testDay('2027-05-01'), startTime: '19:00', endDate: testDay('2027-05-01'), endTime: '22:00' },
    attendees: { ...base.attendees, needsRegistration: maxAttendees !== null, maxAttendees },
  });
  await em.flush();
  return event;
}

/** A free, public ticket of the event booked without release; its own amount unlimited (the event limits). */
export const storeTicket = (app: InProcessApp, tenantId: string, eventId: string, data: Partial<Bookable> & { title: string }) =>
  storeBookable(app, tenantId, { type: 'ticket', eventId, isBookable: true, isPublic: true, autoCommitBooking: true, amount: null, priceCategories: [], ...data });

export async function storeCoupon(app: InProcessApp, tenantId: string, data: Partial<Coupon> & { code: string }): Promise<Coupon> {
  const em = app.orm.em.fork();
  const coupon = em.create(Coupon, { tenant: em.getReference(Tenant, tenantId), type: CouponType.percentage, discount: 10, ...data });
  await em.flush();
  return coupon;
}

export const storedBooking = (app: InProcessApp, tenantId: string, number: string) =>
  app.orm.em.fork().findOne(Booking, { tenant: tenantId, number }, { populate: ['items'] });

export const bookingCount = (app: InProcessApp, tenantId: string) => app.orm.em.fork().count(Booking, { tenant: tenantId });

export const customer = { name: 'Erika Mustermann', mail: 'erika@example.com', street: 'Hauptstraße 1', zipCode: '12345', location: 'Musterstadt', phone: '0123', company: '', comment: '' };

export const BOOKING_FIELDS = `id tenantId timeBegin timeEnd timeCreated priceEur vatIncludedEur isCommitted isPayed isRejected status couponCode
  paymentProvider paymentMethod paymentMethodLabel workflowStatus
  items { bookableId amount regularPriceEur regularGrossPriceEur userPriceEur userGrossPriceEur bookable { id title } }`;
export const PERSONAL_FIELDS = 'assignedUserId name company street zipCode location mail phone comment attachments { type title accepted }';

export const gql = {
  checkout: `mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id ${'tenantId timeBegin timeEnd priceEur vatIncludedEur isCommitted isPayed isRejected status couponCode items { bookableId amount userGrossPriceEur bookable { title } }'} } }`,
  preview: `query($t: ID!, $input: CheckoutInput!) { checkoutPreview(tenantId: $t, input: $input) { id priceEur vatIncludedEur isCommitted isPayed items { bookableId amount regularPriceEur userPriceEur userGrossPriceEur } } }`,
  itemPrices: `query($t: ID!, $b: ID!, $a: Int, $begin: DateTimeISO, $end: DateTimeISO, $c: String) { checkoutItemPrices(tenantId: $t, bookableId: $b, amount: $a, timeBegin: $begin, timeEnd: $end, couponCode: $c) { regularPriceEur userPriceEur regularGrossPriceEur userGrossPriceEur } }`,
  list: `query($t: ID!, $search: String, $status: BookingStatusFilter, $from: DateTimeISO, $to: DateTimeISO, $bookableId: ID, $limit: Int, $offset: Int) {
    bookings(tenantId: $t, search: $search, status: $status, from: $from, to: $to, bookableId: $bookableId, limit: $limit, offset: $offset) { total limit offset items { ${BOOKING_FIELDS} ${PERSONAL_FIELDS} } } }`,
  get: `query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { ${BOOKING_FIELDS} ${PERSONAL_FIELDS} } }`,
  save: `mutation($t: ID!, $input: BookingInput!) { saveBooking(tenantId: $t, input: $input) { ${BOOKING_FIELDS} ${PERSONAL_FIELDS} } }`,
  commit: `mutation($t: ID!, $id: ID!) { commitBooking(tenantId: $t, id: $id) { id isCommitted status } }`,
  reject: `mutation($t: ID!, $id: ID!, $reason: String) { rejectBooking(tenantId: $t, id: $id, reason: $reason) { id isRejected status } }`,
  remove: `mutation($t: ID!, $id: ID!) { deleteBooking(tenantId: $t, id: $id) }`,
  publicStatus: `query($t: ID!, $id: ID!, $lastname: String!) { publicBookingStatus(tenantId: $t, id: $id, lastname: $lastname) { bookingId title name status { paymentStatus bookingStatus activeStatus } timeBegin timeEnd comment } }`,
  occupancy: `query($t: ID!, $ids: [ID!], $from: DateTimeISO, $to: DateTimeISO) { bookingOccupancy(tenantId: $t, bookableIds: $ids, from: $from, to: $to) { bookableId title timeBegin timeEnd } }`,
  requestCancel: `mutation($t: ID!, $id: ID!, $reason: String) { requestBookingCancellation(tenantId: $t, id: $id, reason: $reason) }`,
  confirmCancel: `mutation($t: ID!, $id: ID!, $hook: ID!) { confirmBookingCancellation(tenantId: $t, id: $id, hookId: $hook) }`,
  cancellationRequest: `query($t: ID!, $id: ID!, $hook: ID!) { bookingCancellationRequest(tenantId: $t, id: $id, hookId: $hook) { bookingId titles timeBegin timeEnd reason validUntil } }`,
  changed: `subscription($t: ID!) { bookingChanged(tenantId: $t) { tenantId id action booking { id status name } } }`,
};

/**
 * Staff save a stored booking again as the edit dialog does (PUT bookings with its items and times
 * as stored), with the given changes: released, paid with a method, a chosen board state…
 */
export async function resaveBooking(client: HttpClient, tenantId: string, id: string, changes: Record<string, unknown>): Promise<HttpResponse> {
  const stored = (await client.get(`/api/${tenantId}/bookings/${id}`)).json as { bookableItems: { bookableId: string; amount: number }[]; timeBegin: number; timeEnd: number };
  const bookableItems = stored.bookableItems.map(({ bookableId, amount }) => ({ bookableId, amount }));
  return client.put(`/api/${tenantId}/bookings`, { id, bookableItems, timeBegin: stored.timeBegin, timeEnd: stored.timeEnd, ...changes });
}
