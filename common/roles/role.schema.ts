/**
 * The data rules of a role with their German messages, written once for the server (which enforces
 * them on every save, REST and GraphQL alike) and the role dialog (which checks before sending);
 * see docs/administration.md. A name is required; admin interfaces are known names; the seven
 * flags of each permission area and freeBookings are yes/no values. Fields left out (or null) keep
 * the stored value, or the default on create. Plain TypeScript.
 */
import { z } from 'zod';
import { accessFlags, adminInterfaceNames, permissionAreas, type AccessFlags, type PermissionArea } from '../permissions/model.js';
import { asRecord, checkedWhenSent, schemaMessages } from '../validation/schema.js';
import { invisibleControlsError } from '../validation/text.js';

export const roleLimits = { name: 200 } as const;

export const roleFieldMessages = {
  required: schemaMessages.required,
  maxLength: (max: number) => `Maximal ${max} Zeichen erlaubt.`,
  adminInterfaces: 'Ungültige Admin-Bereiche',
  unknownAdminInterface: (names: readonly string[]) => `Unbekannter Admin-Bereich: ${names.join(', ')}`,
  freeBookings: 'Muss Ja oder Nein sein',
  flags: 'Ungültige Berechtigungen',
  unknownFlag: (key: string) => `Unbekannte Berechtigung: ${key}`,
  flagValue: 'Berechtigungen müssen Ja/Nein-Werte sein',
} as const;

/** What a role write may change; absent fields keep the stored value (or the default on create). */
export type RoleChanges = { name?: string; adminInterfaces?: string[]; freeBookings?: boolean } & Partial<Record<PermissionArea, AccessFlags>>;

const isFlagName = (key: string): key is keyof AccessFlags => (accessFlags as readonly string[]).includes(key);

/** The message for an area's flags, or null when they are an object of known flags with yes/no values. */
function flagsError(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return roleFieldMessages.flags;
  for (const [key, flag] of Object.entries(value)) {
    // GraphQL clients send back the type name of the object they read.
    if (key === '__typename') continue;
    if (!isFlagName(key)) return roleFieldMessages.unknownFlag(key);
    if (flag !== null && flag !== undefined && typeof flag !== 'boolean') return roleFieldMessages.flagValue;
  }
  return null;
}

/** The flags given as yes or no; those left empty are not set. */
function flagsOf(value: object): AccessFlags {
  const flags: AccessFlags = {};
  for (const [key, flag] of Object.entries(value)) if (isFlagName(key) && typeof flag === 'boolean') flags[key] = flag;
  return flags;
}

const flagsField = checkedWhenSent((value) => value, flagsError).transform((value) => (value && typeof value === 'object' ? flagsOf(value) : undefined));

function adminInterfacesError(value: unknown): string | null {
  if (value === null) return null;
  if (!Array.isArray(value) || value.some((name) => typeof name !== 'string')) return roleFieldMessages.adminInterfaces;
  const unknown = (value as string[]).filter((name) => !(adminInterfaceNames as readonly string[]).includes(name));
  return unknown.length > 0 ? roleFieldMessages.unknownAdminInterface(unknown) : null;
}

const buildRoleSchema = (isCreate: boolean) =>
  z.preprocess(
    asRecord,
    z
      .object({
        name: checkedWhenSent(
          (value) => (typeof value === 'string' ? value.trim() : ''),
          (name) => (name === '' ? roleFieldMessages.required : name.length > roleLimits.name ? roleFieldMessages.maxLength(roleLimits.name) : invisibleControlsError(name)),
        ),
        adminInterfaces: checkedWhenSent((value) => value, adminInterfacesError).transform((value) => (Array.isArray(value) ? [...new Set(value as string[])] : undefined)),
        freeBookings: checkedWhenSent(
          (value) => value,
          (value) => (value === null || typeof value === 'boolean' ? null : roleFieldMessages.freeBookings),
        ).transform((value) => (typeof value === 'boolean' ? value : undefined)),
        ...(Object.fromEntries(permissionAreas.map((area) => [area, flagsField])) as Record<PermissionArea, typeof flagsField>),
      })
      // A new role needs a name; an update keeps the stored one unless a name is sent.
      .refine((role) => !isCreate || role.name !== undefined, { path: ['name'], error: roleFieldMessages.required, when: () => true })
      .transform((role): RoleChanges => Object.fromEntries(Object.entries(role).filter(([, value]) => value !== undefined))),
  );

/** A role body from REST or GraphQL, creating or changing a role; the result holds only what changes. */
export const roleSchema = (isCreate: boolean) => buildRoleSchema(isCreate);

/** The role dialog: every field is present, so the create rules cover a new and an edited role. */
export const roleFormSchema = buildRoleSchema(true);
