import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';

/** GraphQL over WebSocket: the session cookie authenticates, the Origin is checked at the upgrade. */
let app: TestApp;
let client: HttpClient;
const sven = { id: 'sven@example.com', password: 'sven-passwort-1', firstName: 'Sven' };
const SESSION_CHANGED = 'subscription { sessionChanged { user { id firstName } permissions { instanceOwner } } }';
type SessionChanged = { sessionChanged: { user: { id: string; firstName: string }; permissions: { instanceOwner: boolean } } };

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, sven);
  client = app.client();
  await signIn(client, sven.id, sven.password);
});
afterAll(async () => app?.close());

describe('sessionChanged', () => {
  it('delivers the new first name after a REST profile change', async () => {
    const ws = graphqlWsClient(app.url, { cookie: client.cookieHeader() });
    const subscription = new SubscriptionRecorder<SessionChanged>(ws, SESSION_CHANGED);
    try {
      // The server registers the subscription asynchronously: change the name until an event
      // shows the subscription is live, then assert on one more, deterministic change.
      let attempt = 0;
      while (subscription.results.length === 0) {
        expect(attempt, 'subscription never delivered').toBeLessThan(40);
        expect((await client.put('/api/user', { firstName: `Sven-${++attempt}` })).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await client.put('/api/user', { firstName: 'Svenja' })).status).toBe(200);
      const event = await subscription.waitFor((result) => result.data?.sessionChanged.user.firstName === 'Svenja');
      expect(event).toEqual({ data: { sessionChanged: { user: { id: sven.id, firstName: 'Svenja' }, permissions: { instanceOwner: false } } } });
      expect(subscription.error).toBeUndefined();
    } finally {
      subscription.stop();
      await ws.dispose();
    }
  });

  it("does not deliver another user's changes", async () => {
    const other = { id: 'olga@example.com', password: 'olga-passwort-1' };
    await createUser(app.orm, other);
    const otherClient = app.client();
    await signIn(otherClient, other.id, other.password);
    const ws = graphqlWsClient(app.url, { cookie: otherClient.cookieHeader() });
    const subscription = new SubscriptionRecorder<SessionChanged>(ws, SESSION_CHANGED);
    try {
      let attempt = 0;
      while (subscription.results.length === 0) {
        expect(attempt, 'subscription never delivered').toBeLessThan(40);
        expect((await otherClient.put('/api/user', { firstName: `Olga-${++attempt}` })).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seen = subscription.results.length;
      await client.put('/api/user', { firstName: 'Sven-geheim' });
      await otherClient.put('/api/user', { firstName: 'Olga-Ende' });
      await subscription.waitFor((result) => result.data?.sessionChanged.user.firstName === 'Olga-Ende');
      // Publishes travel over different pool connections: give a stray event time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const names = subscription.results.slice(seen).map((result) => result.data?.sessionChanged.user.firstName);
      expect(names).toEqual(['Olga-Ende']);
      expect(subscription.results.every((result) => result.data?.sessionChanged.user.id === other.id)).toBe(true);
    } finally {
      subscription.stop();
      await ws.dispose();
    }
  });

  it('fails with AUTH_UNAUTHENTICATED without a session', async () => {
    const ws = graphqlWsClient(app.url);
    const subscription = new SubscriptionRecorder(ws, SESSION_CHANGED);
    try {
      await subscription.waitForEnd();
      expect(subscription.error).toBeUndefined();
      expect(subscription.completed).toBe(true);
      expect(subscription.results).toEqual([
        {
          errors: [
            {
              message: 'Bitte melden Sie sich an.',
              locations: [{ line: 1, column: 16 }],
              path: ['sessionChanged'],
              extensions: { code: 'AUTH_UNAUTHENTICATED', key: 'auth.unauthenticated', title: 'Zugriff verweigert', status: 401 },
            },
          ],
        },
      ]);
    } finally {
      await ws.dispose();
    }
  });

  it('answers queries over the socket with the session of the upgrade request', async () => {
    const ws = graphqlWsClient(app.url, { cookie: client.cookieHeader() });
    const query = new SubscriptionRecorder<{ me: { user: { id: string } } }>(ws, '{ me { user { id } } }');
    try {
      expect(await query.waitFor(() => true)).toEqual({ data: { me: { user: { id: sven.id } } } });
    } finally {
      await ws.dispose();
    }
  });
});

describe('WebSocket upgrade', () => {
  const upgrade = (headers: { origin?: string; cookie?: string }) =>
    new Promise<{ status: number | 'open' }>((resolve, reject) => {
      const socket = new WebSocket(`${app.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
        origin: headers.origin,
        headers: headers.cookie ? { cookie: headers.cookie } : {},
      });
      socket.on('unexpected-response', (_request, response) => {
        resolve({ status: response.statusCode ?? 0 });
        socket.terminate();
      });
      socket.on('open', () => {
        resolve({ status: 'open' });
        socket.close();
      });
      socket.on('error', (error) => {
        if (!/Unexpected server response/.test(error.message)) reject(error);
      });
    });

  it('refuses a foreign Origin, even with a valid session cookie', async () => {
    expect(await upgrade({ origin: 'https://evil.example', cookie: client.cookieHeader() })).toEqual({ status: 401 });
  });

  it('accepts our own Origin', async () => {
    expect(await upgrade({ origin: app.url, cookie: client.cookieHeader() })).toEqual({ status: 'open' });
  });
});
