import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient, HttpResponse, RequestOptions } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every refusal on /graphql is a GraphQL response an integrator reads like any other:
 * `{ errors: [{ message, extensions: { code } }] }` with the catalogue's German message and code,
 * the catalogue's HTTP status (Retry-After where limited), application/json or, for a client that
 * prefers it, application/graphql-response+json. The REST paths keep problem+json.
 */
let app: TestApp;
let signedIn: HttpClient;
let tenantId: string;
let secret: string;
const dora = { id: 'dora@example.com', password: 'dora-passwort-1', firstName: 'Dora' };
const PER_MINUTE = 6;
const ME = JSON.stringify({ query: '{ me { user { id } } }' });
const json = (headers: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...headers });

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_API_TOKEN: String(PER_MINUTE) });
  await createUser(app.orm, dora);
  tenantId = (await createTenant(app.orm, { name: 'Stadt Fehlerhausen', owners: [dora.id] })).id;
  signedIn = app.client();
  await signIn(signedIn, dora.id, dora.password);
  const created = await signedIn.gql<{ createApiToken: { secret: string } }>('mutation($t: ID, $input: ApiTokenInput!) { createApiToken(tenantId: $t, input: $input) { secret } }', {
    t: tenantId,
    input: { name: 'Fehlerprobe', preset: 'OCCUPANCY_READ' },
  });
  expect(created.errors).toBeUndefined();
  secret = created.data!.createApiToken.secret;
});
afterAll(async () => app?.close());

/** The one shape of every refusal: one error with the catalogue's code, German message and status. */
function expectGraphqlRefusal(response: HttpResponse, status: number, code: string, message: string | RegExp) {
  expect(response.status, response.text).toBe(status);
  expect(response.contentType).toMatch(/^application\/json/);
  expect(response.json).toEqual({ errors: [{ message: expect.any(String), extensions: expect.objectContaining({ code, status }) }] });
  expect(response.json.errors[0].message).toMatch(message);
  expect(response.json.errors[0].extensions.title).toEqual(expect.any(String));
}

const post = (client: HttpClient, options: RequestOptions, path = '/graphql') => client.request('POST', path, options);

