import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Cross-site request forgery: a cookie-authenticated write must come from an allowed origin
 * (PUBLIC_URL or CORS_ORIGINS), judged by Origin and, without it, by Referer. A write that names
 * neither must be one no browser sends cross-site without a preflight (JSON or a custom header).
 */
let app: TestApp;
let client: HttpClient;
let tenantId: string;
const carla = { id: 'carla@example.com', password: 'carla-passwort-1', firstName: 'Carla' };
/** A further allowed origin (an administration client served from elsewhere). */
const adminClientOrigin = 'https://verwaltung.example';

beforeAll(async () => {
  app = await startTestApp({ CORS_ORIGINS: adminClientOrigin });
  await createUser(app.orm, carla);
  tenantId = (await createTenant(app.orm, { name: 'Stadt Fälschungshausen', owners: [carla.id] })).id;
  client = app.client();
  await signIn(client, carla.id, carla.password);
});
afterAll(async () => app?.close());

const firstName = async () => (await client.get('/auth/me?populatePermissions=0')).json.user.firstName as string;

const csrfProblem = {
  type: 'about:blank',
  title: 'Zugriff verweigert',
  status: 403,
  detail: 'Die Anfrage wurde als websiteübergreifend abgelehnt.',
  code: 'auth.csrf',
};
const noSourceProblem = {
  ...csrfProblem,
  detail: 'Die Anfrage wurde als websiteübergreifend abgelehnt: Sie nennt weder Origin noch Referer. Senden Sie den Header Origin mit der Adresse der Buchungsplattform.',
};

/** A multipart upload as the original administration client sends it: no custom header. */
function upload(name: string, headers: Record<string, string>) {
  const form = new FormData();
  form.append('accessLevel', 'public');
  form.append('file', new Blob(['%PDF-1.4']), name);
  return client.request('POST', `/api/${tenantId}/files`, { body: form, headers });
}
const fileNames = async () => ((await client.get(`/api/${tenantId}/files/list`)).json as { basename: string }[]).map((file) => file.basename);

