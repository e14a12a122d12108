import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../server/src/tenants/role.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { TenantMembership } from '../../server/src/tenants/membership.entity.js';
import { expectGraphql, expectRest } from '../support/matrix-expect.js';
import { actorNames, createActors, type ActorName, type Actors, readableBy } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Roles through GraphQL and REST with the permission matrix (manageRoles flags via ALLOW; the "own"
 * flags match roles the member created), validation, tenant isolation and membership cleanup.
 */
let app: TestApp;
let actors: Actors;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageRoles', 'roles');
});
afterAll(async () => app?.close());

const ROLE_FIELDS = 'id tenantId name adminInterfaces freeBookings ownerUserId manageRoles { create readOwn readAny updateOwn updateAny deleteOwn deleteAny } manageCoupons { create readAny }';
const ROLES = `query($tenantId: ID!) { roles(tenantId: $tenantId) { ${ROLE_FIELDS} } }`;
const ROLE = `query($tenantId: ID!, $id: ID!) { role(tenantId: $tenantId, id: $id) { ${ROLE_FIELDS} } }`;
const SAVE = `mutation($tenantId: ID!, $input: RoleInput!) { saveRole(tenantId: $tenantId, input: $input) { ${ROLE_FIELDS} } }`;
const DELETE = 'mutation($tenantId: ID!, $id: ID!) { deleteRole(tenantId: $tenantId, id: $id) }';

/** A role in the tenant under test owned by someone else than the actor (the member with "any" flags). */
async function foreignRole(name: string, tenantId = actors.tenant.id, ownerUserId: string | null = actors.userIds.memberAny): Promise<Role> {
  const em = app.orm.em.fork();
  const role = em.create(Role, { tenant: em.getReference(Tenant, tenantId), name, adminInterfaces: ['coupons'], ownerUserId });
  await em.flush();
  return role;
}

async function storedRole(id: string): Promise<Role | null> {
  return app.orm.em.fork().findOne(Role, { id });
}

const expected = {
  read: { anonymous: 401, outsider: 403, memberWithoutFlag: 403, memberOwnOnly: 403, memberAny: 200, memberOfOtherTenant: 403, tenantOwner: 200, instanceOwner: 200 },
  create: { anonymous: 401, outsider: 403, memberWithoutFlag: 403, memberOwnOnly: 201, memberAny: 201, memberOfOtherTenant: 403, tenantOwner: 201, instanceOwner: 201 },
  update: { anonymous: 401, outsider: 403, memberWithoutFlag: 403, memberOwnOnly: 403, memberAny: 201, memberOfOtherTenant: 403, tenantOwner: 201, instanceOwner: 201 },
  delete: { anonymous: 401, outsider: 403, memberWithoutFlag: 403, memberOwnOnly: 403, memberAny: 200, memberOfOtherTenant: 403, tenantOwner: 200, instanceOwner: 200 },
} satisfies Record<string, Record<ActorName, number>>;

describe('reading a role someone else created', () => {
  it.each(actorNames)('%s: REST GET api/{tenantId}/roles/{id} and GraphQL role', async (name) => {
    const role = await foreignRole(`Lesen ${name}`);
    const client = actors.clients[name];
    const rest = await client.get(`/api/${actors.tenant.id}/roles/${role.id}`);
    expectRest(rest, expected.read[name], `REST ${name}`);
    const gql = await client.gql(ROLE, { tenantId: actors.tenant.id, id: role.id });
    expectGraphql(gql, expected.read[name], `GraphQL ${name}`);
    if (expected.read[name] === 200) {
      expect(rest.json).toMatchObject({ id: role.id, tenantId: actors.tenant.id, name: `Lesen ${name}`, adminInterfaces: ['coupons'], freeBookings: false });
      expect(rest.json.manageBookables).toEqual({ create: false, readOwn: false, readAny: false, updateOwn: false, updateAny: false, deleteOwn: false, deleteAny: false });
      expect(gql.data).toMatchObject({ role: { id: role.id, tenantId: actors.tenant.id, ownerUserId: actors.userIds.memberAny } });
    }
  });

  it('an unknown or malformed id is 404 for those who may read roles', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-uuid']) {
      expectRest(await actors.clients.tenantOwner.get(`/api/${actors.tenant.id}/roles/${id}`), 404, id);
      expectGraphql(await actors.clients.tenantOwner.gql(ROLE, { tenantId: actors.tenant.id, id }), 404, id);
    }
  });
});

