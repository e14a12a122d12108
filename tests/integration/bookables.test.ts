import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGraphql, expectRest } from '../support/matrix-expect.js';
import { actorNames, createActors, type ActorName, type Actors, readableBy } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookablesOf, gql, storeBookable, storedBookable, type GqlBookable } from './bookables.fixtures.js';

/**
 * Bookables through GraphQL and REST with the permission matrix (docs/administration.md, “Permissions”):
 * ALLOW on manageBookables with ownership by ownerUserId, owners may do
 * everything, and nothing of one tenant is readable or writable from another.
 */
let app: TestApp;
let actors: Actors;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookables', 'rooms');
});
afterAll(async () => app?.close());

const url = (path = '', tenantId = actors.tenant.id) => `/api/${tenantId}/bookables${path}`;
/** Someone else's object: created by the member with the "any" flags. */
const foreign = (data = {}) => storeBookable(app, actors.tenant.id, { ownerUserId: actors.userIds.memberAny, ...data });
const signedIn = (name: ActorName) => actors.userIds[name as Exclude<ActorName, 'anonymous'>];

const owners = ['memberAny', 'tenantOwner', 'instanceOwner'] as const;
/** Status per actor for the item operations on someone else's object. */
function outcome(allowedActors: readonly ActorName[], ok: number): Record<ActorName, number> {
  return Object.fromEntries(actorNames.map((name) => [name, name === 'anonymous' ? 401 : allowedActors.includes(name) ? ok : 403])) as Record<ActorName, number>;
}
const expected = {
  read: outcome(owners, 200),
  create: outcome([...owners, 'memberOwnOnly'], 201),
  update: outcome(owners, 201),
  delete: outcome(owners, 200),
  duplicate: outcome(owners, 201),
  // Tags need some manageBookables right; the quota check and the pickers belong to editing.
  tags: outcome([...owners, 'memberOwnOnly'], 200),
  editing: outcome([...owners, 'memberOwnOnly'], 200),
};

describe('reading a bookable someone else created', () => {
  it.each(actorNames)('%s: REST GET api/{tenantId}/bookables/{id} and GraphQL bookable', async (name) => {
    const bookable = await foreign({ tags: ['Saal'], permittedUsers: [actors.userIds.outsider] });
    const client = actors.clients[name];
    const rest = await client.get(url(`/${bookable.id}`));
    expectRest(rest, expected.read[name], `REST ${name}`);
    const result = await client.gql<{ bookable: GqlBookable }>(gql.get, { tenantId: actors.tenant.id, id: bookable.id });
    expectGraphql(result, expected.read[name], `GraphQL ${name}`);
    if (expected.read[name] !== 200) return;
    expect(rest.json).toMatchObject({
      id: bookable.id,
      tenantId: actors.tenant.id,
      type: 'room',
      title: bookable.title,
      tags: ['Saal'],
      permittedUsers: [actors.userIds.outsider],
      ownerUserId: actors.userIds.memberAny,
      lockerDetails: { active: false, units: [] },
    });
    expect(rest.json).not.toHaveProperty('_populated');
    expect(result.data?.bookable).toMatchObject({ id: bookable.id, ownerUserId: actors.userIds.memberAny, permittedUsers: [actors.userIds.outsider] });
  });

  it('unknown and malformed ids are 404 for those who may read', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-uuid']) {
      expectRest(await actors.clients.tenantOwner.get(url(`/${id}`)), 404, id);
      expectGraphql(await actors.clients.tenantOwner.gql(gql.get, { tenantId: actors.tenant.id, id }), 404, id);
    }
  });
});

describe('bookable lists', () => {
  it.each(actorNames)('%s: REST GET api/{tenantId}/bookables and GraphQL bookables show exactly the readable objects', async (name) => {
    await foreign();
    await storeBookable(app, actors.tenant.id, { ownerUserId: actors.userIds.memberOwnOnly, title: 'Eigener Raum' });
    await storeBookable(app, actors.otherTenant.id, { ownerUserId: actors.userIds.memberOfOtherTenant, title: 'Anderer Mandant' });
    const client = actors.clients[name];
    const rest = await client.get(url());
    const result = await client.gql<{ bookables: GqlBookable[] }>(gql.list, { tenantId: actors.tenant.id });
    if (name === 'anonymous') {
      expectRest(rest, 401, 'REST');
      return expectGraphql(result, 401, 'GraphQL');
    }
    expectRest(rest, 200, 'REST');
    expectGraphql(result, 200, 'GraphQL');
    const visible = readableBy(actors, name, await bookablesOf(app, actors.tenant.id), (bookable) => bookable.ownerUserId).map((bookable) => bookable.id);
    // In creation order.
    expect(rest.json.map((bookable: { id: string }) => bookable.id)).toEqual(visible);
    expect(result.data?.bookables.map((bookable) => bookable.id)).toEqual(visible);
    if (name === 'memberOwnOnly') expect(visible.length).toBeGreaterThan(0);
  });
});

