import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_DRAIN_JOB } from '../../server/src/webhooks/webhook.queue.js';
import type { HttpClient, HttpResponse } from '../support/http.js';
import { makeRetriesDue, queuedJobs, waitForSettledQueue } from '../support/job-queue.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { EVENT_WAIT_CEILING_MS } from '../support/waits.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';

/**
 * One tenant cannot slow down another: tenant A has many webhook endpoints that answer only after
 * 25 s (far beyond the timeout). Its deliveries run in the queue's webhook lane, one at a time for
 * the tenant, so tenant B's booking mail, a password reset mail and B's own webhook arrive within
 * seconds. An endpoint that keeps failing is paused and its owner mailed.
 */
const SLOW_ENDPOINTS = 25;
const SLOW_ANSWER_MS = 25_000;
/** What "within seconds" means here: measured from the request to the awaited arrival. */
const FAST_CEILING_MS = 10_000;

let app: TestApp;
let actors: Actors;
let tenantA: string;
let tenantB: string;
let ownerA: HttpClient;
let ownerB: HttpClient;
let guest: HttpClient;
let roomA: { id: string };
let roomB: { id: string };

/** The slow receiver: holds each request SLOW_ANSWER_MS; counts the open ones and the most at once. */
let slow: Server;
let slowUrl: string;
let openNow = 0;
let openMost = 0;
let slowRequests = 0;
const openWaiters: { count: number; resolve: () => void }[] = [];

/** The fast receiver of tenant B: resolves the waiter of each arriving event type. */
let fast: Server;
let fastUrl: string;
const fastArrivals: { type: string; at: number }[] = [];
const fastWaiters: { type: string; resolve: (at: number) => void }[] = [];

const CREATE = 'mutation($t: ID!, $input: WebhookEndpointInput!) { createWebhookEndpoint(tenantId: $t, input: $input) { endpoint { id } } }';
const LIST = 'query($t: ID!) { webhookEndpoints(tenantId: $t) { id disabledAt disabledReason } }';
const DELIVERIES = 'query($id: ID!) { webhookDeliveries(endpointId: $id, first: 100) { nodes { status attempts lastError } } }';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
  });
}

/** Resolves once the slow receiver holds at least `count` requests (at once). */
function slowRequestsOpen(count: number): Promise<void> {
  if (openNow >= count) return Promise.resolve();
  return new Promise((resolve) => openWaiters.push({ count, resolve }));
}

/** Resolves with the arrival time of the next event of the type at the fast receiver. */
function fastArrival(type: string): Promise<number> {
  return new Promise((resolve) => fastWaiters.push({ type, resolve }));
}

