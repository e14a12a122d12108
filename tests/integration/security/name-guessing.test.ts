import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tenant } from '../../../server/src/tenants/tenant.entity.js';
import { createTenant } from '../../support/fixtures.js';
import type { HttpClient, HttpResponse } from '../../support/http.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { storeBookable } from '../bookables.fixtures.js';
import { customer } from '../bookings.fixtures.js';
import { EVENT_WAIT_CEILING_MS } from '../../support/waits.js';

/**
 * Guessing a booking's name: the public status (REST `status/public`, GraphQL `publicBookingStatus`)
 * and `verify-ownership` tell whether a name is the booking's. Wrong names are limited to 10 per
 * 15 minutes per booking and per client address, counted in PostgreSQL; then every answer is 429
 * with Retry-After, and the German message says when to try again. Each client here has its own
 * address (X-Forwarded-For), so the two limits can be told apart.
 */
let app: TestApp;
let tenantId: string;
let thingId: string;
let addressCounter = 0;
const nextAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
/** A client with an address of its own. */
const freshClient = () => app.client({ ip: nextAddress() });

const RETRY_MESSAGE = /^Zu viele Versuche\. Bitte versuchen Sie es in (einer Minute|(\d+) Minuten) erneut\.$/;
const WINDOW_SECONDS = 15 * 60;

beforeAll(async () => {
  app = await startTestApp();
  const tenant = await createTenant(app.orm, { name: 'Stadt Ratehausen' });
  tenantId = tenant.id;
  const em = app.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).enablePublicStatusView = true;
  await em.flush();
  thingId = (await storeBookable(app, tenantId, { isBookable: true, isPublic: true, amount: null, title: 'Festzelt' })).id;
});
afterAll(async () => app?.close());

async function newBooking(name = customer.name): Promise<string> {
  const response = await app.client().post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId: thingId }], ...customer, name });
  expect(response.status, response.text).toBe(200);
  return response.json.id as string;
}

const statusPath = (id: string, name: string) => `/api/${tenantId}/bookings/${id}/status/public?lastname=${encodeURIComponent(name)}`;
const ownershipPath = (id: string, name: string) => `/api/${tenantId}/bookings/${id}/verify-ownership?name=${encodeURIComponent(name)}`;
const STATUS_QUERY = 'query($t: ID!, $id: ID!, $n: String!) { publicBookingStatus(tenantId: $t, id: $id, lastname: $n) { bookingId name } }';

/** A 429 problem that says when to try again, matching its Retry-After header. */
function expectTooMany(response: HttpResponse): void {
  expect(response.status, response.text).toBe(429);
  expect(response.contentType).toMatch(/^application\/problem\+json/);
  expect(response.json).toMatchObject({ status: 429, code: 'auth.rate-limited', title: 'Zu viele Versuche' });
  expect(response.json.detail).toMatch(RETRY_MESSAGE);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  const [, , minutes] = RETRY_MESSAGE.exec(response.json.detail) ?? [];
  expect(Number(minutes ?? 1)).toBe(Math.ceil(retryAfter / 60));
}

