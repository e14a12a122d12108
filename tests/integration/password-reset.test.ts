import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Password change confirmed by mail (rest-contract 2.2): the new password's hash waits in a hook
 * until the mailed link is opened. REST /auth/resetpassword, REST /auth/reset and GraphQL.
 */
let app: TestApp;
const paul = { id: 'paul@example.com', password: 'paul-passwort-0' };
const SUBJECT = 'Bestätigen Sie die Änderung Ihres Kennworts';
let ipCounter = 0;

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, { ...paul, firstName: 'Paul', lastName: 'Passwort' });
});
afterAll(async () => app?.close());

/** A client with its own IP, so the per-IP reset limit never interferes. */
const client = (): HttpClient => app.client({ ip: `10.1.0.${++ipCounter}` });
const signInStatus = async (password: string) => (await client().post('/auth/signin', { id: paul.id, password })).status;

/** The confirmation link of the next mail to Paul, as a path. */
async function confirmationPath(): Promise<string> {
  const mail = await app.smtp.waitForMail(paul.id, SUBJECT);
  expect(mail.text).toContain('Hallo Paul Passwort');
  const links = mail.links.filter((link) => link.startsWith(`${app.url}/auth/reset/`));
  expect(links).toHaveLength(1);
  return new URL(links[0]).pathname;
}

async function expectConfirmed(path: string): Promise<void> {
  const response = await client().get(path);
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe(`${app.url}/password/confirmed`);
}

describe('POST /auth/resetpassword', () => {
  it('changes the password only once the mailed link is opened', async () => {
    const response = await client().post('/auth/resetpassword', { id: paul.id, password: 'paul-passwort-1' });
    expect(response.status).toBe(200);
    expect(response.text).toBe('OK');
    const path = await confirmationPath();

    expect(await signInStatus('paul-passwort-0')).toBe(200);
    expect(await signInStatus('paul-passwort-1')).toBe(401);

    await expectConfirmed(path);
    expect(await signInStatus('paul-passwort-1')).toBe(200);
    expect(await signInStatus('paul-passwort-0')).toBe(401);

    const again = await client().get(path);
    expect(again.headers.get('location')).toBe(`${app.url}/login?linkInvalid=1`);
  });

  it('signs the account out everywhere once the new password is confirmed', async () => {
    const signedIn = client();
    expect((await signedIn.post('/auth/signin', { id: paul.id, password: 'paul-passwort-1' })).status).toBe(200);
    expect((await signedIn.get('/auth/me')).status).toBe(200);

    await client().post('/auth/resetpassword', { id: paul.id, password: 'paul-passwort-2' });
    await expectConfirmed(await confirmationPath());

    expect((await signedIn.get('/auth/me')).status).toBe(401);
    expect(await signInStatus('paul-passwort-2')).toBe(200);
  });

  it('answers 404 password-reset.wrong-email for an unknown address and sends nothing', async () => {
    const before = app.smtp.mails.length;
    const response = await client().post('/auth/resetpassword', { id: 'niemand@example.com', password: 'egal-egal-1' });
    expect(response.status).toBe(404);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json).toEqual({ type: 'about:blank', title: 'Fehler beim Zurücksetzen', status: 404, detail: 'Falsche E-Mail', code: 'password-reset.wrong-email' });
    expect(app.smtp.mails.length).toBe(before);
  });

  it('refuses a missing or too short password', async () => {
    const missing = await client().post('/auth/resetpassword', { id: paul.id });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('register.missing-data');
    const short = await client().post('/auth/resetpassword', { id: paul.id, password: 'kurz' });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ code: 'generic.validation', errors: { password: 'Mindestens 8 Zeichen' } });
  });

  it('the newest confirmed request wins; it voids the other pending links', async () => {
    expect((await client().post('/auth/resetpassword', { id: 'PAUL@example.com', password: 'paul-passwort-a' })).status).toBe(200);
    const first = await confirmationPath();
    expect((await client().post('/auth/resetpassword', { id: paul.id, password: 'paul-passwort-b' })).status).toBe(200);
    const second = await confirmationPath();
    expect(second).not.toBe(first);

    await expectConfirmed(second);
    const stale = await client().get(first);
    expect(stale.headers.get('location')).toBe(`${app.url}/login?linkInvalid=1`);
    expect(await signInStatus('paul-passwort-b')).toBe(200);
    expect(await signInStatus('paul-passwort-a')).toBe(401);
  });
});

describe('GraphQL requestPasswordChange', () => {
  const REQUEST = 'mutation($id: String!, $pw: String!) { requestPasswordChange(id: $id, password: $pw) }';

  it('returns true and works like the REST path', async () => {
    const result = await client().gql(REQUEST, { id: paul.id, pw: 'paul-passwort-2' });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ requestPasswordChange: true });
    const path = await confirmationPath();
    expect(await signInStatus('paul-passwort-2')).toBe(401);
    await expectConfirmed(path);
    expect(await signInStatus('paul-passwort-2')).toBe(200);
  });

  it('reports an unknown address as PASSWORD_RESET_WRONG_EMAIL', async () => {
    const result = await client().gql(REQUEST, { id: 'niemand@example.com', pw: 'egal-egal-1' });
    expect(result.errors?.[0]).toMatchObject({ message: 'Falsche E-Mail', extensions: { code: 'PASSWORD_RESET_WRONG_EMAIL', status: 404 } });
  });
});

describe('POST /auth/reset {email, password}', () => {
  it('is the same flow under the specification’s name', async () => {
    const response = await client().post('/auth/reset', { email: paul.id, password: 'paul-passwort-3' });
    expect(response.status).toBe(200);
    expect(response.text).toBe('OK');
    const path = await confirmationPath();
    expect(await signInStatus('paul-passwort-2')).toBe(200);
    await expectConfirmed(path);
    expect(await signInStatus('paul-passwort-3')).toBe(200);
    expect(await signInStatus('paul-passwort-2')).toBe(401);

    const unknown = await client().post('/auth/reset', { email: 'niemand@example.com', password: 'egal-egal-1' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('password-reset.wrong-email');
  });
});
