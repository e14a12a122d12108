import { fieldsOfKind } from '../shared/setting-kinds.js';

/**
 * The "noreply" sender settings the instance and every tenant carry (SMTP or Office365 Graph,
 * exactly one in use), in the order screens and change logs list them. Listed once, so both update
 * paths accept the same fields; secrets are written only through their own inputs.
 */
export const senderSettingKinds = {
  noreplyMail: 'text',
  noreplyDisplayName: 'text',
  noreplyHost: 'text',
  noreplyPort: 'number',
  noreplyUser: 'text',
  noreplyPassword: 'secret',
  noreplyStarttls: 'boolean',
  noreplyUseGraphApi: 'boolean',
  noreplyGraphTenantId: 'text',
  noreplyGraphClientId: 'text',
  noreplyGraphClientSecret: 'secret',
} as const;
export const senderTextFields = fieldsOfKind(senderSettingKinds, 'text');
export const senderBooleanFields = fieldsOfKind(senderSettingKinds, 'boolean');
export const senderNumberFields = fieldsOfKind(senderSettingKinds, 'number');

/**
 * A sender's own mail configuration, when it is switched on and complete: the
 * instance's, or a tenant's own one. From "{displayName} <{mail}>".
 */
export type MailSenderSettings =
  | { kind: 'smtp'; from: string; host: string; port: number; user: string; password: string; starttls: boolean }
  | { kind: 'graph'; from: string; mail: string; tenantId: string; clientId: string; clientSecret: string };

/** The "noreply" sender fields the instance and every tenant carry (listed below). */
export interface MailSenderFields {
  noreplyMail: string;
  noreplyDisplayName: string;
  noreplyHost: string;
  noreplyPort?: number | null;
  noreplyUser: string;
  noreplyPassword?: string | null;
  noreplyStarttls: boolean;
  noreplyUseGraphApi: boolean;
  noreplyGraphTenantId: string;
  noreplyGraphClientId: string;
  noreplyGraphClientSecret?: string | null;
}

/**
 * Whose configuration: the instance's counts when `useOwnMailServer`; a tenant's when its
 * `useInstanceMail` is false.
 */
export type MailSenderSource = MailSenderFields & ({ useOwnMailServer: boolean; useInstanceMail?: undefined } | { useInstanceMail: boolean; useOwnMailServer?: undefined });

export interface MailDeliveryState {
  /** false: every mail is suppressed (logged, not sent). */
  sendingEnabled: boolean;
  ownServer: MailSenderSettings | null;
}

/** The instance's or a tenant's own mail configuration when switched on and complete; else null. */
export function mailSenderSettings(source: MailSenderSource): MailSenderSettings | null {
  const switchedOn = source.useInstanceMail === undefined ? source.useOwnMailServer === true : source.useInstanceMail === false;
  if (!switchedOn || !source.noreplyMail || !source.noreplyDisplayName) return null;
  const from = `"${source.noreplyDisplayName.replace(/"/g, '')}" <${source.noreplyMail}>`;
  if (source.noreplyUseGraphApi) {
    if (!source.noreplyGraphTenantId || !source.noreplyGraphClientId || !source.noreplyGraphClientSecret) return null;
    return {
      kind: 'graph',
      from,
      mail: source.noreplyMail,
      tenantId: source.noreplyGraphTenantId,
      clientId: source.noreplyGraphClientId,
      clientSecret: source.noreplyGraphClientSecret,
    };
  }
  if (!source.noreplyHost || !source.noreplyPort || !source.noreplyUser || !source.noreplyPassword) return null;
  return {
    kind: 'smtp',
    from,
    host: source.noreplyHost,
    port: source.noreplyPort,
    user: source.noreplyUser,
    password: source.noreplyPassword,
    starttls: source.noreplyStarttls,
  };
}
