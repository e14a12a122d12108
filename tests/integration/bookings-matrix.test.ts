import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import { Role } from '../../server/src/tenants/role.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { createUser, signIn } from '../support/fixtures.js';
import type { GraphQLResponse, HttpClient, HttpResponse } from '../support/http.js';
import { allowed, expectGraphql, expectRest, type Expectation, type Outcome } from '../support/matrix.js';
import { actorNames, createActors, type ActorName, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';
import { bookingCount, customer, gql, slot, storedBooking } from './bookings.fixtures.js';
import { testDay } from '../support/test-calendar.js';

/**
 * The permission matrix of every staff path of bookings (docs/administration.md,
 * “Permissions”): eight kinds of caller through REST and GraphQL, the "own" flags meaning the assigned
 * user, tenant isolation, the personal fields behind @auth(requires: BOOKING_READER), and the public
 * answers that must never carry another customer's data or the objects' private lists.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let otherTenantId: string;
let thingId: string;
let foreignThingId: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST answers are read as plain JSON
type Json = any;

/** Someone else's booking: the readAny/updateAny/deleteAny members and the owners. */
const staff = () => allowed(['memberAny', 'tenantOwner', 'instanceOwner']);
/** A booking assigned to memberOwnOnly: its own flags count too. */
const staffAndOwner = () => allowed(['memberOwnOnly', 'memberAny', 'tenantOwner', 'instanceOwner']);
/** Every signed-in actor gets the outcome, anonymous 401. */
const everyone = (outcome: Outcome): Expectation => Object.fromEntries(actorNames.map((name) => [name, name === 'anonymous' ? 401 : outcome])) as Expectation;

const bookingsUrl = (path = '', tenant = tenantId) => `/api/${tenant}/bookings${path}`;
const sorted = (values: string[]) => [...values].sort();
const ids = (list: { id: string }[]) => list.map((booking) => booking.id);

async function checkout(client: HttpClient, body: Record<string, unknown> = {}, tenant = tenantId, bookableId = thingId): Promise<Json> {
  const response = await client.post(`/api/${tenant}/checkout`, { bookableItems: [{ bookableId }], ...customer, ...body });
  expect(response.status, response.text).toBe(200);
  return response.json;
}
/** A guest's booking (assigned to nobody) and one of memberOwnOnly (assigned to it). */
const othersBooking = () => checkout(actors.clients.anonymous);
const ownBooking = async () => {
  const booking = await checkout(actors.clients.memberOwnOnly);
  expect(booking.assignedUserId).toBe(actors.userIds.memberOwnOnly);
  return booking;
};

const assignedTo = (userId: string) => app.orm.em.fork().find(Booking, { tenant: tenantId, assignedUserId: userId });
const allOfTenant = () => app.orm.em.fork().find(Booking, { tenant: tenantId });

/**
 * Runs the call for every actor on a fresh booking, checks the answers against the expectation and
 * then the stored bookings: changed for every allowed actor, untouched for every refused one.
 */
async function onFreshBookings(
  via: 'rest' | 'graphql',
  expected: Expectation,
  make: () => Promise<Json>,
  call: (client: HttpClient, id: string) => Promise<HttpResponse | GraphQLResponse>,
  changed: (stored: Booking | null) => boolean,
): Promise<void> {
  const made: [ActorName, string][] = [];
  const run = async (client: HttpClient, name: ActorName) => {
    const booking = await make();
    made.push([name, booking.id]);
    return call(client, booking.id);
  };
  if (via === 'rest') await expectRest(actors, expected, run as (client: HttpClient, name: ActorName) => Promise<HttpResponse>);
  else await expectGraphql(actors, expected, run as (client: HttpClient, name: ActorName) => Promise<GraphQLResponse>);
  const seen: Record<string, boolean> = {};
  const want: Record<string, boolean> = {};
  for (const [name, id] of made) {
    seen[name] = changed(await storedBooking(app, tenantId, id));
    want[name] = expected[name] === 'ok';
  }
  expect(seen).toEqual(want);
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings');
  tenantId = actors.tenant.id;
  otherTenantId = actors.otherTenant.id;
  // The public status is switched on, so its answers can be checked for what they reveal.
  const em = app.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).enablePublicStatusView = true;
  await em.flush();
  thingId = (await storeBookable(app, tenantId, { title: 'Stehtisch', isBookable: true, isPublic: true, amount: null })).id;
  foreignThingId = (await storeBookable(app, otherTenantId, { title: 'Fremder Stehtisch', isBookable: true, isPublic: true, amount: null })).id;
  await othersBooking();
  await ownBooking();
});
afterAll(async () => app?.close());

