import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleView } from '../../server/src/roles/role.service.js';
import { Role } from '../../server/src/tenants/role.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { publicTenant } from '../../server/src/tenants/tenant.service.js';
import { expectGraphql, expectRest } from '../support/matrix-expect.js';
import { actorNames, createActors, type ActorName, type Actors } from '../support/permission-matrix.js';
import { recordedResponses } from '../support/secrets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The platform-level reads with the full permission matrix (8 actors) through REST and GraphQL,
 * asserting status or error code and the exact content per actor:
 * GET api/tenants?publicTenants=true / tenants(onlyOwn: true), GET api/tenants / tenants(onlyOwn: false),
 * GET api/tenants/count/check / tenantQuotaAvailable, GET api/tenants/{id}/payment-apps / paymentApps,
 * GET api/users/ids / userIds, GET api/roles / allRoles.
 *
 * Each area gets its own actors (manageTenants, manageUsers, manageRoles), so "without the flag",
 * "own only" and "any" refer to the area the operation belongs to.
 */
let app: TestApp;
let tenantActors: Actors;
let userActors: Actors;
let roleActors: Actors;

/** Stored secrets of the tenant under test: they must never appear in any answer of this file. */
const secrets = {
  smtp: 'matrix-smtp-geheim-4711',
  graph: 'matrix-graph-geheim-0815',
  giro: 'matrix-giro-schluessel-42',
  pm: 'matrix-pm-salz-43',
  locker: 'matrix-schliessfach-passwort-44',
};

const contact = {
  contactName: 'Paula Prüfer',
  location: 'Marktplatz 1, 54321 Prüfstadt',
  mail: 'info@pruefstadt.example',
  phone: '0123 98765',
  website: 'https://www.pruefstadt.example',
};

/** Roles created for the roles matrix (besides the three roles createActors makes). */
const extraRoles = {
  ownedByOwnOnly: 'Von Nur-eigene angelegt',
  ownedByAny: 'Von Alle angelegt',
  inOtherTenant: 'Im anderen Mandanten',
};

beforeAll(async () => {
  app = await startTestApp();
  tenantActors = await createActors(app, 'manageTenants', 'tenants');
  userActors = await createActors(app, 'manageUsers', 'users');
  roleActors = await createActors(app, 'manageRoles', 'roles');

  // The tenant under test gets contact data, mail secrets and payment and locker applications
  // (active and inactive) through its owner, the way the tenant screen saves them.
  const saved = await tenantActors.clients.tenantOwner.put('/api/tenants', {
    id: tenantActors.tenant.id,
    name: tenantActors.tenant.name,
    ...contact,
    paymentPurposeSuffix: 'MATRIX',
    noreplyMail: 'noreply@pruefstadt.example',
    noreplyPassword: secrets.smtp,
    noreplyGraphClientSecret: secrets.graph,
    applications: [
      { id: 'giroCockpit', active: true, paymentMerchantId: '4711', paymentProjectId: '0815', paymentSecret: secrets.giro },
      { id: 'pmPayment', active: false, paymentMode: 'test', paymentSecret: secrets.pm },
      { id: 'invoice', active: true, bank: 'Sparkasse', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: 'Prüfstadt', daysUntilPaymentDue: 14 },
      { id: 'pareva', active: true, serverUrl: 'https://locker.example/api', user: 'locker', password: secrets.locker },
    ],
  });
  expect(saved.status, saved.text).toBe(200);

  const em = app.orm.em.fork();
  em.create(Role, { tenant: em.getReference(Tenant, roleActors.tenant.id), name: extraRoles.ownedByOwnOnly, adminInterfaces: ['roles'], ownerUserId: roleActors.userIds.memberOwnOnly });
  em.create(Role, { tenant: em.getReference(Tenant, roleActors.tenant.id), name: extraRoles.ownedByAny, adminInterfaces: ['coupons'], ownerUserId: roleActors.userIds.memberAny });
  em.create(Role, { tenant: em.getReference(Tenant, roleActors.otherTenant.id), name: extraRoles.inOtherTenant, adminInterfaces: ['roles'], ownerUserId: null });
  await em.flush();
});
afterAll(async () => app?.close());

