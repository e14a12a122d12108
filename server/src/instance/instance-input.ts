import { senderBooleanFields, senderNumberFields, senderTextFields } from '../mail/mail-sender.js';
import type { SsoRoleMapping } from './instance.entity.js';

/** What an instance update may carry, its limits and German messages: shared by its settings, mail and single sign-on parts. */

/** The partial update PUT api/instances and updateInstance accept (unknown fields never get here). */
export interface InstanceUpdate {
  contactAddress?: string | null;
  contactUrl?: string | null;
  dataProtectionUrl?: string | null;
  legalNoticeUrl?: string | null;
  mailAddress?: string | null;
  mailEnabled?: boolean | null;
  useOwnMailServer?: boolean | null;
  mailTemplate?: string | null;
  noreplyMail?: string | null;
  noreplyDisplayName?: string | null;
  noreplyHost?: string | null;
  noreplyPort?: number | null;
  noreplyUser?: string | null;
  noreplyPassword?: string | null;
  noreplyStarttls?: boolean | null;
  noreplyUseGraphApi?: boolean | null;
  noreplyGraphTenantId?: string | null;
  noreplyGraphClientId?: string | null;
  noreplyGraphClientSecret?: string | null;
  ownerUserIds?: string[] | null;
  allowAllUsersToCreateTenant?: boolean | null;
  allowedUsersToCreateTenant?: string[] | null;
  maxTenants?: number | null;
  maxBookables?: number | null;
  maxEvents?: number | null;
  sso?: SsoUpdate | null;
}

export const instanceTextFields = [
  'contactAddress',
  'contactUrl',
  'dataProtectionUrl',
  'legalNoticeUrl',
  'mailAddress',
  ...senderTextFields,
] as const;
export const instanceBooleanFields = ['mailEnabled', 'useOwnMailServer', ...senderBooleanFields, 'allowAllUsersToCreateTenant'] as const;
export const instanceNumberFields = [...senderNumberFields, 'maxTenants', 'maxBookables', 'maxEvents'] as const;
export const instanceListFields = ['ownerUserIds', 'allowedUsersToCreateTenant'] as const;
export const instanceSecretFields = ['noreplyPassword', 'noreplyGraphClientSecret'] as const;

export interface SsoUpdate {
  active?: boolean | null;
  serverUrl?: string | null;
  realm?: string | null;
  publicClient?: string | null;
  privateClient?: string | null;
  privateClientSecret?: string | null;
  roleMapping?: { active?: boolean | null; roles?: SsoRoleMapping[] | null } | null;
}

export const MAX_TEXT = 2000;
/** A whole HTML document with inline styles and perhaps a data: logo is far longer than a setting. */
export const MAX_TEMPLATE = 500_000;
export const fieldMessages = {
  required: 'Pflichtfeld',
  email: 'Muss gültige E-Mail-Adresse sein.',
  url: 'Ungültige URL.',
  number: 'Muss eine ganze Zahl sein.',
  port: 'Muss ein Port zwischen 1 und 65535 sein.',
  text: 'Ungültiger Wert',
  tooLong: `Maximal ${MAX_TEXT} Zeichen erlaubt.`,
  templateTooLong: `Maximal ${MAX_TEMPLATE} Zeichen erlaubt.`,
  unknownUser: 'Benutzer nicht gefunden',
  unknownTenant: 'Mandant nicht gefunden',
  unknownRole: 'Rolle nicht gefunden',
  lastOwner: 'Die Instanz braucht mindestens einen Besitzer.',
};

/** A secret update: absent or empty keeps the stored value, null removes it, text replaces it. */
export function nextSecret(update: string | null | undefined, stored: string | null | undefined): string | null {
  if (update === undefined || update === '') return stored ?? null;
  if (update === null) return null;
  return update;
}
