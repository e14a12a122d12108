import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorNames, createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The actors fixture itself: every actor signs in and sees exactly its own tenants. */
let app: TestApp;
let actors: Actors;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageCoupons', 'coupons');
});
afterAll(async () => app?.close());

const TENANTS = 'query { me { permissions { instanceOwner tenants { tenantId isOwner manageCoupons { readAny readOwn } } } } }';
type MeData = { me: { permissions: { instanceOwner: boolean; tenants: { tenantId: string; isOwner: boolean; manageCoupons: { readAny: boolean; readOwn: boolean } }[] } } | null };

describe('permission matrix actors', () => {
  it.each(actorNames)('%s has the expected permissions', async (name) => {
    const { data } = await actors.clients[name].gql<MeData>(TENANTS);
    const entries = data?.me?.permissions.tenants ?? [];
    const inTenant = entries.find((entry) => entry.tenantId === actors.tenant.id);
    switch (name) {
      case 'anonymous':
        return expect(data?.me).toBeNull();
      case 'outsider':
      case 'instanceOwner':
        expect(entries).toEqual([]);
        return expect(data?.me?.permissions.instanceOwner).toBe(name === 'instanceOwner');
      case 'memberOfOtherTenant':
        return expect(entries.map((entry) => entry.tenantId)).toEqual([actors.otherTenant.id]);
      case 'tenantOwner':
        return expect(inTenant?.isOwner).toBe(true);
      case 'memberWithoutFlag':
        return expect(inTenant?.manageCoupons).toEqual({ readAny: false, readOwn: false });
      case 'memberOwnOnly':
        return expect(inTenant?.manageCoupons).toEqual({ readAny: false, readOwn: true });
      case 'memberAny':
        return expect(inTenant?.manageCoupons).toEqual({ readAny: true, readOwn: true });
    }
  });
});
