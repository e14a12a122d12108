import type { EntityManager } from '@mikro-orm/postgresql';
import { checkBooking, isTimeRelated, type Occupancy } from '../bookables/rules/availability.js';
import { AppError, type ErrorCode } from '../shared/errors.js';
import { horizonProblem } from '../../../common/bookings/horizon.js';
import { eventHasSeats } from './checkout/checkout.rules.js';
import { eventFullError, requestedSeats, seatsTaken, type EventDirectory, type EventSeatInfo } from './event-seats.js';
import { lockKeysOf, lockObjects } from './booking.locks.js';
import { lockerDemands, lockerLockKeys, lockerShortage, lockerShortageError, readHeldLockerUnits, reservationsOf, type LockerDemand } from './booking-lockers.js';
import type { LockerReservation } from './booking.model.js';
import { readOccupancies, type BookableFamily } from './booking.queries.js';

/**
 * The one guardian of occupancy: every change that makes a booking occupy again or occupy more (a
 * checkout, a staff edit with new times, objects or amounts, releasing a rejected booking, the
 * workflow's "commit", un-rejecting it in the editor) goes through `guard`, inside the transaction
 * that writes the change. A booking occupies its objects unless it is rejected, released or not.
 *
 * `guard` first asks what the change claims beyond what the booking already held: nothing (an
 * address corrected, a window shortened, a booking rejected) is never refused and takes no lock.
 * Otherwise it checks the tenant's booking horizon, takes the advisory locks of the claimed objects
 * (their parents and dependent objects, the events of tickets; booking.locks.ts, sorted, with a
 * lock timeout) and only then reads everyone else's occupancy and the events' seats and runs the
 * rules. So two changes claiming the same slot on any number of server processes run one after the
 * other, and the second sees the first.
 *
 * The locker units that come with the objects (booking-lockers.ts) are part of the claim: their
 * groups are locked with the objects, and a change that claims more answers the units it now holds,
 * checked against everyone else's under those locks, for the caller to write onto the booking.
 */

/** One booked object with its hierarchy and the amount claimed. */
export interface ClaimedItem extends BookableFamily {
  amount: number;
}

/** What a booking occupied before the change; null when it occupied nothing (new or rejected). */
export interface HeldOccupancy {
  begin: Date | null;
  end: Date | null;
  items: readonly { bookableId: string; amount: number }[];
}

/** The tenant's limits every booking keeps. */
export interface BookingLimits {
  /** Checkout only: the tenant's advance limit in months (null or 0: none). */
  maxBookingAdvanceInMonths?: number | null;
  bookingHorizonDays: number;
  maxBookingDays: number;
}

/** The booking as the change would leave it. */
export interface OccupancyClaim {
  tenantId: string;
  limits: BookingLimits;
  begin: Date | null;
  end: Date | null;
  items: readonly ClaimedItem[];
  /** The booking being changed, left out of everyone else's occupancy; null for a new one. */
  bookingKey: string | null;
  /** The tenant's active locker applications (booking-lockers.ts activeLockerSystems). */
  lockerSystems: readonly string[];
  held: HeldOccupancy | null;
}

/**
 * Which rules apply and how a refusal answers: a checkout runs every rule of the public (opening
 * hours, permissions, durations, advance limit); staff (the editor, releasing, the workflow) may
 * override all of them except overbooking and the horizon. The editor answers a conflict with
 * "Zeitkonflikt" (booking.time-conflict), a release with the rule's own code (booking.capacity, …).
 */
export type OccupancyRules =
  | { kind: 'checkout'; viewerUserId: string | null; viewerRoleIds: readonly string[] }
  | { kind: 'staff-edit' }
  | { kind: 'release' };

const sumBy = (items: readonly { bookableId: string; amount: number }[]) => {
  const sums = new Map<string, number>();
  for (const { bookableId, amount } of items) sums.set(bookableId, (sums.get(bookableId) ?? 0) + amount);
  return sums;
};

/** Whether the new window lies inside the held one (both without times counts as kept). */
function windowKept(claim: OccupancyClaim, held: HeldOccupancy): boolean {
  if (!claim.begin || !claim.end) return !claim.begin && !claim.end && !held.begin && !held.end;
  if (!held.begin || !held.end) return false;
  return claim.begin.getTime() >= held.begin.getTime() && claim.end.getTime() <= held.end.getTime();
}

/**
 * The items that claim more than the booking held: all of a booking that occupied nothing; else an
 * object added or with a larger amount, or booked by time in a window reaching beyond the held one.
 */
