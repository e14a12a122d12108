import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Permissions } from '../../../common/permissions/model.js';
import { canChangeTenantOwners, canManageTenantMembers, canReadTenantMembers, isTenantMember } from '../../../common/permissions/permissions.js';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import type { CreatorRights } from '../users/creator-rights.js';
import { User } from '../users/user.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import { TenantMembership } from './membership.entity.js';
import { Role } from './role.entity.js';
import { Tenant } from './tenant.entity.js';
import { membershipSnapshot, recordMembershipChange, userLabel, viewerChangeOrigin, type TenantChangeVia } from './tenant-change-log.js';

export interface MemberList {
  users: { userId: string; roles: string[] }[];
  owner: string[];
}

/**
 * The people of a tenant: its members with their roles and its owners. Every change runs under a
 * row lock of the tenant, so the rule that a tenant keeps at least one owner holds under
 * concurrency, and tells the changed user's open clients to reload their session.
 */
export class TenantMemberService {
  constructor(
    private readonly orm: MikroORM,
    /** Announces the change and ends the person's accesses it takes the right of (users/creator-rights.ts). */
    private readonly creatorRights: Pick<CreatorRights, 'changed'>,
  ) {}

  private async find(em: EntityManager, id: string): Promise<Tenant> {
    const tenant = await em.findOne(Tenant, { id });
    if (!tenant) throw new AppError('generic.not-found');
    return tenant;
  }

  /** Members and owners as the REST facade shows them inside the full tenant. */
  async membersOf(id: string): Promise<MemberList> {
    return this.memberList(this.orm.em.fork(), id);
  }

  private async memberList(em: EntityManager, tenantId: string): Promise<MemberList> {
    return (await this.memberLists(em, [tenantId])).get(tenantId) as MemberList;
  }

  /** The member lists of several tenants in one query (each present, empty when nobody belongs). */
  private async memberLists(em: EntityManager, tenantIds: string[]): Promise<Map<string, MemberList>> {
    const lists = new Map<string, MemberList>(tenantIds.map((id) => [id, { users: [], owner: [] }]));
    if (tenantIds.length === 0) return lists;
    const memberships = await em.find(TenantMembership, { tenant: { $in: tenantIds } }, { populate: ['roles'], orderBy: { createdAt: 'asc', user: 'asc' } });
    for (const membership of memberships) {
      const list = lists.get(membership.tenant.id) as MemberList;
      if (membership.isMember) list.users.push({ userId: membership.user.id, roles: membership.roles.getItems().map((role) => role.id) });
      if (membership.isOwner) list.owner.push(membership.user.id);
    }
    return lists;
  }

  /** Members and owners of several tenants, for the full tenant list (owners and instance owners only call it). */
  async membersOfTenants(tenantIds: string[]): Promise<Map<string, MemberList>> {
    return this.memberLists(this.orm.em.fork(), tenantIds);
  }

