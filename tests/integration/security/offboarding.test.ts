import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../server/src/tenants/role.entity.js';
import { TenantMembership } from '../../../server/src/tenants/membership.entity.js';
import { Tenant } from '../../../server/src/tenants/tenant.entity.js';
import { User } from '../../../server/src/users/user.entity.js';
import { startInProcessApp, testAdmin, type InProcessApp } from '../../support/app.js';
import { createTenant, createUser, signIn } from '../../support/fixtures.js';
import type { HttpClient } from '../../support/http.js';
import { waitForSettledQueue } from '../../support/job-queue.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { EVENT_WAIT_CEILING_MS } from '../../support/waits.js';
import { graphqlWsClient, SubscriptionRecorder } from '../../support/ws.js';
import { bookableRoom, customer, slot } from '../bookings.fixtures.js';

/**
 * People leave, their access leaves with them. API tokens, calendar feeds with customer data and
 * webhook endpoints with personal data live on their creator's current rights: when the creator
 * loses the right (role changed, removed from the tenant, account suspended or deleted) the feed
 * answers 404 like an unknown one, the token 401 like a revoked one, and the webhook sends nothing
 * more. A revoked token's open sockets close within 2 s (4401), also those of subscriptions
 * without personal data (roomScheduleChanged), and so do a removed person's own sockets.
 */
let app: TestApp;
/** A second server process on the same database: revocations reach its sockets too. */
let replica: InProcessApp;
let tenantId: string;
let roomId: string;
let leader: HttpClient;
let admin: HttpClient;
let guest: HttpClient;

const password = 'abgang-passwort-1';
const RECEIVED: { path: string; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;

/** Closing within this long of the revocation is the promise; the waits themselves have the usual ceiling. */
const CLOSE_WITHIN_MS = 2000;

const CREATE_FEED = `mutation($t: ID!, $b: ID, $p: Boolean!, $n: String!) { createCalendarFeed(tenantId: $t, bookableId: $b, personal: $p, name: $n) { feed { id } url } }`;
const FEEDS = `query($t: ID!) { calendarFeeds(tenantId: $t) { id createdBy createdByName } }`;
const CREATE_TOKEN = `mutation($t: ID, $input: ApiTokenInput!) { createApiToken(tenantId: $t, input: $input) { token { id createdBy createdByName } secret } }`;
const TOKENS = `query($t: ID) { apiTokens(tenantId: $t) { id createdBy createdByName revokedAt } }`;
const REVOKE_TOKEN = `mutation($id: ID!) { revokeApiToken(id: $id) { id } }`;
const CREATE_WEBHOOK = `mutation($t: ID!, $input: WebhookEndpointInput!) { createWebhookEndpoint(tenantId: $t, input: $input) { endpoint { id createdBy } } }`;
const WEBHOOKS = `query($t: ID!) { webhookEndpoints(tenantId: $t) { id disabledAt disabledReason } }`;
const WEBHOOK_CREATORS = `query($t: ID!) { webhookEndpoints(tenantId: $t) { id createdBy createdByName } }`;
const EDIT_ROLES = 'mutation($id: ID!, $userId: String!, $roles: [String!]!) { editTenantMemberRoles(tenantId: $id, userId: $userId, roles: $roles) { owner } }';
const REMOVE_MEMBER = 'mutation($id: ID!, $userId: String!) { removeTenantMember(tenantId: $id, userId: $userId) { owner } }';
const DELETE_USER = 'mutation($id: String!) { deleteUser(id: $id) }';
const BOOKING_CHANGED = 'subscription($t: ID!) { bookingChanged(tenantId: $t) { id booking { id name mail } } }';
const SCHEDULE_CHANGED = 'subscription($t: ID!, $ids: [ID!]!) { roomScheduleChanged(tenantId: $t, bookableIds: $ids) { bookingId } }';

let people = 0;
let day = 0;

/** A new person in the tenant: an owner (tokens, webhooks) or a member with the role "Buchungen" (staff feeds). */
async function person(as: 'owner' | 'clerk'): Promise<{ id: string; client: HttpClient }> {
  const id = `abgang-${++people}@amt.example`;
  await createUser(app.orm, { id, password, firstName: 'Petra', lastName: `Abgang${people}` });
  const em = app.orm.em.fork();
  const membership = em.create(TenantMembership, { tenant: em.getReference(Tenant, tenantId), user: em.getReference(User, id), isOwner: as === 'owner', isMember: as === 'clerk' });
  if (as === 'clerk') membership.roles.add(await em.findOneOrFail(Role, { tenant: tenantId, name: 'Buchungen' }));
  await em.flush();
  const client = app.client();
  await signIn(client, id, password);
  return { id, client };
}

async function ok<T>(client: HttpClient, query: string, variables: Record<string, unknown>): Promise<T> {
  const result = await client.gql<T>(query, variables);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!;
}

async function staffFeed(client: HttpClient): Promise<{ id: string; path: string }> {
  const { createCalendarFeed } = await ok<{ createCalendarFeed: { feed: { id: string }; url: string } }>(client, CREATE_FEED, { t: tenantId, b: null, p: true, n: 'Alle Buchungen' });
  return { id: createCalendarFeed.feed.id, path: new URL(createCalendarFeed.url).pathname };
}

async function publicFeed(client: HttpClient): Promise<string> {
  const { createCalendarFeed } = await ok<{ createCalendarFeed: { url: string } }>(client, CREATE_FEED, { t: tenantId, b: roomId, p: false, n: 'Saal belegt' });
  return new URL(createCalendarFeed.url).pathname;
}

async function token(client: HttpClient, preset = 'BOOKINGS_READ'): Promise<{ id: string; secret: string }> {
  const { createApiToken } = await ok<{ createApiToken: { token: { id: string }; secret: string } }>(client, CREATE_TOKEN, { t: tenantId, input: { name: 'Fachverfahren', preset } });
  return { id: createApiToken.token.id, secret: createApiToken.secret };
}

const feedStatus = async (path: string) => (await app.client({ ip: `10.77.0.${(people % 200) + 1}` }).get(path)).status;
const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });
const tokenStatus = async (secret: string) => (await app.client().get(`/api/${tenantId}/bookings`, bearer(secret))).status;