describe('REST writes from a browser (Origin or Referer)', () => {
  it.each([
    ['PUBLIC_URL', () => app.url],
    ['a configured CORS origin', () => adminClientOrigin],
  ])('accept a multipart upload from %s without any custom header', async (_case, origin) => {
    const name = `hausordnung-${origin().length}.pdf`;
    const response = await upload(name, { origin: origin(), 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(201);
    expect(await fileNames()).toContain(name);
  });

  it('refuse the same upload from a foreign Origin with 403 problem+json and store nothing', async () => {
    const response = await upload('gefaelscht.pdf', { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json).toEqual(csrfProblem);
    expect(await fileNames()).not.toContain('gefaelscht.pdf');
  });

  it('accept form and text bodies from an allowed origin: the origin decides, not the content type', async () => {
    const response = await client.request('POST', '/auth/signout', { body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url } });
    expect(response.status).toBe(200);
    expect((await client.get('/auth/me')).status).toBe(401);
    await signIn(client, carla.id, carla.password);
  });

  it.each([
    ['a foreign Origin', () => ({ origin: 'https://evil.example' })],
    ['a foreign Origin with an allowed Referer', () => ({ origin: 'https://evil.example', referer: `${app.url}/admin` })],
    ['Origin null', () => ({ origin: 'null' })],
    ['Sec-Fetch-Site cross-site', () => ({ 'sec-fetch-site': 'cross-site' })],
    ['Sec-Fetch-Site cross-site with an allowed Referer', () => ({ 'sec-fetch-site': 'cross-site', referer: `${app.url}/admin` })],
    ['a foreign Referer', () => ({ referer: 'https://evil.example/seite' })],
    ['a Referer that is no URL', () => ({ referer: 'irgendwas' })],
  ])('refuse a JSON PUT with %s', async (_case, headers) => {
    const response = await client.put('/api/user', { firstName: 'Gefälscht' }, { headers: headers() });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(csrfProblem);
    expect(await firstName()).toBe('Carla');
  });

  it('fall back to the Referer when the Origin is missing', async () => {
    const allowed = await upload('referer.pdf', { referer: `${app.url}/admin/buchungsobjekte?seite=2` });
    expect(allowed.status).toBe(201);
    const foreign = await upload('referer-fremd.pdf', { referer: 'https://evil.example/formular' });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual(csrfProblem);
    expect(await fileNames()).toEqual(expect.arrayContaining(['referer.pdf']));
    expect(await fileNames()).not.toContain('referer-fremd.pdf');
  });

  it('accept a JSON PUT with our own Origin', async () => {
    const sameOrigin = await client.put('/api/user', { firstName: 'Carla-Marie' }, { headers: { origin: app.url, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.status).toBe(200);
    expect(await firstName()).toBe('Carla-Marie');
    await client.put('/api/user', { firstName: 'Carla' }, { headers: { origin: app.url } });
  });
});

describe('REST writes without Origin and Referer (scripts, not browsers)', () => {
  it.each([
    ['text/plain', '{"firstName":"Gefälscht"}'],
    ['application/x-www-form-urlencoded', 'firstName=Gef%C3%A4lscht'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nGefälscht\r\n--x--\r\n'],
  ])('refuse PUT /api/user with %s (403 auth.csrf saying what to send) and change nothing', async (contentType, body) => {
    const response = await client.request('PUT', '/api/user', { body, headers: { 'content-type': contentType } });
    expect(response.status).toBe(403);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json).toEqual(noSourceProblem);
    expect(await firstName()).toBe('Carla');
  });

  it('refuse a form POST to /auth/signout and keep the session', async () => {
    const response = await client.request('POST', '/auth/signout', { body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('auth.csrf');
    expect((await client.get('/auth/me')).status).toBe(200);
  });

  it('refuse a text/plain sign-in (login CSRF)', async () => {
    const response = await app.client().request('POST', '/auth/signin', {
      body: JSON.stringify({ id: carla.id, password: carla.password }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(403);
    expect(response.setCookies).toEqual([]);
  });

  it('accept JSON, and an upload carrying X-Requested-With (what no cross-site form can send)', async () => {
    const plain = await client.put('/api/user', { firstName: 'Carla-Marie' });
    expect(plain.status).toBe(200);
    expect(plain.json.firstName).toBe('Carla-Marie');
    await client.put('/api/user', { firstName: 'Carla' });
    const bare = await upload('ohne-herkunft.pdf', {});
    expect(bare.status).toBe(403);
    expect(bare.json).toEqual(noSourceProblem);
    const withHeader = await upload('mit-kopfzeile.pdf', { 'x-requested-with': 'XMLHttpRequest' });
    expect(withHeader.status).toBe(201);
    expect(await fileNames()).not.toContain('ohne-herkunft.pdf');
  });
});

describe('GraphQL', () => {
  const mutation = JSON.stringify({ query: 'mutation { updateProfile(input: { city: "Fälschungshausen" }) { city } }' });

  it('refuses a text/plain POST without Origin before it runs, as a GraphQL response', async () => {
    const response = await client.request('POST', '/graphql', { body: mutation, headers: { 'content-type': 'text/plain' } });
    expect(response.status).toBe(403);
    expect(response.json.errors[0]).toMatchObject({ message: noSourceProblem.detail, extensions: { code: 'AUTH_CSRF' } });
    expect((await client.gql('{ me { user { city } } }')).data).toEqual({ me: { user: { city: '' } } });
  });

  it("Apollo's CSRF prevention rule still refuses a text/plain POST from an allowed origin (403 AUTH_CSRF)", async () => {
    const response = await client.request('POST', '/graphql', { body: mutation, headers: { 'content-type': 'text/plain', origin: app.url } });
    expect(response.status).toBe(403);
    expect(response.json.errors[0].extensions.code).toBe('AUTH_CSRF');
    expect(response.json.errors[0].message).toContain('apollo-require-preflight');
    expect((await client.gql('{ me { user { city } } }')).data).toEqual({ me: { user: { city: '' } } });
  });

  it('refuses a GET operation without a preflight header (403 AUTH_CSRF), accepts it with one', async () => {
    const path = `/graphql?query=${encodeURIComponent('{ me { user { id } } }')}`;
    const blocked = await client.get(path);
    expect(blocked.status).toBe(403);
    expect(blocked.json.errors[0].extensions.code).toBe('AUTH_CSRF');
    const allowed = await client.get(path, { headers: { 'apollo-require-preflight': 'true' } });
    expect(allowed.status).toBe(200);
    expect(allowed.json).toEqual({ data: { me: { user: { id: carla.id } } } });
  });

  it('refuses a JSON POST from a foreign Origin', async () => {
    const response = await client.request('POST', '/graphql', { body: mutation, headers: { 'content-type': 'application/json', origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ errors: [{ message: csrfProblem.detail, extensions: { code: 'AUTH_CSRF', key: 'auth.csrf', title: csrfProblem.title, status: 403 } }] });
  });

  it('runs the same mutation as JSON', async () => {
    const result = await client.gql('mutation { updateProfile(input: { city: "Musterstadt" }) { city } }');
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ updateProfile: { city: 'Musterstadt' } });
  });
});

describe('CORS', () => {
  it('answers a preflight only for the configured origin, with credentials', async () => {
    const own = await app.client().request('OPTIONS', '/graphql', { headers: { origin: app.url, 'access-control-request-method': 'POST' } });
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBe(app.url);
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');

    const foreign = await app.client().request('OPTIONS', '/graphql', { headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never reflects a foreign origin on a normal answer', async () => {
    const response = await client.get('/auth/me', { headers: { origin: 'https://evil.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
