import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config.js';
import { Instance } from '../instance/instance.entity.js';
import { Role } from '../roles/role.entity.js';
import { accessFlags, type AccessFlags } from '../shared/permissions/model.js';
import { TenantMembership } from '../tenants/membership.entity.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { hashPassword } from '../users/auth.service.js';
import { AuthType, User } from '../users/user.entity.js';

export const demoLogins = {
  tenantOwner: { id: 'inhaberin@example.com', password: 'demo-inhaberin' },
  staff: { id: 'mitarbeiter@example.com', password: 'demo-mitarbeiter' },
};

const all = (): AccessFlags => Object.fromEntries(accessFlags.map((flag) => [flag, true]));
const readOnly = (): AccessFlags => ({ readAny: true, readOwn: true });

/**
 * On an empty database: the instance with its owner (ADMIN_EMAIL / ADMIN_PASSWORD), and, unless
 * SEED_DEMO=false, a demo tenant with an owner and a staff member holding a role. Returns whether
 * anything was seeded; a database that already has the instance is left alone.
 */
export async function seedIfEmpty(orm: MikroORM, config: AppConfig): Promise<boolean> {
  return orm.em.fork().transactional(async (em) => {
    if (await em.findOne(Instance, { id: 1 })) return false;
    const verifiedUser = async (id: string, password: string, firstName: string, lastName: string) =>
      em.create(User, { id, passwordHash: await hashPassword(password), firstName, lastName, isVerified: true, authType: AuthType.local });

    await verifiedUser(config.adminEmail, config.adminPassword, 'Instanz', 'Administrator');
    em.create(Instance, {
      id: 1,
      ownerUserIds: [config.adminEmail],
      mailAddress: config.adminEmail,
      contactAddress: 'Rathausplatz 1, 12345 Musterstadt',
      contactUrl: 'https://www.musterstadt.de',
    });
    if (!config.seedDemo) return true;

    const owner = await verifiedUser(demoLogins.tenantOwner.id, demoLogins.tenantOwner.password, 'Ines', 'Inhaberin');
    const staff = await verifiedUser(demoLogins.staff.id, demoLogins.staff.password, 'Max', 'Mitarbeiter');
    const tenant = em.create(Tenant, {
      name: 'Rathaus Musterstadt',
      contactName: 'Ines Inhaberin',
      location: 'Rathausplatz 1, 12345 Musterstadt',
      mail: 'rathaus@example.com',
      phone: '0123 456789',
      website: 'https://www.musterstadt.de',
    });
    const role = em.create(Role, {
      tenant,
      name: 'Buchungsbearbeitung',
      adminInterfaces: ['bookings', 'coupons', 'rooms', 'locations', 'resources', 'tickets', 'events'],
      manageBookings: all(),
      manageCoupons: all(),
      manageBookables: readOnly(),
    });
    em.create(TenantMembership, { tenant, user: owner, isMember: true, isOwner: true });
    const membership = em.create(TenantMembership, { tenant, user: staff, isMember: true, isOwner: false });
    membership.roles.add(role);
    return true;
  });
}
