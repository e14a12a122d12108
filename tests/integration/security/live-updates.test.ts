import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTEN_APPLICATION_NAME } from '../../../server/src/shared/pubsub.js';
import { startInProcessApp, testAdmin, type InProcessApp } from '../../support/app.js';
import { createTenant, createUser, signIn } from '../../support/fixtures.js';
import type { HttpClient } from '../../support/http.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { graphqlWsClient, SubscriptionRecorder } from '../../support/ws.js';
import { bookableRoom, customer, slot } from '../bookings.fixtures.js';

/**
 * Live updates stop with the right to see them. A socket's viewer is checked for every event it
 * carries, and the socket is closed when its session ends (4401: sign-out, suspension) or its
 * user's rights change (4403: removed from the tenant, roles changed): after that no event carries
 * a customer's name or mail address. Both subscriptions that carry customer data are watched
 * (bookingChanged and the kanban board's workflowCardChanged), also across two server processes.
 */
let app: TestApp;
let replica: InProcessApp;
let tenantId: string;
let roomId: string;
let owner: HttpClient;
let admin: HttpClient;
let guest: HttpClient;

const password = 'live-passwort-1';
const staff = (name: string) => `live-${name}@amt.example`;
const STAFF = ['abmelden', 'gesperrt', 'entfernt', 'rolle', 'profil', 'repliken', 'verbindung'];

const BOOKING_CHANGED = 'subscription($t: ID!) { bookingChanged(tenantId: $t) { id action booking { id name mail } } }';
const CARD_CHANGED = 'subscription($t: ID!) { workflowCardChanged(tenantId: $t) { kind card { id booking { id name mail } } } }';

type Recorder = SubscriptionRecorder<Record<string, unknown>>;
interface Watch {
  bookings: Recorder;
  cards: Recorder;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let bookingCounter = 0;

/** A booking by the public; the customer's name and mail carry the marker. */
async function checkout(marker: string): Promise<void> {
  const n = ++bookingCounter;
  const answer = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, '2027-12-14'), bookableItems: [{ bookableId: roomId, amount: 1 }], ...customer, name: `${marker} Kundin ${n}`, mail: `${marker.toLowerCase()}-${n}@kunden.example` });
  expect(answer.status, answer.text).toBe(200);
}

/** Both subscriptions on one socket of the client's session, live (each has delivered a customer's data). */
async function watch(client: HttpClient, target: { url: string } = app): Promise<Watch> {
  const ws = graphqlWsClient(target.url, { cookie: client.cookieHeader() });
  const bookings: Recorder = new SubscriptionRecorder(ws, BOOKING_CHANGED, { t: tenantId });
  const cards: Recorder = new SubscriptionRecorder(ws, CARD_CHANGED, { t: tenantId });
  for (let attempt = 0; bookings.results.length === 0 || cards.results.length === 0; attempt++) {
    expect(attempt, 'the subscriptions never delivered').toBeLessThan(50);
    expect(bookings.error ?? cards.error).toBeUndefined();
    await checkout('Vorher');
    await sleep(100);
  }
  expect(JSON.stringify(bookings.results)).toContain('Vorher Kundin');
  expect(JSON.stringify(cards.results)).toContain('Vorher Kundin');
  return {
    bookings,
    cards,
    stop: async () => {
      bookings.stop();
      cards.stop();
      await ws.dispose();
    },
  };
}

/** After the change: bookings keep coming, none reaches the socket with customer data, and the socket closes. */
async function expectCutOff(watched: Watch, closeCode: number, seen = { bookings: watched.bookings.results.length, cards: watched.cards.results.length }): Promise<void> {
  for (let n = 0; n < 3; n++) await checkout('Geheim');
  await watched.bookings.waitForEnd();
  await watched.cards.waitForEnd();
  await sleep(300);
  const after = [...watched.bookings.results.slice(seen.bookings), ...watched.cards.results.slice(seen.cards)];
  // Bookings made after the change (their customers carry the marker) never reach the socket.
  expect(JSON.stringify(after)).not.toMatch(/Geheim|geheim-/);
  expect((watched.bookings.error as { code?: number } | undefined)?.code).toBe(closeCode);
  expect((watched.cards.error as { code?: number } | undefined)?.code).toBe(closeCode);
}

async function signedIn(name: string, target: { client(): HttpClient } = app): Promise<HttpClient> {
  const client = target.client();
  await signIn(client, staff(name), password);
  return client;
}

beforeAll(async () => {
  app = await startTestApp();
  replica = await startInProcessApp({ databaseUrl: app.db.url });
  for (const name of STAFF) await createUser(app.orm, { id: staff(name), password, firstName: name });
  await createUser(app.orm, { id: 'live-leitung@amt.example', password });
  const all = { create: true, readAny: true, readOwn: true, updateAny: true, updateOwn: true, deleteAny: true, deleteOwn: true };
  tenantId = (
    await createTenant(app.orm, {
      name: 'Bürgeramt Live',
      owners: ['live-leitung@amt.example'],
      roles: [
        { name: 'Buchungen', adminInterfaces: ['bookings'], manageBookings: all },
        { name: 'Nur Objekte', adminInterfaces: ['bookables'], manageBookables: { readAny: true } },
      ],
      members: STAFF.map((name) => ({ userId: staff(name), roles: ['Buchungen'] })),
    })
  ).id;
  owner = app.client();
  await signIn(owner, 'live-leitung@amt.example', password);
  admin = app.client();
  await signIn(admin, testAdmin.id, testAdmin.password);
  guest = app.client();
  roomId = (await bookableRoom(app, tenantId, { title: 'Saal', amount: null })).id;
  const workflow = await owner.put(`/api/${tenantId}/workflow`, { name: 'Bearbeitung', active: true, defaultState: 'eingang', states: [{ id: 'eingang', name: 'Eingang' }] });
  expect(workflow.status, workflow.text).toBe(200);
}, 60_000);