const sorted = (values: readonly string[]) => [...values].sort();
const idsOf = (list: readonly { id: string }[]) => list.map((item) => item.id);
/** JSON as the wire carries it (undefined dropped). */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const pick = (value: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, value[key]]));

/** All tenants of the instance in the order the lists use (name ascending, as the database sorts). */
const allTenants = () => app.orm.em.fork().find(Tenant, {}, { orderBy: { name: 'asc' } });

const PUBLIC_TENANT_KEYS = [
  'id',
  'name',
  'contactName',
  'location',
  'mail',
  'phone',
  'website',
  'bookableDetailLink',
  'eventDetailLink',
  'privacyNotice',
  'privacyPolicyLink',
  'defaultEventCreationMode',
  'enablePublicStatusView',
] as const;
const PUBLIC_TENANT_FIELDS = PUBLIC_TENANT_KEYS.join(' ');
const OWNER_TENANT_KEYS = ['id', 'name', 'noreplyMail', 'noreplyPasswordSet', 'noreplyGraphClientSecretSet', 'paymentPurposeSuffix'] as const;
const APPLICATION_KEYS = ['id', 'type', 'title', 'active', 'paymentSecretSet', 'passwordSet'] as const;
const OWNER_TENANT_FIELDS = `${OWNER_TENANT_KEYS.join(' ')} applications { ${APPLICATION_KEYS.join(' ')} }`;
const TENANTS = (fields: string) => `query($onlyOwn: Boolean!) { tenants(onlyOwn: $onlyOwn) { ${fields} } }`;

type TenantItem = Record<string, unknown> & { id: string };

describe('GET api/tenants?publicTenants=true and tenants(onlyOwn: true): the tenants the caller works in, public fields only', () => {
  /** Member or owner entries count; the instance owner holds none but may do everything, so he gets every tenant. */
  const expectedTenants = async (name: ActorName): Promise<Tenant[]> => {
    const { tenant, otherTenant } = tenantActors;
    if (name === 'instanceOwner') return allTenants();
    if (name === 'memberWithoutFlag' || name === 'memberOwnOnly' || name === 'memberAny' || name === 'tenantOwner') return [tenant];
    if (name === 'memberOfOtherTenant') return [otherTenant];
    return [];
  };

  it.each(actorNames)('%s', async (name) => {
    const client = tenantActors.clients[name];
    const rest = await client.get('/api/tenants?publicTenants=true');
    const gql = await client.gql<{ tenants: TenantItem[] }>(TENANTS(PUBLIC_TENANT_FIELDS), { onlyOwn: true });
    if (name === 'anonymous') {
      expectRest(rest, 401, 'REST');
      expectGraphql(gql, 401, 'GraphQL');
      expect(gql.data ?? null).toBeNull();
      return;
    }
    expectRest(rest, 200, 'REST');
    expectGraphql(gql, 200, 'GraphQL');
    const expectedList = await expectedTenants(name);
    if (name === 'instanceOwner') expect(expectedList.length, 'the instance has several tenants').toBeGreaterThan(1);
    // Exactly the public reduction of a tenant, with the stored values.
    const fresh = await app.orm.em.fork().find(Tenant, { id: { $in: idsOf(expectedList) } }, { orderBy: { name: 'asc' } });
    const expected = wire(fresh.map(publicTenant));
    expect(rest.json).toEqual(expected);
    for (const item of rest.json as TenantItem[]) expect(Object.keys(item).sort()).toEqual([...PUBLIC_TENANT_KEYS].sort());
    expect(gql.data?.tenants).toEqual(expected);
    const tenantUnderTest = (rest.json as TenantItem[]).find((item) => item.id === tenantActors.tenant.id);
    if (idsOf(expectedList).includes(tenantActors.tenant.id)) expect(tenantUnderTest).toMatchObject({ id: tenantActors.tenant.id, ...contact });
  });
});

