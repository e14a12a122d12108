import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor, UNPAGED_LIST_CAP } from '../../common/validation/paging.js';
import { createUser } from '../support/fixtures.js';
import type { HttpResponse } from '../support/http.js';
import { actorNames, createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The users list paged and searched on the server (userPage, GET api/users with search, limit and
 * cursor): who sees which accounts, every search word must match, pages neither repeat nor skip an
 * account, refused page parameters, and the cap of the unpaged lists (users, userIds).
 */
let app: TestApp;
let actors: Actors;

const USER_PAGE = `query($first: Int, $after: String, $search: String) {
  userPage(first: $first, after: $after, search: $search) { items { id firstName lastName } totalCount pageInfo { hasNextPage endCursor } }
}`;
interface UserPageAnswer {
  userPage: { items: { id: string; firstName: string; lastName: string }[]; totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageUsers', 'users', 'seiten');
});
afterAll(async () => app?.close());

const sql = <T>(query: string, params: unknown[] = []) => app.orm.em.getConnection().execute<T[]>(query, params);
const allAccountIds = async () => (await sql<{ id: string }>('select id from users')).map((row) => row.id).sort();

async function pageOf(client: Actors['clients']['instanceOwner'], variables: Record<string, unknown>) {
  const answer = await client.gql<UserPageAnswer>(USER_PAGE, variables);
  expect(answer.errors).toBeUndefined();
  return answer.data!.userPage;
}

/** Every account of a search, page after page of `size` through GraphQL. */
async function allPagesGraphql(search: string, size: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const page = await pageOf(actors.clients.instanceOwner, { first: size, after, search });
    ids.push(...page.items.map((item) => item.id));
    pages++;
    if (!page.pageInfo.hasNextPage) return { ids, pages };
    after = page.pageInfo.endCursor;
  }
}

const nextLink = (response: HttpResponse) => /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1] ?? null;

describe('who sees which accounts', () => {
  it.each(actorNames)('%s: the same accounts in userPage and GET api/users as in users', async (name) => {
    const client = actors.clients[name];
    const answer = await client.gql<UserPageAnswer>(USER_PAGE, { first: 500 });
    const rest = await client.get('/api/users?limit=500');
    if (name === 'anonymous') {
      expect(answer.errors?.[0].extensions?.code).toBe('AUTH_UNAUTHENTICATED');
      expect(rest.status).toBe(401);
      return;
    }
    const ids = answer.data!.userPage.items.map((item) => item.id);
    expect(rest.json.map((user: { id: string }) => user.id)).toEqual(ids);
    expect(answer.data!.userPage.totalCount).toBe(ids.length);
    expect(rest.headers.get('x-total-count')).toBe(String(ids.length));
    if (name === 'instanceOwner') expect([...ids].sort()).toEqual(await allAccountIds());
    else if (name === 'tenantOwner') {
      const ofTheTenant = [actors.userIds.tenantOwner, actors.userIds.memberWithoutFlag, actors.userIds.memberOwnOnly, actors.userIds.memberAny];
      expect([...ids].sort()).toEqual([...ofTheTenant].sort());
    } else expect(ids).toEqual([actors.userIds[name]]);
  });
});

