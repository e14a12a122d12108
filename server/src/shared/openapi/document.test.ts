import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, inputJsonSchema } from './document.js';
import type { ApiDomain } from './operation.js';

const lenient = z.preprocess((value) => (value === undefined ? null : value), z.unknown());

describe('the OpenAPI builder', () => {
  it('marks a field required only when the zod schema refuses to miss it', () => {
    const schema = inputJsonSchema({ schema: z.object({ name: z.string(), comment: lenient }) });
    expect(schema.required).toEqual(['name']);
  });

  it('fills in what zod leaves open, and refuses a description of a field the schema does not have', () => {
    const schema = inputJsonSchema({ schema: z.object({ from: lenient }), fields: { from: { type: 'string', format: 'date-time' } } });
    expect(schema.properties).toEqual({ from: { type: 'string', format: 'date-time' } });
    expect(() => inputJsonSchema({ schema: z.object({ from: lenient }), fields: { to: { type: 'string' } } })).toThrow(/kein Feld "to"/);
  });

  it('refuses two descriptions of one method and path', () => {
    const domain = (source: string): ApiDomain => ({
      tag: { name: source, description: source },
      source,
      operations: [{ method: 'get', path: '/api/{tenantId}/bookings', summary: 'Buchungen', access: 'signedIn', answers: { 200: { description: 'OK' } } }],
    });
    expect(() => buildOpenApiDocument([domain('a.ts'), domain('b.ts')], { version: '1', description: '' })).toThrow(/GET \/api\/\{tenantId\}\/bookings ist doppelt beschrieben \(b\.ts\)/);
  });

  it('adds the problem answers that follow from the operation: the token check, 401 and 403 for signed-in callers, 404 for an id, 400 and 413 for a body, 403 for a cross-site write', () => {
    const document = buildOpenApiDocument(
      [
        {
          tag: { name: 'T', description: 'T' },
          source: 't.ts',
          operations: [
            { method: 'get', path: '/api/{tenantId}/bookings/{id}', summary: 'Eine', access: 'signedIn', answers: { 200: { description: 'OK' } } },
            { method: 'get', path: '/healthz', summary: 'Lebt', access: 'public', answers: { 200: { description: 'OK' } } },
            { method: 'post', path: '/auth/signout', summary: 'Ab', access: 'public', body: { jsonSchema: { type: 'object' } }, answers: { 200: { description: 'OK' } } },
          ],
        },
      ],
      { version: '1', description: '' },
    );
    // Behind the token check: 400 (token with a session cookie), 401 (unknown token), 429 (its rate limit).
    expect(Object.keys(document.paths['/api/{tenantId}/bookings/{id}'].get.responses as object)).toEqual(['200', '400', '401', '403', '404', '429', '503']);
    expect(Object.keys(document.paths['/auth/signout'].post.responses as object)).toEqual(['200', '400', '401', '403', '413', '429', '503']);
    expect(document.paths['/api/{tenantId}/bookings/{id}'].get.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(Object.keys(document.paths['/healthz'].get.responses as object)).toEqual(['200', '503']);
    expect(document.paths['/healthz'].get.security).toEqual([]);
  });

  it('shows one webhook per type the code sends, and refuses a type without its description or a description of no type', () => {
    const data = { type: 'object' };
    const domain = (webhooks: ApiDomain['webhooks']): ApiDomain => ({ tag: { name: 'T', description: 'T' }, source: 't.ts', operations: [], webhooks });
    const delivery = { types: ['a.created', 'a.deleted'], headers: [{ name: 'webhook-id', in: 'header' as const, description: 'Kennung', schema: { type: 'string' } }], descriptions: {} };
    const document = buildOpenApiDocument([domain({ 'a.created': { summary: 'A', data }, 'a.deleted': { summary: 'B', data } })], { version: '1', description: '', webhooks: delivery });
    const webhooks = document.webhooks as Record<string, { post: { operationId: string; parameters: { name: string; required: boolean }[] } }>;
    expect(Object.keys(webhooks)).toEqual(['a.created', 'a.deleted']);
    expect(webhooks['a.created'].post.operationId).toBe('webhookACreated');
    expect(webhooks['a.created'].post.parameters).toEqual([expect.objectContaining({ name: 'webhook-id', required: true })]);
    expect(() => buildOpenApiDocument([domain({ 'a.created': { summary: 'A', data } })], { version: '1', description: '', webhooks: delivery })).toThrow(/a\.deleted wird gesendet, ist aber nicht beschrieben/);
    expect(() =>
      buildOpenApiDocument([domain({ 'a.created': { summary: 'A', data }, 'a.deleted': { summary: 'B', data }, 'a.paid': { summary: 'C', data } })], { version: '1', description: '', webhooks: delivery }),
    ).toThrow(/a\.paid \(t\.ts\) ist beschrieben, wird aber nie gesendet/);
  });
});
