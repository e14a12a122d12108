import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishInTransaction } from '../../server/src/shared/pubsub.js';
import { testAdmin } from '../support/app.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { TestOidcIssuer } from '../support/oidc-issuer.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';

/**
 * A session started with single sign-on lasts only as long as the provider stands behind it: the
 * product refreshes the provider's session at most once per check interval (SSO_SESSION_CHECK_SECONDS,
 * here the default 60 s; the tests make a check due by ageing the session) and ends its own session,
 * with its sockets, once the provider says the session is gone. A provider that cannot be reached
 * ends nothing.
 */
let app: TestApp;
let issuer: TestOidcIssuer;
let ip = 0;
const client = () => app.client({ ip: `10.67.0.${++ip}` });
const people = ['anna.sso@example.com', 'bert.sso@example.com', 'clara.sso@example.com', 'dora.sso@example.com', 'emil.sso@example.com', 'fritz.sso@example.com'];

const SSO_SIGN_IN = 'mutation($token: String!, $refreshToken: String) { ssoSignIn(token: $token, refreshToken: $refreshToken) { user { id } } }';

async function ssoSession(email: string): Promise<{ browser: HttpClient; sessionId: string; refreshToken: string }> {
  const browser = client();
  const refreshToken = issuer.issueRefreshToken({ email });
  const response = await browser.post('/auth/sso/signin', { token: await issuer.sign({ email }), refreshToken });
  expect(response.status, response.text).toBe(200);
  const [row] = await sql<{ session_id: string }>(`select session_id from sso_sessions where user_id = ? order by confirmed_at desc limit 1`, [email]);
  return { browser, sessionId: row!.session_id, refreshToken };
}

function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return app.orm.em.getConnection().execute<T[]>(query, params);
}

/** The check interval has passed for this session: as if its last confirmation were an hour ago. */
async function ageSession(sessionId: string): Promise<void> {
  await sql(`update sessions set sess = jsonb_set(sess::jsonb, '{ssoCheckAt}', '0')::json where sid = ?`, [sessionId]);
  await sql(`update sso_sessions set confirmed_at = now() - interval '1 hour' where session_id = ?`, [sessionId]);
}

async function storedRefreshToken(sessionId: string): Promise<string | undefined> {
  const [row] = await sql<{ refresh_token: string }>('select refresh_token from sso_sessions where session_id = ?', [sessionId]);
  return row?.refresh_token;
}

beforeAll(async () => {
  app = await startTestApp();
  issuer = await new TestOidcIssuer().start();
  for (const id of people) await createUser(app.orm, { id, password: `${id}-passwort` });
  await createTenant(app.orm, { name: 'SSO-Widerruf', owners: [testAdmin.id] });
  const admin = client();
  await signIn(admin, testAdmin.id, testAdmin.password);
  const response = await admin.put('/api/instances', {
    applications: [{ id: 'keycloak', type: 'auth', active: true, serverUrl: issuer.serverUrl, realm: issuer.realm, publicClient: issuer.clientId, roleMapping: { active: false, roles: [] } }],
  });
  expect(response.status, response.text).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await issuer?.close();
});

describe('a sign-in with the refresh token', () => {
  it('keeps the refresh token encrypted with the session and asks the provider nothing before the check is due', async () => {
    const before = issuer.refreshRequests.length;
    const { browser, sessionId, refreshToken } = await ssoSession(people[0]!);
    const stored = await storedRefreshToken(sessionId);
    expect(stored).toBeDefined();
    // Not the token itself: a copy of the database alone cannot use it at the provider.
    expect(stored).not.toContain(refreshToken);
    expect(issuer.refreshRequests.length).toBe(before);
    expect((await browser.get('/auth/me')).status).toBe(200);
    expect(issuer.refreshRequests.length).toBe(before);
  });

  it('works over GraphQL too; without a refresh token the session is not tied to the provider', async () => {
    const tied = client();
    const { errors } = await tied.gql(SSO_SIGN_IN, { token: await issuer.sign({ email: people[1] }), refreshToken: issuer.issueRefreshToken({ email: people[1] }) });
    expect(errors).toBeUndefined();
    const [tiedRow] = await sql<{ count: string }>(`select count(*) from sso_sessions where user_id = ?`, [people[1]]);
    expect(Number(tiedRow!.count)).toBe(1);

    const untied = client();
    expect((await untied.post('/auth/sso/signin', { token: await issuer.sign({ email: people[1] }) })).status).toBe(200);
    const [untiedRow] = await sql<{ count: string }>(`select count(*) from sso_sessions where user_id = ?`, [people[1]]);
    expect(Number(untiedRow!.count)).toBe(1);
  });

  it('refuses a refresh token that cannot be one (401 sso.token-invalid) and starts no session', async () => {
    const browser = client();
    const response = await browser.post('/auth/sso/signin', { token: await issuer.sign({ email: people[1] }), refreshToken: 'x'.repeat(20_000) });
    expect(response.status).toBe(401);
    expect(response.json.code).toBe('sso.token-invalid');
    expect((await browser.get('/auth/me')).status).toBe(401);
  });
});

