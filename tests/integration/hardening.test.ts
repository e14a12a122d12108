import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, getIntrospectionQuery, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlLimitRules, MAX_COST, MAX_DEPTH } from '../../server/src/shared/graphql/limits.js';
import { testAdmin } from '../support/app.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient, HttpResponse } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { graphqlWsClient, runOverSocket, SubscriptionRecorder } from '../support/ws.js';

/**
 * Robustness of the HTTP/GraphQL layer against hostile input: oversized bodies, NUL bytes that
 * PostgreSQL refuses in text, and GraphQL documents too deep or too costly to execute.
 */
let app: TestApp;
let client: HttpClient;
/** The instance owner may read every tenant and user, so ids reach PostgreSQL instead of a permission check. */
let admin: HttpClient;
let tenantId: string;
const nora = { id: 'nora@example.com', password: 'nora-passwort-1', firstName: 'Nora' };

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, nora);
  tenantId = (await createTenant(app.orm, { name: 'Härtetest', owners: [nora.id] })).id;
  client = app.client();
  await signIn(client, nora.id, nora.password);
  admin = app.client();
  await signIn(admin, testAdmin.id, testAdmin.password);
});
afterAll(async () => app?.close());

const firstName = async () => (await client.get('/auth/me?populatePermissions=0')).json.user.firstName as string;

/** A JSON document of about 1.1 MB, above express.json's 1 MB limit. */
const oversized = JSON.stringify({ id: nora.id, password: nora.password, firstName: 'x'.repeat(1_100_000) });

const invalidCharacters = {
  type: 'about:blank',
  title: 'Validierungsfehler',
  status: 400,
  detail: 'Die Anfrage enthält ungültige Zeichen.',
  code: 'generic.validation',
};

function expectProblem(response: HttpResponse, expected: Record<string, unknown>): void {
  expect(response.contentType).toMatch(/^application\/problem\+json/);
  expect(response.json).toEqual(expected);
}

/** The same refusal on /graphql: a GraphQL response with the catalogue's message and code. */
function expectGraphqlRefusal(response: HttpResponse, expected: { title: unknown; status: unknown; detail: unknown; code: unknown }): void {
  expect(response.contentType).toMatch(/^application\/json/);
  expect(response.json).toEqual({
    errors: [{ message: expected.detail, extensions: { code: String(expected.code).replace(/[.-]/g, '_').toUpperCase(), key: expected.code, title: expected.title, status: expected.status } }],
  });
}

/** `{ __schema { types { fields { type { ofType { ... { name } } } } } } }`, `levels` field levels deep (the leaf `name` included). */
function nestedSchemaIntrospection(levels: number): string {
  const fields = ['__schema', 'types', 'fields', 'type', ...Array.from({ length: levels - 5 }, () => 'ofType'), 'name'];
  return `{ ${fields.join(' { ')}${' }'.repeat(fields.length - 1)} }`;
}

/** `{ __type(name: "Query") { fields { type { fields { type { ... { name } } } } } } }`, `levels` field levels deep. */
function nestedTypeIntrospection(levels: number): string {
  const fields = ['__type(name: "Query")', ...Array.from({ length: levels - 2 }, (_, index) => (index % 2 === 0 ? 'fields' : 'type')), 'name'];
  return `{ ${fields.join(' { ')}${' }'.repeat(fields.length - 1)} }`;
}