/** Rejects after the ceiling: a wait that never ends fails the test instead of hanging it. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nicht nach ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

let day = 0;
const nextDay = () => new Date(Date.UTC(2027, 8, 1 + day++)).toISOString().slice(0, 10);

async function book(tenantId: string, roomId: string, mail = customer.mail): Promise<string> {
  const response: HttpResponse = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: roomId, amount: 1 }], ...customer, mail });
  expect(response.status, response.text).toBe(200);
  return (response.json as { id: string }).id;
}

async function register(client: HttpClient, tenantId: string, url: string): Promise<string> {
  const result = await client.gql<{ createWebhookEndpoint: { endpoint: { id: string } } }>(CREATE, { t: tenantId, input: { url, events: ['booking.created'] } });
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.createWebhookEndpoint.endpoint.id;
}

beforeAll(async () => {
  slow = createServer((request: IncomingMessage, response: ServerResponse) => {
    slowRequests++;
    openNow++;
    openMost = Math.max(openMost, openNow);
    for (const waiter of openWaiters.filter((entry) => openNow >= entry.count)) {
      openWaiters.splice(openWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    const timer = setTimeout(() => response.end('spät'), SLOW_ANSWER_MS);
    response.on('close', () => {
      clearTimeout(timer);
      openNow--;
    });
    request.resume();
  });
  fast = createServer((request: IncomingMessage, response: ServerResponse) => {
    void readBody(request).then((body) => {
      const type = (JSON.parse(body) as { type: string }).type;
      const at = Date.now();
      fastArrivals.push({ type, at });
      for (const waiter of fastWaiters.filter((entry) => entry.type === type)) {
        fastWaiters.splice(fastWaiters.indexOf(waiter), 1);
        waiter.resolve(at);
      }
      response.statusCode = 204;
      response.end();
    });
  });
  await Promise.all([new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve)), new Promise<void>((resolve) => fast.listen(0, '127.0.0.1', resolve))]);
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  fastUrl = `http://127.0.0.1:${(fast.address() as AddressInfo).port}/hook`;
  // The defaults of the lane (JOB_CONCURRENCY 4, WEBHOOK_CONCURRENCY 2); a short timeout and a breaker after two failures keep the test short.
  app = await startTestApp({ WEBHOOK_TIMEOUT_SECONDS: '2', WEBHOOK_PAUSE_AFTER_FAILURES: '2' });
  actors = await createActors(app, 'manageBookings', 'bookings', 'isolation');
  tenantA = actors.tenant.id;
  tenantB = actors.otherTenant.id;
  ownerA = actors.clients.tenantOwner;
  // The member of the other tenant becomes its owner: B registers a webhook of its own.
  await app.orm.em.getConnection().execute('update tenant_memberships set is_owner = true where tenant_id = ? and user_id = ?', [tenantB, actors.userIds.memberOfOtherTenant]);
  ownerB = actors.clients.memberOfOtherTenant;
  guest = actors.clients.anonymous;
  roomA = await bookableRoom(app, tenantA);
  roomB = await bookableRoom(app, tenantB);
});

afterAll(async () => {
  slow?.closeAllConnections();
  fast?.closeAllConnections();
  await app?.close();
  await Promise.all([new Promise((resolve) => slow?.close(resolve)), new Promise((resolve) => fast?.close(resolve))]);
});

describe('one tenant cannot slow down another', () => {
  it("tenant B's booking mail, a password reset mail and B's webhook arrive within seconds while A's endpoints hang", { timeout: 90_000 }, async () => {
    for (let index = 0; index < SLOW_ENDPOINTS; index++) await register(ownerA, tenantA, `${slowUrl}/langsam-${index}`);
    await register(ownerB, tenantB, fastUrl);
    for (let index = 0; index < 3; index++) await book(tenantA, roomA.id);
    // A's deliveries are under way: the lane holds a request at the slow receiver.
    await within(slowRequestsOpen(1), EVENT_WAIT_CEILING_MS, 'Zustellung an die langsamen Empfänger');
    expect((await queuedJobs(app.orm, WEBHOOK_DRAIN_JOB)).length).toBeGreaterThan(SLOW_ENDPOINTS / 2);

    const mailB = 'kundin-b@example.org';
    const bookedAt = Date.now();
    const webhookB = fastArrival('booking.created');
    await book(tenantB, roomB.id, mailB);
    await app.smtp.waitForMail(mailB, '', FAST_CEILING_MS);
    expect(Date.now() - bookedAt).toBeLessThan(FAST_CEILING_MS);
    // B's webhook does not queue behind A's 25 endpoints either: A holds one slot of the lane.
    expect((await within(webhookB, FAST_CEILING_MS, 'Webhook von Mandant B')) - bookedAt).toBeLessThan(FAST_CEILING_MS);

    const resetAt = Date.now();
    const reset = await app.client({ ip: '10.77.0.1' }).post('/auth/resetpassword', { id: actors.userIds.outsider, password: 'neues-passwort-1' });
    expect(reset.status, reset.text).toBe(200);
    await app.smtp.waitForMail(actors.userIds.outsider, 'Kennworts', FAST_CEILING_MS);
    expect(Date.now() - resetAt).toBeLessThan(FAST_CEILING_MS);

    // Per-tenant fairness: A's endpoints were never sent to more than one at a time.
    expect(slowRequests).toBeGreaterThan(0);
    expect(openMost).toBe(1);
    await app.orm.em.getConnection().execute('delete from webhook_endpoints where tenant_id = ?', [tenantA]);
    await waitForSettledQueue(app.orm);
  });

  it('an endpoint that keeps failing is paused, its owner is mailed, and nothing more is sent to it', { timeout: 60_000 }, async () => {
    const endpointId = await register(ownerA, tenantA, `${slowUrl}/haengt`);
    const before = slowRequests;
    await book(tenantA, roomA.id);
    await waitForSettledQueue(app.orm);
    const [first] = (await ownerA.gql<{ webhookDeliveries: { nodes: { status: string; attempts: number; lastError: string | null }[] } }>(DELIVERIES, { id: endpointId })).data!.webhookDeliveries.nodes;
    // The receiver had two seconds (WEBHOOK_TIMEOUT_SECONDS), not 25.
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'Keine Antwort nach 2 s' });
    await app.orm.em.getConnection().execute(`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`);
    await makeRetriesDue(app.orm);
    await waitForSettledQueue(app.orm);
    const [listed] = (await ownerA.gql<{ webhookEndpoints: { id: string; disabledAt: string | null; disabledReason: string | null }[] }>(LIST, { t: tenantA })).data!.webhookEndpoints;
    expect(listed).toMatchObject({ id: endpointId, disabledAt: expect.any(String), disabledReason: 'Automatisch pausiert: 2 Zustellversuche in Folge fehlgeschlagen' });
    const mail = await app.smtp.waitForMail(actors.userIds.tenantOwner, 'Webhook deaktiviert');
    expect(mail.text).toContain('2 Zustellversuche in Folge fehlgeschlagen');
    expect(slowRequests - before).toBe(2);
    await book(tenantA, roomA.id);
    await waitForSettledQueue(app.orm);
    expect(slowRequests - before).toBe(2);
  });
});