describe('refusals before the operation runs answer as GraphQL', () => {
  it('a write from a foreign Origin: 403 AUTH_CSRF', async () => {
    const response = await post(signedIn, { body: ME, headers: json({ origin: 'https://evil.example' }) });
    expectGraphqlRefusal(response, 403, 'AUTH_CSRF', 'Die Anfrage wurde als websiteübergreifend abgelehnt.');
  });

  it('a text/plain POST without Origin or Referer: 403 AUTH_CSRF saying what to send', async () => {
    const response = await post(signedIn, { body: ME, headers: { 'content-type': 'text/plain' } });
    expectGraphqlRefusal(response, 403, 'AUTH_CSRF', /Senden Sie den Header Origin/);
  });

  it.each([
    ['a text/plain POST from our own Origin', 'POST', { 'content-type': 'text/plain' }],
    ['a GET without preflight header', 'GET', {}],
    ['a multipart POST without preflight header', 'POST', { 'content-type': 'multipart/form-data; boundary=x' }],
  ])('%s (no preflight a browser would need): 403 AUTH_CSRF naming the header', async (_case, method, headers) => {
    const path = method === 'GET' ? `/graphql?query=${encodeURIComponent('{ me { user { id } } }')}` : '/graphql';
    const response = await signedIn.request(method, path, { ...(method === 'POST' ? { body: ME } : {}), headers: { origin: app.url, ...headers } });
    expectGraphqlRefusal(response, 403, 'AUTH_CSRF', /apollo-require-preflight/);
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('%s: 405 GENERIC_METHOD_NOT_ALLOWED with Allow', async (method) => {
    const response = await signedIn.request(method, '/graphql', { body: ME, headers: json({ origin: app.url }) });
    expectGraphqlRefusal(response, 405, 'GENERIC_METHOD_NOT_ALLOWED', 'GraphQL nimmt nur GET (Abfragen) und POST an.');
    expect(response.headers.get('allow')).toBe('GET, POST');
  });

  it('a mutation by GET: 405 GENERIC_METHOD_NOT_ALLOWED', async () => {
    const response = await signedIn.get(`/graphql?query=${encodeURIComponent('mutation { signOut }')}`, { headers: { 'apollo-require-preflight': 'true' } });
    expectGraphqlRefusal(response, 405, 'GENERIC_METHOD_NOT_ALLOWED', /Mutationen brauchen POST/);
    expect((await signedIn.gql<{ me: { user: { id: string } } }>('{ me { user { id } } }')).data?.me.user.id).toBe(dora.id);
  });

  it.each([
    ['malformed JSON', '{"query":', 'Der Inhalt der Anfrage ist kein gültiges JSON.'],
    ['a bare JSON string', '"{ me { user { id } } }"', 'Der Inhalt der Anfrage ist kein gültiges JSON.'],
    ['a batch (JSON array)', `[${ME}]`, 'Der Inhalt der Anfrage muss ein JSON-Objekt sein.'],
    ['an object without query', '{}', /keine GraphQL-Operation/],
    ['variables that are no object', JSON.stringify({ query: '{ me { user { id } } }', variables: '{}' }), 'Das Feld variables muss ein JSON-Objekt sein.'],
  ])('%s: 400 GENERIC_VALIDATION', async (_case, body, message) => {
    const response = await post(signedIn, { body, headers: json({ origin: app.url }) });
    expectGraphqlRefusal(response, 400, 'GENERIC_VALIDATION', message);
  });

  it('a malformed multipart upload: 400 GENERIC_VALIDATION, not a 500', async () => {
    const response = await post(signedIn, { body: '--x\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x', origin: app.url, 'apollo-require-preflight': 'true' } });
    expectGraphqlRefusal(response, 400, 'GENERIC_VALIDATION', /multipart/);
  });

  it('a body above 1 MB: 413 GENERIC_PAYLOAD_TOO_LARGE', async () => {
    const body = JSON.stringify({ query: '{ me { user { id } } }', variables: { filler: 'x'.repeat(1_100_000) } });
    const response = await post(signedIn, { body, headers: json({ origin: app.url }) });
    expectGraphqlRefusal(response, 413, 'GENERIC_PAYLOAD_TOO_LARGE', 'Die Anfrage ist zu groß (höchstens 1 MB).');
  });

  it('a NUL byte in the query string: 400 GENERIC_VALIDATION', async () => {
    const response = await signedIn.get('/graphql?query=%00', { headers: { 'apollo-require-preflight': 'true' } });
    expectGraphqlRefusal(response, 400, 'GENERIC_VALIDATION', 'Die Anfrage enthält ungültige Zeichen.');
  });
});

describe('values of the wrong type are refused in German, with the codes of GraphQL', () => {
  it('an invalid date in a variable: BAD_USER_INPUT naming the variable; as a literal: GRAPHQL_VALIDATION_FAILED', async () => {
    const SCHEDULE = 'query($t: ID!, $ids: [ID!]!, $from: DateTimeISO!, $to: DateTimeISO!) { roomSchedule(tenantId: $t, bookableIds: $ids, from: $from, to: $to) { title } }';
    const variable = await signedIn.gql(SCHEDULE, { t: tenantId, ids: ['x'], from: '31.12.2026', to: '2027-01-01T00:00:00Z' });
    expect(variable.errors?.[0]).toMatchObject({ message: 'Ungültiger Wert in der Variable $from: erwartet wird ein Zeitpunkt nach ISO 8601 (z. B. 2027-03-01T10:00:00Z).', extensions: { code: 'BAD_USER_INPUT' } });
    const literal = await signedIn.gql(`{ roomSchedule(tenantId: "${tenantId}", bookableIds: ["x"], from: "morgen", to: "2027-01-01T00:00:00Z") { title } }`);
    expect(literal.errors?.[0]).toMatchObject({ message: 'Ungültiger Wert: erwartet wird ein Zeitpunkt nach ISO 8601 (z. B. 2027-03-01T10:00:00Z).', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    const missing = await signedIn.gql(SCHEDULE, { t: tenantId, ids: ['x'], to: '2027-01-01T00:00:00Z' });
    expect(missing.errors?.[0]?.message).toBe('Die Variable $from fehlt; erwartet wird ein Zeitpunkt nach ISO 8601 (z. B. 2027-03-01T10:00:00Z).');
    for (const answer of [variable, literal, missing]) expect(JSON.stringify(answer.errors)).not.toMatch(/cannot represent|was not provided|got invalid value/);
  });
});

describe('API token refusals answer as GraphQL', () => {
  it('an Authorization header of another form: 401 AUTH_UNAUTHENTICATED with WWW-Authenticate', async () => {
    const response = await post(app.client(), { body: ME, headers: json({ authorization: 'Basic ZG9yYTp4' }) });
    expectGraphqlRefusal(response, 401, 'AUTH_UNAUTHENTICATED', /Bearer <API-Schlüssel>/);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"');
  });

  it('an unknown token: 401 AUTH_UNAUTHENTICATED', async () => {
    const response = await post(app.client(), { body: ME, headers: json({ authorization: 'Bearer bpt_unbekannt' }) });
    expectGraphqlRefusal(response, 401, 'AUTH_UNAUTHENTICATED', 'Der API-Schlüssel ist unbekannt, widerrufen oder abgelaufen.');
  });

  it('a token together with the session cookie: 400 AUTH_TOKEN_WITH_SESSION', async () => {
    const response = await post(signedIn, { body: ME, headers: json({ authorization: `Bearer ${secret}` }) });
    expectGraphqlRefusal(response, 400, 'AUTH_TOKEN_WITH_SESSION', /Senden Sie nur eines von beiden/);
  });

  it('a token over its requests per minute: 429 AUTH_RATE_LIMITED with Retry-After', async () => {
    const script = app.client({ ip: '10.77.0.1' });
    const ask = () => post(script, { body: JSON.stringify({ query: 'query($t: ID!) { publicBookables(tenantId: $t) { id } }', variables: { t: tenantId } }), headers: json({ authorization: `Bearer ${secret}` }) });
    for (let index = 0; index < PER_MINUTE; index += 1) expect((await ask()).status).toBe(200);
    const limited = await ask();
    expectGraphqlRefusal(limited, 429, 'AUTH_RATE_LIMITED', /Zu viele Anfragen mit diesem API-Schlüssel/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(limited.json.errors[0].extensions.retryAfter).toBe(retryAfter);
  });
});

describe('the media type follows the client', () => {
  it('application/graphql-response+json for a client that prefers it, as Apollo answers operations', async () => {
    const accept = 'application/graphql-response+json,application/json;q=0.9';
    const refused = await post(signedIn, { body: '{"query":', headers: json({ origin: app.url, accept }) });
    expect(refused.status).toBe(400);
    expect(refused.contentType).toMatch(/^application\/graphql-response\+json/);
    expect(refused.json.errors[0].extensions.code).toBe('GENERIC_VALIDATION');
    const answered = await post(signedIn, { body: ME, headers: json({ origin: app.url, accept }) });
    expect(answered.contentType).toMatch(/^application\/graphql-response\+json/);
  });

  it.each([['no Accept header', {}], ['Accept */*', { accept: '*/*' }]])('application/json with %s', async (_case, headers) => {
    const response = await post(signedIn, { body: '{"query":', headers: json({ origin: app.url, ...headers }) });
    expect(response.contentType).toMatch(/^application\/json/);
  });
});

describe('the standard directives', () => {
  it('@include and @skip leave fields out as the variables say (the @auth directive adds to them, replaces none)', async () => {
    const query = 'query($with: Boolean!) { me { user { id included: id @include(if: $with) skipped: id @skip(if: $with) } } }';
    const included = await signedIn.gql<{ me: { user: Record<string, string> } }>(query, { with: true });
    expect(included.errors).toBeUndefined();
    expect(Object.keys(included.data!.me.user).sort()).toEqual(['id', 'included']);
    const skipped = await signedIn.gql<{ me: { user: Record<string, string> } }>(query, { with: false });
    expect(Object.keys(skipped.data!.me.user).sort()).toEqual(['id', 'skipped']);
  });
});

describe('REST paths keep problem+json', () => {
  it.each([
    ['a foreign Origin', () => signedIn.put('/api/user', { firstName: 'X' }, { headers: { origin: 'https://evil.example' } }), 403, 'auth.csrf'],
    ['malformed JSON', () => signedIn.request('PUT', '/api/user', { body: '{"firstName":', headers: json({ origin: app.url }) }), 400, 'generic.validation'],
    ['an unknown token', () => app.client().get(`/api/${tenantId}/bookables/public`, { headers: { authorization: 'Bearer bpt_unbekannt' } }), 401, 'auth.unauthenticated'],
    ['a NUL byte', () => signedIn.get('/api/user?x=%00'), 400, 'generic.validation'],
  ])('%s', async (_case, send, status, code) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json).toMatchObject({ status, code });
  });
});