describe('creating bookables', () => {
  it.each(actorNames)('%s: REST PUT without id and GraphQL createBookable', async (name) => {
    const client = actors.clients[name];
    const rest = await client.put(url(), { type: 'room', title: `Raum REST ${name}`, tenantId: actors.otherTenant.id, ownerUserId: 'dieb@example.com', amount: 2 });
    expectRest(rest, expected.create[name], `REST ${name}`);
    const result = await client.gql<{ createBookable: GqlBookable }>(gql.create, { tenantId: actors.tenant.id, input: { type: 'resource', title: `Ressource GQL ${name}` } });
    expectGraphql(result, expected.create[name], `GraphQL ${name}`);
    const all = [...(await bookablesOf(app, actors.tenant.id)), ...(await bookablesOf(app, actors.otherTenant.id))];
    const made = all.filter((bookable) => bookable.title.endsWith(` ${name}`));
    if (expected.create[name] !== 201) return expect(made).toEqual([]);
    // Stored under the URL tenant, owned by the caller, whatever the body says.
    expect(rest.json).toMatchObject({ type: 'room', title: `Raum REST ${name}`, tenantId: actors.tenant.id, ownerUserId: signedIn(name), amount: 2 });
    expect(result.data?.createBookable).toMatchObject({ type: 'resource', ownerUserId: signedIn(name), amount: null, isPublic: false });
    expect(made.map((bookable) => [bookable.tenant.id, bookable.ownerUserId]).sort()).toEqual([
      [actors.tenant.id, signedIn(name)],
      [actors.tenant.id, signedIn(name)],
    ]);
  });
});

describe('updating bookables', () => {
  it.each(actorNames)('%s: REST PUT with id and GraphQL updateBookable on an object someone else created', async (name) => {
    const client = actors.clients[name];
    const [first, second] = [await foreign(), await foreign()];
    const rest = await client.put(url(), { id: first.id, title: `Geändert ${name}`, ownerUserId: 'dieb@example.com' });
    expectRest(rest, expected.update[name], `REST ${name}`);
    const result = await client.gql(gql.update, { tenantId: actors.tenant.id, id: second.id, input: { title: `Geändert GQL ${name}` } });
    expectGraphql(result, expected.update[name], `GraphQL ${name}`);
    const [afterRest, afterGql] = [await storedBookable(app, first.id), await storedBookable(app, second.id)];
    if (expected.update[name] === 201) {
      expect(rest.json).toMatchObject({ id: first.id, title: `Geändert ${name}`, ownerUserId: actors.userIds.memberAny });
      expect(afterRest).toMatchObject({ title: `Geändert ${name}`, ownerUserId: actors.userIds.memberAny });
      expect(afterGql?.title).toBe(`Geändert GQL ${name}`);
    } else {
      expect(afterRest?.title).toBe(first.title);
      expect(afterGql?.title).toBe(second.title);
    }
  });

  it('a member with only the own flags may read, update, duplicate and delete the objects they created', async () => {
    const client = actors.clients.memberOwnOnly;
    const created = await client.put(url(), { type: 'ticket', title: 'Eigenes Ticket' });
    expectRest(created, 201, 'create');
    const id = created.json.id as string;
    expectRest(await client.put(url(), { id, title: 'Eigenes Ticket, geändert' }), 201, 'update own');
    expectRest(await client.get(url(`/${id}`)), 200, 'read own');
    expectGraphql(await client.gql(gql.update, { tenantId: actors.tenant.id, id, input: { amount: '4' } }), 200, 'GraphQL update own');
    expect(await storedBookable(app, id)).toMatchObject({ title: 'Eigenes Ticket, geändert', amount: 4 });
    const copy = await client.post(url(`/${id}/duplicate`));
    expectRest(copy, 201, 'duplicate own');
    expect(copy.json).toMatchObject({ title: 'Eigenes Ticket, geändert (Kopie)', ownerUserId: actors.userIds.memberOwnOnly });
    expectGraphql(await client.gql(gql.remove, { tenantId: actors.tenant.id, id: copy.json.id }), 200, 'GraphQL delete own');
    expectRest(await client.request('DELETE', url(`/${id}`)), 200, 'delete own');
    expect(await storedBookable(app, id)).toBeNull();
    expect(await storedBookable(app, copy.json.id)).toBeNull();
  });

  it('updating an id that does not exist is 404 (REST and GraphQL) and creates nothing', async () => {
    const id = '00000000-0000-4000-8000-00000000abcd';
    expectRest(await actors.clients.tenantOwner.put(url(), { id, type: 'room', title: 'Gibt es nicht' }), 404, 'REST');
    expectGraphql(await actors.clients.tenantOwner.gql(gql.update, { tenantId: actors.tenant.id, id, input: { title: 'x' } }), 404, 'GraphQL');
    expect(await storedBookable(app, id)).toBeNull();
  });
});