  /** The tenant's members with their role ids and the owner list. */
  async members(viewer: Viewer, tenantId: string): Promise<MemberList> {
    if (!canReadTenantMembers(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const em = this.orm.em.fork();
    await this.find(em, tenantId);
    return this.memberList(em, tenantId);
  }

  /** The roles of the tenant (id and name), for choosing a member's roles. */
  async rolesOf(viewer: Viewer, tenantId: string): Promise<{ id: string; name: string }[]> {
    if (!canReadTenantMembers(viewer.permissions, tenantId) && !isTenantMember(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const roles = await this.orm.em.fork().find(Role, { tenant: tenantId }, { orderBy: { name: 'asc' } });
    return roles.map((role) => ({ id: role.id, name: role.name }));
  }

  private async changeMembers(
    viewer: Viewer,
    tenantId: string,
    allowed: (permissions: Permissions, tenantId: string) => boolean,
    userId: unknown,
    reason: string,
    via: TenantChangeVia,
    change: (em: EntityManager, tenant: Tenant, userId: string, membership: TenantMembership | null) => Promise<void>,
  ): Promise<MemberList> {
    if (!allowed(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    if (typeof userId !== 'string' || !userId.trim()) throw new AppError('generic.validation', { fieldErrors: { userId: 'E-Mail ist erforderlich' } });
    const id = userId.trim().toLowerCase();
    const result = await this.orm.em.fork().transactional(async (em) => {
      const tenant = await this.find(em, tenantId);
      // Serialises member changes per tenant, so the "at least one owner" check holds under concurrency.
      await em.getConnection().execute('select id from tenants where id = ? for update', [tenantId], 'all', em.getTransactionContext());
      const membership = await em.findOne(TenantMembership, { tenant, user: id }, { populate: ['roles'] });
      const before = membershipSnapshot(membership);
      await change(em, tenant, id, membership);
      await em.flush();
      const after = membershipSnapshot(await em.findOne(TenantMembership, { tenant, user: id }, { populate: ['roles'], refresh: true }));
      const user = await em.findOne(User, { id });
      await recordMembershipChange(em, tenantId, { id, label: user ? userLabel(user) : id }, before, after, viewerChangeOrigin(viewer, via));
      // With the commit: the user's open sockets are checked again before any later event reaches them,
      // and the tokens, feeds and webhooks the change takes the right of end.
      await this.creatorRights.changed(em, [id], reason);
      return this.memberList(em, tenantId);
    });
    return result;
  }

  private async rolesInTenant(em: EntityManager, tenant: Tenant, roleIds: unknown): Promise<Role[]> {
    if (!Array.isArray(roleIds) || roleIds.some((roleId) => typeof roleId !== 'string')) {
      throw new AppError('generic.validation', { fieldErrors: { roles: 'Ungültige Rollen' } });
    }
    const unique = [...new Set(roleIds as string[])];
    const uuid = /^[0-9a-f-]{36}$/i;
    const roles = unique.length === 0 || unique.some((roleId) => !uuid.test(roleId)) ? [] : await em.find(Role, { id: { $in: unique }, tenant });
    if (roles.length !== unique.length) throw new AppError('generic.validation', { fieldErrors: { roles: 'Unbekannte Rolle in diesem Mandanten' } });
    return roles;
  }

  private async requireUser(em: EntityManager, userId: string): Promise<User> {
    const user = await em.findOne(User, { id: userId });
    if (!user) throw new AppError('tenant.user-not-found');
    return user;
  }

  private async ownerCount(em: EntityManager, tenant: Tenant): Promise<number> {
    return em.count(TenantMembership, { tenant, isOwner: true });
  }

  /** Adds a registered user as member with roles; an existing member gets the union of roles. */
  addMember(viewer: Viewer, tenantId: string, userId: unknown, roleIds: unknown, via: TenantChangeVia): Promise<MemberList> {
    return this.changeMembers(viewer, tenantId, canManageTenantMembers, userId, 'member-added', via, async (em, tenant, id, membership) => {
      const user = await this.requireUser(em, id);
      const roles = await this.rolesInTenant(em, tenant, roleIds ?? []);
      const target = membership ?? em.create(TenantMembership, { tenant, user, isMember: true, isOwner: false });
      target.isMember = true;
      for (const role of roles) if (!target.roles.contains(role)) target.roles.add(role);
    });
  }

  /**
   * Replaces a member's roles with those of the given ones that exist in the tenant: ids of deleted
   * roles or of other tenants' roles (a stale or foreign list) are left out, not refused.
   */
  editMemberRoles(viewer: Viewer, tenantId: string, userId: unknown, roleIds: unknown, via: TenantChangeVia): Promise<MemberList> {
    return this.changeMembers(viewer, tenantId, canManageTenantMembers, userId, 'member-roles-changed', via, async (em, tenant, _id, membership) => {
      if (!membership?.isMember) throw new AppError('tenant.member-not-found');
      const requested = roleIds ?? [];
      if (!Array.isArray(requested)) throw new AppError('generic.validation', { fieldErrors: { roles: 'Ungültige Rollen' } });
      const candidates = [...new Set(requested.filter((roleId): roleId is string => typeof roleId === 'string' && isUuid(roleId)))];
      membership.roles.set(candidates.length > 0 ? await em.find(Role, { id: { $in: candidates }, tenant }) : []);
    });
  }

  removeMemberRole(viewer: Viewer, tenantId: string, userId: unknown, roleId: unknown, via: TenantChangeVia): Promise<MemberList> {
    return this.changeMembers(viewer, tenantId, canManageTenantMembers, userId, 'member-roles-changed', via, async (_em, _tenant, _id, membership) => {
      if (!membership?.isMember) throw new AppError('tenant.member-not-found');
      const role = membership.roles.getItems().find((candidate) => candidate.id === roleId);
      if (role) membership.roles.remove(role);
    });
  }

  /** Removes membership and ownership; the last owner cannot be removed. */
  removeMember(viewer: Viewer, tenantId: string, userId: unknown, via: TenantChangeVia): Promise<MemberList> {
    const allowed = (permissions: Permissions, id: string) => canManageTenantMembers(permissions, id);
    return this.changeMembers(viewer, tenantId, allowed, userId, 'member-removed', via, async (em, tenant, _id, membership) => {
      if (!membership) throw new AppError('tenant.member-not-found');
      if (membership.isOwner) {
        if (!canChangeTenantOwners(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
        if ((await this.ownerCount(em, tenant)) <= 1) throw new AppError('tenant.last-owner');
      }
      em.remove(membership);
    });
  }

  /** Makes a registered user an owner (membership not required). */
  addOwner(viewer: Viewer, tenantId: string, userId: unknown, via: TenantChangeVia): Promise<MemberList> {
    return this.changeMembers(viewer, tenantId, canChangeTenantOwners, userId, 'owner-added', via, async (em, tenant, id, membership) => {
      const user = await this.requireUser(em, id);
      if (membership) membership.isOwner = true;
      else em.create(TenantMembership, { tenant, user, isMember: false, isOwner: true });
    });
  }

  /** "Zum Mitglied machen": takes ownership away, the user stays a member; the last owner stays. */
  removeOwner(viewer: Viewer, tenantId: string, userId: unknown, via: TenantChangeVia): Promise<MemberList> {
    return this.changeMembers(viewer, tenantId, canChangeTenantOwners, userId, 'owner-removed', via, async (em, tenant, _id, membership) => {
      if (!membership?.isOwner) throw new AppError('tenant.member-not-found');
      if ((await this.ownerCount(em, tenant)) <= 1) throw new AppError('tenant.last-owner');
      membership.isOwner = false;
      membership.isMember = true;
    });
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    tenantMembers: TenantMemberService;
  }
}
