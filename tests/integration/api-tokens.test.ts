import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, HttpResponse } from '../support/http.js';
import { testInstant } from '../support/test-calendar.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';
import { bookableRoom, customer, gql, slot } from './bookings.fixtures.js';

/**
 * Integrators' API tokens: who may make them, the secret shown once and stored only as a hash,
 * and what each kind of token may do with `Authorization: Bearer …` on REST, GraphQL and
 * GraphQL over WebSocket (its tenant only, its rights only, never with a cookie, its own rate limit).
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let otherTenantId: string;
let owner: HttpClient;
let guest: HttpClient;
let room: { id: string };

/** Low, so the rate limit test reaches it; every other token stays well below it. */
const PER_MINUTE = 25;

const TOKEN_FIELDS = 'id tenantId name preset roleId roleName prefix createdBy createdByName createdAt expiresAt lastUsedAt revokedAt';
const CREATE = `mutation($t: ID, $input: ApiTokenInput!) { createApiToken(tenantId: $t, input: $input) { token { ${TOKEN_FIELDS} } secret } }`;
const LIST = `query($t: ID) { apiTokens(tenantId: $t) { ${TOKEN_FIELDS} } }`;
const REVOKE = `mutation($id: ID!) { revokeApiToken(id: $id) { id revokedAt } }`;
const CHANGED = `subscription($t: ID!) { bookingChanged(tenantId: $t) { tenantId id action booking { id name } } }`;

interface Token {
  id: string;
  tenantId: string | null;
  name: string;
  preset: string | null;
  roleId: string | null;
  prefix: string;
  createdBy: string;
  createdByName: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

let day = 0;
/** A fresh day in June 2027 (of the test calendar, see `slot`) per booking, so no two bookings of the room collide. */
const nextDay = () => new Date(Date.UTC(2027, 5, 1 + day++)).toISOString().slice(0, 10);
const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });

async function createToken(input: Record<string, unknown>, t: string | null = tenantId, client: HttpClient = owner): Promise<{ token: Token; secret: string }> {
  const result = await client.gql<{ createApiToken: { token: Token; secret: string } }>(CREATE, { t, input });
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.createApiToken;
}

