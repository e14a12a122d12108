import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, signIn } from '../../support/fixtures.js';
import type { HttpClient } from '../../support/http.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { storeBookable } from '../bookables.fixtures.js';
import { customer, storedBooking } from '../bookings.fixtures.js';

/**
 * State changes by a cross-site GET: another site can send the browser to `GET …/bookings/:id/commit`
 * or `GET /auth/signout` with a link, an image or a redirect, and SameSite=Lax sends the session
 * cookie along on top-level navigations. These GETs run only when fetch metadata says the request
 * is same-origin (`Sec-Fetch-Site: same-origin`, or `none` for an address the user typed) or the
 * Origin is an allowed one; anything else, scripts without these headers included, answers 403
 * auth.csrf and uses the POST of the same path.
 */
let app: TestApp;
let staff: HttpClient;
let tenantId: string;
let thingId: string;
const clara = { id: 'clara@example.com', password: 'clara-passwort-1' };
const adminClientOrigin = 'https://verwaltung.example';

beforeAll(async () => {
  app = await startTestApp({ CORS_ORIGINS: adminClientOrigin });
  await createUser(app.orm, clara);
  tenantId = (await createTenant(app.orm, { name: 'Stadt Querhausen', owners: [clara.id] })).id;
  thingId = (await storeBookable(app, tenantId, { isBookable: true, isPublic: true, amount: null, autoCommitBooking: false })).id;
  staff = app.client();
  await signIn(staff, clara.id, clara.password);
});
afterAll(async () => app?.close());

async function pendingBooking(): Promise<string> {
  const response = await app.client().post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId: thingId }], ...customer });
  expect(response.status, response.text).toBe(200);
  expect(response.json.isCommitted).toBe(false);
  return response.json.id as string;
}

const commitPath = (id: string) => `/api/${tenantId}/bookings/${id}/commit`;
const isReleased = async (id: string) => (await storedBooking(app, tenantId, id))?.isCommitted;
const signedIn = async (client: HttpClient) => (await client.get('/auth/me')).status === 200;

const crossSiteRequests: [string, Record<string, string>][] = [
  ['a link on another site (Sec-Fetch-Site cross-site)', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }],
  ['a sibling subdomain (Sec-Fetch-Site same-site)', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' }],
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['Origin null', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
  ['an allowed Referer only (Referer proves nothing on a GET)', { referer: `${adminClientOrigin}/admin`, 'sec-fetch-site': 'cross-site' }],
  ['a script without fetch metadata and Origin', {}],
];

describe('GET …/bookings/:id/commit', () => {
  it.each(crossSiteRequests)('from %s answers 403 auth.csrf and releases nothing', async (_case, headers) => {
    const id = await pendingBooking();
    const response = await staff.get(commitPath(id), { headers });
    expect(response.status).toBe(403);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json).toMatchObject({ status: 403, code: 'auth.csrf', title: 'Zugriff verweigert' });
    expect(response.json.detail).toContain('POST');
    expect(await isReleased(id)).toBe(false);
  });

  it('HEAD is judged like GET', async () => {
    const id = await pendingBooking();
    expect((await staff.request('HEAD', commitPath(id), { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect(await isReleased(id)).toBe(false);
  });

  it.each([
    ['the product’s own page (Sec-Fetch-Site same-origin)', () => ({ 'sec-fetch-site': 'same-origin' })],
    ['an address the user typed (Sec-Fetch-Site none)', () => ({ 'sec-fetch-site': 'none' })],
    ['PUBLIC_URL as Origin', () => ({ origin: app.url, 'sec-fetch-site': 'same-origin' })],
    ['a configured CORS origin', () => ({ origin: adminClientOrigin, 'sec-fetch-site': 'cross-site' })],
  ])('from %s releases', async (_case, headers) => {
    const id = await pendingBooking();
    const response = await staff.get(commitPath(id), { headers: headers() });
    expect(response.status, response.text).toBe(200);
    expect(await isReleased(id)).toBe(true);
  });

  it('scripts use POST …/commit (checked like every write): JSON or an allowed Origin releases, a cross-site form does not', async () => {
    const scripted = await pendingBooking();
    expect((await staff.post(commitPath(scripted))).status).toBe(200);
    expect(await isReleased(scripted)).toBe(true);

    const form = await pendingBooking();
    const forged = await staff.request('POST', commitPath(form), { body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
    expect(await isReleased(form)).toBe(false);
    const own = await staff.request('POST', commitPath(form), { body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url } });
    expect(own.status).toBe(200);
    expect(await isReleased(form)).toBe(true);
  });

  it('the allowed GET still needs the rights: without a session 401', async () => {
    const id = await pendingBooking();
    expect((await app.client().get(commitPath(id), { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(401);
    expect(await isReleased(id)).toBe(false);
  });
});

describe('GET /auth/signout', () => {
  it.each(crossSiteRequests)('from %s answers 403 and keeps the session', async (_case, headers) => {
    const client = app.client();
    await signIn(client, clara.id, clara.password);
    const response = await client.get('/auth/signout', { headers });
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('auth.csrf');
    expect(response.setCookies.some((header) => /^connect\.sid=;/.test(header))).toBe(false);
    expect(await signedIn(client)).toBe(true);
  });

  it('from the product’s own page ends the session', async () => {
    const client = app.client();
    await signIn(client, clara.id, clara.password);
    const response = await client.get('/auth/signout', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(response.status).toBe(200);
    expect(await signedIn(client)).toBe(false);
  });

  it('scripts sign out with POST /auth/signout', async () => {
    const client = app.client();
    await signIn(client, clara.id, clara.password);
    expect((await client.post('/auth/signout')).status).toBe(200);
    expect(await signedIn(client)).toBe(false);
  });
});

describe('GETs that only read are unaffected', () => {
  it('a cross-site GET of a list or the public status still answers', async () => {
    const id = await pendingBooking();
    const crossSite = { headers: { 'sec-fetch-site': 'cross-site' } };
    expect((await staff.get(`/api/${tenantId}/bookings`, crossSite)).status).toBe(200);
    expect((await app.client().get(`/api/${tenantId}/bookings/${id}/status`, crossSite)).status).toBe(200);
    expect((await staff.get('/auth/me', crossSite)).status).toBe(200);
  });
});