describe('GET api/tenants and tenants(onlyOwn: false): full tenants', () => {
  /** REST: the owned tenants in full; the instance owner gets every tenant. */
  const expectedRestIds = async (name: ActorName): Promise<string[]> => {
    if (name === 'instanceOwner') return idsOf(await allTenants());
    if (name === 'tenantOwner') return [tenantActors.tenant.id];
    return [];
  };

  it.each(actorNames)('%s: REST GET api/tenants', async (name) => {
    const client = tenantActors.clients[name];
    const rest = await client.get('/api/tenants');
    if (name === 'anonymous') return expectRest(rest, 401, 'REST');
    expectRest(rest, 200, 'REST');
    const list = rest.json as TenantItem[];
    expect(idsOf(list)).toEqual(await expectedRestIds(name));
    // Each entry is the full tenant as GET api/tenants/{id} answers it (member and owner lists included), without secrets.
    for (const item of list) {
      const single = await tenantActors.clients.instanceOwner.get(`/api/tenants/${item.id}`);
      expectRest(single, 200, `GET api/tenants/${item.id}`);
      expect(item, item.id).toEqual(single.json);
      for (const key of ['noreplyPassword', 'noreplyGraphClientSecret']) expect(item).not.toHaveProperty(key);
    }
    if (list.some((item) => item.id === tenantActors.tenant.id)) {
      const mine = list.find((item) => item.id === tenantActors.tenant.id)!;
      expect(mine).toMatchObject({ ...contact, paymentPurposeSuffix: 'MATRIX', noreplyMail: 'noreply@pruefstadt.example', noreplyPasswordSet: true, noreplyGraphClientSecretSet: true });
      expect((mine.applications as Record<string, unknown>[]).map((application) => pick(application, APPLICATION_KEYS))).toEqual([
        { id: 'giroCockpit', type: 'payment', title: 'Online-Zahlung', active: true, paymentSecretSet: true, passwordSet: false },
        { id: 'pmPayment', type: 'payment', title: 'Online-Zahlung (pmPayment)', active: false, paymentSecretSet: true, passwordSet: false },
        { id: 'invoice', type: 'payment', title: 'Rechnung', active: true, paymentSecretSet: false, passwordSet: false },
        { id: 'pareva', type: 'locker', title: 'Pareva Schließfächer', active: true, paymentSecretSet: false, passwordSet: true },
      ]);
    }
  });

  /**
   * GraphQL has no "owned tenants only" list: tenants(onlyOwn: false) gives instance owners every
   * tenant and everyone else the tenants they belong to (as onlyOwn: true). The owner-only fields
   * stay closed (AUTH_FORBIDDEN) on tenants the caller does not own.
   */
  const expectedGraphIds = async (name: ActorName): Promise<string[]> => {
    if (name === 'instanceOwner') return idsOf(await allTenants());
    if (name === 'memberOfOtherTenant') return [tenantActors.otherTenant.id];
    if (name === 'outsider') return [];
    return [tenantActors.tenant.id];
  };

  it.each(actorNames)('%s: GraphQL tenants(onlyOwn: false) with the owner-only fields', async (name) => {
    const client = tenantActors.clients[name];
    const gql = await client.gql<{ tenants: TenantItem[] }>(TENANTS(OWNER_TENANT_FIELDS), { onlyOwn: false });
    if (name === 'anonymous') return expectGraphql(gql, 401, 'GraphQL');
    if (name === 'outsider') {
      expectGraphql(gql, 200, 'GraphQL');
      return expect(gql.data).toEqual({ tenants: [] });
    }
    if (name !== 'tenantOwner' && name !== 'instanceOwner') {
      // Members (with or without flags, also of the other tenant) are not owners: no owner fields.
      expectGraphql(gql, 403, 'GraphQL');
      for (const item of gql.data?.tenants ?? []) for (const key of ['noreplyMail', 'noreplyPasswordSet', 'applications']) expect(item[key] ?? null, key).toBeNull();
      return;
    }
    expectGraphql(gql, 200, 'GraphQL');
    const tenants = gql.data?.tenants ?? [];
    expect(idsOf(tenants)).toEqual(await expectedGraphIds(name));
    // The same values as the REST list shows for those tenants.
    const rest = (await tenantActors.clients.instanceOwner.get('/api/tenants')).json as TenantItem[];
    for (const item of tenants) {
      const restItem = rest.find((candidate) => candidate.id === item.id)!;
      expect(item).toEqual({
        ...pick(restItem, OWNER_TENANT_KEYS),
        applications: (restItem.applications as Record<string, unknown>[]).map((application) => pick(application, APPLICATION_KEYS)),
      });
    }
  });

  it.each(actorNames)('%s: GraphQL tenants(onlyOwn: false) with the public fields', async (name) => {
    const gql = await tenantActors.clients[name].gql<{ tenants: TenantItem[] }>(TENANTS(PUBLIC_TENANT_FIELDS), { onlyOwn: false });
    if (name === 'anonymous') return expectGraphql(gql, 401, 'GraphQL');
    expectGraphql(gql, 200, 'GraphQL');
    const ids = await expectedGraphIds(name);
    const fresh = await app.orm.em.fork().find(Tenant, { id: { $in: ids } }, { orderBy: { name: 'asc' } });
    expect(gql.data?.tenants).toEqual(wire(fresh.map(publicTenant)));
  });
});

