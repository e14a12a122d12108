import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAdmin } from '../support/app.js';
import { makeRetriesDue, queuedJobs, waitForSettledQueue } from '../support/job-queue.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Sign-up over REST and GraphQL, the verification mail (sent by the job queue) and its link, which
 * opens the page whose button confirms the address.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

/** The token of the verification link in a mail: the link opens the client's page /email/verify. */
function verificationToken(links: string[]): string {
  const link = links.find((href) => href.startsWith(`${app.url}/email/verify?token=`));
  expect(link).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

const userRow = async (id: string) =>
  (await app.orm.em.getConnection().execute<{ is_verified: boolean; first_name: string; company: string }[]>('select * from users where id = ?', [id]))[0];

describe('sign-up through REST', () => {
  const nina = { id: 'nina.neu@example.com', password: 'nina-passwort-1', firstName: 'Nina', lastName: 'Neu', company: 'Neu & Söhne' };

  it('answers 201 "Created" without signing in, and stores an unverified user', async () => {
    const client = app.client();
    const response = await client.post('/auth/signup', nina);
    expect(response.status).toBe(201);
    expect(response.contentType).toMatch(/^text\/plain/);
    expect(response.text).toBe('Created');
    expect(response.setCookies).toEqual([]);
    expect((await client.get('/auth/me')).status).toBe(401);
    expect(await userRow(nina.id)).toMatchObject({ is_verified: false, first_name: 'Nina', company: 'Neu & Söhne' });
  });

  it('mails the verification link to the user and a notice to the instance', async () => {
    const mail = await app.smtp.waitForMail(nina.id, 'Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.headerTo).toEqual([nina.id]);
    expect(mail.text).toContain('Hallo Nina Neu');
    const verifyLinks = mail.links.filter((link) => link.startsWith(`${app.url}/email/verify?token=`));
    expect(verifyLinks).toHaveLength(1);
    expect(verificationToken(verifyLinks)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const notice = await app.smtp.waitForMail(testAdmin.id, 'Ein neuer Benutzer wurde erstellt');
    expect(notice.text).toContain(`E-Mail: ${nina.id}`);
    expect(notice.text).toContain('Firma: Neu & Söhne');
  });

  it('refuses sign-in until the address is confirmed with the link\'s token, then accepts it', async () => {
    const client = app.client();
    const before = await client.post('/auth/signin', { id: nina.id, password: nina.password });
    expect(before.status).toBe(401);
    expect(before.json).toMatchObject({ code: 'auth.login-failed', detail: 'Falsche E-Mail/Passwort' });

    const mail = app.smtp.find(nina.id, 'Bestätigen Sie Ihre E-Mail-Adresse')[0];
    const token = verificationToken(mail.links);
    const verify = await client.post('/auth/verify/confirm', { token });
    expect(verify.status).toBe(200);
    expect(verify.text).toBe('OK');
    expect((await userRow(nina.id)).is_verified).toBe(true);

    const after = await client.post('/auth/signin', { id: nina.id, password: nina.password });
    expect(after.status).toBe(200);
    expect(after.json.user).toMatchObject({ id: nina.id, firstName: 'Nina', lastName: 'Neu', isVerified: true });

    // The token is used up.
    const again = await client.post('/auth/verify/confirm', { token });
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ code: 'hook.invalid', detail: 'Der Link ist ungültig oder abgelaufen.' });
  });

  it.each([nina.id, 'Nina.Neu@Example.COM'])('refuses the existing id %s with 409 register.user-exists', async (id) => {
    const response = await app.client().post('/auth/signup', { ...nina, id });
    expect(response.status).toBe(409);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json).toEqual({
      type: 'about:blank',
      title: 'Registrierung fehlgeschlagen',
      status: 409,
      detail: 'Benutzer existiert bereits',
      code: 'register.user-exists',
    });
  });

  it.each(['id', 'password', 'firstName', 'lastName'])('refuses a sign-up without %s with 400 register.missing-data', async (field) => {
    const body: Record<string, string> = { id: 'unvollstaendig@example.com', password: 'passwort-123', firstName: 'Uwe', lastName: 'Unvollständig' };
    delete body[field];
    const response = await app.client().post('/auth/signup', body);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ status: 400, code: 'register.missing-data', title: 'Fehlende Angaben', detail: 'Bitte füllen Sie alle Pflichtfelder aus.' });
    expect(await userRow('unvollstaendig@example.com')).toBeUndefined();
  });

  it('refuses an invalid e-mail and a short password with field errors', async () => {
    const badMail = await app.client().post('/auth/signup', { ...nina, id: 'keine-mail' });
    expect(badMail.status).toBe(400);
    expect(badMail.json).toMatchObject({ code: 'generic.validation', errors: { id: 'E-Mail muss gültig sein' } });
    const shortPassword = await app.client().post('/auth/signup', { ...nina, id: 'kurz@example.com', password: 'kurz' });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.json).toMatchObject({ code: 'generic.validation', errors: { password: 'Mindestens 8 Zeichen' } });
  });

  it('refuses an expired verification link', async () => {
    const client = app.client();
    expect((await client.post('/auth/signup', { ...nina, id: 'spaet@example.com' })).status).toBe(201);
    const mail = await app.smtp.waitForMail('spaet@example.com', 'Bestätigen');
    // The job stores the link's hook in the transaction that sends the mail: age it once that committed.
    await waitForSettledQueue(app.orm);
    await app.orm.em.getConnection().execute("update user_hooks set expires_at = now() - interval '1 minute' where user_id = ?", ['spaet@example.com']);
    const verify = await client.post('/auth/verify/confirm', { token: verificationToken(mail.links) });
    expect(verify.status).toBe(404);
    expect(verify.json.code).toBe('hook.invalid');
    expect((await userRow('spaet@example.com')).is_verified).toBe(false);
  });

  it('GET /auth/verify/{token} of older mails leads to the confirmation page and confirms nothing', async () => {
    const client = app.client();
    expect((await client.post('/auth/signup', { ...nina, id: 'alt@example.com' })).status).toBe(201);
    const token = verificationToken((await app.smtp.waitForMail('alt@example.com', 'Bestätigen')).links);
    const response = await client.get(`/auth/verify/${token}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${app.url}/email/verify?token=${token}`);
    expect((await userRow('alt@example.com')).is_verified).toBe(false);
    expect((await client.get('/auth/verify/00000000-0000-0000-0000-000000000000')).headers.get('location')).toBe(
      `${app.url}/email/verify?token=00000000-0000-0000-0000-000000000000`,
    );
    expect((await client.get('/auth/verify/x')).headers.get('location')).toBe(`${app.url}/login?linkInvalid=1`);
  });
});

