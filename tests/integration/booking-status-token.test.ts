import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { HttpClient } from '../support/http.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';
import { bookableRoom, customer, gql, slot } from './bookings.fixtures.js';
import { testDayAhead } from '../support/test-calendar.js';

/**
 * The status API for websites (docs/integrators.md, "Booking status for websites"): the checkout
 * answers a status token (REST and GraphQL, also for a WEBSITE_BOOKING token) kept only as its
 * SHA-256; with it bookingStatusByToken and GET bookings/status answer the public status whatever
 * the tenant's setting; wrong tokens are not found and limited like name guesses; the privacy
 * anonymisation ends the token.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;
let room: { id: string };

const TOKEN_PATTERN = /^bst_[A-Za-z0-9_-]{43}$/;
const STATUS = `query($t: ID!, $token: String!) { bookingStatusByToken(tenantId: $t, token: $token) { bookingId title name status { paymentStatus bookingStatus activeStatus } timeBegin timeEnd comment } }`;
const CHECKOUT = `mutation($t: ID!, $input: CheckoutInput!, $key: String) { checkout(tenantId: $t, input: $input, idempotencyKey: $key) { id statusToken } }`;
const PREVIEW = `query($t: ID!, $input: CheckoutInput!) { checkoutPreview(tenantId: $t, input: $input) { id statusToken } }`;
const ERASE = `mutation($t: ID!, $mail: String!) { erasePersonalData(tenantId: $t, mail: $mail) { erased } }`;

let day = 0;
/** A fresh day in April 2027 per booking, so no two bookings of the room collide. */
const nextDay = () => new Date(Date.UTC(2027, 3, 1 + day++)).toISOString().slice(0, 10);
const input = (extra: Record<string, unknown> = {}) => ({ ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, comment: 'Bitte Beamer', ...extra });
/** The same for GraphQL, whose dates are ISO texts. */
const graphqlInput = () => {
  const body = input();
  return { ...body, timeBegin: new Date(body.timeBegin).toISOString(), timeEnd: new Date(body.timeEnd).toISOString() };
};
/** A script of a website: no cookies, its own address (the limit on guesses counts per address). */
let address = 0;
const website = () => app.client({ ip: `10.66.0.${++address}` });
const statusGet = (client: HttpClient, token: string | null, tenant = tenantId) => client.get(`/api/${tenant}/bookings/status`, token === null ? {} : { headers: { 'x-status-token': token } });
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function book(client: HttpClient = actors.clients.anonymous, extra: Record<string, unknown> = {}): Promise<{ id: string; statusToken: string }> {
  const response = await client.post(`/api/${tenantId}/checkout`, input(extra));
  expect(response.status, response.text).toBe(200);
  return response.json as { id: string; statusToken: string };
}

async function setPublicStatusView(enabled: boolean): Promise<void> {
  const em = app.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).enablePublicStatusView = enabled;
  await em.flush();
}

/** The stored hashes of a booking's status tokens (one per checkout answer), oldest first. */
const storedHashes = async (number: string) =>
  (await app.orm.em.getConnection().execute<{ status_token_hashes: string[] }[]>('select status_token_hashes from bookings where tenant_id = ? and number = ?', [tenantId, number]))[0]?.status_token_hashes;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'status');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  room = await bookableRoom(app, tenantId, { title: 'Trausaal' });
  // The token works whatever this setting says: it stays off here.
  await setPublicStatusView(false);
});
afterAll(async () => app?.close());

