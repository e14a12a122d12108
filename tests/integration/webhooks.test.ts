import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiDocument } from '../../server/src/api-document.js';
import type { JsonSchema } from '../../server/src/shared/openapi/operation.js';
import { enqueueWebhookEvent, WEBHOOK_DISABLED_MAIL_JOB } from '../../server/src/webhooks/webhook.queue.js';
import { WEBHOOK_DISABLE_AFTER_MS } from '../../server/src/webhooks/webhook.service.js';
import type { HttpClient, HttpResponse } from '../support/http.js';
import { makeRetriesDue, queuedJobs, waitForSettledQueue } from '../support/job-queue.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { defaultEventData } from '../../server/src/events/event.model.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/fixtures.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';

/**
 * Webhooks of integrators against a receiver on 127.0.0.1: Standard Webhooks signatures, retries
 * with backoff, the order per endpoint, nothing for a rolled-back change, the secret shown once,
 * owners only, test events and redeliveries, and the production rules for addresses.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;
let room: { id: string };

interface Received {
  /** The path and query the request went to (`/hook`, `/hook?plain`). */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** The receiver: records every request and answers what `answer` says (200 unless told). */
const received: Received[] = [];
let answer: (request: Received) => number = () => 200;
/** How long the receiver takes to answer. */
let delayMs = 0;
let receiver: Server;
let receiverUrl: string;

const ENDPOINT_FIELDS = 'id tenantId url events description includePersonalData createdBy createdAt disabledAt disabledReason failingSince';
const DELIVERY_FIELDS = 'id endpointId eventId eventType status attempts lastStatusCode lastDurationMs lastError nextAttemptAt createdAt deliveredAt body';
const CREATE = `mutation($t: ID!, $input: WebhookEndpointInput!) { createWebhookEndpoint(tenantId: $t, input: $input) { endpoint { ${ENDPOINT_FIELDS} } secret } }`;
const LIST = `query($t: ID!) { webhookEndpoints(tenantId: $t) { ${ENDPOINT_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: WebhookEndpointInput!, $enabled: Boolean) { updateWebhookEndpoint(id: $id, input: $input, enabled: $enabled) { ${ENDPOINT_FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }';
const DELIVERIES = `query($id: ID!, $first: Int, $after: String) { webhookDeliveries(endpointId: $id, first: $first, after: $after) { nodes { ${DELIVERY_FIELDS} } endCursor } }`;
const REDELIVER = `mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { ${DELIVERY_FIELDS} } }`;
const TEST = `mutation($id: ID!) { sendTestWebhook(endpointId: $id) { ${DELIVERY_FIELDS} } }`;

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  includePersonalData: boolean;
  disabledAt: string | null;
  failingSince: string | null;
}
interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  attempts: number;
  lastStatusCode: number | null;
  nextAttemptAt: string | null;
  body: string;
}

let day = 0;
const nextDay = () => new Date(Date.UTC(2027, 7, 1 + day++)).toISOString().slice(0, 10);

async function book(): Promise<string> {
  const response: HttpResponse = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer });
  expect(response.status, response.text).toBe(200);
  return (response.json as { id: string }).id;
}

async function register(input: Record<string, unknown>, client: HttpClient = owner): Promise<{ endpoint: Endpoint; secret: string }> {
  const result = await client.gql<{ createWebhookEndpoint: { endpoint: Endpoint; secret: string } }>(CREATE, { t: tenantId, input: { url: receiverUrl, ...input } });
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.createWebhookEndpoint;
}

async function deliveries(endpointId: string): Promise<Delivery[]> {
  const result = await owner.gql<{ webhookDeliveries: { nodes: Delivery[] } }>(DELIVERIES, { id: endpointId, first: 100 });
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.webhookDeliveries.nodes;
}

/** Waiting retries due now: the deliveries' next attempt and the queue's scheduled drain. */
async function retriesDue(): Promise<void> {
  await app.orm.em.getConnection().execute(`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`);
  await makeRetriesDue(app.orm);
  await waitForSettledQueue(app.orm);
}

/** The OpenAPI document's schema of each webhook type's body (Ajv 2020, its `$ref`s against the document's components). */
const document = apiDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const payloadValidators = new Map<string, ValidateFunction>();
function payloadValidator(type: string): ValidateFunction {
  const known = payloadValidators.get(type);
  if (known) return known;
  const webhooks = document.webhooks as Record<string, { post: { requestBody: { content: Record<string, { schema: JsonSchema }> } } }>;
  const schema = webhooks[type]?.post.requestBody.content['application/json'].schema;
  expect(schema, `the document describes no webhook ${type}`).toBeDefined();
  const validate = ajv.compile({ ...schema, components: document.components });
  payloadValidators.set(type, validate);
  return validate;
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const entry: Received = { url: request.url ?? '', headers: request.headers, body, json: JSON.parse(body) as Received['json'] };
      received.push(entry);
      response.statusCode = answer(entry);
      setTimeout(() => response.end('ok'), delayMs);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'webhooks');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
  room = await bookableRoom(app, tenantId);
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});
// Every body any test received is what the OpenAPI document says for its type.
afterEach(() => {
  for (const entry of received) {
    const validate = payloadValidator(entry.json.type);
    expect(validate(entry.json), `${entry.json.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
  }
});
beforeEach(async () => {
  if (app) await waitForSettledQueue(app.orm);
  // Each test registers its own endpoints: the earlier ones go.
  if (app) await app.orm.em.getConnection().execute('delete from webhook_endpoints');
  received.length = 0;
  answer = () => 200;
  delayMs = 0;
});

