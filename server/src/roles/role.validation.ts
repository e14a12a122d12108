import { accessFlags, adminInterfaceNames, permissionAreas, type AccessFlags, type PermissionArea } from '../../../common/permissions/model.js';

/** What a role write may change; absent fields keep the stored value (or the default on create). */
export interface RoleChanges {
  name?: string;
  adminInterfaces?: string[];
  freeBookings?: boolean;
  manageRoles?: AccessFlags;
  manageUsers?: AccessFlags;
  manageTenants?: AccessFlags;
  manageBookings?: AccessFlags;
  manageBookables?: AccessFlags;
  manageCoupons?: AccessFlags;
}

const MAX_NAME_LENGTH = 200;

function flagsOf(value: unknown): AccessFlags | string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'Ungültige Berechtigungen';
  const flags: AccessFlags = {};
  for (const [key, flag] of Object.entries(value)) {
    if (key === '__typename') continue;
    if (!(accessFlags as readonly string[]).includes(key)) return `Unbekannte Berechtigung: ${key}`;
    if (flag === null || flag === undefined) continue;
    if (typeof flag !== 'boolean') return 'Berechtigungen müssen Ja/Nein-Werte sein';
    flags[key as keyof AccessFlags] = flag;
  }
  return flags;
}

/**
 * Checks a role body from REST or GraphQL: name required ("Pflichtfeld"), only known admin
 * interface names, booleans for the seven flags of each area and for freeBookings. Returns the
 * changes or the German message per field.
 */
export function validateRole(input: Record<string, unknown>, isCreate: boolean): { changes: RoleChanges; fieldErrors: Record<string, string> } {
  const changes: RoleChanges = {};
  const fieldErrors: Record<string, string> = {};

  if (isCreate || input.name !== undefined) {
    if (typeof input.name !== 'string' || input.name.trim() === '') fieldErrors.name = 'Pflichtfeld';
    else if (input.name.trim().length > MAX_NAME_LENGTH) fieldErrors.name = `Maximal ${MAX_NAME_LENGTH} Zeichen erlaubt.`;
    else changes.name = input.name.trim();
  }

  if (input.adminInterfaces !== undefined && input.adminInterfaces !== null) {
    const value = input.adminInterfaces;
    if (!Array.isArray(value) || value.some((name) => typeof name !== 'string')) fieldErrors.adminInterfaces = 'Ungültige Admin-Bereiche';
    else {
      const unknown = value.filter((name) => !(adminInterfaceNames as readonly string[]).includes(name));
      if (unknown.length > 0) fieldErrors.adminInterfaces = `Unbekannter Admin-Bereich: ${unknown.join(', ')}`;
      else changes.adminInterfaces = [...new Set(value as string[])];
    }
  }

  if (input.freeBookings !== undefined && input.freeBookings !== null) {
    if (typeof input.freeBookings !== 'boolean') fieldErrors.freeBookings = 'Muss Ja oder Nein sein';
    else changes.freeBookings = input.freeBookings;
  }

  for (const area of permissionAreas) {
    const value = input[area];
    if (value === undefined || value === null) continue;
    const flags = flagsOf(value);
    if (typeof flags === 'string') fieldErrors[area] = flags;
    else changes[area as PermissionArea] = flags;
  }
  return { changes, fieldErrors };
}