describe('deleting and duplicating bookables', () => {
  it.each(actorNames)('%s: REST DELETE and GraphQL deleteBookable on an object someone else created', async (name) => {
    const client = actors.clients[name];
    const [first, second] = [await foreign(), await foreign()];
    const rest = await client.request('DELETE', url(`/${first.id}`));
    expectRest(rest, expected.delete[name], `REST ${name}`);
    expectGraphql(await client.gql(gql.remove, { tenantId: actors.tenant.id, id: second.id }), expected.delete[name], `GraphQL ${name}`);
    const gone = expected.delete[name] === 200;
    expect(await storedBookable(app, first.id)).toEqual(gone ? null : expect.objectContaining({ id: first.id }));
    expect(await storedBookable(app, second.id)).toEqual(gone ? null : expect.objectContaining({ id: second.id }));
    if (gone) expect(rest.text).toBe('OK');
  });

  it.each(actorNames)('%s: REST POST .../{id}/duplicate and GraphQL duplicateBookable on an object someone else created', async (name) => {
    const client = actors.clients[name];
    const original = await foreign({ title: `Vorlage ${name}` });
    const before = (await bookablesOf(app, actors.tenant.id)).length;
    const rest = await client.post(url(`/${original.id}/duplicate`));
    expectRest(rest, expected.duplicate[name], `REST ${name}`);
    const result = await client.gql<{ duplicateBookable: GqlBookable }>(gql.duplicate, { tenantId: actors.tenant.id, id: original.id });
    expectGraphql(result, expected.duplicate[name], `GraphQL ${name}`);
    const after = await bookablesOf(app, actors.tenant.id);
    if (expected.duplicate[name] !== 201) return expect(after.length).toBe(before);
    expect(after.length).toBe(before + 2);
    expect(rest.json).toMatchObject({ title: `Vorlage ${name} (Kopie)`, ownerUserId: signedIn(name) });
    expect(result.data?.duplicateBookable).toMatchObject({ title: `Vorlage ${name} (Kopie)`, ownerUserId: signedIn(name) });
  });
});

describe('tags, the public quota check and the editor pickers', () => {
  it.each(actorNames)('%s: REST GET _meta/tags and GraphQL bookableTags', async (name) => {
    await foreign({ tags: ['Matrix-Tag'] });
    const client = actors.clients[name];
    const rest = await client.get(url('/_meta/tags'));
    expectRest(rest, expected.tags[name], `REST ${name}`);
    const result = await client.gql<{ bookableTags: string[] }>(gql.tags, { tenantId: actors.tenant.id });
    expectGraphql(result, expected.tags[name], `GraphQL ${name}`);
    if (expected.tags[name] !== 200) return;
    expect(rest.json).toContain('Matrix-Tag');
    expect(result.data?.bookableTags).toEqual(rest.json);
  });

  it.each(actorNames)('%s: REST GET count/check and GraphQL bookablePublicQuotaAvailable', async (name) => {
    const client = actors.clients[name];
    const rest = await client.get(url('/count/check'));
    expectRest(rest, expected.editing[name], `REST ${name}`);
    const result = await client.gql(gql.quota, { tenantId: actors.tenant.id });
    expectGraphql(result, expected.editing[name], `GraphQL ${name}`);
    if (expected.editing[name] !== 200) return;
    expect(rest.json).toBe(true);
    expect(result.data).toEqual({ bookablePublicQuotaAvailable: true });
  });

  it.each(actorNames)('%s: REST GET _meta/picker-options and GraphQL bookablePickerOptions', async (name) => {
    const client = actors.clients[name];
    const rest = await client.get(url('/_meta/picker-options'));
    expectRest(rest, expected.editing[name], `REST ${name}`);
    const result = await client.gql<{ bookablePickerOptions: { users: { id: string }[]; roles: { name: string }[] } }>(gql.pickers, { tenantId: actors.tenant.id });
    expectGraphql(result, expected.editing[name], `GraphQL ${name}`);
    if (expected.editing[name] !== 200) return;
    // REST also answers moreUsers: a handful of people is far below the picker's page.
    expect({ ...result.data?.bookablePickerOptions, moreUsers: false }).toEqual(rest.json);
    // The tenant's people (members and owners) and roles, nobody of the other tenant.
    expect(rest.json.users.map((user: { id: string }) => user.id).sort()).toEqual(
      [actors.userIds.memberWithoutFlag, actors.userIds.memberOwnOnly, actors.userIds.memberAny, actors.userIds.tenantOwner].sort(),
    );
    expect(rest.json.roles.map((role: { name: string }) => role.name)).toEqual(['Alle', 'Nur eigene', 'Ohne Rechte']);
  });
});