describe('role lists', () => {
  it.each(actorNames)('%s: REST GET api/{tenantId}/roles and GraphQL roles show exactly the readable roles', async (name) => {
    const client = actors.clients[name];
    const rest = await client.get(`/api/${actors.tenant.id}/roles`);
    const gql = await client.gql<{ roles: { id: string; ownerUserId: string | null }[] }>(ROLES, { tenantId: actors.tenant.id });
    if (name === 'anonymous') {
      expectRest(rest, 401, 'REST');
      return expectGraphql(gql, 401, 'GraphQL');
    }
    expectRest(rest, 200, 'REST');
    expectGraphql(gql, 200, 'GraphQL');
    const all = await app.orm.em.fork().find(Role, { tenant: actors.tenant.id });
    const visible = readableBy(actors, name, all, (role) => role.ownerUserId);
    const ids = (list: { id: string }[]) => list.map((role) => role.id).sort();
    expect(ids(rest.json)).toEqual(ids(visible));
    expect(ids(gql.data?.roles ?? [])).toEqual(ids(visible));
    expect(Array.isArray(rest.json)).toBe(true);
  });

  it('a member with only the own flags lists the roles they created', async () => {
    const client = actors.clients.memberOwnOnly;
    const created = await client.gql<{ saveRole: { id: string } }>(SAVE, { tenantId: actors.tenant.id, input: { name: 'Meine Rolle' } });
    expectGraphql(created, 200, 'create');
    const list = await client.get(`/api/${actors.tenant.id}/roles`);
    expect(list.json.map((role: { id: string }) => role.id)).toContain(created.data?.saveRole.id);
    expect(list.json.every((role: { ownerUserId: string }) => role.ownerUserId === actors.userIds.memberOwnOnly)).toBe(true);
  });

  it('GET api/roles: every readable role across the own tenants; instance owners see all tenants', async () => {
    const other = await foreignRole('Im anderen Mandanten', actors.otherTenant.id, null);
    const anyList = await actors.clients.memberAny.get('/api/roles');
    expectRest(anyList, 200, 'memberAny');
    expect(anyList.json.length).toBeGreaterThan(0);
    expect(anyList.json.every((role: { tenantId: string }) => role.tenantId === actors.tenant.id)).toBe(true);

    const otherList = await actors.clients.memberOfOtherTenant.get('/api/roles');
    expect(otherList.json.every((role: { tenantId: string }) => role.tenantId === actors.otherTenant.id)).toBe(true);
    expect(otherList.json.map((role: { id: string }) => role.id)).toContain(other.id);

    const adminList = await actors.clients.instanceOwner.get('/api/roles');
    const tenants = new Set(adminList.json.map((role: { tenantId: string }) => role.tenantId));
    expect(tenants.has(actors.tenant.id) && tenants.has(actors.otherTenant.id)).toBe(true);

    expect((await actors.clients.outsider.get('/api/roles')).json).toEqual([]);
    expect((await actors.clients.memberWithoutFlag.get('/api/roles')).json).toEqual([]);
    expectRest(await actors.clients.anonymous.get('/api/roles'), 401, 'anonymous');
    const gql = await actors.clients.memberAny.gql<{ allRoles: { tenantId: string }[] }>('{ allRoles { id tenantId } }');
    expect(gql.data?.allRoles.length).toBe(anyList.json.length);
  });
});

