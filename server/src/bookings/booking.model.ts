/**
 * The shapes of a booking as plain
 * TypeScript: the entity stores them, the rules compute with them, REST and GraphQL show them.
 * No Node imports, so the client may share the pure parts.
 */
import type { BookableRecord } from '../bookables/bookable.model.js';
import { privateBookableFields } from '../bookables/bookable.model.js';
import { customerFields, type CustomerFields } from '../../../common/bookings/customer.js';
import type { TicketEventFacts } from '../../../common/bookings/ticket-event.js';

export { paymentProviders, type PaymentProvider } from '../../../common/bookings/checkout.schema.js';

export { bookingStatusLabel, paymentMethodLabel, paymentMethodLabels, paymentMethods, paymentWayLabel, type PaymentMethod } from '../../../common/bookings/labels.js';

/** A bookable as it was when booked: the record without the staff-only lists. */
export type BookableSnapshot = Omit<BookableRecord, (typeof privateBookableFields)[number]>;

export function bookableSnapshot(record: BookableRecord): BookableSnapshot {
  const copy: Partial<BookableRecord> = { ...record };
  for (const field of privateBookableFields) delete copy[field];
  return copy as BookableSnapshot;
}

/** Unit prices of one booked object in euros: net "Price", gross "GrossPrice"; "user" is what this booker pays. */
export interface UnitPrices {
  regularPriceEur: number;
  regularGrossPriceEur: number;
  userPriceEur: number;
  userGrossPriceEur: number;
}

export function unitPricesOf(source: UnitPrices): UnitPrices {
  return { regularPriceEur: source.regularPriceEur, regularGrossPriceEur: source.regularGrossPriceEur, userPriceEur: source.userPriceEur, userGrossPriceEur: source.userGrossPriceEur };
}

/** One booked object with its unit prices. */
export interface BookingItemData extends UnitPrices {
  bookableId: string;
  amount: number;
  _bookableUsed: BookableSnapshot;
}

/** The customer's part of a booking. */
/** The customer's details as stored on a booking (shared with the client's booking form). */
export type CustomerData = CustomerFields;
export { customerFields };

/** An attachment of a booking: the bookables' documents with the customer's consent, later receipts. */
export interface BookingAttachment {
  type: string;
  title: string;
  bookableId?: string;
  url?: string;
  accepted?: boolean;
  [key: string]: unknown;
}

/** The coupon as it was applied. */
export interface CouponUsed {
  id: string;
  description: string;
  type: 'percentage' | 'fixed';
  discount: number;
}

/**
 * What happened to reserved locker units: reserved at checkout (our own bookkeeping), active once
 * the locker system has opened them for the booking's period, released when the booking no longer
 * holds them, failed when the locker system refused after every retry (lastError says why).
 */
export const lockerStates = ['reserved', 'active', 'released', 'failed'] as const;
export type LockerState = (typeof lockerStates)[number];

/** Locker units of one booked object's unit group, held by a booking for its period. */
export interface LockerReservation {
  /** This reservation (a booking that reserves again gets new ones: late jobs leave those alone). */
  id: string;
  /** The tenant's locker application (pareva). */
  lockerSystem: string;
  /** The unit group (product id) in the locker system. */
  unitId: string;
  /** The booked object the units come with. */
  bookableId: string;
  amount: number;
  state: LockerState;
  /** The locker system's last complaint (kept while retrying, and with a final failure). */
  lastError?: string | null;
}

/** A pending public cancellation, released through the mailed link; the link carries the token, the booking only its SHA-256. */
export interface BookingHook {
  tokenHash: string;
  type: 'REJECT';
  timeCreated: number;
  payload: { reason: string };
}

/** The booking as REST answers it; times in epoch ms. */
export interface BookingView extends CustomerData {
  id: string;
  tenantId: string;
  assignedUserId: string | null;
  timeBegin: number | null;
  timeEnd: number | null;
  timeCreated: number;
  bookableItems: BookingItemData[];
  couponCode: string | null;
  attachments: BookingAttachment[];
  priceEur: number;
  vatIncludedEur: number;
  isCommitted: boolean;
  isPayed: boolean;
  isRejected: boolean;
  paymentProvider: string | null;
  paymentMethod: string;
  /** When the payment was recorded, as an ISO instant in UTC; null while unpaid (or paid before the history was kept). */
  paidAt: string | null;
  /** When it was rejected or cancelled, as an ISO instant in UTC; null while it is not. */
  cancelledAt: string | null;
  /** When it was last changed, as an ISO instant in UTC; null only in a checkout's preview, which stores nothing. */
  updatedAt: string | null;
  lockerInfo: LockerReservation[];
  /** The series the booking is a date of; null for a single booking. */
  seriesId: string | null;
  _couponUsed?: CouponUsed;
}


/** What anyone with the booking number and the customer's name may see. */
export interface PublicBookingStatus {
  bookingId: string;
  title: string;
  name: string;
  status: {
    /** none: a cancelled booking that was not paid owes nothing. */
    paymentStatus: 'paid' | 'pending' | 'none';
    bookingStatus: 'confirmed' | 'rejected' | 'pending';
    activeStatus?: 'expired' | 'pending' | 'active';
  };
  timeBegin: number | null;
  timeEnd: number | null;
  timeCreated: number;
  comment: string;
  /** The events the booked tickets admit to (their date and place). */
  events: TicketEventFacts[];
}

/**
 * The public status. Deliberately unlike the original: a rejected or cancelled booking says
 * "rejected" instead of looking pending or confirmed.
 */
export function publicBookingStatus(booking: BookingView, now: number, events: TicketEventFacts[] = []): PublicBookingStatus {
  const status: PublicBookingStatus['status'] = {
    paymentStatus: booking.isPayed ? 'paid' : booking.isRejected ? 'none' : 'pending',
    bookingStatus: booking.isRejected ? 'rejected' : booking.isCommitted ? 'confirmed' : 'pending',
  };
  if (booking.timeEnd !== null) {
    status.activeStatus = booking.timeEnd < now ? 'expired' : booking.timeBegin !== null && booking.timeBegin > now ? 'pending' : 'active';
  }
  return {
    bookingId: booking.id,
    title: booking.bookableItems[0]?._bookableUsed.title ?? '',
    name: booking.name,
    status,
    timeBegin: booking.timeBegin,
    timeEnd: booking.timeEnd,
    timeCreated: booking.timeCreated,
    comment: booking.comment,
    events,
  };
}

/** Names compare case-insensitively and without surrounding blanks. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('de-DE') === b.trim().toLocaleLowerCase('de-DE');
}
