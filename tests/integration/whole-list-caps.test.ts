import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHOLE_LIST_CAP } from '../../common/validation/paging.js';
import { testAdmin } from '../support/app.js';
import { createTenant, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The lists the screens read whole (tenants, a tenant's bookables) answer at most WHOLE_LIST_CAP
 * rows, the first in their order, however many exist.
 */
let app: TestApp;
let owner: HttpClient;
let tenantId: string;
const BEYOND = WHOLE_LIST_CAP + 5;

const sql = <T>(query: string, params: unknown[] = []) => app.orm.em.getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  app = await startTestApp();
  owner = app.client({ ip: '10.68.0.1' });
  await signIn(owner, testAdmin.id, testAdmin.password);
  tenantId = (await createTenant(app.orm, { name: 'Aaa Objektreich' })).id;
  await sql(`insert into tenants (id, name) select 'masse-mandant-' || n, 'Mandant ' || lpad(n::text, 4, '0') from generate_series(1, ?) as n`, [BEYOND]);
  await sql(
    `insert into bookables (id, tenant_id, type, title, is_public, created_at)
     select gen_random_uuid(), ?, 'room', 'Raum ' || lpad(n::text, 4, '0'), true, timestamptz '2026-10-01 00:00:00+00' + (n || ' seconds')::interval from generate_series(1, ?) as n`,
    [tenantId, BEYOND],
  );
}, 60_000);
afterAll(async () => app?.close());

describe(`lists read whole answer at most ${WHOLE_LIST_CAP} rows`, () => {
  it('the tenants of an instance owner: the first by name, over GraphQL and REST', async () => {
    const answer = await owner.gql<{ tenants: { id: string; name: string }[] }>('{ tenants { id name } }');
    const names = answer.data!.tenants.map((tenant) => tenant.name);
    expect(names).toHaveLength(WHOLE_LIST_CAP);
    expect(names[0]).toBe('Aaa Objektreich');
    expect(names[1]).toBe('Mandant 0001');
    expect(names.at(-1)).toBe(`Mandant ${String(WHOLE_LIST_CAP - 1).padStart(4, '0')}`);
    expect((await owner.get('/api/tenants')).json).toHaveLength(WHOLE_LIST_CAP);
    expect((await owner.get('/api/tenants?publicTenants=true')).json).toHaveLength(WHOLE_LIST_CAP);
  });

  it("a tenant's bookables, staff and public: the first created, over GraphQL and REST", async () => {
    const staff = await owner.gql<{ bookables: { title: string }[] }>('query($t: ID!) { bookables(tenantId: $t) { title } }', { t: tenantId });
    const titles = staff.data!.bookables.map((bookable) => bookable.title);
    expect(titles).toHaveLength(WHOLE_LIST_CAP);
    expect([titles[0], titles.at(-1)]).toEqual(['Raum 0001', `Raum ${String(WHOLE_LIST_CAP).padStart(4, '0')}`]);
    const visitor = app.client({ ip: '10.68.0.2' });
    const publicList = await visitor.gql<{ publicBookables: { title: string }[] }>('query($t: ID!) { publicBookables(tenantId: $t) { title } }', { t: tenantId });
    expect(publicList.data!.publicBookables).toHaveLength(WHOLE_LIST_CAP);
    expect((await owner.get(`/api/${tenantId}/bookables`)).json).toHaveLength(WHOLE_LIST_CAP);
    expect((await visitor.get(`/api/${tenantId}/bookables/public`)).json).toHaveLength(WHOLE_LIST_CAP);
  });
});
