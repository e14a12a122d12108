import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../server/src/shared/http/static-assets.js';
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

/** A built script of some size, as the build writes it under assets/ with a hash in its name. */
const script = `export const labels = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `Buchungsobjekt Nummer ${index}`))};\n`;
mkdirSync(path.join(clientDist, 'assets'));
writeFileSync(path.join(clientDist, 'assets', 'main-Ab12Cd34.js'), script);
writeFileSync(path.join(clientDist, 'assets', 'tiny-Ef56Gh78.js'), 'export {};\n');
writeFileSync(path.join(clientDist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g></g>'.repeat(300)}</svg>`);
await precompressFolder(clientDist);

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as browsers send it, with the body as it travels (fetch would decode it). */
function rawGet(app: TestApp, pathname: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(pathname, app.url), { headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

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

describe('compressed static files', () => {
  const assetPath = '/assets/main-Ab12Cd34.js';
  let shared: Promise<TestApp> | undefined;
  const productionApp = () => (shared ??= start('production'));

  it('the build step writes a brotli and a gzip copy beside each compressible file, but none for tiny ones', () => {
    expect(existsSync(path.join(clientDist, 'assets', 'main-Ab12Cd34.js.br'))).toBe(true);
    expect(existsSync(path.join(clientDist, 'assets', 'main-Ab12Cd34.js.gz'))).toBe(true);
    expect(existsSync(path.join(clientDist, 'assets', 'tiny-Ef56Gh78.js.br'))).toBe(false);
    expect(readFileSync(path.join(clientDist, 'assets', 'main-Ab12Cd34.js.br')).length).toBeLessThan(script.length / 4);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
    ['br;q=0, gzip', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
    ['gzip;q=0.5, br;q=0.8', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
  ])('Accept-Encoding "%s" gets the %s copy with the script type and the year-long cache of hashed files', async (acceptEncoding, encoding, decode) => {
    const app = await productionApp();
    const response = await rawGet(app, assetPath, { 'accept-encoding': acceptEncoding });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(script.length / 4);
    expect(decode(response.body).toString('utf8')).toBe(script);
  });

  it.each([[undefined], ['identity'], ['br;q=0, gzip;q=0'], ['deflate']])('Accept-Encoding %s gets the file as it is, still marked as varying', async (acceptEncoding) => {
    const app = await productionApp();
    const response = await rawGet(app, assetPath, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.body.toString('utf8')).toBe(script);
  });

  it('files outside assets/ are cached for an hour only; a file without copies is sent plainly', async () => {
    const app = await productionApp();
    const favicon = await rawGet(app, '/favicon.svg', { 'accept-encoding': 'br' });
    expect(favicon.headers['content-encoding']).toBe('br');
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    const tiny = await rawGet(app, '/assets/tiny-Ef56Gh78.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString('utf8')).toBe('export {};\n');
  });

  it('a revalidation with the ETag of the compressed copy answers 304', async () => {
    const app = await productionApp();
    const first = await rawGet(app, assetPath, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).not.toBe(String((await rawGet(app, assetPath)).headers.etag));
    expect((await rawGet(app, assetPath, { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304);
  });

  it('a path leaving the folder finds no file', async () => {
    const app = await productionApp();
    const outside = await rawGet(app, '/assets/%2e%2e/%2e%2e/package.json', { 'accept-encoding': 'br' });
    expect(outside.headers['content-type']).toContain('text/html');
    expect(outside.body.toString('utf8')).not.toContain('"dependencies"');
  });
});
