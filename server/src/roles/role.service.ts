import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import { permissionAreas, type Action } from '../../../common/permissions/model.js';
import { can, isTenantMember } from '../../../common/permissions/permissions.js';
import type { CreatorRights } from '../users/creator-rights.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { fullFlags } from '../users/session.types.js';
import type { Viewer } from '../users/viewer.service.js';
import { Role } from '../tenants/role.entity.js';
import { roleSchema } from '../../../common/roles/role.schema.js';
import { parseInput } from '../shared/schema-input.js';
import { recordRoleChange, roleSnapshot, viewerChangeOrigin } from '../tenants/tenant-change-log.js';
import type { TenantChangeVia } from '../../../common/tenants/change-log.js';

/** The REST shape of a role: every flag of every area, the tenant id. */
export function roleView(role: Role) {
  return {
    id: role.id,
    tenantId: role.tenant.id,
    name: role.name,
    adminInterfaces: [...role.adminInterfaces],
    freeBookings: role.freeBookings,
    ...Object.fromEntries(permissionAreas.map((area) => [area, fullFlags(role[area])])),
    ownerUserId: role.ownerUserId ?? null,
  };
}

const allowed = (viewer: Viewer, action: Action, role: Role) =>
  can(viewer.permissions, viewer.user.id, action, 'manageRoles', { tenantId: role.tenant.id, ownerUserId: role.ownerUserId });

/**
 * Roles per tenant with the manageRoles flags via ALLOW: create needs create,
 * reading, updating and deleting need the "any" flag or the "own" flag on a role the viewer created.
 * Owners and instance owners may do everything.
 */
export class RoleService {
  constructor(
    private readonly orm: MikroORM,
    /** Announces the change and ends the holders' accesses it takes the right of (users/creator-rights.ts). */
    private readonly creatorRights: Pick<CreatorRights, 'changed' | 'roleChanged'>,
  ) {}

  /** Every role the viewer may read, across the viewer's tenants (instance owners: all tenants). */
  async listReadable(viewer: Viewer): Promise<Role[]> {
    const em = this.orm.em.fork();
    const tenantIds = viewer.permissions.tenants.map((entry) => entry.tenantId);
    if (!viewer.permissions.instanceOwner && tenantIds.length === 0) return [];
    const where = viewer.permissions.instanceOwner ? {} : { tenant: { $in: tenantIds } };
    const roles = await em.find(Role, where, { orderBy: { name: 'asc', id: 'asc' } });
    return roles.filter((role) => allowed(viewer, 'read', role));
  }

  /** The tenant's roles the viewer may read; empty for someone outside the tenant. */
  async list(viewer: Viewer, tenantId: string): Promise<Role[]> {
    if (!isTenantMember(viewer.permissions, tenantId)) return [];
    const roles = await this.orm.em.fork().find(Role, { tenant: tenantId }, { orderBy: { name: 'asc', id: 'asc' } });
    return roles.filter((role) => allowed(viewer, 'read', role));
  }

  async get(viewer: Viewer, tenantId: string, id: string): Promise<Role> {
    const em = this.orm.em.fork();
    const role = await this.find(em, viewer, tenantId, id);
    if (!allowed(viewer, 'read', role)) throw new AppError('auth.forbidden');
    return role;
  }

  /**
   * PUT semantics: a role with this id in the tenant is updated (update right), anything else
   * creates a role with a new UUID in the URL's tenant (create right), owned by the viewer.
   */
  async save(viewer: Viewer, tenantId: string, input: Record<string, unknown>, via: TenantChangeVia): Promise<{ role: Role; created: boolean }> {
    this.requireTenantAccess(viewer, tenantId);
    // One transaction: the holders hear of the change exactly when it commits.
    return this.orm.em.fork().transactional((em) => this.saveIn(em, viewer, tenantId, input, via));
  }

  private async saveIn(em: EntityManager, viewer: Viewer, tenantId: string, input: Record<string, unknown>, via: TenantChangeVia): Promise<{ role: Role; created: boolean }> {
    const existing = isUuid(input.id) ? await em.findOne(Role, { id: input.id, tenant: tenantId }) : null;
    if (existing) {
      if (!allowed(viewer, 'update', existing)) throw new AppError('auth.forbidden');
    } else if (!can(viewer.permissions, viewer.user.id, 'create', 'manageRoles', { tenantId })) {
      throw new AppError('auth.forbidden');
    }
    // The rules and German messages of common/roles/role.schema.ts, shared with the role dialog.
    const changes = parseInput(roleSchema(!existing), input);

    const origin = viewerChangeOrigin(viewer, via);
    if (existing) {
      const before = roleSnapshot(existing);
      Object.assign(existing, changes);
      await em.flush();
      await recordRoleChange(em, existing, before, roleSnapshot(existing), origin);
      await this.notifyHolders(em, existing.id, 'role-updated');
      return { role: existing, created: false };
    }
    const tenant = await em.findOne(Tenant, { id: tenantId });
    if (!tenant) throw new AppError('generic.not-found');
    const role = em.create(Role, { ...changes, name: changes.name ?? '', tenant, ownerUserId: viewer.user.id });
    await em.flush();
    await recordRoleChange(em, role, null, roleSnapshot(role), origin);
    return { role, created: true };
  }

  /** Deletes the role; the memberships lose it too (foreign key cascade). */
  async remove(viewer: Viewer, tenantId: string, id: string, via: TenantChangeVia): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const role = await this.find(em, viewer, tenantId, id);
      if (!allowed(viewer, 'delete', role)) throw new AppError('auth.forbidden');
      const holders = await this.holders(em, role.id);
      const before = roleSnapshot(role);
      // Before its rows go: the tokens acting with the role are deleted with it (cascade).
      await this.creatorRights.roleChanged(em, role.id, { deleted: true });
      await em.nativeDelete(Role, { id: role.id, tenant: tenantId });
      await recordRoleChange(em, role, before, null, viewerChangeOrigin(viewer, via));
      await this.creatorRights.changed(em, holders, 'role-deleted');
    });
  }

  private requireTenantAccess(viewer: Viewer, tenantId: string): void {
    if (!isTenantMember(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
  }

  /** The role of this tenant; outsiders learn nothing about what exists (403 before 404). */
  private async find(em: EntityManager, viewer: Viewer, tenantId: string, id: string): Promise<Role> {
    this.requireTenantAccess(viewer, tenantId);
    const role = isUuid(id) ? await em.findOne(Role, { id, tenant: tenantId }) : null;
    if (!role) throw new AppError('generic.not-found');
    return role;
  }

  private async holders(em: EntityManager, roleId: string): Promise<string[]> {
    const rows = await em.execute<{ user_id: string }[]>('select m.user_id from tenant_membership_roles mr join tenant_memberships m on m.id = mr.membership_id where mr.role_id = ?', [roleId]);
    return rows.map((row) => row.user_id);
  }

  /** Members holding the role get their fresh permissions pushed (drawer, guard). */
  private async notifyHolders(em: EntityManager, roleId: string, reason: string): Promise<void> {
    await this.creatorRights.changed(em, await this.holders(em, roleId), reason);
    await this.creatorRights.roleChanged(em, roleId, { deleted: false });
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    roles: RoleService;
  }
}
