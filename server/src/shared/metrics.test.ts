import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bearerMatches, createMetricsRegistry, metricsRoutes, recordCheckoutOutcome, timeLockWait } from './metrics.js';

const sources = {
  pools: { app: () => ({ total: 3, idle: 2, waiting: 0 }) },
  queue: async () => ({ pending: 4, givenUp: 1, oldestWaitingSeconds: 12.5 }),
  webSockets: () => 2,
  subscriptions: () => 5,
};

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

async function serve(access: { production: boolean; token: string | undefined }): Promise<string> {
  const app = express();
  app.use(metricsRoutes(createMetricsRegistry(sources), access));
  app.use((_req, res) => void res.status(404).send('nicht gefunden'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
}

describe('the metrics registry', () => {
  it('can be created for several apps in one process', () => {
    expect(() => [createMetricsRegistry(sources), createMetricsRegistry(sources)]).not.toThrow();
  });

  it('collects pools, queue, sockets and subscriptions on a scrape, and the process counters', async () => {
    recordCheckoutOutcome('booking.busy');
    await timeLockWait(async () => undefined);
    await expect(timeLockWait(async () => Promise.reject(new Error('lock timeout')))).rejects.toThrow('lock timeout');
    const text = await createMetricsRegistry(sources).metrics();
    expect(text).toContain('db_pool_connections{pool="app",state="total"} 3');
    expect(text).toContain('db_pool_connections{pool="app",state="idle"} 2');
    expect(text).toContain('job_queue_pending 4');
    expect(text).toContain('job_queue_given_up 1');
    expect(text).toContain('job_queue_oldest_waiting_seconds 12.5');
    expect(text).toContain('graphql_ws_connections 2');
    expect(text).toContain('graphql_subscriptions_active 5');
    expect(text).toMatch(/checkout_outcomes_total\{outcome="booking\.busy"\} [1-9]/);
    expect(text).toMatch(/booking_lock_wait_seconds_count\{outcome="acquired"\} [1-9]/);
    expect(text).toMatch(/booking_lock_wait_seconds_count\{outcome="busy"\} [1-9]/);
  });
});

describe('bearer tokens', () => {
  it('match only the exact token after "Bearer "', () => {
    expect(bearerMatches('Bearer geheimes-token-123456', 'geheimes-token-123456')).toBe(true);
    expect(bearerMatches('bearer geheimes-token-123456', 'geheimes-token-123456')).toBe(true);
    expect(bearerMatches('Bearer geheimes-token-12345', 'geheimes-token-123456')).toBe(false);
    expect(bearerMatches('geheimes-token-123456', 'geheimes-token-123456')).toBe(false);
    expect(bearerMatches(undefined, 'geheimes-token-123456')).toBe(false);
  });
});

describe('GET /metrics', () => {
  it('is open outside production without a token', async () => {
    const answer = await fetch(await serve({ production: false, token: undefined }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('does not exist in production without a token', async () => {
    expect((await fetch(await serve({ production: true, token: undefined }))).status).toBe(404);
  });

  it('asks for the bearer token when one is configured', async () => {
    const url = await serve({ production: true, token: 'geheimes-token-123456' });
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: 'Bearer falsch' } })).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: 'Bearer geheimes-token-123456' } })).status).toBe(200);
  });
});
