import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../server/src/shared/errors.js';
import { startHaproxy, type HaproxyProcess } from '../../support/haproxy.js';
import { freePort } from '../../support/postgres.js';

/**
 * When no replica is available (all stopped, or none ready during a database outage), HAProxy
 * answers itself. It used to send its HTML page "No server is available" without Retry-After; now
 * it answers 503 like a replica does during an outage: problem+json `service.unavailable` with
 * Retry-After, through the very configuration deployed (deploy/haproxy/haproxy.cfg).
 */
let balancer: HaproxyProcess;

beforeAll(async () => {
  // Two replica addresses where nothing listens: both health checks fail.
  const replicas = [`127.0.0.1:${await freePort()}`, `127.0.0.1:${await freePort()}`];
  balancer = await startHaproxy({ port: await freePort(), replicas, startedWhenAll: 'DOWN' });
}, 60_000);
afterAll(async () => balancer?.stop());

describe('the balancer without any replica', () => {
  it.each([
    ['GET', '/api/tenants'],
    ['POST', '/graphql'],
    ['GET', '/'],
  ])('%s %s answers problem+json 503 service.unavailable with Retry-After', async (method, path) => {
    const response = await fetch(`${balancer.url}${path}`, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      body: method === 'POST' ? JSON.stringify({ query: '{ __typename }' }) : undefined,
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await response.json()) as Record<string, unknown>;
    const { title, detail } = errorCatalogue['service.unavailable'];
    expect(body).toEqual({ type: 'about:blank', title, status: 503, detail, code: 'service.unavailable' });
  });
});