describe('GET api/tenants/count/check and tenantQuotaAvailable: the tenant quota, for every signed-in user', () => {
  const setMaxTenants = (value: number | null) => app.orm.em.getConnection().execute(`update instance set max_tenants = ${value === null ? 'null' : Number(value)} where id = 1`);

  it.each(actorNames)('%s', async (name) => {
    const client = tenantActors.clients[name];
    const check = async (available: boolean, where: string) => {
      const rest = await client.get('/api/tenants/count/check');
      const gql = await client.gql<{ tenantQuotaAvailable: boolean }>('{ tenantQuotaAvailable }');
      if (name === 'anonymous') {
        expectRest(rest, 401, `REST ${where}`);
        expectGraphql(gql, 401, `GraphQL ${where}`);
        return;
      }
      expectRest(rest, 200, `REST ${where}`);
      expect(rest.json, where).toBe(available);
      expectGraphql(gql, 200, `GraphQL ${where}`);
      expect(gql.data, where).toEqual({ tenantQuotaAvailable: available });
    };
    await check(true, 'unlimited');
    const count = await app.orm.em.fork().count(Tenant, {});
    try {
      await setMaxTenants(count + 1);
      await check(true, 'one left');
      await setMaxTenants(count);
      await check(false, 'reached');
    } finally {
      await setMaxTenants(null);
    }
    await check(true, 'unlimited again');
  });
});

describe('GET api/tenants/{id}/payment-apps and paymentApps: PUBLIC, active payment applications only', () => {
  const PAYMENT_APPS = 'query($id: ID!) { paymentApps(tenantId: $id) { id title } }';

  it.each(actorNames)('%s', async (name) => {
    const client = tenantActors.clients[name];
    const expected = [
      { id: 'giroCockpit', title: 'Online-Zahlung' },
      { id: 'invoice', title: 'Rechnung' },
    ];
    const rest = await client.get(`/api/tenants/${tenantActors.tenant.id}/payment-apps`);
    expectRest(rest, 200, 'REST');
    expect(rest.json).toEqual(expected);
    const gql = await client.gql<{ paymentApps: { id: string; title: string }[] }>(PAYMENT_APPS, { id: tenantActors.tenant.id });
    expectGraphql(gql, 200, 'GraphQL');
    expect(gql.data).toEqual({ paymentApps: expected });

    // A tenant without applications: an empty list, for anyone.
    const none = await client.get(`/api/tenants/${tenantActors.otherTenant.id}/payment-apps`);
    expectRest(none, 200, 'REST other tenant');
    expect(none.json).toEqual([]);
    expect((await client.gql(PAYMENT_APPS, { id: tenantActors.otherTenant.id })).data).toEqual({ paymentApps: [] });

    // An unknown tenant: 404 for anyone (3.0.0 answered 500).
    expectRest(await client.get('/api/tenants/gibt-es-nicht/payment-apps'), 404, 'REST unknown');
    expectGraphql(await client.gql(PAYMENT_APPS, { id: 'gibt-es-nicht' }), 404, 'GraphQL unknown');
    expectRest(await client.get('/api/tenants/00000000-0000-4000-8000-000000000000/payment-apps'), 404, 'REST unknown uuid');
  });
});

