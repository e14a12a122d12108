import { createClient, type Client } from 'graphql-ws';
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { JobWorker } from '../../server/src/shared/jobs.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { startInProcessApp, testAdmin, type InProcessApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { createTenant, signIn } from '../support/fixtures.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../support/server-process.js';
import { SmtpCapture } from '../support/smtp.js';
import { SubscriptionRecorder } from '../support/ws.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';

/**
 * SIGTERM on a real server process, as an orchestrator sends it to one of two replicas behind a
 * load balancer during a rolling restart: readiness fails at once while liveness holds, the request
 * in flight and one sent on a kept-alive connection are answered (with `Connection: close`), the
 * WebSocket closes with 1012 and its client reconnects to the other replica, new connections are
 * refused once nothing runs, and the process exits 0. With a short grace period, a request stuck beyond it is cut and a
 * job still running goes back to the queue at once, unattempted, for another worker.
 *
 * A request is held in flight by the test's own connection: it locks the bookables table, so the
 * public HTML list of a tenant's objects waits on it until the test commits.
 */
let db: TestDatabase;
let smtp: SmtpCapture;
let silentSmtp: Server;
let balancer: Server;
let other: InProcessApp;
let restarted: ServerProcess;
let stuck: ServerProcess;
let sql: pg.Pool;
let tenantId: string;
let roomId: string;
const silentSockets = new Set<Socket>();
/** Whether the balancer sends new connections to `restarted` (its /readyz answered 200 last). */
let restartedReady = true;
let readinessProbe: NodeJS.Timeout | undefined;

const GRACE_SECONDS_LONG = 10;
const GRACE_SECONDS_SHORT = 1;
const MAIL = 'neustart@kunden.example';
const REQUEST_RECEIVED = 'Vielen Dank für Ihre Buchungsanfrage';
const SESSION_CHANGED = 'subscription { sessionChanged { user { id firstName } } }';
type SessionChanged = { sessionChanged: { user: { id: string; firstName: string } } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(25);
  }
}

/** A raw HTTP/1.1 connection: everything the server sends, and when it closes. */
interface RawConnection {
  socket: Socket;
  received(): string;
  closed: Promise<void>;
  readonly isClosed: boolean;
}

async function openConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  let closed = false;
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  const closing = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closing.then(() => (closed = true));
  return {
    socket,
    received: () => text,
    closed: closing,
    get isClosed() {
      return closed;
    },
  };
}

function sendGet(connection: RawConnection, path: string): void {
  connection.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n\r\n`);
}

/** Whether a server process answers a new connection at all. */
async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Holds an ACCESS EXCLUSIVE lock on bookables until the returned release is called. */
async function lockBookables(): Promise<() => Promise<void>> {
  const client = await sql.connect();
  await client.query('begin');
  await client.query('lock table bookables in access exclusive mode');
  return async () => {
    await client.query('commit');
    client.release();
  };
}

/** Waits until a server's query waits on the test's lock of bookables. */
async function waitForQueryOnLock(): Promise<void> {
  await waitUntil('a request waits on the lock', async () => {
    const { rows } = await sql.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike '%bookables%'`,
    );
    return rows[0].waiting > 0;
  });
}

