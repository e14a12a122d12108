import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testAdmin } from '../support/app.js';
import { createUser, sessionIdOf, signIn } from '../support/fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Sign-in, the session cookie, sign-out and `me` over REST and GraphQL. */
let app: TestApp;
const erika = { id: 'erika@example.com', password: 'erika-passwort-1', firstName: 'Erika', lastName: 'Mustermann', phone: '030 123456' };
const susi = { id: 'susi@example.com', password: 'susi-passwort-1', firstName: 'Susi', lastName: 'Sperre' };

beforeAll(async () => {
  app = await startTestApp();
  await Promise.all([createUser(app.orm, erika), createUser(app.orm, susi)]);
});
afterAll(async () => app?.close());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => app.orm.em.getConnection().execute<T[]>(query, params);
const setSuspended = (id: string, value: boolean) => sql('update users set is_suspended = ? where id = ?', [value, id]);
const sessionRows = async (cookie: string | undefined) => (await sql<{ n: string }>('select count(*) as n from sessions where sid = ?', [sessionIdOf(cookie)]))[0].n;

const loginFailed = {
  type: 'about:blank',
  title: 'Anmeldung fehlgeschlagen',
  status: 401,
  detail: 'Falsche E-Mail/Passwort',
  code: 'auth.login-failed',
};

describe('sign-in', () => {
  it('answers 200 {user, permissions} and sets an HttpOnly, SameSite=Lax session cookie without Secure', async () => {
    const client = app.client();
    const response = await client.post('/auth/signin', { id: erika.id, password: erika.password });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      user: {
        id: erika.id,
        firstName: 'Erika',
        lastName: 'Mustermann',
        company: '',
        phone: '030 123456',
        address: '',
        zipCode: '',
        city: '',
        isVerified: true,
        isSuspended: false,
        authType: 'local',
        created: expect.any(Number),
      },
      permissions: { instanceOwner: false, allowCreateTenant: false, tenants: [] },
    });
    expect(response.setCookies).toHaveLength(1);
    const cookie = response.setCookies[0];
    expect(cookie).toMatch(/^connect\.sid=s%3A[^;]+;/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(47 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(48 * 3600_000 + 5000);
    expect(await sessionRows(client.cookie('connect.sid'))).toBe('1');
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const response = await app.client().post('/auth/signin', { id: '  ERIKA@Example.com ', password: erika.password });
    expect(response.status).toBe(200);
    expect(response.json.user.id).toBe(erika.id);
  });

  it.each([
    ['wrong password', erika.id, 'falsches-passwort'],
    ['unknown user', 'niemand@example.com', 'irgendein-passwort'],
  ])('refuses a %s with 401 problem+json auth.login-failed and no cookie', async (_case, id, password) => {
    const response = await app.client().post('/auth/signin', { id, password });
    expect(response.status).toBe(401);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json).toEqual(loginFailed);
    expect(response.setCookies).toEqual([]);
  });

  it('refuses a request without password with 400 register.missing-data', async () => {
    const response = await app.client().post('/auth/signin', { id: erika.id });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('register.missing-data');
  });

  it('refuses a suspended user (REST and GraphQL)', async () => {
    await setSuspended(susi.id, true);
    try {
      const rest = await app.client().post('/auth/signin', { id: susi.id, password: susi.password });
      expect(rest.status).toBe(401);
      expect(rest.json).toEqual(loginFailed);
      const graphql = await app.client().gql('mutation($id: String!, $pw: String!) { signIn(id: $id, password: $pw) { user { id } } }', { id: susi.id, pw: susi.password });
      expect(graphql.errors?.[0]).toMatchObject({ message: 'Falsche E-Mail/Passwort', extensions: { code: 'AUTH_LOGIN_FAILED' } });
    } finally {
      await setSuspended(susi.id, false);
    }
    expect((await app.client().post('/auth/signin', { id: susi.id, password: susi.password })).status).toBe(200);
  });

  it("ends a suspended user's existing session at once, for good", async () => {
    const client = app.client();
    await signIn(client, susi.id, susi.password);
    expect((await client.get('/auth/me')).status).toBe(200);
    const cookie = client.cookie('connect.sid');
    await setSuspended(susi.id, true);
    try {
      const me = await client.get('/auth/me');
      expect(me.status).toBe(401);
      expect(me.json).toMatchObject({ status: 401, code: 'auth.session-expired', title: 'Sitzung abgelaufen', detail: 'Bitte melden Sie sich erneut an.' });
      const graphqlMe = await client.gql('{ me { user { id } } }');
      expect(graphqlMe.data).toEqual({ me: null });
      expect(await sessionRows(cookie)).toBe('0');
    } finally {
      await setSuspended(susi.id, false);
    }
    // Lifting the suspension does not revive the destroyed session.
    const later = await client.get('/auth/me');
    expect(later.status).toBe(401);
    expect(later.json.code).toBe('auth.unauthenticated');
  });

  it('signs in through GraphQL with the same answer and cookie', async () => {
    const client = app.client();
    const result = await client.gql<{ signIn: { user: { id: string; phone: string }; permissions: { instanceOwner: boolean } } }>(
      'mutation($id: String!, $pw: String!) { signIn(id: $id, password: $pw) { user { id phone } permissions { instanceOwner } } }',
      { id: erika.id, pw: erika.password },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.signIn).toEqual({ user: { id: erika.id, phone: '030 123456' }, permissions: { instanceOwner: false } });
    expect(result.response.setCookies[0]).toMatch(/^connect\.sid=.*HttpOnly.*SameSite=Lax/i);
    expect((await client.get('/auth/me')).json.user.id).toBe(erika.id);

    const wrong = await app.client().gql('mutation { signIn(id: "erika@example.com", password: "falsch-falsch") { user { id } } }');
    expect(wrong.errors?.[0]).toMatchObject({ message: 'Falsche E-Mail/Passwort', extensions: { code: 'AUTH_LOGIN_FAILED', status: 401 } });
    expect(wrong.response.setCookies).toEqual([]);
  });
});

