import type { EntityManager } from '@mikro-orm/postgresql';
import type { BookingHistoryVia } from '../../../common/bookings/history.js';

/** A booking as the data download of its booker lists it: what the booking itself says, no codes or tokens. */
export interface PersonalBooking {
  tenantId: string;
  tenantName: string;
  /** The booking number. */
  number: string;
  createdAt: Date;
  timeBegin: Date | null;
  timeEnd: Date | null;
  name: string;
  company: string;
  street: string;
  zipCode: string;
  location: string;
  mail: string;
  phone: string;
  comment: string;
  priceEur: number;
  isCommitted: boolean;
  isPayed: boolean;
  isRejected: boolean;
  paymentMethod: string;
  /** "2 × Saal" per booked object. */
  items: string[];
}

/** An application of the account to a tenant's allocation round, as its data download lists it. */
export interface PersonalAllocationApplication {
  tenantId: string;
  tenantName: string;
  roundTitle: string;
  /** The organisation applied for, and how to reach it. */
  name: string;
  contactName: string;
  mail: string;
  phone: string;
  registration: string;
  createdAt: Date;
  /** "Di 18:00–20:00, wöchentlich: zugesagt" per wish, with the reason of a decline. */
  wishes: string[];
}

/**
 * The bookings of an account (those assigned to it: booked while signed in, or given to it by the
 * staff). They belong to their tenant; the users domain asks the bookings domain, which sits above
 * it, through this port.
 */
export interface AccountBookings {
  /** Every booking assigned to the account, oldest first, for its data download. */
  assignedTo(em: EntityManager, userId: string): Promise<PersonalBooking[]>;
  /**
   * In the account deletion's transaction: the bookings stay with their tenants but lose the link to
   * the account (each booking's history says so). Answers how many there were.
   */
  unlinkAccount(em: EntityManager, userId: string, via: BookingHistoryVia): Promise<number>;
  /** The account's applications to allocation rounds, for its data download (the deletion removes them with unlinkAccount). */
  allocationApplicationsOf(em: EntityManager, userId: string): Promise<PersonalAllocationApplication[]>;
}
