import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../server/src/tenants/role.entity.js';
import { TenantMembership } from '../../server/src/tenants/membership.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { Workflow } from '../../server/src/workflow/workflow.entity.js';
import { createTenant } from '../support/fixtures.js';
import { allowed, expectGraphql, expectRest } from '../support/matrix.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Tenants through REST and GraphQL: rights, validation, secrets, merge, quota. */
let app: TestApp;
let actors: Actors;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageTenants', 'tenants');
});
afterAll(async () => app?.close());

const valid = {
  name: 'Gemeinde Prüfstadt',
  contactName: 'Paula Prüfer',
  location: 'Marktplatz 1, 54321 Prüfstadt',
  mail: 'info@pruefstadt.example',
  phone: '0123 98765',
  website: 'https://www.pruefstadt.example',
};

const TENANT_FIELDS = `id name contactName location mail phone website bookableDetailLink eventDetailLink paymentPurposeSuffix
  noreplyMail noreplyPasswordSet noreplyGraphClientSecretSet receiptTemplate invoiceTemplate maxBookingAdvanceInMonths
  applications { id type title active paymentMode paymentPurposeSuffix paymentSecretSet passwordSet bank iban daysUntilPaymentDue serverUrl user }`;
const TENANT = `query($id: ID!) { tenant(id: $id) { ${TENANT_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: TenantInput!, $workflow: WorkflowInput) { updateTenant(id: $id, input: $input, workflow: $workflow) { ${TENANT_FIELDS} } }`;
const CREATE = `mutation($input: TenantInput!) { createTenant(input: $input) { id name genericMailTemplate receiptTemplate invoiceTemplate } }`;

const sql = () => app.orm.em.getConnection();
const setInstance = (assignments: string) => sql().execute(`update instance set ${assignments} where id = 1`);

describe('reading one tenant in full', () => {
  it('REST GET api/tenants/:id: owners and instance owners only', async () => {
    await expectRest(actors, allowed(['tenantOwner', 'instanceOwner']), (client) => client.get(`/api/tenants/${actors.tenant.id}`));
  });

  it('GraphQL tenant(id): owners and instance owners only', async () => {
    await expectGraphql(actors, allowed(['tenantOwner', 'instanceOwner']), (client) => client.gql(TENANT, { id: actors.tenant.id }));
  });

  it("an owner cannot read another tenant, and the guarded fields stay closed to members", async () => {
    const other = await actors.clients.tenantOwner.get(`/api/tenants/${actors.otherTenant.id}`);
    expect(other.status).toBe(403);
    const result = await actors.clients.memberAny.gql('{ tenants { id name applications { id } } }');
    expect(result.errors?.[0].extensions?.code).toBe('AUTH_FORBIDDEN');
    const plain = await actors.clients.memberAny.gql('{ tenants { id name } }');
    expect(plain.data).toEqual({ tenants: [{ id: actors.tenant.id, name: actors.tenant.name }] });
  });

  it('the full REST tenant carries members and owners but no secret', async () => {
    const response = await actors.clients.tenantOwner.get(`/api/tenants/${actors.tenant.id}`);
    expect(response.json.ownerUserIds).toEqual([actors.userIds.tenantOwner]);
    expect(response.json.users.map((user: { userId: string }) => user.userId).sort()).toEqual(
      [actors.userIds.memberAny, actors.userIds.memberOwnOnly, actors.userIds.memberWithoutFlag].sort(),
    );
    expect(response.json).toHaveProperty('noreplyPasswordSet', false);
  });
});

