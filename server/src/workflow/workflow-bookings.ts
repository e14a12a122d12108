import type { WorkflowBookingStatus } from './workflow.entity.js';

/**
 * What the kanban board needs to know about bookings. The bookings domain (above this one)
 * implements it; the port is owned here so the workflow never imports bookings.
 */
export interface WorkflowBookings {
  /**
   * The backlog (rest-contract 5.3 rule 3): bookings of the tenant without a place on the board
   * (workflow_tasks), oldest first, at most `limit` (the newest are kept when there are more).
   */
  backlogIds(tenantId: string, limit: number): Promise<string[]>;
  /** Whether the booking exists in the tenant (a task in no state that is moved or archived). */
  bookingExists(tenantId: string, bookingId: string): Promise<boolean>;
  /**
   * A workflow "bookingStatus" action (rest-contract 5.3 rule 7): commit releases the booking
   * (5.2 rule 1), paid marks it paid, reject rejects it (5.2 rule 2). A booking that does not exist
   * is left alone.
   */
  applyWorkflowStatus(tenantId: string, bookingId: string, statuses: readonly WorkflowBookingStatus[]): Promise<void>;
}