describe('session id and sign-out', () => {
  it('issues a new session id at sign-in; the previous session stops working', async () => {
    const client = app.client();
    await signIn(client, erika.id, erika.password);
    const first = client.cookie('connect.sid');
    const firstSession = client.clone();

    await signIn(client, testAdmin.id, testAdmin.password);
    const second = client.cookie('connect.sid');
    expect(sessionIdOf(second)).toBeDefined();
    expect(sessionIdOf(second)).not.toBe(sessionIdOf(first));
    expect((await client.get('/auth/me')).json.user.id).toBe(testAdmin.id);
    expect((await firstSession.get('/auth/me')).status).toBe(401);
    expect(await sessionRows(first)).toBe('0');
  });

  it('does not adopt a session id planted before sign-in', async () => {
    const client = app.client();
    client.cookies.set('connect.sid', 's%3Aplanted-session-id.invalidsignature');
    await signIn(client, erika.id, erika.password);
    expect(sessionIdOf(client.cookie('connect.sid'))).not.toBe('planted-session-id');
    expect((await client.get('/auth/me')).status).toBe(200);
  });

  it('sign-out destroys the session: the old cookie no longer works and the row is gone', async () => {
    const client = app.client();
    await signIn(client, erika.id, erika.password);
    const cookie = client.cookie('connect.sid');
    const oldSession = client.clone();
    expect(await sessionRows(cookie)).toBe('1');

    const response = await client.post('/auth/signout');
    expect(response.status).toBe(200);
    expect(response.text).toBe('OK');
    expect(response.setCookies.some((header) => /^connect\.sid=;/.test(header) && /Expires=Thu, 01 Jan 1970/.test(header))).toBe(true);
    expect(client.cookie('connect.sid')).toBeUndefined();
    expect(await sessionRows(cookie)).toBe('0');
    expect((await oldSession.get('/auth/me')).status).toBe(401);
  });

  it('GET /auth/signout from the product’s own page answers OK without a session', async () => {
    const response = await app.client().get('/auth/signout', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(response.status).toBe(200);
    expect(response.text).toBe('OK');
  });

  it('GraphQL signOut destroys the session too', async () => {
    const client = app.client();
    await signIn(client, erika.id, erika.password);
    const cookie = client.cookie('connect.sid');
    const oldSession = client.clone();
    const result = await client.gql('mutation { signOut }');
    expect(result.data).toEqual({ signOut: true });
    expect(await sessionRows(cookie)).toBe('0');
    expect((await oldSession.gql('{ me { user { id } } }')).data).toEqual({ me: null });
  });
});

describe('me', () => {
  it('REST: 401 problem+json without a session', async () => {
    const response = await app.client().get('/auth/me');
    expect(response.status).toBe(401);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json).toEqual({ type: 'about:blank', title: 'Zugriff verweigert', status: 401, detail: 'Bitte melden Sie sich an.', code: 'auth.unauthenticated' });
  });

  it('REST: with permissions unless populatePermissions=0', async () => {
    const client = app.client();
    await signIn(client, testAdmin.id, testAdmin.password);
    const permissions = { instanceOwner: true, allowCreateTenant: true, tenants: [] };
    for (const query of ['?populatePermissions=1', '?populatePermissions=true', '']) {
      const response = await client.get(`/auth/me${query}`);
      expect(response.status).toBe(200);
      expect(Object.keys(response.json).sort()).toEqual(['permissions', 'user']);
      expect(response.json.permissions).toEqual(permissions);
      expect(response.json.user.id).toBe(testAdmin.id);
    }
    for (const query of ['?populatePermissions=0', '?populatePermissions=false']) {
      const response = await client.get(`/auth/me${query}`);
      expect(Object.keys(response.json)).toEqual(['user']);
      expect(response.json.user).toMatchObject({ id: testAdmin.id, firstName: 'Instanz', lastName: 'Administrator' });
    }
  });

  it('GraphQL: null without a session, the session with permissions when signed in', async () => {
    const client = app.client();
    const query = '{ me { user { id firstName phone } permissions { instanceOwner allowCreateTenant tenants { tenantId } } } }';
    const anonymous = await client.gql(query);
    expect(anonymous.errors).toBeUndefined();
    expect(anonymous.data).toEqual({ me: null });

    await signIn(client, erika.id, erika.password);
    const signedIn = await client.gql(query);
    expect(signedIn.errors).toBeUndefined();
    expect(signedIn.data).toEqual({
      me: { user: { id: erika.id, firstName: 'Erika', phone: '030 123456' }, permissions: { instanceOwner: false, allowCreateTenant: false, tenants: [] } },
    });
  });
});

