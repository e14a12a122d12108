/**
 * API tokens of integrators (the town's website, a room display, the finance system): what a token
 * may do and the rules of its creation, written once for the server (which enforces them) and the
 * dialog (which checks before sending). See docs/integrators.md.
 */
import { z } from 'zod';
import { emptyGrant, tenantPermissions } from '../permissions/permissions.js';
import type { Permissions, RoleGrant } from '../permissions/model.js';
import { anyValue, asRecord, instantOf, schemaMessages } from '../validation/schema.js';
import { invisibleControlsError } from '../validation/text.js';

/** Every secret starts with this, so secret scanners recognise a leaked one. */
export const API_TOKEN_PREFIX = 'bpt_';
/** How many characters of the secret the list shows (the prefix included). */
export const API_TOKEN_SHOWN_CHARS = 12;

export const apiTokenPresets = ['OCCUPANCY_READ', 'BOOKINGS_READ', 'WEBSITE_BOOKING'] as const;
export type ApiTokenPreset = (typeof apiTokenPresets)[number];

export const apiTokenPresetLabels: Record<ApiTokenPreset, string> = {
  OCCUPANCY_READ: 'Belegung lesen (ohne persönliche Daten)',
  BOOKINGS_READ: 'Alle Buchungen lesen',
  WEBSITE_BOOKING: 'Buchen über die Website',
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Without a date a token runs a year; never longer than two. */
export const API_TOKEN_DEFAULT_DAYS = 365;
export const API_TOKEN_MAX_DAYS = 2 * 365 + 1;

export const defaultApiTokenExpiry = (now: number): Date => new Date(now + API_TOKEN_DEFAULT_DAYS * DAY_MS);
export const latestApiTokenExpiry = (now: number): Date => new Date(now + API_TOKEN_MAX_DAYS * DAY_MS);

export const apiTokenLimits = { name: 100 } as const;

export const apiTokenMessages = {
  required: schemaMessages.required,
  nameLength: `Maximal ${apiTokenLimits.name} Zeichen erlaubt.`,
  rights: 'Bitte wählen Sie entweder eine Vorlage oder eine Rolle.',
  instanceRights: 'Ein Instanz-Zugang hat die Rechte eines Instanz-Besitzers; Vorlage und Rolle entfallen.',
  preset: 'Unbekannte Vorlage.',
  roleId: 'Ungültige Rolle.',
  expiresAt: 'Ungültiges Datum.',
  expiresInPast: 'Das Ablaufdatum muss in der Zukunft liegen.',
  expiresTooLate: 'Ein API-Zugang läuft höchstens zwei Jahre.',
} as const;

export interface ApiTokenInput {
  name: string;
  preset: ApiTokenPreset | null;
  roleId: string | null;
  expiresAt: Date;
}

const optionalText = anyValue().transform((value) => (typeof value === 'string' ? value.trim() : value === null ? '' : value));

/**
 * A token to create: a name, exactly one of preset and role (neither for an instance token), and an expiry between now and two
 * years from now (a year when left out). `now` is the moment the rule is checked.
 */
export function apiTokenInputSchema(now: number, options: { instance?: boolean } = {}) {
  return z.preprocess(
    asRecord,
    z
      .object({
        name: optionalText,
        preset: optionalText,
        roleId: optionalText,
        expiresAt: anyValue(),
      })
      .transform((raw, context): ApiTokenInput => {
        const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
        const name = typeof raw.name === 'string' ? raw.name : '';
        if (!name) issue('name', apiTokenMessages.required);
        else if (name.length > apiTokenLimits.name) issue('name', apiTokenMessages.nameLength);
        else if (invisibleControlsError(name)) issue('name', schemaMessages.invisibleControls);
        const preset = raw.preset === '' ? null : raw.preset;
        const roleId = raw.roleId === '' ? null : raw.roleId;
        if (preset !== null && !(typeof preset === 'string' && (apiTokenPresets as readonly string[]).includes(preset))) issue('preset', apiTokenMessages.preset);
        if (roleId !== null && typeof roleId !== 'string') issue('roleId', apiTokenMessages.roleId);
        if (options.instance) {
          if (preset !== null || roleId !== null) issue(preset !== null ? 'preset' : 'roleId', apiTokenMessages.instanceRights);
        } else if ((preset === null) === (roleId === null)) issue(preset === null ? 'preset' : 'roleId', apiTokenMessages.rights);
        const instant = instantOf(raw.expiresAt);
        let expiresAt = instant ?? defaultApiTokenExpiry(now);
        if (instant === undefined) {
          issue('expiresAt', apiTokenMessages.expiresAt);
          expiresAt = new Date(now);
        } else if (instant !== null && instant.getTime() <= now) issue('expiresAt', apiTokenMessages.expiresInPast);
        else if (instant !== null && instant.getTime() > latestApiTokenExpiry(now).getTime()) issue('expiresAt', apiTokenMessages.expiresTooLate);
        return { name, preset: preset as ApiTokenPreset | null, roleId: roleId as string | null, expiresAt };
      }),
  );
}

/**
 * What a preset grants in its tenant. OCCUPANCY_READ grants no flag: it reaches only what is open
 * to everyone (occupancy, public slots, public objects) and nothing personal. BOOKINGS_READ reads
 * every booking. WEBSITE_BOOKING books through the checkout and reads its own bookings: a booking
 * made with a token is assigned to the token, so "own" means the ones it created.
 */
export function presetGrant(preset: ApiTokenPreset): RoleGrant {
  switch (preset) {
    case 'OCCUPANCY_READ':
      return emptyGrant();
    case 'BOOKINGS_READ':
      return emptyGrant({ manageBookings: { readAny: true } });
    case 'WEBSITE_BOOKING':
      return emptyGrant({ manageBookings: { readOwn: true } });
  }
}

/**
 * Whether a token may book through the checkout. Booking is a right of its own: a token that only
 * reads must not create bookings in the tenant's name. WEBSITE_BOOKING has it; a role token has it
 * when the role may create bookings (manageBookings create); an instance token acts as an instance
 * owner and has it too.
 */
export function apiTokenMayBook(tenantId: string | null, preset: ApiTokenPreset | null, grant: RoleGrant): boolean {
  if (tenantId === null) return true;
  if (preset !== null) return preset === 'WEBSITE_BOOKING';
  return grant.manageBookings.create === true;
}

/**
 * A token's permissions: in its one tenant exactly the grant (never owner), nothing instance-wide;
 * an instance token (no tenant) acts as an instance owner.
 */
export function apiTokenPermissions(tenantId: string | null, grant: RoleGrant): Permissions {
  if (tenantId === null) return { instanceOwner: true, allowCreateTenant: true, tenants: [] };
  return { instanceOwner: false, allowCreateTenant: false, tenants: [tenantPermissions({ tenantId, isOwner: false, roles: [grant] })] };
}