export function growingItems(claim: OccupancyClaim): ClaimedItem[] {
  const { held } = claim;
  if (!held) return [...claim.items];
  const heldAmounts = sumBy(held.items);
  const claimedAmounts = sumBy(claim.items.map((item) => ({ bookableId: item.record.id, amount: item.amount })));
  const kept = windowKept(claim, held);
  return claim.items.filter(({ record }) => (claimedAmounts.get(record.id) ?? 0) > (heldAmounts.get(record.id) ?? 0) || (isTimeRelated(record) && !kept));
}

/** The locker units the whole claim asks for; none without a period (units are held for one). */
function lockerDemandsOf(claim: OccupancyClaim): LockerDemand[] {
  if (!claim.begin || !claim.end || claim.end <= claim.begin || claim.lockerSystems.length === 0) return [];
  return lockerDemands(claim.items, claim.lockerSystems);
}

/** Refuses (409) when a unit group has fewer free units in the claim's period than it asks for. */
async function requireFreeLockers(em: EntityManager, claim: OccupancyClaim, demands: readonly LockerDemand[]): Promise<void> {
  if (demands.length === 0 || !claim.begin || !claim.end) return;
  const held = await readHeldLockerUnits(em, claim.tenantId, { begin: claim.begin, end: claim.end }, claim.bookingKey);
  const shortage = lockerShortage(demands, held);
  if (shortage) throw lockerShortageError(shortage);
}

const eventOf = (item: ClaimedItem) => (item.record.type === 'ticket' ? item.record.eventId : null);

/** Seats per event the booking's whole claim asks for, only for events where that is more than it held. */
function growingSeats(claim: OccupancyClaim): Map<string, number> {
  const eventByObject = new Map(claim.items.map((item) => [item.record.id, eventOf(item)]));
  const wanted = requestedSeats(claim.items.map((item) => ({ eventId: eventOf(item), amount: item.amount })));
  const held = requestedSeats((claim.held?.items ?? []).map(({ bookableId, amount }) => ({ eventId: eventByObject.get(bookableId) ?? null, amount })));
  return new Map([...wanted].filter(([eventId, seats]) => seats > (held.get(eventId) ?? 0)));
}

export class BookingOccupancyGuard {
  constructor(private readonly events: EventDirectory) {}

  /**
   * Locks and checks what the change claims, inside the transaction that writes it (call before
   * writing). Throws the refusal (400 for the horizon, 409 otherwise). Answers the locker units the
   * booking holds after the change, to be stored as its `lockerInfo`; null when the change claims
   * nothing new (it passes at once, and the booking keeps the units it has).
   */
  async guard(tx: EntityManager, claim: OccupancyClaim, rules: OccupancyRules, now = new Date()): Promise<LockerReservation[] | null> {
    const growing = growingItems(claim);
    if (growing.length === 0) return null;
    this.requireHorizon(claim, growing, now);
    const lockers = lockerDemandsOf(claim);
    await this.refuseFullEvents(tx, claim, growing);
    await lockObjects(tx, [...lockKeysOf(growing), ...lockerLockKeys(claim.tenantId, lockers)]);
    // Read under the locks and in the transaction: an event's limit is changed under the same
    // event lock (never below the seats sold), so the limit read here is the one that holds.
    await this.check(tx, claim, rules, growing, await this.seatInfos(claim, growing, tx), now);
    await requireFreeLockers(tx, claim, lockers);
    return reservationsOf(lockers);
  }

  /** The same checks without locks, for answers that store nothing (a checkout's preview and prices). */
  async preview(em: EntityManager, claim: OccupancyClaim, rules: OccupancyRules, now = new Date()): Promise<void> {
    const growing = growingItems(claim);
    if (growing.length === 0) return;
    this.requireHorizon(claim, growing, now);
    await this.check(em, claim, rules, growing, await this.seatInfos(claim, growing), now);
    await requireFreeLockers(em, claim, lockerDemandsOf(claim));
  }

  /**
   * A sold-out event refuses before its lock is even asked for. When a concert goes on sale, hundreds
   * of buyers queue for that one lock; once the seats are gone, every later buyer would wait in line
   * only to hear "full". Seats come back only by a cancellation, so a refusal read from committed
   * state is the answer the same request would have had a moment earlier. Passing here proves
   * nothing: the check under the lock decides.
   */
  private async refuseFullEvents(tx: EntityManager, claim: OccupancyClaim, growing: readonly ClaimedItem[]): Promise<void> {
    const wanted = growingSeats(claim);
    if (wanted.size === 0) return;
    // Through the transaction's own connection: a second one per checkout would let a rush of them
    // hold every pooled connection while each waits for another.
    for (const [eventId, info] of await this.seatInfos(claim, growing, tx)) {
      const seats = wanted.get(eventId);
      if (seats !== undefined && !eventHasSeats(info.maxAttendees, await seatsTaken(tx, claim.tenantId, eventId, claim.bookingKey), seats)) throw eventFullError(info);
    }
  }

