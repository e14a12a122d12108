import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessApp, type InProcessApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { createUser, signIn } from '../support/fixtures.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';
import { LISTEN_APPLICATION_NAME } from '../../server/src/shared/pubsub.js';

/**
 * Two server processes on one database, as behind a load balancer: a change made through one
 * reaches a subscriber connected to the other (PostgreSQL LISTEN/NOTIFY), and a session started
 * on one is valid on the other (sessions live in PostgreSQL).
 */
let db: TestDatabase;
let replicaA: InProcessApp;
let replicaB: InProcessApp;
const rita = { id: 'rita@example.com', password: 'rita-passwort-1', firstName: 'Rita' };
const SESSION_CHANGED = 'subscription { sessionChanged { user { firstName } } }';

beforeAll(async () => {
  db = await createTestDatabase();
  replicaA = await startInProcessApp({ databaseUrl: db.url });
  replicaB = await startInProcessApp({ databaseUrl: db.url });
  await createUser(replicaA.orm, rita);
});
afterAll(async () => {
  await replicaA?.close();
  await replicaB?.close();
  await db?.drop();
});

describe('several server replicas', () => {
  it('delivers an event published on one replica to a subscriber on the other', async () => {
    const onA = replicaA.client();
    await signIn(onA, rita.id, rita.password);
    // The same session cookie, presented to replica B.
    const onB = replicaB.client();
    onA.cookies.forEach((value, name) => onB.cookies.set(name, value));
    expect((await onB.get('/auth/me')).status).toBe(200);

    const ws = graphqlWsClient(replicaB.url, { cookie: onB.cookieHeader() });
    const subscription = new SubscriptionRecorder<{ sessionChanged: { user: { firstName: string } } }>(ws, SESSION_CHANGED);
    try {
      let attempt = 0;
      while (subscription.results.length === 0) {
        expect(attempt, 'subscription never delivered').toBeLessThan(40);
        expect((await onA.put('/api/user', { firstName: `Rita-${++attempt}` })).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await onA.put('/api/user', { firstName: 'Rita über A' })).status).toBe(200);
      const event = await subscription.waitFor((result) => result.data?.sessionChanged.user.firstName === 'Rita über A');
      expect(event.data?.sessionChanged.user.firstName).toBe('Rita über A');
    } finally {
      subscription.stop();
      await ws.dispose();
    }
  });

  it('keeps delivering after the listening connection was cut (it reconnects and listens again)', async () => {
    const onA = replicaA.client();
    await signIn(onA, rita.id, rita.password);
    const onB = replicaB.client();
    onA.cookies.forEach((value, name) => onB.cookies.set(name, value));
    // Every replica's LISTEN connection, as a database restart would end them.
    const killed = await replicaA.orm.em
      .getConnection()
      .execute<{ pg_terminate_backend: boolean }[]>('select pg_terminate_backend(pid) from pg_stat_activity where application_name = ? and datname = current_database()', [LISTEN_APPLICATION_NAME]);
    expect(killed.length).toBe(2);

    const ws = graphqlWsClient(replicaB.url, { cookie: onB.cookieHeader() });
    const subscription = new SubscriptionRecorder<{ sessionChanged: { user: { firstName: string } } }>(ws, SESSION_CHANGED);
    try {
      let attempt = 0;
      while (subscription.results.length === 0) {
        expect(attempt, 'no delivery after the connection was cut').toBeLessThan(60);
        expect((await onA.put('/api/user', { firstName: `Rita-neu-${++attempt}` })).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      subscription.stop();
      await ws.dispose();
    }
  });
});
