import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessApp, type InProcessApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { SmtpCapture } from '../support/smtp.js';
import { storedBoard } from '../support/workflow-board.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';

/**
 * The kanban board behind a load balancer: two server processes on one database. Moves sent to
 * both at once lose nothing and leave consecutive positions; a move on one reaches a subscriber of
 * the other with the card in the payload; an action whose mail server is down is retried until the
 * mail goes out, while the move itself stands at once.
 */
let db: TestDatabase;
let smtp: SmtpCapture;
let replicaA: InProcessApp;
let replicaB: InProcessApp;
let tenantId: string;
let onA: HttpClient;
let onB: HttpClient;

const owner = { id: 'leitung@amt.example', password: 'leitung-passwort-1' };
const RECEIVER = 'poststelle@amt.example';
const STATES = ['eingang', 'pruefung', 'fertig'];

const MOVE_CARD = 'mutation($t: ID!, $id: ID!, $d: String!, $i: Int!) { moveWorkflowCard(tenantId: $t, id: $id, destination: $d, index: $i) { kind card { id stateId index archived } } }';
const CARD_CHANGED = 'subscription($t: ID!) { workflowCardChanged(tenantId: $t) { kind card { id stateId index archived enteredAt } } }';
type CardChange = { workflowCardChanged: { kind: string; card: { id: string; stateId: string | null; index: number | null; archived: boolean; enteredAt: string | null } | null } };

/** Puts tasks into a state in the given order (positions from 0), replacing the tenant's board. */
async function seed(tasks: Record<string, string[]>): Promise<void> {
  const connection = replicaA.orm.em.getConnection();
  await connection.execute('delete from workflow_tasks where tenant_id = ?', [tenantId]);
  for (const [stateId, ids] of Object.entries(tasks)) {
    for (const [position, id] of ids.entries()) {
      await connection.execute('insert into workflow_tasks (tenant_id, task_id, state_id, position, entered_at) values (?, ?, ?, ?, now())', [tenantId, id, stateId, position]);
    }
  }
}

/** Every state's positions, as stored. */
async function positions(): Promise<Record<string, number[]>> {
  const rows = await replicaA.orm.em
    .getConnection()
    .execute<{ state_id: string; position: number }[]>('select state_id, position from workflow_tasks where tenant_id = ? and state_id is not null order by state_id, position', [tenantId]);
  const byState: Record<string, number[]> = {};
  for (const row of rows) (byState[row.state_id] ??= []).push(row.position);
  return byState;
}

const consecutive = (values: number[]) => values.every((value, index) => value === values[0] + index);

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await new SmtpCapture().start();
  replicaA = await startInProcessApp({ databaseUrl: db.url, smtpPort: smtp.port });
  replicaB = await startInProcessApp({ databaseUrl: db.url, smtpPort: smtp.port });
  await createUser(replicaA.orm, owner);
  tenantId = (await createTenant(replicaA.orm, { name: 'Bürgeramt Nord', owners: [owner.id] })).id;
  onA = replicaA.client();
  await signIn(onA, owner.id, owner.password);
  onB = replicaB.client();
  onA.cookies.forEach((value, name) => onB.cookies.set(name, value));
  const saved = await onA.put(`/api/${tenantId}/workflow`, {
    name: 'Bearbeitung',
    active: true,
    states: [
      { id: 'eingang', name: 'Eingang' },
      { id: 'pruefung', name: 'In Prüfung', actions: [{ type: 'email', receiverType: 'user', sendTo: [RECEIVER] }] },
      { id: 'fertig', name: 'Erledigt' },
    ],
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await replicaA?.close();
  await replicaB?.close();
  await smtp?.close();
  await db?.drop();
});