async function book(marker: string): Promise<void> {
  const answer = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, new Date(Date.UTC(2027, 2, 1 + day++)).toISOString().slice(0, 10)), bookableItems: [{ bookableId: roomId, amount: 1 }], ...customer, name: `${marker} Kundin`, mail: `${marker.toLowerCase()}@kunden.example` });
  expect(answer.status, answer.text).toBe(200);
}

/** Both subscriptions of a token on one socket, live (each has delivered an event). */
async function tokenSockets(secret: string, target: { url: string } = app) {
  const ws = graphqlWsClient(target.url, { connectionParams: { authorization: `Bearer ${secret}` } });
  const bookings = new SubscriptionRecorder(ws, BOOKING_CHANGED, { t: tenantId });
  const schedule = new SubscriptionRecorder(ws, SCHEDULE_CHANGED, { t: tenantId, ids: [roomId] });
  await live([bookings, schedule]);
  return { ws, bookings, schedule };
}

/** Books until every recorder has delivered something: the subscriptions are running. */
async function live(recorders: SubscriptionRecorder[]): Promise<void> {
  for (let attempt = 0; recorders.some((recorder) => recorder.results.length === 0); attempt++) {
    expect(attempt, 'the subscriptions never delivered').toBeLessThan(50);
    for (const recorder of recorders) expect(recorder.error).toBeUndefined();
    await book('Vorher');
    await Promise.race(recorders.map((recorder) => recorder.waitFor(() => true, 500).catch(() => undefined)));
  }
}