describe('GET api/users/ids and userIds', () => {
  const USER_IDS = 'query($roles: [String!]) { userIds(roles: $roles) }';
  const allUserIds = async () => (await app.orm.em.getConnection().execute<{ id: string }[]>('select id from users')).map((row) => row.id);
  const roleId = async (tenantId: string, roleName: string) => (await app.orm.em.fork().findOneOrFail(Role, { tenant: tenantId, name: roleName })).id;

  /** Who may see no tenant's members (manageUsers readAny or updateAny) is refused the ids. */
  const refused: readonly ActorName[] = ['outsider', 'memberWithoutFlag', 'memberOwnOnly'];

  /**
   * Without a filter: every account for instance owners; otherwise the caller and the people
   * (members and owners) of the tenants whose members the caller may see.
   */
  const expectedIds = async (name: Exclude<ActorName, 'anonymous'>): Promise<string[]> => {
    const ids = userActors.userIds;
    switch (name) {
      case 'instanceOwner':
        return allUserIds();
      case 'memberOfOtherTenant':
        return [ids.memberOfOtherTenant];
      default:
        return [ids.memberWithoutFlag, ids.memberOwnOnly, ids.memberAny, ids.tenantOwner];
    }
  };

  it.each(actorNames)('%s: without a filter', async (name) => {
    const client = userActors.clients[name];
    const rest = await client.get('/api/users/ids');
    const gql = await client.gql<{ userIds: string[] }>(USER_IDS, {});
    if (name === 'anonymous') {
      expectRest(rest, 401, 'REST');
      return expectGraphql(gql, 401, 'GraphQL');
    }
    if (refused.includes(name)) {
      expectRest(rest, 403, 'REST');
      return expectGraphql(gql, 403, 'GraphQL');
    }
    expectRest(rest, 200, 'REST');
    expectGraphql(gql, 200, 'GraphQL');
    const expected = sorted(await expectedIds(name));
    expect(sorted(rest.json)).toEqual(expected);
    expect(sorted(gql.data?.userIds ?? [])).toEqual(expected);
    expect(gql.data?.userIds).toEqual(rest.json);
  });

  /**
   * With role ids of both tenants: members holding one of them, counted only in the caller's
   * tenants (instance owners: everywhere). The other tenant's holders stay hidden from this tenant's
   * people and vice versa.
   */
  it.each(actorNames)('%s: filtered by role ids of both tenants', async (name) => {
    const { tenant, otherTenant, userIds: ids } = userActors;
    const roles = [await roleId(tenant.id, 'Alle'), await roleId(tenant.id, 'Nur eigene'), await roleId(otherTenant.id, 'Alle')];
    const client = userActors.clients[name];
    const rest = await client.get(`/api/users/ids?filterRoles=${roles.join(',')}`);
    const legacy = await client.get(`/api/users/ids?roles=${roles.join(',')}`);
    const gql = await client.gql<{ userIds: string[] }>(USER_IDS, { roles });
    if (name === 'anonymous') {
      expectRest(rest, 401, 'REST');
      expectRest(legacy, 401, 'REST roles=');
      return expectGraphql(gql, 401, 'GraphQL');
    }
    if (refused.includes(name)) {
      expectRest(rest, 403, 'REST');
      expectRest(legacy, 403, 'REST roles=');
      return expectGraphql(gql, 403, 'GraphQL');
    }
    const expected: Partial<Record<Exclude<ActorName, 'anonymous'>, string[]>> = {
      memberAny: [ids.memberAny, ids.memberOwnOnly],
      memberOfOtherTenant: [ids.memberOfOtherTenant],
      tenantOwner: [ids.memberAny, ids.memberOwnOnly],
      instanceOwner: [ids.memberAny, ids.memberOwnOnly, ids.memberOfOtherTenant],
    };
    expectRest(rest, 200, 'REST');
    expectRest(legacy, 200, 'REST roles=');
    expectGraphql(gql, 200, 'GraphQL');
    expect(sorted(rest.json)).toEqual(sorted(expected[name] ?? []));
    expect(legacy.json).toEqual(rest.json);
    expect(sorted(gql.data?.userIds ?? [])).toEqual(sorted(expected[name] ?? []));
  });
});

