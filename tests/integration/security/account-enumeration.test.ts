import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActors, type ActorName, type Actors } from '../../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Staff accounts could be read and enumerated: any signed-in citizen got name and status of an
 * account from GET api/users/<mail> (an unknown address answered differently), and any API token,
 * even "Belegung lesen", listed the account ids. Now an account is seen by itself, instance owners
 * and the owners of a tenant it belongs to; everyone else gets the very answer of an unknown
 * address. The ids need a right that grants seeing members.
 */
let app: TestApp;
let actors: Actors;
const UNKNOWN = 'niemand.hier@example.com';
const USER = 'query($id: String!) { user(id: $id) { id firstName } }';
const IDS = '{ userIds }';
const CREATE_TOKEN = 'mutation($t: ID, $input: ApiTokenInput!) { createApiToken(tenantId: $t, input: $input) { secret } }';

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageUsers', 'users', 'enumeration');
});
afterAll(async () => app?.close());

/** The problem body without `instance` (the requested path, which names the address asked for). */
const problemOf = (text: string) => {
  const { instance: _instance, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
};

describe('GET api/users/<id> and user(id)', () => {
  it('answers the account itself, instance owners and owners of its tenant; everyone else as for an unknown address', async () => {
    const staff = actors.userIds.memberAny;
    const seeing: ActorName[] = ['memberAny', 'tenantOwner', 'instanceOwner'];
    const blind: ActorName[] = ['outsider', 'memberWithoutFlag', 'memberOwnOnly', 'memberOfOtherTenant'];
    for (const name of seeing) {
      const rest = await actors.clients[name].get(`/api/users/${encodeURIComponent(staff)}`);
      expect(rest.status, name).toBe(200);
      expect(rest.json).toMatchObject({ id: staff });
      const gql = await actors.clients[name].gql<{ user: { id: string } }>(USER, { id: staff });
      expect(gql.data?.user.id, name).toBe(staff);
    }
    for (const name of blind) {
      const client = actors.clients[name];
      const known = await client.get(`/api/users/${encodeURIComponent(staff)}`);
      const unknown = await client.get(`/api/users/${encodeURIComponent(UNKNOWN)}`);
      expect(known.status, name).toBe(404);
      expect(known.contentType, name).toContain('application/problem+json');
      expect(problemOf(known.text), name).toEqual(problemOf(unknown.text));
      expect(known.text, name).not.toContain('enumeration');
      const knownGql = await client.gql(USER, { id: staff });
      const unknownGql = await client.gql(USER, { id: UNKNOWN });
      expect(knownGql.errors?.[0]?.extensions?.code, name).toBe('USER_NOT_FOUND');
      expect(JSON.stringify(knownGql.errors?.map((error) => [error.message, error.extensions?.code])), name).toBe(
        JSON.stringify(unknownGql.errors?.map((error) => [error.message, error.extensions?.code])),
      );
    }
    // The own account stays readable.
    expect((await actors.clients.outsider.get(`/api/users/${encodeURIComponent(actors.userIds.outsider)}`)).status).toBe(200);
  });
});

describe('GET api/users and users', () => {
  it('a tenant owner lists the accounts of the own tenant, not those of other tenants or of nobody’s; a citizen only the own', async () => {
    const LIST = '{ users { id } }';
    const owner = await actors.clients.tenantOwner.get('/api/users');
    expect(owner.status).toBe(200);
    const listed = owner.json.map((user: { id: string }) => user.id);
    expect(listed).toEqual(expect.arrayContaining([actors.userIds.tenantOwner, actors.userIds.memberAny, actors.userIds.memberOwnOnly]));
    for (const hidden of [actors.userIds.outsider, actors.userIds.memberOfOtherTenant, actors.userIds.instanceOwner]) expect(listed).not.toContain(hidden);
    const gql = await actors.clients.tenantOwner.gql<{ users: { id: string }[] }>(LIST);
    expect(gql.data?.users.map((user) => user.id)).toEqual(listed);
    const citizen = await actors.clients.outsider.get('/api/users');
    expect(citizen.json.map((user: { id: string }) => user.id)).toEqual([actors.userIds.outsider]);
  });
});

describe('GET api/users/ids and userIds', () => {
  it('an OCCUPANCY_READ token and a citizen are refused; owners get their tenants’ members only', async () => {
    const created = await actors.clients.tenantOwner.gql<{ createApiToken: { secret: string } }>(CREATE_TOKEN, { t: actors.tenant.id, input: { name: 'Raumanzeige', preset: 'OCCUPANCY_READ' } });
    expect(created.errors).toBeUndefined();
    const bearer = { headers: { authorization: `Bearer ${created.data!.createApiToken.secret}` } };
    const script = app.client({ ip: '10.99.1.1' });
    expect((await script.get('/api/users/ids', bearer)).status).toBe(403);
    expect((await script.gql(IDS, {}, bearer)).errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
    for (const name of ['outsider', 'memberWithoutFlag', 'memberOwnOnly'] as const) {
      expect((await actors.clients[name].get('/api/users/ids')).status, name).toBe(403);
      expect((await actors.clients[name].gql(IDS)).errors?.[0]?.extensions?.code, name).toBe('AUTH_FORBIDDEN');
    }
    const owner = await actors.clients.tenantOwner.get('/api/users/ids');
    expect(owner.status).toBe(200);
    expect(owner.json).not.toContain(actors.userIds.outsider);
    expect(owner.json).not.toContain(actors.userIds.memberOfOtherTenant);
    expect(owner.json).toEqual(expect.arrayContaining([actors.userIds.memberAny, actors.userIds.tenantOwner]));
    const everyone = await actors.clients.instanceOwner.get('/api/users/ids');
    expect(everyone.json).toEqual(expect.arrayContaining(Object.values(actors.userIds)));
  });
});
