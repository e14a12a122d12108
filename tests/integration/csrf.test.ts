import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Cross-site request forgery: a cookie-authenticated write must be JSON (or carry a custom header,
 * which forces a CORS preflight) and must not come from a foreign origin (rest-contract 0).
 */
let app: TestApp;
let client: HttpClient;
const carla = { id: 'carla@example.com', password: 'carla-passwort-1', firstName: 'Carla' };

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, carla);
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

describe('REST writes', () => {
  it.each([
    ['text/plain', '{"firstName":"Gefälscht"}'],
    ['application/x-www-form-urlencoded', 'firstName=Gef%C3%A4lscht'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nGefälscht\r\n--x--\r\n'],
  ])('refuse PUT /api/user with %s (403 auth.csrf) and change nothing', async (contentType, body) => {
    const response = await client.request('PUT', '/api/user', { body, headers: { 'content-type': contentType } });
    expect(response.status).toBe(403);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json).toEqual(csrfProblem);
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

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin null', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuse a JSON PUT with %s', async (_case, headers) => {
    const response = await client.put('/api/user', { firstName: 'Gefälscht' }, { headers });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(csrfProblem);
    expect(await firstName()).toBe('Carla');
  });

  it('accept the same PUT as JSON, also with our own Origin', async () => {
    const plain = await client.put('/api/user', { firstName: 'Carla-Marie' });
    expect(plain.status).toBe(200);
    expect(plain.json.firstName).toBe('Carla-Marie');
    const sameOrigin = await client.put('/api/user', { firstName: 'Carla' }, { headers: { origin: app.url, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.status).toBe(200);
    expect(await firstName()).toBe('Carla');
  });
});

describe('GraphQL', () => {
  const mutation = JSON.stringify({ query: 'mutation { updateProfile(input: { city: "Fälschungshausen" }) { city } }' });

  it('refuses a text/plain POST before it runs', async () => {
    const response = await client.request('POST', '/graphql', { body: mutation, headers: { 'content-type': 'text/plain' } });
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('auth.csrf');
    expect((await client.gql('{ me { user { city } } }')).data).toEqual({ me: { user: { city: '' } } });
  });

  it('Apollo refuses a GET operation without a preflight header (400), accepts it with one', async () => {
    const path = `/graphql?query=${encodeURIComponent('{ me { user { id } } }')}`;
    const blocked = await client.get(path);
    expect(blocked.status).toBe(400);
    expect(blocked.text).toContain('Cross-Site Request Forgery');
    const allowed = await client.get(path, { headers: { 'apollo-require-preflight': 'true' } });
    expect(allowed.status).toBe(200);
    expect(allowed.json).toEqual({ data: { me: { user: { id: carla.id } } } });
  });

  it('refuses a JSON POST from a foreign Origin', async () => {
    const response = await client.request('POST', '/graphql', { body: mutation, headers: { 'content-type': 'application/json', origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
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
