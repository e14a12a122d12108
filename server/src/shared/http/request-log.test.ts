import express from 'express';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { mountPatternOf, NO_ROUTE, requestIdOf, requestLogging, routePatternOf } from './request-log.js';

const mounts = ['/api/:tenantId', '/csv/:tenantId', '/html/:tenantId'];
const tenant = '4f1c2a7e-9b3d-4c5e-8f6a-0b1c2d3e4f5a';

describe('route patterns', () => {
  it('joins the mount pattern the base path matched with the route path', () => {
    expect(routePatternOf({ baseUrl: `/api/${tenant}`, routePath: '/bookings/:id' }, mounts)).toBe('/api/:tenantId/bookings/:id');
    expect(routePatternOf({ baseUrl: `/csv/${tenant}`, routePath: '/bookings' }, mounts)).toBe('/csv/:tenantId/bookings');
  });

  it('keeps fixed mount paths and routes on the app itself', () => {
    expect(routePatternOf({ baseUrl: '/auth', routePath: '/signin' }, mounts)).toBe('/auth/signin');
    expect(routePatternOf({ baseUrl: '', routePath: '/healthz' }, mounts)).toBe('/healthz');
    expect(routePatternOf({ baseUrl: '/api', routePath: '/' }, mounts)).toBe('/api');
  });

  it('prefers a fixed mount over a parameter: /api/tenants is no tenant id', () => {
    expect(mountPatternOf('/api', mounts)).toBe('/api');
    expect(mountPatternOf('/api/tenants', ['/api/tenants', ...mounts])).toBe('/api/tenants');
  });

  it('turns id-like segments of an unknown mount into :id, never keeping a raw id', () => {
    expect(mountPatternOf(`/files/${tenant}/public`, mounts)).toBe('/files/:id/public');
    expect(mountPatternOf('/orders/123456', mounts)).toBe('/orders/:id');
  });

  it('names unmatched requests and routes given as patterns other than text with one placeholder', () => {
    expect(routePatternOf(undefined, mounts)).toBe(NO_ROUTE);
    expect(routePatternOf({ baseUrl: '', routePath: /^\/x/ }, mounts)).toBe(NO_ROUTE);
  });
});

describe('request ids', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("takes over a trusted proxy's well-formed id", () => {
    expect(requestIdOf('abc-123_DEF.4:5', true)).toBe('abc-123_DEF.4:5');
    expect(requestIdOf(['first-id', 'second-id'], true)).toBe('first-id');
  });

  it('generates one for a client that is no trusted proxy, whatever it sends', () => {
    expect(requestIdOf('abc-123', false)).toMatch(uuid);
  });

  it('generates one instead of a missing, too long or unsafe id', () => {
    expect(requestIdOf(undefined, true)).toMatch(uuid);
    expect(requestIdOf('', true)).toMatch(uuid);
    expect(requestIdOf('a'.repeat(65), true)).toMatch(uuid);
    expect(requestIdOf('id with spaces', true)).toMatch(uuid);
    expect(requestIdOf('id\r\nX-Injected: 1', true)).toMatch(uuid);
    expect(requestIdOf('<script>', true)).toMatch(uuid);
  });

  it('generates a new id each time', () => {
    expect(requestIdOf(undefined, false)).not.toBe(requestIdOf(undefined, false));
  });
});

describe('the request line of a failed answer', () => {
  it('is logged at error without the made-up "failed with status code" error, whose stack would name only the logging library', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const app = express();
    app.use(requestLogging(logger, []));
    app.get('/kaputt', (_req, res) => void res.status(502).json({ code: 'payment.provider' }));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/kaputt`);
      expect(answer.status).toBe(502);
      await expect.poll(() => lines.length).toBe(1);
      expect(lines[0]).toMatchObject({ level: 50, method: 'GET', route: '/kaputt', status: 502, msg: 'Anfrage fehlgeschlagen' });
      expect(lines[0]).not.toHaveProperty('err');
    } finally {
      server.close();
    }
  });

  it('of a request whose client went away before the answer is "abgebrochen" at info, whatever status the unsent answer had', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const app = express();
    app.use(requestLogging(logger, []));
    let arrived: () => void = () => undefined;
    const handlerReached = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/langsam', (_req, res) => {
      res.status(500);
      arrived();
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const abort = new AbortController();
      const request = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/langsam`, { signal: abort.signal }).catch((error: unknown) => error);
      await handlerReached;
      abort.abort();
      await request;
      await expect.poll(() => lines.length).toBe(1);
      expect(lines[0]).toMatchObject({ level: 30, method: 'GET', route: '/langsam', msg: 'Anfrage abgebrochen' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
