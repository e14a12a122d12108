import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workflow } from '../../server/src/workflow/workflow.entity.js';
import { allowed, expectGraphql, expectRest } from '../support/matrix.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The workflow configuration: one per tenant, read and saved. */
let app: TestApp;
let actors: Actors;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings');
});
afterAll(async () => app?.close());

const WORKFLOW = 'query($id: ID!) { workflow(tenantId: $id) { id tenantId name active defaultState states { id name tasks { id added } actions { type receiverType sendTo bookingStatus } } archive { id } } }';
const SAVE = 'mutation($id: ID!, $input: WorkflowInput!) { saveWorkflow(tenantId: $id, input: $input) { id active defaultState states { id name actions { type receiverType sendTo bookingStatus } } } }';
const readers = () => allowed(['memberAny', 'tenantOwner', 'instanceOwner']);
const writers = () => allowed(['tenantOwner', 'instanceOwner']);

const states = [
  { id: 'eingang', name: 'Eingang', actions: [{ type: 'email', receiverType: 'user', sendTo: ['a@example.com'] }] },
  { id: 'pruefung', name: 'In Prüfung', actions: [{ type: 'bookingStatus', bookingStatus: ['commit', 'paid'] }] },
];

describe('workflow', () => {
  it('without one: the empty inactive workflow (REST and GraphQL), for readers only', async () => {
    await expectRest(actors, readers(), (client) => client.get(`/api/${actors.tenant.id}/workflow`));
    await expectRest(actors, readers(), (client) => client.get(`/api/${actors.tenant.id}/workflow/states`));
    await expectGraphql(actors, readers(), (client) => client.gql(WORKFLOW, { id: actors.tenant.id }));
    const response = await actors.clients.memberAny.get(`/api/${actors.tenant.id}/workflow`);
    expect(response.json).toEqual({ id: null, tenantId: actors.tenant.id, name: '', description: '', active: false, defaultState: '', states: [], archive: [] });
  });

  it('POST/PUT api/:tenantId/workflow and saveWorkflow: owners and instance owners; one workflow per tenant', async () => {
    await expectRest(actors, writers(), (client) => client.post(`/api/${actors.tenant.id}/workflow`, { name: 'Ablauf', active: true, states }));
    await expectRest(actors, writers(), (client) => client.put(`/api/${actors.tenant.id}/workflow`, { name: 'Ablauf', active: true, defaultState: 'eingang', states }));
    await expectGraphql(actors, writers(), (client) => client.gql(SAVE, { id: actors.tenant.id, input: { active: true, defaultState: 'eingang', states } }));
    expect(await app.orm.em.fork().count(Workflow, { tenant: actors.tenant.id })).toBe(1);
    const stored = await actors.clients.memberAny.get(`/api/${actors.tenant.id}/workflow`);
    expect(stored.json).toMatchObject({
      name: 'Ablauf',
      active: true,
      defaultState: 'eingang',
      states: [
        { id: 'eingang', name: 'Eingang', tasks: [], actions: [{ type: 'email', receiverType: 'user', sendTo: ['a@example.com'], bookingStatus: [] }] },
        { id: 'pruefung', name: 'In Prüfung', tasks: [], actions: [{ type: 'bookingStatus', receiverType: null, sendTo: [], bookingStatus: ['commit', 'paid'] }] },
      ],
    });
    const statesOnly = await actors.clients.memberAny.get(`/api/${actors.tenant.id}/workflow/states`);
    expect(Object.keys(statesOnly.json).sort()).toEqual(['active', 'archive', 'states']);
  });

  it('reorders and deletes states; kept states keep their bookings, those of deleted states return to the backlog, the default must be a state', async () => {
    const connection = app.orm.em.getConnection();
    await connection.execute(
      `insert into workflow_tasks (tenant_id, task_id, state_id, position, entered_at) values (?, 'B-1', 'eingang', 0, to_timestamp(0.001)), (?, 'B-2', 'pruefung', 0, now()), (?, 'B-9', null, null, to_timestamp(0.002))`,
      [actors.tenant.id, actors.tenant.id, actors.tenant.id],
    );
    const result = await actors.clients.tenantOwner.gql<{ saveWorkflow: { defaultState: string; states: { id: string }[] } }>(SAVE, {
      id: actors.tenant.id,
      input: { defaultState: 'weg', states: [{ id: 'neu', name: 'Neu' }, { id: 'eingang', name: 'Eingang' }] },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.saveWorkflow.states.map((state) => state.id)).toEqual(['neu', 'eingang']);
    expect(result.data?.saveWorkflow.defaultState).toBe('');
    const workflow = await actors.clients.tenantOwner.get(`/api/${actors.tenant.id}/workflow`);
    expect(workflow.json.states.map((state: { id: string; tasks: unknown[] }) => [state.id, state.tasks])).toEqual([
      ['neu', []],
      ['eingang', [{ id: 'B-1', added: 1 }]],
    ]);
    expect(workflow.json.archive).toEqual([{ id: 'B-9', added: 2 }]);
    const rows = await connection.execute<{ task_id: string }[]>('select task_id from workflow_tasks where tenant_id = ? order by task_id', [actors.tenant.id]);
    expect(rows.map((row) => row.task_id)).toEqual(['B-1', 'B-9']);
  });

  it('validates states and actions; the other tenant’s workflow stays untouched', async () => {
    const bad = await actors.clients.tenantOwner.put(`/api/${actors.tenant.id}/workflow`, {
      states: [{ id: 'x', name: '' }, { id: 'y', name: 'Y', actions: [{ type: 'sms' }, { type: 'email' }, { type: 'bookingStatus', bookingStatus: ['archived'] }] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({
      'states.0.name': 'Pflichtfeld',
      'states.1.actions.0.type': 'Ungültiger Aktionstyp',
      'states.1.actions.1.receiverType': 'Pflichtfeld',
      'states.1.actions.2.bookingStatus': 'Ungültiger Buchungsstatus',
    });
    await expectRest(actors, allowed(['instanceOwner']), (client) => client.put(`/api/${actors.otherTenant.id}/workflow`, { active: true }));
    await expectRest(actors, allowed(['memberOfOtherTenant', 'instanceOwner']), (client) => client.get(`/api/${actors.otherTenant.id}/workflow`));
    expect((await actors.clients.instanceOwner.get('/api/gibt-es-nicht/workflow')).status).toBe(404);
  });
});
