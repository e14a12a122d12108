import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { TimeWindow } from '../bookables/booking-occupancy.js';
import type { BookableRecord } from '../bookables/bookable.model.js';
import { AppError } from '../shared/errors.js';
import type { Job } from '../shared/jobs.js';
import type { TenantApplication } from '../tenants/tenant.entity.js';
import type { LockerReservation } from './booking.model.js';

/**
 * Locker units that come with booked objects. An object with active locker details names unit groups
 * of the tenant's locker application (pareva), each with the number of units it has. A booking of
 * the object for a period holds one unit of each group per booked piece; a group's free units are
 * its configured amount less what overlapping bookings hold (rejected, cancelled and deleted ones
 * hold none). The occupancy guard reserves them under the same locks as the objects, so two
 * checkouts never hand out the same unit; the locker system itself is told through the job queue
 * (activate on release, release on rejection or deletion; lockers/locker.service.ts).
 */

export const LOCKER_ACTIVATE_JOB = 'locker-activate';
export const LOCKER_RELEASE_JOB = 'locker-release';
/** Attempts before a locker call is given up and the units are marked failed (about an hour of backoff). */
export const LOCKER_JOB_ATTEMPTS = 8;

/** The ids of the tenant's active locker applications. */
export function activeLockerSystems(applications: readonly TenantApplication[]): string[] {
  return applications.filter((application) => application.type === 'locker' && application.active).map((application) => application.id);
}

/** Units of one group that a booking asks for, with the group's configured amount. */
export interface LockerDemand {
  lockerSystem: string;
  unitId: string;
  bookableId: string;
  amount: number;
  capacity: number;
}

/**
 * What a booking of the items asks of the lockers: for each object with active locker details, each
 * of its unit groups that belongs to an active locker application, one unit per booked piece.
 */
export function lockerDemands(items: readonly { record: Pick<BookableRecord, 'id' | 'lockerDetails'>; amount: number }[], activeSystems: readonly string[]): LockerDemand[] {
  const demands: LockerDemand[] = [];
  for (const { record, amount } of items) {
    const details = record.lockerDetails;
    if (!details?.active || amount <= 0) continue;
    for (const unit of details.units) {
      if (!activeSystems.includes(unit.lockerSystem) || !unit.id) continue;
      demands.push({ lockerSystem: unit.lockerSystem, unitId: unit.id, bookableId: record.id, amount, capacity: unit.amount });
    }
  }
  return demands;
}

/** One unit group of one locker system. */
export const lockerGroupKey = (lockerSystem: string, unitId: string) => `${lockerSystem}:${unitId}`;

/** The free units of a group: its configured amount less what other bookings hold, never below zero. */
export function freeUnits(capacity: number, held: number): number {
  return Math.max(0, capacity - held);
}

export interface LockerShortage {
  lockerSystem: string;
  unitId: string;
  wanted: number;
  free: number;
}

/**
 * The first unit group the booking wants more units of than are free, or null. `held`: the units
 * other bookings hold, by lockerGroupKey. Objects sharing a group share its units; when they name
 * different amounts for it, the smallest counts.
 */
export function lockerShortage(demands: readonly LockerDemand[], held: ReadonlyMap<string, number>): LockerShortage | null {
  const groups = new Map<string, { lockerSystem: string; unitId: string; wanted: number; capacity: number }>();
  for (const demand of demands) {
    const key = lockerGroupKey(demand.lockerSystem, demand.unitId);
    const group = groups.get(key);
    if (group) {
      group.wanted += demand.amount;
      group.capacity = Math.min(group.capacity, demand.capacity);
    } else {
      groups.set(key, { lockerSystem: demand.lockerSystem, unitId: demand.unitId, wanted: demand.amount, capacity: demand.capacity });
    }
  }
  for (const [key, group] of groups) {
    const free = freeUnits(group.capacity, held.get(key) ?? 0);
    if (group.wanted > free) return { lockerSystem: group.lockerSystem, unitId: group.unitId, wanted: group.wanted, free };
  }
  return null;
}

/** The refusal of a booking that wants more units than are free. */
export function lockerShortageError(shortage: LockerShortage): AppError {
  const free = shortage.free === 0 ? 'keines ist frei' : shortage.free === 1 ? 'nur eines ist frei' : `nur ${shortage.free} sind frei`;
  return new AppError('booking.lockers-unavailable', {
    detail: `Für den gewählten Zeitraum sind nicht genug Schließfächer frei (${shortage.wanted} benötigt, ${free}).`,
  });
}

/**
 * The advisory lock keys of the unit groups (sorted with the objects' keys by lockObjects): objects
 * sharing a group are serialised by it even where they share no object lock.
 */
