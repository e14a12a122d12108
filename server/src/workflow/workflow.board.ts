import type { WorkflowBookingStatus } from '../../../common/workflow/workflow.schema.js';

/**
 * The kanban rules as pure functions: where a move takes a task
 * and which positions change so that every state keeps consecutive positions. The service reads the
 * places involved under locks, asks these functions, and writes the few rows they name.
 */

/** The destination that archives a task. */
export const ARCHIVE_DESTINATION = 'archive';
/** Status names of the places that are no state, as the e-mail action names the old status. */
export const BACKLOG_NAME = 'Backlog';
export const ARCHIVE_NAME = 'Archiv';

/** Where a task is: in a state at a position, archived, or on no place at all (the backlog). */
export type TaskPlace = { kind: 'state'; stateId: string; position: number; enteredAt: number | null } | { kind: 'archived'; enteredAt: number | null } | { kind: 'backlog' };

export interface MoveRequest {
  taskId: string;
  destination: string;
  /** Index in the destination state; null moves nothing for a task already in a state. */
  newIndex: number | null;
}

/** What a move does to the task; the actions of `entered` run after the commit. */
export interface MovePlan {
  /** Where it ends: a state at an index (counted without the task itself), archived, the backlog, or unchanged. */
  target: { kind: 'state'; stateId: string; index: number; keepEnteredAt: boolean } | { kind: 'archived' } | { kind: 'backlog' } | { kind: 'unchanged' };
  /** The state it entered from somewhere else, with the old status's name. */
  entered: { stateId: string; fromName: string } | null;
}

export interface StateName {
  id: string;
  name: string;
}

/**
 * Where a move takes a task (docs/bookings.md, “The workflow board (server)”). The caller has
 * checked that a task in no state (backlog or archive) is a booking of the tenant.
 * - "archive": removed from its state and archived with the current time (an archived task keeps its time);
 * - a task in a state: without newIndex nothing moves; otherwise it goes to newIndex of the
 *   destination (its time kept only within the same state); a destination that is no state sends it
 *   to the backlog;
 * - a task in no state (backlog or archive): into the destination state at newIndex (default 0),
 *   out of the archive; a destination that is no state only un-archives it.
 * The destination state's actions run whenever it differs from the source, also when nothing moved
 * because newIndex was missing.
 */
export function planMove(current: TaskPlace, request: MoveRequest, states: readonly StateName[]): MovePlan {
  if (request.destination === ARCHIVE_DESTINATION) return { target: current.kind === 'archived' ? { kind: 'unchanged' } : { kind: 'archived' }, entered: null };
  const destination = states.find((state) => state.id === request.destination) ?? null;

  if (current.kind === 'state') {
    const source = states.find((state) => state.id === current.stateId);
    const entered = destination && destination.id !== current.stateId ? { stateId: destination.id, fromName: source?.name ?? BACKLOG_NAME } : null;
    if (request.newIndex == null) return { target: { kind: 'unchanged' }, entered };
    if (!destination) return { target: { kind: 'backlog' }, entered: null };
    return { target: { kind: 'state', stateId: destination.id, index: request.newIndex, keepEnteredAt: destination.id === current.stateId }, entered };
  }

  if (!destination) return { target: current.kind === 'archived' ? { kind: 'backlog' } : { kind: 'unchanged' }, entered: null };
  return {
    target: { kind: 'state', stateId: destination.id, index: request.newIndex ?? 0, keepEnteredAt: false },
    entered: { stateId: destination.id, fromName: current.kind === 'archived' ? ARCHIVE_NAME : BACKLOG_NAME },
  };
}

/** The positions of one state: `count` consecutive integers from `first`. */
export interface ColumnSpan {
  first: number;
  count: number;
}

/** Positions from..to (inclusive) of one state move by one. */
export interface Shift {
  from: number;
  to: number;
  by: 1 | -1;
}

/**
 * Taking the task at `position` out of a column: the shorter side of it moves one step towards the
 * gap, so positions stay consecutive and at most half the column is written.
 */
export function removal(span: ColumnSpan, position: number): { shift: Shift | null; span: ColumnSpan } {
  const index = position - span.first;
  const last = span.first + span.count - 1;
  const above = index;
  const below = span.count - 1 - index;
  if (above <= below) {
    return { shift: above > 0 ? { from: span.first, to: position - 1, by: 1 } : null, span: { first: span.first + 1, count: span.count - 1 } };
  }
  return { shift: { from: position + 1, to: last, by: -1 }, span: { first: span.first, count: span.count - 1 } };
}

/**
 * Putting a task at `index` of a column (clamped to its length): the shorter side moves one step
 * away to open the place. At the top nothing moves (the new first position is one less).
 */
export function insertion(span: ColumnSpan, index: number): { position: number; shift: Shift | null } {
  if (span.count === 0) return { position: 0, shift: null };
  const at = Math.max(0, Math.min(index, span.count));
  if (at <= span.count - at) {
    return { position: span.first + at - 1, shift: at > 0 ? { from: span.first, to: span.first + at - 1, by: -1 } : null };
  }
  const last = span.first + span.count - 1;
  return { position: span.first + at, shift: at < span.count ? { from: span.first + at, to: last, by: 1 } : null };
}

/** The index a position stands at in its column. */
export const indexIn = (span: ColumnSpan, position: number): number => position - span.first;

/** A booking's status transition as its history names it. */
export type StatusTransition = 'released' | 'rejected' | 'cancelled' | 'paid';

/** Which booking-status action of a state stands for a transition. */
const statusOfTransition: Record<StatusTransition, WorkflowBookingStatus> = { released: 'commit', rejected: 'reject', cancelled: 'reject', paid: 'paid' };

/** A state with the booking statuses its actions set. */
export interface StateStatuses {
  id: string;
  statuses: readonly WorkflowBookingStatus[];
}

/** What the booking is now, in the statuses of the actions: released, rejected, paid. */
export interface BookingStatusNow {
  isCommitted: boolean;
  isRejected: boolean;
  isPayed: boolean;
}

/**
 * Where a card goes when its booking's status changed outside the board (details dialog, customer,
 * payment): to the first state whose status actions stand for the transition, for the last
 * transition that has one (released and paid at once: the "paid" state). A state qualifies only when
 * every status it sets is already the booking's, so entering it changes nothing more; a card
 * already in a state that sets the status stays. Null: the card stays where it is.
 */
export function stateFollowingStatus(states: readonly StateStatuses[], current: TaskPlace, transitions: readonly StatusTransition[], booking: BookingStatusNow): string | null {
  if (current.kind === 'archived') return null;
  const holds = { commit: booking.isCommitted && !booking.isRejected, reject: booking.isRejected, paid: booking.isPayed };
  const currentState = current.kind === 'state' ? states.find((state) => state.id === current.stateId) : undefined;
  for (const transition of [...transitions].reverse()) {
    const status = statusOfTransition[transition];
    if (!holds[status]) continue;
    if (currentState?.statuses.includes(status)) return null;
    const target = states.find((state) => state.statuses.includes(status) && state.statuses.every((other) => holds[other]));
    if (target) return target.id;
  }
  return null;
}
