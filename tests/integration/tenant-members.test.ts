import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../server/src/tenants/role.entity.js';
import { createUser } from '../support/fixtures.js';
import { allowed, expectGraphql, expectRest } from '../support/matrix.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';

/** Tenant members: list, add, roles, owners, removal. */
let app: TestApp;
let actors: Actors;
let roleIds: Record<string, string>;
let otherRoleId: string;
const newcomer = { id: 'neuling@example.com', password: 'neuling-passwort-1' };

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageUsers', 'users');
  await createUser(app.orm, newcomer);
  const em = app.orm.em.fork();
  roleIds = Object.fromEntries((await em.find(Role, { tenant: actors.tenant.id })).map((role) => [role.name, role.id]));
  otherRoleId = (await em.findOneOrFail(Role, { tenant: actors.otherTenant.id })).id;
});
afterAll(async () => app?.close());

const MEMBERS = 'query($id: ID!) { tenantMembers(tenantId: $id) { tenantId users { userId roles } owner roles { id name } } }';
const ADD = 'mutation($id: ID!, $userId: String!, $roles: [String!]) { addTenantMember(tenantId: $id, userId: $userId, roles: $roles) { users { userId roles } owner } }';
const EDIT = 'mutation($id: ID!, $userId: String!, $roles: [String!]!) { editTenantMemberRoles(tenantId: $id, userId: $userId, roles: $roles) { users { userId roles } owner } }';
const REMOVE_ROLE = 'mutation($id: ID!, $userId: String!, $roleId: String!) { removeTenantMemberRole(tenantId: $id, userId: $userId, roleId: $roleId) { users { userId roles } } }';
const REMOVE = 'mutation($id: ID!, $userId: String!) { removeTenantMember(tenantId: $id, userId: $userId) { users { userId } owner } }';
const ADD_OWNER = 'mutation($id: ID!, $userId: String!) { addTenantOwner(tenantId: $id, userId: $userId) { owner } }';
const REMOVE_OWNER = 'mutation($id: ID!, $userId: String!) { removeTenantOwner(tenantId: $id, userId: $userId) { users { userId } owner } }';

describe('reading the members', () => {
  const readers = allowed(['memberAny', 'tenantOwner', 'instanceOwner']);

  it('REST GET api/:tenantId/users and api/tenants/:id/users: {users, owner}', async () => {
    await expectRest(actors, readers, (client) => client.get(`/api/${actors.tenant.id}/users`));
    await expectRest(actors, readers, (client) => client.get(`/api/tenants/${actors.tenant.id}/users`));
    const response = await actors.clients.memberAny.get(`/api/${actors.tenant.id}/users`);
    expect(Object.keys(response.json).sort()).toEqual(['owner', 'users']);
    expect(response.json.owner).toEqual([actors.userIds.tenantOwner]);
    expect(response.json.users).toContainEqual({ userId: actors.userIds.memberAny, roles: [roleIds.Alle] });
  });

  it('GraphQL tenantMembers, with the tenant’s roles to choose from', async () => {
    await expectGraphql(actors, readers, (client) => client.gql(MEMBERS, { id: actors.tenant.id }));
    const result = await actors.clients.tenantOwner.gql<{ tenantMembers: { roles: { name: string }[] } }>(MEMBERS, { id: actors.tenant.id });
    expect(result.data?.tenantMembers.roles.map((role) => role.name)).toEqual(['Alle', 'Nur eigene', 'Ohne Rechte']);
  });

  it('nothing of the other tenant: its member list stays closed', async () => {
    await expectRest(actors, allowed(['memberOfOtherTenant', 'instanceOwner']), (client) => client.get(`/api/${actors.otherTenant.id}/users`));
  });
});

