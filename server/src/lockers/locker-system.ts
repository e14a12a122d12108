import type { TenantApplication } from '../tenants/tenant.entity.js';

/**
 * What the product asks of a locker system: open units of a group for a booking's period, and give
 * them back. Calls come from the job queue and may repeat (a retry after a timeout whose call did
 * arrive): an implementation treats a repeat as done.
 */
export interface LockerUnitRequest {
  /** Our reservation's id: the locker system's reference for this booking's units. */
  reservationId: string;
  /** The booking number, for people reading the locker system's records. */
  bookingId: string;
  /** The unit group (product id) in the locker system. */
  unitId: string;
  amount: number;
  begin: Date;
  end: Date;
}

export interface LockerSystem {
  activate(request: LockerUnitRequest): Promise<void>;
  release(request: LockerUnitRequest): Promise<void>;
}

/** The settings of a tenant's pareva application (the password is write-only for people). */
export interface ParevaSettings {
  serverUrl: string;
  apiKey: string;
  lockerId: string;
  user: string;
  password: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function parevaSettings(application: TenantApplication): ParevaSettings {
  return {
    serverUrl: text(application.serverUrl).replace(/\/+$/, ''),
    apiKey: text(application.apiKey),
    lockerId: text(application.lockerId),
    user: text(application.user),
    password: typeof application.password === 'string' ? application.password : '',
  };
}

/** A refusal of the locker system, in German for the staff who read it on the booking. */
export class LockerSystemError extends Error {}