describe('delivery', () => {
  it('a checkout delivers booking.created, signed as the standardwebhooks library verifies', async () => {
    const { endpoint, secret } = await register({ events: ['booking.created'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const bookingId = await book();
    await waitForSettledQueue(app.orm);
    expect(received).toHaveLength(1);
    const [delivery] = received;
    const verified = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as Received['json'];
    expect(verified.type).toBe('booking.created');
    expect(verified.data).toMatchObject({ tenantId, bookingId, isCommitted: expect.any(Boolean), isPayed: expect.any(Boolean), isRejected: false });
    expect(verified.data.items).toEqual([expect.objectContaining({ bookableId: room.id, amount: 1 })]);
    // Without includePersonalData nothing of the customer travels.
    expect(delivery!.body).not.toContain(customer.mail);
    expect(delivery!.body).not.toContain(customer.name);
    // A wrong secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(delivery!.body, delivery!.headers as Record<string, string>)).toThrow();
    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({ eventType: 'booking.created', status: 'SUCCEEDED', attempts: 1, lastStatusCode: 200, eventId: delivery!.headers['webhook-id'] });
  });

  it('includes the customer only for endpoints registered with personal data; a deletion carries ids only', async () => {
    await register({ events: ['booking.created', 'booking.deleted'], includePersonalData: true });
    const bookingId = await book();
    await waitForSettledQueue(app.orm);
    expect(received[0]!.json.data.customer).toMatchObject({ name: customer.name, mail: customer.mail });
    const deleted = await owner.request('DELETE', `/api/${tenantId}/bookings/${bookingId}`);
    expect(deleted.status, deleted.text).toBeLessThan(300);
    await waitForSettledQueue(app.orm);
    expect(received[1]!.json).toMatchObject({ type: 'booking.deleted', data: { tenantId, bookingId } });
    expect(Object.keys(received[1]!.json.data).sort()).toEqual(['bookingId', 'tenantId']);
  });

  it('announces status transitions and events as their own types', async () => {
    await register({ events: ['booking.released', 'booking.changed', 'event.created', 'event.changed', 'event.deleted'] });
    const bookingId = await book();
    const released = await owner.post(`/api/${tenantId}/bookings/${bookingId}/commit`, {});
    expect(released.status, released.text).toBeLessThan(300);
    const base = defaultEventData();
    const event = {
      ...base,
      information: { ...base.information, name: 'Sommerfest', startDate: '2027-07-15', startTime: '18:00', endDate: '2027-07-15', endTime: '22:00' },
      eventLocation: { ...base.eventLocation, name: 'Stadthalle' },
    };
    const created = await owner.put(`/api/${tenantId}/events`, event);
    expect(created.status, created.text).toBe(201);
    const eventId = (created.json as { id: string }).id;
    expect((await owner.put(`/api/${tenantId}/events`, { ...event, id: eventId, information: { ...event.information, name: 'Sommerfest 2027' } })).status).toBeLessThan(300);
    expect((await owner.request('DELETE', `/api/${tenantId}/events/${eventId}`)).status).toBeLessThan(300);
    await waitForSettledQueue(app.orm);
    // booking.created is not subscribed: only the release of the booking and the three event changes, in order.
    expect(received.map((entry) => entry.json.type)).toEqual(['booking.released', 'event.created', 'event.changed', 'event.deleted']);
    expect(received[0]!.json.data).toMatchObject({ bookingId, isCommitted: true });
    expect(received[2]!.json.data).toMatchObject({ eventId, name: 'Sommerfest 2027' });
    expect(received[3]!.json.data).toEqual({ tenantId, eventId });
  });

  it('announces a release, a payment and a plain change made in the staff editor as their own types', async () => {
    // The plain change below is the customer's comment: only endpoints with personal data see it.
    await register({ events: ['booking.released', 'booking.paid', 'booking.changed'], includePersonalData: true });
    const bookingId = await book();
    const stored = (await owner.get(`/api/${tenantId}/bookings/${bookingId}`)).json as { bookableItems: { bookableId: string; amount: number }[]; timeBegin: number; timeEnd: number };
    const edit = { id: bookingId, bookableItems: stored.bookableItems.map(({ bookableId, amount }) => ({ bookableId, amount })), timeBegin: stored.timeBegin, timeEnd: stored.timeEnd };
    /** The first event a save in the editor announces (a payment's receipt job may follow with a change of its own). */
    const announcedBy = async (changes: Record<string, unknown>) => {
      await waitForSettledQueue(app.orm);
      const before = received.length;
      const saved = await owner.put(`/api/${tenantId}/bookings`, { ...edit, ...changes });
      expect(saved.status, saved.text).toBe(201);
      await waitForSettledQueue(app.orm);
      return received[before]?.json;
    };
    expect(await announcedBy({ isCommitted: true })).toMatchObject({ type: 'booking.released', data: { bookingId, isCommitted: true, isPayed: false, paidAt: null } });
    const paid = await announcedBy({ isCommitted: true, isPayed: true, paymentMethod: 'CASH' });
    expect(paid).toMatchObject({ type: 'booking.paid', data: { bookingId, isPayed: true, paymentMethod: 'CASH', cancelledAt: null } });
    expect(Date.now() - Date.parse(String(paid?.data.paidAt))).toBeLessThan(60_000);
    expect(await announcedBy({ isCommitted: true, isPayed: true, paymentMethod: 'CASH', comment: 'Schlüssel beim Hausmeister' })).toMatchObject({ type: 'booking.changed', data: { bookingId } });
  });

  it('carry the money of the REST answer: cents, VAT per rate and the payment way', async () => {
    await register({ events: ['booking.created'] });
    const bookingId = await book();
    await waitForSettledQueue(app.orm);
    const read = await owner.get(`/api/${tenantId}/bookings/${bookingId}`);
    expect(read.status, read.text).toBe(200);
    const rest = read.json as Record<string, unknown>;
    expect(rest.priceCents).toBeGreaterThan(0);
    expect(rest.vatByRate).toEqual([expect.objectContaining({ ratePercent: 19 })]);
    const data = received[0]!.json.data;
    for (const field of ['priceCents', 'vatIncludedCents', 'netCents', 'vatByRate', 'paymentWay']) expect(data[field], field).toEqual(rest[field]);
    expect(data.paymentWay).toMatchObject({ kind: expect.any(String), label: expect.any(String) });
  });

  it('booking.changed names the fields that changed, as each endpoint sees them; a save that changes nothing sends nothing', async () => {
    const personal = await register({ events: ['booking.changed'], includePersonalData: true });
    const plain = await register({ events: ['booking.changed'], url: `${receiverUrl}?plain` });
    const bookingId = await book();
    const stored = (await owner.get(`/api/${tenantId}/bookings/${bookingId}`)).json as { bookableItems: { bookableId: string; amount: number }[]; timeBegin: number; timeEnd: number };
    const edit = { id: bookingId, bookableItems: stored.bookableItems.map(({ bookableId, amount }) => ({ bookableId, amount })), timeBegin: stored.timeBegin, timeEnd: stored.timeEnd, name: 'Erika Neumann' };
    const save = async (changes: Record<string, unknown> = {}) => {
      const saved = await owner.put(`/api/${tenantId}/bookings`, { ...edit, ...changes });
      expect(saved.status, saved.text).toBe(201);
      await waitForSettledQueue(app.orm);
    };
    await waitForSettledQueue(app.orm);
    await save();
    expect(received.map((entry) => [entry.url, entry.json.type])).toEqual([['/hook', 'booking.changed']]);
    expect(received[0]!.json.data).toMatchObject({ bookingId, changedFields: ['name'], customer: { name: 'Erika Neumann' } });
    // The endpoint without personal data does not see the name: for it nothing changed.
    expect(await deliveries(plain.endpoint.id)).toEqual([]);
    // The same save again changes nothing: no delivery at all.
    await save();
    expect(received).toHaveLength(1);
    expect(await deliveries(personal.endpoint.id)).toHaveLength(1);
    // A move an hour later: both see it, with the times (also the objects' times) named.
    await save({ timeBegin: stored.timeBegin + 3_600_000, timeEnd: stored.timeEnd + 3_600_000 });
    expect(received.slice(1).map((entry) => [entry.url, entry.json.data.changedFields]).sort()).toEqual([
      ['/hook', ['timeBegin', 'timeEnd', 'items']],
      ['/hook?plain', ['timeBegin', 'timeEnd', 'items']],
    ]);
  });

  it('a checkout of an object that releases automatically sends booking.created and booking.released', async () => {
    const bike = await bookableRoom(app, tenantId, { title: 'Lastenrad', autoCommitBooking: true });
    await register({ events: ['booking.created', 'booking.released'] });
    const response = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: bike.id, amount: 1 }], ...customer });
    expect(response.status, response.text).toBe(200);
    const bookingId = (response.json as { id: string }).id;
    await waitForSettledQueue(app.orm);
    expect(received.map((entry) => entry.json.type)).toEqual(['booking.created', 'booking.released']);
    expect(received.map((entry) => entry.json.data)).toEqual([expect.objectContaining({ bookingId, isCommitted: true }), expect.objectContaining({ bookingId, isCommitted: true })]);
  });

  it('a booking staff enter released and paid sends booking.created, booking.released and booking.paid; a free checkout counts as paid', async () => {
    await register({ events: ['booking.created', 'booking.released', 'booking.paid'] });
    const when = slot(14, nextDay());
    const entered = await owner.put(`/api/${tenantId}/bookings`, { ...when, bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, isCommitted: true, isPayed: true, paymentMethod: 'CASH' });
    expect(entered.status, entered.text).toBe(200);
    const bookingId = (entered.json as { id: string }).id;
    await waitForSettledQueue(app.orm);
    expect(received.map((entry) => [entry.json.type, entry.json.data.bookingId])).toEqual([
      ['booking.created', bookingId],
      ['booking.released', bookingId],
      ['booking.paid', bookingId],
    ]);
    expect(received[2]!.json.data).toMatchObject({ isCommitted: true, isPayed: true, paymentMethod: 'CASH' });

    received.length = 0;
    const free = await bookableRoom(app, tenantId, { title: 'Besprechungsecke', priceCategories: [] });
    const checkout = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: free.id, amount: 1 }], ...customer });
    expect(checkout.status, checkout.text).toBe(200);
    await waitForSettledQueue(app.orm);
    // A request that waits for its release, with nothing to pay: created, and paid.
    expect(received.map((entry) => entry.json.type)).toEqual(['booking.created', 'booking.paid']);
    expect(received[1]!.json.data).toMatchObject({ isCommitted: false, isPayed: true, priceCents: 0 });
  });

  it('a failing receiver is retried with backoff until it answers 2xx', async () => {
    const { endpoint } = await register({ events: ['booking.created'] });
    answer = () => 500;
    await book();
    await waitForSettledQueue(app.orm);
    const [first] = await deliveries(endpoint.id);
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: 500 });
    // The second attempt a minute later, not at once.
    const wait = new Date(first!.nextAttemptAt!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    await retriesDue();
    const [second] = await deliveries(endpoint.id);
    expect(second).toMatchObject({ status: 'PENDING', attempts: 2, lastStatusCode: 500 });
    expect(new Date(second!.nextAttemptAt!).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    answer = () => 204;
    await retriesDue();
    const [third] = await deliveries(endpoint.id);
    expect(third).toMatchObject({ status: 'SUCCEEDED', attempts: 3, lastStatusCode: 204, nextAttemptAt: null });
    expect(received.map((entry) => entry.headers['webhook-id'])).toEqual(Array(3).fill(third!.eventId));
    expect((await owner.gql<{ webhookEndpoints: Endpoint[] }>(LIST, { t: tenantId })).data!.webhookEndpoints[0]!.failingSince).toBeNull();
  });

  it('keeps the order per endpoint: a later event waits while an earlier one is retried', async () => {
    // The two deliveries straddle a digit boundary (9, 10): their order is numeric, not textual.
    await app.orm.em.getConnection().execute("select setval(pg_get_serial_sequence('webhook_deliveries', 'seq'), 8)");
    const { endpoint } = await register({ events: ['booking.created'] });
    answer = () => 503;
    const firstBooking = await book();
    await waitForSettledQueue(app.orm);
    expect(received).toHaveLength(1);
    answer = () => 200;
    const secondBooking = await book();
    await waitForSettledQueue(app.orm);
    // The second waits behind the first: nothing new arrived.
    expect(received.map((entry) => entry.json.data.bookingId)).toEqual([firstBooking]);
    expect((await deliveries(endpoint.id)).map((delivery) => delivery.status)).toEqual(['PENDING', 'PENDING']);
    await retriesDue();
    expect(received.map((entry) => entry.json.data.bookingId)).toEqual([firstBooking, firstBooking, secondBooking]);
    // The log pages newest first.
    const page = await owner.gql<{ webhookDeliveries: { nodes: Delivery[]; endCursor: string | null } }>(DELIVERIES, { id: endpoint.id, first: 1 });
    const older = await owner.gql<{ webhookDeliveries: { nodes: Delivery[]; endCursor: string | null } }>(DELIVERIES, { id: endpoint.id, first: 1, after: page.data!.webhookDeliveries.endCursor });
    expect([...page.data!.webhookDeliveries.nodes, ...older.data!.webhookDeliveries.nodes].map((delivery) => JSON.parse(delivery.body).data.bookingId)).toEqual([secondBooking, firstBooking]);
    expect(older.data!.webhookDeliveries.endCursor).toBeNull();
  });

  it('a redirect is a failure, never followed', async () => {
    const { endpoint } = await register({ events: ['booking.created'] });
    answer = () => 302;
    await book();
    await waitForSettledQueue(app.orm);
    expect(received).toHaveLength(1);
    const [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'PENDING', lastStatusCode: 302 });
  });

  it('a rolled-back change enqueues nothing', async () => {
    const { endpoint } = await register({ events: ['booking.created'] });
    await expect(
      app.orm.em.fork().transactional(async (em) => {
        await enqueueWebhookEvent(em, tenantId, { type: 'booking.created', data: { tenantId, bookingId: 'X-1' } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await waitForSettledQueue(app.orm);
    expect(await deliveries(endpoint.id)).toEqual([]);
    expect(received).toEqual([]);
  });

  it('an endpoint failing for three days is disabled and its owners are mailed', async () => {
    const { endpoint } = await register({ events: ['booking.created'] });
    answer = () => 500;
    await book();
    await waitForSettledQueue(app.orm);
    await app.orm.em.getConnection().execute('update webhook_endpoints set failing_since = ? where id = ?', [new Date(Date.now() - WEBHOOK_DISABLE_AFTER_MS - 60_000), endpoint.id]);
    await retriesDue();
    const [listed] = (await owner.gql<{ webhookEndpoints: Endpoint[] }>(LIST, { t: tenantId })).data!.webhookEndpoints;
    expect(listed!.disabledAt).not.toBeNull();
    expect((await deliveries(endpoint.id))[0]!.status).toBe('FAILED');
    const mail = await app.smtp.waitForMail(actors.userIds.tenantOwner, 'Webhook deaktiviert');
    expect(mail).toBeTruthy();
    // Nothing is sent to a disabled endpoint.
    received.length = 0;
    await book();
    await waitForSettledQueue(app.orm);
    expect(received).toEqual([]);
  });
  it('pauses an endpoint after five failed attempts in a row (the circuit breaker) and mails its owners; a success in between starts the count anew', async () => {
    const { endpoint } = await register({ events: ['booking.created'] });
    answer = () => 500;
    await book();
    await waitForSettledQueue(app.orm);
    answer = () => 200;
    await retriesDue();
    // The success reset the count: four failures in a row since do not pause it.
    answer = () => 500;
    await book();
    await waitForSettledQueue(app.orm);
    for (let retry = 0; retry < 3; retry++) await retriesDue();
    const [stillOn] = (await owner.gql<{ webhookEndpoints: Endpoint[] }>(LIST, { t: tenantId })).data!.webhookEndpoints;
    expect(stillOn!.disabledAt).toBeNull();
    const toldBefore = app.smtp.find(actors.userIds.tenantOwner, 'Webhook deaktiviert').length;
    await retriesDue();
    const [paused] = (await owner.gql<{ webhookEndpoints: (Endpoint & { disabledReason: string | null })[] }>(LIST, { t: tenantId })).data!.webhookEndpoints;
    expect(paused).toMatchObject({ disabledAt: expect.any(String), disabledReason: 'Automatisch pausiert: 5 Zustellversuche in Folge fehlgeschlagen' });
    expect((await deliveries(endpoint.id)).map((entry) => [entry.status, entry.attempts])).toEqual([
      ['FAILED', 5],
      ['SUCCEEDED', 2],
    ]);
    const mail = await app.smtp.waitForMail(actors.userIds.tenantOwner, 'Webhook deaktiviert');
    expect(mail.text).toContain('5 Zustellversuche in Folge fehlgeschlagen');
    expect(app.smtp.find(actors.userIds.tenantOwner, 'Webhook deaktiviert')).toHaveLength(toldBefore + 1);
    // Paused: nothing is sent until it is turned on again; then the count starts at zero.
    received.length = 0;
    answer = () => 200;
    await book();
    await waitForSettledQueue(app.orm);
    expect(received).toEqual([]);
    const enabled = await owner.gql<{ updateWebhookEndpoint: Endpoint }>(UPDATE, { id: endpoint.id, input: { url: receiverUrl, events: ['booking.created'] }, enabled: true });
    expect(enabled.data!.updateWebhookEndpoint).toMatchObject({ disabledAt: null, failingSince: null });
    await book();
    await waitForSettledQueue(app.orm);
    expect(received).toHaveLength(1);
  });

  it('mails each owner once when disabling, also when the mail to one of them must be retried', async () => {
    const secondOwner = `zweite-inhaberin-${Date.now()}@example.org`;
    await createUser(app.orm, { id: secondOwner, password: 'Geheim-Passwort-1' });
    await app.orm.em.getConnection().execute('insert into tenant_memberships (id, tenant_id, user_id, is_owner, is_member) values (gen_random_uuid(), ?, ?, true, false)', [tenantId, secondOwner]);
    const { endpoint } = await register({ events: ['booking.created'] });
    const toldBefore = app.smtp.find(actors.userIds.tenantOwner, 'Webhook deaktiviert').length;
    answer = () => 500;
    await book();
    await waitForSettledQueue(app.orm);
    await app.orm.em.getConnection().execute('update webhook_endpoints set failing_since = ? where id = ?', [new Date(Date.now() - WEBHOOK_DISABLE_AFTER_MS - 60_000), endpoint.id]);
    // The mail server refuses the second owner at first: only that owner's mail is retried.
    app.smtp.refusedRecipients.add(secondOwner);
    await retriesDue();
    await app.smtp.waitForMail(actors.userIds.tenantOwner, 'Webhook deaktiviert');
    await expect.poll(async () => (await queuedJobs(app.orm, WEBHOOK_DISABLED_MAIL_JOB)).map((job) => [job.payload.to, job.attempts])).toEqual([[secondOwner, 1]]);
    app.smtp.refusedRecipients.delete(secondOwner);
    await makeRetriesDue(app.orm);
    await app.smtp.waitForMail(secondOwner, 'Webhook deaktiviert');
    await waitForSettledQueue(app.orm);
    expect(await queuedJobs(app.orm, WEBHOOK_DISABLED_MAIL_JOB)).toEqual([]);
    expect(app.smtp.find(secondOwner, 'Webhook deaktiviert')).toHaveLength(1);
    expect(app.smtp.find(actors.userIds.tenantOwner, 'Webhook deaktiviert')).toHaveLength(toldBefore + 1);
  });
});

describe('managing endpoints', () => {
  it('shows the secret once: never in the list, never as a field of the endpoint', async () => {
    const { endpoint, secret } = await register({ events: ['event.created'], description: 'Website' });
    const list = await owner.gql<{ webhookEndpoints: Endpoint[] }>(LIST, { t: tenantId });
    expect(list.data!.webhookEndpoints.map((entry) => entry.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(list)).not.toContain(secret);
    const asked = await owner.gql(`query($t: ID!) { webhookEndpoints(tenantId: $t) { id secret } }`, { t: tenantId });
    expect(asked.errors?.[0]?.message).toMatch(/secret/);
  });

  it('only the tenant’s owners manage its webhooks, never with a token', async () => {
    const { endpoint } = await register({ events: ['booking.created'] });
    for (const name of ['memberAny', 'memberOfOtherTenant', 'outsider', 'memberWithoutFlag'] as const) {
      const client = actors.clients[name];
      expect((await client.gql(CREATE, { t: tenantId, input: { url: receiverUrl, events: ['booking.created'] } })).errors?.[0]?.extensions?.code, name).toBe('AUTH_FORBIDDEN');
      expect((await client.gql(LIST, { t: tenantId })).errors?.[0]?.extensions?.code, name).toBe('AUTH_FORBIDDEN');
      // By id the endpoint of another tenant does not exist for them.
      expect((await client.gql(DELIVERIES, { id: endpoint.id })).errors?.[0]?.extensions?.code, name).toBe('WEBHOOK_NOT_FOUND');
      expect((await client.gql(TEST, { id: endpoint.id })).errors?.[0]?.extensions?.code, name).toBe('WEBHOOK_NOT_FOUND');
      expect((await client.gql(DELETE, { id: endpoint.id })).errors?.[0]?.extensions?.code, name).toBe('WEBHOOK_NOT_FOUND');
    }
    // The owner of the other tenant cannot reach this tenant's endpoint either.
    const otherOwnerView = await actors.clients.memberOfOtherTenant.gql(LIST, { t: actors.otherTenant.id });
    expect(JSON.stringify(otherOwnerView.data ?? {})).not.toContain(endpoint.id);
    expect((await actors.clients.anonymous.gql(LIST, { t: tenantId })).errors?.[0]?.extensions?.code).toBe('AUTH_UNAUTHENTICATED');
  });

  it('validates the input with German messages', async () => {
    const result = await owner.gql(CREATE, { t: tenantId, input: { url: 'ftp://example.com', events: [] } });
    expect(result.errors?.[0]?.extensions?.fieldErrors).toEqual({ url: 'Bitte geben Sie eine gültige Adresse (URL) an.', events: 'Bitte wählen Sie mindestens ein Ereignis.' });
    const unknown = await owner.gql(CREATE, { t: tenantId, input: { url: receiverUrl, events: ['booking.exploded'] } });
    expect(unknown.errors?.[0]?.extensions?.fieldErrors).toEqual({ events: 'Unbekanntes Ereignis.' });
  });

  it('changes, disables and deletes an endpoint', async () => {
    const { endpoint } = await register({ events: ['booking.created'] });
    const changed = await owner.gql<{ updateWebhookEndpoint: Endpoint }>(UPDATE, { id: endpoint.id, input: { url: receiverUrl, events: ['event.created', 'booking.paid'] }, enabled: false });
    expect(changed.data!.updateWebhookEndpoint).toMatchObject({ events: ['booking.paid', 'event.created'], disabledAt: expect.any(String) });
    const enabled = await owner.gql<{ updateWebhookEndpoint: Endpoint }>(UPDATE, { id: endpoint.id, input: { url: receiverUrl, events: ['booking.created'] }, enabled: true });
    expect(enabled.data!.updateWebhookEndpoint.disabledAt).toBeNull();
    expect((await owner.gql<{ deleteWebhookEndpoint: string }>(DELETE, { id: endpoint.id })).data!.deleteWebhookEndpoint).toBe(endpoint.id);
    expect((await owner.gql<{ webhookEndpoints: Endpoint[] }>(LIST, { t: tenantId })).data!.webhookEndpoints).toEqual([]);
  });

  it('sends a test event and redelivers once, however often asked', async () => {
    const { endpoint, secret } = await register({ events: ['booking.created'] });
    const test = await owner.gql<{ sendTestWebhook: Delivery }>(TEST, { id: endpoint.id });
    expect(test.data!.sendTestWebhook).toMatchObject({ eventType: 'webhook.test', status: 'PENDING' });
    await waitForSettledQueue(app.orm);
    expect(received).toHaveLength(1);
    expect(received[0]!.json.type).toBe('webhook.test');
    new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    // Double click (and a third, while the receiver is still answering): one new attempt.
    delayMs = 1500;
    const deliveryId = test.data!.sendTestWebhook.id;
    const clicks = await Promise.all([owner.gql<{ redeliverWebhook: Delivery }>(REDELIVER, { id: deliveryId }), owner.gql<{ redeliverWebhook: Delivery }>(REDELIVER, { id: deliveryId })]);
    const third = await owner.gql<{ redeliverWebhook: Delivery }>(REDELIVER, { id: deliveryId });
    expect(new Set([...clicks, third].map((click) => click.data?.redeliverWebhook.id)).size).toBe(1);
    expect(third.data!.redeliverWebhook.eventId).toBe(received[0]!.headers['webhook-id']);
    await waitForSettledQueue(app.orm);
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect((await deliveries(endpoint.id)).map((entry) => entry.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
  });
});

describe('redelivery', () => {
  it('"Erneut senden" pressed five times at once makes one delivery, also when the receiver answers at once', async () => {
    const { endpoint } = await register({ events: ['booking.created'] });
    const test = await owner.gql<{ sendTestWebhook: Delivery }>(TEST, { id: endpoint.id });
    await waitForSettledQueue(app.orm);
    expect(received).toHaveLength(1);
    const deliveryId = test.data!.sendTestWebhook.id;
    for (let round = 0; round < 3; round++) {
      const presses = await Promise.all(Array.from({ length: 5 }, () => owner.gql<{ redeliverWebhook: Delivery }>(REDELIVER, { id: deliveryId })));
      for (const press of presses) expect(press.errors, JSON.stringify(press.errors)).toBeUndefined();
      expect(new Set(presses.map((press) => press.data!.redeliverWebhook.id)).size).toBe(1);
      await waitForSettledQueue(app.orm);
    }
    // Three rounds of five presses within the minute: one redelivery, sent once.
    expect(received).toHaveLength(2);
    expect((await deliveries(endpoint.id)).map((entry) => entry.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    const [redelivery] = await deliveries(endpoint.id);
    expect((await owner.gql<{ redeliverWebhook: Delivery }>(REDELIVER, { id: deliveryId })).data!.redeliverWebhook.id).toBe(redelivery!.id);
  });

  it('a redelivery asked for again after the minute is a new one', async () => {
    const { endpoint } = await register({ events: ['booking.created'] });
    const test = await owner.gql<{ sendTestWebhook: Delivery }>(TEST, { id: endpoint.id });
    await waitForSettledQueue(app.orm);
    const deliveryId = test.data!.sendTestWebhook.id;
    const first = (await owner.gql<{ redeliverWebhook: Delivery }>(REDELIVER, { id: deliveryId })).data!.redeliverWebhook;
    await waitForSettledQueue(app.orm);
    await app.orm.em.getConnection().execute(`update webhook_deliveries set created_at = created_at - interval '61 seconds' where id = ?`, [first.id]);
    const second = (await owner.gql<{ redeliverWebhook: Delivery }>(REDELIVER, { id: deliveryId })).data!.redeliverWebhook;
    expect(second.id).not.toBe(first.id);
    await waitForSettledQueue(app.orm);
    expect(received).toHaveLength(3);
  });
});

describe('addresses in production', () => {
  let production: TestApp;
  let productionOwner: HttpClient;
  let productionTenant: string;

  beforeAll(async () => {
    production = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'false' });
    const productionActors = await createActors(production, 'manageBookings', 'bookings', 'webhooks-prod');
    productionOwner = productionActors.clients.tenantOwner;
    productionTenant = productionActors.tenant.id;
  });
  afterAll(async () => production?.close());

  it('refuses http, private and loopback addresses at registration', async () => {
    const refused = async (url: string) =>
      (await productionOwner.gql(CREATE, { t: productionTenant, input: { url, events: ['booking.created'] } })).errors?.[0]?.extensions?.fieldErrors;
    expect(await refused('http://hooks.example.com/a')).toEqual({ url: 'Die Adresse muss mit https:// beginnen.' });
    for (const url of ['https://127.0.0.1/a', 'https://10.1.2.3/a', 'https://192.168.0.10/a', 'https://172.16.5.4/a', 'https://169.254.169.254/latest', 'https://[::1]/a', 'https://[fd00::1]/a', 'https://100.64.0.1/a', 'https://0.0.0.0/a', 'https://localhost/a']) {
      expect(await refused(url), url).toEqual({ url: 'Adressen im lokalen oder privaten Netz sind nicht erlaubt.' });
    }
    const allowed = await productionOwner.gql(CREATE, { t: productionTenant, input: { url: 'https://hooks.example.com/a', events: ['booking.created'] } });
    expect(allowed.errors).toBeUndefined();
  });
});
