import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import { Role } from '../../server/src/tenants/role.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { WorkflowTaskData } from '../../server/src/workflow/workflow.entity.js';
import { storedBoard } from '../support/workflow-board.js';
import type { WorkflowView } from '../../server/src/workflow/workflow.service.js';
import { allowed, expectGraphql, expectRest } from '../support/matrix.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The kanban board of the workflow (docs/bookings.md, “The workflow board (server)”): backlog, moving
 * and archiving tasks, and the actions of an entered state. Tasks are
 * seeded into the states directly; a task that leaves the backlog or the archive must be a booking
 * of the tenant, so those tests store bookings with the task's number.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;

const RECEIVER = 'empfang@example.com';
const SUBJECT = (bookingId: string) => `Änderung bei der Buchung Nr. ${bookingId} - Neuer Status`;

const BACKLOG = 'query($t: ID!) { workflowBacklog(tenantId: $t) { id added } }';
const MOVE =
  'mutation($t: ID!, $task: ID!, $d: String!, $i: Int) { moveWorkflowTask(tenantId: $t, taskId: $task, destination: $d, newIndex: $i) { id tenantId states { id tasks { id added } } archive { id added } } }';
const ARCHIVE = 'mutation($t: ID!, $task: ID!) { archiveWorkflowTask(tenantId: $t, taskId: $task) { id states { id tasks { id } } archive { id added } } }';

const readers = () => allowed(['memberAny', 'tenantOwner', 'instanceOwner']);
const movers = () => allowed(['memberAny', 'tenantOwner', 'instanceOwner']);

const at = (added: number | null) => (added === null ? null : new Date(added).toISOString());

/** Replaces the tasks of the tenant's states (by state id) and its archive, as bookings would have put them. */
async function seed(tasks: Record<string, WorkflowTaskData[]>, archive: WorkflowTaskData[] = [], tenant = tenantId): Promise<void> {
  const em = app.orm.em.fork();
  await em.execute('delete from workflow_tasks where tenant_id = ?', [tenant]);
  for (const [stateId, stateTasks] of Object.entries(tasks)) {
    for (const [position, task] of stateTasks.entries()) {
      await em.execute('insert into workflow_tasks (tenant_id, task_id, state_id, position, entered_at) values (?, ?, ?, ?, ?)', [tenant, task.id, stateId, position, at(task.added)]);
    }
  }
  for (const task of archive) await em.execute('insert into workflow_tasks (tenant_id, task_id, entered_at) values (?, ?, ?)', [tenant, task.id, at(task.added)]);
}

/** The board as stored: each state's tasks from the top (by state id), and the archive. */
async function board(tenant = tenantId): Promise<{ tasks: Record<string, WorkflowTaskData[]>; archive: WorkflowTaskData[] }> {
  const stored = await storedBoard(app, tenant);
  return { tasks: Object.fromEntries(stored.states.map((state) => [state.id, state.tasks])), archive: stored.archive };
}

/** Bookings of the tenant with these numbers (only bookings may leave the backlog or the archive). */
async function storeBookings(numbers: string[], tenant = tenantId): Promise<void> {
  const em = app.orm.em.fork();
  for (const number of numbers) em.create(Booking, { tenant: em.getReference(Tenant, tenant), number, name: 'Erika Mustermann' });
  await em.flush();
}

const ids = (tasks: WorkflowTaskData[]) => tasks.map((task) => task.id);
const move = (body: Record<string, unknown>, client = actors.clients.memberAny, tenant = tenantId) => client.put(`/api/${tenant}/workflow/task`, body);

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings');
  tenantId = actors.tenant.id;
  const ownRole = await app.orm.em.fork().findOneOrFail(Role, { tenant: tenantId, name: 'Nur eigene' });
  const saved = await actors.clients.tenantOwner.put(`/api/${tenantId}/workflow`, {
    name: 'Bearbeitung',
    active: true,
    defaultState: 'eingang',
    states: [
      { id: 'eingang', name: 'Eingang', actions: [{ type: 'email', receiverType: 'user', sendTo: [RECEIVER] }] },
      {
        id: 'pruefung',
        name: 'In Prüfung',
        actions: [
          { type: 'email', receiverType: 'role', sendTo: [ownRole.id] },
          { type: 'bookingStatus', bookingStatus: ['commit'] },
        ],
      },
      { id: 'fertig', name: 'Erledigt', actions: [] },
    ],
  });
  expect(saved.status).toBe(200);
  // The other tenant has a workflow too, holding a task with the same id.
  const other = await actors.clients.instanceOwner.put(`/api/${actors.otherTenant.id}/workflow`, { active: true, states: [{ id: 'eingang', name: 'Eingang' }] });
  expect(other.status).toBe(200);
  await seed({ eingang: [{ id: 'X-1', added: 5 }] }, [], actors.otherTenant.id);
});
afterAll(async () => app?.close());

