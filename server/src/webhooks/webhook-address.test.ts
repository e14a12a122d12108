import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkedLookup, isPublicAddress, urlRefusal } from './webhook-address.js';
import { sendWebhook } from './webhook-sender.js';
import { webhookSignature } from './webhook-signature.js';

const production = { allowPrivate: false };
const development = { allowPrivate: true };

describe('the address classifier', () => {
  it('refuses loopback, private, link-local, CGNAT, unspecified, metadata and mapped addresses', () => {
    for (const address of [
      '127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:7f00:1',
      '[::1]', 'fd00:ec2::254', '64:ff9b::a00:1', 'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('allows public addresses, also right next to the private ranges', () => {
    for (const address of ['8.8.8.8', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '11.0.0.1', '192.169.0.1', '2a00:1450:4001::200e', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('urls at registration', () => {
  it('in production: https only, no private IP literal, no local names', () => {
    expect(urlRefusal('http://hooks.example.com/x', production)).toBe('https');
    expect(urlRefusal('https://10.0.0.5/x', production)).toBe('private-address');
    expect(urlRefusal('https://[::1]:8443/x', production)).toBe('private-address');
    expect(urlRefusal('https://localhost/x', production)).toBe('private-address');
    expect(urlRefusal('https://hooks.example.com/x', production)).toBeNull();
    expect(urlRefusal('ftp://hooks.example.com/x', production)).toBe('invalid');
  });

  it('in development: http and loopback receivers', () => {
    expect(urlRefusal('http://127.0.0.1:9999/x', development)).toBeNull();
  });
});

describe('resolution at delivery', () => {
  const resolveTo =
    (...addresses: string[]) =>
    (_hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: { address: string; family: number }[]) => void) =>
      callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

  const lookupOf = (lookup: ReturnType<typeof checkedLookup>) =>
    new Promise<{ error: Error | null; address: string }>((resolve) => lookup('hooks.example.com', {}, (error, address) => resolve({ error, address: String(address) })));

  it('refuses a name when any of its addresses is private, and hands on the checked one', async () => {
    expect((await lookupOf(checkedLookup(production, resolveTo('127.0.0.1')))).error?.message).toMatch(/127\.0\.0\.1/);
    expect((await lookupOf(checkedLookup(production, resolveTo('93.184.216.34', '10.0.0.1')))).error).toBeTruthy();
    expect(await lookupOf(checkedLookup(production, resolveTo('93.184.216.34')))).toEqual({ error: null, address: '93.184.216.34' });
    expect((await lookupOf(checkedLookup(development, resolveTo('127.0.0.1')))).address).toBe('127.0.0.1');
  });

  it('does not connect to a name resolving to 127.0.0.1 in production, nor to a private IP literal', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const byName = await sendWebhook(`https://localhost:${port}/hook`, {}, '{}', production);
      expect(byName).toMatchObject({ ok: false, statusCode: null });
      expect(byName.error).toMatch(/nicht erlaubt/);
      const literal = await sendWebhook(`https://127.0.0.1:${port}/hook`, {}, '{}', production);
      expect(literal.error).toMatch(/nicht erlaubt/);
      expect((await sendWebhook(`http://127.0.0.1:${port}/hook`, {}, '{}', development)).ok).toBe(true);
      expect(requests).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const result = await sendWebhook(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {}, '{}', development, 200);
      expect(result).toMatchObject({ ok: false, statusCode: null });
      expect(result.error).toMatch(/Keine Antwort/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('signatures', () => {
  it('match the Standard Webhooks example', () => {
    // The example of the Standard Webhooks specification.
    expect(webhookSignature('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});