  /** The events of the growing tickets with their seat limits (an unknown event limits nothing). */
  private async seatInfos(claim: OccupancyClaim, growing: readonly ClaimedItem[], tx?: EntityManager): Promise<Map<string, EventSeatInfo>> {
    const infos = new Map<string, EventSeatInfo>();
    for (const eventId of new Set(growing.map(eventOf).filter((id): id is string => id !== null))) {
      const info = await this.events.seatInfo(claim.tenantId, eventId, tx);
      if (info) infos.set(eventId, info);
    }
    return infos;
  }

  /** The tenant's booking horizon (common/bookings/horizon.ts), for everyone: 400 with the field's message. */
  private requireHorizon(claim: OccupancyClaim, growing: readonly ClaimedItem[], now: Date): void {
    const timed = growing.filter(({ record }) => isTimeRelated(record)).map(({ record }) => record);
    const problem = horizonProblem(claim.limits, { begin: claim.begin, end: claim.end }, timed, now);
    if (problem) throw new AppError('generic.validation', { fieldErrors: { [problem.field]: problem.message } });
  }

  /**
   * The rules in the order of the items (the first failure wins), each growing item against
   * everyone else's bookings and the earlier items of this one; then its event's seats.
   */
  private async check(em: EntityManager, claim: OccupancyClaim, rules: OccupancyRules, growing: readonly ClaimedItem[], events: ReadonlyMap<string, EventSeatInfo>, now: Date): Promise<void> {
    const window = claim.begin && claim.end && claim.end > claim.begin ? { begin: claim.begin, end: claim.end } : null;
    const checked = new Set(growing);
    const wantedSeats = growingSeats(claim);
    const seatsChecked = new Set<string>();
    const pending: Occupancy[] = [];
    for (const item of claim.items) {
      if (checked.has(item)) {
        const timed = isTimeRelated(item.record);
        if (timed && !window && rules.kind !== 'checkout') {
          throw new AppError('generic.validation', { fieldErrors: { timeBegin: `Für ${item.record.title} ist ein Zeitraum nötig.` } });
        }
        const ids = [item.record.id, ...item.parents.map((parent) => parent.id), ...item.descendants.map((child) => child.id)];
        const others = timed && !window ? [] : await readOccupancies(em, ids, timed ? window : null, claim.bookingKey);
        this.requireRules(item, claim, rules, [...others, ...pending], now);
        const eventId = eventOf(item);
        const event = eventId ? events.get(eventId) : undefined;
        if (eventId && event && !seatsChecked.has(eventId) && wantedSeats.has(eventId)) {
          seatsChecked.add(eventId);
          if (!eventHasSeats(event.maxAttendees, await seatsTaken(em, claim.tenantId, eventId, claim.bookingKey), wantedSeats.get(eventId) ?? 0)) throw eventFullError(event);
        }
      }
      pending.push({ bookableId: item.record.id, amount: item.amount, timeBegin: claim.begin, timeEnd: claim.end, rejected: false });
    }
  }

  /** The availability rules of one item (bookables/rules/availability.ts); staff only the overbooking ones. */
  private requireRules(item: ClaimedItem, claim: OccupancyClaim, rules: OccupancyRules, occupancies: Occupancy[], now: Date): void {
    const publicRules = rules.kind === 'checkout';
    // For staff the object counts as bookable by anyone at any hour: only its capacity, parents and dependent objects limit.
    const record = publicRules
      ? item.record
      : { ...item.record, isBookable: true, permittedUsers: [], permittedRoles: [], isOpeningHoursRelated: false, isSpecialOpeningHoursRelated: false };
    const parents = publicRules ? item.parents : item.parents.map((parent) => ({ ...parent, isOpeningHoursRelated: false, isSpecialOpeningHoursRelated: false }));
    const failure = checkBooking({
      item: record,
      amount: item.amount,
      begin: claim.begin,
      end: claim.end,
      parents,
      descendants: item.descendants,
      viewerUserId: rules.kind === 'checkout' ? rules.viewerUserId : null,
      viewerRoleIds: rules.kind === 'checkout' ? [...rules.viewerRoleIds] : [],
      occupancies,
      maxBookingAdvanceInMonths: publicRules ? (claim.limits.maxBookingAdvanceInMonths ?? null) : null,
      now,
      checkDuration: publicRules,
      refusePast: publicRules,
    });
    if (!failure) return;
    if (rules.kind === 'staff-edit') throw new AppError('booking.time-conflict', { detail: `Zeitkonflikt: ${failure.message}` });
    throw new AppError(failure.code as ErrorCode, { detail: failure.message });
  }
}
