import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Role } from '../tenants/role.entity.js';
import { fieldMessages, nextSecret, type SsoUpdate } from './instance-input.js';
import { instanceRow } from './instance-row.js';
import type { Instance, SsoApplication, SsoRoleMapping } from './instance.entity.js';
import type { InstanceSettings, PublicInstance } from './instance.types.js';

/**
 * The instance's single sign-on application (the identity provider, stored among the instance's
 * applications with id "keycloak"): how it is read with defaults, shown without its secret, and
 * changed by an instance update.
 */

/** An http(s) URL (the identity provider may live on a host name, an IP address or a port). */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function emptySso(): SsoApplication {
  return {
    id: 'keycloak',
    type: 'auth',
    title: 'Single Sign-on',
    active: false,
    serverUrl: '',
    realm: '',
    publicClient: '',
    privateClient: '',
    privateClientSecret: null,
    roleMapping: { active: false, roles: [] },
  };
}

/** The stored single sign-on application (with defaults for missing fields). */
export function ssoOf(instance: Instance): SsoApplication {
  const stored = instance.applications.find((application) => application.id === 'keycloak' || application.type === 'auth') as Partial<SsoApplication> | undefined;
  const base = emptySso();
  if (!stored) return base;
  return {
    ...base,
    ...stored,
    id: 'keycloak',
    type: 'auth',
    roleMapping: { active: stored.roleMapping?.active === true, roles: Array.isArray(stored.roleMapping?.roles) ? stored.roleMapping.roles : [] },
  };
}

/** The single sign-on part of the settings: everything but the client secret, which is reported as set or not set. */
export function ssoSettingsView(instance: Instance): InstanceSettings['sso'] {
  const sso = ssoOf(instance);
  return {
    active: sso.active,
    serverUrl: sso.serverUrl,
    realm: sso.realm,
    publicClient: sso.publicClient,
    privateClient: sso.privateClient,
    privateClientSecretSet: Boolean(sso.privateClientSecret),
    roleMapping: { active: sso.roleMapping.active, roles: sso.roleMapping.roles.map((row) => ({ ...row })) },
  };
}

/** The public sign-in entry: only while single sign-on is active and complete. */
export function publicSso(instance: Instance): PublicInstance['sso'] {
  const sso = ssoOf(instance);
  return sso.active && sso.serverUrl && sso.publicClient ? { serverUrl: sso.serverUrl, realm: sso.realm, publicClient: sso.publicClient } : null;
}

/** Writes the sent single sign-on fields onto the instance; problems go into `fieldErrors`. */
export async function applySsoToInstance(em: EntityManager, instance: Instance, update: SsoUpdate, fieldErrors: Record<string, string>): Promise<void> {
  const sso = await applySsoUpdate(em, ssoOf(instance), update, fieldErrors);
  instance.applications = [...instance.applications.filter((application) => application.id !== 'keycloak' && application.type !== 'auth'), sso];
}

/** The single sign-on application after an update: absent fields unchanged, the secret write-only, role mappings to existing tenant roles. */
async function applySsoUpdate(em: EntityManager, current: SsoApplication, update: SsoUpdate, fieldErrors: Record<string, string>): Promise<SsoApplication> {
  const next: SsoApplication = { ...current, roleMapping: { ...current.roleMapping } };
  for (const field of ['serverUrl', 'realm', 'publicClient', 'privateClient'] as const) {
    const value = update[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') fieldErrors[`sso.${field}`] = fieldMessages.text;
    else next[field] = field === 'serverUrl' ? (value ?? '').trim().replace(/\/+$/, '') : (value ?? '').trim();
  }
  if (update.active !== undefined) next.active = update.active === true;
  if (update.privateClientSecret !== undefined && update.privateClientSecret !== null && typeof update.privateClientSecret !== 'string') {
    fieldErrors['sso.privateClientSecretSet'] = fieldMessages.text;
  } else {
    next.privateClientSecret = nextSecret(update.privateClientSecret, current.privateClientSecret);
  }
  if (next.serverUrl && !isWebUrl(next.serverUrl)) fieldErrors['sso.serverUrl'] = fieldMessages.url;
  if (next.active) {
    if (!next.serverUrl) fieldErrors['sso.serverUrl'] ??= fieldMessages.required;
    if (!next.publicClient) fieldErrors['sso.publicClient'] ??= fieldMessages.required;
  }
  const mapping = update.roleMapping;
  if (mapping) {
    if (mapping.active !== undefined) next.roleMapping.active = mapping.active === true;
    if (mapping.roles !== undefined) {
      const rows = mapping.roles ?? [];
      if (!Array.isArray(rows)) {
        fieldErrors['sso.roleMapping.roles'] = fieldMessages.text;
      } else {
        const clean: SsoRoleMapping[] = [];
        for (const [index, row] of rows.entries()) {
          const key = `sso.roleMapping.roles.${index}`;
          const tenantId = typeof row?.tenantId === 'string' ? row.tenantId.trim() : '';
          const keycloakRole = typeof row?.keycloakRole === 'string' ? row.keycloakRole.trim() : '';
          const tenantRoleId = typeof row?.tenantRoleId === 'string' ? row.tenantRoleId.trim() : '';
          if (!tenantId) fieldErrors[`${key}.tenantId`] = fieldMessages.required;
          if (!keycloakRole) fieldErrors[`${key}.keycloakRole`] = fieldMessages.required;
          if (!tenantRoleId) fieldErrors[`${key}.tenantRoleId`] = fieldMessages.required;
          if (!tenantId || !keycloakRole || !tenantRoleId) continue;
          const role = /^[0-9a-f-]{36}$/i.test(tenantRoleId) ? await em.findOne(Role, { id: tenantRoleId }) : null;
          if (!role) fieldErrors[`${key}.tenantRoleId`] = fieldMessages.unknownRole;
          else if (role.tenant.id !== tenantId) fieldErrors[`${key}.tenantId`] = fieldMessages.unknownTenant;
          else clean.push({ tenantId, keycloakRole, tenantRoleId });
        }
        next.roleMapping.roles = clean;
      }
    }
  }
  return next;
}

/** The stored single sign-on configuration as the server itself uses it (sign-in, the content security policy). */
export class InstanceSsoConfig {
  private originCache: { value: string | null; until: number } | undefined;

  constructor(private readonly orm: MikroORM) {}

  /** The stored single sign-on application, secrets included: for the server's own use only. */
  async ssoApplication(): Promise<SsoApplication> {
    return ssoOf(await instanceRow(this.orm.em.fork()));
  }

  /**
   * The identity provider's origin while single sign-on is active (the browser exchanges the code
   * there, so the content security policy must allow it). Cached briefly; refreshed on update.
   */
  async ssoOrigin(): Promise<string | null> {
    const now = Date.now();
    if (this.originCache && this.originCache.until > now) return this.originCache.value;
    const sso = ssoOf(await instanceRow(this.orm.em.fork()));
    let value: string | null = null;
    if (sso.active && isWebUrl(sso.serverUrl)) value = new URL(sso.serverUrl).origin;
    this.originCache = { value, until: now + 30_000 };
    return value;
  }

  /** After an update of the instance: the next request reads the origin again. */
  forgetOrigin(): void {
    this.originCache = undefined;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    instanceSso: InstanceSsoConfig;
  }
}