describe('request bodies above 1 MB', () => {
  const tooLarge = {
    type: 'about:blank',
    title: 'Anfrage zu groß',
    status: 413,
    detail: 'Die Anfrage ist zu groß (höchstens 1 MB).',
    code: 'generic.payload-too-large',
  };

  it('are refused on a REST write with 413 problem+json and change nothing', async () => {
    const response = await client.request('PUT', '/api/user', { body: oversized, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
    expectProblem(response, tooLarge);
    expect(await firstName()).toBe('Nora');
  });

  it('are refused on the sign-in with 413 problem+json', async () => {
    const response = await app.client().request('POST', '/auth/signin', { body: oversized, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
    expectProblem(response, tooLarge);
    expect(response.setCookies).toEqual([]);
  });

  it('are refused on /graphql with 413 as a GraphQL response', async () => {
    const body = JSON.stringify({ query: `{ me { user { id } } } # ${'x'.repeat(1_100_000)}` });
    const response = await client.request('POST', '/graphql', { body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
    expectGraphqlRefusal(response, tooLarge);
  });

  it('leave a GraphQL body just below 1 MB alone', async () => {
    // The bulk travels in the variables: the query text itself has a limit of its own (MAX_QUERY_LENGTH).
    const result = await client.gql('{ me { user { id } } }', { padding: 'x'.repeat(1_000_000) });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ me: { user: { id: nora.id } } });
  });
});

describe('NUL bytes', () => {
  it('in a REST path parameter answer 400 problem+json, not 500', async () => {
    const response = await admin.get('/api/tenants/a%00b');
    expect(response.status).toBe(400);
    expectProblem(response, invalidCharacters);
  });

  it('in an /auth path parameter answer 400 problem+json', async () => {
    const response = await app.client().get('/auth/verify/a%00b');
    expect(response.status).toBe(400);
    expectProblem(response, invalidCharacters);
  });

  it('in a query string value answer 400 problem+json', async () => {
    const response = await client.get(`/api/${tenantId}/bookables?tags=a%00b`);
    expect(response.status).toBe(400);
    expectProblem(response, invalidCharacters);
  });

  it('in a GET /graphql query string answer 400 as a GraphQL response', async () => {
    const query = encodeURIComponent('query ($id: ID!) { tenant(id: $id) { id } }');
    const response = await client.get(`/graphql?query=${query}&variables=${encodeURIComponent('{"id":"a\\u0000b"}')}&x=%00`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(response.status).toBe(400);
    expectGraphqlRefusal(response, invalidCharacters);
  });

  it('in a JSON body reaching PostgreSQL answer 400 generic.validation, not 500', async () => {
    const response = await client.put('/api/user', { firstName: 'No\u0000ra' });
    expect(response.status).toBe(400);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json.code).toBe('generic.validation');
    expect(await firstName()).toBe('Nora');
  });

  it('in a GraphQL ID argument answer GENERIC_VALIDATION, not INTERNAL_SERVER_ERROR', async () => {
    const results = [
      await admin.gql('{ tenant(id: "a\\u0000b") { id } }'),
      await admin.gql('query ($id: ID!) { tenant(id: $id) { id } }', { id: 'a\u0000b' }),
      await client.gql('query ($id: String!) { user(id: $id) { id } }', { id: 'nora\u0000@example.com' }),
    ];
    for (const result of results) {
      expect(result.status).toBe(200);
      expect(result.data).toBeNull();
      expect(result.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([['Die Anfrage enthält ungültige Zeichen.', 'GENERIC_VALIDATION']]);
    }
  });

  it('in a GraphQL argument over WebSocket answer GENERIC_VALIDATION too', async () => {
    const ws = graphqlWsClient(app.url, { cookie: client.cookieHeader() });
    const query = new SubscriptionRecorder(ws, 'query ($id: String!) { user(id: $id) { id } }', { id: 'nora\u0000@example.com' });
    try {
      const result = await query.waitFor(() => true);
      expect(result.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([['Die Anfrage enthält ungültige Zeichen.', 'GENERIC_VALIDATION']]);
    } finally {
      await ws.dispose();
    }
  });
});

describe('values PostgreSQL cannot store', () => {
  const invalidValue = { type: 'about:blank', title: 'Validierungsfehler', status: 400, detail: 'Die Anfrage enthält einen ungültigen Wert.', code: 'generic.validation' };

  it('answer a REST coupon with a validFrom before 4713 BC with 400 generic.validation, not 500', async () => {
    const response = await client.put(`/api/${tenantId}/coupons`, { id: 'URALT', type: 'fixed', discount: 5, validFrom: -8.64e15 });
    expect(response.status).toBe(400);
    expectProblem(response, invalidValue);
  });

  // Numbers never get that far: the shared bounds (common/validation/numbers.ts) name the field first.
  it('refuse a discount beyond numeric(12,2) in the coupon check, naming the field, over REST and GraphQL', async () => {
    const response = await client.put(`/api/${tenantId}/coupons`, { id: 'RIESIG', type: 'fixed', discount: 1e300 });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'generic.validation', errors: { discount: 'Der Wert ist zu groß.' } });
    const result = await client.gql('mutation ($tenantId: ID!, $input: CouponInput!) { createCoupon(tenantId: $tenantId, input: $input) { id } }', {
      tenantId,
      input: { id: 'RIESIG', type: 'fixed', discount: 1e300 },
    });
    expect(result.errors?.map((error) => [error.extensions?.code, error.extensions?.fieldErrors])).toEqual([['GENERIC_VALIDATION', { discount: 'Der Wert ist zu groß.' }]]);
  });
});

describe('GraphQL depth and cost limits', () => {
  it('refuse a 40-level nested __schema introspection with 400 GRAPHQL_VALIDATION_FAILED', async () => {
    const result = await client.gql(nestedSchemaIntrospection(40));
    expect(result.status).toBe(400);
    expect(result.data).toBeUndefined();
    const depthError = result.errors?.find((error) => /verschachtelt/.test(error.message));
    expect(depthError?.message).toBe(`Die Anfrage ist zu tief verschachtelt (höchstens ${MAX_DEPTH} Ebenen).`);
    expect(result.errors?.every((error) => error.extensions?.code === 'GRAPHQL_VALIDATION_FAILED')).toBe(true);
  });

  it('refuse a 40-level nested __type introspection', async () => {
    const result = await client.gql(nestedTypeIntrospection(40));
    expect(result.status).toBe(400);
    expect(result.errors?.map((error) => error.extensions?.code)).toContain('GRAPHQL_VALIDATION_FAILED');
    expect(result.errors?.some((error) => /verschachtelt/.test(error.message))).toBe(true);
  });

  it('refuse a nesting just one level beyond the limit, accept it at the limit', async () => {
    expect((await client.gql(nestedSchemaIntrospection(MAX_DEPTH + 1))).status).toBe(400);
    const atLimit = await client.gql(nestedSchemaIntrospection(MAX_DEPTH));
    expect(atLimit.errors).toBeUndefined();
    expect(atLimit.status).toBe(200);
  });

  it.each([
    ['graphql defaults', {}],
    ['GraphiQL and codegen options', { descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true }],
  ])('answer the standard introspection query (%s)', async (_case, options) => {
    const result = await client.gql<{ __schema: { types: { name: string }[] } }>(getIntrospectionQuery(options));
    expect(result.errors).toBeUndefined();
    expect(result.status).toBe(200);
    expect(result.data?.__schema.types.map((type) => type.name)).toContain('Query');
  });

  it('refuse a query with many aliased expensive fields with 400 GRAPHQL_VALIDATION_FAILED', async () => {
    const selection = 'me { user { id firstName lastName phone company } permissions { instanceOwner } }';
    const single = await client.gql(`{ ${selection} }`);
    expect(single.errors).toBeUndefined();
    const costly = await client.gql(`{ ${Array.from({ length: 300 }, (_, index) => `a${index}: ${selection}`).join(' ')} }`);
    expect(costly.status).toBe(400);
    expect(costly.data).toBeUndefined();
    expect(costly.errors).toEqual([
      { message: `Die Anfrage ist zu aufwendig (höchstens Kosten von ${MAX_COST}).`, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
    ]);
  });

  it('refuse aliased introspection floods that the data cost ignores', async () => {
    // 400 aliases stay below the token limit (MAX_TOKENS); the cost refuses them.
    const flood = `{ __schema { ${Array.from({ length: 400 }, (_, index) => `t${index}: types { fields { type { ofType { ofType { ofType { name } } } } } }`).join(' ')} } }`;
    const result = await client.gql(flood);
    expect(result.status).toBe(400);
    expect(result.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(result.errors?.[0].message).toMatch(/zu aufwendig/);
  });

  it('let every operation of the client pass', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const schema = buildSchema(readFileSync(path.join(root, 'schema.graphql'), 'utf8'));
    const files = readdirSync(path.join(root, 'client/src'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.graphql'));
    expect(files.length).toBeGreaterThan(5);
    const document = parse(files.map((file) => readFileSync(path.join(root, 'client/src', file), 'utf8')).join('\n'));
    expect(validate(schema, document, graphqlLimitRules)).toEqual([]);
  });
});

describe('GraphQL limits over WebSocket', () => {
  const overSocket = (query: string) => runOverSocket(app.url, client.cookieHeader(), query);

  it('refuse a 40-level nested introspection query', async () => {
    const operation = await overSocket(nestedSchemaIntrospection(40));
    expect(operation.results).toEqual([]);
    const errors = operation.error as { message: string; extensions?: { code?: string } }[];
    expect(errors.map((error) => error.message)).toContain(`Die Anfrage ist zu tief verschachtelt (höchstens ${MAX_DEPTH} Ebenen).`);
    expect(errors.every((error) => error.extensions?.code === 'GRAPHQL_VALIDATION_FAILED')).toBe(true);
  });

  it('refuse a too costly subscription', async () => {
    const aliases = Array.from({ length: 500 }, (_, index) => `a${index}: user { id firstName lastName phone company }`).join(' ');
    const operation = await overSocket(`subscription { sessionChanged { ${aliases} } }`);
    expect(operation.results).toEqual([]);
    expect(operation.error).toEqual([
      { message: `Die Anfrage ist zu aufwendig (höchstens Kosten von ${MAX_COST}).`, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
    ]);
  });

  it('still answer the standard introspection query', async () => {
    const operation = await overSocket(getIntrospectionQuery());
    expect(operation.error).toBeUndefined();
    expect(operation.results).toHaveLength(1);
    expect(operation.results[0].errors).toBeUndefined();
  });
});