describe('while the mail server is unreachable', () => {
  it('sign-up answers 201 at once; the verification mail and the notice arrive once the server is back', async () => {
    const port = app.smtp.port;
    const id = 'ausfall@example.com';
    await app.smtp.close();
    try {
      const response = await app.client().post('/auth/signup', { id, password: 'ausfall-passwort-1', firstName: 'Anton', lastName: 'Ausfall' });
      expect(response.status).toBe(201);
      expect(await userRow(id)).toMatchObject({ is_verified: false });
      // A retry of the sign-up is answered as before: the account exists.
      expect((await app.client().post('/auth/signup', { id, password: 'ausfall-passwort-1', firstName: 'Anton', lastName: 'Ausfall' })).status).toBe(409);
      await expect
        .poll(async () => (await queuedJobs(app.orm, 'account-verification-mail')).some((job) => job.payload.userId === id && job.attempts >= 1 && job.lastError !== null), { timeout: 15_000 })
        .toBe(true);
      // Sending failed, so no link was issued.
      expect((await app.orm.em.getConnection().execute('select 1 from user_hooks where user_id = ?', [id])).length).toBe(0);
    } finally {
      await app.smtp.start('127.0.0.1', port);
    }
    await makeRetriesDue(app.orm);
    const mail = await app.smtp.waitForMail(id, 'Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain('Hallo Anton Ausfall');
    await expect.poll(() => app.smtp.find(testAdmin.id, 'Ein neuer Benutzer wurde erstellt').some((notice) => notice.text.includes(`E-Mail: ${id}`)), { timeout: 20_000 }).toBe(true);
    const confirmed = await app.client().post('/auth/verify/confirm', { token: verificationToken(mail.links) });
    expect(confirmed.status).toBe(200);
    expect((await userRow(id)).is_verified).toBe(true);
    await expect.poll(async () => (await queuedJobs(app.orm, 'account-verification-mail')).length, { timeout: 10_000 }).toBe(0);
    expect(app.smtp.find(id, 'Bestätigen')).toHaveLength(1);
  }, 60_000);
});

describe('sign-up through GraphQL', () => {
  const SIGN_UP = 'mutation SignUp($input: SignUpInput!) { signUp(input: $input) }';
  const gerd = { id: 'gerd.graph@example.com', password: 'gerd-passwort-1', firstName: 'Gerd', lastName: 'Graph' };

  it('returns true, mails the link, and the link enables sign-in', async () => {
    const client = app.client();
    const result = await client.gql(SIGN_UP, { input: gerd });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ signUp: true });

    const signInBefore = await client.gql('mutation { signIn(id: "gerd.graph@example.com", password: "gerd-passwort-1") { user { id } } }');
    expect(signInBefore.errors?.[0].extensions?.code).toBe('AUTH_LOGIN_FAILED');

    const mail = await app.smtp.waitForMail(gerd.id, 'Bestätigen Sie Ihre E-Mail-Adresse');
    const confirm = await client.gql('mutation($token: String!) { confirmEmail(token: $token) }', { token: verificationToken(mail.links) });
    expect(confirm.errors).toBeUndefined();
    expect(confirm.data).toEqual({ confirmEmail: true });

    const signIn = await client.gql<{ signIn: { user: { id: string; isVerified: boolean } } }>(
      'mutation($id: String!, $password: String!) { signIn(id: $id, password: $password) { user { id isVerified } } }',
      { id: gerd.id, password: gerd.password },
    );
    expect(signIn.errors).toBeUndefined();
    expect(signIn.data?.signIn.user).toEqual({ id: gerd.id, isVerified: true });
  });

  it('reports an existing user as REGISTER_USER_EXISTS', async () => {
    const result = await app.client().gql(SIGN_UP, { input: gerd });
    expect(result.status).toBe(200);
    expect(result.data).toBeNull();
    expect(result.errors?.[0]).toMatchObject({ message: 'Benutzer existiert bereits', extensions: { code: 'REGISTER_USER_EXISTS', status: 409 } });
  });

  it('reports missing data as REGISTER_MISSING_DATA', async () => {
    const result = await app.client().gql(SIGN_UP, { input: { ...gerd, id: 'leer@example.com', firstName: '  ' } });
    expect(result.errors?.[0]).toMatchObject({ message: 'Bitte füllen Sie alle Pflichtfelder aus.', extensions: { code: 'REGISTER_MISSING_DATA' } });
  });
});
