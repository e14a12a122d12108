import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { LOCKER_ACTIVATE_JOB, LOCKER_RELEASE_JOB, lockerReleaseJobs, type LockerAction, type LockerJobPayload } from '../bookings/booking-lockers.js';
import { Booking } from '../bookings/booking.entity.js';
import { lockerHistoryValue } from '../../../common/bookings/history.js';
import { recordBookingHistory, systemActor } from '../bookings/booking-history.js';
import { recordBookingChange } from '../bookings/booking.jobs.js';
import type { LockerReservation } from '../bookings/booking.model.js';
import { enqueueJobs, type JobAttempt, type JobHandler } from '../shared/jobs.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { LockerSystemError, parevaSettings, type LockerSystem } from './locker-system.js';
import { ParevaLockerSystem } from './pareva.js';
import { StandInLockerSystem } from './stand-in-locker-system.js';
import { logger } from '../shared/logging.js';

type JobUnit = LockerJobPayload['units'][number];

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The payload of a locker job as the bookings domain wrote it; units without an id are dropped. */
export function parseLockerJobPayload(payload: Record<string, unknown>): LockerJobPayload {
  const units = Array.isArray(payload.units) ? (payload.units as Record<string, unknown>[]) : [];
  return {
    tenantId: text(payload.tenantId),
    bookingKey: text(payload.bookingKey),
    bookingId: text(payload.bookingId),
    action: payload.action === 'release' ? 'release' : 'activate',
    timeBegin: Number(payload.timeBegin),
    timeEnd: Number(payload.timeEnd),
    units: units
      .filter((unit) => unit && typeof unit.id === 'string')
      .map((unit) => ({ id: text(unit.id), lockerSystem: text(unit.lockerSystem), unitId: text(unit.unitId), bookableId: text(unit.bookableId), amount: Number(unit.amount) })),
  };
}

/** A locker call's failure as staff read it on the booking. */
function failureMessage(error: unknown): string {
  if (error instanceof LockerSystemError) return error.message;
  return `Unerwarteter Fehler beim Aufruf des Schließfachsystems: ${(error as Error)?.message ?? String(error)}`;
}

/**
 * Tells the locker systems what the bookings hold: the jobs the bookings domain enqueues when a
 * booking is confirmed (activate) or stops holding its units (release). Each unit group is called
 * on its own and its outcome written onto the booking at once, so a retry repeats only what failed.
 * A failed call stays on the booking as `lastError` while the queue retries; after the last attempt
 * the units are marked failed. A release that finally fails for a booking that is gone is logged,
 * and the given-up job stays in the queue's records.
 *
 * A tenant's pareva application with a server URL talks to that server (pareva.ts); without one,
 * outside production, to the stand-in of this process (stand-in-locker-system.ts).
 */
export class LockerService {
  /** The stand-in locker system of this process (development, tests, demo). */
  readonly standIn = new StandInLockerSystem();

  constructor(
    private readonly orm: MikroORM,
    /** Whether a locker application without server URL uses the stand-in (outside production). */
    private readonly standInAllowed: boolean,
    private readonly send: typeof fetch = fetch,
  ) {}

  /** The job handlers by name, for the process's job worker. */
  handlers(): Record<string, JobHandler> {
    return {
      [LOCKER_ACTIVATE_JOB]: (payload, attempt) => this.run(parseLockerJobPayload(payload), attempt),
      [LOCKER_RELEASE_JOB]: (payload, attempt) => this.run(parseLockerJobPayload(payload), attempt),
    };
  }

  private async run(job: LockerJobPayload, attempt: JobAttempt): Promise<void> {
    const units = await this.unitsStillToCall(job);
    for (const unit of units) {
      try {
        const system = await this.systemFor(job.tenantId, unit.lockerSystem);
        const request = { reservationId: unit.id, bookingId: job.bookingId, unitId: unit.unitId, amount: unit.amount, begin: new Date(job.timeBegin), end: new Date(job.timeEnd) };
        if (job.action === 'activate') await system.activate(request);
        else await system.release(request);
      } catch (error) {
        const message = failureMessage(error);
        await this.recordFailure(job, unit, message, attempt.final);
        throw new Error(`Schließfach ${unit.unitId} der Buchung ${job.bookingId} (${job.action}, Versuch ${attempt.number}): ${message}`, { cause: error });
      }
      await this.recordSuccess(job, unit);
    }
  }

  /**
   * The units the job still has to call: all of a release (the booking may be gone), those of an
   * activation that the booking still holds and the locker system does not know yet. An activation
   * of a booking rejected or deleted meanwhile calls nothing (its units were released without the
   * locker system, which never knew them).
   */
  private async unitsStillToCall(job: LockerJobPayload): Promise<JobUnit[]> {
    const booking = await this.orm.em.fork().findOne(Booking, { key: job.bookingKey });
    const stored = new Map((booking?.lockerInfo ?? []).map((unit) => [unit.id, unit]));
    if (job.action === 'release') return job.units.filter((unit) => stored.get(unit.id)?.state !== 'released');
    if (!booking || booking.isRejected || !booking.isCommitted) return [];
    return job.units.filter((unit) => {
      const state = stored.get(unit.id)?.state;
      return state === 'reserved' || state === 'failed';
    });
  }

