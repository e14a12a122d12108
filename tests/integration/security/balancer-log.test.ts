import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHaproxy, type HaproxyProcess } from '../../support/haproxy.js';
import { freePort } from '../../support/postgres.js';

/**
 * The shipped HAProxy configuration (deploy/haproxy/haproxy.cfg) logged every request line as it
 * came, so its log held the tokens of calendar feeds (/ical/<token>.ics) and of the mails' links
 * (/auth/reset/<token>, /auth/verify/<token>, /password/new?token=…). Now the balancer logs each
 * request with those path segments masked and without the query string. The replica here is a
 * plain HTTP server answering 200: only the balancer's log is under test.
 */
let replica: Server;
let balancer: HaproxyProcess;

beforeAll(async () => {
  replica = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  await new Promise<void>((resolve) => replica.listen(0, '127.0.0.1', resolve));
  const { port } = replica.address() as AddressInfo;
  balancer = await startHaproxy({ port: await freePort(), replicas: [`127.0.0.1:${port}`] });
}, 60_000);
afterAll(async () => {
  await balancer?.stop();
  await new Promise<void>((resolve) => (replica ? replica.close(() => resolve()) : resolve()));
});

const token = () => randomBytes(24).toString('base64url');

describe('the balancer log', () => {
  it('logs every request, but no token of a path or query string', async () => {
    const tokens = { ical: token(), icalUpper: token(), reset: token(), verify: token(), query: token() };
    const requests: { path: string; logged: string }[] = [
      { path: `/ical/${tokens.ical}.ics`, logged: '"GET /ical/***.ics HTTP/1.1"' },
      { path: `/ICAL/${tokens.icalUpper}.ics`, logged: '"GET /ical/***.ics HTTP/1.1"' },
      { path: `/auth/reset/${tokens.reset}`, logged: '"GET /auth/reset/*** HTTP/1.1"' },
      { path: `/auth/verify/${tokens.verify}`, logged: '"GET /auth/verify/*** HTTP/1.1"' },
      { path: `/password/new?token=${tokens.query}`, logged: '"GET /password/new HTTP/1.1"' },
      { path: '/api/instance', logged: '"GET /api/instance HTTP/1.1"' },
    ];
    for (const request of requests) expect((await fetch(`${balancer.url}${request.path}`)).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (balancer.output().split('\n').filter((line) => line.includes('"GET ')).length < requests.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const log = balancer.output();
    for (const request of requests) expect(log, request.path).toContain(request.logged);
    for (const [name, value] of Object.entries(tokens)) expect(log, name).not.toContain(value);
  });
});