describe('changing members', () => {
  const managers = allowed(['memberAny', 'tenantOwner', 'instanceOwner']);

  it('add-user: manageUsers updateAny, owners and instance owners; answers {users, owner} with 201', async () => {
    await expectRest(actors, managers, (client) => client.post(`/api/tenants/${actors.tenant.id}/add-user`, { userId: newcomer.id, roles: [roleIds['Ohne Rechte']] }));
    const response = await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/add-user`, { userId: newcomer.id.toUpperCase(), roles: [roleIds.Alle] });
    expect(response.status).toBe(201);
    expect(response.json.users).toContainEqual({ userId: newcomer.id, roles: expect.arrayContaining([roleIds['Ohne Rechte'], roleIds.Alle]) });
    await expectGraphql(actors, managers, (client) => client.gql(ADD, { id: actors.tenant.id, userId: newcomer.id, roles: [] }));
  });

  it('add-user: unknown account → 404 tenant.user-not-found; roles must exist in the tenant', async () => {
    const unknown = await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/add-user`, { userId: 'niemand@example.com', roles: [] });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'tenant.user-not-found', detail: 'Der Benutzer muss sich zuerst registrieren.' });
    const graph = await actors.clients.tenantOwner.gql(ADD, { id: actors.tenant.id, userId: 'niemand@example.com', roles: [] });
    expect(graph.errors?.[0].extensions?.code).toBe('TENANT_USER_NOT_FOUND');
    const foreignRole = await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/add-user`, { userId: newcomer.id, roles: [otherRoleId] });
    expect(foreignRole.status).toBe(400);
    const missing = await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/add-user`, { roles: [] });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ userId: 'E-Mail ist erforderlich' });
  });

  it('edit-user-roles replaces, remove-user-role removes one', async () => {
    await expectRest(actors, managers, (client) =>
      client.post(`/api/tenants/${actors.tenant.id}/edit-user-roles`, { userId: newcomer.id, roles: [roleIds['Nur eigene'], roleIds.Alle] }),
    );
    await expectGraphql(actors, managers, (client) => client.gql(EDIT, { id: actors.tenant.id, userId: newcomer.id, roles: [roleIds['Nur eigene'], roleIds.Alle] }));
    await expectRest(actors, managers, (client) => client.post(`/api/tenants/${actors.tenant.id}/remove-user-role`, { userId: newcomer.id, roleId: roleIds.Alle }));
    const result = await actors.clients.tenantOwner.gql<{ removeTenantMemberRole: { users: { userId: string; roles: string[] }[] } }>(REMOVE_ROLE, {
      id: actors.tenant.id,
      userId: newcomer.id,
      roleId: roleIds['Nur eigene'],
    });
    expect(result.data?.removeTenantMemberRole.users.find((user) => user.userId === newcomer.id)?.roles).toEqual([]);
    await expectGraphql(actors, managers, (client) => client.gql(REMOVE_ROLE, { id: actors.tenant.id, userId: newcomer.id, roleId: roleIds.Alle }));
    const notMember = await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/edit-user-roles`, { userId: actors.userIds.outsider, roles: [] });
    expect(notMember.status).toBe(404);
  });

  it('owners: only owners and instance owners promote and demote; the last owner stays', async () => {
    const ownersOnly = allowed(['tenantOwner', 'instanceOwner']);
    await expectRest(actors, ownersOnly, (client) => client.post(`/api/tenants/${actors.tenant.id}/add-owner`, { userId: newcomer.id }));
    await expectGraphql(actors, ownersOnly, (client) => client.gql(ADD_OWNER, { id: actors.tenant.id, userId: newcomer.id }));
    // Demote ("Zum Mitglied machen"): the newcomer stays a member.
    const demoted = await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/remove-owner`, { userId: newcomer.id });
    expect(demoted.status).toBe(200);
    expect(demoted.json.owner).toEqual([actors.userIds.tenantOwner]);
    expect(demoted.json.users.map((user: { userId: string }) => user.userId)).toContain(newcomer.id);
    // The last owner: refused for everyone, with the conflict for those who may change owners.
    await expectRest(actors, { ...allowed([]), tenantOwner: 409, instanceOwner: 409 }, (client) =>
      client.post(`/api/tenants/${actors.tenant.id}/remove-owner`, { userId: actors.userIds.tenantOwner }),
    );
    const last = await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/remove-owner`, { userId: actors.userIds.tenantOwner });
    expect(last.status).toBe(409);
    expect(last.json.code).toBe('tenant.last-owner');
    const lastRemove = await actors.clients.instanceOwner.post(`/api/tenants/${actors.tenant.id}/remove-user`, { userId: actors.userIds.tenantOwner });
    expect(lastRemove.json.code).toBe('tenant.last-owner');
    const graph = await actors.clients.instanceOwner.gql(REMOVE_OWNER, { id: actors.tenant.id, userId: actors.userIds.tenantOwner });
    expect(graph.errors?.[0].extensions?.code).toBe('TENANT_LAST_OWNER');
    // A manager without ownership cannot remove an owner either.
    await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/add-owner`, { userId: newcomer.id });
    expect((await actors.clients.memberAny.post(`/api/tenants/${actors.tenant.id}/remove-user`, { userId: newcomer.id })).status).toBe(403);
    const removedOwner = await actors.clients.tenantOwner.gql<{ removeTenantMember: { owner: string[] } }>(REMOVE, { id: actors.tenant.id, userId: newcomer.id });
    expect(removedOwner.data?.removeTenantMember.owner).toEqual([actors.userIds.tenantOwner]);
  });

  it('remove-user: managers remove plain members (REST and GraphQL)', async () => {
    await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/add-user`, { userId: newcomer.id, roles: [] });
    await expectRest(actors, managers, async (client) => {
      const response = await client.post(`/api/tenants/${actors.tenant.id}/remove-user`, { userId: newcomer.id });
      if (response.status === 200) await actors.clients.instanceOwner.post(`/api/tenants/${actors.tenant.id}/add-user`, { userId: newcomer.id, roles: [] });
      return response;
    });
    await expectGraphql(actors, managers, async (client) => {
      const result = await client.gql(REMOVE, { id: actors.tenant.id, userId: newcomer.id });
      if (!result.errors) await actors.clients.instanceOwner.post(`/api/tenants/${actors.tenant.id}/add-user`, { userId: newcomer.id, roles: [] });
      return result;
    });
  });

  it('a member change tells the affected user’s open client (SESSION_CHANGED)', async () => {
    const client = app.client({ ip: '10.66.0.9' });
    expect((await client.post('/auth/signin', newcomer)).status).toBe(200);
    await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/add-user`, { userId: newcomer.id, roles: [] });
    const ws = graphqlWsClient(app.url, { cookie: client.cookieHeader() });
    const recorder = new SubscriptionRecorder<{ sessionChanged: { permissions: { tenants: { tenantId: string }[] } } }>(
      ws,
      'subscription { sessionChanged { permissions { tenants { tenantId } } } }',
    );
    try {
      // The subscription registers asynchronously: change the roles until an event shows it is live.
      let attempt = 0;
      while (recorder.results.length === 0) {
        expect(attempt++, 'subscription never delivered').toBeLessThan(40);
        await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/edit-user-roles`, { userId: newcomer.id, roles: [] });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seen = recorder.results.length;
      await actors.clients.tenantOwner.post(`/api/tenants/${actors.tenant.id}/remove-user`, { userId: newcomer.id });
      const event = await recorder.waitFor((result) => recorder.results.indexOf(result) >= seen && result.data?.sessionChanged.permissions.tenants.length === 0);
      expect(event.data?.sessionChanged.permissions.tenants).toEqual([]);
    } finally {
      recorder.stop();
      await ws.dispose();
    }
  });
});
