import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/fixtures.js';
import { waitForSettledQueue } from '../../support/job-queue.js';
import type { HttpClient } from '../../support/http.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Taking over an account through the password reset. The reset used to let the requester choose
 * the victim's next password, which any GET of the mailed link (the victim's click, a mail scanner,
 * a link preview) activated. Now a request names only the account; the mailbox holder chooses the
 * password on the link's page, and only that POST, with a single-use token stored as SHA-256,
 * changes it. Mailed verification links likewise act only on their page's POST.
 */
let app: TestApp;
const victim = { id: 'vera.opfer@example.com', password: 'vera-altes-passwort' };
const attackerPassword = 'vom-angreifer-gewaehlt';
let ipCounter = 0;

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, { ...victim, firstName: 'Vera', lastName: 'Opfer' });
});
afterAll(async () => app?.close());

const client = (): HttpClient => app.client({ ip: `10.77.0.${++ipCounter}` });
const signInStatus = async (password: string) => (await client().post('/auth/signin', { id: victim.id, password })).status;

/** The reset link of the next reset mail to the victim. */
async function resetLink(): Promise<{ url: string; token: string }> {
  const mail = await app.smtp.waitForMail(victim.id, 'Zurücksetzen Ihres Kennworts');
  const url = mail.links.find((href) => href.startsWith(`${app.url}/password/new?token=`));
  expect(url).toBeDefined();
  return { url: url!, token: new URL(url!).searchParams.get('token')! };
}

/** Whoever follows a link without reading it: a mail scanner, a link preview, the victim's click. */
async function followLikeAScanner(url: string): Promise<void> {
  const scanner = client();
  expect((await scanner.get(new URL(url).pathname + new URL(url).search)).status).toBeLessThan(500);
  await scanner.request('HEAD', new URL(url).pathname + new URL(url).search);
  await scanner.get(new URL(url).pathname + new URL(url).search, { redirect: 'follow' });
}

