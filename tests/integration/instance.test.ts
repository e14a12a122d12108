import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAdmin } from '../support/app.js';
import { createUser, signIn } from '../support/fixtures.js';
import { actorNames, createActors, type ActorName, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';

/**
 * Instance settings (GET/PUT api/instances, instanceSettings, updateInstance): instance owners
 * only, partial updates, write-only secrets, validation with the German messages, the
 * owner list (never empty, existing users only) and the public view.
 */
let app: TestApp;
let actors: Actors;
const secrets = ['smtp-passwort-geheim', 'graph-secret-geheim', 'sso-secret-geheim'];

const SETTINGS = `{ instanceSettings { contactAddress contactUrl dataProtectionUrl legalNoticeUrl mailAddress mailEnabled useOwnMailServer
  noreplyMail noreplyDisplayName noreplyHost noreplyPort noreplyUser noreplyPasswordSet noreplyStarttls noreplyUseGraphApi
  noreplyGraphTenantId noreplyGraphClientId noreplyGraphClientSecretSet ownerUserIds allowAllUsersToCreateTenant
  allowedUsersToCreateTenant maxTenants maxBookables maxEvents
  sso { active serverUrl realm publicClient privateClient privateClientSecretSet roleMapping { active roles { tenantId keycloakRole tenantRoleId } } } } }`;
const UPDATE = `mutation($input: InstanceInput!) { updateInstance(input: $input) { contactAddress mailAddress ownerUserIds allowAllUsersToCreateTenant noreplyPasswordSet sso { privateClientSecretSet } } }`;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageUsers', 'users');
});
afterAll(async () => app?.close());

const expectDenied = (name: ActorName, status: number, code: string | undefined) => {
  if (name === 'anonymous') {
    expect(status).toBe(401);
    if (code) expect(code).toMatch(/auth\.unauthenticated|AUTH_UNAUTHENTICATED/);
  } else {
    expect(status).toBe(403);
    if (code) expect(code).toMatch(/auth\.forbidden|FORBIDDEN/);
  }
};

describe('permission matrix', () => {
  it.each(actorNames)('GET api/instances and instanceSettings: %s', async (name) => {
    const client = actors.clients[name];
    const rest = await client.get('/api/instances');
    const gql = await client.gql<{ instanceSettings: { ownerUserIds: string[] } }>(SETTINGS);
    if (name === 'instanceOwner') {
      expect(rest.status).toBe(200);
      expect(rest.json.ownerUserIds).toEqual([testAdmin.id]);
      expect(gql.data?.instanceSettings.ownerUserIds).toEqual([testAdmin.id]);
    } else {
      expectDenied(name, rest.status, rest.json?.code);
      expect(gql.data).toBeNull();
      expect(gql.errors?.[0].extensions?.code).toBe(name === 'anonymous' ? 'AUTH_UNAUTHENTICATED' : 'AUTH_FORBIDDEN');
    }
  });

  it.each(actorNames)('PUT api/instances and updateInstance: %s', async (name) => {
    const client = actors.clients[name];
    const rest = await client.put('/api/instances', { contactAddress: `REST ${name}` });
    const gql = await client.gql<{ updateInstance: { contactAddress: string } }>(UPDATE, { input: { contactAddress: `GQL ${name}` } });
    const stored = await app.orm.em.getConnection().execute<{ contact_address: string }[]>('select contact_address from instance');
    if (name === 'instanceOwner') {
      expect(rest.status).toBe(200);
      expect(rest.json.contactAddress).toBe(`REST ${name}`);
      expect(gql.data?.updateInstance.contactAddress).toBe(`GQL ${name}`);
      expect(stored[0].contact_address).toBe(`GQL ${name}`);
    } else {
      expectDenied(name, rest.status, rest.json?.code);
      expect(gql.errors?.[0].extensions?.code).toBe(name === 'anonymous' ? 'AUTH_UNAUTHENTICATED' : 'AUTH_FORBIDDEN');
      expect(stored[0].contact_address).not.toContain(name);
    }
  });

  it.each(actorNames)('public instance data is open to everyone: %s', async (name) => {
    const rest = await actors.clients[name].get('/api/instances?publicInstance=true');
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.json).sort()).toEqual(['applications', 'contactAddress', 'contactUrl', 'dataProtectionUrl', 'legalNoticeUrl']);
  });
});