describe('the check when it is due', () => {
  it('keeps a session the provider still stands behind and stores the new refresh token it hands out', async () => {
    const { browser, sessionId } = await ssoSession(people[2]!);
    const first = await storedRefreshToken(sessionId);
    await ageSession(sessionId);
    const before = issuer.refreshRequests.length;
    expect((await browser.get('/auth/me')).status).toBe(200);
    expect(issuer.refreshRequests.length).toBe(before + 1);
    expect(await storedRefreshToken(sessionId)).not.toBe(first);
    // The provider takes each refresh token once: a second check works only with the new one.
    await ageSession(sessionId);
    expect((await browser.get('/auth/me')).status).toBe(200);
    expect(issuer.refreshRequests.length).toBe(before + 2);
  });

  it('asks the provider once when many requests of the session find the check due at the same time', async () => {
    const { browser, sessionId } = await ssoSession(people[3]!);
    await ageSession(sessionId);
    const before = issuer.refreshRequests.length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => browser.get('/auth/me')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(issuer.refreshRequests.length).toBe(before + 1);
  });

  it('ends the session (REST, GraphQL and its open socket) once the provider has revoked it', async () => {
    const { browser, sessionId } = await ssoSession(people[4]!);
    const socket = graphqlWsClient(app.url, { cookie: browser.cookieHeader() });
    const watching = new SubscriptionRecorder(socket, 'subscription { sessionChanged { user { id } } }');
    try {
      // The socket's viewer is read at its first operation: wait until it is established.
      const probe = new SubscriptionRecorder(socket, '{ me { user { id } } }');
      await probe.waitForEnd();
      expect(JSON.stringify(probe.results)).toContain(people[4]);

      issuer.revokeSessionsOf(people[4]!);
      await ageSession(sessionId);
      expect((await browser.get('/auth/me')).status).toBe(401);
      expect(await sql('select sid from sessions where sid = ?', [sessionId])).toEqual([]);
      expect(await storedRefreshToken(sessionId)).toBeUndefined();
      const me = await browser.gql<{ me: unknown }>('{ me { user { id } } }');
      expect(me.data?.me).toBeNull();
      await watching.waitForEnd();
      expect((watching.error as { code?: number } | undefined)?.code).toBe(4401);
    } finally {
      await socket.dispose();
    }
  });

  it('ends a session whose only traffic is its socket, when the socket reads its viewer again', async () => {
    const { browser, sessionId } = await ssoSession(people[1]!);
    const socket = graphqlWsClient(app.url, { cookie: browser.cookieHeader() });
    const watching = new SubscriptionRecorder(socket, 'subscription { sessionChanged { user { id } } }');
    try {
      const probe = new SubscriptionRecorder(socket, '{ me { user { id } } }');
      await probe.waitForEnd();
      issuer.revokeSessionsOf(people[1]!);
      await ageSession(sessionId);
      // A change of the account makes every socket of it read its viewer again (no HTTP request here).
      await app.orm.em.fork().transactional((em) => publishInTransaction(em, 'SESSION_CHANGED', people[1]!, { userId: people[1]!, reason: 'sso-roles' }));
      await watching.waitForEnd();
      expect((watching.error as { code?: number } | undefined)?.code).toBe(4401);
      expect(await sql('select sid from sessions where sid = ?', [sessionId])).toEqual([]);
    } finally {
      await socket.dispose();
    }
  });

  it('keeps the session while the provider cannot be reached, and checks again at the next due request', async () => {
    const { browser, sessionId } = await ssoSession(people[5]!);
    await ageSession(sessionId);
    issuer.unavailable = true;
    try {
      expect((await browser.get('/auth/me')).status).toBe(200);
    } finally {
      issuer.unavailable = false;
    }
    issuer.revokeSessionsOf(people[5]!);
    await ageSession(sessionId);
    expect((await browser.get('/auth/me')).status).toBe(401);
  });

  it('signing out removes the kept refresh token with the session', async () => {
    const { browser, sessionId } = await ssoSession(people[0]!);
    expect(await storedRefreshToken(sessionId)).toBeDefined();
    expect((await browser.post('/auth/signout', {})).status).toBeLessThan(300);
    expect(await storedRefreshToken(sessionId)).toBeUndefined();
  });
});
