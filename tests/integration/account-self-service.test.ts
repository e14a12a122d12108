import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testAdmin } from '../support/app.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The settings' own data download (GET /api/users/me/personal-data, myPersonalData) and the
 * deletion of the own account (DELETE /api/users/me, deleteMyAccount).
 */
let app: TestApp;
let tenantA: { id: string; name: string };
let tenantB: { id: string; name: string };
const nina = { id: 'nina@example.com', password: 'nina-passwort-1', firstName: 'Nina', lastName: 'Nutzerin', phone: '0301 777' };
const olga = { id: 'olga@example.com', password: 'olga-passwort-1', firstName: 'Olga', lastName: 'Andere', phone: '0302 888' };
const otto = { id: 'otto@example.com', password: 'otto-passwort-1', firstName: 'Otto', lastName: 'Owner' };
const paul = { id: 'paul@example.com', password: 'paul-passwort-1', firstName: 'Paul', lastName: 'Partner' };

const PERSONAL_DATA = `query { myPersonalData { exportedAt account { id firstName lastName phone isVerified created loginMethods instanceOwner }
  tenants { tenantId tenantName isOwner isMember roles } bookings { tenantId tenantName number name mail priceEur items } pendingLinks { type expiresAt } } }`;
/** The download's shape as far as the tests read it. */
interface PersonalDataFile {
  account: Record<string, unknown>;
  tenants: Record<string, unknown>[];
  bookings: ({ number: string } & Record<string, unknown>)[];
  pendingLinks: Record<string, unknown>[];
}

const DELETE_MY_ACCOUNT = 'mutation ($input: DeleteMyAccountInput!) { deleteMyAccount(input: $input) }';

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => app.orm.em.getConnection().execute<T[]>(query, params);

async function insertBooking(tenantId: string, number: string, userId: string | null, name: string, mail: string): Promise<void> {
  await sql(`insert into bookings (key, tenant_id, number, assigned_user_id, name, mail, price_eur) values (?, ?, ?, ?, ?, ?, 12.5)`, [randomUUID(), tenantId, number, userId, name, mail]);
}

async function signedIn(user: { id: string; password: string }): Promise<HttpClient> {
  const client = app.client();
  await signIn(client, user.id, user.password);
  return client;
}

const sessionsOf = async (userId: string) => Number((await sql<{ count: string }>(`select count(*) as count from sessions where sess->>'userId' = ?`, [userId]))[0].count);
const membershipsOf = async (userId: string) => Number((await sql<{ count: string }>('select count(*) as count from tenant_memberships where user_id = ?', [userId]))[0].count);
const userExists = async (userId: string) => (await sql('select 1 from users where id = ?', [userId])).length === 1;

beforeAll(async () => {
  app = await startTestApp();
  for (const user of [nina, olga, otto, paul]) await createUser(app.orm, user);
  const a = await createTenant(app.orm, {
    name: 'Stadt Datenhausen',
    owners: [otto.id],
    roles: [{ name: 'Kasse' }],
    members: [
      { userId: nina.id, roles: ['Kasse'] },
      { userId: olga.id, roles: ['Kasse'] },
    ],
  });
  const b = await createTenant(app.orm, { name: 'Gemeinde Zweitort', owners: [otto.id] });
  tenantA = { id: a.id, name: a.name };
  tenantB = { id: b.id, name: b.name };
  await insertBooking(tenantA.id, 'N-1', nina.id, 'Nina Nutzerin', nina.id);
  await insertBooking(tenantA.id, 'N-2', nina.id, 'Nina Nutzerin', nina.id);
  await insertBooking(tenantA.id, 'O-1', olga.id, 'Olga Andere', olga.id);
  await insertBooking(tenantA.id, 'X-1', null, 'Gast Bucher', 'gast@example.com');
  await sql(`insert into booking_items (id, booking_key, position, bookable_id, amount, regular_price_eur, regular_gross_price_eur, user_price_eur, user_gross_price_eur, bookable_used)
             select ?, key, 0, ?, 2, 6.25, 6.25, 6.25, 6.25, '{"title":"Saal"}'::jsonb from bookings where number = 'N-1'`, [randomUUID(), randomUUID()]);
  await sql(`insert into user_hooks (id, user_id, type, token_hash, expires_at) values (?, ?, 'reset-password', ?, now() + interval '1 hour')`, [randomUUID(), nina.id, 'a'.repeat(64)]);
});
afterAll(async () => app?.close());

