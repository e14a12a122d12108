import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/fixtures.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Password spraying: one password tried on many accounts from one address. The limit per address
 * and account never meets it (one attempt per account), so sign-in attempts are limited per address
 * across accounts too (RATE_LIMIT_SIGNIN_ADDRESS, default 10 failures per window): twelve accounts
 * tried from one address used to answer 401 twelve times.
 */
let app: TestApp;
const accounts = Array.from({ length: 12 }, (_, n) => ({ id: `konto-${n}@spray.example`, password: `eigenes-passwort-${n}` }));

beforeAll(async () => {
  app = await startTestApp();
  for (const account of accounts) await createUser(app.orm, account);
});
afterAll(async () => app?.close());

const signIn = (ip: string, id: string, password: string) => app.client({ ip }).post('/auth/signin', { id, password });

describe('password spraying from one address', () => {
  it('after 10 failed accounts every further sign-in from the address answers 429 with Retry-After, REST and GraphQL', async () => {
    const ip = '10.88.0.1';
    const statuses = [];
    for (const account of accounts) statuses.push((await signIn(ip, account.id, 'Sommer2026!')).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const limited = await signIn(ip, accounts[0].id, accounts[0].password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json).toMatchObject({ code: 'auth.rate-limited' });
    expect(limited.setCookies).toEqual([]);
    const graphql = await app.client({ ip }).gql('mutation($id: String!, $pw: String!) { signIn(id: $id, password: $pw) { user { id } } }', { id: accounts[1].id, pw: accounts[1].password });
    expect(graphql.errors?.[0]?.extensions?.code).toBe('AUTH_RATE_LIMITED');
    // Another address is not affected.
    expect((await signIn('10.88.0.2', accounts[0].id, accounts[0].password)).status).toBe(200);
  });

  it('successful sign-ins take their attempt back: colleagues behind one gateway are not locked out', async () => {
    const ip = '10.88.0.3';
    for (let round = 0; round < 3; round++) {
      for (const account of accounts) expect((await signIn(ip, account.id, account.password)).status, account.id).toBe(200);
    }
    for (let attempt = 0; attempt < 9; attempt++) expect((await signIn(ip, accounts[attempt].id, 'vertippt')).status).toBe(401);
    expect((await signIn(ip, accounts[11].id, accounts[11].password)).status).toBe(200);
  });
});