async function book(client: HttpClient = guest, extra: Record<string, unknown> = {}, options = {}): Promise<HttpResponse> {
  return client.post(`/api/${tenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, ...extra }, options);
}

async function bookedId(): Promise<string> {
  const response = await book();
  expect(response.status, response.text).toBe(200);
  return (response.json as { id: string }).id;
}

/** A client without cookies: what an integrator's script is. */
const script = () => app.client({ ip: `10.99.0.${Math.floor(Math.random() * 200) + 1}` });

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_API_TOKEN: String(PER_MINUTE) });
  actors = await createActors(app, 'manageBookings', 'bookings', 'tokens');
  tenantId = actors.tenant.id;
  otherTenantId = actors.otherTenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
  room = await bookableRoom(app, tenantId);
});
afterAll(async () => app?.close());

describe('creating, listing and revoking tokens', () => {
  it('the owner creates a token: the secret is shown once, recognisable, and stored only as its SHA-256', async () => {
    const { token, secret } = await createToken({ name: 'Finanzsystem', preset: 'BOOKINGS_READ' });
    expect(secret).toMatch(/^bpt_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ tenantId, name: 'Finanzsystem', preset: 'BOOKINGS_READ', roleId: null, prefix: secret.slice(0, 12), createdBy: actors.userIds.tenantOwner, createdByName: 'tenantOwner Mustermann', revokedAt: null });
    const rows = await app.orm.em.getConnection().execute<Record<string, unknown>[]>('select * from api_tokens where id = ?', [token.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(12));
    expect(rows[0]!.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    const expires = new Date(rows[0]!.expires_at as string).getTime();
    expect(Math.abs(expires - (Date.now() + 365 * 86_400_000))).toBeLessThan(60_000);

    const list = await owner.gql<{ apiTokens: Token[] }>(LIST, { t: tenantId });
    expect(list.data?.apiTokens.map((entry) => entry.id)).toContain(token.id);
    expect(JSON.stringify(list.data)).not.toContain(secret);
    const rest = await owner.get(`/api/${tenantId}/api-tokens`);
    expect(rest.status).toBe(200);
    expect(rest.text).not.toContain(secret);
  });

  it('refuses wrong input with German messages per field', async () => {
    const both = await owner.gql(CREATE, { t: tenantId, input: { name: '', preset: 'BOOKINGS_READ', roleId: actors.tenant.id } });
    expect(both.errors?.[0]?.extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { name: 'Pflichtfeld', roleId: 'Bitte wählen Sie entweder eine Vorlage oder eine Rolle.' } });
    const neither = await owner.post(`/api/${tenantId}/api-tokens`, { name: 'Anzeige' });
    expect(neither.status).toBe(400);
    expect(neither.json.errors).toEqual({ preset: 'Bitte wählen Sie entweder eine Vorlage oder eine Rolle.' });
    const tooLong = await owner.post(`/api/${tenantId}/api-tokens`, { name: 'Anzeige', preset: 'OCCUPANCY_READ', expiresAt: new Date(Date.now() + 3 * 365 * 86_400_000).toISOString() });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.errors).toEqual({ expiresAt: 'Ein API-Zugang läuft höchstens zwei Jahre.' });
    const foreignRole = await owner.post(`/api/${tenantId}/api-tokens`, { name: 'Anzeige', roleId: '00000000-0000-4000-8000-000000000000' });
    expect(foreignRole.status).toBe(400);
    expect(foreignRole.json.errors).toEqual({ roleId: 'Ungültige Rolle.' });
  });

  it('only owners (and instance owners) manage a tenant’s tokens; instance tokens only instance owners', async () => {
    for (const name of ['memberAny', 'memberOfOtherTenant', 'outsider'] as const) {
      const result = await actors.clients[name].gql(CREATE, { t: tenantId, input: { name: 'Versuch', preset: 'BOOKINGS_READ' } });
      expect(result.errors?.[0]?.extensions?.code, name).toBe('AUTH_FORBIDDEN');
      expect((await actors.clients[name].post(`/api/${tenantId}/api-tokens`, { name: 'Versuch', preset: 'BOOKINGS_READ' })).status, name).toBe(403);
      expect((await actors.clients[name].gql(LIST, { t: tenantId })).errors?.[0]?.extensions?.code, name).toBe('AUTH_FORBIDDEN');
    }
    expect((await guest.gql(LIST, { t: tenantId })).errors?.[0]?.extensions?.code).toBe('AUTH_UNAUTHENTICATED');
    expect((await owner.gql(CREATE, { t: null, input: { name: 'Instanz' } })).errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
    const instance = await createToken({ name: 'Instanz' }, null, actors.clients.instanceOwner);
    expect(instance.token.tenantId).toBeNull();
    expect((await actors.clients.instanceOwner.gql(LIST, { t: tenantId })).errors).toBeUndefined();
  });

  it('a token can never create, list or revoke tokens, not even an instance token', async () => {
    const reader = await createToken({ name: 'Leser', preset: 'BOOKINGS_READ' });
    const instance = await createToken({ name: 'Instanz-Skript' }, null, actors.clients.instanceOwner);
    for (const secret of [reader.secret, instance.secret]) {
      const client = script();
      const created = await client.gql(CREATE, { t: tenantId, input: { name: 'Neu', preset: 'BOOKINGS_READ' } }, bearer(secret));
      expect(created.errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
      expect((await client.post(`/api/${tenantId}/api-tokens`, { name: 'Neu', preset: 'BOOKINGS_READ' }, bearer(secret))).status).toBe(403);
      expect((await client.gql(REVOKE, { id: reader.token.id }, bearer(secret))).errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
    }
    expect(await app.orm.em.getConnection().execute(`select count(*)::int as n from api_tokens where name = 'Neu'`)).toEqual([{ n: 0 }]);
  });

  it('revoked and expired tokens answer 401 with WWW-Authenticate: Bearer (REST problem+json, GraphQL AUTH_UNAUTHENTICATED)', async () => {
    const { token, secret } = await createToken({ name: 'Alt', preset: 'BOOKINGS_READ' });
    const client = script();
    expect((await client.get(`/api/${tenantId}/bookings`, bearer(secret))).status).toBe(200);
    const revoked = await owner.gql<{ revokeApiToken: { id: string; revokedAt: string | null } }>(REVOKE, { id: token.id });
    expect(revoked.data?.revokeApiToken.revokedAt).toBeTruthy();
    const refused = await client.get(`/api/${tenantId}/bookings`, bearer(secret));
    expect(refused.status).toBe(401);
    expect(refused.contentType).toContain('application/problem+json');
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(refused.json).toMatchObject({ status: 401, code: 'auth.unauthenticated', detail: 'Der API-Schlüssel ist unbekannt, widerrufen oder abgelaufen.' });
    const graphql = await client.gql(gql.list, { t: tenantId }, bearer(secret));
    expect(graphql.status).toBe(401);
    expect(graphql.errors?.[0]?.extensions?.code).toBe('AUTH_UNAUTHENTICATED');

    const expiring = await createToken({ name: 'Abgelaufen', preset: 'BOOKINGS_READ' });
    expect((await client.get(`/api/${tenantId}/bookings`, bearer(expiring.secret))).status).toBe(200);
    await app.orm.em.getConnection().execute(`update api_tokens set expires_at = now() - interval '1 second' where id = ?`, [expiring.token.id]);
    expect((await client.get(`/api/${tenantId}/bookings`, bearer(expiring.secret))).status).toBe(401);
    expect((await client.get(`/api/${tenantId}/bookings`, bearer('bpt_unbekannt'))).status).toBe(401);
    expect((await client.get(`/api/${tenantId}/bookings`, { headers: { authorization: 'Basic Zm9vOmJhcg==' } })).status).toBe(401);
  });

  it('REST: POST shows the secret once; another tenant’s path does not find the token; DELETE revokes it', async () => {
    const created = await owner.post(`/api/${tenantId}/api-tokens`, { name: 'REST', preset: 'OCCUPANCY_READ', expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    expect(created.status, created.text).toBe(201);
    const { token, secret } = created.json as { token: Token; secret: string };
    expect(token).toMatchObject({ name: 'REST', preset: 'OCCUPANCY_READ', prefix: secret.slice(0, 12) });
    expect((await script().get(`/api/${tenantId}/bookables/public`, bearer(secret))).status).toBe(200);
    expect((await actors.clients.instanceOwner.request('DELETE', `/api/${otherTenantId}/api-tokens/${token.id}`)).status).toBe(404);
    expect((await actors.clients.memberAny.request('DELETE', `/api/${tenantId}/api-tokens/${token.id}`)).status).toBe(404);
    const revoked = await owner.request('DELETE', `/api/${tenantId}/api-tokens/${token.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).toBeTruthy();
  });
});