describe('workflow board: backlog', () => {
  it('GET api/:tenantId/workflow/backlog and workflowBacklog: readers only; no booking exists, so it is empty', async () => {
    await seed({ eingang: [{ id: 'B-1', added: 1 }] }, [{ id: 'B-2', added: 2 }]);
    await expectRest(actors, readers(), (client) => client.get(`/api/${tenantId}/workflow/backlog`));
    await expectGraphql(actors, readers(), (client) => client.gql(BACKLOG, { t: tenantId }));
    const rest = await actors.clients.memberAny.get(`/api/${tenantId}/workflow/backlog`);
    expect(rest.json).toEqual([]);
    const graphql = await actors.clients.tenantOwner.gql<{ workflowBacklog: unknown[] }>(BACKLOG, { t: tenantId });
    expect(graphql.data?.workflowBacklog).toEqual([]);
  });

  it('a tenant without workflow has an empty backlog instead of an error; an unknown tenant is 404', async () => {
    await expectRest(actors, allowed(['memberOfOtherTenant', 'instanceOwner']), (client) => client.get(`/api/${actors.otherTenant.id}/workflow/backlog`));
    expect((await actors.clients.instanceOwner.get('/api/gibt-es-nicht/workflow/backlog')).status).toBe(404);
  });
});

describe('workflow board: permissions', () => {
  it('PUT api/:tenantId/workflow/task and moveWorkflowTask: ANY(updateAny, manageBookings); anonymous 401, the rest 403', async () => {
    await seed({ fertig: [{ id: 'P-1', added: 10 }] });
    // Reordering in place: the same answer for everyone allowed, no action runs.
    await expectRest(actors, movers(), (client) => move({ taskId: 'P-1', destination: 'fertig', newIndex: 0, operation: 'move', oldIndex: 0 }, client));
    await expectGraphql(actors, movers(), (client) => client.gql(MOVE, { t: tenantId, task: 'P-1', d: 'fertig', i: 0 }));
    expect((await board()).tasks.fertig).toEqual([{ id: 'P-1', added: 10 }]);
  });

  it('PUT api/:tenantId/workflow/archive and archiveWorkflowTask: ANY(updateAny, manageBookings)', async () => {
    const booking = 'PPPP-BBBB';
    await storeBookings([booking]);
    await seed({ fertig: [{ id: booking, added: 10 }] });
    await expectRest(actors, movers(), (client) => client.put(`/api/${tenantId}/workflow/archive`, { taskId: booking }));
    await expectGraphql(actors, movers(), (client) => client.gql(ARCHIVE, { t: tenantId, task: booking }));
    const { tasks, archive } = await board();
    expect(tasks.fertig).toEqual([]);
    expect(ids(archive)).toEqual([booking]);
  });

  it("another tenant's board: its members and instance owners only, and a move there leaves this tenant alone", async () => {
    await seed({ eingang: [{ id: 'X-1', added: 7 }] });
    const otherBooking = 'XXXX-XXXX';
    await storeBookings([otherBooking], actors.otherTenant.id);
    const otherMovers = allowed(['memberOfOtherTenant', 'instanceOwner']);
    await expectRest(actors, otherMovers, (client) => move({ taskId: 'X-1', destination: 'eingang', newIndex: 0 }, client, actors.otherTenant.id));
    await expectRest(actors, otherMovers, (client) => client.put(`/api/${actors.otherTenant.id}/workflow/archive`, { taskId: otherBooking }));
    await expectGraphql(actors, otherMovers, (client) => client.gql(MOVE, { t: actors.otherTenant.id, task: 'X-1', d: 'eingang', i: 0 }));
    expect((await board()).tasks.eingang).toEqual([{ id: 'X-1', added: 7 }]);

    // Sending the task back to the backlog in this tenant leaves the other tenant's task where it is.
    expect((await move({ taskId: 'X-1', destination: 'backlog', newIndex: 0 })).status).toBe(200);
    expect((await board()).tasks.eingang).toEqual([]);
    const other = await board(actors.otherTenant.id);
    expect(other.tasks.eingang).toEqual([{ id: 'X-1', added: 5 }]);
    expect(ids(other.archive)).toEqual([otherBooking]);
    expect((await actors.clients.instanceOwner.put('/api/gibt-es-nicht/workflow/task', { taskId: 'X-1', destination: 'eingang', newIndex: 0 })).status).toBe(404);
  });
});

