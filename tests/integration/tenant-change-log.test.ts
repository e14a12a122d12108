import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateTenantDocument, TenantEditDocument, UpdateTenantDocument, type TenantEditQuery } from '../../client/src/gql/graphql.js';
import { createUser } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { allowed, expectGraphql, expectRest } from '../support/matrix.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The tenant's change log: every change of settings, applications, roles, members and workflow
 * writes its entry (what, who, through which path, old and new values) in its own transaction, a
 * refused change writes none, secrets never appear with a value, only owners and instance owners
 * read it, and the table refuses UPDATE and DELETE.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;

interface Change {
  field: string;
  before?: unknown;
  after?: unknown;
  concealed?: boolean;
  changed?: boolean;
}
interface Entry {
  id: string;
  at: string;
  subject: string;
  subjectId: string;
  subjectLabel: string;
  action: string;
  actor: { kind: string; id: string | null; label: string };
  via: string;
  changes: Change[];
}
interface Page {
  entries: Entry[];
  nextCursor: string | null;
}

const LOG = `query($id: ID!, $first: Int, $after: String) { tenant(id: $id) { changeLog(first: $first, after: $after) {
  entries { id at subject subjectId subjectLabel action actor { kind id label role } via changes { field concealed before after } } nextCursor } } }`;
const UPDATE = `mutation($id: ID!, $input: TenantInput!, $workflow: WorkflowInput) { updateTenant(id: $id, input: $input, workflow: $workflow) { id } }`;
const SAVE_ROLE = `mutation($tenantId: ID!, $input: RoleInput!) { saveRole(tenantId: $tenantId, input: $input) { id } }`;

const valid = {
  name: 'Gemeinde Protokollstadt',
  contactName: 'Paula Prüfer',
  location: 'Marktplatz 1, 54321 Protokollstadt',
  mail: 'info@protokollstadt.example',
  phone: '0123 98765',
  website: 'https://www.protokollstadt.example',
};
const ownerActor = () => ({ kind: 'user', id: actors.userIds.tenantOwner, label: 'tenantOwner Mustermann' });

