import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/fixtures.js';
import { makeRetriesDue, queuedJobs } from '../support/job-queue.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * "Bestätigungs-E-Mail erneut senden" (REST POST /auth/verify/resend, GraphQL resendVerificationMail):
 * the same answer for unknown, confirmed and unconfirmed addresses, a mail (through the job queue)
 * only to the unconfirmed account, a link whose page confirms it, and the per-IP limit of the
 * password-reset requests.
 */
let app: TestApp;
const SUBJECT = 'Bestätigen Sie Ihre E-Mail-Adresse';
const RESEND = 'mutation($email: String!) { resendVerificationMail(email: $email) }';
const unconfirmed = { id: 'ulla.unbestaetigt@example.com', password: 'ulla-passwort-1', firstName: 'Ulla', lastName: 'Unbestätigt', isVerified: false };
const confirmed = { id: 'bernd.bestaetigt@example.com', password: 'bernd-passwort-1', firstName: 'Bernd', lastName: 'Bestätigt' };
const unknown = 'niemand.hier@example.com';

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_RESET: '4' });
  await createUser(app.orm, unconfirmed);
  await createUser(app.orm, confirmed);
});
afterAll(async () => app?.close());

/** Until the queue has worked off every verification-mail job (those for other addresses send nothing). */
const queueDone = () => expect.poll(async () => (await queuedJobs(app.orm, 'account-verification-mail')).length, { timeout: 10_000 }).toBe(0);

const isVerified = async (id: string) =>
  (await app.orm.em.getConnection().execute<{ is_verified: boolean }[]>('select is_verified from users where id = ?', [id]))[0].is_verified;

