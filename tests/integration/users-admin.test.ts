import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantMembership } from '../../server/src/tenants/membership.entity.js';
import { User } from '../../server/src/users/user.entity.js';
import { testAdmin } from '../support/app.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { actorNames, createActors, type ActorName, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The users administration (api/users, users, user, userIds, updateUser, createUser, deleteUser):
 * who sees which accounts and roles, instance-owner-only changes, suspension ending sessions,
 * deletion with its cleanup and guards.
 */
let app: TestApp;
let actors: Actors;
let ip = 0;
const client = () => app.client({ ip: `10.67.0.${++ip}` });

const USERS = '{ users { id firstName lastName isVerified isSuspended authType created roles { tenantId tenantName name } } }';
const UPDATE_USER = 'mutation($input: UpdateUserInput!) { updateUser(input: $input) { id firstName isVerified isSuspended } }';
const CREATE_USER = 'mutation($input: CreateUserInput!) { createUser(input: $input) { id firstName isVerified authType } }';
const DELETE_USER = 'mutation($id: String!) { deleteUser(id: $id) }';

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageUsers', 'users');
});
afterAll(async () => app?.close());

const denied = (name: ActorName) => (name === 'anonymous' ? 401 : 403);

describe('GET api/users and users', () => {
  it.each(actorNames)('%s', async (name) => {
    const rest = await actors.clients[name].get('/api/users');
    const gql = await actors.clients[name].gql<{ users: { id: string; roles: { tenantId: string; name: string }[] }[] }>(USERS);
    if (name === 'anonymous') {
      expect(rest.status).toBe(401);
      expect(gql.errors?.[0].extensions?.code).toBe('AUTH_UNAUTHENTICATED');
      return;
    }
    expect(rest.status).toBe(200);
    const restIds = rest.json.map((user: { id: string }) => user.id);
    const gqlIds = gql.data!.users.map((user) => user.id);
    expect(gqlIds).toEqual(restIds);
    const allUsers = Object.values(actors.userIds);
    if (name === 'instanceOwner') {
      expect([...restIds].sort()).toEqual([...allUsers].sort());
    } else if (name === 'tenantOwner') {
      // The tenant's people and the owner, not accounts of other tenants or of nobody's.
      const ofTheTenant = [actors.userIds.tenantOwner, actors.userIds.memberWithoutFlag, actors.userIds.memberOwnOnly, actors.userIds.memberAny];
      expect([...restIds].sort()).toEqual([...ofTheTenant].sort());
    } else {
      expect(restIds).toEqual([actors.userIds[name]]);
    }
    // Role names per tenant: all for the instance owner, only the owned tenant's for a tenant owner.
    const roleTenants = new Set(rest.json.flatMap((user: { roles: { tenantId: string }[] }) => user.roles.map((role) => role.tenantId)));
    if (name === 'instanceOwner') expect([...roleTenants].sort()).toEqual([actors.tenant.id, actors.otherTenant.id].sort());
    else if (name === 'tenantOwner') expect([...roleTenants]).toEqual([actors.tenant.id]);
    else expect([...roleTenants]).toEqual([]);
    const any = rest.json.find((user: { id: string }) => user.id === actors.userIds.memberAny);
    if (name === 'instanceOwner' || name === 'tenantOwner') expect(any.roles).toEqual([{ tenantId: actors.tenant.id, tenantName: actors.tenant.name, roleId: expect.any(String), name: 'Alle' }]);
    // Contact details: the own; every account's for instance owners; for a tenant owner those of the tenant's people only.
    const showsContact = (id: string) => 'phone' in rest.json.find((user: { id: string }) => user.id === id);
    expect(showsContact(actors.userIds[name as Exclude<ActorName, 'anonymous'>])).toBe(true);
    if (name === 'instanceOwner') expect([actors.userIds.outsider, actors.userIds.memberOfOtherTenant].map(showsContact)).toEqual([true, true]);
    if (name === 'tenantOwner') {
      expect(showsContact(actors.userIds.memberAny)).toBe(true);
    }
  });

  it('is sorted by created date, newest first', async () => {
    await createUser(app.orm, { id: 'zuletzt@example.com', password: 'zuletzt-passwort' });
    const rest = await actors.clients.instanceOwner.get('/api/users');
    expect(rest.json[0].id).toBe('zuletzt@example.com');
    const created = rest.json.map((user: { created: number }) => user.created);
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });
});

