import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receipt } from '../../server/src/receipts/receipt.entity.js';
import { startBalancedProduct, servedBy, type BalancedProduct } from '../support/balancer.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { activeBookingsOf, outcomeOf, tally } from '../support/races.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';

/**
 * The product as deployed: two server processes on one database and one files folder, behind
 * HAProxy with the compose configuration (deploy/haproxy/haproxy.cfg). Every request of these tests
 * goes through the balancer, which names the replica that answered (X-Served-By): a session works
 * on both, a checkout race over both oversells nothing, a board move served by one replica reaches
 * a subscriber whose WebSocket the balancer gave to the other, and a receipt written by one is
 * downloaded from the other.
 */
let product: BalancedProduct;
let tenantId: string;
let owner: HttpClient;
const ownerLogin = { id: 'leitung@lastverteilt.example', password: 'leitung-passwort-1' };

beforeAll(async () => {
  product = await startBalancedProduct();
  await createUser(product.orm, ownerLogin);
  tenantId = (await createTenant(product.orm, { name: 'Rathaus Lastverteilt', owners: [ownerLogin.id] })).id;
  owner = product.client();
  await signIn(owner, ownerLogin.id, ownerLogin.password);
}, 180_000);
afterAll(async () => product?.stop());

const replicaNames = () => product.replicas.map((replica) => replica.name).sort();

describe('sessions through the balancer', () => {
  it('a session started on one replica is valid on the other: requests after the sign-in land on both and stay signed in', async () => {
    const client = product.client();
    const signedIn = await client.post('/auth/signin', ownerLogin);
    expect(signedIn.status).toBe(200);
    const answers = [];
    for (let request = 0; request < 6; request++) answers.push(await client.get('/auth/me'));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.map((answer) => answer.json.user.id)).toEqual(answers.map(() => ownerLogin.id));
    expect([...new Set([signedIn, ...answers].map(servedBy))].sort()).toEqual(replicaNames());
  });
});

describe('checkout race over both replicas', () => {
  it('40 guests checking out the last 3 places of one slot at once: exactly 3 bookings, the rest refused, both replicas answering', async () => {
    const room = await bookableRoom(product, tenantId, { title: 'Saal mit drei Plätzen', amount: 3 });
    const window = slot(10, '2027-11-30');
    const guests = Array.from({ length: 40 }, () => product.client());
    const responses = await Promise.all(
      guests.map((guest, n) => guest.post(`/api/${tenantId}/checkout`, { ...window, bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, mail: `gast-${n}@example.com` })),
    );
    const outcomes = responses.map((response) => outcomeOf(servedBy(response), response));
    const context = JSON.stringify(tally(outcomes));

    const unexpected = outcomes.filter((outcome) => outcome.status !== 200 && !(outcome.status === 409 && ['booking.capacity', 'booking.busy'].includes(outcome.code ?? '')));
    expect(unexpected, context).toEqual([]);
    const accepted = outcomes.filter((outcome) => outcome.status === 200);
    expect(accepted.length, context).toBe(3);
    expect([...new Set(outcomes.map((outcome) => outcome.via))].sort(), context).toEqual(replicaNames());

    const stored = await activeBookingsOf(product.sql, room.id, window);
    expect(stored).toEqual({ bookings: 3, items: 3, units: 3, numbers: accepted.map((outcome) => outcome.id).sort() });
    for (const replica of product.replicas) expect(replica.process.stderr(), replica.name).not.toMatch(/error|fehler/i);
  }, 60_000);
});