describe('searching', () => {
  beforeAll(async () => {
    await createUser(app.orm, { id: 'anna.schmidt@rathaus.example', password: 'such-passwort-1', firstName: 'Anna', lastName: 'Schmidt' });
    await createUser(app.orm, { id: 'a.berg@rathaus.example', password: 'such-passwort-1', firstName: 'Anna', lastName: 'Berg' });
    await createUser(app.orm, { id: 'jonas@verein.example', password: 'such-passwort-1', firstName: 'Jonas', lastName: 'Schmidt' });
  });

  const found = async (search: string, client = actors.clients.instanceOwner) => (await pageOf(client, { search })).items.map((item) => item.id).sort();

  it('finds accounts holding every word in the address, first or last name, in any case', async () => {
    expect(await found('anna schmidt')).toEqual(['anna.schmidt@rathaus.example']);
    expect(await found('  SCHMIDT  ')).toEqual(['anna.schmidt@rathaus.example', 'jonas@verein.example']);
    expect(await found('Anna rathaus')).toEqual(['a.berg@rathaus.example', 'anna.schmidt@rathaus.example']);
    expect(await found('verein jonas schmidt')).toEqual(['jonas@verein.example']);
    expect(await found('anna verein')).toEqual([]);
    expect((await pageOf(actors.clients.instanceOwner, { search: 'schmidt' })).totalCount).toBe(2);
  });

  it('takes wildcards literally and never matches across two fields', async () => {
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    // "Anna" ends the first name, "Schmidt" starts the last: no word spans them.
    expect(await found('annaschmidt')).toEqual([]);
    expect(await found('example anna')).toEqual(['a.berg@rathaus.example', 'anna.schmidt@rathaus.example']);
  });

  it('searches only the accounts the caller sees', async () => {
    expect(await found('schmidt', actors.clients.tenantOwner)).toEqual([]);
    expect(await found('noflag', actors.clients.tenantOwner)).toEqual([actors.userIds.memberWithoutFlag]);
    expect(await found('outsider', actors.clients.outsider)).toEqual([actors.userIds.outsider]);
    expect(await found('noflag', actors.clients.outsider)).toEqual([]);
  });

  it('GET api/users searches the same way', async () => {
    const rest = await actors.clients.instanceOwner.get(`/api/users?search=${encodeURIComponent('Anna Schmidt')}`);
    expect(rest.status).toBe(200);
    expect(rest.json.map((user: { id: string }) => user.id)).toEqual(['anna.schmidt@rathaus.example']);
  });
});

describe('paging', () => {
  // Eleven accounts, five created in the same instant: the address breaks the tie. One address has an umlaut.
  const pagedIds = Array.from({ length: 11 }, (_unused, index) => (index === 4 ? 'blättern-jörg@example.com' : `blaettern-${String(index).padStart(2, '0')}@example.com`));

  beforeAll(async () => {
    for (const id of pagedIds) await createUser(app.orm, { id, password: 'blaettern-passwort-1', firstName: 'Blättern', lastName: id.slice(0, 12) });
    await sql(`update users set created = timestamptz '2026-11-02 09:30:00.123456+00' where id in (?)`, [pagedIds.slice(0, 5)]);
    await sql(`update users set created = timestamptz '2026-11-01 08:00:00+00' + (substring(id from 11 for 2)::int || ' minutes')::interval where id in (?)`, [pagedIds.slice(5)]);
  });

  it('GraphQL: pages of three neither repeat nor skip an account, newest first, ties by address', async () => {
    const whole = (await pageOf(actors.clients.instanceOwner, { search: 'blättern', first: 500 })).items.map((item) => item.id);
    expect([...whole].sort()).toEqual([...pagedIds].sort());
    const { ids, pages } = await allPagesGraphql('blättern', 3);
    expect(ids).toEqual(whole);
    expect(pages).toBe(4);
    // The five alike in time first (by address, descending), then the rest, newest first.
    expect(whole.slice(0, 5)).toEqual([...pagedIds.slice(0, 5)].sort().reverse());
    expect(whole.slice(5)).toEqual([...pagedIds.slice(5)].reverse());
  });

  it('GraphQL: an account created while paging does not shift the pages after the cursor', async () => {
    const first = await pageOf(actors.clients.instanceOwner, { search: 'blättern', first: 4 });
    await createUser(app.orm, { id: 'blaettern-neu@example.com', password: 'blaettern-passwort-1', firstName: 'Blättern' });
    const rest = await allPagesGraphql('blättern', 500);
    const second = await pageOf(actors.clients.instanceOwner, { search: 'blättern', first: 500, after: first.pageInfo.endCursor });
    expect(rest.ids[0]).toBe('blaettern-neu@example.com');
    expect([...first.items.map((item) => item.id), ...second.items.map((item) => item.id)]).toEqual(rest.ids.slice(1));
    await sql('delete from users where id = ?', ['blaettern-neu@example.com']);
  });

  it('REST: limit and the cursor of X-Next-Cursor and Link walk the same list', async () => {
    const whole = (await pageOf(actors.clients.instanceOwner, { search: 'blättern', first: 500 })).items.map((item) => item.id);
    const ids: string[] = [];
    let path: string | null = `/api/users?search=${encodeURIComponent('blättern')}&limit=4`;
    let lastCursor: string | null = null;
    while (path) {
      const response: HttpResponse = await actors.clients.instanceOwner.get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-total-count')).toBe(String(pagedIds.length));
      ids.push(...response.json.map((user: { id: string }) => user.id));
      lastCursor = response.headers.get('x-next-cursor');
      const link = nextLink(response);
      path = link ? new URL(link).pathname + new URL(link).search : null;
    }
    expect(ids).toEqual(whole);
    // The last page still names its cursor (to resume later) but no next link.
    expect(lastCursor).not.toBeNull();
    const after = await actors.clients.instanceOwner.get(`/api/users?search=blättern&cursor=${lastCursor}`);
    expect(after.json).toEqual([]);
  });
});