  private async systemFor(tenantId: string, lockerSystem: string): Promise<LockerSystem> {
    const tenant = await this.orm.em.fork().findOne(Tenant, { id: tenantId });
    const application = tenant?.applications.find((candidate) => candidate.type === 'locker' && candidate.id === lockerSystem);
    if (!application) throw new LockerSystemError(`Die Schließfach-Anwendung „${lockerSystem}“ ist für den Mandanten nicht eingerichtet.`);
    const settings = parevaSettings(application);
    if (!settings.serverUrl && this.standInAllowed) return this.standIn.forTenant(tenantId);
    return new ParevaLockerSystem(settings, this.send);
  }

  /** The booking under its row lock (the lock order of booking.locks.ts: the booking's row only) and the unit's entry on it. */
  private async lockedUnit(em: EntityManager, job: LockerJobPayload, unitId: string): Promise<{ booking: Booking | null; stored: LockerReservation | undefined }> {
    const booking = await em.findOne(Booking, { key: job.bookingKey }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return { booking, stored: booking?.lockerInfo.find((unit) => unit.id === unitId) };
  }

  /**
   * The unit's entry changed; open screens hear of the booking's change (its live event, on commit).
   * A new state or a new complaint of the locker system goes into the booking's history; a retry
   * failing with the same words again does not.
   */
  private static async change(tx: EntityManager, booking: Booking, unitId: string, change: Partial<LockerReservation>): Promise<void> {
    const before = booking.lockerInfo.find((unit) => unit.id === unitId);
    booking.lockerInfo = booking.lockerInfo.map((unit) => (unit.id === unitId ? { ...unit, ...change } : unit));
    await recordBookingChange(tx, { tenantId: booking.tenant.id, id: booking.number, action: 'UPDATED', assignedUserId: booking.assignedUserId ?? null });
    const after = booking.lockerInfo.find((unit) => unit.id === unitId);
    if (!before || !after || (before.state === after.state && (after.lastError ?? null) === (before.lastError ?? null))) return;
    await recordBookingHistory(tx, {
      tenantId: booking.tenant.id,
      bookingId: booking.number,
      action: 'locker_updated',
      actor: systemActor,
      via: 'job',
      changes: [{ field: 'locker', before: lockerHistoryValue(before), after: lockerHistoryValue(after) }],
      reason: after.lastError ?? null,
    });
  }

  /**
   * Activated: active on the booking. Released: released. An activation that finds afterwards that
   * the booking no longer holds the units (rejected, deleted, or reserved anew meanwhile) gives
   * them back at once (a release job).
   */
  private async recordSuccess(job: LockerJobPayload, unit: JobUnit): Promise<void> {
    await this.orm.em.fork().transactional(async (tx) => {
      const { booking, stored } = await this.lockedUnit(tx, job, unit.id);
      const stillHeld = booking !== null && !booking.isRejected && stored !== undefined && stored.state !== 'released';
      if (booking && stored) await LockerService.change(tx, booking, unit.id, { state: job.action === 'activate' ? 'active' : 'released', lastError: null });
      if (job.action === 'activate' && !stillHeld) {
        const holder = { key: job.bookingKey, number: job.bookingId, tenant: { id: job.tenantId }, timeBegin: new Date(job.timeBegin), timeEnd: new Date(job.timeEnd), lockerInfo: [{ ...unit, state: 'active' as const }] };
        await enqueueJobs(tx, lockerReleaseJobs(holder));
      }
      await tx.flush();
    });
  }

  /** The complaint on the booking; after the last attempt the units are failed. */
  private async recordFailure(job: LockerJobPayload, unit: JobUnit, message: string, final: boolean): Promise<void> {
    await this.orm.em.fork().transactional(async (tx) => {
      const { booking, stored } = await this.lockedUnit(tx, job, unit.id);
      // Units released meanwhile (an activation of a booking rejected while it ran) stay released.
      if (booking && stored && stored.state !== 'released') await LockerService.change(tx, booking, unit.id, final ? { lastError: message, state: 'failed' } : { lastError: message });
      await tx.flush();
      if (final && !stored) logger.error(`[lockers] ${actionLabel(job.action)} der Schließfächer ${unit.lockerSystem}/${unit.unitId} der Buchung ${job.bookingId} endgültig fehlgeschlagen: ${message}`);
    });
  }
}

const actionLabel = (action: LockerAction) => (action === 'activate' ? 'Öffnen' : 'Freigeben');

declare module '../shared/domain-services.js' {
  interface DomainServices {
    lockers: LockerService;
  }
}