describe('the own data download', () => {
  it('answers 401 without a session, over REST and GraphQL', async () => {
    const anonymous = app.client();
    const rest = await anonymous.get('/api/users/me/personal-data');
    expect(rest.status).toBe(401);
    expect(rest.contentType).toMatch(/^application\/problem\+json/);
    const { errors } = await anonymous.gql(PERSONAL_DATA);
    expect(errors?.[0].extensions?.code).toBe('AUTH_UNAUTHENTICATED');
  });

  it('holds the account, tenants with roles, assigned bookings and pending links, as a file to download', async () => {
    const client = await signedIn(nina);
    const response = await client.get('/api/users/me/personal-data');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="meine-daten-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const data = response.json as PersonalDataFile;
    expect(data.account).toMatchObject({ id: nina.id, firstName: 'Nina', lastName: 'Nutzerin', phone: '0301 777', isVerified: true, loginMethods: ['password'], instanceOwner: false });
    expect(data.tenants).toEqual([{ tenantId: tenantA.id, tenantName: tenantA.name, isOwner: false, isMember: true, roles: ['Kasse'], since: expect.any(String) }]);
    expect(data.bookings.map((booking) => booking.number).sort()).toEqual(['N-1', 'N-2']);
    expect(data.bookings.find((booking) => booking.number === 'N-1')).toMatchObject({ tenantName: tenantA.name, name: 'Nina Nutzerin', priceEur: 12.5, items: ['2 × Saal'] });
    expect(data.pendingLinks).toEqual([{ type: 'reset-password', createdAt: expect.any(String), expiresAt: expect.any(String) }]);
  });

  it('holds nothing of other users and no hash, token or secret', async () => {
    const client = await signedIn(nina);
    const text = (await client.get('/api/users/me/personal-data')).text;
    for (const foreign of [olga.id, 'Olga', '0302 888', 'gast@example.com', 'O-1', 'X-1', otto.id]) expect(text).not.toContain(foreign);
    expect(text).not.toMatch(/argon2|passwordHash|password_hash|tokenHash|token_hash|aaaaaaaaaaaaaaaa|"hooks"|lockerInfo/i);
    const hash = (await sql<{ password_hash: string }>('select password_hash from users where id = ?', [nina.id]))[0].password_hash;
    expect(text).not.toContain(hash);
  });

  it('answers the same over GraphQL', async () => {
    const client = await signedIn(nina);
    const { data, errors } = await client.gql<{ myPersonalData: PersonalDataFile }>(PERSONAL_DATA);
    expect(errors).toBeUndefined();
    expect(data?.myPersonalData.account).toMatchObject({ id: nina.id, loginMethods: ['password'] });
    expect(data?.myPersonalData.tenants).toEqual([{ tenantId: tenantA.id, tenantName: tenantA.name, isOwner: false, isMember: true, roles: ['Kasse'] }]);
    expect(data?.myPersonalData.bookings.map((booking) => booking.number).sort()).toEqual(['N-1', 'N-2']);
  });

  it('names the instance ownership of an instance owner', async () => {
    const client = await signedIn(testAdmin);
    const { data } = await client.gql<{ myPersonalData: { account: { instanceOwner: boolean } } }>(PERSONAL_DATA);
    expect(data?.myPersonalData.account.instanceOwner).toBe(true);
  });
});

