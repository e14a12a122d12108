import type { WorkflowBookingStatus } from '../workflow/workflow.entity.js';
import type { Occupancy } from './rules/availability.js';

/** A booking of a bookable as the public bookings path shows it (rest-contract 3.7). */
export interface PublicBookingSlot {
  id: string;
  tenantId: string;
  timeBegin: number | null;
  timeEnd: number | null;
}

/**
 * What the bookables domain needs to know about bookings: the occupancy of objects (availability,
 * capacity) and the bookings of objects (GET api/{tenantId}/bookables/{id}/bookings). The bookings
 * domain provides the implementation over its table; until it exists, no booking exists, which is a
 * valid state of every tenant rather than an error.
 */
export interface BookingSource {
  /** Non-rejected and rejected bookings of these objects (the rules decide what counts). */
  occupancies(tenantId: string, bookableIds: readonly string[]): Promise<Occupancy[]>;
  /** The bookings containing any of these objects, in booking order. */
  bookingsOf(tenantId: string, bookableIds: readonly string[]): Promise<PublicBookingSlot[]>;
  /** The ids of every booking of the tenant, in booking order (the workflow backlog, rest-contract 5.3 rule 3). */
  bookingIdsOf(tenantId: string): Promise<string[]>;
  /** Whether the booking exists in the tenant (a task coming from the backlog onto the board). */
  bookingExists(tenantId: string, bookingId: string): Promise<boolean>;
  /**
   * A workflow "bookingStatus" action (rest-contract 5.3 rule 7): commit releases the booking
   * (5.2 rule 1), paid marks it paid (with receipt and confirmation as after a payment), reject
   * rejects it (5.2 rule 2). A booking that does not exist is left alone.
   */
  applyWorkflowStatus(tenantId: string, bookingId: string, statuses: readonly WorkflowBookingStatus[]): Promise<void>;
}

/** The state of a platform without a bookings table yet: no booking anywhere. */
export const noBookings: BookingSource = {
  occupancies: async () => [],
  bookingsOf: async () => [],
  bookingIdsOf: async () => [],
  bookingExists: async () => false,
  // No booking, nothing to change.
  applyWorkflowStatus: async () => undefined,
};
