import type { MikroORM } from '@mikro-orm/postgresql';
import { Role } from '../../server/src/tenants/role.entity.js';
import type { AccessFlags } from '../../common/permissions/model.js';
import { TenantMembership } from '../../server/src/tenants/membership.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { hashPassword } from '../../server/src/users/auth.service.js';
import { User } from '../../server/src/users/user.entity.js';
import type { HttpClient } from './http.js';

/** Test data written straight through the entities (faster than sign-up plus mailed link). */
export interface UserData {
  id: string;
  password: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  isVerified?: boolean;
}

export async function createUser(orm: MikroORM, data: UserData): Promise<User> {
  const em = orm.em.fork();
  const user = em.create(User, {
    id: data.id,
    passwordHash: await hashPassword(data.password),
    firstName: data.firstName ?? 'Erika',
    lastName: data.lastName ?? 'Mustermann',
    phone: data.phone ?? '',
    company: data.company ?? '',
    isVerified: data.isVerified ?? true,
  });
  await em.flush();
  return user;
}

export interface RoleData {
  name: string;
  adminInterfaces?: string[];
  freeBookings?: boolean;
  manageBookings?: AccessFlags;
  manageBookables?: AccessFlags;
  manageCoupons?: AccessFlags;
  manageRoles?: AccessFlags;
}

export interface TenantData {
  name: string;
  genericMailTemplate?: string;
  owners?: string[];
  /** Members with the roles (by name) they hold. */
  members?: { userId: string; roles: string[] }[];
  roles?: RoleData[];
}

/** A tenant with roles, owners (membership rows with isOwner) and members holding roles. */
export async function createTenant(orm: MikroORM, data: TenantData): Promise<Tenant> {
  const em = orm.em.fork();
  const tenant = em.create(Tenant, { name: data.name, genericMailTemplate: data.genericMailTemplate ?? '' });
  const roles = new Map<string, Role>();
  for (const role of data.roles ?? []) roles.set(role.name, em.create(Role, { tenant, ...role }));
  for (const owner of data.owners ?? []) {
    em.create(TenantMembership, { tenant, user: em.getReference(User, owner), isOwner: true, isMember: false });
  }
  for (const member of data.members ?? []) {
    const membership = em.create(TenantMembership, { tenant, user: em.getReference(User, member.userId), isMember: true, isOwner: false });
    for (const name of member.roles) {
      const role = roles.get(name);
      if (!role) throw new Error(`Rolle ${name} fehlt in den Testdaten`);
      membership.roles.add(role);
    }
  }
  await em.flush();
  return tenant;
}

/** Signs the client in through REST and fails loudly unless it worked. */
export async function signIn(client: HttpClient, id: string, password: string): Promise<void> {
  const response = await client.post('/auth/signin', { id, password });
  if (response.status !== 200) throw new Error(`Anmeldung von ${id} fehlgeschlagen: ${response.status} ${response.text}`);
}

/** The session id inside a signed express-session cookie value (`s:<sid>.<signature>`). */
export function sessionIdOf(cookieValue: string | undefined): string | undefined {
  if (!cookieValue) return undefined;
  const decoded = decodeURIComponent(cookieValue);
  if (!decoded.startsWith('s:')) return undefined;
  return decoded.slice(2, decoded.lastIndexOf('.'));
}