describe('what a token may do', () => {
  it('BOOKINGS_READ reads the bookings over REST and GraphQL but writes nothing', async () => {
    const bookingId = await bookedId();
    const { secret } = await createToken({ name: 'Finanzen', preset: 'BOOKINGS_READ' });
    const client = script();
    const list = await client.get(`/api/${tenantId}/bookings`, bearer(secret));
    expect(list.status).toBe(200);
    expect((list.json as { id: string }[]).map((booking) => booking.id)).toContain(bookingId);
    const graphql = await client.gql<{ bookings: { items: { id: string; mail: string }[] } }>(gql.list, { t: tenantId, limit: 200 }, bearer(secret));
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data?.bookings.items.find((booking) => booking.id === bookingId)?.mail).toBe(customer.mail);
    expect((await client.post(`/api/${tenantId}/bookings/${bookingId}/commit`, {}, bearer(secret))).status).toBe(403);
    expect((await client.gql(gql.commit, { t: tenantId, id: bookingId }, bearer(secret))).errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
    expect((await client.request('DELETE', `/api/${tenantId}/bookings/${bookingId}`, bearer(secret))).status).toBe(403);
    // The staff's CSV download too.
    const csv = await client.get(`/csv/${tenantId}/bookings`, bearer(secret));
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(customer.mail);
  });

  it('OCCUPANCY_READ reads occupancy and public slots, gets 403 on bookings and sees nothing personal', async () => {
    await bookedId();
    const { secret } = await createToken({ name: 'Raumanzeige', preset: 'OCCUPANCY_READ' });
    const client = script();
    const window = `from=${testInstant('2027-06-01T00:00:00.000Z')}&to=${testInstant('2027-08-01T00:00:00.000Z')}`;
    const reads = [
      await client.get(`/api/${tenantId}/calendar/occupancy?${window}`, bearer(secret)),
      await client.get(`/api/${tenantId}/bookables/${room.id}/bookings?public=true&${window}`, bearer(secret)),
      await client.get(`/api/${tenantId}/bookings?public=true&${window}`, bearer(secret)),
      await client.get(`/api/${tenantId}/bookables/public`, bearer(secret)),
    ];
    for (const read of reads) {
      expect(read.status, read.text).toBe(200);
      expect(read.text).not.toContain(customer.mail);
      expect(read.text).not.toContain(customer.name);
    }
    expect((reads[0]!.json as unknown[]).length).toBeGreaterThan(0);
    const bookings = await client.get(`/api/${tenantId}/bookings`, bearer(secret));
    expect(bookings.status).toBe(403);
    expect(bookings.text).not.toContain(customer.mail);
    expect((await client.get(`/api/${tenantId}/bookables/${room.id}/bookings?${window}`, bearer(secret))).status).toBe(403);
    const graphql = await client.gql(gql.list, { t: tenantId }, bearer(secret));
    expect(graphql.errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
    expect(JSON.stringify(graphql.data ?? null)).not.toContain(customer.mail);
    expect((await client.get(`/api/${tenantId}/users`, bearer(secret))).text).not.toContain('@example.com');
    const csv = await client.get(`/csv/${tenantId}/bookings`, bearer(secret));
    expect(csv.status).toBe(403);
    expect(csv.text).not.toContain(customer.mail);
  });

  it('a role token acts with exactly the role’s rights in its tenant', async () => {
    const roles = await app.orm.em.getConnection().execute<{ id: string; name: string }[]>('select id, name from roles where tenant_id = ?', [tenantId]);
    const all = roles.find((role) => role.name === 'Alle')!;
    const none = roles.find((role) => role.name === 'Ohne Rechte')!;
    const writer = await createToken({ name: 'Buchhaltung', roleId: all.id });
    expect(writer.token).toMatchObject({ roleId: all.id, preset: null });
    const reader = await createToken({ name: 'Nichts', roleId: none.id });
    const bookingId = await bookedId();
    const client = script();
    const committed = await client.post(`/api/${tenantId}/bookings/${bookingId}/commit`, {}, bearer(writer.secret));
    expect(committed.status, committed.text).toBe(200);
    const history = await owner.get(`/api/${tenantId}/bookings/${bookingId}/history`);
    expect(history.json.entries[0]).toMatchObject({ action: 'released', actor: { kind: 'api_token', id: writer.token.id, label: 'Buchhaltung' } });
    expect((await client.get(`/api/${tenantId}/bookings`, bearer(reader.secret))).status).toBe(403);
    // Nothing beyond the role: the tenant's settings and the instance stay closed.
    expect((await client.gql(`query($id: ID!) { tenant(id: $id) { id name } }`, { id: tenantId }, bearer(writer.secret))).errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
    expect((await client.get('/api/instances', bearer(writer.secret))).status).toBe(403);
  });

  it('a token of tenant A is refused on tenant B', async () => {
    const { secret } = await createToken({ name: 'Nur A', preset: 'BOOKINGS_READ' });
    const client = script();
    expect((await client.get(`/api/${otherTenantId}/bookings`, bearer(secret))).status).toBe(403);
    expect((await client.gql(gql.list, { t: otherTenantId }, bearer(secret))).errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
  });

  it('a request with both the session cookie and a token is refused', async () => {
    const { secret } = await createToken({ name: 'Doppelt', preset: 'BOOKINGS_READ' });
    const both = await owner.get(`/api/${tenantId}/bookings`, bearer(secret));
    expect(both.status).toBe(400);
    expect(both.contentType).toContain('application/problem+json');
    expect(both.json).toMatchObject({ code: 'auth.token-with-session', detail: 'Die Anfrage enthält ein Sitzungs-Cookie und einen API-Schlüssel. Senden Sie nur eines von beiden.' });
    const graphql = await owner.gql(gql.list, { t: tenantId }, bearer(secret));
    expect(graphql.status).toBe(400);
    expect(graphql.errors?.[0]?.extensions?.code).toBe('AUTH_TOKEN_WITH_SESSION');
  });

  it('WEBSITE_BOOKING books without CSRF headers (even with a foreign Origin), reads its own bookings only, and the history names the token', async () => {
    const { token, secret } = await createToken({ name: 'Website der Stadt', preset: 'WEBSITE_BOOKING' });
    const client = script();
    const foreign = { headers: { origin: 'https://evil.example' } };
    expect((await book(client, {}, foreign)).status).toBe(403);
    const booked = await book(client, {}, { headers: { ...bearer(secret).headers, origin: 'https://evil.example' } });
    expect(booked.status, booked.text).toBe(200);
    const bookingId = (booked.json as { id: string }).id;
    await waitForSettledQueue(app.orm);
    const history = await owner.get(`/api/${tenantId}/bookings/${bookingId}/history`);
    expect(history.json.entries.find((entry: { action: string }) => entry.action === 'created')).toMatchObject({ actor: { kind: 'api_token', id: token.id, label: 'Website der Stadt' }, via: 'checkout' });

    const own = await client.get(`/api/${tenantId}/bookings/${bookingId}`, bearer(secret));
    expect(own.status, own.text).toBe(200);
    const othersId = await bookedId();
    expect([403, 404]).toContain((await client.get(`/api/${tenantId}/bookings/${othersId}`, bearer(secret))).status);
    const list = await client.get(`/api/${tenantId}/bookings`, bearer(secret));
    expect(list.status).toBe(200);
    expect((list.json as { id: string }[]).map((booking) => booking.id)).toEqual([bookingId]);
    expect((await client.post(`/api/${tenantId}/bookings/${bookingId}/commit`, {}, bearer(secret))).status).toBe(403);
    // A GraphQL checkout works the same way.
    const { timeBegin, timeEnd } = slot(10, nextDay());
    const graphql = await client.gql<{ checkout: { id: string } }>(
      gql.checkout,
      { t: tenantId, input: { timeBegin: new Date(timeBegin).toISOString(), timeEnd: new Date(timeEnd).toISOString(), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer } },
      { headers: { ...bearer(secret).headers, origin: 'https://evil.example' } },
    );
    expect(graphql.errors, JSON.stringify(graphql.errors)).toBeUndefined();
  });

  it('a token has no account of its own: profile, data download and account deletion are refused', async () => {
    const { secret } = await createToken({ name: 'Konto', preset: 'BOOKINGS_READ' });
    const client = script();
    expect((await client.put('/api/user', { firstName: 'Skript' }, bearer(secret))).status).toBe(403);
    expect((await client.get('/api/users/me/personal-data', bearer(secret))).status).toBe(403);
    expect((await client.request('DELETE', '/api/users/me', { ...bearer(secret), json: { password: 'x' } })).status).toBe(403);
    const profile = await client.gql(`mutation { updateProfile(input: { firstName: "Skript" }) { id } }`, {}, bearer(secret));
    expect(profile.errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
  });

  it('notes the last use', async () => {
    const { token, secret } = await createToken({ name: 'Zuletzt', preset: 'OCCUPANCY_READ' });
    expect(token.lastUsedAt).toBeNull();
    await script().get(`/api/${tenantId}/bookables/public`, bearer(secret));
    const list = await owner.gql<{ apiTokens: Token[] }>(LIST, { t: tenantId });
    expect(list.data?.apiTokens.find((entry) => entry.id === token.id)?.lastUsedAt).toBeTruthy();
  });

  it('a subscription authenticated by a token hears of its tenant’s bookings', async () => {
    const { secret } = await createToken({ name: 'Live', preset: 'BOOKINGS_READ' });
    const ws = graphqlWsClient(app.url, { connectionParams: { authorization: `Bearer ${secret}` } });
    const subscription = new SubscriptionRecorder<{ bookingChanged: { tenantId: string; id: string; action: string; booking: { id: string; name: string } | null } }>(ws, CHANGED, { t: tenantId });
    try {
      const ping = await bookedId();
      for (let attempt = 0; subscription.results.length === 0; attempt += 1) {
        expect(attempt, 'the subscription never delivered').toBeLessThan(50);
        if (subscription.error !== undefined) throw new Error(JSON.stringify(subscription.error));
        await owner.post(`/api/${tenantId}/bookings/${ping}/commit`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const bookingId = await bookedId();
      const created = await subscription.waitFor((result) => result.data?.bookingChanged.id === bookingId && result.data.bookingChanged.action === 'CREATED');
      expect(created.data?.bookingChanged).toEqual({ tenantId, id: bookingId, action: 'CREATED', booking: { id: bookingId, name: customer.name } });
    } finally {
      subscription.stop();
      await ws.dispose();
    }
    // Another tenant's events are refused to the token.
    const other = graphqlWsClient(app.url, { connectionParams: { authorization: `Bearer ${secret}` } });
    const refused = new SubscriptionRecorder(other, CHANGED, { t: otherTenantId });
    try {
      const deadline = Date.now() + 5000;
      while (refused.results.length === 0 && refused.error === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(JSON.stringify(refused.results.length ? refused.results : refused.error)).toContain('AUTH_FORBIDDEN');
    } finally {
      refused.stop();
      await other.dispose();
    }
  });

  it('a socket whose token is revoked closes (4401) at once, and nothing reaches it afterwards', async () => {
    const { token, secret } = await createToken({ name: 'Live widerrufen', preset: 'BOOKINGS_READ' });
    const ws = graphqlWsClient(app.url, { connectionParams: { authorization: `Bearer ${secret}` } });
    const subscription = new SubscriptionRecorder<{ bookingChanged: { id: string } }>(ws, CHANGED, { t: tenantId });
    try {
      const ping = await bookedId();
      for (let attempt = 0; subscription.results.length === 0; attempt += 1) {
        expect(attempt, 'the subscription never delivered').toBeLessThan(50);
        await owner.post(`/api/${tenantId}/bookings/${ping}/commit`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await owner.gql(REVOKE, { id: token.id });
      // The revocation's NOTIFY closes the socket without waiting for an event (security/offboarding.test.ts times it).
      await subscription.waitForEnd();
      const seen = subscription.results.length;
      await bookedId();
      expect((subscription.error as { code?: number } | undefined)?.code).toBe(4401);
      expect(subscription.results).toHaveLength(seen);
    } finally {
      subscription.stop();
      await ws.dispose();
    }
  }, 30_000);

  it('a socket with both the session cookie and a token gets nothing', async () => {
    const { secret } = await createToken({ name: 'Socket doppelt', preset: 'BOOKINGS_READ' });
    const ws = graphqlWsClient(app.url, { cookie: owner.cookieHeader(), connectionParams: { authorization: `Bearer ${secret}` } });
    const refused = new SubscriptionRecorder(ws, CHANGED, { t: tenantId });
    try {
      const deadline = Date.now() + 5000;
      while (refused.results.length === 0 && refused.error === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(JSON.stringify(refused.results.length ? refused.results : refused.error)).toContain('AUTH_UNAUTHENTICATED');
    } finally {
      refused.stop();
      await ws.dispose();
    }
  });

  it('answers 429 with Retry-After once a token exceeds its requests per minute; every answer carries the RateLimit fields', async () => {
    const { secret } = await createToken({ name: 'Eilig', preset: 'OCCUPANCY_READ' });
    const client = script();
    const remaining: number[] = [];
    for (let index = 0; index < PER_MINUTE; index += 1) {
      const answer = await client.get(`/api/${tenantId}/bookables/public`, bearer(secret));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-policy')).toBe(`"token";q=${PER_MINUTE};w=60`);
      const [, left, reset] = /^"token";r=(\d+);t=(\d+)$/.exec(answer.headers.get('ratelimit') ?? '') ?? [];
      expect(Number(reset)).toBeGreaterThan(0);
      expect(Number(reset)).toBeLessThanOrEqual(60);
      remaining.push(Number(left));
    }
    // Counted down within the one window: the last request allowed leaves nothing.
    expect(remaining).toEqual(Array.from({ length: PER_MINUTE }, (_, index) => PER_MINUTE - 1 - index));
    const limited = await client.get(`/api/${tenantId}/bookables/public`, bearer(secret));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit')).toMatch(/^"token";r=0;t=\d+$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json).toMatchObject({ code: 'auth.rate-limited' });
    const graphql = await client.gql(gql.list, { t: tenantId }, bearer(secret));
    expect(graphql.status).toBe(429);
    expect(graphql.response.headers.get('retry-after')).toBeTruthy();
    expect(graphql.errors?.[0]?.extensions?.code).toBe('AUTH_RATE_LIMITED');
  });
});