/** Attempts counted for a key in the current window. */
async function attempts(key: string): Promise<number> {
  const rows = await app.orm.em.getConnection().execute<{ hits: number }[]>('select hits from rate_limits where key = ?', [key]);
  return rows[0]?.hits ?? 0;
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = EVENT_WAIT_CEILING_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function guessWrong(client: HttpClient, id: string, times: number, path = statusPath): Promise<void> {
  for (let guess = 1; guess <= times; guess++) {
    const response = await client.get(path(id, `Falscher Name ${guess}`));
    expect(response.status, `guess ${guess}: ${response.text}`).toBe(401);
  }
}

describe('per booking', () => {
  it('the 11th guess at one booking answers 429, from any address and even with the right name', async () => {
    const id = await newBooking();
    for (let guess = 1; guess <= 10; guess++) {
      const response = await freshClient().get(statusPath(id, `Name ${guess}`));
      expect(response.status, `guess ${guess}`).toBe(401);
      expect(response.json.code).toBe('booking.name-mismatch');
    }
    const eleventh = await freshClient().get(statusPath(id, 'Name 11'));
    expectTooMany(eleventh);
    expect(eleventh.json.detail).toBe('Zu viele Versuche. Bitte versuchen Sie es in 15 Minuten erneut.');
    // The right name now answers the same, so a lucky guess cannot be told apart.
    expectTooMany(await freshClient().get(statusPath(id, customer.name)));
    expectTooMany(await freshClient().get(ownershipPath(id, customer.name)));
    // Another booking is not affected.
    expect((await freshClient().get(statusPath(await newBooking(), customer.name))).status).toBe(200);
  });

  it('verify-ownership and the status share one count', async () => {
    const id = await newBooking();
    const client = freshClient();
    await guessWrong(client, id, 5, statusPath);
    await guessWrong(freshClient(), id, 5, ownershipPath);
    expectTooMany(await freshClient().get(ownershipPath(id, 'Noch ein Name')));
    expectTooMany(await client.get(statusPath(id, 'Noch ein Name')));
  });

  it('once the window has passed, the booking answers again', async () => {
    const id = await newBooking();
    await guessWrong(freshClient(), id, 10);
    expectTooMany(await freshClient().get(statusPath(id, customer.name)));
    await app.orm.em.getConnection().execute(`update rate_limits set window_start = now() - interval '901 seconds' where key like ?`, [`%:${tenantId}:${id}`]);
    expect((await freshClient().get(statusPath(id, customer.name))).status).toBe(200);
  });
});

describe('per client address', () => {
  it('ten wrong names across bookings (and unknown numbers) stop that address at every booking; another address goes on', async () => {
    const [first, second] = [await newBooking(), await newBooking()];
    const guesser = freshClient();
    await guessWrong(guesser, first, 4);
    await guessWrong(guesser, second, 4, ownershipPath);
    expect((await guesser.get(statusPath('ABCD-EFGH', 'Irgendwer'))).status).toBe(404);
    expect((await guesser.get(statusPath('ABCD-EFGK', 'Irgendwer'))).status).toBe(404);
    expectTooMany(await guesser.get(statusPath(first, customer.name)));
    expectTooMany(await guesser.get(statusPath(await newBooking(), customer.name)));
    expect((await freshClient().get(statusPath(first, customer.name))).status).toBe(200);
  });

  it('the right name uses nothing up: the customer may look twenty times', async () => {
    const id = await newBooking();
    const customerClient = freshClient();
    for (let look = 1; look <= 20; look++) {
      const response = await customerClient.get(statusPath(id, customer.name));
      expect(response.status, `look ${look}`).toBe(200);
    }
    expect((await customerClient.get(ownershipPath(id, customer.name))).status).toBe(200);
  });

  it('parallel guesses cannot slip past the limit: of 30 at once, at most 10 are answered', async () => {
    const id = await newBooking();
    const guesser = freshClient();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, guess) => guesser.get(statusPath(id, `Parallel ${guess}`))));
    expect(answers.filter((answer) => answer.status === 401).length).toBe(10);
    expect(answers.filter((answer) => answer.status === 429).length).toBe(20);
  });
});

describe('GraphQL publicBookingStatus', () => {
  it('counts every alias as a guess: 12 aliased wrong names in one request use up the booking, then AUTH_RATE_LIMITED with HTTP 429', async () => {
    const id = await newBooking();
    const aliases = Array.from({ length: 12 }, (_, guess) => `g${guess}: publicBookingStatus(tenantId: $t, id: $id, lastname: "Alias ${guess}") { bookingId }`);
    const address = nextAddress();
    const result = await app.client({ ip: address }).gql(`query($t: ID!, $id: ID!) { ${aliases.join(' ')} }`, { t: tenantId, id });
    expect(result.data).toBeNull();
    expect(['BOOKING_NAME_MISMATCH', 'AUTH_RATE_LIMITED']).toContain(result.errors?.[0].extensions?.code);
    // GraphQL answers with the first failing field; the other aliases still run, and each one counts.
    // Twelve for the address; the ten it let through are counted on the booking.
    const counted = async () => [await attempts(`booking-name:ip:${address}`), await attempts(`booking-name:booking:${tenantId}:${id}`)].join('/');
    await until(async () => (await counted()) === '12/10', 'all twelve aliases counted');

    const right = await freshClient().gql(STATUS_QUERY, { t: tenantId, id, n: customer.name });
    expect(right.status).toBe(429);
    expect(right.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(right.data).toBeNull();
    expect(right.errors?.[0].message).toMatch(RETRY_MESSAGE);
    expect(right.errors?.[0].extensions).toMatchObject({ code: 'AUTH_RATE_LIMITED', status: 429, retryAfter: expect.any(Number) });
    expect(right.errors?.[0].extensions).not.toHaveProperty('http');
    // REST shares the count.
    expectTooMany(await freshClient().get(statusPath(id, customer.name)));
  });

  it('the right name answers with 200 and the status', async () => {
    const id = await newBooking();
    const result = await freshClient().gql<{ publicBookingStatus: { bookingId: string; name: string } }>(STATUS_QUERY, { t: tenantId, id, n: customer.name.toUpperCase() });
    expect(result.status).toBe(200);
    expect(result.data?.publicBookingStatus).toEqual({ bookingId: id, name: customer.name });
  });
});
