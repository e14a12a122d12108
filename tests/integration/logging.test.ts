import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { startInProcessApp, testAdmin, type InProcessApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../support/server-process.js';
import { SmtpCapture } from '../support/smtp.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';
import { waitForLiveGauges, type LiveGauges } from '../support/metrics.js';
import { bookableRoom, slot } from './bookings.fixtures.js';

/**
 * The server process as production runs it (NODE_ENV=production, LOG_LEVEL=info): every line it
 * writes is JSON, each request is one line with method, route pattern, status, duration and
 * request id, probes stay below info, job runs are logged, and nothing a person typed in (mail,
 * name, password, session cookie, a reset link's token) reaches the log. /metrics answers the
 * bearer token only, and in production without METRICS_TOKEN it does not exist.
 */
let db: TestDatabase;
let smtp: SmtpCapture;
let setup: InProcessApp;
let closedProduction: InProcessApp;
let server: ServerProcess;
let tenantId: string;
let roomId: string;

/** Only connections from this address count as the trusted proxy (TRUST_PROXY). */
const PROXY_ADDRESS = '127.0.0.2';
const METRICS_TOKEN = 'metriken-token-0123456789';
const user = { id: 'logpruefung@kunden.example', password: 'geheimes-log-passwort', firstName: 'Liselotte', lastName: 'Protokollantin' };
const checkoutCustomer = { name: 'Bartholomäus Buchungsfreund', mail: 'bartholomaeus@buchende.example', street: 'Loggasse 7', zipCode: '54321', location: 'Zeilenstadt', phone: '0987654', company: '', comment: '' };

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await new SmtpCapture().start();
  // Fixtures through an app without a worker: every job runs in the server process under test.
  setup = await startInProcessApp({ databaseUrl: db.url, env: { JOB_CONCURRENCY: '0' } });
  tenantId = (await createTenant(setup.orm, { name: 'Bürgerhaus Protokoll' })).id;
  const em = setup.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).mail = 'buchungen@protokoll.example';
  await em.flush();
  roomId = (await bookableRoom(setup, tenantId, { title: 'Saal' })).id;
  await createUser(setup.orm, user);
  closedProduction = await startInProcessApp({ databaseUrl: db.url, env: { JOB_CONCURRENCY: '0', NODE_ENV: 'production' } });
  server = await startServerProcess({
    databaseUrl: db.url,
    smtpPort: smtp.port,
    jobConcurrency: 1,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'info', TRUST_PROXY: PROXY_ADDRESS, METRICS_TOKEN },
  });
}, 120_000);

afterAll(async () => {
  try {
    await server?.stop();
    await stopAllServerProcesses();
    await closedProduction?.close();
    await setup?.close();
    await smtp?.close();
  } finally {
    await db?.drop();
  }
});

/** A GET from a chosen local address (127.0.0.1 or the trusted proxy's), with its answer's request id. */
function getFrom(localAddress: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; requestId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { localAddress, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, requestId: res.headers['x-request-id'] as string | undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

type LogLine = Record<string, unknown> & { level: string; msg?: string };

/** Every line of the server's stdout, parsed; a line that is no JSON fails the test. */
function logLines(): LogLine[] {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`Keine JSON-Zeile im Log: ${line}`);
      }
    });
}

