import express, { type NextFunction, type Request, type Response } from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { chooseEncoding, serveClientAssets, wantsClientPage } from './static-assets.js';

describe('chooseEncoding', () => {
  it.each<[string | undefined, ReturnType<typeof chooseEncoding>]>([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['BR;Q=1', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.9, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0.2, br;q=0', 'gzip'],
    ['identity', null],
    ['deflate, zstd', null],
    ['br;q=0, gzip;q=0', null],
    ['br;q=abc', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('offers only the copies that exist', () => {
    expect(chooseEncoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
  });
});

describe('serveClientAssets', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bp-assets-'));
  mkdirSync(path.join(folder, 'assets'));
  writeFileSync(path.join(folder, 'assets', 'main-Ab12Cd34.js'), 'export {};\n');
  writeFileSync(path.join(folder, 'assets', 'main-Ab12Cd34.js.br'), 'compressed');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The middleware on a request for the compressed script, whose sendFile ends with `failure`. */
  function serveFailing(failure: Error): NextFunction {
    const req = { method: 'GET', path: '/assets/main-Ab12Cd34.js', get: () => 'br' } as unknown as Request;
    const res = {
      headersSent: false,
      type: () => res,
      setHeader: () => res,
      sendFile: (_file: string, _options: unknown, done: (error?: Error) => void) => done(failure),
    } as unknown as Response;
    const next = vi.fn();
    serveClientAssets(folder)(req, res, next);
    return next;
  }

  it('takes a request the browser aborted before the file went out as finished, not as an error', () => {
    expect(serveFailing(Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' }))).not.toHaveBeenCalled();
  });

  it('hands any other failure of sending the copy on', () => {
    const failure = Object.assign(new Error('EACCES, open'), { code: 'EACCES' });
    expect(serveFailing(failure)).toHaveBeenCalledWith(failure);
    });
});

describe('wantsClientPage', () => {
  /** A request as express sees it: its prototype gives accepts(), path comes from the URL. */
  const request = (method: string, url: string, accept?: string): Request =>
    Object.assign(Object.create(express.request) as Request, { method, url, headers: accept === undefined ? {} : { accept } });

  it.each([
    ['a browser navigating', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'],
    ['a client without a preference', '*/*'],
    ['a request without Accept', undefined],
  ])('%s gets the page for a screen path', (_who, accept) => {
    expect(wantsClientPage(request('GET', '/admin/raeume/edit?id=x', accept))).toBe(true);
  });

  it.each([
    ['JSON', 'application/json'],
    ['JSON before anything else (axios)', 'application/json, text/plain, */*'],
    ['a problem document', 'application/problem+json'],
    ['an image', 'image/png'],
  ])('a request asking for %s does not', (_what, accept) => {
    expect(wantsClientPage(request('GET', '/json/bookables', accept))).toBe(false);
  });

  it('nor does a missing built file, or any method but GET and HEAD', () => {
    expect(wantsClientPage(request('GET', '/assets/main-Gone1234.js', '*/*'))).toBe(false);
    expect(wantsClientPage(request('HEAD', '/login', 'text/html'))).toBe(true);
    expect(wantsClientPage(request('POST', '/login', 'text/html'))).toBe(false);
  });
});