describe('creating roles', () => {
  it.each(actorNames)('%s: REST PUT without id and GraphQL saveRole', async (name) => {
    const client = actors.clients[name];
    const body = { id: 'vom-client', tenantId: actors.otherTenant.id, name: `Neu REST ${name}`, adminInterfaces: ['roles', 'coupons'], freeBookings: true, manageCoupons: { create: true, readAny: true } };
    const rest = await client.put(`/api/${actors.tenant.id}/roles`, body);
    expectRest(rest, expected.create[name], `REST ${name}`);
    const gql = await client.gql<{ saveRole: { id: string; tenantId: string; ownerUserId: string } }>(SAVE, {
      tenantId: actors.tenant.id,
      input: { name: `Neu GraphQL ${name}`, manageRoles: { readAny: true } },
    });
    expectGraphql(gql, expected.create[name], `GraphQL ${name}`);

    const stored = await app.orm.em.fork().find(Role, { name: { $in: [`Neu REST ${name}`, `Neu GraphQL ${name}`] } }, { populate: ['tenant'] });
    if (expected.create[name] !== 201) return expect(stored).toEqual([]);
    expect(rest.text).toBe('Created');
    expect(stored).toHaveLength(2);
    const restRole = stored.find((role) => role.name === `Neu REST ${name}`)!;
    // Server-assigned UUID, tenant from the URL, creator as owner.
    expect(restRole.id).not.toBe('vom-client');
    expect(restRole.tenant.id).toBe(actors.tenant.id);
    expect(restRole.ownerUserId).toBe(actors.userIds[name as Exclude<ActorName, 'anonymous'>]);
    expect(restRole).toMatchObject({ adminInterfaces: ['roles', 'coupons'], freeBookings: true, manageCoupons: { create: true, readAny: true } });
    expect(rest.headers.get('location')).toBe(`/api/${actors.tenant.id}/roles/${restRole.id}`);
    expect(gql.data?.saveRole).toMatchObject({ tenantId: actors.tenant.id, ownerUserId: actors.userIds[name as Exclude<ActorName, 'anonymous'>] });
  });

  it('validates name, admin interfaces and flags with German messages (REST and GraphQL)', async () => {
    const client = actors.clients.tenantOwner;
    const url = `/api/${actors.tenant.id}/roles`;
    const missing = await client.put(url, { adminInterfaces: ['roles'] });
    expectRest(missing, 400, 'missing name');
    expect(missing.json).toMatchObject({ code: 'generic.validation', title: 'Validierungsfehler', errors: { name: 'Pflichtfeld' } });
    expect((await client.put(url, { name: '   ' })).json.errors).toEqual({ name: 'Pflichtfeld' });
    expect((await client.put(url, { name: 'X', adminInterfaces: ['roles', 'raketen'] })).json.errors.adminInterfaces).toContain('raketen');
    expect((await client.put(url, { name: 'X', manageRoles: { create: 'ja' } })).json.errors).toHaveProperty('manageRoles');
    expect((await client.put(url, { name: 'X', manageRoles: { fly: true } })).json.errors).toHaveProperty('manageRoles');
    expect((await client.put(url, { name: 'X', freeBookings: 'ja' })).json.errors).toHaveProperty('freeBookings');
    const gql = await client.gql(SAVE, { tenantId: actors.tenant.id, input: { name: '' } });
    expectGraphql(gql, 400, 'GraphQL');
    expect(gql.errors?.[0]?.extensions?.fieldErrors).toEqual({ name: 'Pflichtfeld' });
    expect(await app.orm.em.fork().count(Role, { name: 'X' })).toBe(0);
  });

  it('creating in a tenant that does not exist is 404 for the instance owner', async () => {
    expectRest(await actors.clients.instanceOwner.put('/api/gibt-es-nicht/roles', { name: 'Irgendwo' }), 404, 'unknown tenant');
  });
});

describe('updating roles', () => {
  it.each(actorNames)('%s: REST PUT with id and GraphQL saveRole on a role someone else created', async (name) => {
    const client = actors.clients[name];
    const role = await foreignRole(`Ändern ${name}`);
    const rest = await client.put(`/api/${actors.tenant.id}/roles`, { id: role.id, name: `Geändert REST ${name}`, adminInterfaces: ['events'] });
    expectRest(rest, expected.update[name], `REST ${name}`);
    const second = await foreignRole(`Ändern GraphQL ${name}`);
    const gql = await client.gql(SAVE, { tenantId: actors.tenant.id, input: { id: second.id, name: `Geändert GraphQL ${name}`, freeBookings: true } });
    expectGraphql(gql, expected.update[name], `GraphQL ${name}`);

    const [afterRest, afterGql] = [await storedRole(role.id), await storedRole(second.id)];
    if (expected.update[name] === 201) {
      expect(rest.text).toBe('Created');
      expect(afterRest).toMatchObject({ name: `Geändert REST ${name}`, adminInterfaces: ['events'], ownerUserId: actors.userIds.memberAny });
      expect(afterGql).toMatchObject({ name: `Geändert GraphQL ${name}`, freeBookings: true, adminInterfaces: ['coupons'] });
    } else {
      expect(afterRest).toMatchObject({ name: `Ändern ${name}`, adminInterfaces: ['coupons'] });
      expect(afterGql).toMatchObject({ name: `Ändern GraphQL ${name}`, freeBookings: false });
    }
  });

  it('a member with only the own flags may update and delete the roles they created', async () => {
    const client = actors.clients.memberOwnOnly;
    const created = await client.gql<{ saveRole: { id: string } }>(SAVE, { tenantId: actors.tenant.id, input: { name: 'Eigene zum Ändern' } });
    const id = created.data!.saveRole.id;
    expectRest(await client.put(`/api/${actors.tenant.id}/roles`, { id, name: 'Eigene geändert' }), 201, 'update own');
    expect(await storedRole(id)).toMatchObject({ name: 'Eigene geändert' });
    expectRest(await client.get(`/api/${actors.tenant.id}/roles/${id}`), 200, 'read own');
    expectRest(await client.request('DELETE', `/api/${actors.tenant.id}/roles/${id}`), 200, 'delete own');
    expect(await storedRole(id)).toBeNull();
  });
});