describe('lists', () => {
  it('publicTenants=true: the member’s tenants with the public fields only', async () => {
    const response = await actors.clients.memberWithoutFlag.get('/api/tenants?publicTenants=true');
    expect(response.status).toBe(200);
    expect(response.json).toHaveLength(1);
    expect(Object.keys(response.json[0]).sort()).toEqual(
      ['bookableDetailLink', 'contactName', 'defaultEventCreationMode', 'enablePublicStatusView', 'eventDetailLink', 'id', 'location', 'mail', 'name', 'phone', 'privacyNotice', 'privacyPolicyLink', 'website'].sort(),
    );
    expect((await actors.clients.outsider.get('/api/tenants?publicTenants=true')).json).toEqual([]);
    expect((await actors.clients.anonymous.get('/api/tenants?publicTenants=true')).status).toBe(401);
  });

  it('the instance owner works in every tenant: his own list (GraphQL MyTenants, REST publicTenants=true) holds all of them, and he works in one with full rights', async () => {
    const client = actors.clients.instanceOwner;
    const everyTenant = (await app.orm.em.fork().find(Tenant, {}, { orderBy: { name: 'asc' } })).map((tenant) => tenant.id);
    expect(everyTenant.length).toBeGreaterThan(1);
    // He holds no membership entry in any of them.
    const me = await client.gql<{ me: { permissions: { instanceOwner: boolean; tenants: unknown[] } } }>('{ me { permissions { instanceOwner tenants { tenantId } } } }');
    expect(me.data?.me.permissions).toEqual({ instanceOwner: true, tenants: [] });

    // The document the dashboard and the tenant selector ask.
    const mine = await client.gql<{ tenants: { id: string }[] }>('query MyTenants { tenants { id name location } }');
    expect(mine.errors).toBeUndefined();
    expect(mine.data?.tenants.map((tenant) => tenant.id)).toEqual(everyTenant);
    const rest = await client.get('/api/tenants?publicTenants=true');
    expect(rest.status).toBe(200);
    expect((rest.json as { id: string }[]).map((tenant) => tenant.id)).toEqual(everyTenant);

    // Selected, the tenant is his to work in: its roles and members as its owner sees them.
    const roles = await client.get(`/api/${actors.tenant.id}/roles`);
    expect(roles.status).toBe(200);
    expect((roles.json as unknown[]).length).toBeGreaterThan(0);
    expect((await client.get(`/api/tenants/${actors.tenant.id}/users`)).status).toBe(200);
    // A plain member still sees only the own tenant.
    const member = await actors.clients.memberAny.gql<{ tenants: { id: string }[] }>('query MyTenants { tenants { id } }');
    expect(member.data?.tenants).toEqual([{ id: actors.tenant.id }]);
  });

  it('without the flag: full tenants the caller owns; the instance owner gets all', async () => {
    expect((await actors.clients.memberAny.get('/api/tenants')).json).toEqual([]);
    const owned = await actors.clients.tenantOwner.get('/api/tenants');
    expect(owned.json.map((tenant: { id: string }) => tenant.id)).toEqual([actors.tenant.id]);
    const all = await actors.clients.instanceOwner.get('/api/tenants');
    expect(all.json.map((tenant: { id: string }) => tenant.id)).toEqual(expect.arrayContaining([actors.tenant.id, actors.otherTenant.id]));
  });
});