const requestLines = () => logLines().filter((line) => typeof line.requestId === 'string' && 'status' in line);

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} nicht gefunden. Ausgabe:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('logs of a production server process', () => {
  let sessionCookie: string | undefined;
  let resetToken: string | undefined;

  it('writes one JSON line per request with method, route pattern, status, duration and the request id it answers with', async () => {
    const client = server.client();
    await signIn(client, user.id, user.password);
    sessionCookie = client.cookie('connect.sid');
    expect(sessionCookie).toBeTruthy();
    const bookings = await client.get(`/api/${tenantId}/bookings`);

    const checkout = await server.client().post(`/api/${tenantId}/checkout`, { ...slot(10, '2027-12-08'), bookableItems: [{ bookableId: roomId, amount: 1 }], ...checkoutCustomer });
    expect(checkout.status, checkout.text).toBe(200);

    expect((await server.client().post('/auth/resetpassword', { id: user.id })).status).toBe(200);
    const mail = await smtp.waitForMail(user.id, '');
    const link = mail.links.find((candidate) => candidate.includes('token='));
    resetToken = link ? (new URL(link).searchParams.get('token') ?? undefined) : undefined;
    expect(resetToken).toBeTruthy();
    // The token travels in the body: neither it nor the path's query reaches the log.
    expect((await server.client().post('/auth/reset/confirm', { token: resetToken, password: 'neues-log-passwort-1' })).status).toBe(200);

    const failing = await server.client().post('/auth/signin', { id: user.id, password: 'falsches-passwort' });
    expect(failing.status).toBeGreaterThanOrEqual(400);
    const refused = await server.client().post(`/api/${tenantId}/checkout`, { ...slot(11, '2027-12-08'), bookableItems: [{ bookableId: '00000000-0000-4000-8000-000000000000', amount: 1 }], ...checkoutCustomer });
    expect(refused.status, refused.text).toBe(404);
    const missing = await server.client().get(`/api/${tenantId}/bookings/999999?token=geheim-im-query`);
    expect(missing.status).toBeGreaterThanOrEqual(400);
    const graphql = await server.client().post('/graphql', { operationName: 'Probe', query: 'query Probe { __typename }' });
    expect(graphql.status).toBe(200);

    const lines = await waitFor(() => {
      const found = requestLines();
      return found.some((line) => line.route === '/graphql') ? found : undefined;
    }, 'Anfragezeilen');
    for (const line of lines) {
      expect(line).toMatchObject({ level: expect.stringMatching(/^(info|error)$/), method: expect.any(String), route: expect.any(String), status: expect.any(Number), durationMs: expect.any(Number) });
    }
    const signin = lines.find((line) => line.route === '/auth/signin' && line.status === 200);
    expect(signin).toMatchObject({ method: 'POST' });
    const list = lines.find((line) => line.route === '/api/:tenantId/bookings');
    expect(list).toMatchObject({ method: 'GET', status: bookings.status, requestId: bookings.headers.get('x-request-id') });
    expect(lines.find((line) => line.route === '/api/:tenantId/checkout')).toMatchObject({ method: 'POST', status: 200, requestId: checkout.headers.get('x-request-id') });
    expect(lines.find((line) => line.route === '/auth/signin' && line.status === failing.status)).toMatchObject({ requestId: failing.headers.get('x-request-id') });
    expect(lines.find((line) => line.requestId === missing.headers.get('x-request-id'))).toMatchObject({ route: '/api/:tenantId/bookings/:id', status: missing.status });
    expect(lines.find((line) => line.route === '/graphql')).toMatchObject({ method: 'POST', operation: 'Probe', status: 200 });
    // Patterns only: no tenant id, no booking number, no query string.
    for (const line of lines) expect(String(line.route)).not.toMatch(new RegExp(`${tenantId}|999999|\\?`));
  }, 60_000);

  it('takes X-Request-Id over from the trusted proxy only, and only a well-formed one', async () => {
    const fromProxy = await getFrom(PROXY_ADDRESS, '/auth/me', { 'X-Request-Id': 'proxy-id-4711' });
    expect(fromProxy.requestId).toBe('proxy-id-4711');
    const fromClient = await getFrom('127.0.0.1', '/auth/me', { 'X-Request-Id': 'client-id-4712' });
    expect(fromClient.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const malformed = await getFrom(PROXY_ADDRESS, '/auth/me', { 'X-Request-Id': 'bad id with spaces' });
    expect(malformed.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const lines = await waitFor(() => {
      const found = requestLines().filter((line) => [fromProxy, fromClient, malformed].some((answer) => answer.requestId === line.requestId));
      return found.length === 3 ? found : undefined;
    }, 'Zeilen der Proxy-Anfragen');
    expect(lines.map((line) => line.route)).toEqual(['/auth/me', '/auth/me', '/auth/me']);
    expect(server.stdout()).not.toContain('client-id-4712');
  });

  it('logs health, readiness and metrics scrapes below info', async () => {
    expect((await getFrom('127.0.0.1', '/healthz')).status).toBe(200);
    expect((await getFrom('127.0.0.1', '/readyz')).status).toBe(200);
    expect((await getFrom('127.0.0.1', '/metrics', { Authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(200);
    // A later request's line shows the probes' lines would have been written by now.
    const after = await getFrom('127.0.0.1', '/auth/me');
    await waitFor(() => requestLines().find((line) => line.requestId === after.requestId), 'Zeile nach den Proben');
    expect(requestLines().filter((line) => ['/healthz', '/readyz', '/metrics'].includes(String(line.route)))).toEqual([]);
  });

  it('logs each job run with task, attempt, duration and outcome', async () => {
    const run = await waitFor(() => logLines().find((line) => line.msg === 'Job erledigt'), 'Job-Zeile');
    expect(run).toMatchObject({ level: 'info', task: expect.any(String), attempt: 1, durationMs: expect.any(Number), outcome: 'ok' });
  });

  it('writes no personal data: no mail, name, password, session cookie or reset token appears anywhere', async () => {
    // Let the booking's mails run, so their lines are part of what is checked.
    await smtp.waitForMail(checkoutCustomer.mail, '');
    const output = `${server.stdout()}\n${server.stderr()}`;
    const secrets = [user.id, user.firstName, user.lastName, user.password, 'neues-log-passwort-1', 'falsches-passwort', checkoutCustomer.name, checkoutCustomer.mail, checkoutCustomer.street, checkoutCustomer.phone, 'geheim-im-query'];
    for (const secret of secrets) expect(output, secret).not.toContain(secret);
    expect(output).not.toContain(decodeURIComponent(sessionCookie!));
    expect(output).not.toContain(resetToken!);
    expect(output).not.toMatch(/@[a-z]+\.example/);
  });
});

describe('metrics', () => {
  it('serves Prometheus text with the product metrics after requests and a checkout', async () => {
    const answer = await server.client().get('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    for (const name of [
      'http_request_duration_seconds_bucket',
      'checkout_outcomes_total{outcome="ok"}',
      'booking_lock_wait_seconds_count{outcome="acquired"}',
      'job_run_duration_seconds_count',
      'job_queue_pending',
      'job_queue_given_up',
      'job_queue_oldest_waiting_seconds',
      'db_pool_connections{pool="orm",state="total"}',
      'db_pool_connections{pool="jobs",state="idle"}',
      'graphql_ws_connections',
      'graphql_subscriptions_active',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(answer.text, name).toContain(name);
    }
    expect(answer.text).toMatch(/checkout_outcomes_total\{outcome="generic\.not-found"\} 1/);
    expect(answer.text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/:tenantId\/checkout",status="200"\} [1-9]/);
    expect(answer.text).not.toContain(tenantId);
  });

  it('in production answers 401 to a missing or wrong bearer token', async () => {
    expect((await server.client().get('/metrics')).status).toBe(401);
    expect((await server.client().get('/metrics', { headers: { Authorization: 'Bearer falsches-token-0123456789' } })).status).toBe(401);
  });

  it('counts open GraphQL sockets and running subscriptions, and forgets them when they end', async () => {
    const client = setup.client();
    await signIn(client, testAdmin.id, testAdmin.password);
    const until = (expected: LiveGauges) => waitForLiveGauges(setup.client(), (seen) => seen.sockets === expected.sockets && seen.subscriptions === expected.subscriptions);
    await until({ sockets: 0, subscriptions: 0 });
    const ws = graphqlWsClient(setup.url, { cookie: client.cookieHeader() });
    const subscription = new SubscriptionRecorder(ws, 'subscription { sessionChanged { user { id } } }');
    try {
      await until({ sockets: 1, subscriptions: 1 });
      subscription.stop();
      await until({ sockets: 1, subscriptions: 0 });
    } finally {
      await ws.dispose();
    }
    await until({ sockets: 0, subscriptions: 0 });
  });

  it('in production without METRICS_TOKEN does not exist (404); outside production it is open', async () => {
    expect((await closedProduction.client().get('/metrics')).status).toBe(404);
    const open = await setup.client().get('/metrics');
    expect(open.status).toBe(200);
    expect(open.text).toContain('http_request_duration_seconds');
  });
});
