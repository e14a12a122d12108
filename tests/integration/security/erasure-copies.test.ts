import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../support/http.js';
import { waitForSettledQueue } from '../../support/job-queue.js';
import { createActors, type Actors } from '../../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { bookableRoom, customer, slot } from '../bookings.fixtures.js';

/**
 * An erasure (DELETE api/{tenantId}/personal-data) left the person's mail, phone and comment in the
 * webhook deliveries still waiting to be sent, where the tenant's owners read them and from where
 * they were sent later. Now it reaches every copy the product keeps: queued and finished
 * deliveries, job payloads and their errors, the bookings and their history. A unique address,
 * phone and comment are planted, then every text and JSON column of every table in the database
 * is searched for them.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;
let receiver: Server;
const tag = randomBytes(6).toString('hex');
const planted = { mail: `loesch.mich.${tag}@example.com`, phone: `0170 ${tag}`, comment: `Bitte Rampe ${tag}` };

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'erasurecopies');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  receiver = createServer((_req, res) => res.writeHead(200).end());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

const ENDPOINT = 'mutation($t: ID!, $input: WebhookEndpointInput!) { createWebhookEndpoint(tenantId: $t, input: $input) { endpoint { id } } }';

async function register(url: string): Promise<void> {
  const result = await owner.gql(ENDPOINT, { t: tenantId, input: { url, events: ['booking.created', 'booking.rejected'], includePersonalData: true, description: 'Fachverfahren' } });
  expect(result.errors).toBeUndefined();
}

/** Every row of every table (text, JSON and array columns, rows cast to text) that holds the value; `schema.table` each. */
async function tablesHolding(value: string): Promise<string[]> {
  const connection = app.orm.em.getConnection();
  const tables = await connection.execute<{ table_schema: string; table_name: string }[]>(
    `select distinct c.table_schema, c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema not in ('pg_catalog', 'information_schema') and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
      order by 1, 2`,
  );
  const found: string[] = [];
  for (const { table_schema: schema, table_name: table } of tables) {
    const name = `"${schema}"."${table}"`;
    const [row] = await connection.execute<{ n: string }[]>(`select count(*) as n from ${name} x where strpos(lower(x::text), lower(?)) > 0`, [value]);
    if (Number(row.n) > 0) found.push(`${schema}.${table}`);
  }
  return found;
}

describe('erasure reaches every copy', () => {
  it('after DELETE personal-data no table holds the planted mail, phone or comment', async () => {
    // One endpoint answers (its deliveries finish), one is unreachable (its deliveries wait for a retry).
    await register(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
    await register('http://127.0.0.1:9/unreachable');
    const room = await bookableRoom(app, tenantId);
    const checkout = await actors.clients.anonymous.post(`/api/${tenantId}/checkout`, { ...slot(10, '2027-03-01'), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, ...planted });
    expect(checkout.status, checkout.text).toBe(200);
    const number = (checkout.json as { id: string }).id;
    // Rejected, the booking is finished: it may be erased at once.
    expect((await owner.post(`/api/${tenantId}/bookings/${number}/reject`, { reason: 'Belegt' })).status).toBe(200);
    await waitForSettledQueue(app.orm);
    const connection = app.orm.em.getConnection();
    // A queued job that names the person (a mail waiting for its time) and one whose error does.
    await connection.execute(`select graphile_worker.add_job('privacy-planted-mail', json_build_object('to', ?::text, 'phone', ?::text), run_at => now() + interval '1 day')`, [planted.mail, planted.phone]);
    await connection.execute(`select graphile_worker.add_job('privacy-planted-error', '{}'::json, run_at => now() + interval '1 day')`);
    await connection.execute(`update graphile_worker._private_jobs set last_error = ? where task_id = (select id from graphile_worker._private_tasks where identifier = 'privacy-planted-error')`, [`550 Mailbox ${planted.mail} unavailable`]);

    const deliveries = await connection.execute<{ status: string }[]>(
      `select d.status from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.tenant_id = ? and d.payload::text like ?`,
      [tenantId, `%${planted.mail}%`],
    );
    expect(deliveries.map((delivery) => delivery.status)).toContain('pending');
    expect(deliveries.map((delivery) => delivery.status)).toContain('succeeded');
    for (const value of Object.values(planted)) expect(await tablesHolding(value), value).not.toEqual([]);

    const erased = await owner.request('DELETE', `/api/${tenantId}/personal-data?mail=${encodeURIComponent(planted.mail.toUpperCase())}`);
    expect(erased.status, erased.text).toBe(200);
    expect(erased.json).toMatchObject({ erased: 1, restricted: 0 });

    for (const value of Object.values(planted)) expect(await tablesHolding(value), value).toEqual([]);
    // The waiting deliveries are still sent, without the person's data.
    const pending = await connection.execute<{ payload: { data: Record<string, unknown> } }[]>(
      `select d.payload from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.tenant_id = ? and d.status = 'pending' and d.payload->'data'->>'bookingId' = ?`,
      [tenantId, number],
    );
    expect(pending.length).toBeGreaterThan(0);
    for (const delivery of pending) expect(delivery.payload.data).not.toHaveProperty('customer');
  }, 120_000);
});
