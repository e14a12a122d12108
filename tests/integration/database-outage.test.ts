import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAdmin } from '../support/app.js';
import { signIn } from '../support/fixtures.js';
import type { HttpClient, HttpResponse } from '../support/http.js';
import { startOwnPostgres, type OwnPostgres } from '../support/postgres.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../support/server-process.js';

/**
 * PostgreSQL stopped and started again under a server process while requests keep coming: while
 * it is away, every request that needs it answers 503 with Retry-After (REST as problem+json with
 * `service.unavailable`, GraphQL with extensions.code SERVICE_UNAVAILABLE and the German message),
 * never a 500, and /readyz answers 503 naming the database while /healthz stays 200; afterwards the
 * same process answers normally again, sessions included.
 */
let postgres: OwnPostgres;
let server: ServerProcess;
let signedIn: HttpClient;
let anonymous: HttpClient;

const MESSAGE = 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.';
/** Requests per stream at most (bounded; the outage lasts seconds). */
const MAX_REQUESTS_PER_STREAM = 1500;

beforeAll(async () => {
  postgres = await startOwnPostgres();
  server = await startServerProcess({ databaseUrl: `${postgres.serverUrl}/ausfall`, startTimeoutMs: 90_000 });
  signedIn = server.client();
  await signIn(signedIn, testAdmin.id, testAdmin.password);
  anonymous = server.client();
}, 150_000);

afterAll(async () => {
  try {
    await server?.stop();
    await stopAllServerProcesses();
  } finally {
    await postgres?.remove();
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  request: string;
  status: number;
  retryAfter: string | null;
  contentType: string;
  body: string;
  /** REST code or GraphQL extensions.code of the first error. */
  code?: string;
  message?: string;
}

/** A GraphQL POST as Apollo Client sends it: it reads the errors of a graphql-response+json answer whatever its status. */
const graphql = (client: HttpClient, query: string) =>
  client.request('POST', '/graphql', { body: JSON.stringify({ query }), headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json,application/json;q=0.9' } });

/** Requests that each need the database: the session, REST reads, GraphQL reads (signed in and not). */
const requests: [string, () => Promise<HttpResponse>][] = [
  ['GET /auth/me', () => signedIn.get('/auth/me')],
  ['GET /api/tenants', () => signedIn.get('/api/tenants')],
  ['GraphQL me', () => graphql(signedIn, '{ me { user { id } } }')],
  ['GraphQL tenants', () => graphql(signedIn, '{ tenants { id } }')],
  ['GET /api/instances?publicInstance (anonymous)', () => anonymous.get('/api/instances?publicInstance=true')],
  ['GraphQL publicInstance (anonymous)', () => graphql(anonymous, '{ publicInstance { contactAddress } }')],
];

async function send(index: number): Promise<Answer> {
  const [request, run] = requests[index % requests.length];
  const response = await run();
  const json = (() => {
    try {
      return JSON.parse(response.text) as { code?: string; detail?: string; errors?: { message?: string; extensions?: { code?: string } }[] };
    } catch {
      return undefined;
    }
  })();
  return {
    request,
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    contentType: response.headers.get('content-type') ?? '',
    body: response.text.slice(0, 300),
    code: json?.code ?? json?.errors?.[0]?.extensions?.code,
    message: json?.detail ?? json?.errors?.[0]?.message,
  };
}

describe('PostgreSQL restarted while requests run', () => {
  it('answers 2xx or 503 (never 500) while it is away, and recovers by itself', async () => {
    for (let index = 0; index < requests.length; index++) {
      const answer = await send(index);
      expect(answer.status, `${answer.request} before the outage: ${answer.body}`).toBe(200);
    }

    const answers: Answer[] = [];
    let phase: 'before' | 'away' | 'back' = 'before';
    let recoveredAt: number | undefined;
    let running = true;
    const stream = async (offset: number) => {
      for (let n = 0; running && n < MAX_REQUESTS_PER_STREAM; n++) {
        const answer = await send(offset + n);
        answers.push(answer);
        if (phase === 'back' && answer.status === 200) recoveredAt ??= Date.now();
        if (answer.status === 503) await sleep(20);
      }
    };
    const streams = Array.from({ length: requests.length }, (_, index) => stream(index));

    await sleep(500);
    phase = 'away';
    await postgres.stop();
    // What a load balancer sees meanwhile: the process lives, but is not ready, for want of its database.
    const alive = await fetch(`${server.url}/healthz`);
    const readiness = await fetch(`${server.url}/readyz`);
    const readinessBody = (await readiness.json()) as { failing: string[] };
    await sleep(3000);
    await postgres.start();
    const restartedAt = Date.now();
    phase = 'back';
    // Back within half a minute: the pools reconnect by themselves.
    for (let waited = 0; recoveredAt === undefined; waited += 100) {
      expect(waited, 'no request succeeded after the restart').toBeLessThan(30_000);
      await sleep(100);
    }
    await sleep(1000);
    running = false;
    await Promise.all(streams);

    expect(alive.status).toBe(200);
    expect(readiness.status).toBe(503);
    expect(readinessBody.failing).toContain('database');
    expect((await fetch(`${server.url}/readyz`)).status, 'ready again once the database is back').toBe(200);

    const unexpected = answers.filter((answer) => !(answer.status >= 200 && answer.status < 300) && answer.status !== 503);
    expect(unexpected, JSON.stringify(unexpected.slice(0, 5))).toEqual([]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(unavailable.length, 'the outage was never met').toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.retryAfter, answer.request).toMatch(/^\d+$/);
      expect(answer.message, `${answer.request}: ${answer.body}`).toBe(MESSAGE);
      if (answer.request.startsWith('GraphQL')) {
        expect(answer.code, answer.body).toBe('SERVICE_UNAVAILABLE');
        expect(answer.contentType, answer.request).toContain('application/graphql-response+json');
      } else {
        expect(answer.contentType, answer.request).toContain('application/problem+json');
        expect(answer.code, answer.body).toBe('service.unavailable');
      }
    }
    // Each kind met the outage: the session store (signed in), REST handlers and GraphQL resolvers (anonymous).
    expect(new Set(unavailable.map((answer) => answer.request))).toEqual(new Set(requests.map(([request]) => request)));

    // Recovered: every kind of request succeeds again, the session still holds.
    for (let index = 0; index < requests.length; index++) {
      const answer = await send(index);
      expect(answer.status, `${answer.request} after the restart: ${answer.body}`).toBe(200);
    }
    expect((await signedIn.get('/auth/me')).json?.id ?? (await signedIn.get('/auth/me')).json?.user?.id).toBeDefined();
    expect(server.exited).toBe(false);
    expect(Date.now() - restartedAt).toBeLessThan(60_000);
  }, 120_000);
});