describe('the checkout answers a status token', () => {
  it('REST and GraphQL answer a recognisable token; only its SHA-256 is stored; a preview has none', async () => {
    const rest = await book();
    expect(rest.statusToken).toMatch(TOKEN_PATTERN);
    expect(await storedHashes(rest.id)).toEqual([hashOf(rest.statusToken)]);
    const row = JSON.stringify(await app.orm.em.getConnection().execute('select * from bookings where tenant_id = ? and number = ?', [tenantId, rest.id]));
    expect(row).not.toContain(rest.statusToken);
    expect(row).not.toContain(rest.statusToken.slice(4));

    const graphql = await website().gql<{ checkout: { id: string; statusToken: string } }>(CHECKOUT, { t: tenantId, input: graphqlInput() });
    expect(graphql.errors, JSON.stringify(graphql.errors)).toBeUndefined();
    expect(graphql.data?.checkout.statusToken).toMatch(TOKEN_PATTERN);
    expect(graphql.data?.checkout.statusToken).not.toBe(rest.statusToken);
    expect(await storedHashes(graphql.data!.checkout.id)).toEqual([hashOf(graphql.data!.checkout.statusToken)]);

    const preview = await website().gql<{ checkoutPreview: { id: string | null; statusToken: string | null } }>(PREVIEW, { t: tenantId, input: graphqlInput() });
    expect(preview.data?.checkoutPreview).toEqual({ id: null, statusToken: null });
  });

  it('a WEBSITE_BOOKING token’s checkout gets one too, and it opens the status', async () => {
    const created = await owner.gql<{ createApiToken: { secret: string } }>(`mutation($t: ID, $input: ApiTokenInput!) { createApiToken(tenantId: $t, input: $input) { secret } }`, {
      t: tenantId,
      input: { name: 'Website', preset: 'WEBSITE_BOOKING' },
    });
    const secret = created.data!.createApiToken.secret;
    const site = website();
    const response = await site.post(`/api/${tenantId}/checkout`, input(), { headers: { authorization: `Bearer ${secret}` } });
    expect(response.status, response.text).toBe(200);
    const { id, statusToken } = response.json as { id: string; statusToken: string };
    expect(statusToken).toMatch(TOKEN_PATTERN);
    const status = await statusGet(site, statusToken);
    expect(status.status, status.text).toBe(200);
    expect(status.json).toMatchObject({ bookingId: id, title: 'Trausaal' });
  });

  it('a repeated idempotent checkout answers the same booking with a new token; the earlier one stays valid', async () => {
    const site = website();
    const body = input();
    const first = await site.post(`/api/${tenantId}/checkout`, body, { headers: { 'idempotency-key': 'website-order-4711' } });
    const again = await site.post(`/api/${tenantId}/checkout`, body, { headers: { 'idempotency-key': 'website-order-4711' } });
    expect(again.status, again.text).toBe(200);
    const [a, b] = [first.json as { id: string; statusToken: string }, again.json as { id: string; statusToken: string }];
    expect(b.id).toBe(a.id);
    expect(b.statusToken).toMatch(TOKEN_PATTERN);
    expect(b.statusToken).not.toBe(a.statusToken);
    expect((await statusGet(site, b.statusToken)).status).toBe(200);
    expect((await statusGet(site, a.statusToken)).status).toBe(200);
    expect(await storedHashes(a.id)).toEqual([hashOf(a.statusToken), hashOf(b.statusToken)]);
  });
});