async function restLog(client: HttpClient = owner, query = '', id = tenantId): Promise<Page> {
  const response = await client.get(`/api/${id}/change-log${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json as Page;
}

/** The newest entries of one subject, newest first. */
async function entriesOf(subject: string, subjectId?: string): Promise<Entry[]> {
  const page = await restLog(owner, '?first=100');
  return page.entries.filter((entry) => entry.subject === subject && (subjectId === undefined || entry.subjectId === subjectId));
}

const countRows = async (id = tenantId): Promise<number> => {
  const rows = await app.orm.em.fork().getConnection().execute<{ count: string }[]>('select count(*)::text as count from tenant_change_log where tenant_id = ?', [id]);
  return Number(rows[0].count);
};

/** Everything the table holds for the tenant, as text: no secret may be in it. */
const rawLog = async (id = tenantId): Promise<string> => {
  const rows = await app.orm.em.fork().getConnection().execute<Record<string, unknown>[]>('select * from tenant_change_log where tenant_id = ?', [id]);
  return JSON.stringify(rows);
};

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageUsers', 'users', 'changelog');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  const saved = await owner.gql(UPDATE, { id: tenantId, input: valid });
  expect(saved.errors).toBeUndefined();
});
afterAll(async () => app?.close());

describe('tenant change log: what each change records', () => {
  it('the retention months of customer data are a setting like any other', async () => {
    const saved = await owner.gql(UPDATE, { id: tenantId, input: { ...valid, retentionMonths: 24 } });
    expect(saved.errors).toBeUndefined();
    const [entry] = await entriesOf('tenant_settings');
    expect(entry.changes).toContainEqual({ field: 'retentionMonths', before: 12, after: 24 });
    expect((await owner.gql(UPDATE, { id: tenantId, input: { ...valid, retentionMonths: 12 } })).errors).toBeUndefined();
  });

  it('a settings change lists each changed field with old and new value, a secret only as changed; GraphQL and REST agree', async () => {
    const smtpSecret = 'smtp-geheimnis-4711';
    const saved = await owner.gql(UPDATE, { id: tenantId, input: { ...valid, contactName: 'Petra Protokoll', bookingHorizonDays: 400, noreplyPassword: smtpSecret } });
    expect(saved.errors).toBeUndefined();

    const [entry] = await entriesOf('tenant_settings');
    expect(entry).toMatchObject({ subjectId: tenantId, subjectLabel: valid.name, action: 'changed', actor: ownerActor(), via: 'graphql' });
    expect(entry.changes).toEqual([
      { field: 'contactName', before: 'Paula Prüfer', after: 'Petra Protokoll' },
      { field: 'noreplyPassword', concealed: true, changed: true },
      { field: 'bookingHorizonDays', before: 730, after: 400 },
    ]);

    const graph = await owner.gql<{ tenant: { changeLog: Page } }>(LOG, { id: tenantId, first: 1 });
    expect(graph.errors).toBeUndefined();
    const [newest] = graph.data?.tenant.changeLog.entries ?? [];
    expect(newest).toMatchObject({ id: entry.id, subject: 'tenant_settings', via: 'graphql' });
    expect(newest.changes).toContainEqual({ field: 'noreplyPassword', concealed: true, before: null, after: null });
    expect(newest.changes).toContainEqual({ field: 'contactName', concealed: false, before: '"Paula Prüfer"', after: '"Petra Protokoll"' });
    expect(await rawLog()).not.toContain(smtpSecret);

    // A save that changes nothing adds nothing.
    const rows = await countRows();
    expect((await owner.gql(UPDATE, { id: tenantId, input: { ...valid, contactName: 'Petra Protokoll' } })).errors).toBeUndefined();
    expect(await countRows()).toBe(rows);
  });

  it('payment and locker applications: an entry per application, through REST; keys, salts, passwords and API keys never with a value', async () => {
    const secrets = ['giro-schluessel-0815', 'pareva-api-schluessel-42', 'pareva-passwort-99', 'graph-client-geheim-7'];
    const saved = await owner.put('/api/tenants', {
      id: tenantId,
      ...valid,
      contactName: 'Petra Protokoll',
      noreplyGraphClientSecret: secrets[3],
      applications: [
        { id: 'giroCockpit', active: true, paymentMerchantId: '4711', paymentProjectId: '0815', paymentSecret: secrets[0] },
        { id: 'pareva', active: true, serverUrl: 'https://locker.example/api', apiKey: secrets[1], user: 'locker', password: secrets[2] },
      ],
    });
    expect(saved.status, saved.text).toBe(200);

    const [giro] = await entriesOf('payment_application', 'giroCockpit');
    expect(giro).toMatchObject({ subjectLabel: 'Online-Zahlung', action: 'created', actor: ownerActor(), via: 'rest' });
    expect(giro.changes).toEqual(
      expect.arrayContaining([
        { field: 'active', before: null, after: true },
        { field: 'paymentMerchantId', before: null, after: '4711' },
        { field: 'paymentMode', before: null, after: 'prod' },
        { field: 'paymentSecret', concealed: true, changed: true },
      ]),
    );
    const [pareva] = await entriesOf('locker_application', 'pareva');
    expect(pareva).toMatchObject({ action: 'created', via: 'rest' });
    expect(pareva.changes).toEqual(expect.arrayContaining([{ field: 'apiKey', concealed: true, changed: true }, { field: 'password', concealed: true, changed: true }, { field: 'user', before: null, after: 'locker' }]));
    const [settings] = await entriesOf('tenant_settings');
    expect(settings.changes).toEqual([{ field: 'noreplyGraphClientSecret', concealed: true, changed: true }]);

    // A changed key alone is recorded as changed; a kept one (left empty) is no change.
    const rotated = await owner.put('/api/tenants', { id: tenantId, ...valid, contactName: 'Petra Protokoll', applications: [{ id: 'giroCockpit', paymentSecret: 'giro-neu-1234' }, { id: 'pareva', password: '' }] });
    expect(rotated.status).toBe(200);
    const [changed] = await entriesOf('payment_application', 'giroCockpit');
    expect(changed).toMatchObject({ action: 'changed', changes: [{ field: 'paymentSecret', concealed: true, changed: true }] });
    expect((await entriesOf('locker_application')).length).toBe(1);

    const raw = await rawLog();
    for (const secret of [...secrets, 'giro-neu-1234']) expect(raw).not.toContain(secret);
    const answer = JSON.stringify(await restLog(owner, '?first=100')) + JSON.stringify((await owner.gql(LOG, { id: tenantId, first: 100 })).data);
    for (const secret of [...secrets, 'giro-neu-1234']) expect(answer).not.toContain(secret);
  });

  it('roles: created (GraphQL), changed and deleted (REST), with the flags per area', async () => {
    const created = await owner.gql<{ saveRole: { id: string } }>(SAVE_ROLE, { tenantId, input: { name: 'Hausmeister', adminInterfaces: ['bookings'], manageBookings: { readAny: true } } });
    expect(created.errors).toBeUndefined();
    const roleId = created.data?.saveRole.id as string;
    const updated = await owner.put(`/api/${tenantId}/roles`, { id: roleId, name: 'Hausmeisterei', manageBookings: { readAny: true, updateAny: true } });
    expect(updated.status, updated.text).toBe(201);
    expect((await owner.request('DELETE', `/api/${tenantId}/roles/${roleId}`)).status).toBe(200);

    const entries = await entriesOf('role', roleId);
    expect(entries.map((entry) => [entry.action, entry.via])).toEqual([
      ['deleted', 'rest'],
      ['changed', 'rest'],
      ['created', 'graphql'],
    ]);
    expect(entries[2].changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Hausmeister' }, { field: 'manageBookings', before: null, after: ['readAny'] }]));
    expect(entries[1]).toMatchObject({
      subjectLabel: 'Hausmeisterei',
      actor: ownerActor(),
      changes: [
        { field: 'name', before: 'Hausmeister', after: 'Hausmeisterei' },
        { field: 'manageBookings', before: ['readAny'], after: ['readAny', 'updateAny'] },
      ],
    });
    expect(entries[0]).toMatchObject({ subjectLabel: 'Hausmeisterei', changes: expect.arrayContaining([{ field: 'name', before: 'Hausmeisterei', after: null }]) });
  });

  it('members and owners: added, roles changed, made owner and back, removed; by staff who manage members too', async () => {
    const userId = 'changelog-neu@example.com';
    await createUser(app.orm, { id: userId, password: 'neu-passwort-1', firstName: 'Nora', lastName: 'Neu' });
    const roles = await owner.get(`/api/${tenantId}/roles`);
    const roleIds = Object.fromEntries((roles.json as { id: string; name: string }[]).map((role) => [role.name, role.id]));

    const staff = actors.clients.memberAny;
    expect((await staff.post(`/api/tenants/${tenantId}/add-user`, { userId, roles: [roleIds['Nur eigene']] })).status).toBe(201);
    const edited = await staff.gql(`mutation($t: ID!, $u: String!, $r: [String!]!) { editTenantMemberRoles(tenantId: $t, userId: $u, roles: $r) { tenantId } }`, { t: tenantId, u: userId, r: [roleIds.Alle, roleIds['Nur eigene']] });
    expect(edited.errors).toBeUndefined();
    expect((await owner.post(`/api/tenants/${tenantId}/add-owner`, { userId })).status).toBe(200);
    expect((await owner.post(`/api/tenants/${tenantId}/remove-owner`, { userId })).status).toBe(200);
    expect((await owner.post(`/api/tenants/${tenantId}/remove-user`, { userId })).status).toBe(200);

    const entries = (await entriesOf('membership', userId)).reverse();
    expect(entries.map((entry) => [entry.action, entry.via, entry.actor.id])).toEqual([
      ['created', 'rest', actors.userIds.memberAny],
      ['changed', 'graphql', actors.userIds.memberAny],
      ['changed', 'rest', actors.userIds.tenantOwner],
      ['changed', 'rest', actors.userIds.tenantOwner],
      ['deleted', 'rest', actors.userIds.tenantOwner],
    ]);
    expect(entries[0]).toMatchObject({ subjectLabel: `Nora Neu <${userId}>`, actor: { kind: 'user', label: 'memberAny Mustermann' } });
    expect(entries[0].changes).toEqual([
      { field: 'isMember', before: null, after: true },
      { field: 'isOwner', before: null, after: false },
      { field: 'roles', before: null, after: ['Nur eigene'] },
    ]);
    expect(entries[1].changes).toEqual([{ field: 'roles', before: ['Nur eigene'], after: ['Alle', 'Nur eigene'] }]);
    expect(entries[2].changes).toEqual([{ field: 'isOwner', before: false, after: true }]);
    expect(entries[3].changes).toEqual([{ field: 'isOwner', before: true, after: false }]);
    expect(entries[4].changes).toEqual(expect.arrayContaining([{ field: 'isMember', before: true, after: null }]));
  });

  it('the workflow: created through its own path (REST), changed with the tenant save (GraphQL), state actions by role name', async () => {
    const roles = await owner.get(`/api/${tenantId}/roles`);
    const alle = (roles.json as { id: string; name: string }[]).find((role) => role.name === 'Alle') as { id: string };
    const created = await owner.put(`/api/${tenantId}/workflow`, {
      name: 'Bearbeitung',
      active: true,
      defaultState: 'eingang',
      states: [
        { id: 'eingang', name: 'Eingang', actions: [{ type: 'email', receiverType: 'role', sendTo: [alle.id] }] },
        { id: 'frei', name: 'Freigegeben', actions: [{ type: 'bookingStatus', bookingStatus: ['commit'] }] },
      ],
    });
    expect(created.status, created.text).toBe(200);
    const saved = await owner.gql(UPDATE, { id: tenantId, input: valid, workflow: { name: 'Bearbeitung 2', active: false } });
    expect(saved.errors).toBeUndefined();

    const [changed, first] = await entriesOf('workflow');
    expect(first).toMatchObject({ action: 'created', via: 'rest', actor: ownerActor(), subjectLabel: 'Bearbeitung' });
    expect(first.changes).toEqual(
      expect.arrayContaining([
        { field: 'defaultState', before: null, after: 'Eingang' },
        { field: 'states', before: null, after: ['Eingang [E-Mail an Rolle: Alle]', 'Freigegeben [Buchungsstatus: commit]'] },
      ]),
    );
    expect(changed).toMatchObject({ action: 'changed', via: 'graphql', subjectLabel: 'Bearbeitung 2', changes: [{ field: 'name', before: 'Bearbeitung', after: 'Bearbeitung 2' }, { field: 'active', before: true, after: false }] });
  });

  it('a tenant created records its settings, its applications and its first owner; its deletion is the last entry and outlives it', async () => {
    const created = await actors.clients.instanceOwner.gql<{ createTenant: { id: string } }>(`mutation($input: TenantInput!) { createTenant(input: $input) { id } }`, {
      input: { ...valid, name: 'Neue Gemeinde', applications: [{ id: 'invoice', active: true, iban: 'DE02120300000000202051' }] },
    });
    expect(created.errors).toBeUndefined();
    const id = created.data?.createTenant.id as string;
    const page = await restLog(actors.clients.instanceOwner, '', id);
    expect(page.entries.map((entry) => [entry.subject, entry.action]).sort()).toEqual([
      ['membership', 'created'],
      ['payment_application', 'created'],
      ['tenant_settings', 'created'],
    ]);
    const settings = page.entries.find((entry) => entry.subject === 'tenant_settings') as Entry;
    expect(settings).toMatchObject({ via: 'graphql', actor: { kind: 'user', id: actors.userIds.instanceOwner } });
    expect(settings.changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Neue Gemeinde' }]));

    expect((await actors.clients.instanceOwner.request('DELETE', `/api/tenants/${id}`)).status).toBe(200);
    const rows = await app.orm.em.fork().getConnection().execute<{ action: string; subject: string; via: string }[]>('select action, subject, via from tenant_change_log where tenant_id = ? order by id desc', [id]);
    expect(rows[0]).toEqual({ action: 'deleted', subject: 'tenant_settings', via: 'rest' });
    expect(rows).toHaveLength(4);
  });
});

/**
 * The settings screen's own mapping between the loaded tenant and the mutation's input. Loaded at run
 * time: it is browser code, type-checked with the client (its module rules differ from the tests').
 */
interface SettingsForm {
  toFormValues(tenant: unknown, workflow: unknown, testPaymentOffered: boolean): Record<string, unknown>;
  toInput(values: Record<string, unknown>): { input: Record<string, unknown>; workflow: Record<string, unknown> };
}
const SETTINGS_FORM = '../../client/src/tenants/edit/tenantFormValues.ts';

describe('tenant change log: only what changed', () => {
  it('the settings screen saved with only the privacy text and the retention months changed logs exactly those two', async () => {
    // A tenant as the product creates it (bundled templates), edited through the screen's own form mapping.
    const { toFormValues, toInput } = (await import(SETTINGS_FORM)) as SettingsForm;
    const admin = actors.clients.instanceOwner;
    const created = await admin.gql<{ createTenant: { id: string } }>(print(CreateTenantDocument), { input: { ...valid, name: 'Gemeinde Formularstadt' } });
    expect(created.errors).toBeUndefined();
    const id = created.data!.createTenant.id;
    const loaded = await admin.gql<TenantEditQuery>(print(TenantEditDocument), { id });
    expect(loaded.errors).toBeUndefined();
    const values = toFormValues(loaded.data!.tenant!, loaded.data!.workflow, loaded.data!.testPaymentOffered);
    const before = (await restLog(admin, '?first=100', id)).entries.length;

    const { input, workflow } = toInput({ ...values, privacyNotice: 'Wir verwenden Ihre Daten nur für die Buchung.', retentionMonths: 36 });
    const saved = await admin.gql(print(UpdateTenantDocument), { id, input, workflow });
    expect(saved.errors).toBeUndefined();

    const after = (await restLog(admin, '?first=100', id)).entries;
    const fresh = after.slice(0, after.length - before);
    expect(fresh.map((entry) => [entry.subject, entry.action])).toEqual([["tenant_settings", "changed"]]);
    expect(fresh[0].changes).toEqual([
      { field: 'privacyNotice', before: '', after: 'Wir verwenden Ihre Daten nur für die Buchung.' },
      { field: 'retentionMonths', before: 12, after: 36 },
    ]);
    // Actors are named in the role they acted in: who created the tenant owns it; an instance owner
    // changing another tenant acts as instance owner, not as staff.
    expect(fresh[0].actor).toMatchObject({ kind: 'user', id: actors.userIds.instanceOwner, role: 'tenant_owner' });
    expect((await admin.gql(UPDATE, { id: tenantId, input: { ...valid, phone: '0123 11111' } })).errors).toBeUndefined();
    expect((await entriesOf('tenant_settings'))[0].actor).toMatchObject({ id: actors.userIds.instanceOwner, role: 'instance_owner' });
    expect((await owner.gql(UPDATE, { id: tenantId, input: { ...valid, phone: '0123 22222' } })).errors).toBeUndefined();
    expect((await entriesOf('tenant_settings'))[0].actor).toMatchObject({ id: actors.userIds.tenantOwner, role: 'tenant_owner' });
    // The same form saved again unchanged logs nothing.
    const again = await admin.gql<TenantEditQuery>(print(TenantEditDocument), { id });
    const unchanged = toInput(toFormValues(again.data!.tenant!, again.data!.workflow, again.data!.testPaymentOffered));
    expect((await admin.gql(print(UpdateTenantDocument), { id, ...unchanged })).errors).toBeUndefined();
    expect((await restLog(admin, '?first=100', id)).entries.length).toBe(before + 1);
  });
});

describe('tenant change log: a refused change leaves no entry', () => {
  it('validation errors, a refused role and the last owner kept: nothing recorded', async () => {
    const before = await countRows();
    const invalid = await owner.gql(UPDATE, { id: tenantId, input: { ...valid, mail: 'keine-adresse', noreplyPassword: 'nie-gespeichert-1' } });
    expect(invalid.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
    // The workflow fails after the tenant's own changes were written: the whole save rolls back.
    const badWorkflow = await owner.gql(UPDATE, { id: tenantId, input: { ...valid, contactName: 'Nie gespeichert' }, workflow: { states: [{ id: 'x', name: '' }] } });
    expect(badWorkflow.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
    const role = await owner.gql(SAVE_ROLE, { tenantId, input: { name: '' } });
    expect(role.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
    const lastOwner = await owner.post(`/api/tenants/${tenantId}/remove-owner`, { userId: actors.userIds.tenantOwner });
    expect(lastOwner.status).toBe(409);
    const forbidden = await actors.clients.memberWithoutFlag.post(`/api/tenants/${tenantId}/add-user`, { userId: actors.userIds.outsider });
    expect(forbidden.status).toBe(403);
    expect(await countRows()).toBe(before);
    expect(await rawLog()).not.toContain('nie-gespeichert-1');
  });
});

describe('tenant change log: who may read it', () => {
  it('REST GET api/:tenantId/change-log: owners and instance owners only', async () => {
    await expectRest(actors, allowed(['tenantOwner', 'instanceOwner']), (client) => client.get(`/api/${tenantId}/change-log`));
  });

  it('GraphQL Tenant.changeLog: owners and instance owners only, also where a member reads the tenant list', async () => {
    await expectGraphql(actors, allowed(['tenantOwner', 'instanceOwner']), (client) => client.gql(LOG, { id: tenantId }));
    const listed = await actors.clients.memberAny.gql(`{ tenants { id changeLog { nextCursor } } }`);
    expect(listed.errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
  });

  it("another tenant's owner is refused; pages follow the cursor, newest first; a bad page size is a validation error", async () => {
    const foreign = await owner.get(`/api/${actors.otherTenant.id}/change-log`);
    expect(foreign.status).toBe(403);
    const all = await restLog(owner, '?first=100');
    expect(all.entries.length).toBeGreaterThan(4);
    const first = await restLog(owner, '?first=2');
    expect(first.entries.map((entry) => entry.id)).toEqual(all.entries.slice(0, 2).map((entry) => entry.id));
    const second = await restLog(owner, `?first=2&after=${first.nextCursor}`);
    expect(second.entries.map((entry) => entry.id)).toEqual(all.entries.slice(2, 4).map((entry) => entry.id));
    const bad = await owner.get(`/api/${tenantId}/change-log?first=0`);
    expect(bad.status).toBe(400);
  });
});

describe('tenant change log: cannot be changed', () => {
  it('UPDATE and DELETE through the application’s connection fail; only the anonymisation setting lets them through', async () => {
    const connection = app.orm.em.fork().getConnection();
    await expect(connection.execute(`update tenant_change_log set subject_label = 'geändert' where tenant_id = ?`, [tenantId])).rejects.toThrow(/append-only/);
    await expect(connection.execute(`delete from tenant_change_log where tenant_id = ?`, [tenantId])).rejects.toThrow(/append-only/);
    expect(await countRows()).toBeGreaterThan(0);

    await app.orm.em.fork().transactional(async (tx) => {
      await tx.execute(`set local app.history_anonymise = 'on'`);
      await tx.execute(`update tenant_change_log set actor_label = '' where tenant_id = ? and subject = 'membership'`, [tenantId]);
    });
    await expect(connection.execute(`update tenant_change_log set actor_label = 'x' where tenant_id = ?`, [tenantId])).rejects.toThrow(/append-only/);
  });
});