afterAll(async () => {
  await replica?.close();
  await app?.close();
});

describe('a live socket after its right is gone', () => {
  it('after sign-out no event carries customer data and the socket is closed (4401)', async () => {
    const client = await signedIn('abmelden');
    const watched = await watch(client);
    try {
      expect((await client.post('/auth/signout', {})).status).toBe(200);
      await expectCutOff(watched, 4401);
    } finally {
      await watched.stop();
    }
  });

  it('after the account is suspended no event carries customer data and the socket is closed (4401)', async () => {
    const watched = await watch(await signedIn('gesperrt'));
    try {
      const suspended = await admin.put('/api/users', { id: staff('gesperrt'), isSuspended: true });
      expect(suspended.status, suspended.text).toBe(200);
      await expectCutOff(watched, 4401);
    } finally {
      await watched.stop();
    }
  });

  it('after removal from the tenant no event carries customer data and the socket is closed (4403)', async () => {
    const watched = await watch(await signedIn('entfernt'));
    try {
      const removed = await owner.post(`/api/tenants/${tenantId}/remove-user`, { userId: staff('entfernt') });
      expect(removed.status, removed.text).toBe(200);
      await expectCutOff(watched, 4403);
    } finally {
      await watched.stop();
    }
  });

  it('after a role change that takes the bookings away no event carries customer data and the socket is closed (4403); a new socket is refused', async () => {
    const client = await signedIn('rolle');
    const watched = await watch(client);
    try {
      const roles = await owner.gql<{ roles: { id: string; name: string }[] }>('query($t: ID!) { roles(tenantId: $t) { id name } }', { t: tenantId });
      const objectsOnly = roles.data?.roles.find((role) => role.name === 'Nur Objekte')?.id;
      expect(objectsOnly, JSON.stringify(roles)).toBeDefined();
      const changed = await owner.post(`/api/tenants/${tenantId}/edit-user-roles`, { userId: staff('rolle'), roles: [objectsOnly] });
      expect(changed.status, changed.text).toBe(200);
      await expectCutOff(watched, 4403);
    } finally {
      await watched.stop();
    }
    // Reconnecting (as the browser does after 4403) with the same session gets no bookings.
    const ws = graphqlWsClient(app.url, { cookie: client.cookieHeader() });
    const again = new SubscriptionRecorder(ws, BOOKING_CHANGED, { t: tenantId });
    try {
      await again.waitForEnd();
      expect(again.results[0]?.errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
      expect(again.results.some((result) => result.data)).toBe(false);
    } finally {
      await ws.dispose();
    }
  });

  it('a change of the own profile keeps the socket open and the events coming', async () => {
    const client = await signedIn('profil');
    const watched = await watch(client);
    try {
      expect((await client.put('/api/user', { firstName: 'Profilneu' })).status).toBe(200);
      await sleep(300);
      const seen = watched.bookings.results.length;
      await checkout('Danach');
      await watched.bookings.waitFor((result) => JSON.stringify(result).includes('Danach Kundin'));
      expect(watched.bookings.results.length).toBeGreaterThan(seen);
      expect(watched.bookings.error).toBeUndefined();
    } finally {
      await watched.stop();
    }
  });

  it('a sign-out through another server process closes the socket on this one (4401) before any further event', async () => {
    const onApp = await signedIn('repliken');
    const onReplica = replica.client();
    onApp.cookies.forEach((value, name) => onReplica.cookies.set(name, value));
    const watched = await watch(onReplica, replica);
    try {
      expect((await onApp.post('/auth/signout', {})).status).toBe(200);
      await expectCutOff(watched, 4401);
    } finally {
      await watched.stop();
    }
  });

  it('after the listening connection was lost, the next event reads the rights again', async () => {
    const client = await signedIn('verbindung');
    const watched = await watch(client);
    const seen = { bookings: watched.bookings.results.length, cards: watched.cards.results.length };
    try {
      // The membership goes without any news (as if the notification was lost with the connection)...
      await app.orm.em.getConnection().execute('delete from tenant_memberships where user_id = ? and tenant_id = ?', [staff('verbindung'), tenantId]);
      const connection = app.orm.em.getConnection();
      const listening = async () =>
        (await connection.execute<{ pid: number }[]>('select pid from pg_stat_activity where application_name = ? and datname = current_database()', [LISTEN_APPLICATION_NAME])).map((row) => row.pid);
      const before = await listening();
      await connection.execute(`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${before.map(() => '?').join(', ')})`, before);
      // A terminated backend may still deliver a notification before it exits; wait until both
      // processes listen on new connections, so they have noticed the loss.
      for (let attempt = 0; ; attempt++) {
        const now = await listening();
        if (now.length === before.length && now.every((pid) => !before.includes(pid))) break;
        expect(attempt, 'the processes did not listen again').toBeLessThan(100);
        await sleep(100);
      }
      // ...and now that the processes listen again, the next booking finds the rights gone.
      for (let attempt = 0; watched.bookings.error === undefined; attempt++) {
        expect(attempt, 'the socket stayed open').toBeLessThan(60);
        await checkout('Geheim');
        await sleep(100);
      }
      await expectCutOff(watched, 4403, seen);
    } finally {
      await watched.stop();
    }
  });
});