describe('live board through the balancer', () => {
  const MOVE_CARD = 'mutation($t: ID!, $id: ID!, $d: String!, $i: Int!) { moveWorkflowCard(tenantId: $t, id: $id, destination: $d, index: $i) { card { id stateId index } } }';
  const CARD_CHANGED = 'subscription($t: ID!) { workflowCardChanged(tenantId: $t) { kind card { id stateId index } } }';
  type CardChange = { workflowCardChanged: { kind: string; card: { id: string; stateId: string | null; index: number | null } | null } };

  it('a move served by one replica reaches a subscriber whose WebSocket the balancer gave to the other', async () => {
    const saved = await owner.put(`/api/${tenantId}/workflow`, {
      name: 'Bearbeitung',
      active: true,
      states: [
        { id: 'eingang', name: 'Eingang' },
        { id: 'fertig', name: 'Erledigt' },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    const connection = product.orm.em.getConnection();
    await connection.execute('delete from workflow_tasks where tenant_id = ?', [tenantId]);
    for (const [position, id] of ['L-1', 'L-2', 'L-3'].entries()) {
      await connection.execute('insert into workflow_tasks (tenant_id, task_id, state_id, position, entered_at) values (?, ?, ?, ?, now())', [tenantId, id, 'eingang', position]);
    }

    let subscriberReplica = '';
    const ws = graphqlWsClient(product.url, { cookie: owner.cookieHeader(), onUpgrade: (response) => (subscriberReplica = String(response.headers['x-served-by'] ?? '')) });
    const subscription = new SubscriptionRecorder<CardChange>(ws, CARD_CHANGED, { t: tenantId });
    try {
      // The subscription is set up once a first event arrives.
      let attempt = 0;
      while (subscription.results.length === 0) {
        expect(attempt++, 'subscription never delivered').toBeLessThan(40);
        expect((await owner.put(`/api/${tenantId}/workflow/task`, { taskId: 'L-3', destination: 'eingang', newIndex: 2 })).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(replicaNames()).toContain(subscriberReplica);

      // Moves through the balancer until one is served by the other replica (the first, as a rule).
      let moveReplica = subscriberReplica;
      let destination = { stateId: 'eingang', index: 0 };
      for (let move = 0; moveReplica === subscriberReplica; move++) {
        expect(move, 'every move landed on the subscriber’s replica').toBeLessThan(10);
        destination = move % 2 === 0 ? { stateId: 'fertig', index: 0 } : { stateId: 'eingang', index: 1 };
        const moved = await owner.gql(MOVE_CARD, { t: tenantId, id: 'L-2', d: destination.stateId, i: destination.index });
        expect(moved.errors).toBeUndefined();
        moveReplica = servedBy(moved.response);
      }
      expect(replicaNames()).toContain(moveReplica);
      const event = await subscription.waitFor((result) => {
        const card = result.data?.workflowCardChanged.card;
        return card?.id === 'L-2' && card.stateId === destination.stateId && card.index === destination.index;
      });
      expect(event.errors).toBeUndefined();
      expect(event.data?.workflowCardChanged.kind).toBe('MOVED');
    } finally {
      subscription.stop();
      await ws.dispose();
    }
  }, 60_000);
});

describe('files shared by the replicas', () => {
  it('a receipt PDF written by one replica is downloaded through the balancer from the other', async () => {
    const room = await bookableRoom(product, tenantId, { title: 'Seminarraum Beleg', amount: null });
    const booked = await owner.put(`/api/${tenantId}/bookings`, { ...slot(10, '2027-04-01'), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer });
    expect(booked.status, booked.text).toBe(200);
    const number = booked.json.id as string;
    const created = await owner.post(`/api/${tenantId}/bookings/${number}/receipt`);
    expect(created.status, created.text).toBe(201);
    const writtenBy = servedBy(created);
    const [receipt] = await product.orm.em.fork().find(Receipt, { tenant: tenantId, booking: { tenant: tenantId, number } });
    expect(receipt).toBeDefined();

    let download = await owner.get(`/api/${tenantId}/bookings/${number}/receipt/${receipt.id}`);
    for (let attempt = 0; servedBy(download) === writtenBy; attempt++) {
      expect(attempt, 'every download landed on the replica that wrote the receipt').toBeLessThan(10);
      download = await owner.get(`/api/${tenantId}/bookings/${number}/receipt/${receipt.id}`);
    }
    expect(replicaNames()).toEqual([writtenBy, servedBy(download)].sort());
    expect(download.status).toBe(200);
    expect(download.contentType).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${receipt.fileName}"`);
    expect(download.text.startsWith('%PDF-')).toBe(true);
  }, 60_000);
});

/*
 * Last, since they take a replica away: what clients notice when one replica ends while requests
 * run. First the planned way (SIGTERM, as a rolling restart stops a replica), then a crash.
 */
describe('a replica going away under load', () => {
  it('a rolling restart (SIGTERM, then a new process in its place) while guests book and staff read: no request fails, every booking gets its mail', async () => {
    const [survivor, leaving] = product.replicas;
    const room = await bookableRoom(product, tenantId, { title: 'Saal im Neustart', amount: 1 });
    const staff = owner.clone();
    const failures: string[] = [];
    const served = new Set<string>();
    const booked: { number: string; mail: string }[] = [];
    let checkouts = 0;
    let running = true;

    const record = (what: string, answer: { status: number; text: string; headers: Headers }) => {
      if (answer.status === 200) served.add(servedBy(answer));
      else failures.push(`${what}: ${answer.status} ${servedBy(answer)} ${answer.text.slice(0, 200)}`);
    };
    const read = async () => {
      while (running) {
        try {
          record('GET /auth/me', await staff.get('/auth/me'));
        } catch (error) {
          failures.push(`GET /auth/me: ${String((error as Error).cause ?? error)}`);
        }
      }
    };
    // Each checkout takes its own day, so none is refused for want of room: every refusal is a failure.
    const book = async () => {
      while (running) {
        const n = checkouts++;
        const mail = `neustart-${n}@example.com`;
        const day = new Date(Date.UTC(2027, 5, 1) + n * 86_400_000).toISOString().slice(0, 10);
        try {
          const answer = await product.client().post(`/api/${tenantId}/checkout`, { ...slot(10, day), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, mail });
          record('checkout', answer);
          if (answer.status === 200) booked.push({ number: answer.json.id as string, mail });
        } catch (error) {
          failures.push(`checkout: ${String((error as Error).cause ?? error)}`);
        }
      }
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    const workers = [read(), read(), book(), book()];
    try {
      await pause(500);
      expect([...served].sort(), 'both replicas served before the restart').toEqual(replicaNames());
      leaving.process.signal('SIGTERM');
      const ended = await leaving.process.ended();
      expect(ended, leaving.process.output()).toEqual({ code: 0, signal: null });
      // What the stopping replica wrote: warnings and errors would be on stderr.
      expect(leaving.process.stderr(), leaving.name).not.toMatch(/"level":"(error|fatal)"/);
      await expect.poll(async () => (await product.haproxy.serverStates())[leaving.name], { timeout: 10_000 }).toMatch(/^DOWN/);
      served.clear();
      await pause(300);
      expect([...served], 'only the survivor serves while the other restarts').toEqual([survivor.name]);

      await product.restartReplica(1);
      await expect.poll(async () => (await product.haproxy.serverStates())[leaving.name], { timeout: 15_000 }).toBe('UP');
      served.clear();
      await expect.poll(() => [...served].sort(), { timeout: 10_000 }).toEqual(replicaNames());
    } finally {
      running = false;
      await Promise.all(workers);
    }
    expect(failures).toEqual([]);
    expect(booked.length).toBeGreaterThan(0);

    // No job lost: the mail of every booking arrives, also of those whose job the stopped replica held.
    await expect
      .poll(() => booked.filter(({ mail }) => !product.smtp.mails.some((sent) => sent.to.includes(mail))).map(({ number }) => number), { timeout: 30_000 })
      .toEqual([]);
  }, 90_000);

  it('killed (SIGKILL) while requests run, no request through the balancer fails and the balancer marks it DOWN', async () => {
    const [survivor, victim] = product.replicas;
    const client = owner.clone();
    const failures: string[] = [];
    const served = new Set<string>();
    let running = true;
    const load = async () => {
      while (running) {
        try {
          const answer = await client.get('/auth/me');
          if (answer.status !== 200) failures.push(`${answer.status} ${servedBy(answer)} ${answer.text.slice(0, 200)}`);
          else served.add(servedBy(answer));
        } catch (error) {
          // The balancer closed the connection without an answer.
          failures.push(String((error as Error).cause ?? error));
        }
      }
    };
    const workers = Array.from({ length: 4 }, load);
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect([...served].sort()).toEqual(replicaNames());
      await victim.process.kill('SIGKILL');
      await expect.poll(async () => (await product.haproxy.serverStates())[victim.name], { timeout: 10_000 }).toMatch(/^DOWN/);
      served.clear();
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      running = false;
      await Promise.all(workers);
    }
    expect(failures).toEqual([]);
    expect([...served]).toEqual([survivor.name]);
  }, 60_000);
});