describe('reading bookings', () => {
  it('GET bookings and the bookings query: readAny and owners see every booking, readOwn only the assigned ones; others 403, anonymous 401', async () => {
    await expectRest(actors, staffAndOwner(), (client) => client.get(bookingsUrl('?limit=500')));
    await expectGraphql(actors, staffAndOwner(), (client) => client.gql(gql.list, { t: tenantId, limit: 500 }));
    const all = sorted(ids((await allOfTenant()).map((booking) => ({ id: booking.number }))));
    const own = sorted((await assignedTo(actors.userIds.memberOwnOnly)).map((booking) => booking.number));
    expect(own.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(own.length);
    for (const name of ['memberOwnOnly', 'memberAny', 'tenantOwner', 'instanceOwner'] as const) {
      const want = name === 'memberOwnOnly' ? own : all;
      const rest = await actors.clients[name].get(bookingsUrl('?limit=500'));
      expect(sorted(ids(rest.json)), name).toEqual(want);
      expect(rest.headers.get('x-total-count'), name).toBe(String(want.length));
      const graphql = await actors.clients[name].gql<{ bookings: { total: number; items: { id: string; mail: string }[] } }>(gql.list, { t: tenantId, limit: 500 });
      expect(graphql.errors, name).toBeUndefined();
      expect(sorted(ids(graphql.data?.bookings.items ?? [])), name).toEqual(want);
      expect(graphql.data?.bookings.total, name).toBe(want.length);
    }
  });

  it('GET bookings/:id and booking(): someone else’s booking for the readAny members and owners, an assigned one also for readOwn', async () => {
    const others = await othersBooking();
    const own = await ownBooking();
    await expectRest(actors, staff(), (client) => client.get(bookingsUrl(`/${others.id}`)));
    await expectRest(actors, staffAndOwner(), (client) => client.get(bookingsUrl(`/${own.id}`)));
    await expectGraphql(actors, staff(), (client) => client.gql(gql.get, { t: tenantId, id: others.id }));
    await expectGraphql(actors, staffAndOwner(), (client) => client.gql(gql.get, { t: tenantId, id: own.id }));
    const read = await actors.clients.memberOwnOnly.gql<{ booking: { id: string; mail: string; assignedUserId: string } }>(gql.get, { t: tenantId, id: own.id });
    expect(read.data?.booking).toMatchObject({ id: own.id, mail: customer.mail, assignedUserId: actors.userIds.memberOwnOnly });
  });

  it('GET mybookings: every signed-in user, each seeing exactly the bookings assigned to them; anonymous 401', async () => {
    await expectRest(actors, everyone('ok'), (client) => client.get(`/api/${tenantId}/mybookings?limit=500`));
    for (const name of actorNames) {
      if (name === 'anonymous') continue;
      const response = await actors.clients[name].get(`/api/${tenantId}/mybookings?limit=500`);
      const want = sorted((await assignedTo(actors.userIds[name])).map((booking) => booking.number));
      expect(sorted(ids(response.json)), name).toEqual(want);
    }
  });
});

describe('changing bookings', () => {
  it('commit (POST …/commit, commitBooking): updateAny and owners; updateOwn only on an assigned booking', async () => {
    const committed = (stored: Booking | null) => stored?.isCommitted === true;
    const rest = (client: HttpClient, id: string) => client.post(bookingsUrl(`/${id}/commit`));
    const graphql = (client: HttpClient, id: string) => client.gql(gql.commit, { t: tenantId, id });
    await onFreshBookings('rest', staff(), othersBooking, rest, committed);
    await onFreshBookings('rest', staffAndOwner(), ownBooking, rest, committed);
    await onFreshBookings('graphql', staff(), othersBooking, graphql, committed);
    await onFreshBookings('graphql', staffAndOwner(), ownBooking, graphql, committed);
  });

  it('reject (POST …/reject, rejectBooking): updateAny and owners; updateOwn only on an assigned booking', async () => {
    const rejected = (stored: Booking | null) => stored?.isRejected === true;
    const rest = (client: HttpClient, id: string) => client.post(bookingsUrl(`/${id}/reject`), { reason: 'Matrix' });
    const graphql = (client: HttpClient, id: string) => client.gql(gql.reject, { t: tenantId, id, reason: 'Matrix' });
    await onFreshBookings('rest', staff(), othersBooking, rest, rejected);
    await onFreshBookings('rest', staffAndOwner(), ownBooking, rest, rejected);
    await onFreshBookings('graphql', staff(), othersBooking, graphql, rejected);
    await onFreshBookings('graphql', staffAndOwner(), ownBooking, graphql, rejected);
  });

  it('delete (DELETE …, deleteBooking): deleteAny and owners; deleteOwn only on an assigned booking', async () => {
    const gone = (stored: Booking | null) => stored === null;
    const rest = (client: HttpClient, id: string) => client.request('DELETE', bookingsUrl(`/${id}`));
    const graphql = (client: HttpClient, id: string) => client.gql(gql.remove, { t: tenantId, id });
    await onFreshBookings('rest', staff(), othersBooking, rest, gone);
    await onFreshBookings('rest', staffAndOwner(), ownBooking, rest, gone);
    await onFreshBookings('graphql', staff(), othersBooking, graphql, gone);
    await onFreshBookings('graphql', staffAndOwner(), ownBooking, graphql, gone);
  });

  it('PUT bookings and saveBooking without id create: the create flag (memberOwnOnly too) and owners; the booking is assigned to its creator', async () => {
    const creators = staffAndOwner();
    const before = await bookingCount(app, tenantId);
    const answers = new Map<ActorName, Json>();
    await expectRest(actors, creators, async (client, name) => {
      const response = await client.put(bookingsUrl(), { bookableItems: [{ bookableId: thingId }], ...customer, name: `Angelegt von ${name}` });
      answers.set(name, response.json);
      return response;
    });
    await expectGraphql(actors, creators, async (client, name) => {
      const result = await client.gql<{ saveBooking: { assignedUserId: string } }>(gql.save, { t: tenantId, input: { bookableItems: [{ bookableId: thingId }], name: `GraphQL von ${name}`, mail: customer.mail } });
      if (result.data?.saveBooking) expect(result.data.saveBooking.assignedUserId, name).toBe(actors.userIds[name as Exclude<ActorName, 'anonymous'>]);
      return result;
    });
    expect(await bookingCount(app, tenantId)).toBe(before + 8);
    for (const name of ['memberOwnOnly', 'memberAny', 'tenantOwner', 'instanceOwner'] as const) {
      expect(answers.get(name), name).toMatchObject({ assignedUserId: actors.userIds[name], name: `Angelegt von ${name}` });
    }
  });

  it('PUT bookings and saveBooking with id update: updateAny and owners; updateOwn only on an assigned booking; refused ones stay untouched', async () => {
    const renamed = (stored: Booking | null) => stored?.name === 'Geändert';
    const rest = (client: HttpClient, id: string) => client.put(bookingsUrl(), { id, bookableItems: [{ bookableId: thingId }], ...customer, name: 'Geändert' });
    const graphql = (client: HttpClient, id: string) => client.gql(gql.save, { t: tenantId, input: { id, bookableItems: [{ bookableId: thingId }], name: 'Geändert', mail: customer.mail } });
    await onFreshBookings('rest', staff(), othersBooking, rest, renamed);
    await onFreshBookings('rest', staffAndOwner(), ownBooking, rest, renamed);
    await onFreshBookings('graphql', staff(), othersBooking, graphql, renamed);
    await onFreshBookings('graphql', staffAndOwner(), ownBooking, graphql, renamed);
    // An update answers 201 (REST) and never turns into a create for someone without update rights.
    const own = await ownBooking();
    const before = await bookingCount(app, tenantId);
    expect((await actors.clients.memberOwnOnly.put(bookingsUrl(), { id: own.id, bookableItems: [{ bookableId: thingId }], ...customer })).status).toBe(201);
    const others = await othersBooking();
    expect((await actors.clients.memberOwnOnly.put(bookingsUrl(), { id: others.id, bookableItems: [{ bookableId: thingId }], ...customer })).status).toBe(403);
    expect(await bookingCount(app, tenantId)).toBe(before + 1);
  });
});

describe('tenant isolation', () => {
  it('the other tenant’s bookings: only its member and the instance owners, through its own path', async () => {
    const foreign = await checkout(actors.clients.anonymous, {}, otherTenantId, foreignThingId);
    const there = allowed(['memberOfOtherTenant', 'instanceOwner']);
    await expectRest(actors, there, (client) => client.get(bookingsUrl('', otherTenantId)));
    await expectRest(actors, there, (client) => client.get(bookingsUrl(`/${foreign.id}`, otherTenantId)));
    await expectGraphql(actors, there, (client) => client.gql(gql.list, { t: otherTenantId }));
    await expectGraphql(actors, there, (client) => client.gql(gql.get, { t: otherTenantId, id: foreign.id }));
    const listed = await actors.clients.memberOfOtherTenant.get(bookingsUrl('?limit=500', otherTenantId));
    expect(ids(listed.json)).toContain(foreign.id);
    expect(listed.json.every((booking: { tenantId: string }) => booking.tenantId === otherTenantId)).toBe(true);
  });

  it('another tenant’s booking number under this tenant’s path is not found for anyone, and stays untouched', async () => {
    const foreign = await checkout(actors.clients.anonymous, {}, otherTenantId, foreignThingId);
    const path = (suffix = '') => bookingsUrl(`/${foreign.id}${suffix}`);
    await expectRest(actors, everyone(404), (client) => client.get(path()));
    await expectRest(actors, everyone(404), (client) => client.post(path('/commit')));
    await expectRest(actors, everyone(404), (client) => client.post(path('/reject'), { reason: 'x' }));
    await expectRest(actors, everyone(404), (client) => client.request('DELETE', path()));
    // Public paths know no session: 404 for everyone.
    for (const suffix of ['/status', '/status/public?lastname=Erika%20Mustermann', '/verify-ownership?name=Erika%20Mustermann']) {
      const response = await actors.clients.anonymous.get(path(suffix));
      expect(response.status, suffix).toBe(404);
    }
    expect((await actors.clients.anonymous.post(path('/request-reject'), { reason: 'x' })).status).toBe(404);

    // GraphQL checks the rule on the tenant first: readers get "not found", the rest "forbidden".
    const readersFind = (refusedRest: Outcome): Expectation => ({ ...allowed([], refusedRest), memberOwnOnly: 404, memberAny: 404, tenantOwner: 404, instanceOwner: 404 });
    await expectGraphql(actors, readersFind(403), (client) => client.gql(gql.get, { t: tenantId, id: foreign.id }));
    await expectGraphql(actors, readersFind(403), (client) => client.gql(gql.commit, { t: tenantId, id: foreign.id }));
    await expectGraphql(actors, readersFind(403), (client) => client.gql(gql.remove, { t: tenantId, id: foreign.id }));

    // A save with the foreign number creates a new booking here instead of touching the foreign one.
    const saved = await actors.clients.memberAny.put(bookingsUrl(), { id: foreign.id, bookableItems: [{ bookableId: thingId }], ...customer, name: 'Übernahme' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.id).not.toBe(foreign.id);
    expect(saved.json.tenantId).toBe(tenantId);
    const untouched = await storedBooking(app, otherTenantId, foreign.id);
    expect(untouched).toMatchObject({ name: customer.name, isCommitted: false, isRejected: false });
  });
});

describe('personal fields and public answers', () => {
  const personal = ['assignedUserId', 'name', 'company', 'street', 'zipCode', 'location', 'mail', 'phone', 'comment', 'attachments'];

  it('schema.graphql marks every personal field of Booking with @auth(requires: BOOKING_READER); the public types have none of them', () => {
    const schema = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    const typeBlock = (name: string) => {
      const match = new RegExp(`\\ntype ${name}(?: implements [^{]+)? \\{\\n([\\s\\S]*?)\\n\\}`).exec(schema);
      expect(match, name).not.toBeNull();
      return (match as RegExpExecArray)[1];
    };
    const booking = typeBlock('Booking');
    for (const field of personal) {
      expect(booking, field).toMatch(new RegExp(`^\\s+${field}: [^\\n]*@auth\\(requires: BOOKING_READER\\)$`, 'm'));
    }
    for (const field of ['id', 'status', 'priceEur', 'timeBegin']) expect(booking).not.toMatch(new RegExp(`^\\s+${field}: [^\\n]*@auth`, 'm'));
    for (const type of ['CheckoutResult', 'OccupancySlot', 'PublicBookingStatusFlags']) {
      const block = typeBlock(type);
      for (const field of ['mail', 'phone', 'street', 'zipCode', 'assignedUserId', 'permittedUsers', 'freeBookingUsers']) expect(block, `${type}.${field}`).not.toMatch(new RegExp(`^\\s+${field}:`, 'm'));
    }
    expect(typeBlock('PublicBookingStatus')).not.toMatch(/^\s+(mail|phone|street):/m);
    for (const field of ['permittedUsers', 'permittedRoles', 'freeBookingUsers', 'freeBookingRoles']) expect(typeBlock('PublicBookable')).not.toMatch(new RegExp(`^\\s+${field}:`, 'm'));
  });

  it('a field the viewer may not read is refused even where the operation runs: a readOwn member reassigning its booking away', async () => {
    const own = await ownBooking();
    const result = await actors.clients.memberOwnOnly.gql<{ saveBooking: { id: string; name: string } | null }>(
      'mutation($t: ID!, $input: BookingInput!) { saveBooking(tenantId: $t, input: $input) { id status name } }',
      { t: tenantId, input: { id: own.id, bookableItems: [{ bookableId: thingId }], name: customer.name, mail: customer.mail, assignedUserId: actors.userIds.memberAny } },
    );
    expect(result.errors?.[0]).toMatchObject({ path: ['saveBooking', 'name'], extensions: { code: 'AUTH_FORBIDDEN' } });
    expect(result.data?.saveBooking ?? null).toBeNull();
    expect(await storedBooking(app, tenantId, own.id)).toMatchObject({ assignedUserId: actors.userIds.memberAny });
    // Without personal fields the same kind of answer is fine; reading it afterwards is not.
    const again = await ownBooking();
    const plain = await actors.clients.memberOwnOnly.gql<{ saveBooking: { id: string; status: string } }>(
      'mutation($t: ID!, $input: BookingInput!) { saveBooking(tenantId: $t, input: $input) { id status } }',
      { t: tenantId, input: { id: again.id, bookableItems: [{ bookableId: thingId }], name: customer.name, mail: customer.mail, assignedUserId: actors.userIds.memberAny } },
    );
    expect(plain.errors).toBeUndefined();
    expect((await actors.clients.memberOwnOnly.get(bookingsUrl(`/${again.id}`))).status).toBe(403);
  });

  it('public answers never carry another customer’s mail, phone or street, nor an object’s permitted or free-booking lists', async () => {
    const secretUser = 'erlaubt-geheim@example.com';
    await createUser(app.orm, { id: secretUser, password: 'erlaubt-passwort-1' });
    const permitted = app.client();
    await signIn(permitted, secretUser, 'erlaubt-passwort-1');
    const role = await app.orm.em.fork().findOneOrFail(Role, { tenant: tenantId, name: 'Alle' });
    const open = await storeBookable(app, tenantId, {
      title: 'Offener Raum',
      isBookable: true,
      isPublic: true,
      isScheduleRelated: true,
      amount: null,
      freeBookingUsers: ['frei-geheim@example.com'],
      freeBookingRoles: [role.id],
    });
    const restricted = await storeBookable(app, tenantId, { title: 'Geschützter Raum', isBookable: true, isPublic: true, isScheduleRelated: true, amount: null, permittedUsers: [secretUser] });
    const day = '2027-02-02';
    const secret = { name: 'Geheime Kundin', mail: 'geheim-kundin@example.com', phone: '0999-4711', street: 'Verborgener Weg 7', comment: 'Geheimer Hinweis' };
    const secretBooking = await checkout(actors.clients.anonymous, { ...slot(10, day), ...secret }, tenantId, open.id);
    const permittedBooking = await checkout(permitted, { ...slot(12, day), ...secret, mail: 'geheim-zwei@example.com' }, tenantId, restricted.id);
    expect(permittedBooking.assignedUserId).toBe(secretUser);
    const forbidden = ['geheim-kundin@example.com', 'geheim-zwei@example.com', '0999-4711', 'Verborgener Weg', 'Geheimer Hinweis', 'frei-geheim@example.com', secretUser, role.id];
    const privateKeys = ['permittedUsers', 'permittedRoles', 'freeBookingUsers', 'freeBookingRoles', 'ownerUserId'];
    const clean = (text: string, where: string) => {
      for (const value of forbidden) expect(text, where).not.toContain(value);
      for (const key of privateKeys) expect(text, where).not.toContain(`"${key}"`);
    };

    const visitor = app.client();
    const visitorCustomer = { name: 'Besucherin', mail: 'besucherin@example.com' };
    const mine = await visitor.post(`/api/${tenantId}/checkout`, { ...slot(14, day), bookableItems: [{ bookableId: open.id }], ...visitorCustomer });
    expect(mine.status, mine.text).toBe(200);
    clean(mine.text, 'checkout');
    expect(mine.json.bookableItems[0]._bookableUsed.title).toBe('Offener Raum');
    const simulated = await visitor.post(`/api/${tenantId}/checkout?simulate=true`, { ...slot(16, day), bookableItems: [{ bookableId: open.id }], ...visitorCustomer });
    clean(simulated.text, 'checkout simulate');
    const graphqlCheckout = await visitor.gql(gql.checkout, {
      t: tenantId,
      input: { bookableItems: [{ bookableId: open.id }], timeBegin: new Date(slot(17, day).timeBegin).toISOString(), timeEnd: new Date(slot(17, day).timeEnd).toISOString(), ...visitorCustomer },
    });
    expect(graphqlCheckout.errors).toBeUndefined();
    clean(graphqlCheckout.response.text, 'GraphQL checkout');
    // The checkout result has no personal fields to ask for at all.
    const asked = await visitor.gql('mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id mail } }', {
      t: tenantId,
      input: { bookableItems: [{ bookableId: open.id }], ...visitorCustomer },
    });
    expect(asked.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');

    const from = new Date(`${testDay(day)}T00:00:00+01:00`).getTime();
    const to = from + 86_400_000;
    const answers: [string, HttpResponse][] = [
      ['bookings?public=true', await visitor.get(bookingsUrl(`?public=true&from=${from}&to=${to}`))],
      ['open bookings', await visitor.get(`/api/${tenantId}/bookables/${open.id}/bookings?public=true`)],
      ['restricted bookings', await permitted.get(`/api/${tenantId}/bookables/${restricted.id}/bookings?public=true`)],
      ['restricted bookings for a member', await actors.clients.memberWithoutFlag.get(`/api/${tenantId}/bookables/${restricted.id}/bookings?public=true`)],
      ['occupancy', await visitor.get(`/api/${tenantId}/calendar/occupancy?from=${from}&to=${to}`)],
      ['status', await visitor.get(bookingsUrl(`/${secretBooking.id}/status`))],
      ['public status of the own booking', await visitor.get(bookingsUrl(`/${mine.json.id}/status/public?lastname=Besucherin`))],
      ['public status with a wrong name', await visitor.get(bookingsUrl(`/${secretBooking.id}/status/public?lastname=Besucherin`))],
      ['ownership with a wrong name', await visitor.get(bookingsUrl(`/${secretBooking.id}/verify-ownership?name=Besucherin`))],
    ];
    for (const [where, response] of answers) {
      expect(response.status < 500, where).toBe(true);
      clean(response.text, where);
    }
    expect(ids(answers[0][1].json)).toEqual(expect.arrayContaining([secretBooking.id, permittedBooking.id]));
    expect(answers[4][1].json.length).toBeGreaterThanOrEqual(2);
    expect(answers[7][1].status).toBe(401);

    const occupancy = await visitor.gql(gql.occupancy, { t: tenantId, ids: [open.id, restricted.id], from: new Date(from).toISOString(), to: new Date(to).toISOString() });
    expect(occupancy.errors).toBeUndefined();
    clean(occupancy.response.text, 'bookingOccupancy');
    const status = await visitor.gql(gql.publicStatus, { t: tenantId, id: mine.json.id, lastname: 'besucherin' });
    expect(status.errors).toBeUndefined();
    clean(status.response.text, 'publicBookingStatus');
    const wrong = await visitor.gql(gql.publicStatus, { t: tenantId, id: secretBooking.id, lastname: 'Besucherin' });
    expect(wrong.errors?.[0].extensions?.code).toBe('BOOKING_NAME_MISMATCH');
    clean(wrong.response.text, 'publicBookingStatus with a wrong name');
  });
});
