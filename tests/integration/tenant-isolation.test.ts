import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAdmin } from '../support/app.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { AuthCheckerFn } from 'type-graphql';
import { authChecker as configuredAuthChecker, AuthRule } from '../../server/src/shared/graphql/auth.js';
import type { GraphQLContext } from '../../server/src/shared/graphql/context.js';
import type { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { User } from '../../server/src/users/user.entity.js';

/**
 * Two tenants: members see only their own tenant and permissions; the tenant-owner-only fields
 * (@auth(TENANT_OWNER)) and the user's private fields (@auth(SELF)) are guarded per object.
 */
let app: TestApp;
let alpha: Tenant;
let beta: Tenant;
const ownerA = { id: 'owner.a@example.com', password: 'owner-a-passwort', phone: '0111' };
const memberA = { id: 'member.a@example.com', password: 'member-a-passwort', phone: '0222', company: 'Firma A' };
const memberB = { id: 'member.b@example.com', password: 'member-b-passwort', phone: '0333' };
const clients: Record<string, HttpClient> = {};
/** The schema's auth checker, called directly with objects no query of the schema returns yet. */
const authChecker = configuredAuthChecker as AuthCheckerFn<GraphQLContext, AuthRule>;

beforeAll(async () => {
  app = await startTestApp();
  await Promise.all([createUser(app.orm, ownerA), createUser(app.orm, memberA), createUser(app.orm, memberB)]);
  alpha = await createTenant(app.orm, {
    name: 'Alpha-Gemeinde',
    genericMailTemplate: 'Vorlage Alpha',
    owners: [ownerA.id],
    roles: [{ name: 'Buchungen', adminInterfaces: ['bookings', 'rooms'], manageBookings: { readAny: true, updateOwn: true }, freeBookings: true }],
    members: [{ userId: memberA.id, roles: ['Buchungen'] }],
  });
  beta = await createTenant(app.orm, {
    name: 'Beta-Stadt',
    genericMailTemplate: 'Vorlage Beta',
    roles: [{ name: 'Alles', adminInterfaces: ['coupons'], manageCoupons: { create: true, readAny: true } }],
    members: [{ userId: memberB.id, roles: ['Alles'] }],
  });
  for (const user of [ownerA, memberA, memberB, testAdmin]) {
    clients[user.id] = app.client();
    await signIn(clients[user.id], user.id, user.password);
  }
});
afterAll(async () => app?.close());

const TENANTS = '{ tenants { id name } }';
const TENANTS_PRIVATE = 'query($onlyOwn: Boolean!) { tenants(onlyOwn: $onlyOwn) { id name genericMailTemplate } }';
const emptyFlags = { create: false, readOwn: false, readAny: false, updateOwn: false, updateAny: false, deleteOwn: false, deleteAny: false };

describe('tenants and permissions of a member', () => {
  it('GraphQL tenants lists only the own tenant, also when asking for all', async () => {
    expect((await clients[memberA.id].gql(TENANTS)).data).toEqual({ tenants: [{ id: alpha.id, name: 'Alpha-Gemeinde' }] });
    expect((await clients[memberA.id].gql('{ tenants(onlyOwn: false) { id } }')).data).toEqual({ tenants: [{ id: alpha.id }] });
    expect((await clients[memberB.id].gql(TENANTS)).data).toEqual({ tenants: [{ id: beta.id, name: 'Beta-Stadt' }] });
  });

  it('permissions.tenants holds only the own tenant with the role’s rights (GraphQL and REST)', async () => {
    const result = await clients[memberA.id].gql(
      '{ me { permissions { instanceOwner allowCreateTenant tenants { tenantId isOwner adminInterfaces freeBookings manageBookings { readAny updateOwn deleteAny } manageCoupons { create readAny } } } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      me: {
        permissions: {
          instanceOwner: false,
          allowCreateTenant: false,
          tenants: [
            {
              tenantId: alpha.id,
              isOwner: false,
              adminInterfaces: ['bookings', 'rooms'],
              freeBookings: true,
              manageBookings: { readAny: true, updateOwn: true, deleteAny: false },
              manageCoupons: { create: false, readAny: false },
            },
          ],
        },
      },
    });

    const rest = await clients[memberA.id].get('/auth/me');
    expect(rest.json.permissions).toEqual({
      instanceOwner: false,
      allowCreateTenant: false,
      tenants: [
        {
          tenantId: alpha.id,
          isOwner: false,
          adminInterfaces: ['bookings', 'rooms'],
          freeBookings: true,
          manageRoles: {},
          manageUsers: {},
          manageTenants: {},
          manageBookings: { readAny: true, updateOwn: true },
          manageBookables: {},
          manageCoupons: {},
        },
      ],
    });
    const restB = await clients[memberB.id].get('/auth/me');
    expect(restB.json.permissions.tenants.map((entry: { tenantId: string }) => entry.tenantId)).toEqual([beta.id]);
  });

  it('an owner without membership gets the owner entry with the ten interfaces and no flags', async () => {
    const result = await clients[ownerA.id].gql('{ me { permissions { tenants { tenantId isOwner adminInterfaces freeBookings manageRoles { create readAny } } } } }');
    expect(result.data).toEqual({
      me: {
        permissions: {
          tenants: [
            {
              tenantId: alpha.id,
              isOwner: true,
              adminInterfaces: ['bookings', 'coupons', 'events', 'locations', 'resources', 'roles', 'rooms', 'tenants', 'tickets', 'users'],
              freeBookings: false,
              manageRoles: { create: false, readAny: false },
            },
          ],
        },
      },
    });
  });
});

