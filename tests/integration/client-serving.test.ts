import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The built client as the server serves it: every client route gets index.html (history mode),
 * and the page tells the client whether it runs in production (the test-system bar goes there).
 */
const clientDist = mkdtempSync(path.join(os.tmpdir(), 'bp-client-dist-'));
writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><html><head><meta name="test-system" content="true" /></head><body></body></html>');
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  rmSync(clientDist, { recursive: true, force: true });
});

async function start(nodeEnv: string): Promise<TestApp> {
  const app = await startTestApp({ NODE_ENV: nodeEnv, CLIENT_DIST: clientDist });
  apps.push(app);
  return app;
}

describe('serving the client', () => {
  it('outside production every client route answers the page marked as a test system', async () => {
    const app = await start('test');
    for (const route of ['/login', '/admin/raeume/edit?id=x', '/password/reset']) {
      const response = await app.client().get(route);
      expect(response.status, route).toBe(200);
      expect(response.contentType).toContain('text/html');
      expect(response.text).toContain('<meta name="test-system" content="true" />');
    }
  });

  it('in production the page says it is none, so the test-system bar is hidden', async () => {
    const app = await start('production');
    const response = await app.client().get('/admin/dashboard');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<meta name="test-system" content="false" />');
    expect(response.text).not.toContain('content="true"');
  });
});