describe('workflow board: moves', () => {
  it('between states, reordering, newIndex missing, back to the backlog; the answer is the whole workflow', async () => {
    await seed({ fertig: [{ id: 'A', added: 1 }, { id: 'B', added: 2 }, { id: 'C', added: 3 }] });
    const before = Date.now();

    // Reordering inside a state keeps `added`.
    const reordered = await move({ taskId: 'C', destination: 'fertig', newIndex: 0 });
    expect(reordered.status).toBe(200);
    expect(Object.keys(reordered.json as object).sort()).toEqual(['active', 'archive', 'defaultState', 'description', 'id', 'name', 'states', 'tenantId']);
    const view = reordered.json as WorkflowView;
    expect(view.tenantId).toBe(tenantId);
    expect(view.states.find((state) => state.id === 'fertig')?.tasks).toEqual([{ id: 'C', added: 3 }, { id: 'A', added: 1 }, { id: 'B', added: 2 }]);

    // To another state at an index beyond its end: appended, `added` reset.
    await seed({ fertig: [{ id: 'A', added: 1 }, { id: 'B', added: 2 }], eingang: [{ id: 'D', added: 4 }] });
    const moved = await actors.clients.memberAny.gql<{ moveWorkflowTask: WorkflowView }>(MOVE, { t: tenantId, task: 'A', d: 'eingang', i: 5 });
    expect(moved.errors).toBeUndefined();
    const eingang = moved.data?.moveWorkflowTask.states.find((state) => state.id === 'eingang')?.tasks ?? [];
    expect(ids(eingang)).toEqual(['D', 'A']);
    expect(eingang[1].added).toBeGreaterThanOrEqual(before);
    expect((await board()).tasks.fertig).toEqual([{ id: 'B', added: 2 }]);

    // Without newIndex a task in a state does not move.
    expect((await move({ taskId: 'B', destination: 'fertig', newIndex: null })).status).toBe(200);
    expect((await move({ taskId: 'D', destination: 'eingang' })).status).toBe(200);
    expect((await board()).tasks.fertig).toEqual([{ id: 'B', added: 2 }]);
    expect(ids((await board()).tasks.eingang)).toEqual(['D', 'A']);

    // A destination that is no state: back to the backlog.
    expect((await move({ taskId: 'D', destination: 'backlog', newIndex: 0 })).status).toBe(200);
    const after = await board();
    expect(ids(after.tasks.eingang)).toEqual(['A']);
    expect(after.archive).toEqual([]);
  });

  it('archive and un-archiving by moving to a state', async () => {
    const [E, F, G] = ['EEEE-AAAA', 'FFFF-AAAA', 'GGGG-AAAA'];
    await storeBookings([E, F, G]);
    await seed({ eingang: [{ id: E, added: 1 }], fertig: [{ id: F, added: 2 }] }, [{ id: G, added: 3 }]);
    const before = Date.now();
    const archived = await actors.clients.memberAny.put(`/api/${tenantId}/workflow/archive`, { taskId: E });
    expect(archived.status).toBe(200);
    const view = archived.json as WorkflowView;
    expect(view.states.find((state) => state.id === 'eingang')?.tasks).toEqual([]);
    expect(ids(view.archive)).toEqual([G, E]);
    expect(view.archive[1].added).toBeGreaterThanOrEqual(before);

    // Already archived: stays where it is with its time; the destination "archive" does the same.
    await actors.clients.memberAny.put(`/api/${tenantId}/workflow/archive`, { taskId: G });
    expect((await move({ taskId: F, destination: 'archive', newIndex: 0 })).status).toBe(200);
    let state = await board();
    expect(state.archive.map((task) => [task.id, task.id === G ? task.added : 'now'])).toEqual([[G, 3], [E, 'now'], [F, 'now']]);
    expect(state.tasks.fertig).toEqual([]);

    // Un-archiving: into a state at newIndex (default 0) with added = now.
    await seed({ fertig: [{ id: 'H', added: 9 }] }, state.archive);
    expect((await move({ taskId: E, destination: 'fertig', newIndex: 1 })).status).toBe(200);
    const moved = await actors.clients.tenantOwner.gql<{ moveWorkflowTask: WorkflowView }>(MOVE, { t: tenantId, task: F, d: 'fertig' });
    expect(moved.errors).toBeUndefined();
    state = await board();
    expect(ids(state.tasks.fertig)).toEqual([F, 'H', E]);
    expect(state.tasks.fertig[0].added).toBeGreaterThanOrEqual(before);
    // Out of the archive to a destination that is no state: back to the backlog.
    expect((await move({ taskId: G, destination: 'backlog' })).status).toBe(200);
    expect((await board()).archive).toEqual([]);
  });

  it('a task from the backlog must be a booking: 404 (REST and GraphQL), nothing stored', async () => {
    await seed({});
    const rest = await move({ taskId: 'gibt-es-nicht', destination: 'eingang', newIndex: 0 });
    expect(rest.status).toBe(404);
    expect(rest.contentType).toContain('application/problem+json');
    expect(rest.json.code).toBe('generic.not-found');
    const graphql = await actors.clients.memberAny.gql(MOVE, { t: tenantId, task: 'gibt-es-nicht', d: 'eingang', i: 0 });
    expect(graphql.errors?.[0].extensions?.code).toBe('GENERIC_NOT_FOUND');
    expect((await board()).tasks.eingang).toEqual([]);
  });

  it('validates the body: taskId and destination required, newIndex a non-negative integer', async () => {
    const bad = await move({ destination: '', newIndex: -1 });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ taskId: 'Pflichtfeld', destination: 'Pflichtfeld', newIndex: 'Ungültiger Wert' });
    const archive = await actors.clients.memberAny.put(`/api/${tenantId}/workflow/archive`, {});
    expect(archive.status).toBe(400);
    expect(archive.json.errors).toEqual({ taskId: 'Pflichtfeld' });
  });

  it('concurrent moves lose no update (the workflow row is locked)', async () => {
    const tasks = Array.from({ length: 12 }, (_, index) => ({ id: `K-${index}`, added: index }));
    await seed({ fertig: tasks });
    const clients = [actors.clients.memberAny, actors.clients.tenantOwner, actors.clients.instanceOwner];
    const answers = await Promise.all(
      tasks.map((task, index) => move({ taskId: task.id, destination: index % 2 === 0 ? 'archive' : 'eingang', newIndex: 0 }, clients[index % clients.length])),
    );
    expect(answers.map((answer) => answer.status)).toEqual(tasks.map(() => 200));
    const state = await board();
    expect(state.tasks.fertig).toEqual([]);
    expect(ids(state.tasks.eingang).sort()).toEqual(tasks.filter((_, index) => index % 2 === 1).map((task) => task.id).sort());
    expect(ids(state.archive).sort()).toEqual(tasks.filter((_, index) => index % 2 === 0).map((task) => task.id).sort());
  });
});