describe('updating', () => {
  it('REST PUT api/tenants: owners and instance owners only', async () => {
    await expectRest(actors, allowed(['tenantOwner', 'instanceOwner']), (client, name) =>
      client.put('/api/tenants', { id: actors.tenant.id, ...valid, phone: `0${name.length}` }),
    );
    const stored = await app.orm.em.fork().findOneOrFail(Tenant, { id: actors.tenant.id });
    expect(stored.phone).toBe(`0${'instanceOwner'.length}`);
  });

  it('GraphQL updateTenant: owners and instance owners only', async () => {
    await expectGraphql(actors, allowed(['tenantOwner', 'instanceOwner']), (client) => client.gql(UPDATE, { id: actors.tenant.id, input: valid }));
    await expectGraphql(actors, allowed(['instanceOwner']), (client) => client.gql(UPDATE, { id: actors.otherTenant.id, input: valid }));
  });

  it('validates the tenant rules (REST and GraphQL, nothing stored)', async () => {
    const bad = {
      id: actors.tenant.id,
      name: ' ',
      contactName: '',
      location: '',
      phone: '',
      website: '',
      mail: 'keine-mail',
      bookableDetailLink: 'ftp://x.example/a',
      eventDetailLink: 'https://stadt.example',
      paymentPurposeSuffix: '1234567890123',
      applications: [{ id: 'giroCockpit', paymentPurposeSuffix: 'ABCDEFGHIJKLM' }, { id: 'pmPayment', paymentMode: 'live' }],
    };
    const response = await actors.clients.tenantOwner.put('/api/tenants', bad);
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('generic.validation');
    expect(response.json.errors).toEqual({
      name: 'Pflichtfeld',
      contactName: 'Pflichtfeld',
      location: 'Pflichtfeld',
      phone: 'Pflichtfeld',
      website: 'Pflichtfeld',
      mail: 'Muss gültige E-Mail-Adresse sein.',
      bookableDetailLink: 'Ungültige URL.',
      eventDetailLink: 'Ungültige URL.',
      paymentPurposeSuffix: 'Maximal 12 Zeichen erlaubt.',
      'applications.giroCockpit.paymentPurposeSuffix': 'Maximal 12 Zeichen erlaubt.',
      'applications.pmPayment.paymentMode': 'Nur "test" oder "prod" erlaubt.',
    });
    const { id: _id, ...input } = bad;
    const result = await actors.clients.tenantOwner.gql(UPDATE, { id: actors.tenant.id, input: { ...input, applications: undefined, mail: '' } });
    expect(result.errors?.[0].extensions?.code).toBe('GENERIC_VALIDATION');
    expect((result.errors?.[0].extensions?.fieldErrors as Record<string, string>).mail).toBe('Pflichtfeld');
    const stored = await app.orm.em.fork().findOneOrFail(Tenant, { id: actors.tenant.id });
    expect(stored.name).toBe(valid.name);
    expect(stored.applications).toEqual([]);
  });

  it('accepts exactly 12 characters, http(s) URLs and an empty optional link', async () => {
    const result = await actors.clients.tenantOwner.gql(UPDATE, {
      id: actors.tenant.id,
      input: { ...valid, paymentPurposeSuffix: '123456789012', bookableDetailLink: 'http://www.stadt-x.example/buchen', eventDetailLink: '' },
    });
    expect(result.errors).toBeUndefined();
  });

  it('keeps secrets write-only: set, kept when left out or empty, cleared on request; never answered', async () => {
    const secrets = ['smtp-geheim-123', 'graph-geheim-456', 'giro-schluessel-789', 'pm-salz-000', 'pareva-passwort-111'];
    const save = await actors.clients.tenantOwner.put('/api/tenants', {
      id: actors.tenant.id,
      ...valid,
      noreplyPassword: secrets[0],
      noreplyGraphClientSecret: secrets[1],
      applications: [
        { id: 'giroCockpit', active: true, paymentMerchantId: '4711', paymentProjectId: '0815', paymentSecret: secrets[2] },
        { id: 'pmPayment', active: false, paymentMode: 'test', paymentSecret: secrets[3] },
        { id: 'pareva', active: true, serverUrl: 'https://locker.example/api', user: 'locker', password: secrets[4] },
      ],
    });
    expect(save.status).toBe(200);
    const reads = [
      save,
      await actors.clients.tenantOwner.get(`/api/tenants/${actors.tenant.id}`),
      await actors.clients.instanceOwner.get('/api/tenants'),
      (await actors.clients.tenantOwner.gql(TENANT, { id: actors.tenant.id })).response,
    ];
    for (const read of reads) for (const secret of secrets) expect(read.text).not.toContain(secret);
    const graph = await actors.clients.tenantOwner.gql<{ tenant: Record<string, unknown> & { applications: Record<string, unknown>[] } }>(TENANT, { id: actors.tenant.id });
    expect(graph.data?.tenant.noreplyPasswordSet).toBe(true);
    expect(graph.data?.tenant.noreplyGraphClientSecretSet).toBe(true);
    const apps = Object.fromEntries((graph.data?.tenant.applications ?? []).map((application) => [application.id, application]));
    expect(apps.giroCockpit).toMatchObject({ type: 'payment', title: 'Online-Zahlung', active: true, paymentSecretSet: true });
    expect(apps.pmPayment).toMatchObject({ paymentMode: 'test', paymentSecretSet: true, active: false });
    expect(apps.pareva).toMatchObject({ type: 'locker', passwordSet: true, serverUrl: 'https://locker.example/api', user: 'locker' });

    // Left out or empty: kept.
    await actors.clients.tenantOwner.gql(UPDATE, {
      id: actors.tenant.id,
      input: { ...valid, noreplyPassword: '', applications: [{ id: 'giroCockpit', active: true, paymentSecret: '' }, { id: 'pareva', active: false }] },
    });
    let stored = await app.orm.em.fork().findOneOrFail(Tenant, { id: actors.tenant.id });
    expect(stored.noreplyPassword).toBe(secrets[0]);
    expect(stored.noreplyGraphClientSecret).toBe(secrets[1]);
    expect(stored.applications.find((application) => application.id === 'giroCockpit')?.paymentSecret).toBe(secrets[2]);
    expect(stored.applications.find((application) => application.id === 'giroCockpit')?.paymentMerchantId).toBe('4711');
    expect(stored.applications.find((application) => application.id === 'pareva')).toMatchObject({ password: secrets[4], active: false });

    // Cleared explicitly.
    await actors.clients.tenantOwner.gql(UPDATE, {
      id: actors.tenant.id,
      input: { clearNoreplyPassword: true, applications: [{ id: 'pareva', clearPassword: true }] },
    });
    stored = await app.orm.em.fork().findOneOrFail(Tenant, { id: actors.tenant.id });
    expect(stored.noreplyPassword).toBeNull();
    expect(stored.noreplyGraphClientSecret).toBe(secrets[1]);
    expect(stored.applications.find((application) => application.id === 'pareva')?.password).toBeNull();
  });

  it('merges the payment applications (replace, add, keep the rest) and never wipes members', async () => {
    const before = await app.orm.em.fork().count(TenantMembership, { tenant: actors.tenant.id });
    const response = await actors.clients.tenantOwner.put('/api/tenants', {
      id: actors.tenant.id,
      applications: [{ id: 'invoice', active: true, bank: 'Sparkasse', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: 'Prüfstadt', daysUntilPaymentDue: 14 }],
    });
    expect(response.status).toBe(200);
    const ids = response.json.applications.map((application: { id: string }) => application.id);
    expect(ids).toEqual(['giroCockpit', 'pmPayment', 'pareva', 'invoice']);
    expect(response.json.applications[3]).toMatchObject({ type: 'payment', title: 'Rechnung', daysUntilPaymentDue: 14, iban: 'DE02120300000000202051' });
    expect(await app.orm.em.fork().count(TenantMembership, { tenant: actors.tenant.id })).toBe(before);
    const unknown = await actors.clients.tenantOwner.put('/api/tenants', { id: actors.tenant.id, applications: [{ id: 'paypal', active: true }] });
    expect(unknown.status).toBe(400);
  });

  it('public payment apps: only active payment applications as {id, title}, for anyone', async () => {
    const response = await actors.clients.anonymous.get(`/api/tenants/${actors.tenant.id}/payment-apps`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual([
      { id: 'giroCockpit', title: 'Online-Zahlung' },
      { id: 'invoice', title: 'Rechnung' },
    ]);
    const graph = await actors.clients.anonymous.gql('query($id: ID!) { paymentApps(tenantId: $id) { id title } }', { id: actors.tenant.id });
    expect(graph.data).toEqual({ paymentApps: response.json });
    expect((await actors.clients.anonymous.get('/api/tenants/gibt-es-nicht/payment-apps')).status).toBe(404);
  });

  it('saves tenant and workflow in one transaction: a bad workflow stores nothing', async () => {
    const result = await actors.clients.tenantOwner.gql(UPDATE, {
      id: actors.tenant.id,
      input: { ...valid, name: 'Nicht gespeichert' },
      workflow: { active: true, states: [{ id: 's1', name: '' }] },
    });
    expect(result.errors?.[0].extensions?.fieldErrors).toEqual({ 'states.0.name': 'Pflichtfeld' });
    expect((await app.orm.em.fork().findOneOrFail(Tenant, { id: actors.tenant.id })).name).toBe(valid.name);
    expect(await app.orm.em.fork().count(Workflow, { tenant: actors.tenant.id })).toBe(0);

    const saved = await actors.clients.tenantOwner.gql(UPDATE, {
      id: actors.tenant.id,
      input: valid,
      workflow: { active: true, defaultState: 's1', states: [{ id: 's1', name: 'Neu' }] },
    });
    expect(saved.errors).toBeUndefined();
    const workflow = await app.orm.em.fork().findOneOrFail(Workflow, { tenant: actors.tenant.id });
    expect(workflow).toMatchObject({ active: true, defaultState: 's1', states: [{ id: 's1', name: 'Neu', actions: [] }] });
  });
});

describe('holidays: the Bundesland and the school holidays a series may skip', () => {
  const HOLIDAYS = `query($id: ID!) { tenant(id: $id) { holidayRegion schoolHolidays { title from to } } }`;
  const SAVE_HOLIDAYS = `mutation($id: ID!, $input: TenantInput!) { updateTenant(id: $id, input: $input) { holidayRegion schoolHolidays { title from to } } }`;
  const herbst = { title: 'Herbstferien', from: '2027-10-11', to: '2027-10-23' };
  const weihnacht = { title: 'Weihnachtsferien', from: '2027-12-23', to: '2028-01-02' };

  interface SettingsEntry {
    subject: string;
    via: string;
    changes: { field: string; before?: unknown; after?: unknown }[];
  }
  const newestSettingsEntry = async (): Promise<SettingsEntry> => {
    const log = await actors.clients.tenantOwner.get(`/api/${actors.tenant.id}/change-log?first=10`);
    expect(log.status).toBe(200);
    return (log.json.entries as SettingsEntry[]).find((entry) => entry.subject === 'tenant_settings')!;
  };
  const stored = () => app.orm.em.fork().findOneOrFail(Tenant, { id: actors.tenant.id });

  it('start empty: no Bundesland, no school holidays', async () => {
    const created = await createTenant(app.orm, { name: 'Gemeinde Ohneferien' });
    const tenant = await app.orm.em.fork().findOneOrFail(Tenant, { id: created.id });
    expect(tenant.holidayRegion).toBe('');
    expect(tenant.schoolHolidays).toEqual([]);
  });

  it('GraphQL: saved, answered and recorded in the change log', async () => {
    const result = await actors.clients.tenantOwner.gql<{ updateTenant: { holidayRegion: string; schoolHolidays: unknown[] } }>(SAVE_HOLIDAYS, {
      id: actors.tenant.id,
      input: { holidayRegion: 'DE-BE', schoolHolidays: [{ ...herbst, title: '  Herbstferien ' }] },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.updateTenant).toEqual({ holidayRegion: 'DE-BE', schoolHolidays: [herbst] });
    expect(await stored()).toMatchObject({ holidayRegion: 'DE-BE', schoolHolidays: [herbst] });
    const entry = await newestSettingsEntry();
    expect(entry.via).toBe('graphql');
    expect(entry.changes).toEqual([
      { field: 'holidayRegion', before: '', after: 'DE-BE' },
      { field: 'schoolHolidays', before: [], after: [herbst] },
    ]);
    // Other fields sent without the holidays keep them.
    expect((await actors.clients.tenantOwner.gql(UPDATE, { id: actors.tenant.id, input: valid })).errors).toBeUndefined();
    expect(await stored()).toMatchObject({ holidayRegion: 'DE-BE', schoolHolidays: [herbst] });
    // Members without ownership do not read them, not even through the list of their tenants.
    const member = await actors.clients.memberAny.gql('{ tenants { id holidayRegion schoolHolidays { title } } }');
    expect(member.errors?.[0].extensions?.code).toBe('AUTH_FORBIDDEN');
    expect((await actors.clients.tenantOwner.gql(HOLIDAYS, { id: actors.tenant.id })).data).toEqual({ tenant: { holidayRegion: 'DE-BE', schoolHolidays: [herbst] } });
  });

  it('REST: PUT saves and GET answers them; the change log names the path; an empty list removes them', async () => {
    const saved = await actors.clients.tenantOwner.put('/api/tenants', { id: actors.tenant.id, holidayRegion: 'DE-BY', schoolHolidays: [herbst, weihnacht] });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ holidayRegion: 'DE-BY', schoolHolidays: [herbst, weihnacht] });
    const read = await actors.clients.tenantOwner.get(`/api/tenants/${actors.tenant.id}`);
    expect(read.json).toMatchObject({ holidayRegion: 'DE-BY', schoolHolidays: [herbst, weihnacht] });
    const entry = await newestSettingsEntry();
    expect(entry.via).toBe('rest');
    expect(entry.changes).toEqual([
      { field: 'holidayRegion', before: 'DE-BE', after: 'DE-BY' },
      { field: 'schoolHolidays', before: [herbst], after: [herbst, weihnacht] },
    ]);
    // Extra keys of a period are not stored.
    const cleared = await actors.clients.tenantOwner.put('/api/tenants', { id: actors.tenant.id, holidayRegion: '', schoolHolidays: [{ ...weihnacht, note: 'x' }] });
    expect(cleared.status).toBe(200);
    expect(await stored()).toMatchObject({ holidayRegion: '', schoolHolidays: [weihnacht] });
    expect((await actors.clients.tenantOwner.put('/api/tenants', { id: actors.tenant.id, schoolHolidays: [] })).status).toBe(200);
    expect((await stored()).schoolHolidays).toEqual([]);
  });

  it('refuse an unknown Bundesland and periods that end before they begin, per field and in German (REST and GraphQL, nothing stored or recorded)', async () => {
    expect((await actors.clients.tenantOwner.put('/api/tenants', { id: actors.tenant.id, holidayRegion: 'DE-BE', schoolHolidays: [herbst] })).status).toBe(200);
    const rows = async () => Number((await sql().execute<{ count: string }[]>('select count(*)::text as count from tenant_change_log where tenant_id = ?', [actors.tenant.id]))[0].count);
    const before = await rows();

    const response = await actors.clients.tenantOwner.put('/api/tenants', {
      id: actors.tenant.id,
      holidayRegion: 'DE-XX',
      schoolHolidays: [
        { title: 'Herbstferien', from: '2027-10-23', to: '2027-10-11' },
        { title: '', from: '2027-02-30', to: '' },
        { title: 'x'.repeat(201), from: '2027-07-01', to: '2027-08-13' },
        'Sommerferien',
      ],
    });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('generic.validation');
    expect(response.json.errors).toEqual({
      holidayRegion: 'Unbekanntes Bundesland. Erlaubt ist ein Kürzel wie DE-BE (Berlin) oder keins.',
      'schoolHolidays.0.to': 'Das Ende der Ferien darf nicht vor ihrem Beginn liegen.',
      'schoolHolidays.1.title': 'Pflichtfeld',
      'schoolHolidays.1.from': 'Muss ein Datum im Format JJJJ-MM-TT sein.',
      'schoolHolidays.1.to': 'Pflichtfeld',
      'schoolHolidays.2.title': 'Höchstens 200 Zeichen erlaubt.',
      'schoolHolidays.3.title': 'Pflichtfeld',
      'schoolHolidays.3.from': 'Pflichtfeld',
      'schoolHolidays.3.to': 'Pflichtfeld',
    });
    const notAList = await actors.clients.tenantOwner.put('/api/tenants', { id: actors.tenant.id, schoolHolidays: 'Herbstferien' });
    expect(notAList.status).toBe(400);
    expect(notAList.json.errors).toEqual({ schoolHolidays: 'Höchstens 100 Ferienzeiträume, jeder mit Bezeichnung, von und bis.' });
    const tooMany = await actors.clients.tenantOwner.put('/api/tenants', { id: actors.tenant.id, schoolHolidays: Array.from({ length: 101 }, () => herbst) });
    expect(tooMany.json.errors).toEqual({ schoolHolidays: 'Höchstens 100 Ferienzeiträume, jeder mit Bezeichnung, von und bis.' });
    const hundred = await actors.clients.tenantOwner.put('/api/tenants', { id: actors.tenant.id, schoolHolidays: Array.from({ length: 100 }, () => herbst) });
    expect(hundred.status).toBe(200);
    expect((await actors.clients.tenantOwner.put('/api/tenants', { id: actors.tenant.id, schoolHolidays: [herbst] })).status).toBe(200);
    const saved = await rows();

    const result = await actors.clients.tenantOwner.gql(SAVE_HOLIDAYS, {
      id: actors.tenant.id,
      input: { holidayRegion: 'Berlin', schoolHolidays: [{ title: 'Osterferien', from: '2027-04-02', to: '2027-03-22' }] },
    });
    expect(result.errors?.[0].extensions?.code).toBe('GENERIC_VALIDATION');
    expect(result.errors?.[0].extensions?.fieldErrors).toEqual({
      holidayRegion: 'Unbekanntes Bundesland. Erlaubt ist ein Kürzel wie DE-BE (Berlin) oder keins.',
      'schoolHolidays.0.to': 'Das Ende der Ferien darf nicht vor ihrem Beginn liegen.',
    });
    expect(await stored()).toMatchObject({ holidayRegion: 'DE-BE', schoolHolidays: [herbst] });
    // Refused saves record nothing: only the three accepted saves above wrote entries.
    expect(saved - before).toBe(2);
    expect(await rows()).toBe(saved);
  });
});