describe('authentication cost and freshness', () => {
  /** Records the SQL the app runs through its ORM connection until restored. */
  const recordExecutedSql = () => {
    const connection = app.orm.em.getConnection();
    const original = connection.execute.bind(connection);
    const seen: string[] = [];
    const spy = vi.spyOn(connection, 'execute').mockImplementation((...args: Parameters<typeof connection.execute>) => {
      seen.push(String(args[0]));
      return original(...args);
    });
    return { seen, restore: () => spy.mockRestore() };
  };

  it('reads the session and its user with his rights in one query per request', async () => {
    const client = app.client();
    await signIn(client, erika.id, erika.password);
    const recorder = recordExecutedSql();
    try {
      expect((await client.get('/auth/me')).status).toBe(200);
      expect((await client.gql('{ me { user { id } } }')).data).toEqual({ me: { user: { id: erika.id } } });
    } finally {
      recorder.restore();
    }
    const authReads = recorder.seen.filter((query) => /from sessions s|from users u where/.test(query));
    expect(authReads).toHaveLength(2);
    expect(authReads.every((query) => query.includes('from sessions s'))).toBe(true);
  });

  it('sees a change of rights on the very next request of the same session', async () => {
    const client = app.client();
    await signIn(client, erika.id, erika.password);
    expect((await client.get('/auth/me')).json.permissions.instanceOwner).toBe(false);
    await sql(`update instance set owner_user_ids = array_append(owner_user_ids, ?) where id = 1`, [erika.id]);
    try {
      expect((await client.get('/auth/me')).json.permissions.instanceOwner).toBe(true);
    } finally {
      await sql(`update instance set owner_user_ids = array_remove(owner_user_ids, ?) where id = 1`, [erika.id]);
    }
    expect((await client.get('/auth/me')).json.permissions.instanceOwner).toBe(false);
  });
});