describe('resending the verification mail', () => {
  it('REST answers 200 "OK" alike for an unknown, a confirmed and an unconfirmed address; only the unconfirmed one gets a mail', async () => {
    const client = app.client({ ip: '10.9.0.1' });
    const answers = [];
    for (const email of [unknown, confirmed.id, unconfirmed.id]) {
      const response = await client.post('/auth/verify/resend', { email });
      answers.push({ status: response.status, contentType: response.contentType, text: response.text, cookies: response.setCookies });
    }
    expect(answers).toEqual(Array(3).fill({ status: 200, contentType: 'text/plain; charset=utf-8', text: 'OK', cookies: [] }));

    const mail = await app.smtp.waitForMail(unconfirmed.id, SUBJECT);
    expect(mail.headerTo).toEqual([unconfirmed.id]);
    expect(mail.text).toContain('Hallo Ulla Unbestätigt');
    await queueDone();
    expect(app.smtp.find(confirmed.id)).toEqual([]);
    expect(app.smtp.find(unknown)).toEqual([]);
  });

  it('the new link confirms the address, after which sign-in succeeds and a further request mails nothing', async () => {
    const client = app.client({ ip: '10.9.0.2' });
    expect((await client.post('/auth/signin', { id: unconfirmed.id, password: unconfirmed.password })).json).toMatchObject({ code: 'auth.login-failed' });

    // Any spelling of the address reaches the account.
    expect((await client.post('/auth/verify/resend', { email: '  Ulla.Unbestaetigt@Example.COM ' })).status).toBe(200);
    const mail = await app.smtp.waitForMail(unconfirmed.id, SUBJECT);
    const link = mail.links.find((href) => href.startsWith(`${app.url}/email/verify?token=`));
    expect(link).toMatch(/\?token=[A-Za-z0-9_-]{43}$/);
    const verify = await client.post('/auth/verify/confirm', { token: new URL(link!).searchParams.get('token') });
    expect(verify.status).toBe(200);
    expect(await isVerified(unconfirmed.id)).toBe(true);
    // The link of the first mail is void now.
    const firstLink = app.smtp.find(unconfirmed.id, SUBJECT)[0].links.find((href) => href.startsWith(`${app.url}/email/verify?token=`))!;
    expect(firstLink).not.toBe(link);
    expect((await client.post('/auth/verify/confirm', { token: new URL(firstLink).searchParams.get('token') })).status).toBe(404);
    expect((await client.post('/auth/signin', { id: unconfirmed.id, password: unconfirmed.password })).status).toBe(200);

    const mailsBefore = app.smtp.find(unconfirmed.id).length;
    expect((await app.client({ ip: '10.9.0.3' }).post('/auth/verify/resend', { email: unconfirmed.id })).text).toBe('OK');
    await queueDone();
    expect(app.smtp.find(unconfirmed.id)).toHaveLength(mailsBefore);
  });

  it('GraphQL resendVerificationMail answers true for every address and mails only the unconfirmed account', async () => {
    await createUser(app.orm, { id: 'gisela.graph@example.com', password: 'gisela-passwort-1', isVerified: false });
    const client = app.client({ ip: '10.9.0.4' });
    for (const email of [unknown, confirmed.id, 'gisela.graph@example.com']) {
      const result = await client.gql(RESEND, { email });
      expect(result.errors, email).toBeUndefined();
      expect(result.data).toEqual({ resendVerificationMail: true });
    }
    const mail = await app.smtp.waitForMail('gisela.graph@example.com', SUBJECT);
    expect(mail.links.some((href) => href.startsWith(`${app.url}/email/verify?token=`))).toBe(true);
    await queueDone();
    expect(app.smtp.find(confirmed.id)).toEqual([]);
    expect(app.smtp.find(unknown)).toEqual([]);
  });

  it('refuses a missing or malformed address with a German 400', async () => {
    const client = app.client({ ip: '10.9.0.5' });
    const missing = await client.post('/auth/verify/resend', {});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: 'register.missing-data', detail: 'Bitte füllen Sie alle Pflichtfelder aus.' });
    const malformed = await client.post('/auth/verify/resend', { email: 'keine-adresse' });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ code: 'generic.validation', detail: 'E-Mail muss gültig sein', errors: { email: 'E-Mail muss gültig sein' } });
    const gql = await client.gql(RESEND, { email: 'keine-adresse' });
    expect(gql.errors?.[0]).toMatchObject({ message: 'E-Mail muss gültig sein', extensions: { code: 'GENERIC_VALIDATION' } });
  });

  it('is limited per IP address like password-reset requests, with its own count, over REST and GraphQL alike', async () => {
    const client = app.client({ ip: '10.9.0.6' });
    // A password-reset request does not use up the budget of this flow.
    expect((await client.post('/auth/resetpassword', { id: confirmed.id, password: 'neues-passwort-1' })).status).toBe(200);
    for (let attempt = 1; attempt <= 3; attempt++) expect((await client.post('/auth/verify/resend', { email: `${attempt}.${unknown}` })).status, `attempt ${attempt}`).toBe(200);
    expect((await client.gql(RESEND, { email: unknown })).data).toEqual({ resendVerificationMail: true });
    const fifth = await client.post('/auth/verify/resend', { email: unknown });
    expect(fifth.status).toBe(429);
    expect(fifth.json).toMatchObject({ code: 'auth.rate-limited', title: 'Zu viele Versuche' });
    expect((await client.gql(RESEND, { email: unknown })).errors?.[0]).toMatchObject({ extensions: { code: 'AUTH_RATE_LIMITED', status: 429 } });
    // Another address is not another budget; another IP is.
    expect((await client.post('/auth/verify/resend', { email: confirmed.id })).status).toBe(429);
    expect((await app.client({ ip: '10.9.0.7' }).post('/auth/verify/resend', { email: unknown })).status).toBe(200);
  });
});

describe('while the mail server is unreachable', () => {
  it('a resend answers "OK" at once and the mail arrives once the server is back', async () => {
    await createUser(app.orm, { id: 'olga.offline@example.com', password: 'olga-passwort-1', firstName: 'Olga', lastName: 'Offline', isVerified: false });
    const port = app.smtp.port;
    await app.smtp.close();
    try {
      const response = await app.client({ ip: '10.9.0.8' }).post('/auth/verify/resend', { email: 'olga.offline@example.com' });
      expect(response.status).toBe(200);
      expect(response.text).toBe('OK');
      await expect
        .poll(async () => (await queuedJobs(app.orm, 'account-verification-mail')).some((job) => job.attempts >= 1 && job.lastError !== null), { timeout: 15_000 })
        .toBe(true);
    } finally {
      await app.smtp.start('127.0.0.1', port);
    }
    await makeRetriesDue(app.orm);
    const mail = await app.smtp.waitForMail('olga.offline@example.com', SUBJECT);
    const token = new URL(mail.links.find((href) => href.startsWith(`${app.url}/email/verify?token=`))!).searchParams.get('token');
    expect((await app.client({ ip: '10.9.0.8' }).post('/auth/verify/confirm', { token })).status).toBe(200);
    expect(await isVerified('olga.offline@example.com')).toBe(true);
    await queueDone();
    expect(app.smtp.find('olga.offline@example.com')).toHaveLength(1);
  }, 60_000);
});
