import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/fixtures.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Escaping the attempt limits with a forged X-Forwarded-For: the server counts attempts under the
 * client's address, and takes that address from forwarded headers only when TRUST_PROXY names the
 * proxy they come from. By default it trusts none, so a client that invents a new forwarded address
 * for every guess is still counted as the one connection it is.
 */
const victim = { id: 'opfer@example.com', password: 'opfer-passwort-1' };
const wrongPasswords = 40;

async function guess(app: TestApp, forwardedFor: (attempt: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= wrongPasswords; attempt++) {
    const response = await app.client().post('/auth/signin', { id: victim.id, password: `falsch-${attempt}` }, { headers: { 'x-forwarded-for': forwardedFor(attempt) } });
    statuses.push(response.status);
  }
  return statuses;
}

describe('without TRUST_PROXY (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The test apps trust their loopback client as a proxy; this one runs as shipped.
    app = await startTestApp({ TRUST_PROXY: '' });
    await createUser(app.orm, victim);
  });
  afterAll(async () => app?.close());

  it(`${wrongPasswords} wrong passwords, each with another X-Forwarded-For, get 429 after the limit`, async () => {
    const statuses = await guess(app, (attempt) => `203.0.113.${attempt}`);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(wrongPasswords - 10).fill(429));
    // The right password from the same connection is refused as well while the window lasts.
    const right = await app.client().post('/auth/signin', victim, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(right.status).toBe(429);
  });

  it('counts a password-reset request under the connection, not under the forwarded address', async () => {
    const statuses = [];
    for (let attempt = 1; attempt <= 7; attempt++) {
      statuses.push((await app.client().post('/auth/resetpassword', { id: victim.id }, { headers: { 'x-forwarded-for': `203.0.113.${100 + attempt}` } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

describe('with TRUST_PROXY=loopback (a proxy on the same machine)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: 'loopback' });
    await createUser(app.orm, victim);
  });
  afterAll(async () => app?.close());

  it('distinct forwarded addresses count separately', async () => {
    const statuses = await guess(app, (attempt) => `203.0.113.${attempt}`);
    expect(statuses).toEqual(Array(wrongPasswords).fill(401));
  });

  it('one forwarded address is still limited', async () => {
    const statuses = await guess(app, () => '198.51.100.1');
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(wrongPasswords - 10).fill(429));
    // Another client behind the same proxy is not locked out.
    const other = await app.client().post('/auth/signin', victim, { headers: { 'x-forwarded-for': '198.51.100.2' } });
    expect(other.status).toBe(200);
  });
});
