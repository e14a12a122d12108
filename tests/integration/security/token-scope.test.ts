import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../support/http.js';
import { createActors, type Actors } from '../../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { bookableRoom, bookingCount, customer, slot } from '../bookings.fixtures.js';

/**
 * A token does what it says: an API token acts only in its own tenant and only within its rights.
 * A "Buchungen lesen" token used to book in another tenant (the booking assigned to the token);
 * now every preset is refused there (403), and in its own tenant only WEBSITE_BOOKING may check
 * out. Status lookups made with a token count against the token, not the website's one address,
 * and a repeated idempotent checkout leaves the status tokens answered before valid.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let otherTenantId: string;
let rooms: Record<string, string>;

const PRESETS = ['OCCUPANCY_READ', 'BOOKINGS_READ', 'WEBSITE_BOOKING'] as const;
const CREATE = `mutation($t: ID, $input: ApiTokenInput!) { createApiToken(tenantId: $t, input: $input) { secret } }`;
const CHECKOUT = `mutation($t: ID!, $input: CheckoutInput!, $key: String) { checkout(tenantId: $t, input: $input, idempotencyKey: $key) { id statusToken } }`;
const STATUS = `query($t: ID!, $token: String!) { bookingStatusByToken(tenantId: $t, token: $token) { bookingId } }`;
const OBJECTS = `query($t: ID!) { publicBookables(tenantId: $t) { id } }`;

let day = 0;
/** A fresh day per booking, so no two bookings of a room collide. */
const nextDay = () => new Date(Date.UTC(2028, 0, 1 + day++)).toISOString().slice(0, 10);
const restBody = (tenant: string) => ({ ...slot(10, nextDay()), bookableItems: [{ bookableId: rooms[tenant], amount: 1 }], ...customer });
const graphqlBody = (tenant: string) => {
  const { timeBegin, timeEnd, ...rest } = restBody(tenant);
  return { ...rest, timeBegin: new Date(timeBegin).toISOString(), timeEnd: new Date(timeEnd).toISOString() };
};
const bearer = (secret: string, extra: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${secret}`, ...extra } });
let address = 0;
const script = () => app.client({ ip: `10.77.0.${++address}` });

async function tokenSecret(preset: string): Promise<string> {
  const created = await actors.clients.tenantOwner.gql<{ createApiToken: { secret: string } }>(CREATE, { t: tenantId, input: { name: `Skript ${preset}`, preset } });
  expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
  return created.data!.createApiToken.secret;
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'token-scope');
  tenantId = actors.tenant.id;
  otherTenantId = actors.otherTenant.id;
  rooms = { [tenantId]: (await bookableRoom(app, tenantId)).id, [otherTenantId]: (await bookableRoom(app, otherTenantId)).id };
});
afterAll(async () => app?.close());

describe('a token acts only in its tenant and within its rights', () => {
  it.each(PRESETS)('%s: no checkout, no query, no path of another tenant (403); nothing is booked there', async (preset) => {
    const secret = await tokenSecret(preset);
    const client = script();
    const before = await bookingCount(app, otherTenantId);
    const rest = await client.post(`/api/${otherTenantId}/checkout`, restBody(otherTenantId), bearer(secret));
    expect(rest.status, rest.text).toBe(403);
    expect(rest.contentType).toContain('application/problem+json');
    expect(rest.json).toMatchObject({ code: 'auth.forbidden' });
    const graphql = await client.gql(CHECKOUT, { t: otherTenantId, input: graphqlBody(otherTenantId) }, bearer(secret));
    expect(graphql.errors?.[0]?.extensions?.code, JSON.stringify(graphql.errors)).toBe('AUTH_FORBIDDEN');
    expect(await bookingCount(app, otherTenantId)).toBe(before);
    // Public reads of another tenant are refused as well: the token names its tenant.
    expect((await client.gql(OBJECTS, { t: otherTenantId }, bearer(secret))).errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
    expect((await client.get(`/api/${otherTenantId}/bookables`, bearer(secret))).status).toBe(403);
    // Its own tenant's public objects stay open to it.
    expect((await client.gql(OBJECTS, { t: tenantId }, bearer(secret))).errors).toBeUndefined();
  });

  it.each(PRESETS)('%s: checks out in its own tenant only with the booking right (WEBSITE_BOOKING), others 403', async (preset) => {
    const secret = await tokenSecret(preset);
    const client = script();
    const before = await bookingCount(app, tenantId);
    const rest = await client.post(`/api/${tenantId}/checkout`, restBody(tenantId), bearer(secret));
    const graphql = await client.gql<{ checkout: { id: string } }>(CHECKOUT, { t: tenantId, input: graphqlBody(tenantId) }, bearer(secret));
    if (preset === 'WEBSITE_BOOKING') {
      expect(rest.status, rest.text).toBe(200);
      expect(graphql.errors, JSON.stringify(graphql.errors)).toBeUndefined();
      expect(await bookingCount(app, tenantId)).toBe(before + 2);
    } else {
      expect(rest.status, rest.text).toBe(403);
      expect(rest.json).toMatchObject({ code: 'auth.forbidden' });
      expect(graphql.errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
      expect(await bookingCount(app, tenantId)).toBe(before);
    }
  });

  it('without a token the checkout stays open to guests in every tenant', async () => {
    const guest = script();
    for (const tenant of [tenantId, otherTenantId]) expect((await guest.post(`/api/${tenant}/checkout`, restBody(tenant))).status).toBe(200);
  });
});

describe('status lookups of a website', () => {
  const statusGet = (client: HttpClient, token: string, extra: Record<string, string> = {}) =>
    client.get(`/api/${tenantId}/bookings/status`, { headers: { 'x-status-token': token, ...extra } });

  it('count per token, not per address: stale status tokens of some visitors do not lock the others out', async () => {
    const secret = await tokenSecret('WEBSITE_BOOKING');
    const website = script();
    const booked = await website.post(`/api/${tenantId}/checkout`, restBody(tenantId), bearer(secret));
    expect(booked.status, booked.text).toBe(200);
    const { statusToken } = booked.json as { statusToken: string };
    // Twelve visitors come back with a status token that opens nothing (a stale or mistyped link).
    for (let visitor = 0; visitor < 12; visitor++) {
      const stale = await statusGet(website, `bst_${String(visitor).padStart(43, 'x')}`, bearer(secret).headers);
      expect(stale.status, stale.text).toBe(404);
    }
    // The next visitor's right token still opens the status, over REST and GraphQL.
    const right = await statusGet(website, statusToken, bearer(secret).headers);
    expect(right.status, right.text).toBe(200);
    const graphql = await website.gql(STATUS, { t: tenantId, token: statusToken }, bearer(secret));
    expect(graphql.errors, JSON.stringify(graphql.errors)).toBeUndefined();
    // Without the token, the same address is limited as before.
    for (let attempt = 0; attempt < 10; attempt++) expect((await statusGet(website, `bst_${String(attempt).padStart(43, 'y')}`)).status).toBe(404);
    expect((await statusGet(website, statusToken)).status).toBe(429);
  });

  it('a repeated idempotent checkout leaves the earlier status tokens valid', async () => {
    const secret = await tokenSecret('WEBSITE_BOOKING');
    const website = script();
    const body = restBody(tenantId);
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await website.post(`/api/${tenantId}/checkout`, body, bearer(secret, { 'idempotency-key': 'bestellung-0815' }));
      expect(answer.status, answer.text).toBe(200);
      answers.push(answer.json as { id: string; statusToken: string });
    }
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.statusToken)).size).toBe(3);
    for (const { id, statusToken } of answers) {
      const status = await statusGet(website, statusToken, bearer(secret).headers);
      expect(status.status, status.text).toBe(200);
      expect(status.json).toMatchObject({ bookingId: id });
    }
  });
});