describe('workflow board: actions', () => {
  it('an e-mail action to a user: the address receives booking number, tenant, old and new status', async () => {
    const archived = 'MMMM-BBBB';
    await storeBookings([archived]);
    await seed({ fertig: [{ id: 'M-1', added: 1 }] }, [{ id: archived, added: 2 }]);
    app.smtp.clear();
    expect((await move({ taskId: 'M-1', destination: 'eingang', newIndex: 0 })).status).toBe(200);
    const mail = await app.smtp.waitForMail(RECEIVER, SUBJECT('M-1'));
    expect(mail.subject).toBe(SUBJECT('M-1'));
    for (const text of ['Buchung Nr. M-1', `Mandant: ${actors.tenant.name}`, 'Bisheriger Status: Erledigt', 'Neuer Status: Eingang']) {
      expect(mail.html).toContain(text);
      expect(mail.text).toContain(text);
    }

    // From the archive the old status is "Archiv".
    expect((await actors.clients.tenantOwner.gql(MOVE, { t: tenantId, task: archived, d: 'eingang', i: 0 })).errors).toBeUndefined();
    const fromArchive = await app.smtp.waitForMail(RECEIVER, SUBJECT(archived));
    expect(fromArchive.text).toContain('Bisheriger Status: Archiv');

    // The actions run when the destination differs from the source, even if nothing moved without newIndex.
    await seed({ fertig: [{ id: 'M-3', added: 1 }] });
    expect((await move({ taskId: 'M-3', destination: 'eingang' })).status).toBe(200);
    await app.smtp.waitForMail(RECEIVER, SUBJECT('M-3'));
    expect((await board()).tasks.fertig).toEqual([{ id: 'M-3', added: 1 }]);
  });

  it("the status mail comes in the tenant's mail template, like its booking mails", async () => {
    const template = '<!DOCTYPE html><html><body><div id="mandanten-layout">{{title}}</div><main>{{content}}</main></body></html>';
    await app.orm.em.fork().nativeUpdate(Tenant, { id: tenantId }, { genericMailTemplate: template });
    try {
      await seed({ fertig: [{ id: 'T-1', added: 1 }] });
      app.smtp.clear();
      expect((await move({ taskId: 'T-1', destination: 'eingang', newIndex: 0 })).status).toBe(200);
      const mail = await app.smtp.waitForMail(RECEIVER, SUBJECT('T-1'));
      expect(mail.html).toContain(`<div id="mandanten-layout">${SUBJECT('T-1')}</div><main><p>Der Status der Buchung Nr. T-1 hat sich geändert.</p>`);
      expect(mail.text).toContain('Neuer Status: Eingang');
    } finally {
      await app.orm.em.fork().nativeUpdate(Tenant, { id: tenantId }, { genericMailTemplate: '' });
    }
  });

  it('no action when a task is reordered in its state, archived or sent back to the backlog', async () => {
    await seed({ eingang: [{ id: 'N-1', added: 1 }, { id: 'N-2', added: 2 }, { id: 'N-3', added: 3 }] });
    app.smtp.clear();
    await move({ taskId: 'N-1', destination: 'eingang', newIndex: 2 });
    await move({ taskId: 'N-2', destination: 'archive', newIndex: 0 });
    await move({ taskId: 'N-3', destination: 'backlog', newIndex: 0 });
    // A move that mails afterwards: once its mail is there, the earlier ones would have arrived too.
    await seed({ fertig: [{ id: 'N-4', added: 4 }] });
    await move({ taskId: 'N-4', destination: 'eingang', newIndex: 0 });
    await app.smtp.waitForMail(RECEIVER, SUBJECT('N-4'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(app.smtp.mails.map((mail) => mail.subject)).toEqual([SUBJECT('N-4')]);
  });

  it('an e-mail action to a role: every member of the tenant holding it, nobody else; bookingStatus does not fail the move', async () => {
    await seed({ fertig: [{ id: 'R-1', added: 1 }] });
    app.smtp.clear();
    const answer = await move({ taskId: 'R-1', destination: 'pruefung', newIndex: 0 });
    expect(answer.status).toBe(200);
    const mail = await app.smtp.waitForMail(actors.userIds.memberOwnOnly, SUBJECT('R-1'));
    expect(mail.text).toContain('Neuer Status: In Prüfung');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(app.smtp.mails.flatMap((captured) => captured.to)).toEqual([actors.userIds.memberOwnOnly]);
    expect(ids((await board()).tasks.pruefung)).toEqual(['R-1']);
  });
});