describe('deleting roles', () => {
  it.each(actorNames)('%s: REST DELETE and GraphQL deleteRole on a role someone else created', async (name) => {
    const client = actors.clients[name];
    const [first, second] = [await foreignRole(`Löschen REST ${name}`), await foreignRole(`Löschen GraphQL ${name}`)];
    const rest = await client.request('DELETE', `/api/${actors.tenant.id}/roles/${first.id}`);
    expectRest(rest, expected.delete[name], `REST ${name}`);
    const gql = await client.gql(DELETE, { tenantId: actors.tenant.id, id: second.id });
    expectGraphql(gql, expected.delete[name], `GraphQL ${name}`);
    const gone = expected.delete[name] === 200;
    expect(await storedRole(first.id)).toEqual(gone ? null : expect.objectContaining({ id: first.id }));
    expect(await storedRole(second.id)).toEqual(gone ? null : expect.objectContaining({ id: second.id }));
    if (gone) expect(rest.text).toBe('OK');
  });

  it('removes the role from the memberships holding it', async () => {
    const role = await foreignRole('Vergeben');
    const em = app.orm.em.fork();
    const membership = await em.findOneOrFail(TenantMembership, { tenant: actors.tenant.id, user: actors.userIds.memberWithoutFlag }, { populate: ['roles'] });
    membership.roles.add(em.getReference(Role, role.id));
    await em.flush();
    expectRest(await actors.clients.tenantOwner.request('DELETE', `/api/${actors.tenant.id}/roles/${role.id}`), 200, 'delete');
    const after = await app.orm.em.fork().findOneOrFail(TenantMembership, { id: membership.id }, { populate: ['roles'] });
    expect(after.roles.getItems().map((item) => item.name)).toEqual(['Ohne Rechte']);
  });
});

describe('tenant isolation', () => {
  it('a member with every flag in one tenant can neither read nor change the roles of another', async () => {
    const other = await foreignRole('Fremd', actors.otherTenant.id, null);
    const client = actors.clients.memberAny;
    // Through the other tenant's URL: refused.
    expectRest(await client.get(`/api/${actors.otherTenant.id}/roles/${other.id}`), 403, 'read other');
    expect((await client.get(`/api/${actors.otherTenant.id}/roles`)).json).toEqual([]);
    expectRest(await client.put(`/api/${actors.otherTenant.id}/roles`, { id: other.id, name: 'Übernommen' }), 403, 'update other');
    expectRest(await client.request('DELETE', `/api/${actors.otherTenant.id}/roles/${other.id}`), 403, 'delete other');
    expectGraphql(await client.gql(ROLE, { tenantId: actors.otherTenant.id, id: other.id }), 403, 'GraphQL read other');
    // Through the own tenant's URL with the foreign id: not found, and a PUT creates a new role here.
    expectRest(await client.get(`/api/${actors.tenant.id}/roles/${other.id}`), 404, 'foreign id in own tenant');
    expectRest(await client.request('DELETE', `/api/${actors.tenant.id}/roles/${other.id}`), 404, 'delete foreign id');
    expectRest(await client.put(`/api/${actors.tenant.id}/roles`, { id: other.id, name: 'Übernommen' }), 201, 'put foreign id');
    expect(await storedRole(other.id)).toMatchObject({ name: 'Fremd' });
    const copy = await app.orm.em.fork().findOneOrFail(Role, { name: 'Übernommen' }, { populate: ['tenant'] });
    expect(copy.id).not.toBe(other.id);
    expect(copy.tenant.id).toBe(actors.tenant.id);
  });
});