describe('creating', () => {
  it('needs the create right: only the instance owner by default (REST and GraphQL)', async () => {
    await expectRest(actors, allowed(['instanceOwner']), (client, name) => client.post('/api/tenants', { ...valid, name: `REST ${name}` }));
    await expectGraphql(actors, allowed(['instanceOwner']), (client, name) => client.gql(CREATE, { input: { ...valid, name: `GraphQL ${name}` } }));
  });

  it('with allowAllUsersToCreateTenant any user creates; server id, creator as owner, bundled templates', async () => {
    await setInstance('allow_all_users_to_create_tenant = true');
    try {
      const response = await actors.clients.outsider.post('/api/tenants', { ...valid, id: 'eigene-id', name: 'Neue Gemeinde', ownerUserIds: ['jemand@example.com'] });
      expect(response.status).toBe(201);
      expect(response.json.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.json.ownerUserIds).toEqual([actors.userIds.outsider]);
      expect(response.json.users).toEqual([]);
      expect(response.json.genericMailTemplate).toContain('<html lang="de">');
      expect(response.json.receiptTemplate).toContain('Zahlungsbeleg');
      expect(response.json.invoiceTemplate).toBe('');
      const mine = await actors.clients.outsider.gql<{ tenants: { id: string }[] }>('{ tenants { id } }');
      expect(mine.data?.tenants.map((tenant) => tenant.id)).toContain(response.json.id);
      const invalid = await actors.clients.outsider.post('/api/tenants', { name: 'Ohne alles' });
      expect(invalid.status).toBe(400);
      expect(Object.keys(invalid.json.errors).sort()).toEqual(['contactName', 'location', 'mail', 'phone', 'website']);
    } finally {
      await setInstance('allow_all_users_to_create_tenant = false');
    }
  });

  it('respects the quota: count/check false and creation refused once maxTenants is reached', async () => {
    expect((await actors.clients.anonymous.get('/api/tenants/count/check')).status).toBe(401);
    expect((await actors.clients.outsider.get('/api/tenants/count/check')).json).toBe(true);
    const count = await app.orm.em.fork().count(Tenant, {});
    await setInstance(`max_tenants = ${count}`);
    try {
      expect((await actors.clients.outsider.get('/api/tenants/count/check')).json).toBe(false);
      expect((await actors.clients.outsider.gql('{ tenantQuotaAvailable }')).data).toEqual({ tenantQuotaAvailable: false });
      const refused = await actors.clients.instanceOwner.post('/api/tenants', valid);
      expect(refused.status).toBe(409);
      expect(refused.json.code).toBe('tenant.quota-reached');
      const graph = await actors.clients.instanceOwner.gql(CREATE, { input: valid });
      expect(graph.errors?.[0].extensions?.code).toBe('TENANT_QUOTA_REACHED');
    } finally {
      await setInstance('max_tenants = null');
    }
    expect((await actors.clients.outsider.get('/api/tenants/count/check')).json).toBe(true);
  });
});