/** A graphql-ws client as the browser's (retries after a lost connection) through the balancer, with the session cookie. */
function socketClient(port: number, cookie: string, on: { closed: (event: unknown) => void; connected: (wasRetry: boolean) => void }): Client {
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie } });
    }
  }
  return createClient({
    url: `ws://127.0.0.1:${port}/graphql`,
    webSocketImpl: CookieWebSocket,
    lazy: true,
    retryAttempts: 5,
    on: { closed: on.closed, connected: (_socket, _payload, wasRetry) => on.connected(wasRetry) },
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await new SmtpCapture().start();
  // Accepts connections and never greets: a mail job waits on it.
  silentSmtp = createServer((socket) => {
    silentSockets.add(socket);
    socket.on('close', () => silentSockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', () => resolve()));
  sql = new pg.Pool({ connectionString: db.url, max: 3 });
  sql.on('error', () => undefined);
  // The replica that stays: it seeds the database, and its job handlers serve the worker that takes over.
  other = await startInProcessApp({ databaseUrl: db.url, smtpPort: smtp.port, env: { JOB_CONCURRENCY: '0' } });
  tenantId = (await createTenant(other.orm, { name: 'Bürgerhaus Neustart' })).id;
  const em = other.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).mail = 'buchungen@neustart.example';
  await em.flush();
  roomId = (await bookableRoom(other, tenantId, { title: 'Saal' })).id;
  [restarted, stuck] = await Promise.all([
    startServerProcess({ databaseUrl: db.url, smtpPort: smtp.port, jobConcurrency: 0, env: { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS_LONG) } }),
    startServerProcess({
      databaseUrl: db.url,
      smtpPort: (silentSmtp.address() as { port: number }).port,
      jobConcurrency: 1,
      env: { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS_SHORT) },
    }),
  ]);

  // A balancer with an active health check: new connections go to `restarted` while its /readyz
  // answers 200, otherwise to `other`.
  readinessProbe = setInterval(() => {
    fetch(`${restarted.url}/readyz`, { signal: AbortSignal.timeout(500) }).then(
      async (response) => {
        await response.arrayBuffer();
        restartedReady = response.status === 200;
      },
      () => (restartedReady = false),
    );
  }, 100);
  balancer = createServer((downstream) => {
    const upstream = connect(restartedReady ? restarted.port : other.port, '127.0.0.1');
    const end = () => {
      downstream.destroy();
      upstream.destroy();
    };
    downstream.pipe(upstream).pipe(downstream);
    for (const socket of [downstream, upstream]) socket.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', () => resolve()));
}, 120_000);

afterAll(async () => {
  try {
    clearInterval(readinessProbe);
    await new Promise<void>((resolve) => (balancer ? balancer.close(() => resolve()) : resolve()));
    await restarted?.stop();
    await stuck?.stop();
    await stopAllServerProcesses();
    await other?.close();
    await sql?.end();
    await smtp?.close();
    silentSockets.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => (silentSmtp ? silentSmtp.close(() => resolve()) : resolve()));
  } finally {
    await db?.drop();
  }
});

describe('SIGTERM on one of two replicas', () => {
  it('answers the request in flight, takes itself out of readiness, moves the subscription to the other replica and exits 0', async () => {
    const staff = restarted.client();
    await signIn(staff, testAdmin.id, testAdmin.password);
    const closes: { code: number; reason: string }[] = [];
    const connections: boolean[] = [];
    const socket = socketClient((balancer.address() as { port: number }).port, staff.cookieHeader(), {
      closed: (event) => closes.push(event as { code: number; reason: string }),
      connected: (wasRetry) => connections.push(wasRetry),
    });
    const subscription = new SubscriptionRecorder<SessionChanged>(socket, SESSION_CHANGED);
    let release: (() => Promise<void>) | undefined;
    try {
      // The subscription is live on `restarted` (through the balancer).
      for (let attempt = 0; subscription.results.length === 0; attempt++) {
        expect(attempt, 'subscription never delivered').toBeLessThan(40);
        expect((await staff.put('/api/user', { firstName: `Vor-${attempt}` })).status).toBe(200);
        await sleep(100);
      }
      expect(connections).toEqual([false]);

      // An idle keep-alive connection, and a request held in flight on another one.
      const idle = await openConnection(restarted.port);
      sendGet(idle, '/healthz');
      await waitUntil('the idle connection got its answer', () => idle.received().includes('"status":"ok"'));
      release = await lockBookables();
      const inFlight = await openConnection(restarted.port);
      sendGet(inFlight, `/html/${tenantId}/bookables`);
      await waitForQueryOnLock();

      restarted.signal('SIGTERM');
      const signalledAt = Date.now();

      // The balancer's check sees the replica not ready; the process still lives.
      await waitUntil('/readyz answers 503', async () => {
        const response = await fetch(`${restarted.url}/readyz`);
        const body = (await response.json()) as { failing?: string[] };
        return response.status === 503 && (body.failing ?? []).includes('shutdown');
      }, 2000);
      const health = await fetch(`${restarted.url}/healthz`);
      expect(health.status).toBe(200);
      expect(health.headers.get('connection')).toBe('close');
      // A request on a connection kept alive from before (as a balancer sends it until its check
      // noticed) is answered, and the connection ends with that answer.
      expect(idle.isClosed).toBe(false);
      const answeredBefore = idle.received().length;
      sendGet(idle, '/healthz');
      await idle.closed;
      const lateAnswer = idle.received().slice(answeredBefore);
      expect(lateAnswer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(lateAnswer).toMatch(/\r\nconnection: close\r\n/i);
      await waitUntil('the WebSocket is closed', () => closes.length > 0, 2000);
      expect(closes[0]).toMatchObject({ code: 1012, reason: 'Der Server startet neu' });

      // The request in flight is answered in full, and its connection ends with it.
      expect(restarted.exited).toBe(false);
      expect(inFlight.received()).toBe('');
      await release();
      release = undefined;
      await inFlight.closed;
      expect(inFlight.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(inFlight.received()).toMatch(/\r\nconnection: close\r\n/i);
      expect(inFlight.received()).toContain('Saal');

      // Nothing runs any more: the port is closed, and the process ends well within its grace period.
      await waitUntil('new connections are refused', async () => !(await acceptsConnections(restarted.port)), 3000);
      expect(await restarted.ended()).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalledAt).toBeLessThan(GRACE_SECONDS_LONG * 1000);
      expect(restarted.stderr(), 'the shutdown reported no error').not.toMatch(/error|fehler/i);

      // graphql-ws reconnects (1012 is no fatal close), through the balancer to the other replica,
      // and subscribes again there.
      await waitUntil('the client reconnected', () => connections.includes(true), 8000);
      const otherStaff = other.client();
      await signIn(otherStaff, testAdmin.id, testAdmin.password);
      const before = subscription.results.length;
      for (let attempt = 0; subscription.results.length === before; attempt++) {
        expect(attempt, 'the subscription was not renewed on the other replica').toBeLessThan(40);
        expect((await otherStaff.put('/api/user', { firstName: `Nach-${attempt}` })).status).toBe(200);
        await sleep(100);
      }
      expect(subscription.error).toBeUndefined();

    } finally {
      await release?.();
      subscription.stop();
      // graphql-ws rejects dispose with the close event when the last connection already closed.
      await Promise.resolve(socket.dispose()).catch(() => undefined);
    }
  }, 60_000);

  it('cuts a request stuck beyond the grace period, hands the running job back to the queue and still exits 0', async () => {
    const created = await stuck.client().post(`/api/${tenantId}/checkout`, { ...slot(10, '2027-12-08'), bookableItems: [{ bookableId: roomId, amount: 1 }], ...customer, mail: MAIL });
    expect(created.status, created.text).toBe(200);
    // The worker has taken a job and hangs on the silent mail server.
    await waitUntil('a job runs', () => silentSockets.size > 0, 10_000);
    const { rows: locked } = await sql.query<{ locked: number }>('select count(*)::int as locked from graphile_worker._private_jobs where locked_by is not null');
    expect(locked[0].locked).toBe(1);

    const release = await lockBookables();
    try {
      const inFlight = await openConnection(stuck.port);
      sendGet(inFlight, `/html/${tenantId}/bookables`);
      await waitForQueryOnLock();

      stuck.signal('SIGTERM');
      const signalledAt = Date.now();
      await inFlight.closed;
      const cutAfter = Date.now() - signalledAt;
      expect(inFlight.received(), 'the stuck request got no answer, its connection was cut').toBe('');
      expect(cutAfter).toBeGreaterThanOrEqual(GRACE_SECONDS_SHORT * 1000 - 50);
      expect(await stuck.ended()).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalledAt).toBeLessThan(GRACE_SECONDS_SHORT * 1000 + 8000);
    } finally {
      await release();
    }
    expect(stuck.output()).toContain('handed 1 running job(s) back to the queue');
    expect(stuck.stderr(), 'the shutdown reported no error').not.toMatch(/error|fehler/i);

    // Unlocked, due now, the attempt given back and no failure recorded: nothing waits for a backoff.
    const { rows: jobs } = await sql.query<{ locked_by: string | null; attempts: number; last_error: string | null; due: boolean }>(
      'select locked_by, attempts, last_error, run_at <= now() as due from graphile_worker._private_jobs',
    );
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(job).toEqual({ locked_by: null, attempts: 0, last_error: null, due: true });

    // Another worker takes the jobs over at once and sends the mail.
    const jobPool = new pg.Pool({ connectionString: db.url, max: 3 });
    jobPool.on('error', () => undefined);
    jobPool.on('connect', (client) => client.on('error', () => undefined));
    const successor = new JobWorker(jobPool, other.app.services.jobHandlers, 1);
    try {
      await successor.start();
      const mail = await smtp.waitForMail(MAIL, REQUEST_RECEIVED);
      expect(mail.text).toContain(created.json.id as string);
    } finally {
      await successor.stop();
      await jobPool.end();
    }
  }, 60_000);
});
