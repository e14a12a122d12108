import type { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { accessFlags, type AccessFlags, type PermissionArea } from '../../common/permissions/model.js';
import { testAdmin, type InProcessApp } from './app.js';
import { createTenant, createUser, signIn } from './fixtures.js';
import type { HttpClient } from './http.js';

/**
 * The seven kinds of caller every operation's permission test covers, plus a member with
 * the "any" flags. Each signed-in actor has its own client (and IP, so rate limits never interfere).
 */
export const actorNames = [
  'anonymous',
  'outsider',
  'memberWithoutFlag',
  'memberOwnOnly',
  'memberAny',
  'memberOfOtherTenant',
  'tenantOwner',
  'instanceOwner',
] as const;
export type ActorName = (typeof actorNames)[number];

export interface Actors {
  /** The tenant under test; `otherTenant` is where memberOfOtherTenant belongs (with every flag). */
  tenant: Tenant;
  otherTenant: Tenant;
  clients: Record<ActorName, HttpClient>;
  /** E-mail of each signed-in actor (anonymous has none). */
  userIds: Record<Exclude<ActorName, 'anonymous'>, string>;
}

const allFlags = (): AccessFlags => Object.fromEntries(accessFlags.map((flag) => [flag, true]));
const ownFlags = (): AccessFlags => ({ create: true, readOwn: true, updateOwn: true, deleteOwn: true });

/**
 * Creates both tenants, the users and their roles for one permission area, and signs everyone in.
 * `adminInterface` is listed on every role so only the flags make the difference.
 */
export async function createActors(app: InProcessApp, area: PermissionArea, adminInterface: string, prefix: string = area): Promise<Actors> {
  const id = (name: string) => `${prefix.toLowerCase()}-${name.toLowerCase()}@example.com`;
  const userIds = {
    outsider: id('outsider'),
    memberWithoutFlag: id('noflag'),
    memberOwnOnly: id('own'),
    memberAny: id('any'),
    memberOfOtherTenant: id('other'),
    tenantOwner: id('owner'),
    instanceOwner: testAdmin.id,
  };
  const password = 'matrix-passwort-1';
  for (const [name, userId] of Object.entries(userIds)) {
    if (name !== 'instanceOwner') await createUser(app.orm, { id: userId, password, firstName: name });
  }
  const role = (name: string, flags: AccessFlags) => ({ name, adminInterfaces: [adminInterface], [area]: flags });
  const tenant = await createTenant(app.orm, {
    name: `${prefix} Mandant`,
    owners: [userIds.tenantOwner],
    roles: [role('Ohne Rechte', {}), role('Nur eigene', ownFlags()), role('Alle', allFlags())],
    members: [
      { userId: userIds.memberWithoutFlag, roles: ['Ohne Rechte'] },
      { userId: userIds.memberOwnOnly, roles: ['Nur eigene'] },
      { userId: userIds.memberAny, roles: ['Alle'] },
    ],
  });
  const otherTenant = await createTenant(app.orm, {
    name: `${prefix} Anderer Mandant`,
    roles: [role('Alle', allFlags())],
    members: [{ userId: userIds.memberOfOtherTenant, roles: ['Alle'] }],
  });

  let ip = 0;
  const clients = { anonymous: app.client({ ip: `10.77.0.${++ip}` }) } as Record<ActorName, HttpClient>;
  for (const [name, userId] of Object.entries(userIds) as [Exclude<ActorName, 'anonymous'>, string][]) {
    const client = app.client({ ip: `10.77.0.${++ip}` });
    await signIn(client, userId, name === 'instanceOwner' ? testAdmin.password : password);
    clients[name] = client;
  }
  return { tenant, otherTenant, clients, userIds };
}

/**
 * The items of the tenant an actor may read under the ALLOW rule: everything for the members with
 * the "any" flags and the owners, their own items for the "own"-only member, nothing for the rest.
 */
export function readableBy<Item>(actors: Actors, name: ActorName, items: readonly Item[], ownerOf: (item: Item) => string | null | undefined): Item[] {
  if (name === 'memberAny' || name === 'tenantOwner' || name === 'instanceOwner') return [...items];
  if (name === 'memberOwnOnly') return items.filter((item) => ownerOf(item) === actors.userIds.memberOwnOnly);
  return [];
}