describe('GET api/users/{id}, user(id)', () => {
  it.each(actorNames)('%s', async (name) => {
    const rest = await actors.clients[name].get(`/api/users/${encodeURIComponent(actors.userIds.memberAny)}`);
    const gql = await actors.clients[name].gql<{ user: { id: string } }>('query($id: String!) { user(id: $id) { id firstName } }', { id: actors.userIds.memberAny });
    if (name === 'anonymous') {
      expect(rest.status).toBe(401);
      expect(gql.data).toBeNull();
      return;
    }
    // The account itself, instance owners and owners of its tenant; anyone else: as if unknown.
    if (!['memberAny', 'tenantOwner', 'instanceOwner'].includes(name)) {
      expect(rest.status).toBe(404);
      expect(rest.json.code).toBe('user.not-found');
      expect(gql.errors?.[0]?.extensions?.code).toBe('USER_NOT_FOUND');
      return;
    }
    expect(rest.status).toBe(200);
    expect(rest.json.id).toBe(actors.userIds.memberAny);
    expect(gql.data?.user.id).toBe(actors.userIds.memberAny);
  });

  it('answers 404 for an unknown id', async () => {
    const rest = await actors.clients.outsider.get('/api/users/niemand@example.com');
    expect(rest.status).toBe(404);
    expect(rest.json.code).toBe('user.not-found');
  });
});

describe('GET api/users/ids, userIds', () => {
  it('filters by role ids only within the caller’s tenants', async () => {
    const roleRows = await app.orm.em.getConnection().execute<{ id: string; name: string; tenant_id: string }[]>('select id, name, tenant_id from roles');
    const alle = roleRows.find((role) => role.name === 'Alle' && role.tenant_id === actors.tenant.id)!.id;
    const otherAlle = roleRows.find((role) => role.name === 'Alle' && role.tenant_id === actors.otherTenant.id)!.id;
    const admin = actors.clients.instanceOwner;
    expect((await admin.get(`/api/users/ids?filterRoles=${alle},${otherAlle}`)).json).toEqual([actors.userIds.memberAny, actors.userIds.memberOfOtherTenant].sort());
    expect((await admin.get(`/api/users/ids?roles=${alle}`)).json).toEqual([actors.userIds.memberAny]);
    // Who sees a tenant's members (manageUsers readAny or updateAny) gets role members there only.
    expect((await actors.clients.memberAny.get(`/api/users/ids?filterRoles=${alle},${otherAlle}`)).json).toEqual([actors.userIds.memberAny]);
    expect((await actors.clients.memberOfOtherTenant.get(`/api/users/ids?filterRoles=${alle}`)).json).toEqual([]);
    const { data } = await actors.clients.memberOfOtherTenant.gql<{ userIds: string[] }>('query($roles: [String!]) { userIds(roles: $roles) }', { roles: [otherAlle] });
    expect(data?.userIds).toEqual([actors.userIds.memberOfOtherTenant]);
    // Without a filter: everyone for instance owners, the readable tenants' members (and self) otherwise.
    expect((await admin.get('/api/users/ids')).json).toContain(actors.userIds.outsider);
    const memberIds = (await actors.clients.memberAny.get('/api/users/ids')).json;
    expect(memberIds).toContain(actors.userIds.memberWithoutFlag);
    expect(memberIds).not.toContain(actors.userIds.memberOfOtherTenant);
    expect(memberIds).not.toContain(actors.userIds.outsider);
    // Without that right (a citizen, a member without the flags) it is refused.
    for (const name of ['outsider', 'memberWithoutFlag', 'memberOwnOnly'] as const) {
      expect((await actors.clients[name].get('/api/users/ids')).status, name).toBe(403);
      expect((await actors.clients[name].gql('{ userIds }')).errors?.[0]?.extensions?.code, name).toBe('AUTH_FORBIDDEN');
    }
    expect((await actors.clients.anonymous.get('/api/users/ids')).status).toBe(401);
  });
});