export function lockerLockKeys(tenantId: string, demands: readonly LockerDemand[]): string[] {
  return [...new Set(demands.map((demand) => `locker:${tenantId}:${lockerGroupKey(demand.lockerSystem, demand.unitId)}`))];
}

/**
 * The units held by the tenant's bookings overlapping the window (touching ends do not overlap), by
 * lockerGroupKey: not rejected, not released, leaving out one booking (the one being changed).
 * The bookings come through the GiST index on (tenant, time range).
 */
export async function readHeldLockerUnits(em: EntityManager, tenantId: string, window: TimeWindow, excludeBookingKey: string | null): Promise<Map<string, number>> {
  const rows = await em.execute<{ locker_system: string; unit_id: string; held: string | number }[]>(
    `select unit->>'lockerSystem' as locker_system, unit->>'unitId' as unit_id, sum((unit->>'amount')::int) as held
       from bookings b cross join lateral jsonb_array_elements(b.locker_info) unit
      where b.tenant_id = ? and b.time_begin is not null and b.time_end is not null
        and tstzrange(b.time_begin, b.time_end, '[)') && tstzrange(?::timestamptz, ?::timestamptz, '[)')
        and not b.is_rejected and b.key is distinct from ?::uuid
        and jsonb_array_length(b.locker_info) > 0 and unit->>'state' <> 'released'
      group by 1, 2`,
    [tenantId, window.begin.toISOString(), window.end.toISOString(), excludeBookingKey],
  );
  return new Map(rows.map((row) => [lockerGroupKey(row.locker_system, row.unit_id), Number(row.held)]));
}

/** The units a booking holds once its demands passed. */
export function reservationsOf(demands: readonly LockerDemand[]): LockerReservation[] {
  return demands.map(({ lockerSystem, unitId, bookableId, amount }) => ({ id: randomUUID(), lockerSystem, unitId, bookableId, amount, state: 'reserved' }));
}

export type LockerAction = 'activate' | 'release';

/** What a locker job carries: enough to call the locker system even when the booking is gone. */
export interface LockerJobPayload {
  tenantId: string;
  bookingKey: string;
  /** The booking number, for messages. */
  bookingId: string;
  action: LockerAction;
  /** Epoch ms of the period the units are for. */
  timeBegin: number;
  timeEnd: number;
  units: { id: string; lockerSystem: string; unitId: string; bookableId: string; amount: number }[];
}

/** The booking as the locker jobs need it. */
export interface LockerBooking {
  key: string;
  number: string;
  tenant: { id: string };
  timeBegin?: Date | null;
  timeEnd?: Date | null;
  lockerInfo: LockerReservation[];
}

function lockerJob(action: LockerAction, booking: LockerBooking, units: readonly LockerReservation[]): Job[] {
  if (units.length === 0 || !booking.timeBegin || !booking.timeEnd) return [];
  const payload: LockerJobPayload = {
    tenantId: booking.tenant.id,
    bookingKey: booking.key,
    bookingId: booking.number,
    action,
    timeBegin: booking.timeBegin.getTime(),
    timeEnd: booking.timeEnd.getTime(),
    units: units.map(({ id, lockerSystem, unitId, bookableId, amount }) => ({ id, lockerSystem, unitId, bookableId, amount })),
  };
  return [{ name: action === 'activate' ? LOCKER_ACTIVATE_JOB : LOCKER_RELEASE_JOB, payload: { ...payload }, maxAttempts: LOCKER_JOB_ATTEMPTS }];
}

/**
 * A booking that has just been released (confirmed): its units that the locker system does not
 * know yet (reserved, or failed before) are activated.
 */
export function lockerActivationJobs(booking: LockerBooking): Job[] {
  return lockerJob('activate', booking, booking.lockerInfo.filter((unit) => unit.state === 'reserved' || unit.state === 'failed'));
}

/**
 * A booking that stops holding its units (rejected, cancelled, deleted, or given other units; with
 * `which`: those of objects it no longer books): the ones only reserved are released at once (the locker system never heard of them; an activation
 * under way releases them itself when it finds the booking so), the active and failed ones through
 * the locker system. Changes `lockerInfo` and answers the jobs.
 */
export function lockerReleaseJobs(booking: LockerBooking, which: (unit: LockerReservation) => boolean = () => true): Job[] {
  const toLockerSystem = booking.lockerInfo.filter((unit) => which(unit) && (unit.state === 'active' || unit.state === 'failed'));
  booking.lockerInfo = booking.lockerInfo.map((unit) => (which(unit) && unit.state === 'reserved' ? { ...unit, state: 'released' } : unit));
  return lockerJob('release', booking, toLockerSystem);
}