describe('PUT api/instances', () => {
  it('changes only the fields given, ignores unknown fields and returns the instance without secrets', async () => {
    const admin = actors.clients.instanceOwner;
    const response = await admin.put('/api/instances', {
      contactAddress: 'Marktplatz 2, 12345 Musterstadt',
      contactUrl: 'https://www.musterstadt.de',
      dataProtectionUrl: 'https://www.musterstadt.de/datenschutz',
      legalNoticeUrl: 'https://www.musterstadt.de/impressum',
      mailAddress: 'System@Musterstadt.de',
      maxTenants: 3,
      maxBookables: null,
      isInitialized: false,
      id: 7,
      hacked: true,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({
      contactAddress: 'Marktplatz 2, 12345 Musterstadt',
      legalNoticeUrl: 'https://www.musterstadt.de/impressum',
      mailAddress: 'System@Musterstadt.de',
      maxTenants: 3,
      maxBookables: null,
      maxEvents: null,
      ownerUserIds: [testAdmin.id],
    });
    expect(response.json).not.toHaveProperty('hacked');
    // Derived from the owners, never taken from a body: the sent false changes nothing.
    expect(response.json.isInitialized).toBe(true);
    const second = await admin.put('/api/instances', { contactUrl: 'https://stadt.example' });
    expect(second.json.contactAddress).toBe('Marktplatz 2, 12345 Musterstadt');
    expect(second.json.maxTenants).toBe(3);
  });

  it('keeps secrets write-only: reported as set, kept when absent or empty, removed with null', async () => {
    const admin = actors.clients.instanceOwner;
    const set = await admin.put('/api/instances', {
      noreplyPassword: secrets[0],
      noreplyGraphClientSecret: secrets[1],
      applications: [{ id: 'keycloak', type: 'auth', serverUrl: 'https://login.example.org', realm: 'stadt', publicClient: 'web', privateClient: 'api', privateClientSecret: secrets[2] }],
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ noreplyPasswordSet: true, noreplyGraphClientSecretSet: true });
    expect(set.json.applications[0]).toMatchObject({ id: 'keycloak', privateClientSecretSet: true, serverUrl: 'https://login.example.org', privateClient: 'api' });

    const kept = await admin.put('/api/instances', { noreplyPassword: '', noreplyHost: 'smtp.example.org', applications: [{ id: 'keycloak', realm: 'stadt2' }] });
    expect(kept.json).toMatchObject({ noreplyPasswordSet: true, noreplyGraphClientSecretSet: true });
    expect(kept.json.applications[0]).toMatchObject({ privateClientSecretSet: true, realm: 'stadt2', publicClient: 'web' });
    const stored = await app.orm.em.getConnection().execute<{ noreply_password: string; applications: { privateClientSecret: string }[] }[]>(
      'select noreply_password, applications from instance',
    );
    expect(stored[0].noreply_password).toBe(secrets[0]);
    expect(stored[0].applications[0].privateClientSecret).toBe(secrets[2]);

    const { data } = await admin.gql<{ updateInstance: { noreplyPasswordSet: boolean; sso: { privateClientSecretSet: boolean } } }>(UPDATE, {
      input: { noreplyPassword: null, sso: { privateClientSecret: null } },
    });
    expect(data?.updateInstance).toMatchObject({ noreplyPasswordSet: false, sso: { privateClientSecretSet: false } });

    for (const answer of [set, kept, await admin.get('/api/instances'), (await admin.gql(SETTINGS)).response]) {
      for (const secret of secrets) expect(answer.text).not.toContain(secret);
    }
  });

  it('validates with the German messages and stores nothing on error', async () => {
    const admin = actors.clients.instanceOwner;
    const response = await admin.put('/api/instances', {
      contactAddress: 'Darf nicht gespeichert werden',
      mailAddress: 'keine-adresse',
      contactUrl: 'ftp://example.org',
      legalNoticeUrl: 'kein link',
      maxEvents: -1,
      noreplyPort: 70000,
      applications: [{ id: 'keycloak', serverUrl: 'nicht-url', roleMapping: { roles: [{ tenantId: actors.tenant.id, keycloakRole: 'x', tenantRoleId: '00000000-0000-0000-0000-000000000000' }] } }],
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: 'generic.validation',
      errors: {
        mailAddress: 'Muss gültige E-Mail-Adresse sein.',
        contactUrl: 'Ungültige URL.',
        legalNoticeUrl: 'Ungültige URL.',
        maxEvents: 'Muss eine ganze Zahl sein.',
        noreplyPort: 'Muss ein Port zwischen 1 und 65535 sein.',
        'sso.serverUrl': 'Ungültige URL.',
        'sso.roleMapping.roles.0.tenantRoleId': 'Rolle nicht gefunden',
      },
    });
    const { data } = await admin.gql<{ instanceSettings: { contactAddress: string } }>(SETTINGS);
    expect(data?.instanceSettings.contactAddress).not.toBe('Darf nicht gespeichert werden');
  });

  it('requires one complete mail method (SMTP or Graph) when the instance uses its own mail server', async () => {
    const admin = actors.clients.instanceOwner;
    await admin.put('/api/instances', { noreplyHost: '', noreplyUser: '', noreplyPassword: null });
    const smtp = await admin.put('/api/instances', { useOwnMailServer: true, noreplyUseGraphApi: false, noreplyMail: 'noreply@stadt.example', noreplyDisplayName: 'Stadt' });
    expect(smtp.status).toBe(400);
    expect(smtp.json.errors).toEqual({ noreplyHost: 'Pflichtfeld', noreplyPort: 'Pflichtfeld', noreplyUser: 'Pflichtfeld', noreplyPasswordSet: 'Pflichtfeld' });
    const graph = await admin.put('/api/instances', { useOwnMailServer: true, noreplyUseGraphApi: true, noreplyMail: 'noreply@stadt.example', noreplyDisplayName: 'Stadt', noreplyGraphClientSecret: null });
    expect(graph.json.errors).toEqual({ noreplyGraphTenantId: 'Pflichtfeld', noreplyGraphClientId: 'Pflichtfeld', noreplyGraphClientSecretSet: 'Pflichtfeld' });
    const noSender = await admin.put('/api/instances', { useOwnMailServer: true, noreplyUseGraphApi: true, noreplyMail: 'kaputt', noreplyDisplayName: 'Stadt', noreplyGraphTenantId: 't', noreplyGraphClientId: 'c', noreplyGraphClientSecret: 's' });
    expect(noSender.json.errors).toEqual({ noreplyMail: 'Muss gültige E-Mail-Adresse sein.' });
    const complete = await admin.put('/api/instances', { useOwnMailServer: true, noreplyUseGraphApi: true, noreplyMail: 'noreply@stadt.example', noreplyDisplayName: 'Stadt', noreplyGraphTenantId: 't', noreplyGraphClientId: 'c', noreplyGraphClientSecret: 's' });
    expect(complete.status, complete.text).toBe(200);
    expect(complete.json).toMatchObject({ useOwnMailServer: true, noreplyUseGraphApi: true, noreplyGraphClientSecretSet: true });
    await admin.put('/api/instances', { useOwnMailServer: false });
  });
});

describe('owners and tenant creation', () => {
  it('adds and removes owners (existing users only, never the last) and tells the affected users at once', async () => {
    const admin = actors.clients.instanceOwner;
    const newOwner = actors.userIds.outsider;
    const outsiderClient = actors.clients.outsider;
    type Changed = { sessionChanged: { permissions: { instanceOwner: boolean } } };
    /** A socket of the outsider with sessionChanged, once the subscription is registered. */
    const watchSession = async () => {
      const ws = graphqlWsClient(app.url, { cookie: outsiderClient.cookieHeader() });
      const recorder = new SubscriptionRecorder<Changed>(ws, 'subscription { sessionChanged { permissions { instanceOwner } } }');
      // The subscription registers asynchronously: wait for it with profile changes first.
      let attempt = 0;
      while (recorder.results.length === 0) {
        expect(attempt++, 'subscription never delivered').toBeLessThan(40);
        await outsiderClient.put('/api/user', { city: `Ort ${attempt}` });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { recorder, stop: async () => (recorder.stop(), await ws.dispose()) };
    };
    const first = await watchSession();
    try {
      const unknown = await admin.put('/api/instances', { ownerUserIds: [testAdmin.id, 'gibt-es-nicht@example.com'] });
      expect(unknown.status).toBe(400);
      expect(unknown.json.errors.ownerUserIds).toContain('gibt-es-nicht@example.com');

      const added = await admin.put('/api/instances', { ownerUserIds: [testAdmin.id, newOwner.toUpperCase()] });
      expect(added.json.ownerUserIds).toEqual([testAdmin.id, newOwner]);
      await first.recorder.waitFor((result) => result.data?.sessionChanged.permissions.instanceOwner === true);
      expect((await outsiderClient.get('/api/instances')).status).toBe(200);
      // The rights changed: the socket closes after the news (4403), and the client subscribes again.
      await first.recorder.waitForEnd();
      expect((first.recorder.error as { code?: number } | undefined)?.code).toBe(4403);
    } finally {
      await first.stop();
    }

    const second = await watchSession();
    try {
      const empty = await admin.put('/api/instances', { ownerUserIds: [] });
      expect(empty.status).toBe(409);
      expect(empty.json).toMatchObject({ code: 'instance.last-owner', title: 'Fehler beim Aktualisieren der Instanz' });

      const removed = await admin.gql<{ updateInstance: { ownerUserIds: string[] } }>(UPDATE, { input: { ownerUserIds: [testAdmin.id] } });
      expect(removed.data?.updateInstance.ownerUserIds).toEqual([testAdmin.id]);
      await second.recorder.waitFor((result) => result.data?.sessionChanged.permissions.instanceOwner === false);
      expect((await outsiderClient.get('/api/instances')).status).toBe(403);
    } finally {
      await second.stop();
    }
  });

  it('grants tenant creation to all users or to named users', async () => {
    const admin = actors.clients.instanceOwner;
    const extra = 'darf-anlegen@example.com';
    await createUser(app.orm, { id: extra, password: 'darf-anlegen-1' });
    const user = app.client({ ip: '10.78.0.9' });
    await signIn(user, extra, 'darf-anlegen-1');
    const allowed = async () => (await user.get('/auth/me')).json.permissions.allowCreateTenant as boolean;
    expect(await allowed()).toBe(false);
    await admin.put('/api/instances', { allowedUsersToCreateTenant: [extra] });
    expect(await allowed()).toBe(true);
    await admin.put('/api/instances', { allowedUsersToCreateTenant: [], allowAllUsersToCreateTenant: true });
    expect(await allowed()).toBe(true);
    const { data } = await admin.gql<{ instanceSettings: { allowAllUsersToCreateTenant: boolean; allowedUsersToCreateTenant: string[] } }>(SETTINGS);
    expect(data?.instanceSettings).toMatchObject({ allowAllUsersToCreateTenant: true, allowedUsersToCreateTenant: [] });
    await admin.put('/api/instances', { allowAllUsersToCreateTenant: false });
    expect(await allowed()).toBe(false);
  });
});
