import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChangeOrigin } from '../../../common/bookings/history.js';
import type { WorkflowBookingStatus } from './workflow.entity.js';

/**
 * What the kanban board needs to know about bookings and do with them. The bookings domain (above
 * this one) implements it; the port is owned here so the workflow never imports bookings.
 */
export interface WorkflowBookings {
  /**
   * The backlog: bookings of the tenant without a place on the board
   * (workflow_tasks), oldest first, at most `limit` (the newest are kept when there are more).
   */
  backlogIds(tenantId: string, limit: number): Promise<string[]>;
  /**
   * Locks the booking's row for the move's transaction (before the card's own lock: the lock order
   * of bookings/booking.locks.ts) and answers whether the booking exists in the tenant.
   */
  lockBooking(em: EntityManager, tenantId: string, bookingId: string): Promise<boolean>;
  /**
   * A workflow "bookingStatus" action inside the move's transaction:
   * commit releases the booking, paid marks it paid, reject rejects it,
   * with their mails and documents enqueued in that transaction. A release that would overbook
   * throws (409) and so refuses the move. A booking that does not exist is left alone.
   */
  applyWorkflowStatus(em: EntityManager, tenantId: string, bookingId: string, statuses: readonly WorkflowBookingStatus[], origin: ChangeOrigin): Promise<void>;
  /** A staff member moved the booking's card (state names, null for backlog; "Archiv" when archived): its history says so, in the move's transaction. */
  recordBoardMove(em: EntityManager, tenantId: string, bookingId: string, from: string | null, to: string | null, origin: ChangeOrigin): Promise<void>;
}
