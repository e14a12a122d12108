import express, { type Request } from 'express';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, wantsClientPage } from './static-assets.js';

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