/** Waits for the socket's close (no sleep) and answers its code and how long after `since` it came. */
async function closed(recorder: SubscriptionRecorder, since: number): Promise<{ code: number | undefined; afterMs: number }> {
  await recorder.waitForEnd(EVENT_WAIT_CEILING_MS);
  return { code: (recorder.error as { code?: number } | undefined)?.code, afterMs: Date.now() - since };
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      RECEIVED.push({ path: request.url ?? '', body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  app = await startTestApp();
  replica = await startInProcessApp({ databaseUrl: app.db.url });
  await createUser(app.orm, { id: 'abgang-leitung@amt.example', password });
  const all = { create: true, readAny: true, readOwn: true, updateAny: true, updateOwn: true, deleteAny: true, deleteOwn: true };
  tenantId = (
    await createTenant(app.orm, {
      name: 'Bürgeramt Abgang',
      owners: ['abgang-leitung@amt.example'],
      roles: [
        { name: 'Buchungen', adminInterfaces: ['bookings'], manageBookings: all },
        { name: 'Nur Objekte', adminInterfaces: ['bookables'], manageBookables: { readAny: true, updateAny: true } },
      ],
    })
  ).id;
  leader = app.client();
  await signIn(leader, 'abgang-leitung@amt.example', password);
  admin = app.client();
  await signIn(admin, testAdmin.id, testAdmin.password);
  guest = app.client();
  roomId = (await bookableRoom(app, tenantId, { title: 'Saal', amount: null })).id;
}, 60_000);

afterAll(async () => {
  await replica?.close();
  await app?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('calendar feeds with customer names end with their creator’s right', () => {
  it('the lists of feeds and webhooks name who made each entry', async () => {
    const clerk = await person('clerk');
    const feed = await staffFeed(clerk.client);
    const { calendarFeeds } = await ok<{ calendarFeeds: { id: string; createdBy: string | null; createdByName: string | null }[] }>(leader, FEEDS, { t: tenantId });
    expect(calendarFeeds.find((entry) => entry.id === feed.id)).toMatchObject({ createdBy: clerk.id, createdByName: `Petra Abgang${people}` });
    const owner = await person('owner');
    const { createWebhookEndpoint } = await ok<{ createWebhookEndpoint: { endpoint: { id: string } } }>(owner.client, CREATE_WEBHOOK, {
      t: tenantId,
      input: { url: `${receiverUrl}/liste`, events: ['event.deleted'] },
    });
    const { webhookEndpoints } = await ok<{ webhookEndpoints: { id: string; createdBy: string | null; createdByName: string | null }[] }>(leader, WEBHOOK_CREATORS, { t: tenantId });
    expect(webhookEndpoints.find((entry) => entry.id === createWebhookEndpoint.endpoint.id)).toMatchObject({ createdBy: owner.id, createdByName: `Petra Abgang${people}` });
  });

  it('a role that no longer reads every booking: the staff feed answers 404, the feed without personal data stays', async () => {
    const clerk = await person('clerk');
    const feed = await staffFeed(clerk.client);
    const busy = await publicFeed(clerk.client);
    expect(await feedStatus(feed.path)).toBe(200);
    const objectsOnly = await app.orm.em.fork().findOneOrFail(Role, { tenant: tenantId, name: 'Nur Objekte' });
    await ok(leader, EDIT_ROLES, { id: tenantId, userId: clerk.id, roles: [objectsOnly.id] });
    expect(await feedStatus(feed.path)).toBe(404);
    expect(await feedStatus(busy)).toBe(200);
  });

  it('removed from the tenant: the staff feed answers 404', async () => {
    const clerk = await person('clerk');
    const feed = await staffFeed(clerk.client);
    expect(await feedStatus(feed.path)).toBe(200);
    await ok(leader, REMOVE_MEMBER, { id: tenantId, userId: clerk.id });
    expect(await feedStatus(feed.path)).toBe(404);
  });

  it('account deleted: the staff feed answers 404 and the list shows no mail address of the account', async () => {
    const clerk = await person('clerk');
    const feed = await staffFeed(clerk.client);
    const busy = await publicFeed(clerk.client);
    expect(await feedStatus(feed.path)).toBe(200);
    await ok(admin, DELETE_USER, { id: clerk.id });
    expect(await feedStatus(feed.path)).toBe(404);
    expect(await feedStatus(busy)).toBe(200);
    const { calendarFeeds } = await ok<{ calendarFeeds: unknown[] }>(leader, FEEDS, { t: tenantId });
    expect(JSON.stringify(calendarFeeds)).not.toContain(clerk.id);
    const rows = await app.orm.em.getConnection().execute('select * from calendar_feeds where created_by = ?', [clerk.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('API tokens end with their creator’s right', () => {
  it('ownership taken away: the token answers 401 and is listed as revoked', async () => {
    const owner = await person('owner');
    const { id, secret } = await token(owner.client);
    expect(await tokenStatus(secret)).toBe(200);
    await ok(leader, 'mutation($id: ID!, $userId: String!) { removeTenantOwner(tenantId: $id, userId: $userId) { owner } }', { id: tenantId, userId: owner.id });
    expect(await tokenStatus(secret)).toBe(401);
    const { apiTokens } = await ok<{ apiTokens: { id: string; createdBy: string | null; revokedAt: string | null }[] }>(leader, TOKENS, { t: tenantId });
    expect(apiTokens.find((entry) => entry.id === id)).toMatchObject({ createdBy: owner.id });
    expect(apiTokens.find((entry) => entry.id === id)?.revokedAt).not.toBeNull();
  });

  it('account suspended: the token answers 401', async () => {
    const owner = await person('owner');
    const { secret } = await token(owner.client);
    expect(await tokenStatus(secret)).toBe(200);
    const suspended = await admin.gql('mutation($input: UpdateUserInput!) { updateUser(input: $input) { id } }', { input: { id: owner.id, isSuspended: true } });
    expect(suspended.errors).toBeUndefined();
    expect(await tokenStatus(secret)).toBe(401);
  });

  it('account deleted: the token answers 401 and its creator shows as a deleted account, without the mail address', async () => {
    const owner = await person('owner');
    const { id, secret } = await token(owner.client);
    await ok(admin, DELETE_USER, { id: owner.id });
    expect(await tokenStatus(secret)).toBe(401);
    const { apiTokens } = await ok<{ apiTokens: { id: string; createdBy: string | null; createdByName: string | null }[] }>(leader, TOKENS, { t: tenantId });
    expect(apiTokens.find((entry) => entry.id === id)).toMatchObject({ createdBy: null, createdByName: null });
    const rest = await leader.get(`/api/${tenantId}/api-tokens`);
    expect(rest.text).not.toContain(owner.id);
  });
});

describe('webhook endpoints with personal data end with their creator’s right', () => {
  it('removed from the tenant: nothing personal is delivered any more, the endpoint is disabled; one without personal data keeps delivering', async () => {
    const owner = await person('owner');
    const personal = await ok<{ createWebhookEndpoint: { endpoint: { id: string; createdBy: string } } }>(owner.client, CREATE_WEBHOOK, {
      t: tenantId,
      input: { url: `${receiverUrl}/personlich`, events: ['booking.created'], includePersonalData: true },
    });
    expect(personal.createWebhookEndpoint.endpoint.createdBy).toBe(owner.id);
    await ok(owner.client, CREATE_WEBHOOK, { t: tenantId, input: { url: `${receiverUrl}/neutral`, events: ['booking.created'], includePersonalData: false } });
    await book('Vorher');
    await waitForSettledQueue(app.orm);
    expect(RECEIVED.filter((entry) => entry.path === '/personlich').map((entry) => entry.body).join()).toContain('Vorher Kundin');

    await ok(leader, REMOVE_MEMBER, { id: tenantId, userId: owner.id });
    await book('Geheim');
    await waitForSettledQueue(app.orm);
    expect(RECEIVED.filter((entry) => entry.path === '/personlich').map((entry) => entry.body).join()).not.toContain('Geheim');
    expect(RECEIVED.filter((entry) => entry.path === '/neutral')).toHaveLength(2);
    const { webhookEndpoints } = await ok<{ webhookEndpoints: { id: string; disabledAt: string | null; disabledReason: string | null }[] }>(leader, WEBHOOKS, { t: tenantId });
    const endpoint = webhookEndpoints.find((entry) => entry.id === personal.createWebhookEndpoint.endpoint.id);
    expect(endpoint?.disabledAt).not.toBeNull();
    expect(endpoint?.disabledReason).toBe('Die anlegende Person hat keine Berechtigung mehr');
  });
});

describe('open sockets close within 2 s', () => {
  it.each([
    ['revoking a token closes its bookingChanged and roomScheduleChanged sockets (4401)', () => app],
    ['revoked on one server process, the token’s sockets on another close as well', () => replica],
  ])('%s', async (_name, server) => {
    const { id, secret } = await token(leader);
    const sockets = await tokenSockets(secret, server());
    try {
      const since = Date.now();
      await ok(leader, REVOKE_TOKEN, { id });
      for (const recorder of [sockets.bookings, sockets.schedule]) {
        const end = await closed(recorder, since);
        expect(end.code).toBe(4401);
        expect(end.afterMs).toBeLessThan(CLOSE_WITHIN_MS);
      }
    } finally {
      await sockets.ws.dispose();
    }
  });

  it('a token’s socket closes at its expiry, without waiting for an event', async () => {
    const expiresAt = Date.now() + 6000;
    const { createApiToken } = await ok<{ createApiToken: { secret: string } }>(leader, CREATE_TOKEN, { t: tenantId, input: { name: 'Kurzzeit', preset: 'BOOKINGS_READ', expiresAt: new Date(expiresAt).toISOString() } });
    const sockets = await tokenSockets(createApiToken.secret);
    try {
      for (const recorder of [sockets.bookings, sockets.schedule]) {
        const end = await closed(recorder, expiresAt);
        expect(end.code).toBe(4401);
        expect(end.afterMs).toBeGreaterThanOrEqual(0);
        expect(end.afterMs).toBeLessThan(CLOSE_WITHIN_MS);
      }
    } finally {
      await sockets.ws.dispose();
    }
  });

  it('a token of the occupancy preset, whose subscription carries nothing personal, closes as well', async () => {
    const { id, secret } = await token(leader, 'OCCUPANCY_READ');
    const ws = graphqlWsClient(app.url, { connectionParams: { authorization: `Bearer ${secret}` } });
    const schedule = new SubscriptionRecorder(ws, SCHEDULE_CHANGED, { t: tenantId, ids: [roomId] });
    try {
      await live([schedule]);
      const since = Date.now();
      await ok(leader, REVOKE_TOKEN, { id });
      const end = await closed(schedule, since);
      expect(end.code).toBe(4401);
      expect(end.afterMs).toBeLessThan(CLOSE_WITHIN_MS);
    } finally {
      await ws.dispose();
    }
  });

  it('deleting the role a token acts with closes its sockets; narrowing it lets no further event through, without waiting for a re-read', async () => {
    const SAVE_ROLE = 'mutation($t: ID!, $input: RoleInput!) { saveRole(tenantId: $t, input: $input) { id } }';
    const reading = { readAny: true, readOwn: true, create: false, updateAny: false, updateOwn: false, deleteAny: false, deleteOwn: false };
    const roleToken = async (name: string) => {
      const { saveRole } = await ok<{ saveRole: { id: string } }>(leader, SAVE_ROLE, { t: tenantId, input: { name, adminInterfaces: ['bookings'], manageBookings: reading } });
      const { createApiToken } = await ok<{ createApiToken: { secret: string } }>(leader, CREATE_TOKEN, { t: tenantId, input: { name: `Zugang ${name}`, roleId: saveRole.id } });
      return { roleId: saveRole.id, secret: createApiToken.secret };
    };

    const deleted = await roleToken('Leserolle weg');
    const gone = graphqlWsClient(app.url, { connectionParams: { authorization: `Bearer ${deleted.secret}` } });
    const goneBookings = new SubscriptionRecorder(gone, BOOKING_CHANGED, { t: tenantId });
    try {
      await live([goneBookings]);
      const since = Date.now();
      await ok(leader, 'mutation($t: ID!, $id: ID!) { deleteRole(tenantId: $t, id: $id) }', { t: tenantId, id: deleted.roleId });
      const end = await closed(goneBookings, since);
      expect(end.code).toBe(4401);
      expect(end.afterMs).toBeLessThan(CLOSE_WITHIN_MS);
    } finally {
      await gone.dispose();
    }

    const narrowed = await roleToken('Leserolle enger');
    const sockets = await tokenSockets(narrowed.secret);
    try {
      await ok(leader, SAVE_ROLE, { t: tenantId, input: { id: narrowed.roleId, name: 'Leserolle enger', adminInterfaces: [], manageBookings: { ...reading, readAny: false, readOwn: false } } });
      // Right after the change: the token reads no booking any more. The public schedule on the same
      // socket marks when each booking's event was handled there (two in a row, so the first one's
      // bookingChanged had time to arrive if it were let through).
      const seen = sockets.bookings.results.length;
      for (const marker of ['Danach', 'Zuletzt']) {
        const before = sockets.schedule.results.length;
        await book(marker);
        await sockets.schedule.waitFor((result) => sockets.schedule.results.indexOf(result) >= before);
      }
      expect(sockets.bookings.results.slice(seen)).toEqual([]);
    } finally {
      sockets.bookings.stop();
      sockets.schedule.stop();
      await sockets.ws.dispose();
    }
  });

  it('removing the creator from the tenant closes the sockets of the person and of their token', async () => {
    const owner = await person('owner');
    const { secret } = await token(owner.client);
    const sockets = await tokenSockets(secret);
    const own = graphqlWsClient(app.url, { cookie: owner.client.cookieHeader() });
    const ownBookings = new SubscriptionRecorder(own, BOOKING_CHANGED, { t: tenantId });
    try {
      await live([ownBookings]);
      const since = Date.now();
      await ok(leader, REMOVE_MEMBER, { id: tenantId, userId: owner.id });
      const person = await closed(ownBookings, since);
      expect(person.code).toBe(4403);
      expect(person.afterMs).toBeLessThan(CLOSE_WITHIN_MS);
      for (const recorder of [sockets.bookings, sockets.schedule]) {
        const end = await closed(recorder, since);
        expect(end.code).toBe(4401);
        expect(end.afterMs).toBeLessThan(CLOSE_WITHIN_MS);
      }
    } finally {
      await sockets.ws.dispose();
      await own.dispose();
    }
  });
});
