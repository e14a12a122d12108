import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/fixtures.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * "Passwort vergessen": a request names only the account; the mailed link (single use, 60 minutes)
 * opens the page where the new password is typed, and only sending it with the link's token changes
 * the password. REST /auth/resetpassword, /auth/reset and /auth/reset/confirm; GraphQL
 * requestPasswordReset, resetPassword and the older requestPasswordChange.
 */
let app: TestApp;
const paul = { id: 'paul@example.com', password: 'paul-passwort-0' };
const SUBJECT = 'Zurücksetzen Ihres Kennworts';
let ipCounter = 0;
let current = paul.password;

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, { ...paul, firstName: 'Paul', lastName: 'Passwort' });
});
afterAll(async () => app?.close());

/** A client with its own IP, so the per-IP limits never interfere. */
const client = (): HttpClient => app.client({ ip: `10.1.0.${++ipCounter}` });
const signInStatus = async (password: string) => (await client().post('/auth/signin', { id: paul.id, password })).status;

/** The token of the next reset mail to Paul. */
async function mailedToken(): Promise<string> {
  const mail = await app.smtp.waitForMail(paul.id, SUBJECT);
  expect(mail.text).toContain('Hallo Paul Passwort');
  expect(mail.text).toContain('60 Minuten');
  const links = mail.links.filter((link) => link.startsWith(`${app.url}/password/new?token=`));
  expect(links).toHaveLength(1);
  const token = new URL(links[0]).searchParams.get('token')!;
  // The job stores the token in the transaction that sends the mail: the token counts once that committed.
  await waitForSettledQueue(app.orm);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
}

async function setPassword(token: string, password: string): Promise<void> {
  const response = await client().post('/auth/reset/confirm', { token, password });
  expect(response.status, response.text).toBe(200);
  expect(response.text).toBe('OK');
  current = password;
}

describe('REST', () => {
  it('POST /auth/resetpassword mails a link; the password changes only when the new one is sent with its token', async () => {
    const response = await client().post('/auth/resetpassword', { id: paul.id });
    expect(response.status).toBe(200);
    expect(response.text).toBe('OK');
    const token = await mailedToken();
    expect(await signInStatus(paul.password)).toBe(200);

    await setPassword(token, 'paul-passwort-1');
    expect(await signInStatus('paul-passwort-1')).toBe(200);
    expect(await signInStatus(paul.password)).toBe(401);

    const again = await client().post('/auth/reset/confirm', { token, password: 'paul-passwort-x' });
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ code: 'hook.invalid', detail: 'Der Link ist ungültig oder abgelaufen.' });
    expect(await signInStatus('paul-passwort-1')).toBe(200);
  });

  it('signs the account out everywhere once the new password is set', async () => {
    const signedIn = client();
    expect((await signedIn.post('/auth/signin', { id: paul.id, password: current })).status).toBe(200);
    expect((await signedIn.get('/auth/me')).status).toBe(200);

    await client().post('/auth/resetpassword', { id: paul.id });
    await setPassword(await mailedToken(), 'paul-passwort-2');

    expect((await signedIn.get('/auth/me')).status).toBe(401);
    expect(await signInStatus('paul-passwort-2')).toBe(200);
  });

  it('answers 404 password-reset.wrong-email for an unknown address and sends nothing', async () => {
    const before = app.smtp.mails.length;
    const response = await client().post('/auth/resetpassword', { id: 'niemand@example.com', password: 'egal-egal-1' });
    expect(response.status).toBe(404);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json).toEqual({ type: 'about:blank', title: 'Fehler beim Zurücksetzen', status: 404, detail: 'Falsche E-Mail', code: 'password-reset.wrong-email' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.smtp.mails.length).toBe(before);
  });

  it('refuses a request without an address, and a new password that is missing or too short (the link keeps working)', async () => {
    const missing = await client().post('/auth/resetpassword', {});
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('register.missing-data');

    await client().post('/auth/resetpassword', { id: paul.id });
    const token = await mailedToken();
    const noPassword = await client().post('/auth/reset/confirm', { token });
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.code).toBe('register.missing-data');
    const short = await client().post('/auth/reset/confirm', { token, password: 'kurz' });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ code: 'generic.validation', errors: { password: 'Mindestens 8 Zeichen' } });
    await setPassword(token, 'paul-passwort-3');
    expect(await signInStatus('paul-passwort-3')).toBe(200);
  });

  it('a newer link voids the older one, for any spelling of the address', async () => {
    expect((await client().post('/auth/resetpassword', { id: 'PAUL@example.com' })).status).toBe(200);
    const first = await mailedToken();
    expect((await client().post('/auth/resetpassword', { id: paul.id })).status).toBe(200);
    const second = await mailedToken();
    expect(second).not.toBe(first);

    const stale = await client().post('/auth/reset/confirm', { token: first, password: 'paul-passwort-a' });
    expect(stale.status).toBe(404);
    await setPassword(second, 'paul-passwort-b');
    expect(await signInStatus('paul-passwort-b')).toBe(200);
    expect(await signInStatus('paul-passwort-a')).toBe(401);
  });

  it('a link older than 60 minutes is refused', async () => {
    await client().post('/auth/resetpassword', { id: paul.id });
    const token = await mailedToken();
    const [hook] = await app.orm.em.getConnection().execute<{ minutes: number }[]>(
      "select round(extract(epoch from expires_at - created_at) / 60) as minutes from user_hooks where user_id = ? and type = 'reset-password'",
      [paul.id],
    );
    expect(Number(hook.minutes)).toBe(60);
    await app.orm.em.getConnection().execute("update user_hooks set expires_at = now() - interval '1 second' where user_id = ? and type = 'reset-password'", [paul.id]);
    const late = await client().post('/auth/reset/confirm', { token, password: 'paul-passwort-spaet' });
    expect(late.status).toBe(404);
    expect(late.json.code).toBe('hook.invalid');
    expect(await signInStatus(current)).toBe(200);
  });

  it('POST /auth/reset {email} is the same request under its other name', async () => {
    const response = await client().post('/auth/reset', { email: paul.id, password: 'wird-ignoriert-1' });
    expect(response.status).toBe(200);
    expect(response.text).toBe('OK');
    await setPassword(await mailedToken(), 'paul-passwort-4');
    expect(await signInStatus('paul-passwort-4')).toBe(200);
    expect(await signInStatus('wird-ignoriert-1')).toBe(401);

    const unknown = await client().post('/auth/reset', { email: 'niemand@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('password-reset.wrong-email');
  });

  it('GET /auth/reset/{token} of older mails leads to the page that asks for the new password', async () => {
    await client().post('/auth/resetpassword', { id: paul.id });
    const token = await mailedToken();
    const response = await client().get(`/auth/reset/${token}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${app.url}/password/new?token=${token}`);
    expect((await client().get('/auth/reset/kein-token')).headers.get('location')).toBe(`${app.url}/login?linkInvalid=1`);
    await setPassword(token, 'paul-passwort-5');
  });
});

