import { instanceFieldMessages, MAX_TEMPLATE, MAX_TEXT } from '../../../common/instance/instance.messages.js';
import { senderBooleanFields, senderNumberFields, senderSettingKinds, senderTextFields } from '../mail/mail-sender.js';
import { fieldsOfKind } from '../shared/setting-kinds.js';
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
/** The sender's secrets, from its one table of settings: write-only, answered only as set or not. */
export const instanceSecretFields = fieldsOfKind(senderSettingKinds, 'secret');

export interface SsoUpdate {
  active?: boolean | null;
  serverUrl?: string | null;
  realm?: string | null;
  publicClient?: string | null;
  privateClient?: string | null;
  privateClientSecret?: string | null;
  roleMapping?: { active?: boolean | null; roles?: SsoRoleMapping[] | null } | null;
}

export { MAX_TEMPLATE, MAX_TEXT };
export const fieldMessages = instanceFieldMessages;

/** A secret update: absent or empty keeps the stored value, null removes it, text replaces it. */
export function nextSecret(update: string | null | undefined, stored: string | null | undefined): string | null {
  if (update === undefined || update === '') return stored ?? null;
  if (update === null) return null;
  return update;
}