describe('deleting', () => {
  it('owners and instance owners only; roles, memberships and workflow go with it (REST and GraphQL)', async () => {
    const doomed = await createTenant(app.orm, {
      name: 'Zu löschen',
      owners: [actors.userIds.tenantOwner],
      roles: [{ name: 'Rolle' }],
      members: [{ userId: actors.userIds.memberAny, roles: ['Rolle'] }],
    });
    await actors.clients.tenantOwner.gql('mutation($id: ID!) { saveWorkflow(tenantId: $id, input: { active: true }) { id } }', { id: doomed.id });
    const refused = allowed([]);
    refused.tenantOwner = 'ok';
    refused.instanceOwner = 'ok';
    // Everyone else first (refused), then the owner deletes; the instance owner then finds nothing.
    for (const name of ['anonymous', 'outsider', 'memberWithoutFlag', 'memberOwnOnly', 'memberAny', 'memberOfOtherTenant'] as const) {
      const response = await actors.clients[name].request('DELETE', `/api/tenants/${doomed.id}`);
      expect(response.status, name).toBe(refused[name]);
      const graph = await actors.clients[name].gql('mutation($id: ID!) { deleteTenant(id: $id) }', { id: doomed.id });
      expect(graph.errors?.[0].extensions?.code, name).toBe(name === 'anonymous' ? 'AUTH_UNAUTHENTICATED' : 'AUTH_FORBIDDEN');
    }
    const response = await actors.clients.tenantOwner.request('DELETE', `/api/tenants/${doomed.id}`);
    expect(response.status).toBe(200);
    const em = app.orm.em.fork();
    expect(await em.count(Tenant, { id: doomed.id })).toBe(0);
    expect(await em.count(Role, { tenant: doomed.id })).toBe(0);
    expect(await em.count(TenantMembership, { tenant: doomed.id })).toBe(0);
    expect(await em.count(Workflow, { tenant: doomed.id })).toBe(0);
    expect((await actors.clients.instanceOwner.request('DELETE', `/api/tenants/${doomed.id}`)).status).toBe(404);

    const second = await createTenant(app.orm, { name: 'Auch weg' });
    const graph = await actors.clients.instanceOwner.gql('mutation($id: ID!) { deleteTenant(id: $id) }', { id: second.id });
    expect(graph.data).toEqual({ deleteTenant: true });
  });
});