describe('GraphQL', () => {
  const REQUEST = 'mutation($id: String!) { requestPasswordReset(id: $id) }';
  const RESET = 'mutation($token: String!, $pw: String!) { resetPassword(token: $token, password: $pw) }';

  it('requestPasswordReset and resetPassword work like the REST paths', async () => {
    const result = await client().gql(REQUEST, { id: paul.id });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ requestPasswordReset: true });
    const token = await mailedToken();
    expect(await signInStatus(current)).toBe(200);

    const short = await client().gql(RESET, { token, pw: 'kurz' });
    expect(short.errors?.[0]).toMatchObject({ extensions: { code: 'GENERIC_VALIDATION', fieldErrors: { password: 'Mindestens 8 Zeichen' } } });
    const reset = await client().gql(RESET, { token, pw: 'paul-passwort-6' });
    expect(reset.errors).toBeUndefined();
    expect(reset.data).toEqual({ resetPassword: true });
    current = 'paul-passwort-6';
    expect(await signInStatus('paul-passwort-6')).toBe(200);

    const used = await client().gql(RESET, { token, pw: 'paul-passwort-7' });
    expect(used.errors?.[0]).toMatchObject({ message: 'Der Link ist ungültig oder abgelaufen.', extensions: { code: 'HOOK_INVALID', status: 404 } });
  });

  it('reports an unknown address as PASSWORD_RESET_WRONG_EMAIL', async () => {
    const result = await client().gql(REQUEST, { id: 'niemand@example.com' });
    expect(result.errors?.[0]).toMatchObject({ message: 'Falsche E-Mail', extensions: { code: 'PASSWORD_RESET_WRONG_EMAIL', status: 404 } });
  });

  it('the older requestPasswordChange only asks for the link; the password it names is ignored', async () => {
    const result = await client().gql('mutation($id: String!, $pw: String!) { requestPasswordChange(id: $id, password: $pw) }', { id: paul.id, pw: 'paul-gewaehlt-1' });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ requestPasswordChange: true });
    const token = await mailedToken();
    expect(await signInStatus('paul-gewaehlt-1')).toBe(401);
    await setPassword(token, 'paul-passwort-8');
    expect(await signInStatus('paul-gewaehlt-1')).toBe(401);
    expect(await signInStatus('paul-passwort-8')).toBe(200);
  });
});