describe('the status by token', () => {
  it('GraphQL and REST answer the public status shape, although the tenant switched the public status off', async () => {
    const booking = await book(undefined, slot(7, testDayAhead(60)));
    const site = website();
    const byName = await site.gql(gql.publicStatus, { t: tenantId, id: booking.id, lastname: customer.name });
    expect(byName.errors?.[0]?.extensions?.code).toBe('BOOKING_PUBLIC_STATUS_DISABLED');

    const rest = await statusGet(site, booking.statusToken);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.json).toMatchObject({
      bookingId: booking.id,
      title: 'Trausaal',
      name: customer.name,
      status: { paymentStatus: 'pending', bookingStatus: 'pending', activeStatus: 'pending' },
      comment: 'Bitte Beamer',
      events: [],
    });
    await owner.post(`/api/${tenantId}/bookings/${booking.id}/commit`);
    const graphql = await site.gql<{ bookingStatusByToken: Record<string, unknown> }>(STATUS, { t: tenantId, token: booking.statusToken });
    expect(graphql.errors, JSON.stringify(graphql.errors)).toBeUndefined();
    expect(graphql.data?.bookingStatusByToken).toMatchObject({ bookingId: booking.id, name: customer.name, status: { bookingStatus: 'confirmed' } });

    // The same shape as the status by name, where that is switched on.
    await setPublicStatusView(true);
    try {
      const named = await site.gql<{ publicBookingStatus: Record<string, unknown> }>(gql.publicStatus, { t: tenantId, id: booking.id, lastname: customer.name });
      const again = await site.gql<{ bookingStatusByToken: Record<string, unknown> }>(STATUS, { t: tenantId, token: booking.statusToken });
      expect(again.data?.bookingStatusByToken).toEqual(named.data?.publicBookingStatus);
    } finally {
      await setPublicStatusView(false);
    }
  });

  it('a wrong token is not found (404, GENERIC_NOT_FOUND), also under another tenant; no token is a 400', async () => {
    const booking = await book();
    const site = website();
    const wrong = await statusGet(site, `bst_${'A'.repeat(43)}`);
    expect(wrong.status).toBe(404);
    expect(wrong.contentType).toContain('application/problem+json');
    expect(wrong.json).toMatchObject({ code: 'generic.not-found' });
    expect((await statusGet(site, 'kaputt')).status).toBe(404);
    expect((await statusGet(site, booking.statusToken, actors.otherTenant.id)).status).toBe(404);
    const graphql = await site.gql(STATUS, { t: tenantId, token: booking.statusToken.slice(0, -1) + (booking.statusToken.endsWith('A') ? 'B' : 'A') });
    expect(graphql.errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
    expect(JSON.stringify(graphql)).not.toContain(booking.id);
    const missing = await statusGet(site, null);
    expect(missing.status).toBe(400);
  });

  it('limits wrong tokens per address like name guesses: after ten every answer is 429, also for the right token', async () => {
    const booking = await book();
    const guesser = website();
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await statusGet(guesser, `bst_${String(attempt).padStart(43, 'x')}`)).status).toBe(404);
    const limited = await statusGet(guesser, booking.statusToken);
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: 'auth.rate-limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const graphql = await guesser.gql(STATUS, { t: tenantId, token: booking.statusToken });
    expect(graphql.errors?.[0]?.extensions?.code).toBe('AUTH_RATE_LIMITED');
    // Right tokens are no guesses: another address reads its status as often as it likes.
    const honest = website();
    for (let attempt = 0; attempt < 12; attempt += 1) expect((await statusGet(honest, booking.statusToken)).status).toBe(200);
  });

  it('the privacy anonymisation clears the token: it no longer opens the booking', async () => {
    const mail = 'status.loeschen@kunden.example';
    const thing = await storeBookable(app, tenantId, { isBookable: true, isPublic: true, amount: null });
    const response = await actors.clients.anonymous.post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId: thing.id, amount: 1 }], ...customer, mail });
    expect(response.status, response.text).toBe(200);
    const booking = response.json as { id: string; statusToken: string };
    const site = website();
    expect((await statusGet(site, booking.statusToken)).status).toBe(200);

    expect((await owner.post(`/api/${tenantId}/bookings/${booking.id}/reject`, { reason: 'Auf Wunsch' })).status).toBe(200);
    const erased = await owner.gql<{ erasePersonalData: { erased: number } }>(ERASE, { t: tenantId, mail });
    expect(erased.errors, JSON.stringify(erased.errors)).toBeUndefined();
    expect(erased.data?.erasePersonalData.erased).toBe(1);
    expect(await storedHashes(booking.id)).toEqual([]);
    expect((await statusGet(site, booking.statusToken)).status).toBe(404);
    const graphql = await site.gql(STATUS, { t: tenantId, token: booking.statusToken });
    expect(graphql.errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
  });
});