describe('concurrent moves on two server processes', () => {
  it('moves of different cards, sent to both processes at once, all land; every state keeps consecutive positions', async () => {
    const cards = Array.from({ length: 40 }, (_, index) => `K-${index}`);
    await seed({ eingang: cards });
    const answers = await Promise.all(
      cards.map((id, index) =>
        (index % 2 === 0 ? onA : onB).put(`/api/${tenantId}/workflow/task`, { taskId: id, destination: STATES[index % 3], newIndex: (index * 7) % 5 }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(cards.map(() => 200));
    const board = await storedBoard(replicaA, tenantId);
    const placed = board.states.flatMap((state) => state.tasks.map((task) => `${state.id}:${task.id}`)).sort();
    expect(placed).toEqual(cards.map((id, index) => `${STATES[index % 3]}:${id}`).sort());
    for (const values of Object.values(await positions())) expect(consecutive(values), JSON.stringify(values)).toBe(true);
  }, 30_000);

  it('moves of the same card from both processes end in exactly one place, the last one committed', async () => {
    await seed({ eingang: ['A', 'B', 'C', 'D'], fertig: ['E', 'F'] });
    const destinations = Array.from({ length: 24 }, (_, index) => STATES[index % 3]);
    const answers = await Promise.all(
      destinations.map((destination, index) =>
        (index % 2 === 0 ? onA : onB).gql<{ moveWorkflowCard: { card: { stateId: string } } }>(MOVE_CARD, { t: tenantId, id: 'B', d: destination, i: index % 4 }),
      ),
    );
    answers.forEach((answer) => expect(answer.errors).toBeUndefined());
    const board = await storedBoard(replicaA, tenantId);
    const where = board.states.filter((state) => state.tasks.some((task) => task.id === 'B')).map((state) => state.id);
    expect(where).toHaveLength(1);
    expect(board.states.flatMap((state) => state.tasks.map((task) => task.id)).sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    for (const values of Object.values(await positions())) expect(consecutive(values)).toBe(true);
  }, 30_000);
});

describe('live board across processes', () => {
  it('a move on process A reaches a subscriber on process B with the card at its new place', async () => {
    await seed({ eingang: ['L-1', 'L-2'], fertig: ['L-3'] });
    const ws = graphqlWsClient(replicaB.url, { cookie: onB.cookieHeader() });
    const subscription = new SubscriptionRecorder<CardChange>(ws, CARD_CHANGED, { t: tenantId });
    try {
      // The subscription is set up once a first event arrives.
      let attempt = 0;
      while (subscription.results.length === 0) {
        expect(attempt++, 'subscription never delivered').toBeLessThan(40);
        expect((await onA.put(`/api/${tenantId}/workflow/task`, { taskId: 'L-3', destination: 'fertig', newIndex: 0 })).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const moved = await onA.gql(MOVE_CARD, { t: tenantId, id: 'L-2', d: 'fertig', i: 1 });
      expect(moved.errors).toBeUndefined();
      const event = await subscription.waitFor((result) => result.data?.workflowCardChanged.card?.id === 'L-2');
      expect(event.data?.workflowCardChanged).toMatchObject({ kind: 'MOVED', card: { id: 'L-2', stateId: 'fertig', index: 1, archived: false } });
      expect(event.errors).toBeUndefined();

      // Archiving and changing the states reach it too.
      expect((await onA.put(`/api/${tenantId}/workflow/archive`, { taskId: 'L-1' })).status).toBe(200);
      const archived = await subscription.waitFor((result) => result.data?.workflowCardChanged.card?.id === 'L-1');
      expect(archived.data?.workflowCardChanged.card).toMatchObject({ stateId: null, archived: true, index: null });
    } finally {
      subscription.stop();
      await ws.dispose();
    }
  });

  it('the board lists each state with its cards in order; readers only', async () => {
    await seed({ eingang: ['R-1', 'R-2'], pruefung: ['R-3'] });
    const board = await onB.gql<{ workflowBoard: { active: boolean; states: { id: string; cards: { id: string; index: number }[] }[] } }>(
      'query($t: ID!) { workflowBoard(tenantId: $t) { active states { id cards { id index booking { id } } } } }',
      { t: tenantId },
    );
    expect(board.errors).toBeUndefined();
    expect(board.data?.workflowBoard.states.map((state) => [state.id, state.cards.map((card) => `${card.id}@${card.index}`)])).toEqual([
      ['eingang', ['R-1@0', 'R-2@1']],
      ['pruefung', ['R-3@0']],
      ['fertig', []],
    ]);
    const anonymous = await replicaB.client().gql('query($t: ID!) { workflowBoard(tenantId: $t) { active } }', { t: tenantId });
    expect(anonymous.errors?.[0].extensions?.code).toBe('AUTH_UNAUTHENTICATED');
  });
});

describe('actions through the job queue', () => {
  it('with the mail server down the move stands at once; the status mail is retried and arrives when the server is back', async () => {
    await seed({ eingang: ['M-1'] });
    const port = smtp.port;
    await smtp.close();
    const jobsFor = () =>
      replicaA.orm.em
        .getConnection()
        .execute<{ task_identifier: string; attempts: number; last_error: string | null }[]>(
          "select t.identifier as task_identifier, j.attempts, j.last_error from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where j.payload->>'bookingId' = 'M-1'",
        );
    try {
      const moved = await onA.put(`/api/${tenantId}/workflow/task`, { taskId: 'M-1', destination: 'pruefung', newIndex: 0 });
      expect(moved.status).toBe(200);
      expect((await storedBoard(replicaA, tenantId)).states.find((state) => state.id === 'pruefung')?.tasks.map((task) => task.id)).toEqual(['M-1']);
      await expect
        .poll(async () => (await jobsFor()).some((job) => job.task_identifier === 'workflow-status-mail' && job.attempts >= 1 && job.last_error !== null), { timeout: 15_000 })
        .toBe(true);
      expect(smtp.find(RECEIVER, 'Nr. M-1 ')).toEqual([]);
    } finally {
      await smtp.start('127.0.0.1', port);
    }
    // Instead of waiting for the backoff, the retry is due now.
    await replicaA.orm.em.getConnection().execute('update graphile_worker._private_jobs set run_at = now() where locked_at is null');
    const mail = await smtp.waitForMail(RECEIVER, 'Änderung bei der Buchung Nr. M-1 - Neuer Status');
    expect(mail.text).toContain('Neuer Status: In Prüfung');
    expect(mail.text).toContain('Bisheriger Status: Eingang');
    await expect.poll(async () => (await jobsFor()).length, { timeout: 10_000 }).toBe(0);
  }, 60_000);
});
