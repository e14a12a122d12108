import { Validator } from '@seriousme/openapi-schema-validator';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFields } from '../../common/validation/schema.js';
import { apiDocument, apiDomains } from '../../server/src/api-document.js';
import type { OpenApiDocument } from '../../server/src/shared/openapi/document.js';
import type { ApiOperation, JsonSchema } from '../../server/src/shared/openapi/operation.js';
import { MAX_ITEMS } from '../../common/bookings/checkout.schema.js';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../server/src/bookings/checkout/checkout-idempotency.js';
import { WEBHOOK_TEST_EVENT, webhookEventTypes } from '../../common/webhooks/webhook.js';
import { WEBHOOK_HEADERS } from '../../server/src/webhooks/webhook-signature.js';
import { registeredRoutes, type RegisteredRoute } from '../support/express-routes.js';
import { createActors } from '../support/permission-matrix.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { testInstant } from '../support/test-calendar.js';

/**
 * The OpenAPI document (docs/api.md, "API reference"): it names exactly the paths the server
 * registers, is valid OpenAPI 3.1, and its examples pass the very schemas the routes parse with.
 */
let app: TestApp;
let served: OpenApiDocument;

/** Paths the server answers that are deliberately no part of the REST reference, with the reason. */
const OUT_OF_SCOPE: Record<string, string> = {
  'get /': 'the client page while the client is not built',
  'get /metrics': 'metrics for Prometheus (operations, not an API for integrators)',
  'get /payment/test/{transactionId}': "the built-in test provider's payment page (development and demo only)",
  'post /payment/test/{transactionId}': "the built-in test provider's payment page (development and demo only)",
};

const documented = (document: OpenApiDocument) => Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => ({ method, path })));
const key = (route: RegisteredRoute) => `${route.method} ${route.path}`;
/** HEAD is answered by every GET route; Express lists it only where a route asks for it. */
const withoutHead = (routes: RegisteredRoute[]) => routes.filter((route) => route.method !== 'head');

/** The documented file whose paths share the longest prefix with a missing one: where to add it. */
function whereToAdd(route: RegisteredRoute): string {
  let best = { source: 'the domain that registers it (server/src/<domain>/<domain>.openapi.ts, listed in server/src/api-document.ts)', length: 0 };
  for (const domain of apiDomains) {
    for (const operation of domain.operations) {
      let length = 0;
      while (length < operation.path.length && operation.path[length] === route.path[length]) length++;
      if (length > best.length) best = { source: `${domain.source} (beside ${operation.method.toUpperCase()} ${operation.path})`, length };
    }
  }
  return best.source;
}

beforeAll(async () => {
  app = await startTestApp();
  served = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as OpenApiDocument;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('the OpenAPI document', () => {
  it('describes every method and path the server registers, and no other', () => {
    const registered = withoutHead(registeredRoutes(app.app.server)).filter((route) => !(key(route) in OUT_OF_SCOPE));
    const inDocument = new Set(documented(served).map(key));
    const missing = registered.filter((route) => !inDocument.has(key(route)));
    expect(
      missing.map((route) => `${route.method.toUpperCase()} ${route.path} is registered by the server but missing from /api/openapi.json: add one entry to the operations in ${whereToAdd(route)}`),
    ).toEqual([]);
    const registeredKeys = new Set(registered.map(key));
    const unknown = documented(served).filter((route) => !registeredKeys.has(key(route)));
    expect(unknown.map((route) => `${route.method.toUpperCase()} ${route.path} is in /api/openapi.json but the server registers no such route: remove or correct its entry`)).toEqual([]);
  });

  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(served));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(served.openapi).toBe('3.1.0');
  });

  it('lists every webhook type the code sends, each signed with the Standard Webhooks headers', () => {
    const webhooks = served.webhooks as Record<string, { post: { parameters: { name: string; in: string; required: boolean }[] } }>;
    expect(Object.keys(webhooks)).toEqual([...webhookEventTypes, WEBHOOK_TEST_EVENT]);
    for (const [type, item] of Object.entries(webhooks)) {
      expect(item.post.parameters.map((parameter) => [parameter.name, parameter.in, parameter.required]), type).toEqual(Object.values(WEBHOOK_HEADERS).map((name) => [name, 'header', true]));
    }
  });

  it('offers the API token (bearer) and the session cookie, and one problem+json schema for every error', () => {
    const schemes = served.components.securitySchemes as Record<string, Record<string, string>>;
    expect(schemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'bpt_…' });
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'connect.sid' });
    const problemRefs = JSON.stringify(served.paths).match(/#\/components\/responses\/Problem\d+/g) ?? [];
    expect(problemRefs.length).toBeGreaterThan(100);
    for (const response of Object.values(served.components.responses as Record<string, { content: Record<string, { schema: unknown }> }>)) {
      expect(response.content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
    }
  });

  it('describes every parameter: a query field the zod schema leaves open needs its entry in `fields`', () => {
    const undescribed = Object.entries(served.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        ((operation.parameters ?? []) as { name: string; in: string; description?: string; schema: JsonSchema }[])
          .filter((parameter) => !parameter.description || Object.keys(parameter.schema).length === 0)
          .map((parameter) => `${method.toUpperCase()} ${path}: ${parameter.in} parameter "${parameter.name}" has no description or an open schema; describe it in the operation's query.fields`),
      ),
    );
    expect(undescribed).toEqual([]);
  });

  it('equals the document the composition root builds (the served one is not a stale copy)', () => {
    expect(served).toEqual(JSON.parse(JSON.stringify(apiDocument())));
  });
});

