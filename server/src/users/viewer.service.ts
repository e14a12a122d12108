import type { MikroORM } from '@mikro-orm/postgresql';
import { Instance } from '../instance/instance.entity.js';
import type { Permissions } from '../shared/permissions/model.js';
import { computePermissions } from '../shared/permissions/permissions.js';
import { TenantMembership } from '../tenants/membership.entity.js';
import { User } from './user.entity.js';

/** The signed-in user with freshly computed permissions. */
export interface Viewer {
  user: User;
  permissions: Permissions;
}

/** Loads who is asking: the account (unless missing or suspended) and its permissions. */
export class ViewerService {
  constructor(private readonly orm: MikroORM) {}

  async permissionsOf(userId: string): Promise<Permissions> {
    const em = this.orm.em.fork();
    const [instance, memberships] = await Promise.all([
      em.findOne(Instance, { id: 1 }),
      em.find(TenantMembership, { user: userId }, { populate: ['roles'], orderBy: { tenant: { name: 'asc' } } }),
    ]);
    return computePermissions(
      userId,
      instance ?? { ownerUserIds: [], allowAllUsersToCreateTenant: false, allowedUsersToCreateTenant: [] },
      memberships.map((membership) => ({
        tenantId: membership.tenant.id,
        isOwner: membership.isOwner,
        roles: membership.isMember ? membership.roles.getItems() : [],
      })),
    );
  }

  /** Null when the account no longer exists or is suspended: its sessions stop working at once. */
  async load(userId: string): Promise<Viewer | null> {
    const user = await this.orm.em.fork().findOne(User, { id: userId });
    if (!user || user.isSuspended) return null;
    return { user, permissions: await this.permissionsOf(userId) };
  }
}
