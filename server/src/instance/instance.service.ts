import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { MAX_INT32, numberError } from '../../../common/validation/numbers.js';
import { AppError } from '../shared/errors.js';
import type { CreatorRights } from '../users/creator-rights.js';
import type { TenantQuota } from '../tenants/tenant-ports.js';
import { User } from '../users/user.entity.js';
import { TenantMembership } from '../tenants/membership.entity.js';
import { membershipSnapshot, recordMembershipChange, userLabel } from '../tenants/tenant-change-log.js';
import type { AccountDeletionOrigin, PlatformAccounts } from '../users/platform-accounts.js';
import { isEmail, normaliseEmail } from '../users/validation.js';
import type { Viewer } from '../users/viewer.service.js';
import {
  fieldMessages,
  instanceBooleanFields,
  instanceListFields,
  instanceNumberFields,
  instanceSecretFields,
  instanceTextFields,
  MAX_TEXT,
  nextSecret,
  type InstanceUpdate,
} from './instance-input.js';
import { applyMailTemplate, checkOwnMailServer } from './instance-mail.js';
import { instanceRow } from './instance-row.js';
import { applySsoToInstance, isWebUrl, publicSso, ssoSettingsView, type InstanceSsoConfig } from './instance-sso.js';
import { Instance } from './instance.entity.js';
import type { InstanceSettings, PublicInstance } from './instance.types.js';

const URL_FIELDS = ['contactUrl', 'dataProtectionUrl', 'legalNoticeUrl'] as const;

/**
 * The instance's settings: contact and legal links, owners, who may create tenants, the quotas.
 * An update changes them together with the mail (instance-mail.ts) and single sign-on
 * (instance-sso.ts) parts in one transaction, so it succeeds or fails as a whole.
 */
export class InstanceService implements PlatformAccounts, TenantQuota {
  constructor(
    private readonly orm: MikroORM,
    /** Its origin cache is refreshed after every update. */
    private readonly sso: Pick<InstanceSsoConfig, 'forgetOrigin'>,
    /** Announces the change and ends the accesses it takes the right of (users/creator-rights.ts). */
    private readonly creatorRights: Pick<CreatorRights, 'changed'>,
  ) {}

  async releaseAccount(em: EntityManager, userId: string, origin: AccountDeletionOrigin): Promise<void> {
    const instance = await em.findOne(Instance, { id: 1 }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (instance) {
      if (instance.ownerUserIds.includes(userId) && instance.ownerUserIds.length <= 1) throw new AppError('user.last-instance-owner');
      instance.ownerUserIds = instance.ownerUserIds.filter((owner) => owner !== userId);
      instance.allowedUsersToCreateTenant = instance.allowedUsersToCreateTenant.filter((allowed) => allowed !== userId);
    }
    // The memberships go with the account (the foreign keys cascade); each tenant's log says so first.
    const user = await em.findOne(User, { id: userId });
    const memberships = await em.find(TenantMembership, { user: userId }, { populate: ['roles'] });
    for (const membership of memberships) {
      await recordMembershipChange(em, membership.tenant.id, { id: userId, label: user ? userLabel(user) : userId }, membershipSnapshot(membership), null, origin);
    }
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
    return instanceRow(em);
  }

  /** Everything but the write-only secrets, which are reported as set or not set. */
  settingsView(instance: Instance): InstanceSettings {
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
      sso: ssoSettingsView(instance),
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
    return { contactAddress, contactUrl, dataProtectionUrl, legalNoticeUrl, sso: publicSso(instance) };
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
        if (value !== null && typeof value !== 'string') fieldErrors[field] = fieldMessages.text;
        else if ((value ?? '').length > MAX_TEXT) fieldErrors[field] = fieldMessages.tooLong;
        else instance[field] = (value ?? '').trim();
      }
      applyMailTemplate(instance, input.mailTemplate, fieldErrors);
      for (const field of URL_FIELDS) {
        if (input[field] !== undefined && instance[field] && !isWebUrl(instance[field])) fieldErrors[field] = fieldMessages.url;
      }
      for (const field of ['mailAddress', 'noreplyMail'] as const) {
        if (input[field] !== undefined && instance[field] && !isEmail(instance[field])) fieldErrors[field] = fieldMessages.email;
      }
      for (const field of instanceBooleanFields) {
        const value = input[field];
        if (value === undefined) continue;
        if (value !== null && typeof value !== 'boolean') fieldErrors[field] = fieldMessages.text;
        else instance[field] = value === true;
      }
      for (const field of instanceNumberFields) {
        const value = input[field];
        if (value === undefined) continue;
        if (value !== null && (typeof value !== 'number' || numberError(value, { max: MAX_INT32, integer: true }))) fieldErrors[field] = fieldMessages.number;
        else if (field === 'noreplyPort' && value !== null && (value < 1 || value > 65535)) fieldErrors[field] = fieldMessages.port;
        else instance[field] = value;
      }
      for (const field of instanceSecretFields) {
        const value = input[field];
        if (value !== undefined && value !== null && typeof value !== 'string') fieldErrors[`${field}Set`] = fieldMessages.text;
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
          fieldErrors[field] = fieldMessages.text;
          continue;
        }
        const ids = [...new Set(value.map(normaliseEmail).filter(Boolean))];
        if (field === 'ownerUserIds' && ids.length === 0) {
          throw new AppError('instance.last-owner', { fieldErrors: { ownerUserIds: fieldMessages.lastOwner } });
        }
        const existing = ids.length ? await em.find(User, { id: { $in: ids } }, { fields: ['id'] }) : [];
        const missing = ids.filter((id) => !existing.some((user) => user.id === id));
        if (missing.length) fieldErrors[field] = `${fieldMessages.unknownUser}: ${missing.join(', ')}`;
        else instance[field] = ids;
      }

      checkOwnMailServer(instance, fieldErrors);

      if (input.sso !== undefined && input.sso !== null) {
        await applySsoToInstance(em, instance, input.sso, fieldErrors);
      }

      if (Object.keys(fieldErrors).length > 0) throw new AppError('generic.validation', { fieldErrors });
      await em.flush();
      this.sso.forgetOrigin();
      const changed = (a: string[], b: string[]) => [...a.filter((id) => !b.includes(id)), ...b.filter((id) => !a.includes(id))];
      const affectedUsers = new Set([...changed(before.owners, instance.ownerUserIds), ...changed(before.allowed, instance.allowedUsersToCreateTenant)]);
      // With the commit: the users' open sockets are checked again before any later event reaches them.
      await this.creatorRights.changed(em, affectedUsers, 'instance');
      return this.settingsView(instance);
    });
    return view;
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    instance: InstanceService;
  }
}