describe('refused page parameters', () => {
  const bookingCursor = encodeCursor({ order: 'bookings.newest', values: ['2026-11-20T10:00:00.123456Z', '0b4f3a52-51a4-4be1-9b51-4a1f2b7c9d10'] });

  it('GraphQL: a malformed cursor, one of another list and a size out of range are GENERIC_VALIDATION naming the argument', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ after: 'kaputt!' }, 'after'],
      [{ after: bookingCursor }, 'after'],
      [{ after: encodeCursor({ order: 'users.newest', values: ['2026-02-30T10:00:00.000000Z', 'a@example.com'] }) }, 'after'],
      [{ after: encodeCursor({ order: 'users.newest', values: ['2026-11-20T10:00:00.123456Z', null] }) }, 'after'],
      [{ first: 0 }, 'first'],
      [{ first: 501 }, 'first'],
    ];
    for (const [variables, field] of cases) {
      const answer = await actors.clients.instanceOwner.gql(USER_PAGE, variables);
      const error = answer.errors?.[0];
      expect(error?.extensions, JSON.stringify(variables)).toMatchObject({ code: 'GENERIC_VALIDATION' });
      expect(Object.keys(error?.extensions?.fieldErrors as object)).toEqual([field]);
    }
  });

  it('REST: the same are 400 problem+json naming the parameter', async () => {
    for (const [query, field] of [
      ['cursor=kaputt!', 'cursor'],
      [`cursor=${bookingCursor}`, 'cursor'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      [`cursor=${bookingCursor}&offset=3`, 'offset'],
    ]) {
      const response = await actors.clients.instanceOwner.get(`/api/users?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.contentType).toContain('application/problem+json');
      expect(response.json).toMatchObject({ code: 'generic.validation' });
      expect(Object.keys(response.json.errors), query).toEqual([field]);
      expect(response.json.detail).toContain(field);
    }
  });
});

describe('the unpaged lists are capped', () => {
  beforeAll(async () => {
    // More accounts than the cap, written at once.
    await sql(
      `insert into users (id, first_name, last_name, created) select 'masse-' || lpad(n::text, 4, '0') || '@example.com', 'Masse', 'Konto', timestamptz '2026-10-01 00:00:00+00' + (n || ' seconds')::interval from generate_series(1, ?) as n`,
      [UNPAGED_LIST_CAP + 20],
    );
  });

  it(`users, userIds, GET api/users and api/users/ids answer at most ${UNPAGED_LIST_CAP}; userPage counts and reaches them all`, async () => {
    const owner = actors.clients.instanceOwner;
    const total = (await allAccountIds()).length;
    expect(total).toBeGreaterThan(UNPAGED_LIST_CAP);
    const users = await owner.gql<{ users: { id: string }[] }>('{ users { id } }');
    expect(users.data!.users).toHaveLength(UNPAGED_LIST_CAP);
    const ids = await owner.gql<{ userIds: string[] }>('{ userIds }');
    expect(ids.data!.userIds).toHaveLength(UNPAGED_LIST_CAP);
    expect(ids.data!.userIds).toEqual([...ids.data!.userIds].sort());
    const rest = await owner.get('/api/users');
    expect(rest.json).toHaveLength(UNPAGED_LIST_CAP);
    expect(rest.json.map((user: { id: string }) => user.id)).toEqual(users.data!.users.map((user) => user.id));
    expect(rest.headers.get('x-total-count')).toBe(String(total));
    expect(nextLink(rest)).not.toBeNull();
    expect((await owner.get('/api/users/ids')).json).toHaveLength(UNPAGED_LIST_CAP);
    const { ids: paged } = await allPagesGraphql('', 500);
    expect(new Set(paged).size).toBe(total);
    expect((await pageOf(owner, { first: 1 })).totalCount).toBe(total);
  });
});