describe('tenant-owner-only fields (@auth(TENANT_OWNER))', () => {
  it('are FORBIDDEN for a plain member; the public fields still arrive', async () => {
    const result = await clients[memberA.id].gql(TENANTS_PRIVATE, { onlyOwn: true });
    expect(result.data).toEqual({ tenants: [{ id: alpha.id, name: 'Alpha-Gemeinde', genericMailTemplate: null }] });
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0]).toMatchObject({
      message: 'Sie haben keine Berechtigung für diese Aktion.',
      path: ['tenants', 0, 'genericMailTemplate'],
      extensions: { code: 'AUTH_FORBIDDEN', status: 403 },
    });
  });

  it('are readable for the tenant owner', async () => {
    const result = await clients[ownerA.id].gql(TENANTS_PRIVATE, { onlyOwn: true });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ tenants: [{ id: alpha.id, name: 'Alpha-Gemeinde', genericMailTemplate: 'Vorlage Alpha' }] });
  });

  it('are readable for the instance owner, who may list every tenant', async () => {
    const all = await clients[testAdmin.id].gql(TENANTS_PRIVATE, { onlyOwn: false });
    expect(all.errors).toBeUndefined();
    expect(all.data).toEqual({
      tenants: [
        { id: alpha.id, name: 'Alpha-Gemeinde', genericMailTemplate: 'Vorlage Alpha' },
        { id: beta.id, name: 'Beta-Stadt', genericMailTemplate: 'Vorlage Beta' },
      ],
    });
    // Without onlyOwn too: the instance owner holds no membership but works in every tenant.
    expect((await clients[testAdmin.id].gql(TENANTS)).data).toEqual({
      tenants: [
        { id: alpha.id, name: 'Alpha-Gemeinde' },
        { id: beta.id, name: 'Beta-Stadt' },
      ],
    });
  });
});

describe("the user's private fields (@auth(SELF))", () => {
  it('are readable by the user', async () => {
    const result = await clients[memberA.id].gql('{ me { user { id phone company address zipCode city } } }');
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ me: { user: { id: memberA.id, phone: '0222', company: 'Firma A', address: '', zipCode: '', city: '' } } });
  });

  it("are refused for another user's object, allowed for self and the instance owner", async () => {
    const { viewers } = app.app.services;
    const contextOf = (userId: string | null) =>
      ({ viewer: async () => (userId ? viewers.load(userId) : null) }) as unknown as GraphQLContext;
    const check = (viewerId: string | null, root: User) =>
      authChecker({ context: contextOf(viewerId), root, args: {}, info: {} as never }, [AuthRule.SELF]);
    const userB = await app.orm.em.fork().findOneOrFail(User, { id: memberB.id });

    await expect(check(memberA.id, userB)).rejects.toMatchObject({ code: 'auth.forbidden', extensions: { code: 'AUTH_FORBIDDEN' } });
    await expect(check(ownerA.id, userB)).rejects.toMatchObject({ code: 'auth.forbidden' });
    await expect(check(memberB.id, userB)).resolves.toBe(true);
    await expect(check(testAdmin.id, userB)).resolves.toBe(true);
    await expect(check(null, userB)).rejects.toMatchObject({ code: 'auth.unauthenticated', message: 'Bitte melden Sie sich an.' });
  });

  it('TENANT_OWNER is checked against the tenant object itself', async () => {
    const { viewers } = app.app.services;
    const check = (viewerId: string, root: Tenant) =>
      authChecker({ context: { viewer: () => viewers.load(viewerId) } as unknown as GraphQLContext, root, args: {}, info: {} as never }, [AuthRule.TENANT_OWNER]);
    await expect(check(ownerA.id, alpha)).resolves.toBe(true);
    await expect(check(ownerA.id, beta)).rejects.toMatchObject({ code: 'auth.forbidden' });
    await expect(check(memberB.id, beta)).rejects.toMatchObject({ code: 'auth.forbidden' });
  });
});

describe('GraphQL error shape', () => {
  it('anonymous tenants: AUTH_UNAUTHENTICATED with the German message', async () => {
    const result = await app.client().gql(TENANTS);
    expect(result.status).toBe(200);
    expect(result.data).toBeNull();
    expect(result.errors).toEqual([
      {
        message: 'Bitte melden Sie sich an.',
        locations: [{ line: 1, column: 3 }],
        path: ['tenants'],
        extensions: { code: 'AUTH_UNAUTHENTICATED', key: 'auth.unauthenticated', title: 'Zugriff verweigert', status: 401 },
      },
    ]);
  });

  it('an invalid query is GRAPHQL_VALIDATION_FAILED without a stack trace', async () => {
    const result = await app.client().gql('{ tenants { passwordHash } }');
    expect(result.status).toBe(400);
    expect(result.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(JSON.stringify(result.errors)).not.toContain('stacktrace');
  });

  it('the flag objects are complete booleans for a member without flags in an area', async () => {
    const result = await clients[memberA.id].gql(
      '{ me { permissions { tenants { manageRoles { create readOwn readAny updateOwn updateAny deleteOwn deleteAny } } } } }',
    );
    expect(result.data).toEqual({ me: { permissions: { tenants: [{ manageRoles: emptyFlags }] } } });
  });
});