describe('deleting the own account', () => {
  it('answers 401 without a session', async () => {
    const response = await app.client().request('DELETE', '/api/users/me', { json: { password: 'egal' } });
    expect(response.status).toBe(401);
  });

  it('refuses a wrong or missing password and changes nothing', async () => {
    const client = await signedIn(nina);
    const wrong = await client.request('DELETE', '/api/users/me', { json: { password: 'falsch-passwort' } });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ code: 'user.confirmation-failed', detail: 'Das Passwort ist falsch.', errors: { password: 'Das Passwort ist falsch.' } });
    const missing = await client.gql(DELETE_MY_ACCOUNT, { input: {} });
    expect(missing.errors?.[0].extensions?.code).toBe('USER_CONFIRMATION_FAILED');
    // The e-mail address is no stand-in for the password of an account that has one.
    const byMail = await client.gql(DELETE_MY_ACCOUNT, { input: { email: nina.id } });
    expect(byMail.errors?.[0].extensions?.code).toBe('USER_CONFIRMATION_FAILED');
    expect(await userExists(nina.id)).toBe(true);
    expect(await membershipsOf(nina.id)).toBe(1);
    expect((await client.get('/auth/me')).status).toBe(200);
    expect((await sql('select 1 from bookings where assigned_user_id = ?', [nina.id])).length).toBe(2);
  });

  it('counts wrong passwords like sign-in attempts', async () => {
    const client = app.client({ ip: '203.0.113.77' });
    await signIn(client, paul.id, paul.password);
    let last = 0;
    for (let attempt = 0; attempt < 30 && last !== 429; attempt++) {
      last = (await client.request('DELETE', '/api/users/me', { json: { password: `falsch-${attempt}` } })).status;
    }
    expect(last).toBe(429);
    // Even the right password waits now.
    expect((await client.request('DELETE', '/api/users/me', { json: { password: paul.password } })).status).toBe(429);
    expect(await userExists(paul.id)).toBe(true);
  });

  it('is protected against cross-site requests like every cookie write', async () => {
    const client = await signedIn(nina);
    const response = await client.request('DELETE', '/api/users/me', { json: { password: nina.password }, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ code: 'auth.csrf' });
    const graphql = await client.gql(DELETE_MY_ACCOUNT, { input: { password: nina.password } }, { headers: { origin: 'https://evil.example' } });
    expect(graphql.status).toBe(403);
    expect(await userExists(nina.id)).toBe(true);
  });

  it('removes the account, memberships and sessions and unlinks the bookings, which stay', async () => {
    const client = await signedIn(nina);
    const otherSession = await signedIn(nina);
    const oldCookies = client.clone();
    expect(await sessionsOf(nina.id)).toBeGreaterThanOrEqual(2);
    const response = await client.request('DELETE', '/api/users/me', { json: { password: nina.password } });
    expect(response.status).toBe(204);
    expect(await userExists(nina.id)).toBe(false);
    expect(await membershipsOf(nina.id)).toBe(0);
    expect(await sessionsOf(nina.id)).toBe(0);
    expect((await sql('select 1 from user_hooks where user_id = ?', [nina.id])).length).toBe(0);
    // Both the deleting session (with the cookie it had) and the other one are gone.
    expect((await oldCookies.get('/auth/me')).status).toBe(401);
    expect((await otherSession.get('/auth/me')).status).toBe(401);
    expect((await otherSession.get('/api/users/me/personal-data')).status).toBe(401);
    const bookings = await sql<{ number: string; assigned_user_id: string | null; name: string }>(`select number, assigned_user_id, name from bookings where number in ('N-1', 'N-2') order by number`);
    expect(bookings).toEqual([
      { number: 'N-1', assigned_user_id: null, name: 'Nina Nutzerin' },
      { number: 'N-2', assigned_user_id: null, name: 'Nina Nutzerin' },
    ]);
    const history = await sql<{ action: string; actor_kind: string; via: string; reason: string }>(`select action, actor_kind, via, reason from booking_history where booking_id = 'N-1'`);
    expect(history).toEqual([{ action: 'changed', actor_kind: 'system', via: 'rest', reason: expect.stringContaining('Benutzerkonto') }]);
    // Each tenant's change log says the membership ended, and who ended it (the account's holder).
    const logged = await sql<{ subject: string; action: string; actor_id: string; via: string }>(`select subject, action, actor_id, via from tenant_change_log where subject_id = ?`, [nina.id]);
    expect(logged.filter((entry) => entry.action === 'deleted')).toEqual([{ subject: 'membership', action: 'deleted', actor_id: nina.id, via: 'rest' }]);
    // Other people's bookings and memberships are untouched.
    expect((await sql('select 1 from bookings where assigned_user_id = ?', [olga.id])).length).toBe(1);
    expect(await membershipsOf(olga.id)).toBe(1);
    expect((await app.client().post('/auth/signin', { id: nina.id, password: nina.password })).status).toBe(401);
  });

  it('refuses the last owner of tenants, naming them, and changes nothing', async () => {
    const client = await signedIn(otto);
    const rest = await client.request('DELETE', '/api/users/me', { json: { password: otto.password } });
    expect(rest.status).toBe(409);
    expect(rest.contentType).toMatch(/^application\/problem\+json/);
    expect(rest.json).toMatchObject({
      code: 'user.last-tenant-owner',
      detail: 'Sie sind der letzte Inhaber von „Gemeinde Zweitort“ und „Stadt Datenhausen“. Bestimmen Sie zuerst einen anderen Inhaber.',
    });
    const graphql = await client.gql(DELETE_MY_ACCOUNT, { input: { password: otto.password } });
    expect(graphql.errors?.[0].extensions?.code).toBe('USER_LAST_TENANT_OWNER');
    expect(graphql.errors?.[0].message).toContain(`„${tenantB.name}“`);
    expect(await userExists(otto.id)).toBe(true);
    expect(await membershipsOf(otto.id)).toBe(2);
    expect((await client.get('/auth/me')).status).toBe(200);
  });

  it('deletes an owner once each tenant has another owner', async () => {
    for (const tenant of [tenantA, tenantB]) {
      await sql(`insert into tenant_memberships (id, tenant_id, user_id, is_member, is_owner) values (?, ?, ?, false, true)`, [randomUUID(), tenant.id, paul.id]);
    }
    const client = await signedIn(otto);
    const partly = await client.gql(DELETE_MY_ACCOUNT, { input: { password: otto.password } });
    expect(partly.errors).toBeUndefined();
    expect(partly.data).toEqual({ deleteMyAccount: true });
    expect(await userExists(otto.id)).toBe(false);
    expect(await membershipsOf(otto.id)).toBe(0);
    expect((await client.get('/auth/me')).status).toBe(401);
    expect(await membershipsOf(paul.id)).toBe(2);
  });

  it('lets only one of two last owners go when both delete themselves at the same moment', async () => {
    const ida = { id: 'ida@example.com', password: 'ida-passwort-1' };
    const jan = { id: 'jan@example.com', password: 'jan-passwort-1' };
    for (const user of [ida, jan]) await createUser(app.orm, user);
    const tenant = await createTenant(app.orm, { name: 'Doppelspitze e. V.', owners: [ida.id, jan.id] });
    const [idaClient, janClient] = await Promise.all([signedIn(ida), signedIn(jan)]);
    const answers = await Promise.all([
      idaClient.request('DELETE', '/api/users/me', { json: { password: ida.password } }),
      janClient.request('DELETE', '/api/users/me', { json: { password: jan.password } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
    expect(answers.find((answer) => answer.status === 409)?.json).toMatchObject({ code: 'user.last-tenant-owner', detail: expect.stringContaining('„Doppelspitze e. V.“') });
    const owners = await sql('select user_id from tenant_memberships where tenant_id = ? and is_owner', [tenant.id]);
    expect(owners).toHaveLength(1);
  });

  it('refuses the only instance owner', async () => {
    const client = await signedIn(testAdmin);
    const response = await client.request('DELETE', '/api/users/me', { json: { password: testAdmin.password } });
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({ code: 'user.last-instance-owner', detail: expect.stringContaining('einzige Inhaber dieser Instanz') });
    expect(await userExists(testAdmin.id)).toBe(true);
  });

  it('deletes a single sign-on account (no password) with its e-mail address typed again', async () => {
    const sso = { id: 'sso-nutzer@example.com', password: 'sso-passwort-1' };
    await createUser(app.orm, sso);
    const client = await signedIn(sso);
    // Now an account of the single sign-on provider, as ssoSignUp creates them: no password.
    await sql(`update users set auth_type = 'keycloak', password_hash = null where id = ?`, [sso.id]);
    const data = await client.gql<{ myPersonalData: { account: { loginMethods: string[] } } }>(PERSONAL_DATA);
    expect(data.data?.myPersonalData.account.loginMethods).toEqual(['sso']);
    const wrong = await client.gql(DELETE_MY_ACCOUNT, { input: { email: 'andere@example.com' } });
    expect(wrong.errors?.[0].extensions).toMatchObject({ code: 'USER_CONFIRMATION_FAILED', fieldErrors: { email: 'Die E-Mail-Adresse stimmt nicht mit Ihrem Konto überein.' } });
    const right = await client.gql(DELETE_MY_ACCOUNT, { input: { email: ` ${sso.id.toUpperCase()} ` } });
    expect(right.errors).toBeUndefined();
    expect(await userExists(sso.id)).toBe(false);
  });
});