describe('password reset', () => {
  it('a password sent with the reset request is never stored, nor set when the mailed link is opened', async () => {
    const request = await client().post('/auth/resetpassword', { id: victim.id, password: attackerPassword });
    expect(request.status).toBe(200);
    const { url, token } = await resetLink();
    await followLikeAScanner(url);
    await followLikeAScanner(`${app.url}/auth/reset/${token}`);

    expect(await signInStatus(attackerPassword)).toBe(401);
    expect(await signInStatus(victim.password)).toBe(200);
    const hooks = await app.orm.em.getConnection().execute<Record<string, unknown>[]>('select * from user_hooks where user_id = ?', [victim.id]);
    expect(JSON.stringify(hooks)).not.toContain('$argon2');
  });

  it('a plain GET of the reset link changes nothing: the link still sets the password the mailbox holder types', async () => {
    await client().post('/auth/resetpassword', { id: victim.id });
    const { url, token } = await resetLink();
    await followLikeAScanner(url);
    await followLikeAScanner(`${app.url}/auth/reset/${token}`);
    expect(await signInStatus(victim.password)).toBe(200);

    const set = await client().post('/auth/reset/confirm', { token, password: 'vera-neues-passwort' });
    expect(set.status).toBe(200);
    expect(await signInStatus('vera-neues-passwort')).toBe(200);
    victim.password = 'vera-neues-passwort';
  });

  it('the token has 256 random bits and is stored only as its SHA-256', async () => {
    const sql = app.orm.em.getConnection();
    await client().post('/auth/resetpassword', { id: victim.id });
    const { token } = await resetLink();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const rows = await sql.execute<{ token_hash: string; row: string }[]>("select token_hash, row_to_json(h)::text as row from user_hooks h where user_id = ? and type = 'reset-password'", [victim.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0].row).not.toContain(token);
  });

  it('a token works once, even when sent twice at the same moment', async () => {
    await client().post('/auth/resetpassword', { id: victim.id });
    const { token } = await resetLink();
    const answers = await Promise.all(['vera-gleichzeitig-1', 'vera-gleichzeitig-2'].map((password) => client().post('/auth/reset/confirm', { token, password })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    const winner = answers[0].status === 200 ? 'vera-gleichzeitig-1' : 'vera-gleichzeitig-2';
    const loser = winner === 'vera-gleichzeitig-1' ? 'vera-gleichzeitig-2' : 'vera-gleichzeitig-1';
    expect(await signInStatus(winner)).toBe(200);
    expect(await signInStatus(loser)).toBe(401);
    victim.password = winner;
  });

  it('a new password ends every session of the account, also the attacker’s who knew the old one', async () => {
    const attacker = client();
    expect((await attacker.post('/auth/signin', victim)).status).toBe(200);
    await client().post('/auth/resetpassword', { id: victim.id });
    const { token } = await resetLink();
    expect((await client().post('/auth/reset/confirm', { token, password: 'vera-sicheres-passwort' })).status).toBe(200);
    victim.password = 'vera-sicheres-passwort';
    expect((await attacker.get('/auth/me')).status).toBe(401);
    const [{ count }] = await app.orm.em.getConnection().execute<{ count: number }[]>("select count(*)::int as count from sessions where sess->>'userId' = ?", [victim.id]);
    expect(count).toBe(0);
  });

  it('guessing tokens is rate-limited per address: after 10 submissions even the right token answers 429', async () => {
    await client().post('/auth/resetpassword', { id: victim.id });
    const { token } = await resetLink();
    const guesser = client();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const guess = await guesser.post('/auth/reset/confirm', { token: `${'A'.repeat(40)}${String(attempt).padStart(3, '0')}`, password: attackerPassword });
      expect(guess.status, `guess ${attempt}`).toBe(404);
    }
    const limited = await guesser.post('/auth/reset/confirm', { token, password: attackerPassword });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('auth.rate-limited');
    const graphql = await guesser.gql('mutation($t: String!) { resetPassword(token: $t, password: "vom-angreifer-gewaehlt") }', { t: token });
    expect(graphql.errors?.[0].extensions?.code).toBe('AUTH_RATE_LIMITED');
    expect(await signInStatus(attackerPassword)).toBe(401);
    // The mailbox holder, from another address, still gets through.
    expect((await client().post('/auth/reset/confirm', { token, password: 'vera-nach-dem-angriff' })).status).toBe(200);
    victim.password = 'vera-nach-dem-angriff';
  });

  it('only wrong tokens use up the budget: one address (a town hall behind one gateway) redeems more valid links than the limit', async () => {
    const office = client();
    for (let round = 1; round <= 12; round++) {
      const colleague = { id: `kollege.${round}@example.com`, password: 'kollegen-passwort-1', firstName: 'Kai', lastName: `Kollege ${round}` };
      expect((await office.post('/auth/signup', colleague)).status).toBe(201);
      await app.smtp.waitForMail(colleague.id, 'Bestätigen Sie Ihre E-Mail-Adresse');
      // A mail job retried on a loaded machine mails a newer link, which voids the older one: use the newest.
      await waitForSettledQueue(app.orm);
      const mail = app.smtp.find(colleague.id, 'Bestätigen Sie Ihre E-Mail-Adresse').at(-1)!;
      const token = new URL(mail.links.find((href) => href.startsWith(`${app.url}/email/verify?token=`))!).searchParams.get('token');
      expect((await office.post('/auth/verify/confirm', { token })).status, `link ${round}`).toBe(200);
    }
  });

  it('reset requests are rate-limited per address', async () => {
    const requester = client();
    const statuses = [];
    for (let attempt = 1; attempt <= 6; attempt++) statuses.push((await requester.post('/auth/resetpassword', { id: victim.id })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('e-mail verification (the same kind of mailed link)', () => {
  it('a plain GET of the verification link confirms nothing; the page’s POST does', async () => {
    const newcomer = { id: 'neu.ling@example.com', password: 'neuling-passwort-1', firstName: 'Nele', lastName: 'Neuling' };
    expect((await client().post('/auth/signup', newcomer)).status).toBe(201);
    const mail = await app.smtp.waitForMail(newcomer.id, 'Bestätigen Sie Ihre E-Mail-Adresse');
    const url = mail.links.find((href) => href.startsWith(`${app.url}/email/verify?token=`))!;
    const token = new URL(url).searchParams.get('token')!;
    await followLikeAScanner(url);
    await followLikeAScanner(`${app.url}/auth/verify/${token}`);
    const verified = async () => (await app.orm.em.getConnection().execute<{ is_verified: boolean }[]>('select is_verified from users where id = ?', [newcomer.id]))[0].is_verified;
    expect(await verified()).toBe(false);
    expect((await client().post('/auth/signin', newcomer)).status).toBe(401);

    expect((await client().post('/auth/verify/confirm', { token })).status).toBe(200);
    expect(await verified()).toBe(true);
    // Used up.
    expect(await app.orm.em.getConnection().execute('select 1 from user_hooks where token_hash = ?', [createHash('sha256').update(token).digest('hex')])).toEqual([]);
    expect((await client().post('/auth/verify/confirm', { token })).status).toBe(404);
  });
});
