import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { mailSenderSettings, senderBooleanFields, senderNumberFields, senderTextFields, type MailDeliveryState } from '../mail/mail-sender.js';
import { Role } from '../tenants/role.entity.js';
import { AppError } from '../shared/errors.js';
import { publishInTransaction } from '../shared/pubsub.js';
import { User } from '../users/user.entity.js';
import { isEmail, normaliseEmail } from '../users/validation.js';
import type { TenantQuota } from '../tenants/tenant-ports.js';
import type { PlatformAccounts } from '../users/platform-accounts.js';
import type { Viewer } from '../users/viewer.service.js';
import { Instance, type SsoApplication, type SsoRoleMapping } from './instance.entity.js';
import type { InstanceSettings, PublicInstance } from './instance.types.js';
import { MAX_INT32, numberError } from '../../../common/validation/numbers.js';

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

export interface SsoUpdate {
  active?: boolean | null;
  serverUrl?: string | null;
  realm?: string | null;
  publicClient?: string | null;
  privateClient?: string | null;
  privateClientSecret?: string | null;
  roleMapping?: { active?: boolean | null; roles?: SsoRoleMapping[] | null } | null;
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

const URL_FIELDS = ['contactUrl', 'dataProtectionUrl', 'legalNoticeUrl'] as const;
const MAX_TEXT = 2000;
/** A whole HTML document with inline styles and perhaps a data: logo is far longer than a setting. */
const MAX_TEMPLATE = 500_000;
const messages = {
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


/** A secret update: absent or empty keeps the stored value, null removes it, text replaces it. */
function nextSecret(update: string | null | undefined, stored: string | null | undefined): string | null {
  if (update === undefined || update === '') return stored ?? null;
  if (update === null) return null;
  return update;
}

export class InstanceService implements PlatformAccounts, TenantQuota {
  private ssoOriginCache: { value: string | null; until: number } | undefined;

  constructor(private readonly orm: MikroORM) {}

  async releaseAccount(em: EntityManager, userId: string): Promise<void> {
    const instance = await em.findOne(Instance, { id: 1 }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!instance) return;
    if (instance.ownerUserIds.includes(userId) && instance.ownerUserIds.length <= 1) throw new AppError('user.last-instance-owner');
    instance.ownerUserIds = instance.ownerUserIds.filter((owner) => owner !== userId);
    instance.allowedUsersToCreateTenant = instance.allowedUsersToCreateTenant.filter((allowed) => allowed !== userId);
  }

  async maxTenants(em: EntityManager): Promise<number | null> {
    const instance = await em.findOne(Instance, { id: 1 });
    return instance?.maxTenants ?? null;
  }

  async newAccountNoticeAddress(em: EntityManager): Promise<string | null> {
    const instance = await em.findOne(Instance, { id: 1 });
    return instance?.mailAddress || null;
  }

  /** The instance row; created with defaults when missing so every caller sees one. */
  async get(em: EntityManager = this.orm.em.fork()): Promise<Instance> {
    const instance = await em.findOne(Instance, { id: 1 });
    if (instance) return instance;
    await em.getConnection().execute('insert into instance (id) values (1) on conflict (id) do nothing');
    return em.findOneOrFail(Instance, { id: 1 });
  }

  /** Everything but the write-only secrets, which are reported as set or not set. */
  settingsView(instance: Instance): InstanceSettings {
    const sso = ssoOf(instance);
    return {
      contactAddress: instance.contactAddress,
      contactUrl: instance.contactUrl,
      dataProtectionUrl: instance.dataProtectionUrl,
      legalNoticeUrl: instance.legalNoticeUrl,
      mailAddress: instance.mailAddress,
      mailEnabled: instance.mailEnabled,
      useOwnMailServer: instance.useOwnMailServer,
      mailTemplate: instance.mailTemplate,
      noreplyMail: instance.noreplyMail,
      noreplyDisplayName: instance.noreplyDisplayName,
      noreplyHost: instance.noreplyHost,
      noreplyPort: instance.noreplyPort ?? null,
      noreplyUser: instance.noreplyUser,
      noreplyPasswordSet: Boolean(instance.noreplyPassword),
      noreplyStarttls: instance.noreplyStarttls,
      noreplyUseGraphApi: instance.noreplyUseGraphApi,
      noreplyGraphTenantId: instance.noreplyGraphTenantId,
      noreplyGraphClientId: instance.noreplyGraphClientId,
      noreplyGraphClientSecretSet: Boolean(instance.noreplyGraphClientSecret),
      ownerUserIds: [...instance.ownerUserIds],
      allowAllUsersToCreateTenant: instance.allowAllUsersToCreateTenant,
      allowedUsersToCreateTenant: [...instance.allowedUsersToCreateTenant],
      maxTenants: instance.maxTenants ?? null,
      maxBookables: instance.maxBookables ?? null,
      maxEvents: instance.maxEvents ?? null,
      sso: {
        active: sso.active,
        serverUrl: sso.serverUrl,
        realm: sso.realm,
        publicClient: sso.publicClient,
        privateClient: sso.privateClient,
        privateClientSecretSet: Boolean(sso.privateClientSecret),
        roleMapping: { active: sso.roleMapping.active, roles: sso.roleMapping.roles.map((row) => ({ ...row })) },
      },
    };
  }

  /** Instance settings for its owners. */
  async settings(viewer: Viewer): Promise<InstanceSettings> {
    if (!viewer.permissions.instanceOwner) throw new AppError('auth.forbidden');
    return this.settingsView(await this.get());
  }

  async getPublic(): Promise<PublicInstance> {
    const instance = await this.get();
    const { contactAddress, contactUrl, dataProtectionUrl, legalNoticeUrl } = instance;
    const sso = ssoOf(instance);
    return {
      contactAddress,
      contactUrl,
      dataProtectionUrl,
      legalNoticeUrl,
      sso: sso.active && sso.serverUrl && sso.publicClient ? { serverUrl: sso.serverUrl, realm: sso.realm, publicClient: sso.publicClient } : null,
    };
  }

  /** The stored single sign-on application, secrets included: for the server's own use only. */
  async ssoApplication(): Promise<SsoApplication> {
    return ssoOf(await this.get());
  }

  /** Whether mail leaves the instance at all, and the instance's own server when it uses one. */
  async mailState(): Promise<MailDeliveryState> {
    const instance = await this.get();
    return { sendingEnabled: instance.mailEnabled, ownServer: mailSenderSettings(instance) };
  }

  /** The layout of the instance's own mails (account mails); empty means the bundled default. */
  async mailTemplate(): Promise<string> {
    return (await this.get()).mailTemplate;
  }

  /**
   * The identity provider's origin while single sign-on is active (the browser exchanges the code
   * there, so the content security policy must allow it). Cached briefly; refreshed on update.
   */
  async ssoOrigin(): Promise<string | null> {
    const now = Date.now();
    if (this.ssoOriginCache && this.ssoOriginCache.until > now) return this.ssoOriginCache.value;
    const sso = ssoOf(await this.get());
    let value: string | null = null;
    if (sso.active && isWebUrl(sso.serverUrl)) value = new URL(sso.serverUrl).origin;
    this.ssoOriginCache = { value, until: now + 30_000 };
    return value;
  }

  /**
   * Partial update by an instance owner. Secrets are write-only (see nextSecret); owners must stay
   * at least one and be existing users. Users whose ownership changed get SESSION_CHANGED.
   */
  async update(viewer: Viewer, input: InstanceUpdate): Promise<InstanceSettings> {
    if (!viewer.permissions.instanceOwner) throw new AppError('auth.forbidden');
    await this.get();
    const view = await this.orm.em.fork().transactional(async (em) => {
      const instance = await em.findOneOrFail(Instance, { id: 1 }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const fieldErrors: Record<string, string> = {};
      const before = { owners: [...instance.ownerUserIds], allowed: [...instance.allowedUsersToCreateTenant] };

      for (const field of instanceTextFields) {
        const value = input[field];
        if (value === undefined) continue;
        if (value !== null && typeof value !== 'string') fieldErrors[field] = messages.text;
        else if ((value ?? '').length > MAX_TEXT) fieldErrors[field] = messages.tooLong;
        else instance[field] = (value ?? '').trim();
      }
      // The mail layout is HTML: kept as written (no trimming), only its length is bounded.
      if (input.mailTemplate !== undefined) {
        const value = input.mailTemplate;
        if (value !== null && typeof value !== 'string') fieldErrors.mailTemplate = messages.text;
        else if ((value ?? '').length > MAX_TEMPLATE) fieldErrors.mailTemplate = messages.templateTooLong;
        else instance.mailTemplate = value ?? '';
      }
      for (const field of URL_FIELDS) {
        if (input[field] !== undefined && instance[field] && !isWebUrl(instance[field])) fieldErrors[field] = messages.url;
      }
      for (const field of ['mailAddress', 'noreplyMail'] as const) {
        if (input[field] !== undefined && instance[field] && !isEmail(instance[field])) fieldErrors[field] = messages.email;
      }
      for (const field of instanceBooleanFields) {
        const value = input[field];
        if (value === undefined) continue;
        if (value !== null && typeof value !== 'boolean') fieldErrors[field] = messages.text;
        else instance[field] = value === true;
      }
      for (const field of instanceNumberFields) {
        const value = input[field];
        if (value === undefined) continue;
        if (value !== null && (typeof value !== 'number' || numberError(value, { max: MAX_INT32, integer: true }))) fieldErrors[field] = messages.number;
        else if (field === 'noreplyPort' && value !== null && (value < 1 || value > 65535)) fieldErrors[field] = messages.port;
        else instance[field] = value;
      }
      for (const field of instanceSecretFields) {
        const value = input[field];
        if (value !== undefined && value !== null && typeof value !== 'string') fieldErrors[`${field}Set`] = messages.text;
        else instance[field] = nextSecret(value, instance[field]);
      }
      for (const field of instanceListFields) {
        const value = input[field];
        if (value === undefined) continue;
        if (value === null && field === 'allowedUsersToCreateTenant') {
          instance[field] = [];
          continue;
        }
        if (!Array.isArray(value) || value.some((id) => typeof id !== 'string')) {
          fieldErrors[field] = messages.text;
          continue;
        }
        const ids = [...new Set(value.map(normaliseEmail).filter(Boolean))];
        if (field === 'ownerUserIds' && ids.length === 0) {
          throw new AppError('instance.last-owner', { fieldErrors: { ownerUserIds: messages.lastOwner } });
        }
        const existing = ids.length ? await em.find(User, { id: { $in: ids } }, { fields: ['id'] }) : [];
        const missing = ids.filter((id) => !existing.some((user) => user.id === id));
        if (missing.length) fieldErrors[field] = `${messages.unknownUser}: ${missing.join(', ')}`;
        else instance[field] = ids;
      }

      // The own mail server: when used, exactly one method (SMTP or Graph) must be complete.
      if (instance.useOwnMailServer) {
        // A missing secret is reported as "<field>Set" (the key of a secret never appears in an answer).
        const need = (field: keyof Instance, present: unknown) => {
          const key = (instanceSecretFields as readonly string[]).includes(field) ? `${field}Set` : field;
          if (!present && !fieldErrors[key]) fieldErrors[key] = messages.required;
        };
        need('noreplyMail', instance.noreplyMail);
        need('noreplyDisplayName', instance.noreplyDisplayName);
        if (instance.noreplyUseGraphApi) {
          need('noreplyGraphTenantId', instance.noreplyGraphTenantId);
          need('noreplyGraphClientId', instance.noreplyGraphClientId);
          need('noreplyGraphClientSecret', instance.noreplyGraphClientSecret);
        } else {
          need('noreplyHost', instance.noreplyHost);
          need('noreplyPort', instance.noreplyPort);
          need('noreplyUser', instance.noreplyUser);
          need('noreplyPassword', instance.noreplyPassword);
        }
      }

      if (input.sso !== undefined && input.sso !== null) {
        const sso = await this.applySso(em, ssoOf(instance), input.sso, fieldErrors);
        instance.applications = [...instance.applications.filter((application) => application.id !== 'keycloak' && application.type !== 'auth'), sso];
      }

      if (Object.keys(fieldErrors).length > 0) throw new AppError('generic.validation', { fieldErrors });
      await em.flush();
      this.ssoOriginCache = undefined;
      const changed = (a: string[], b: string[]) => [...a.filter((id) => !b.includes(id)), ...b.filter((id) => !a.includes(id))];
      const affectedUsers = new Set([...changed(before.owners, instance.ownerUserIds), ...changed(before.allowed, instance.allowedUsersToCreateTenant)]);
      // With the commit: the users' open sockets are checked again before any later event reaches them.
      for (const userId of affectedUsers) await publishInTransaction(em, 'SESSION_CHANGED', userId, { userId, reason: 'instance' });
      return this.settingsView(instance);
    });
    return view;
  }

  private async applySso(em: EntityManager, current: SsoApplication, update: SsoUpdate, fieldErrors: Record<string, string>): Promise<SsoApplication> {
    const next: SsoApplication = { ...current, roleMapping: { ...current.roleMapping } };
    for (const field of ['serverUrl', 'realm', 'publicClient', 'privateClient'] as const) {
      const value = update[field];
      if (value === undefined) continue;
      if (value !== null && typeof value !== 'string') fieldErrors[`sso.${field}`] = messages.text;
      else next[field] = field === 'serverUrl' ? (value ?? '').trim().replace(/\/+$/, '') : (value ?? '').trim();
    }
    if (update.active !== undefined) next.active = update.active === true;
    if (update.privateClientSecret !== undefined && update.privateClientSecret !== null && typeof update.privateClientSecret !== 'string') {
      fieldErrors['sso.privateClientSecretSet'] = messages.text;
    } else {
      next.privateClientSecret = nextSecret(update.privateClientSecret, current.privateClientSecret);
    }
    if (next.serverUrl && !isWebUrl(next.serverUrl)) fieldErrors['sso.serverUrl'] = messages.url;
    if (next.active) {
      if (!next.serverUrl) fieldErrors['sso.serverUrl'] ??= messages.required;
      if (!next.publicClient) fieldErrors['sso.publicClient'] ??= messages.required;
    }
    const mapping = update.roleMapping;
    if (mapping) {
      if (mapping.active !== undefined) next.roleMapping.active = mapping.active === true;
      if (mapping.roles !== undefined) {
        const rows = mapping.roles ?? [];
        if (!Array.isArray(rows)) {
          fieldErrors['sso.roleMapping.roles'] = messages.text;
        } else {
          const clean: SsoRoleMapping[] = [];
          for (const [index, row] of rows.entries()) {
            const key = `sso.roleMapping.roles.${index}`;
            const tenantId = typeof row?.tenantId === 'string' ? row.tenantId.trim() : '';
            const keycloakRole = typeof row?.keycloakRole === 'string' ? row.keycloakRole.trim() : '';
            const tenantRoleId = typeof row?.tenantRoleId === 'string' ? row.tenantRoleId.trim() : '';
            if (!tenantId) fieldErrors[`${key}.tenantId`] = messages.required;
            if (!keycloakRole) fieldErrors[`${key}.keycloakRole`] = messages.required;
            if (!tenantRoleId) fieldErrors[`${key}.tenantRoleId`] = messages.required;
            if (!tenantId || !keycloakRole || !tenantRoleId) continue;
            const role = /^[0-9a-f-]{36}$/i.test(tenantRoleId) ? await em.findOne(Role, { id: tenantRoleId }) : null;
            if (!role) fieldErrors[`${key}.tenantRoleId`] = messages.unknownRole;
            else if (role.tenant.id !== tenantId) fieldErrors[`${key}.tenantId`] = messages.unknownTenant;
            else clean.push({ tenantId, keycloakRole, tenantRoleId });
          }
          next.roleMapping.roles = clean;
        }
      }
    }
    return next;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    instance: InstanceService;
  }
}
