import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateBookableFields } from '../../server/src/bookables/bookable.model.js';
import { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { Event } from '../../server/src/events/event.entity.js';
import { Role } from '../../server/src/tenants/role.entity.js';
import { User } from '../../server/src/users/user.entity.js';
import { createTenant, createUser } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { allowed, expectGraphql as expectGraphqlMatrix, expectRest as expectRestMatrix, type Expectation } from '../support/matrix.js';
import { expectRest } from '../support/matrix-expect.js';
import { actorNames, createActors, type ActorName, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';
import { bookableRoom, customer, slot, storeEvent, storeTicket } from './bookings.fixtures.js';

/**
 * REST answers that clients written for the original product rely on: the booking permission check
 * (401 for guests, 403 for people not named), populate on the public bookable paths with public
 * data only, 404 problems instead of the client's page for data requests, and the shapes of the
 * instance, the tenant list, member changes, a user and populated bookings.
 */
const clientDist = mkdtempSync(path.join(os.tmpdir(), 'bp-rest-deviations-client-'));
writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><html><head><meta name="test-system" content="true" /></head><body>Buchungsplattform</body></html>');

let app: TestApp;
/** Actors of the bookings area: their tenant is where the objects and bookings live. */
let staff: Actors;
/** Actors of the members area (manageUsers), for the member changes. */
let members: Actors;

beforeAll(async () => {
  app = await startTestApp({ CLIENT_DIST: clientDist });
  staff = await createActors(app, 'manageBookings', 'bookings', 'Abweichung');
  members = await createActors(app, 'manageUsers', 'users', 'Mitglieder');
});
afterAll(async () => {
  await app?.close();
  rmSync(clientDist, { recursive: true, force: true });
});

const roleIdOf = async (tenantId: string, name: string) => (await app.orm.em.fork().findOneOrFail(Role, { tenant: tenantId, name })).id;
const idsOf = (list: { id: string }[]) => list.map((item) => item.id);
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('GET api/{tenant}/checkout/permissions/{id} and checkoutPermission', () => {
  const CHECK = 'query($t: ID!, $b: ID!) { checkoutPermission(tenantId: $t, bookableId: $b) }';
  const rest = (bookableId: string) => (client: HttpClient) => client.get(`/api/${staff.tenant.id}/checkout/permissions/${bookableId}`);
  const graphql = (bookableId: string) => (client: HttpClient) => client.gql(CHECK, { t: staff.tenant.id, b: bookableId });
  const everyone = (outcome: Expectation[ActorName]): Expectation => Object.fromEntries(actorNames.map((name) => [name, outcome])) as Expectation;

  it('an object without visibility lists: everyone may book it', async () => {
    const open = await bookableRoom(app, staff.tenant.id, { title: 'Offener Saal' });
    await expectRestMatrix(staff, everyone('ok'), rest(open.id));
    await expectGraphqlMatrix(staff, everyone('ok'), graphql(open.id));
  });

  it('a public object for one named user: guests are asked to sign in (401), everyone else not named is refused (403)', async () => {
    const forOutsider = await bookableRoom(app, staff.tenant.id, { title: 'Nur für Außenstehende', permittedUsers: [staff.userIds.outsider] });
    const expected: Expectation = { ...allowed(['outsider']), anonymous: 401 };
    await expectRestMatrix(staff, expected, rest(forOutsider.id));
    await expectGraphqlMatrix(staff, expected, graphql(forOutsider.id));
    const guest = await staff.clients.anonymous.get(`/api/${staff.tenant.id}/checkout/permissions/${forOutsider.id}`);
    expect(guest.json).toMatchObject({ status: 401, code: 'auth.unauthenticated', detail: 'Bitte melden Sie sich an, um dieses Objekt zu buchen.' });
    const refused = await staff.clients.memberAny.get(`/api/${staff.tenant.id}/checkout/permissions/${forOutsider.id}`);
    expect(refused.json).toMatchObject({ status: 403, code: 'auth.forbidden', detail: 'Sie sind nicht berechtigt, dieses Objekt zu buchen.' });
  });

  it("a public object for a role: its holders in this tenant may book it, a role of the same name in another tenant does not count", async () => {
    const forRole = await bookableRoom(app, staff.tenant.id, { title: 'Für die Rolle Alle', permittedRoles: [await roleIdOf(staff.tenant.id, 'Alle')] });
    const expected: Expectation = { ...allowed(['memberAny']), anonymous: 401 };
    await expectRestMatrix(staff, expected, rest(forRole.id));
    await expectGraphqlMatrix(staff, expected, graphql(forRole.id));
  });

  it("an object that is not public stays unknown outside the tenant's people; they may book it", async () => {
    const hidden = await bookableRoom(app, staff.tenant.id, { title: 'Intern', isPublic: false });
    const expected: Expectation = { ...allowed(['memberWithoutFlag', 'memberOwnOnly', 'memberAny', 'tenantOwner', 'instanceOwner'], 404), anonymous: 404 };
    await expectRestMatrix(staff, expected, rest(hidden.id));
    await expectGraphqlMatrix(staff, expected, graphql(hidden.id));
  });

  it('unknown, malformed, oversized and other tenants’ ids answer 404, never a 500', async () => {
    const elsewhere = await bookableRoom(app, staff.otherTenant.id, { title: 'Anderswo' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-objekt', 'x'.repeat(400), elsewhere.id]) {
      await expectRestMatrix(staff, everyone(404), rest(id));
    }
    const unknownTenant = await staff.clients.outsider.get(`/api/gibt-es-nicht/checkout/permissions/${elsewhere.id}`);
    expect(unknownTenant.status).toBe(404);
  });
});

describe('GET api/{tenant}/bookables/public[/{id}]?populate=true', () => {
  /** Object tree: root → open child, private child, child for the outsider; the ticket belongs to an event with an owner. */
  let tree: { root: string; openChild: string; privateChild: string; outsiderChild: string };
  let ticket: { id: string; eventId: string };
  let hiddenEventTicket: string;

  beforeAll(async () => {
    const t = staff.tenant.id;
    const owned = { ownerUserId: staff.userIds.memberAny, isPublic: true };
    const openChild = await storeBookable(app, t, { ...owned, title: 'Offenes Kind' });
    const privateChild = await storeBookable(app, t, { ...owned, title: 'Privates Kind', isPublic: false });
    const outsiderChild = await storeBookable(app, t, { ...owned, title: 'Kind für Außenstehende', permittedUsers: [staff.userIds.outsider], freeBookingUsers: [staff.userIds.outsider] });
    const root = await storeBookable(app, t, { ...owned, title: 'Öffentliche Wurzel', relatedBookableIds: [openChild.id, privateChild.id, outsiderChild.id] });
    tree = { root: root.id, openChild: openChild.id, privateChild: privateChild.id, outsiderChild: outsiderChild.id };
    const event = await storeEvent(app, t, 'Sommerfest', null);
    const hiddenEvent = await storeEvent(app, t, 'Interne Feier', null);
    const em = app.orm.em.fork();
    await em.nativeUpdate(Event, { id: event.id }, { ownerUserId: staff.userIds.memberAny });
    await em.nativeUpdate(Event, { id: hiddenEvent.id }, { isPublic: false });
    ticket = { id: (await storeTicket(app, t, event.id, { title: 'Eintritt Sommerfest', ownerUserId: staff.userIds.memberAny })).id, eventId: event.id };
    hiddenEventTicket = (await storeTicket(app, t, hiddenEvent.id, { title: 'Eintritt Feier' })).id;
  });

  const publicUrl = (suffix: string) => `/api/${staff.tenant.id}/bookables/public${suffix}`;
  /** No staff-only field anywhere in an answer of the public paths. */
  const expectPublicOnly = (record: Record<string, unknown>) => {
    for (const field of privateBookableFields) expect(record, `${String(record.title)}: ${field}`).not.toHaveProperty(field);
  };

  it.each(actorNames)('%s: the object, then the dependent objects this caller may see outside the administration, in the public shape', async (name) => {
    const item = await staff.clients[name].get(publicUrl(`/${tree.root}?populate=true`));
    expectRest(item, 200, 'item');
    expectPublicOnly(item.json);
    const related = item.json._populated.relatedBookables as Record<string, unknown>[];
    const expected = name === 'outsider' ? [tree.root, tree.openChild, tree.outsiderChild] : [tree.root, tree.openChild];
    expect(idsOf(related as { id: string }[])).toEqual(expected);
    related.forEach(expectPublicOnly);
    expect(item.json._populated.event).toBeNull();
  });

  it("a ticket's event as the public sees it (without owner), for staff too; an event that is not public is null", async () => {
    for (const name of ['anonymous', 'memberAny', 'tenantOwner'] as const) {
      const item = await staff.clients[name].get(publicUrl(`/${ticket.id}?populate=true`));
      expectRest(item, 200, `${name}: ticket`);
      expect(item.json._populated.event).toMatchObject({ id: ticket.eventId, tenantId: staff.tenant.id, isPublic: true });
      expect(item.json._populated.event).not.toHaveProperty('ownerUserId');
      const hidden = await staff.clients[name].get(publicUrl(`/${hiddenEventTicket}?populate=true`));
      expect(hidden.json._populated.event, name).toBeNull();
    }
  });

  it('the list populates every item alike; without populate (or with another value) nothing is added', async () => {
    const list = await staff.clients.anonymous.get(publicUrl('?populate=true'));
    expectRest(list, 200, 'list');
    const byId = new Map<string, { _populated: { relatedBookables: { id: string }[] } }>(list.json.map((item: { id: string }) => [item.id, item]));
    expect(byId.has(tree.privateChild)).toBe(false);
    expect(idsOf(byId.get(tree.root)!._populated.relatedBookables)).toEqual([tree.root, tree.openChild]);
    expect(idsOf(byId.get(tree.openChild)!._populated.relatedBookables)).toEqual([tree.openChild]);
    for (const item of list.json as Record<string, unknown>[]) expectPublicOnly(item);
    for (const query of ['', '?populate=false', '?populate=ja', '?populate[]=true']) {
      const plain = await staff.clients.anonymous.get(publicUrl(`/${tree.root}${query}`));
      expectRest(plain, 200, query);
      expect(plain.json, query).not.toHaveProperty('_populated');
    }
  });

  it('an object the caller may not see stays not found, populate or not', async () => {
    expectRest(await staff.clients.anonymous.get(publicUrl(`/${tree.privateChild}?populate=true`)), 404, 'private');
    expectRest(await staff.clients.anonymous.get(publicUrl(`/${tree.outsiderChild}?populate=true`)), 404, 'restricted');
    expectRest(await staff.clients.anonymous.get(publicUrl('/kein-objekt?populate=true')), 404, 'malformed');
  });
});

describe('paths that are neither API paths nor screens', () => {
  it('a data path answers a 404 problem whatever the request accepts', async () => {
    const client = staff.clients.anonymous;
    for (const accept of ['application/json', BROWSER, '*/*']) {
      for (const target of ['/json/bookables', '/json', '/api/gibt-es-nicht', `/api/${staff.tenant.id}/gibt-es-nicht`]) {
        const response = await client.get(target, { headers: { accept } });
        expectRest(response, 404, `${target} (${accept})`);
        expect(response.json).toMatchObject({ status: 404, code: 'generic.not-found', title: 'Nicht gefunden' });
      }
    }
  });

  it('any other path answers a 404 problem to a request asking for JSON, and the client page to a browser', async () => {
    const client = staff.clients.anonymous;
    for (const target of ['/admin/gibt-es-nicht', '/irgendwo/anders', '/checkout?id=x&tenant=y']) {
      const json = await client.get(target, { headers: { accept: 'application/json, text/plain, */*' } });
      expectRest(json, 404, `${target} as JSON`);
      const page = await client.get(target, { headers: { accept: BROWSER } });
      expect(page.status, target).toBe(200);
      expect(page.contentType).toContain('text/html');
      expect(page.text).toContain('Buchungsplattform');
    }
  });

  it('a missing built file and other methods than GET answer 404 problems, not the page', async () => {
    const client = staff.clients.anonymous;
    expectRest(await client.get('/assets/main-Gone1234.js', { headers: { accept: '*/*' } }), 404, 'missing asset');
    expectRest(await client.post('/irgendwo/anders', {}), 404, 'POST');
    expectRest(await client.request('DELETE', '/admin/raeume'), 404, 'DELETE');
  });
});

describe('GET api/instances', () => {
  it('answers the instance owners isInitialized; everyone else is refused', async () => {
    await expectRestMatrix(staff, allowed(['instanceOwner']), (client) => client.get('/api/instances'));
    const settings = await staff.clients.instanceOwner.get('/api/instances');
    expect(settings.json.isInitialized).toBe(true);
    expect(settings.json.ownerUserIds.length).toBeGreaterThan(0);
  });
});

describe('GET api/tenants: the full tenants with their member and owner lists', () => {
  it.each(actorNames)('%s', async (name) => {
    const response = await staff.clients[name].get('/api/tenants');
    if (name === 'anonymous') return expectRest(response, 401, 'anonymous');
    expectRest(response, 200, name);
    const list = response.json as { id: string; users: { userId: string; roles: string[] }[]; ownerUserIds: string[] }[];
    if (name !== 'instanceOwner' && name !== 'tenantOwner') return expect(list).toEqual([]);
    const mine = list.find((tenant) => tenant.id === staff.tenant.id)!;
    expect(mine.ownerUserIds).toEqual([staff.userIds.tenantOwner]);
    expect(mine.users).toContainEqual({ userId: staff.userIds.memberAny, roles: [await roleIdOf(staff.tenant.id, 'Alle')] });
    expect(mine.users.map((user) => user.userId).sort()).toEqual([staff.userIds.memberAny, staff.userIds.memberOwnOnly, staff.userIds.memberWithoutFlag].sort());
    if (name === 'instanceOwner') {
      const other = list.find((tenant) => tenant.id === staff.otherTenant.id)!;
      expect(other).toMatchObject({ ownerUserIds: [], users: [{ userId: staff.userIds.memberOfOtherTenant, roles: [await roleIdOf(staff.otherTenant.id, 'Alle')] }] });
    } else {
      expect(idsOf(list)).toEqual([staff.tenant.id]);
    }
  });

  it('a tenant without people shows empty lists', async () => {
    const tenant = await createTenant(app.orm, { name: 'Unbesetzt' });
    const response = await staff.clients.instanceOwner.get('/api/tenants');
    expect(response.json.find((item: { id: string }) => item.id === tenant.id)).toMatchObject({ users: [], ownerUserIds: [] });
  });
});

describe('member changes', () => {
  const newcomer = { id: 'abweichung-neu@example.com', password: 'abweichung-neu-1' };
  const tenantUrl = (operation: string) => `/api/tenants/${members.tenant.id}/${operation}`;
  const addNewcomer = (roles: string[] = []) => members.clients.instanceOwner.post(tenantUrl('add-user'), { userId: newcomer.id, roles });

  beforeAll(async () => {
    await createUser(app.orm, newcomer);
  });

  it('remove-user answers the tenant with its lists after the removal: in full for owners, the public fields for other member managers', async () => {
    await addNewcomer();
    await expectRestMatrix(members, allowed(['memberAny', 'tenantOwner', 'instanceOwner']), async (client) => {
      const response = await client.post(tenantUrl('remove-user'), { userId: newcomer.id });
      if (response.status === 200) await addNewcomer();
      return response;
    });
    for (const name of ['tenantOwner', 'memberAny'] as const) {
      const response = await members.clients[name].post(tenantUrl('remove-user'), { userId: newcomer.id });
      expectRest(response, 200, name);
      expect(response.json).toMatchObject({ id: members.tenant.id, name: members.tenant.name, ownerUserIds: [members.userIds.tenantOwner] });
      expect(response.json.users.map((user: { userId: string }) => user.userId)).not.toContain(newcomer.id);
      expect(response.json.users).toContainEqual({ userId: members.userIds.memberAny, roles: [await roleIdOf(members.tenant.id, 'Alle')] });
      // Settings only for those who may read the tenant in full; secrets for nobody.
      expect('genericMailTemplate' in response.json, name).toBe(name === 'tenantOwner');
      expect(response.json).not.toHaveProperty('noreplyPassword');
      await addNewcomer();
    }
  });

  it('remove-user: bad or unknown input answers 400 or 404, never a 500', async () => {
    const owner = members.clients.tenantOwner;
    expectRest(await owner.post(tenantUrl('remove-user'), { userId: ['a'] }), 400, 'userId list');
    expectRest(await owner.post(tenantUrl('remove-user'), {}), 400, 'no userId');
    expectRest(await owner.post(tenantUrl('remove-user'), { userId: 'niemand@example.com' }), 404, 'not a member');
    expectRest(await owner.post('/api/tenants/gibt-es-nicht/remove-user', { userId: newcomer.id }), 403, 'unknown tenant');
    expectRest(await members.clients.instanceOwner.post('/api/tenants/gibt-es-nicht/remove-user', { userId: newcomer.id }), 404, 'unknown tenant (instance owner)');
  });

  it('edit-user-roles keeps the roles that exist in the tenant and leaves the others out (REST and GraphQL)', async () => {
    await addNewcomer();
    const own = await roleIdOf(members.tenant.id, 'Nur eigene');
    const foreign = await roleIdOf(members.otherTenant.id, 'Alle');
    const deleted = '00000000-0000-4000-8000-000000000000';
    const response = await members.clients.tenantOwner.post(tenantUrl('edit-user-roles'), { userId: newcomer.id, roles: [own, foreign, deleted, 'keine-rolle', 42, own] });
    expectRest(response, 200, 'edit-user-roles');
    expect(response.json.users).toContainEqual({ userId: newcomer.id, roles: [own] });
    const EDIT = 'mutation($t: ID!, $u: String!, $r: [String!]!) { editTenantMemberRoles(tenantId: $t, userId: $u, roles: $r) { users { userId roles } } }';
    const graph = await members.clients.memberAny.gql<{ editTenantMemberRoles: { users: { userId: string; roles: string[] }[] } }>(EDIT, { t: members.tenant.id, u: newcomer.id, r: [foreign] });
    expect(graph.errors).toBeUndefined();
    expect(graph.data?.editTenantMemberRoles.users).toContainEqual({ userId: newcomer.id, roles: [] });
    await expectRestMatrix(members, allowed(['memberAny', 'tenantOwner', 'instanceOwner']), (client) => client.post(tenantUrl('edit-user-roles'), { userId: newcomer.id, roles: [own] }));
    expectRest(await members.clients.tenantOwner.post(tenantUrl('edit-user-roles'), { userId: newcomer.id, roles: 'keine-liste' }), 400, 'roles not a list');
    expectRest(await members.clients.tenantOwner.post(tenantUrl('edit-user-roles'), { userId: members.userIds.outsider, roles: [own] }), 404, 'not a member');
  });
});

describe('GET api/users/{id}', () => {
  /** The fields of a user as the original product answered them (besides the newer authType and roles). */
  const CONTACT_FIELDS = ['company', 'phone', 'address', 'zipCode', 'city'];
  const ALWAYS = ['id', 'firstName', 'lastName', 'isVerified', 'isSuspended', 'created'];
  let booker: string;

  beforeAll(async () => {
    const em = app.orm.em.fork();
    const contact = { company: 'Muster GmbH', phone: '0123 45678', address: 'Hauptstraße 1', zipCode: '12345', city: 'Musterstadt' };
    await em.nativeUpdate(User, { id: { $in: [staff.userIds.memberAny, staff.userIds.outsider] } }, contact);
    // The outsider books signed in: the tenant's booking staff may then see the booker's details.
    booker = staff.userIds.outsider;
    const room = await bookableRoom(app, staff.tenant.id, { title: 'Gebuchter Raum' });
    const checkout = await staff.clients.outsider.post(`/api/${staff.tenant.id}/checkout`, { ...slot(10, '2027-01-12'), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer });
    expectRest(checkout, 200, 'checkout');
    expect(checkout.json.assignedUserId).toBe(booker);
  });

  const expectFields = (json: Record<string, unknown>, withContact: boolean, where: string) => {
    for (const field of ALWAYS) expect(json, `${where}: ${field}`).toHaveProperty(field);
    for (const field of CONTACT_FIELDS) expect(field in json, `${where}: ${field}`).toBe(withContact);
    for (const secret of ['secret', 'hooks', 'passwordHash']) expect(json, where).not.toHaveProperty(secret);
  };

  /** Who may read an account at all: the account itself, instance owners and owners of a tenant it belongs to. */
  const readers = (self: ActorName, ownersOfItsTenant: boolean): ActorName[] => [self, 'instanceOwner', ...(ownersOfItsTenant ? (['tenantOwner'] as const) : [])];

  it.each(actorNames)("%s reads a member of the tenant: with its contact details for the member, the tenant's owners and instance owners; others as for an unknown address", async (name) => {
    const response = await staff.clients[name].get(`/api/users/${encodeURIComponent(staff.userIds.memberAny)}`);
    if (name === 'anonymous') return expectRest(response, 401, name);
    if (!readers('memberAny', true).includes(name)) return expectRest(response, 404, name);
    expectRest(response, 200, name);
    expect(response.json).toMatchObject({ id: staff.userIds.memberAny, firstName: 'memberAny', isVerified: true, isSuspended: false, created: expect.any(Number) });
    expectFields(response.json, true, name);
    expect(response.json).toMatchObject({ company: 'Muster GmbH', phone: '0123 45678', address: 'Hauptstraße 1', zipCode: '12345', city: 'Musterstadt' });
  });

  it.each(actorNames)('%s reads someone who booked in the tenant but belongs to none: only the account itself and instance owners', async (name) => {
    const response = await staff.clients[name].get(`/api/users/${encodeURIComponent(booker)}`);
    if (name === 'anonymous') return expectRest(response, 401, name);
    if (!readers('outsider', false).includes(name)) return expectRest(response, 404, name);
    expectRest(response, 200, name);
    expectFields(response.json, true, name);
  });

  it('GraphQL user(id) lets the same people read it and answers the others as for an unknown account', async () => {
    const USER = 'query($id: String!) { user(id: $id) { id phone city } }';
    const read = (name: ActorName) => staff.clients[name].gql<{ user: { phone: string | null } }>(USER, { id: booker });
    expect((await read('outsider')).data?.user.phone).toBe('0123 45678');
    expect((await read('instanceOwner')).data?.user.phone).toBe('0123 45678');
    for (const name of ['memberAny', 'memberOfOtherTenant', 'memberWithoutFlag', 'tenantOwner'] as const) {
      expect((await read(name)).errors?.[0].extensions?.code, name).toBe('USER_NOT_FOUND');
    }
  });

  it('an unknown or malformed id answers 404, never a 500', async () => {
    for (const id of ['niemand@example.com', 'kein%20konto', 'x'.repeat(400)]) expectRest(await staff.clients.memberAny.get(`/api/users/${id}`), 404, id);
  });
});

describe('GET api/{tenant}/bookings?populate=true: _populated.bookable.priceEur', () => {
  it('carries the single net price of the first object as booked, and null for graduated prices', async () => {
    const t = staff.tenant.id;
    const single = await bookableRoom(app, t, { title: 'Einzelpreis-Raum', priceValueAddedTax: 19 });
    const graduated = await bookableRoom(app, t, {
      title: 'Staffelpreis-Raum',
      priceValueAddedTax: 19,
      priceCategories: [
        { priceEur: 20, priceValueAddedTax: 19, interval: { start: null, end: 2 }, fixedPrice: false },
        { priceEur: 15, priceValueAddedTax: 19, interval: { start: 2, end: null }, fixedPrice: false },
      ],
    });
    const book = async (bookableId: string, day: string) => {
      const response = await staff.clients.anonymous.post(`/api/${t}/checkout`, { ...slot(10, day), bookableItems: [{ bookableId, amount: 1 }], ...customer });
      expectRest(response, 200, 'checkout');
      return response.json.id as string;
    };
    const singleBooking = await book(single.id, '2027-01-19');
    const graduatedBooking = await book(graduated.id, '2027-01-20');

    const list = await staff.clients.memberAny.get(`/api/${t}/bookings?populate=true&limit=100`);
    expectRest(list, 200, 'list');
    const byId = new Map<string, { _populated: { bookable: Record<string, unknown> } }>(list.json.map((booking: { id: string }) => [booking.id, booking]));
    expect(byId.get(singleBooking)?._populated.bookable).toMatchObject({ priceEur: 12.5, priceCategory: 'per-hour', flags: [], tags: [] });
    expect(byId.get(graduatedBooking)?._populated.bookable).toMatchObject({ priceEur: null, priceCategory: null });

    const item = await staff.clients.tenantOwner.get(`/api/${t}/bookings/${singleBooking}`);
    expect(item.json._populated.bookable.priceEur).toBe(12.5);
    // The price as booked: a later change of the object does not alter it.
    await app.orm.em.fork().nativeUpdate(Bookable, { id: single.id }, { priceCategories: [{ priceEur: 99, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }] });
    expect((await staff.clients.tenantOwner.get(`/api/${t}/bookings/${singleBooking}`)).json._populated.bookable.priceEur).toBe(12.5);
  });
});