describe('PUT api/users, updateUser, createUser', () => {
  it.each(actorNames)('only the instance owner changes accounts: %s', async (name) => {
    const target = actors.userIds.memberOwnOnly;
    const rest = await actors.clients[name].put('/api/users', { id: target, firstName: `REST-${name}` });
    const gql = await actors.clients[name].gql<{ updateUser: { firstName: string } }>(UPDATE_USER, { input: { id: target, firstName: `GQL-${name}` } });
    const stored = await app.orm.em.fork().findOneOrFail(User, { id: target });
    if (name === 'instanceOwner') {
      expect(rest.status).toBe(200);
      expect(rest.text).toBe('OK');
      expect(gql.data?.updateUser.firstName).toBe(`GQL-${name}`);
      expect(stored.firstName).toBe(`GQL-${name}`);
    } else {
      expect(rest.status).toBe(denied(name));
      expect(gql.data).toBeNull();
      expect([`REST-${name}`, `GQL-${name}`]).not.toContain(stored.firstName);
    }
  });

  it.each(actorNames)('only the instance owner creates accounts: %s', async (name) => {
    const id = `neu-${name.toLowerCase()}@example.com`;
    const rest = await actors.clients[name].put('/api/users', { id, password: 'neu-passwort-1', firstName: 'Neu' });
    const gql = await actors.clients[name].gql(CREATE_USER, { input: { id: `gql-${id}`, password: 'neu-passwort-1', firstName: 'Gql' } });
    const stored = await app.orm.em.fork().find(User, { id: { $in: [id, `gql-${id}`] } });
    if (name === 'instanceOwner') {
      expect(rest.status, rest.text).toBe(200);
      expect(rest.json).toMatchObject({ id, firstName: 'Neu', isVerified: false, authType: 'local' });
      expect(gql.data).toEqual({ createUser: { id: `gql-${id}`, firstName: 'Gql', isVerified: false, authType: 'local' } });
      expect(stored).toHaveLength(2);
    } else {
      expect(rest.status).toBe(denied(name));
      expect(gql.data).toBeNull();
      expect(stored).toHaveLength(0);
    }
  });

  it('creates with a hashed password (3.0.0: `secret`), which then signs in once verified', async () => {
    const admin = actors.clients.instanceOwner;
    const response = await admin.put('/api/users', { id: 'Angelegt@Example.com', secret: 'angelegt-passwort', firstName: 'Ann', isVerified: true });
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('angelegt-passwort');
    const user = await app.orm.em.fork().findOneOrFail(User, { id: 'angelegt@example.com' }, { populate: ['passwordHash'] });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    await signIn(client(), 'angelegt@example.com', 'angelegt-passwort');
    const missing = await admin.put('/api/users', { id: 'ohne-passwort@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ password: 'Passwort ist erforderlich' });
    const { errors } = await admin.gql(CREATE_USER, { input: { id: 'angelegt@example.com', password: 'noch-ein-passwort' } });
    expect(errors?.[0].extensions?.key).toBe('register.user-exists');
  });

  it('toggles verified and suspended; a suspended user is signed out at once and cannot sign in', async () => {
    const admin = actors.clients.instanceOwner;
    const id = 'gesperrt@example.com';
    await createUser(app.orm, { id, password: 'gesperrt-passwort-1', isVerified: false });
    const verified = await admin.gql<{ updateUser: { isVerified: boolean } }>(UPDATE_USER, { input: { id, isVerified: true } });
    expect(verified.data?.updateUser.isVerified).toBe(true);
    const session: HttpClient = client();
    await signIn(session, id, 'gesperrt-passwort-1');
    expect((await session.get('/auth/me')).status).toBe(200);

    const suspended = await admin.put('/api/users', { id, isSuspended: true, secret: 'ignoriert', created: 1 });
    expect(suspended.status).toBe(200);
    const rows = await app.orm.em.getConnection().execute<{ count: string }[]>(`select count(*) as count from sessions where sess->>'userId' = ?`, [id]);
    expect(Number(rows[0].count)).toBe(0);
    expect((await session.get('/auth/me')).status).toBe(401);
    expect((await client().post('/auth/signin', { id, password: 'gesperrt-passwort-1' })).status).toBe(401);
    const listed = (await admin.get('/api/users')).json.find((user: { id: string }) => user.id === id);
    expect(listed).toMatchObject({ isVerified: true, isSuspended: true });

    await admin.gql(UPDATE_USER, { input: { id, isSuspended: false } });
    await signIn(client(), id, 'gesperrt-passwort-1');
  });

  it('refuses to suspend oneself and to change an unknown account', async () => {
    const admin = actors.clients.instanceOwner;
    const self = await admin.put('/api/users', { id: testAdmin.id, isSuspended: true });
    expect(self.status).toBe(400);
    expect(self.json.errors.isSuspended).toBeTruthy();
    const { errors } = await admin.gql(UPDATE_USER, { input: { id: 'niemand@example.com', firstName: 'X' } });
    expect(errors?.[0].extensions?.key).toBe('user.not-found');
  });
});

describe('DELETE api/users/{id}, deleteUser', () => {
  it.each(actorNames)('an instance owner deletes anyone, others only themselves: %s', async (name) => {
    const victim = `opfer-${name.toLowerCase()}@example.com`;
    await createUser(app.orm, { id: victim, password: 'opfer-passwort-1' });
    const rest = await actors.clients[name].request('DELETE', `/api/users/${encodeURIComponent(victim)}`);
    const exists = async () => (await app.orm.em.fork().findOne(User, { id: victim })) !== null;
    if (name === 'instanceOwner') {
      expect(rest.status).toBe(200);
      expect(await exists()).toBe(false);
    } else {
      expect(rest.status).toBe(denied(name));
      expect(await exists()).toBe(true);
      const { errors } = await actors.clients[name].gql(DELETE_USER, { id: victim });
      expect(errors?.[0].extensions?.code).toBe(name === 'anonymous' ? 'AUTH_UNAUTHENTICATED' : 'AUTH_FORBIDDEN');
      expect(await exists()).toBe(true);
    }
  });

  it('lets users delete themselves; memberships and instance lists are cleaned up', async () => {
    const id = 'selbst@example.com';
    await createUser(app.orm, { id, password: 'selbst-passwort-1' });
    await createTenant(app.orm, { name: 'Selbst-Mandant', owners: [testAdmin.id], roles: [{ name: 'R' }], members: [{ userId: id, roles: ['R'] }] });
    const admin = actors.clients.instanceOwner;
    await admin.put('/api/instances', { allowedUsersToCreateTenant: [id], ownerUserIds: [testAdmin.id, id] });
    const self = client();
    await signIn(self, id, 'selbst-passwort-1');
    const { data, errors } = await self.gql<{ deleteUser: boolean }>(DELETE_USER, { id });
    expect(errors).toBeUndefined();
    expect(data?.deleteUser).toBe(true);
    expect(await app.orm.em.fork().count(TenantMembership, { user: id })).toBe(0);
    const settings = (await admin.get('/api/instances')).json;
    expect(settings.ownerUserIds).toEqual([testAdmin.id]);
    expect(settings.allowedUsersToCreateTenant).toEqual([]);
    expect((await self.get('/auth/me')).status).toBe(401);
  });

  it('never deletes the last instance owner or the last owner of a tenant', async () => {
    const admin = actors.clients.instanceOwner;
    const last = await admin.request('DELETE', `/api/users/${encodeURIComponent(testAdmin.id)}`);
    expect(last.status).toBe(409);
    expect(last.json.code).toBe('user.last-instance-owner');
    const owner = await admin.request('DELETE', `/api/users/${encodeURIComponent(actors.userIds.tenantOwner)}`);
    expect(owner.status).toBe(409);
    expect(owner.json.code).toBe('user.last-tenant-owner');
    expect(await app.orm.em.fork().findOne(User, { id: actors.userIds.tenantOwner })).not.toBeNull();
    const unknown = await admin.request('DELETE', '/api/users/niemand@example.com');
    expect(unknown.status).toBe(404);
  });
});