describe('the examples', () => {
  const operations: ApiOperation[] = apiDomains.flatMap((domain) => domain.operations);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  /** A schema of the document, its `$ref`s resolved against the document's components. */
  const validatorOf = (schema: JsonSchema) => ajv.compile({ ...schema, components: served.components });
  const describeErrors = (validate: ReturnType<typeof validatorOf>) => JSON.stringify(validate.errors);

  it('pass the zod schema the route parses the body with, and the schema the document shows', () => {
    let checked = 0;
    for (const operation of operations) {
      for (const [name, example] of Object.entries(operation.body?.examples ?? {})) {
        const label = `${operation.method.toUpperCase()} ${operation.path}, example "${name}"`;
        if (operation.body?.input) {
          const parsed = parseFields(operation.body.input.schema, example.value);
          expect(parsed.ok ? [] : parsed.fieldErrors, label).toEqual([]);
        }
        const content = (served.paths[operation.path][operation.method].requestBody as { content: Record<string, { schema: JsonSchema }> }).content;
        const validate = validatorOf(Object.values(content)[0].schema);
        expect(validate(example.value), `${label}: ${describeErrors(validate)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('of query parameters pass the zod schema the route parses the query with', () => {
    let checked = 0;
    for (const operation of operations.filter((candidate) => candidate.query?.example)) {
      const parsed = parseFields(operation.query!.schema, operation.query!.example);
      expect(parsed.ok ? [] : parsed.fieldErrors, `${operation.method.toUpperCase()} ${operation.path}`).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('of answers pass the answer schemas, and every problem example the Problem schema', () => {
    let checked = 0;
    for (const [path, item] of Object.entries(served.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, answer] of Object.entries(operation.responses as Record<string, { content?: Record<string, { schema: JsonSchema; example?: unknown }> }>)) {
          for (const media of Object.values(answer.content ?? {})) {
            if (media.example === undefined) continue;
            const validate = validatorOf(media.schema);
            expect(validate(media.example), `${method.toUpperCase()} ${path} ${status}: ${describeErrors(validate)}`).toBe(true);
            checked++;
          }
        }
      }
    }
    for (const [name, answer] of Object.entries(served.components.responses as Record<string, { content: Record<string, { schema: JsonSchema; example: unknown }> }>)) {
      const media = answer.content['application/problem+json'];
      const validate = validatorOf(media.schema);
      expect(validate(media.example), `${name}: ${describeErrors(validate)}`).toBe(true);
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it('fail the schema when they drift: a checkout example without objects is refused', () => {
    const checkout = operations.find((operation) => operation.method === 'post' && operation.path === '/api/{tenantId}/checkout')!;
    const example = checkout.body!.examples!.saal.value as Record<string, unknown>;
    expect(parseFields(checkout.body!.input!.schema, { ...example, bookableItems: [] }).ok).toBe(false);
    expect(parseFields(checkout.body!.input!.schema, example).ok).toBe(true);
  });
});

describe('serving the reference', () => {
  it('GET /api/openapi.json answers 200 without a session, cacheable with an ETag, and 304 for a matching If-None-Match', async () => {
    const answer = await fetch(`${app.url}/api/openapi.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(answer.headers.get('set-cookie')).toBeNull();
    const etag = answer.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${app.url}/api/openapi.json`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });

  it('GET /api/docs answers the page without a session, and the page and its own script load nothing from another origin', async () => {
    const page = await fetch(`${app.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('set-cookie')).toBeNull();
    // The app's Content-Security-Policy, not a weakened one: scripts from this origin only.
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(references.length).toBeGreaterThanOrEqual(4);
    for (const reference of references) {
      expect(reference, reference).toMatch(/^\/api\/docs\/assets\//);
      const asset = await fetch(`${app.url}${reference}`);
      expect(asset.status, reference).toBe(200);
      if (reference.endsWith('init.js')) {
        const script = await asset.text();
        expect(script).not.toMatch(/https?:\/\//);
        expect(script).toContain("url: '/api/openapi.json'");
        // Swagger UI would otherwise send the document to validator.swagger.io.
        expect(script).toContain('validatorUrl: null');
      } else {
        await asset.arrayBuffer();
      }
    }
  });

  it('serves only the page files, nothing else of the Swagger UI package', async () => {
    expect((await fetch(`${app.url}/api/docs/assets/index.html`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/docs/assets/..%2Fpackage.json`)).status).toBe(404);
  });
});

describe('the answers match the document', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  /** The schema the document shows for this operation's answer with this status. */
  const answerValidator = (method: string, path: string, status: number) => {
    type Response = { $ref?: string; content?: Record<string, { schema: JsonSchema }> };
    const responses = served.paths[path][method].responses as Record<string, Response>;
    const shared = served.components.responses as Record<string, Response>;
    const answer = responses[String(status)];
    const resolved = answer?.$ref ? shared[answer.$ref.replace('#/components/responses/', '')] : answer;
    const schema = Object.values(resolved?.content ?? {})[0]?.schema;
    expect(schema, `${method.toUpperCase()} ${path} documents no ${status}`).toBeDefined();
    return ajv.compile({ ...schema, components: served.components });
  };

  it('takes its limits from the code: checkout objects, the Idempotency-Key, its 422 and a server to send to', () => {
    const checkout = served.paths['/api/{tenantId}/checkout'].post as {
      parameters: { name: string; schema: JsonSchema }[];
      requestBody: { content: Record<string, { schema: { properties: { bookableItems: JsonSchema } } }> };
      responses: Record<string, unknown>;
    };
    expect(checkout.requestBody.content['application/json'].schema.properties.bookableItems.maxItems).toBe(MAX_ITEMS);
    expect(checkout.parameters.find((parameter) => parameter.name === 'Idempotency-Key')?.schema.maxLength).toBe(IDEMPOTENCY_KEY_MAX_LENGTH);
    expect(checkout.responses['422']).toEqual({ $ref: '#/components/responses/Problem422' });
    expect(served.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('a stored and a simulated checkout, a reused Idempotency-Key, a booking read, its status answers and the availability answer what their schemas say', async () => {
    const actors = await createActors(app, 'manageBookings', 'bookings', 'openapi-antworten');
    const tenantId = actors.tenant.id;
    const room = await bookableRoom(app, tenantId);
    const guest = actors.clients.anonymous;
    const body = { ...slot(10, '2027-03-03'), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer };

    const simulated = await guest.post(`/api/${tenantId}/checkout?simulate=true`, body);
    expect(simulated.status, simulated.text).toBe(200);
    expect(simulated.json).toMatchObject({ id: null, updatedAt: null });
    const checkoutAnswer = answerValidator('post', '/api/{tenantId}/checkout', 200);
    expect(checkoutAnswer(simulated.json), JSON.stringify(checkoutAnswer.errors)).toBe(true);

    const stored = await guest.post(`/api/${tenantId}/checkout`, body, { headers: { 'idempotency-key': 'openapi-antwort-1' } });
    expect(stored.status, stored.text).toBe(200);
    expect(checkoutAnswer(stored.json), JSON.stringify(checkoutAnswer.errors)).toBe(true);

    const reused = await guest.post(`/api/${tenantId}/checkout`, { ...body, ...slot(12, '2027-03-03') }, { headers: { 'idempotency-key': 'openapi-antwort-1' } });
    expect(reused.status, reused.text).toBe(422);
    const problem = answerValidator('post', '/api/{tenantId}/checkout', 422);
    expect(problem(reused.json), JSON.stringify(problem.errors)).toBe(true);

    const read = await actors.clients.tenantOwner.get(`/api/${tenantId}/bookings/${stored.json.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({ updatedAt: expect.stringMatching(/Z$/), paymentWay: { label: expect.any(String) } });
    const booking = answerValidator('get', '/api/{tenantId}/bookings/{id}', 200);
    expect(booking(read.json), JSON.stringify(booking.errors)).toBe(true);
    const list = await actors.clients.tenantOwner.get(`/api/${tenantId}/bookings?limit=10`);
    const page = answerValidator('get', '/api/{tenantId}/bookings', 200);
    expect(page(list.json), JSON.stringify(page.errors)).toBe(true);
    const byToken = await guest.get(`/api/${tenantId}/bookings/status`, { headers: { 'x-status-token': stored.json.statusToken } });
    expect(byToken.status, byToken.text).toBe(200);
    const publicStatus = answerValidator('get', '/api/{tenantId}/bookings/status', 200);
    expect(publicStatus(byToken.json), JSON.stringify(publicStatus.errors)).toBe(true);
    const returnPage = await guest.get(`/api/${tenantId}/bookings/${stored.json.id}/status`);
    const returnStatus = answerValidator('get', '/api/{tenantId}/bookings/{id}/status', 200);
    expect(returnStatus(returnPage.json), JSON.stringify(returnStatus.errors)).toBe(true);
    const free = await guest.get(`/api/${tenantId}/bookables/${room.id}/availability?startDate=${testInstant('2027-03-03T08:00:00Z')}&endDate=${testInstant('2027-03-03T12:00:00Z')}`);
    expect(free.status, free.text).toBe(200);
    const availability = answerValidator('get', '/api/{tenantId}/bookables/{id}/availability', 200);
    expect(availability(free.json), JSON.stringify(availability.errors)).toBe(true);
    expect((free.json as { available: boolean }[]).some((part) => !part.available)).toBe(true);

    const occupied = await guest.get(`/api/${tenantId}/bookings?public=true&from=${testInstant('2027-03-01T00:00:00Z')}&to=${testInstant('2027-03-31T00:00:00Z')}`);
    expect(occupied.json).toEqual([{ id: stored.json.id, tenantId, timeBegin: expect.any(Number), timeEnd: expect.any(Number) }]);
    expect(page(occupied.json), JSON.stringify(page.errors)).toBe(true);
  });
});

// Last: the lint takes seconds, and a request after such a pause could meet a kept-alive connection
// the server is just closing.
describe('Redocly', () => {
  it("passes Redocly's recommended rules: no error, and only the warnings named here for their reason", async () => {
    /** Warnings that describe the contract as it is, by rule and where. */
    const ACCEPTED: Record<string, { where: string[]; why: string }> = {
      'info-license': { where: ['#/info'], why: 'the repository names no licence yet' },
      'no-ambiguous-paths': {
        where: ['#/paths/~1api~1tenants~1{id}', '#/paths/~1api~1users~1{id}', '#/paths/~1api~1{tenantId}~1bookables~1public~1{id}'],
        why: 'the original paths are kept; a fixed segment (count, me, public) wins over the parameter',
      },
      'operation-2xx-response': {
        where: [
          '#/paths/~1api~1{tenantId}~1bookings~1{id}~1hooks~1{hookId}~1release/get/responses',
          '#/paths/~1api~1{tenantId}~1payments~1response/get/responses',
          '#/paths/~1api~1{tenantId}~1payments~1response/post/responses',
          '#/paths/~1auth~1reset~1{token}/get/responses',
          '#/paths/~1auth~1verify~1{token}/get/responses',
        ],
        why: 'links from mails and the payment provider answer a redirect (303) to a page, never content',
      },
      'operation-4xx-response': {
        where: ['#/paths/~1api~1docs/get/responses', '#/paths/~1api~1openapi.json/get/responses', '#/paths/~1healthz/get/responses', '#/paths/~1readyz/get/responses'],
        why: 'the reference and the probes take no input and no credentials: nothing a client sends can be refused',
      },
    };
    const folder = mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(folder, 'openapi.json');
      writeFileSync(file, JSON.stringify(served));
      const redocly = path.resolve('node_modules/.bin/redocly');
      const run = await promisify(execFile)(redocly, ['lint', file, '--format=json'], { cwd: folder, maxBuffer: 20_000_000 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(run.stdout) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
      const unexpected = report.problems
        .filter((problem) => problem.severity === 'error' || !ACCEPTED[problem.ruleId]?.where.includes(problem.location[0]?.pointer))
        .map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(unexpected).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