describe('GET api/roles and allRoles: every role the caller may read, across tenants', () => {
  const ALL_ROLES = '{ allRoles { id tenantId name adminInterfaces freeBookings ownerUserId manageRoles { create readOwn readAny updateOwn updateAny deleteOwn deleteAny } } }';
  const GQL_ROLE_KEYS = ['id', 'tenantId', 'name', 'adminInterfaces', 'freeBookings', 'ownerUserId', 'manageRoles'] as const;

  /**
   * ALLOW(read, manageRoles) per role: the tenant's owner and members with readAny all roles of
   * their tenant, members with readOwn the roles they created, instance owners every role.
   */
  const expectedRoles = async (name: ActorName): Promise<Role[]> => {
    const { tenant, otherTenant, userIds: ids } = roleActors;
    const em = app.orm.em.fork();
    switch (name) {
      case 'instanceOwner':
        return em.find(Role, {});
      case 'tenantOwner':
      case 'memberAny':
        return em.find(Role, { tenant: tenant.id });
      case 'memberOwnOnly':
        return em.find(Role, { tenant: tenant.id, ownerUserId: ids.memberOwnOnly });
      case 'memberOfOtherTenant':
        return em.find(Role, { tenant: otherTenant.id });
      default:
        return [];
    }
  };

  it.each(actorNames)('%s', async (name) => {
    const client = roleActors.clients[name];
    const rest = await client.get('/api/roles');
    const gql = await client.gql<{ allRoles: Record<string, unknown>[] }>(ALL_ROLES);
    if (name === 'anonymous') {
      expectRest(rest, 401, 'REST');
      return expectGraphql(gql, 401, 'GraphQL');
    }
    expectRest(rest, 200, 'REST');
    expectGraphql(gql, 200, 'GraphQL');
    const byId = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.id).localeCompare(String(b.id));
    const expected = wire((await expectedRoles(name)).map(roleView)).sort(byId);
    expect([...(rest.json as { id: string }[])].sort(byId)).toEqual(expected);
    expect([...(gql.data?.allRoles ?? [])].sort(byId)).toEqual(expected.map((role) => pick(role, GQL_ROLE_KEYS)));

    // The cases spelled out: who sees the role the own-only member created, and the other tenant's roles.
    const names = (rest.json as { name: string; tenantId: string }[]).map((role) => role.name);
    expect(names.includes(extraRoles.ownedByOwnOnly), 'own role').toBe(['memberOwnOnly', 'memberAny', 'tenantOwner', 'instanceOwner'].includes(name));
    expect(names.includes(extraRoles.ownedByAny), 'role of another member').toBe(['memberAny', 'tenantOwner', 'instanceOwner'].includes(name));
    const otherTenantRoles = (rest.json as { tenantId: string }[]).filter((role) => role.tenantId === roleActors.otherTenant.id);
    expect(otherTenantRoles.length > 0, 'other tenant').toBe(['memberOfOtherTenant', 'instanceOwner'].includes(name));
  });
});

describe('secrets', () => {
  it('no answer of this file carries a stored secret value', () => {
    const leaks = recordedResponses().flatMap((response) =>
      Object.values(secrets)
        .filter((secret) => response.body.includes(secret))
        .map((secret) => `${response.method} ${response.path}: ${secret}`),
    );
    expect(leaks).toEqual([]);
  });
});
