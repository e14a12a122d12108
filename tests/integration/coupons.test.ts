import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Coupon, CouponType } from '../../server/src/coupons/coupon.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { expectGraphql, expectRest } from '../support/matrix-expect.js';
import { actorNames, createActors, type ActorName, type Actors, readableBy } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Coupons through GraphQL and REST with the permission matrix (session and the
 * manageCoupons rights via ALLOW, ownership by ownerUserId), validation, the unique number per
 * tenant, validity of GET by number, and tenant isolation.
 */
let app: TestApp;
let actors: Actors;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageCoupons', 'coupons');
});
afterAll(async () => app?.close());

const FIELDS = 'id tenantId description type discount maxAmount usedAmount validFrom validTo ownerUserId active exhausted valid';
const COUPONS = `query($tenantId: ID!) { coupons(tenantId: $tenantId) { ${FIELDS} } }`;
const COUPON = `query($tenantId: ID!, $id: ID!) { coupon(tenantId: $tenantId, id: $id) { ${FIELDS} } }`;
const CREATE = `mutation($tenantId: ID!, $input: CouponInput!) { createCoupon(tenantId: $tenantId, input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($tenantId: ID!, $input: CouponInput!) { updateCoupon(tenantId: $tenantId, input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation($tenantId: ID!, $id: ID!) { deleteCoupon(tenantId: $tenantId, id: $id) }';

let counter = 0;
/** A coupon in a tenant, created by someone other than the actor (default: the member with "any" flags). */
async function foreignCoupon(data: Partial<Coupon> = {}, tenantId = actors.tenant.id, ownerUserId: string | null = actors.userIds.memberAny): Promise<Coupon> {
  const em = app.orm.em.fork();
  const coupon = em.create(Coupon, {
    tenant: em.getReference(Tenant, tenantId),
    code: `FREMD-${++counter}`,
    description: 'Fremder Gutschein',
    type: CouponType.fixed,
    discount: 5,
    usedAmount: 0,
    ownerUserId,
    ...data,
  });
  await em.flush();
  return coupon;
}

const stored = (tenantId: string, code: string) => app.orm.em.fork().findOne(Coupon, { tenant: tenantId, code });
const url = (path = '', tenantId = actors.tenant.id) => `/api/${tenantId}/coupons${path}`;

const expected = {
  read: { anonymous: 401, outsider: 403, memberWithoutFlag: 403, memberOwnOnly: 403, memberAny: 200, memberOfOtherTenant: 403, tenantOwner: 200, instanceOwner: 200 },
  create: { anonymous: 401, outsider: 403, memberWithoutFlag: 403, memberOwnOnly: 201, memberAny: 201, memberOfOtherTenant: 403, tenantOwner: 201, instanceOwner: 201 },
  update: { anonymous: 401, outsider: 403, memberWithoutFlag: 403, memberOwnOnly: 403, memberAny: 201, memberOfOtherTenant: 403, tenantOwner: 201, instanceOwner: 201 },
  delete: { anonymous: 401, outsider: 403, memberWithoutFlag: 403, memberOwnOnly: 403, memberAny: 200, memberOfOtherTenant: 403, tenantOwner: 200, instanceOwner: 200 },
} satisfies Record<string, Record<ActorName, number>>;

describe('reading a coupon someone else created', () => {
  it.each(actorNames)('%s: REST GET api/{tenantId}/coupons/{id} and GraphQL coupon', async (name) => {
    const coupon = await foreignCoupon({ maxAmount: 3, usedAmount: 1 });
    const client = actors.clients[name];
    const rest = await client.get(url(`/${coupon.code}`));
    expectRest(rest, expected.read[name], `REST ${name}`);
    const gql = await client.gql(COUPON, { tenantId: actors.tenant.id, id: coupon.code });
    expectGraphql(gql, expected.read[name], `GraphQL ${name}`);
    if (expected.read[name] === 200) {
      expect(rest.json).toEqual({
        id: coupon.code,
        tenantId: actors.tenant.id,
        description: 'Fremder Gutschein',
        type: 'fixed',
        discount: 5,
        maxAmount: 3,
        usedAmount: 1,
        validFrom: null,
        validTo: null,
        ownerUserId: actors.userIds.memberAny,
      });
      expect(gql.data).toEqual({ coupon: { ...rest.json, active: true, exhausted: false, valid: true } });
    }
  });

  it('GET by number applies the validity rule (used up or outside its dates → 400), GraphQL reports it', async () => {
    const hour = 3_600_000;
    const cases = [
      { data: { maxAmount: 2, usedAmount: 2 }, valid: false, active: true, exhausted: true },
      { data: { validTo: new Date(Date.now() - hour) }, valid: false, active: false, exhausted: false },
      { data: { validFrom: new Date(Date.now() + hour) }, valid: false, active: false, exhausted: false },
      { data: { validFrom: new Date(Date.now() - hour), validTo: new Date(Date.now() + hour), maxAmount: 2, usedAmount: 1 }, valid: true, active: true, exhausted: false },
    ];
    for (const { data, valid, active, exhausted } of cases) {
      const coupon = await foreignCoupon(data);
      const rest = await actors.clients.tenantOwner.get(url(`/${coupon.code}`));
      expectRest(rest, valid ? 200 : 400, JSON.stringify(data));
      if (!valid) expect(rest.json).toMatchObject({ code: 'coupon.not-available', title: 'Gutschein nicht verfügbar' });
      const gql = await actors.clients.tenantOwner.gql(COUPON, { tenantId: actors.tenant.id, id: coupon.code });
      expect(gql.data).toMatchObject({ coupon: { valid, active, exhausted } });
    }
    expectRest(await actors.clients.tenantOwner.get(url('/GIBT-ES-NICHT')), 404, 'unknown');
    expectGraphql(await actors.clients.tenantOwner.gql(COUPON, { tenantId: actors.tenant.id, id: 'GIBT-ES-NICHT' }), 404, 'unknown');
  });
});

describe('coupon lists', () => {
  it.each(actorNames)('%s: REST GET api/{tenantId}/coupons and GraphQL coupons show exactly the readable coupons', async (name) => {
    const client = actors.clients[name];
    const rest = await client.get(url());
    const gql = await client.gql<{ coupons: { id: string }[] }>(COUPONS, { tenantId: actors.tenant.id });
    if (name === 'anonymous') {
      expectRest(rest, 401, 'REST');
      return expectGraphql(gql, 401, 'GraphQL');
    }
    expectRest(rest, 200, 'REST');
    expectGraphql(gql, 200, 'GraphQL');
    const all = await app.orm.em.fork().find(Coupon, { tenant: actors.tenant.id });
    const visible = readableBy(actors, name, all, (coupon) => coupon.ownerUserId);
    const codes = (list: { id: string }[]) => list.map((coupon) => coupon.id).sort();
    expect(codes(rest.json)).toEqual(visible.map((coupon) => coupon.code).sort());
    expect(codes(gql.data?.coupons ?? [])).toEqual(visible.map((coupon) => coupon.code).sort());
  });
});

describe('creating coupons', () => {
  it.each(actorNames)('%s: REST PUT with a new number and GraphQL createCoupon', async (name) => {
    const client = actors.clients[name];
    const validFrom = Date.UTC(2026, 0, 1, 9, 30);
    const rest = await client.put(url(), {
      id: `NEU-REST-${name}`,
      tenantId: actors.otherTenant.id,
      description: 'Sommeraktion',
      type: 'percentage',
      discount: 12.5,
      maxAmount: '10.7',
      usedAmount: 99,
      ownerUserId: 'jemand@example.com',
      validFrom,
      validTo: null,
    });
    expectRest(rest, expected.create[name], `REST ${name}`);
    const gql = await client.gql<{ createCoupon: { id: string; type: string; ownerUserId: string } }>(CREATE, {
      tenantId: actors.tenant.id,
      input: { id: `NEU-GQL-${name}`, discount: 3 },
    });
    expectGraphql(gql, expected.create[name], `GraphQL ${name}`);

    const [restCoupon, gqlCoupon] = [await stored(actors.tenant.id, `NEU-REST-${name}`), await stored(actors.tenant.id, `NEU-GQL-${name}`)];
    if (expected.create[name] !== 201) {
      expect(restCoupon).toBeNull();
      return expect(gqlCoupon).toBeNull();
    }
    const owner = actors.userIds[name as Exclude<ActorName, 'anonymous'>];
    expect(rest.json).toEqual({
      id: `NEU-REST-${name}`,
      tenantId: actors.tenant.id,
      description: 'Sommeraktion',
      type: 'percentage',
      discount: 12.5,
      maxAmount: 10,
      usedAmount: 0,
      validFrom,
      validTo: null,
      ownerUserId: owner,
    });
    expect(restCoupon?.validFrom?.getTime()).toBe(validFrom);
    // A new coupon starts with type fixed; the creator owns it.
    expect(gql.data?.createCoupon).toMatchObject({ id: `NEU-GQL-${name}`, type: 'fixed', ownerUserId: owner });
    expect(await stored(actors.otherTenant.id, `NEU-REST-${name}`)).toBeNull();
  });

  it('a number that exists in the tenant is coupon.create.error; the same number in another tenant is fine', async () => {
    const existing = await foreignCoupon();
    const gql = await actors.clients.tenantOwner.gql(CREATE, { tenantId: actors.tenant.id, input: { id: existing.code, discount: 1 } });
    expectGraphql(gql, 409, 'duplicate');
    expect(gql.errors?.[0]?.message).toBe('Der Gutscheincode muss eindeutig sein.');
    expect(await stored(actors.tenant.id, existing.code)).toMatchObject({ discount: 5, ownerUserId: actors.userIds.memberAny });

    const elsewhere = await actors.clients.memberOfOtherTenant.gql(CREATE, { tenantId: actors.otherTenant.id, input: { id: existing.code, discount: 1 } });
    expectGraphql(elsewhere, 200, 'same number, other tenant');
  });

  it('without a number the server generates an 8-character code (REST and GraphQL)', async () => {
    const rest = await actors.clients.tenantOwner.put(url(), { discount: 2 });
    expectRest(rest, 201, 'generated');
    expect(rest.json.id).toMatch(/^[A-Z2-9]{8}$/);
    const gql = await actors.clients.tenantOwner.gql<{ createCoupon: { id: string } }>(CREATE, { tenantId: actors.tenant.id, input: { id: '  ', discount: 2 } });
    expect(gql.data?.createCoupon.id).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('validates with German messages: discount required and in range, maxAmount whole and ≥ 0, type, dates', async () => {
    const client = actors.clients.tenantOwner;
    const errors = async (body: Record<string, unknown>) => {
      const response = await client.put(url(), body);
      expectRest(response, 400, JSON.stringify(body));
      expect(response.json).toMatchObject({ code: 'generic.validation', title: 'Validierungsfehler' });
      return response.json.errors as Record<string, string>;
    };
    expect(await errors({ id: 'V1' })).toEqual({ discount: 'Pflichtfeld' });
    expect(await errors({ id: 'V1', discount: null })).toEqual({ discount: 'Pflichtfeld' });
    expect((await errors({ id: 'V1', type: 'percentage', discount: 101 })).discount).toBe('Muss zwischen 0 und 100 liegen');
    expect((await errors({ id: 'V1', type: 'fixed', discount: -1 })).discount).toBe('Darf nicht negativ sein');
    expect((await errors({ id: 'V1', discount: 'viel' })).discount).toBe('Muss eine Zahl sein');
    expect((await errors({ id: 'V1', discount: 1, maxAmount: -2 })).maxAmount).toBe('Muss eine ganze Zahl ab 0 sein');
    expect(await errors({ id: 'V1', discount: 1, type: 'gratis' })).toHaveProperty('type');
    expect(await errors({ id: 'V1', discount: 1, validTo: 'morgen' })).toHaveProperty('validTo');
    const gql = await client.gql(CREATE, { tenantId: actors.tenant.id, input: { id: 'V1', type: 'percentage', discount: 150 } });
    expectGraphql(gql, 400, 'GraphQL');
    expect(gql.errors?.[0]?.extensions?.fieldErrors).toEqual({ discount: 'Muss zwischen 0 und 100 liegen' });
    expect(await stored(actors.tenant.id, 'V1')).toBeNull();
    // Percentages of exactly 0 and 100 and a fixed amount of 0 are fine.
    expectRest(await client.put(url(), { id: 'V100', type: 'percentage', discount: 100 }), 201, '100 %');
    expectRest(await client.put(url(), { id: 'V0', type: 'fixed', discount: 0, maxAmount: 0 }), 201, '0 €');
  });
});

describe('updating coupons', () => {
  it.each(actorNames)('%s: REST PUT with an existing number and GraphQL updateCoupon on a coupon someone else created', async (name) => {
    const client = actors.clients[name];
    const [first, second] = [await foreignCoupon({ usedAmount: 4, maxAmount: 9 }), await foreignCoupon()];
    const rest = await client.put(url(), { id: first.code, description: `Geändert ${name}`, discount: 7.25, type: 'fixed', maxAmount: null, usedAmount: 0, ownerUserId: 'dieb@example.com', validTo: Date.UTC(2030, 0, 1) });
    expectRest(rest, expected.update[name], `REST ${name}`);
    const gql = await client.gql(UPDATE, { tenantId: actors.tenant.id, input: { id: second.code, type: 'percentage', discount: 50 } });
    expectGraphql(gql, expected.update[name], `GraphQL ${name}`);

    const [afterRest, afterGql] = [await stored(actors.tenant.id, first.code), await stored(actors.tenant.id, second.code)];
    if (expected.update[name] === 201) {
      // Owner and usedAmount stay as stored, whatever the body says.
      expect(rest.json).toMatchObject({ id: first.code, description: `Geändert ${name}`, discount: 7.25, maxAmount: null, usedAmount: 4, ownerUserId: actors.userIds.memberAny, validTo: Date.UTC(2030, 0, 1) });
      expect(afterRest).toMatchObject({ description: `Geändert ${name}`, usedAmount: 4, ownerUserId: actors.userIds.memberAny, maxAmount: null });
      expect(afterGql).toMatchObject({ type: 'percentage', discount: 50, description: 'Fremder Gutschein' });
    } else {
      expect(afterRest).toMatchObject({ description: 'Fremder Gutschein', discount: 5, maxAmount: 9 });
      expect(afterGql).toMatchObject({ type: 'fixed', discount: 5 });
    }
  });

  it('a member with only the own flags may read, update and delete the coupons they created', async () => {
    const client = actors.clients.memberOwnOnly;
    expectRest(await client.put(url(), { id: 'EIGENER', discount: 1 }), 201, 'create');
    expectRest(await client.put(url(), { id: 'EIGENER', discount: 2, description: 'geändert' }), 201, 'update own');
    expect(await stored(actors.tenant.id, 'EIGENER')).toMatchObject({ discount: 2, description: 'geändert' });
    expectRest(await client.get(url('/EIGENER')), 200, 'read own');
    expectGraphql(await client.gql(UPDATE, { tenantId: actors.tenant.id, input: { id: 'EIGENER', maxAmount: 5 } }), 200, 'GraphQL update own');
    expectRest(await client.request('DELETE', url('/EIGENER')), 200, 'delete own');
    expect(await stored(actors.tenant.id, 'EIGENER')).toBeNull();
  });

  it('updating a number that does not exist is 404 in GraphQL; clearing dates stores null', async () => {
    expectGraphql(await actors.clients.tenantOwner.gql(UPDATE, { tenantId: actors.tenant.id, input: { id: 'NIRGENDS', discount: 1 } }), 404, 'unknown');
    const coupon = await foreignCoupon({ validFrom: new Date(), validTo: new Date(Date.now() + 1000) });
    const gql = await actors.clients.tenantOwner.gql(UPDATE, { tenantId: actors.tenant.id, input: { id: coupon.code, validFrom: null, validTo: null } });
    expect(gql.data).toMatchObject({ updateCoupon: { validFrom: null, validTo: null } });
  });
});

describe('deleting coupons', () => {
  it.each(actorNames)('%s: REST DELETE and GraphQL deleteCoupon on a coupon someone else created', async (name) => {
    const client = actors.clients[name];
    const [first, second] = [await foreignCoupon(), await foreignCoupon()];
    const rest = await client.request('DELETE', url(`/${first.code}`));
    expectRest(rest, expected.delete[name], `REST ${name}`);
    const gql = await client.gql(DELETE, { tenantId: actors.tenant.id, id: second.code });
    expectGraphql(gql, expected.delete[name], `GraphQL ${name}`);
    const gone = expected.delete[name] === 200;
    expect(await stored(actors.tenant.id, first.code)).toEqual(gone ? null : expect.objectContaining({ code: first.code }));
    expect(await stored(actors.tenant.id, second.code)).toEqual(gone ? null : expect.objectContaining({ code: second.code }));
    if (gone) expect(rest.text).toBe('');
  });
});

describe('tenant isolation', () => {
  it('a member with every flag in one tenant can neither read nor change the coupons of another', async () => {
    const other = await foreignCoupon({ code: 'GETEILT' }, actors.otherTenant.id, actors.userIds.memberOfOtherTenant);
    const client = actors.clients.memberAny;
    expectRest(await client.get(url('/GETEILT', actors.otherTenant.id)), 403, 'read other');
    expect((await client.get(url('', actors.otherTenant.id))).json).toEqual([]);
    expectRest(await client.put(url('', actors.otherTenant.id), { id: 'GETEILT', discount: 99 }), 403, 'update other');
    expectRest(await client.request('DELETE', url('/GETEILT', actors.otherTenant.id)), 403, 'delete other');
    expectGraphql(await client.gql(UPDATE, { tenantId: actors.otherTenant.id, input: { id: 'GETEILT', discount: 99 } }), 403, 'GraphQL update other');
    expectGraphql(await client.gql(DELETE, { tenantId: actors.otherTenant.id, id: 'GETEILT' }), 403, 'GraphQL delete other');
    expectGraphql(await client.gql(COUPONS, { tenantId: actors.otherTenant.id }), 200, 'GraphQL list other');
    // The same number in the own tenant is a different coupon: reading is 404, a PUT creates one here.
    expectRest(await client.get(url('/GETEILT')), 404, 'own tenant, foreign number');
    expectRest(await client.put(url(), { id: 'GETEILT', discount: 1 }), 201, 'own tenant create');
    expect(await stored(actors.otherTenant.id, 'GETEILT')).toMatchObject({ discount: 5, ownerUserId: other.ownerUserId });
    expect(await stored(actors.tenant.id, 'GETEILT')).toMatchObject({ discount: 1, ownerUserId: actors.userIds.memberAny });
  });
});
