import { LockerSystemError, type LockerSystem, type LockerUnitRequest } from './locker-system.js';

/** One call the stand-in received. */
export interface StandInLockerCall extends LockerUnitRequest {
  action: 'activate' | 'release';
  tenantId: string;
}

/**
 * The locker system of development, tests and the demo: a tenant's pareva application without a
 * server URL talks to this process instead of a locker server. It remembers the calls (and which
 * units are open) in memory; `failWith` makes it refuse every call, as a locker server that is down.
 * Never used in production, where a missing server URL is an error recorded on the booking.
 */
export class StandInLockerSystem {
  readonly calls: StandInLockerCall[] = [];
  private failure: string | null = null;

  /** Every following call fails with the message (null: they succeed again). */
  failWith(message: string | null): void {
    this.failure = message;
  }

  /** The units of the reservations currently open, by reservation id. */
  openReservations(): Map<string, StandInLockerCall> {
    const open = new Map<string, StandInLockerCall>();
    for (const call of this.calls) {
      if (call.action === 'activate') open.set(call.reservationId, call);
      else open.delete(call.reservationId);
    }
    return open;
  }

  /** The stand-in as one tenant's locker system. */
  forTenant(tenantId: string): LockerSystem {
    const record = (action: StandInLockerCall['action'], request: LockerUnitRequest) => {
      if (this.failure !== null) return Promise.reject(new LockerSystemError(this.failure));
      this.calls.push({ ...request, action, tenantId });
      return Promise.resolve();
    };
    return { activate: (request) => record('activate', request), release: (request) => record('release', request) };
  }
}