describe('tenant isolation', () => {
  it('a member with every flag in one tenant can neither read nor change the objects of another', async () => {
    const other = await storeBookable(app, actors.otherTenant.id, { ownerUserId: actors.userIds.memberOfOtherTenant, title: 'Nur im anderen Mandanten', tags: ['Geheim'] });
    const client = actors.clients.memberAny;
    const there = (path = '') => url(path, actors.otherTenant.id);
    expectRest(await client.get(there(`/${other.id}`)), 403, 'read other');
    expect((await client.get(there())).json).toEqual([]);
    expectRest(await client.get(there('/_meta/tags')), 403, 'tags other');
    expectRest(await client.put(there(), { id: other.id, title: 'Übernommen' }), 403, 'update other');
    expectRest(await client.put(there(), { type: 'room', title: 'Eingeschleust' }), 403, 'create other');
    expectRest(await client.request('DELETE', there(`/${other.id}`)), 403, 'delete other');
    expectRest(await client.post(there(`/${other.id}/duplicate`)), 403, 'duplicate other');
    expectGraphql(await client.gql(gql.update, { tenantId: actors.otherTenant.id, id: other.id, input: { title: 'x' } }), 403, 'GraphQL update other');
    expectGraphql(await client.gql(gql.remove, { tenantId: actors.otherTenant.id, id: other.id }), 403, 'GraphQL delete other');
    expect((await client.gql(gql.list, { tenantId: actors.otherTenant.id })).data).toEqual({ bookables: [] });
    expect(await storedBookable(app, other.id)).toMatchObject({ title: 'Nur im anderen Mandanten' });
  });

  it("an object of tenant A named under tenant B's path is not found, even for those who may do everything in B", async () => {
    const mine = await foreign({ title: 'Nur in A', isPublic: true, isBookable: true });
    for (const name of ['memberOfOtherTenant', 'instanceOwner'] as const) {
      const client = actors.clients[name];
      const there = (path = '') => url(path, actors.otherTenant.id);
      expectRest(await client.get(there(`/${mine.id}`)), 404, `${name} get`);
      expectRest(await client.get(there(`/public/${mine.id}`)), 404, `${name} public get`);
      expectRest(await client.put(there(), { id: mine.id, title: 'Übernommen' }), 404, `${name} update`);
      expectRest(await client.request('DELETE', there(`/${mine.id}`)), 404, `${name} delete`);
      expectRest(await client.post(there(`/${mine.id}/duplicate`)), 404, `${name} duplicate`);
      expectRest(await client.get(there(`/${mine.id}/openingHours`)), 404, `${name} opening hours`);
      expectRest(await client.get(there(`/${mine.id}/bookings?public=true`)), 404, `${name} bookings`);
      const availability = await client.get(there(`/${mine.id}/availability?startDate=2026-03-02&endDate=2026-03-02`));
      expect(availability.json).toEqual([{ timeBegin: Date.UTC(2026, 2, 1, 23), timeEnd: Date.UTC(2026, 2, 2, 23), available: false }]);
      const tenantId = actors.otherTenant.id;
      expectGraphql(await client.gql(gql.get, { tenantId, id: mine.id }), 404, `${name} GraphQL get`);
      expectGraphql(await client.gql(gql.publicGet, { tenantId, id: mine.id }), 404, `${name} GraphQL public get`);
      expectGraphql(await client.gql(gql.update, { tenantId, id: mine.id, input: { title: 'x' } }), 404, `${name} GraphQL update`);
      expectGraphql(await client.gql(gql.remove, { tenantId, id: mine.id }), 404, `${name} GraphQL delete`);
      expectGraphql(await client.gql(gql.duplicate, { tenantId, id: mine.id }), 404, `${name} GraphQL duplicate`);
      expectGraphql(await client.gql(gql.openingHours, { tenantId, id: mine.id }), 404, `${name} GraphQL opening hours`);
      const related = await client.gql(gql.related, { tenantId, id: mine.id });
      expectGraphql(related, 404, `${name} GraphQL related`);
    }
    expect(await storedBookable(app, mine.id)).toMatchObject({ title: 'Nur in A' });
    expect((await bookablesOf(app, actors.otherTenant.id)).some((bookable) => bookable.title.startsWith('Nur in A'))).toBe(false);
  });
});
