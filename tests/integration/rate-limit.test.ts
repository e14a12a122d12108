import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAdmin } from '../support/app.js';
import { createUser } from '../support/fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Attempt limits kept in PostgreSQL: RATE_LIMIT_SIGNIN per IP and account, RATE_LIMIT_RESET per IP,
 * within RATE_LIMIT_WINDOW_SECONDS. Each test uses its own client IP (X-Forwarded-For from the trusted loopback proxy).
 */
let app: TestApp;
const rita = { id: 'rita@example.com', password: 'rita-passwort-1' };

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_SIGNIN: '3', RATE_LIMIT_RESET: '3', RATE_LIMIT_WINDOW_SECONDS: '600' });
  await createUser(app.orm, rita);
});
afterAll(async () => app?.close());

const rateLimited = {
  type: 'about:blank',
  title: 'Zu viele Versuche',
  status: 429,
  detail: 'Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
  code: 'auth.rate-limited',
};

describe('sign-in attempts', () => {
  it('the 4th wrong sign-in within the window answers 429, even with the right password', async () => {
    const client = app.client({ ip: '10.0.0.1' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await client.post('/auth/signin', { id: rita.id, password: `falsch-${attempt}` });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const fourth = await client.post('/auth/signin', { id: rita.id, password: 'falsch-4' });
    expect(fourth.status).toBe(429);
    expect(fourth.contentType).toMatch(/^application\/problem\+json/);
    expect(fourth.json).toEqual(rateLimited);
    const right = await client.post('/auth/signin', { id: rita.id, password: rita.password });
    expect(right.status).toBe(429);
    expect(right.setCookies).toEqual([]);
  });

  it('counts per IP and account: another IP, or another account from the same IP, is not limited', async () => {
    expect((await app.client({ ip: '10.0.0.2' }).post('/auth/signin', rita)).status).toBe(200);
    expect((await app.client({ ip: '10.0.0.1' }).post('/auth/signin', { id: testAdmin.id, password: 'falsch' })).status).toBe(401);
    expect((await app.client({ ip: '10.0.0.1' }).post('/auth/signin', testAdmin)).status).toBe(200);
  });

  it('a successful sign-in clears the count', async () => {
    const client = app.client({ ip: '10.0.0.3' });
    for (let attempt = 1; attempt <= 2; attempt++) expect((await client.post('/auth/signin', { id: rita.id, password: 'falsch' })).status).toBe(401);
    expect((await client.post('/auth/signin', rita)).status).toBe(200);
    for (let attempt = 1; attempt <= 3; attempt++) expect((await client.post('/auth/signin', { id: rita.id, password: 'falsch' })).status).toBe(401);
    expect((await client.post('/auth/signin', { id: rita.id, password: 'falsch' })).status).toBe(429);
  });

  it('a new window starts once the old one has passed', async () => {
    const client = app.client({ ip: '10.0.0.7' });
    for (let attempt = 1; attempt <= 3; attempt++) await client.post('/auth/signin', { id: rita.id, password: 'falsch' });
    expect((await client.post('/auth/signin', rita)).status).toBe(429);
    await app.orm.em.getConnection().execute("update rate_limits set window_start = now() - interval '601 seconds' where key = ?", [`signin:10.0.0.7:${rita.id}`]);
    expect((await client.post('/auth/signin', rita)).status).toBe(200);
  });

  it('GraphQL signIn shares the limit and reports AUTH_RATE_LIMITED', async () => {
    const client = app.client({ ip: '10.0.0.4' });
    const signIn = (password: string) =>
      client.gql('mutation($id: String!, $pw: String!) { signIn(id: $id, password: $pw) { user { id } } }', { id: rita.id, pw: password });
    for (let attempt = 1; attempt <= 3; attempt++) expect((await signIn('falsch')).errors?.[0].extensions?.code).toBe('AUTH_LOGIN_FAILED');
    const fourth = await signIn(rita.password);
    expect(fourth.data).toBeNull();
    expect(fourth.errors?.[0]).toMatchObject({
      message: 'Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
      extensions: { code: 'AUTH_RATE_LIMITED', status: 429 },
    });
    // REST from the same IP for the same account is limited as well.
    expect((await client.post('/auth/signin', rita)).status).toBe(429);
  });
});

describe('password reset attempts', () => {
  it('the 4th request from one IP answers 429 (REST), whichever address and path', async () => {
    const client = app.client({ ip: '10.0.1.1' });
    expect((await client.post('/auth/resetpassword', { id: rita.id })).status).toBe(200);
    expect((await client.post('/auth/resetpassword', { id: 'unbekannt@example.com' })).status).toBe(404);
    expect((await client.post('/auth/reset', { email: 'noch-einer@example.com' })).status).toBe(404);
    const fourth = await client.post('/auth/resetpassword', { id: rita.id });
    expect(fourth.status).toBe(429);
    expect(fourth.json).toEqual(rateLimited);
    expect((await client.post('/auth/reset', { email: rita.id })).status).toBe(429);
    // Only the first request was carried out: exactly one reset mail.
    await app.smtp.waitForMail(rita.id, 'Zurücksetzen Ihres Kennworts');
    expect(app.smtp.find(rita.id, 'Kennworts')).toHaveLength(1);
    // Another IP may still ask.
    expect((await app.client({ ip: '10.0.1.2' }).post('/auth/resetpassword', { id: 'unbekannt@example.com' })).status).toBe(404);
  });

  it('GraphQL requestPasswordReset reports AUTH_RATE_LIMITED', async () => {
    const client = app.client({ ip: '10.0.1.3' });
    const request = (id: string) => client.gql('mutation($id: String!) { requestPasswordReset(id: $id) }', { id });
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await request('unbekannt@example.com')).errors?.[0].extensions?.code).toBe('PASSWORD_RESET_WRONG_EMAIL');
    }
    const fourth = await request(rita.id);
    expect(fourth.errors?.[0]).toMatchObject({ extensions: { code: 'AUTH_RATE_LIMITED' } });
  });
});
