import { instanceFieldMessages } from '../../../common/instance/instance.messages';
import type { InstanceInput, InstanceSettingsFieldsFragment } from '../gql/graphql';
import { mailSenderInput, unchangedMailSecrets } from '../shared/forms/mailSender';
import { nestFieldErrors } from '../shared/forms/serverErrors';
import { EMAIL_PATTERN, type Validator } from '../shared/validation';

/**
 * The instance settings screen's form values: taken from the loaded settings, turned into the
 * mutation's input, and checked field by field and across fields.
 */

export const EMAIL_MESSAGE = instanceFieldMessages.email;
const URL_MESSAGE = instanceFieldMessages.url;
const REQUIRED = instanceFieldMessages.required;

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
export const optionalEmail: Validator = (value) => (isBlank(value) || EMAIL_PATTERN.test(String(value).trim()) ? undefined : EMAIL_MESSAGE);
export const optionalUrl: Validator = (value) => {
  if (isBlank(value)) return undefined;
  try {
    const url = new URL(String(value).trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : URL_MESSAGE;
  } catch {
    return URL_MESSAGE;
  }
};
export const wholeNumber: Validator = (value) => (isBlank(value) || /^\d+$/.test(String(value).trim()) ? undefined : instanceFieldMessages.number);

export interface RoleMappingRow {
  tenantId: string;
  keycloakRole: string;
  tenantRoleId: string;
}

/** The form's values: the settings with numbers as text and the secrets as new values (empty = keep). */
export interface InstanceFormValues {
  contactAddress: string;
  contactUrl: string;
  dataProtectionUrl: string;
  legalNoticeUrl: string;
  mailAddress: string;
  mailEnabled: boolean;
  useOwnMailServer: boolean;
  mailTemplate: string;
  noreplyMail: string;
  noreplyDisplayName: string;
  noreplyHost: string;
  noreplyPort: string;
  noreplyUser: string;
  noreplyPassword: string;
  noreplyStarttls: boolean;
  noreplyUseGraphApi: boolean;
  noreplyGraphTenantId: string;
  noreplyGraphClientId: string;
  noreplyGraphClientSecret: string;
  ownerUserIds: string[];
  allowAllUsersToCreateTenant: boolean;
  allowedUsersToCreateTenant: string[];
  maxTenants: string;
  maxBookables: string;
  maxEvents: string;
  sso: {
    active: boolean;
    serverUrl: string;
    realm: string;
    publicClient: string;
    privateClient: string;
    privateClientSecret: string;
    roleMapping: { active: boolean; roles: RoleMappingRow[] };
  };
}

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const textNumber = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

export function toFormValues(settings: InstanceSettingsFieldsFragment): InstanceFormValues {
  return {
    contactAddress: settings.contactAddress,
    contactUrl: settings.contactUrl,
    dataProtectionUrl: settings.dataProtectionUrl,
    legalNoticeUrl: settings.legalNoticeUrl,
    mailAddress: settings.mailAddress,
    mailEnabled: settings.mailEnabled,
    useOwnMailServer: settings.useOwnMailServer,
    mailTemplate: settings.mailTemplate,
    noreplyMail: settings.noreplyMail,
    noreplyDisplayName: settings.noreplyDisplayName,
    noreplyHost: settings.noreplyHost,
    noreplyPort: numberText(settings.noreplyPort),
    noreplyUser: settings.noreplyUser,
    noreplyStarttls: settings.noreplyStarttls,
    noreplyUseGraphApi: settings.noreplyUseGraphApi,
    noreplyGraphTenantId: settings.noreplyGraphTenantId,
    noreplyGraphClientId: settings.noreplyGraphClientId,
    ...unchangedMailSecrets,
    ownerUserIds: [...settings.ownerUserIds],
    allowAllUsersToCreateTenant: settings.allowAllUsersToCreateTenant,
    allowedUsersToCreateTenant: [...settings.allowedUsersToCreateTenant],
    maxTenants: numberText(settings.maxTenants),
    maxBookables: numberText(settings.maxBookables),
    maxEvents: numberText(settings.maxEvents),
    sso: {
      active: settings.sso.active,
      serverUrl: settings.sso.serverUrl,
      realm: settings.sso.realm,
      publicClient: settings.sso.publicClient,
      privateClient: settings.sso.privateClient,
      privateClientSecret: '',
      roleMapping: {
        active: settings.sso.roleMapping.active,
        roles: settings.sso.roleMapping.roles.map(({ tenantId, keycloakRole, tenantRoleId }) => ({ tenantId, keycloakRole, tenantRoleId })),
      },
    },
  };
}

/** Secrets are sent only when something was typed: an empty field keeps the stored value. */
export function toInput(values: InstanceFormValues): InstanceInput {
  const secret = (value: string) => (value.trim() === '' ? undefined : value);
  return {
    contactAddress: values.contactAddress ?? '',
    contactUrl: values.contactUrl ?? '',
    dataProtectionUrl: values.dataProtectionUrl ?? '',
    legalNoticeUrl: values.legalNoticeUrl ?? '',
    mailAddress: values.mailAddress ?? '',
    mailEnabled: values.mailEnabled,
    useOwnMailServer: values.useOwnMailServer,
    mailTemplate: values.mailTemplate ?? '',
    ...mailSenderInput(values, textNumber(values.noreplyPort ?? '')),
    ownerUserIds: values.ownerUserIds,
    allowAllUsersToCreateTenant: values.allowAllUsersToCreateTenant,
    allowedUsersToCreateTenant: values.allowedUsersToCreateTenant,
    maxTenants: textNumber(values.maxTenants ?? ''),
    maxBookables: textNumber(values.maxBookables ?? ''),
    maxEvents: textNumber(values.maxEvents ?? ''),
    sso: {
      active: values.sso.active,
      serverUrl: values.sso.serverUrl ?? '',
      realm: values.sso.realm ?? '',
      publicClient: values.sso.publicClient ?? '',
      privateClient: values.sso.privateClient ?? '',
      privateClientSecret: secret(values.sso.privateClientSecret ?? ''),
      roleMapping: { active: values.sso.roleMapping.active, roles: values.sso.roleMapping.roles },
    },
  };
}

/** Cross-field rules: with the instance's own mail server in use, the chosen method (SMTP or Graph) must be complete. */
export function validateForm(values: InstanceFormValues, settings: InstanceSettingsFieldsFragment): Record<string, unknown> {
  const errors: Record<string, string> = {};
  if (values.useOwnMailServer) {
    const need = (field: keyof InstanceFormValues, present: boolean) => {
      if (!present) errors[field] = REQUIRED;
    };
    need('noreplyMail', !isBlank(values.noreplyMail));
    need('noreplyDisplayName', !isBlank(values.noreplyDisplayName));
    if (values.noreplyUseGraphApi) {
      need('noreplyGraphTenantId', !isBlank(values.noreplyGraphTenantId));
      need('noreplyGraphClientId', !isBlank(values.noreplyGraphClientId));
      need('noreplyGraphClientSecret', settings.noreplyGraphClientSecretSet || !isBlank(values.noreplyGraphClientSecret));
    } else {
      need('noreplyHost', !isBlank(values.noreplyHost));
      need('noreplyPort', !isBlank(values.noreplyPort));
      need('noreplyUser', !isBlank(values.noreplyUser));
      need('noreplyPassword', settings.noreplyPasswordSet || !isBlank(values.noreplyPassword));
    }
  }
  if (values.sso?.active) {
    if (isBlank(values.sso.serverUrl)) errors['sso.serverUrl'] = REQUIRED;
    if (isBlank(values.sso.publicClient)) errors['sso.publicClient'] = REQUIRED;
  }
  if (values.ownerUserIds.length === 0) errors.ownerUserIds = 'Die Instanz braucht mindestens einen Besitzer.';
  // final-form reads nested keys from nested objects.
  return nestFieldErrors(errors) ?? {};
}

