import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../common/validation/paging.js';
import { createTenant, createUser } from '../support/fixtures.js';
import type { GraphQLResponse, HttpClient, HttpResponse } from '../support/http.js';
import { actorNames, createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';

/**
 * The lists that were read whole, paged and searched on the server: tenantPage and GET api/tenants,
 * bookablePage and GET api/{tenantId}/bookables, bookingObjectChoicePage, and the editor's people
 * picker (bookablePickerOptions with userSearch). Each page holds what its unbounded list holds
 * for the same caller, pages neither repeat nor skip, and a page reads through its index.
 */
let app: TestApp;
let actors: Actors;

interface Page<T> {
  items: T[];
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

const TENANT_PAGE = `query($first: Int, $after: String, $search: String) {
  tenantPage(first: $first, after: $after, search: $search) { items { id name } totalCount pageInfo { hasNextPage endCursor } }
}`;
const BOOKABLE_PAGE = `query($tenantId: ID!, $first: Int, $after: String, $search: String, $type: BookableType, $tags: [String!], $newestFirst: Boolean) {
  bookablePage(tenantId: $tenantId, first: $first, after: $after, search: $search, type: $type, tags: $tags, newestFirst: $newestFirst) { items { id title ownerUserId } totalCount pageInfo { hasNextPage endCursor } }
}`;
const CHOICE_PAGE = `query($tenantId: ID!, $first: Int, $after: String, $search: String) {
  bookingObjectChoicePage(tenantId: $tenantId, first: $first, after: $after, search: $search) { items { id title type } totalCount pageInfo { hasNextPage endCursor } }
}`;
const PICKER = `query($tenantId: ID!, $userSearch: String, $userIds: [ID!]) {
  bookablePickerOptions(tenantId: $tenantId, userSearch: $userSearch, userIds: $userIds) { users { id firstName lastName } moreUsers roles { id name } }
}`;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookables', 'rooms', 'listen');
  // Objects of the tenant under test: the own-only member owns two.
  for (let index = 0; index < 7; index++) {
    await storeBookable(app, actors.tenant.id, {
      title: `Saal ${index}`,
      location: index % 2 ? 'Rathausplatz 1' : 'Marktstraße 5',
      type: index < 5 ? 'room' : 'resource',
      tags: index === 1 ? ['groß'] : [],
      ownerUserId: index < 2 ? actors.userIds.memberOwnOnly : null,
    });
  }
  await storeBookable(app, actors.otherTenant.id, { title: 'Saal anderswo' });
});
afterAll(async () => app?.close());

const sql = <T>(query: string, params: unknown[] = []) => app.orm.em.getConnection().execute<T[]>(query, params);
const nextLink = (response: HttpResponse) => /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1] ?? null;

/** Every row of a paged GraphQL list, page after page of `size`; or the error code of the first page. */
async function allPages(client: HttpClient, document: string, field: string, variables: Record<string, unknown>, size: number): Promise<{ ids: string[]; pages: number; total: number } | string> {
  const ids: string[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const answer: GraphQLResponse<Record<string, Page<{ id: string }>>> = await client.gql(document, { ...variables, first: size, after });
    if (answer.errors) return String(answer.errors[0].extensions?.code);
    const page: Page<{ id: string }> = answer.data![field];
    ids.push(...page.items.map((item) => item.id));
    pages++;
    if (!page.pageInfo.hasNextPage) return { ids, pages, total: page.totalCount };
    after = page.pageInfo.endCursor;
  }
}

/** Every row of a REST list through its `Link` headers, starting at `path`. */
async function allRestPages(client: HttpClient, path: string): Promise<{ ids: string[]; pages: number } | number> {
  const ids: string[] = [];
  let pages = 0;
  let next: string | null = path;
  while (next) {
    const response: HttpResponse = await client.get(next);
    if (response.status !== 200) return response.status;
    ids.push(...response.json.map((row: { id: string }) => row.id));
    pages++;
    const link = nextLink(response);
    next = link ? new URL(link).pathname + new URL(link).search : null;
  }
  return { ids, pages };
}

/** The ids of an unbounded GraphQL list, or its error code. */
async function unbounded(client: HttpClient, document: string, field: string, variables: Record<string, unknown> = {}): Promise<string[] | string> {
  const answer = await client.gql<Record<string, { id: string }[]>>(document, variables);
  if (answer.errors) return String(answer.errors[0].extensions?.code);
  return answer.data![field].map((row) => row.id);
}

describe('the pages hold what the unbounded lists hold, for every caller', () => {
  it.each(actorNames)('%s: tenantPage and GET api/tenants', async (name) => {
    const client = actors.clients[name];
    const whole = await unbounded(client, '{ tenants { id } }', 'tenants');
    const paged = await allPages(client, TENANT_PAGE, 'tenantPage', {}, 2);
    if (typeof whole === 'string') expect(paged).toBe(whole);
    else expect(paged).toMatchObject({ ids: whole, total: whole.length });
    const restWhole = await client.get('/api/tenants');
    const restPaged = await allRestPages(client, '/api/tenants?limit=2');
    if (restWhole.status !== 200) expect(restPaged).toBe(restWhole.status);
    else expect(restPaged).toMatchObject({ ids: restWhole.json.map((row: { id: string }) => row.id) });
    const publicWhole = await client.get('/api/tenants?publicTenants=true');
    if (publicWhole.status === 200 && typeof whole !== 'string') expect(publicWhole.json.map((row: { id: string }) => row.id)).toEqual(whole);
  });

  it.each(actorNames)('%s: bookablePage and GET api/{tenantId}/bookables', async (name) => {
    const client = actors.clients[name];
    const variables = { tenantId: actors.tenant.id };
    const whole = await unbounded(client, 'query($tenantId: ID!) { bookables(tenantId: $tenantId) { id } }', 'bookables', variables);
    const paged = await allPages(client, BOOKABLE_PAGE, 'bookablePage', variables, 3);
    if (typeof whole === 'string') expect(paged).toBe(whole);
    else expect(paged).toMatchObject({ ids: whole, total: whole.length });
    if (name === 'memberAny' || name === 'tenantOwner' || name === 'instanceOwner') expect(whole).toHaveLength(7);
    if (name === 'memberOwnOnly') expect(whole).toHaveLength(2);
    const restPaged = await allRestPages(client, `/api/${actors.tenant.id}/bookables?limit=3`);
    const restWhole = await client.get(`/api/${actors.tenant.id}/bookables`);
    if (restWhole.status !== 200) expect(restPaged).toBe(restWhole.status);
    else {
      expect(restWhole.json.map((row: { id: string }) => row.id)).toEqual(typeof whole === 'string' ? [] : whole);
      expect(restPaged).toMatchObject({ ids: restWhole.json.map((row: { id: string }) => row.id) });
    }
  });

  it.each(actorNames)('%s: bookingObjectChoicePage', async (name) => {
    const client = actors.clients[name];
    const variables = { tenantId: actors.tenant.id };
    const whole = await unbounded(client, 'query($tenantId: ID!) { bookingObjectChoices(tenantId: $tenantId) { id } }', 'bookingObjectChoices', variables);
    const paged = await allPages(client, CHOICE_PAGE, 'bookingObjectChoicePage', variables, 4);
    if (typeof whole === 'string') expect(paged).toBe(whole);
    else expect(paged).toMatchObject({ ids: whole, total: whole.length, pages: 2 });
  });

  it.each(actorNames)('%s: bookablePickerOptions with a search answers whom the unsearched one answers', async (name) => {
    const client = actors.clients[name];
    const plain = await client.gql(PICKER, { tenantId: actors.tenant.id });
    const searched = await client.gql(PICKER, { tenantId: actors.tenant.id, userSearch: 'listen' });
    expect(searched.errors?.[0].extensions?.code).toBe(plain.errors?.[0].extensions?.code);
  });
});

describe('searching and filtering', () => {
  beforeAll(async () => {
    await createTenant(app.orm, { name: 'Stadtbibliothek Nord' });
    await createTenant(app.orm, { name: 'Stadtbibliothek Süd' });
    await sql(`update tenants set contact_name = 'Erika Mustermann', mail = 'nord@bibliothek.example' where name = 'Stadtbibliothek Nord'`);
  });

  const tenantNames = async (search: string, client = actors.clients.instanceOwner) => {
    const answer = await client.gql<{ tenantPage: Page<{ name: string }> }>(TENANT_PAGE, { search });
    expect(answer.errors).toBeUndefined();
    return answer.data!.tenantPage.items.map((tenant) => tenant.name);
  };

  it('finds tenants holding every word in id, name, contact, address, e-mail or phone, in any case', async () => {
    expect(await tenantNames('stadtbibliothek')).toEqual(['Stadtbibliothek Nord', 'Stadtbibliothek Süd']);
    expect(await tenantNames('BIBLIOTHEK mustermann')).toEqual(['Stadtbibliothek Nord']);
    expect(await tenantNames('süd')).toEqual(['Stadtbibliothek Süd']);
    expect(await tenantNames('%')).toEqual([]);
    // A member searches only the tenants he works in.
    expect(await tenantNames('stadtbibliothek', actors.clients.memberAny)).toEqual([]);
    const rest = await actors.clients.instanceOwner.get(`/api/tenants?search=${encodeURIComponent('Mustermann')}`);
    expect(rest.json.map((tenant: { name: string }) => tenant.name)).toEqual(['Stadtbibliothek Nord']);
    expect(rest.headers.get('x-total-count')).toBe('1');
  });

  const bookableTitles = async (variables: Record<string, unknown>, client = actors.clients.tenantOwner) => {
    const answer = await client.gql<{ bookablePage: Page<{ title: string }> }>(BOOKABLE_PAGE, { tenantId: actors.tenant.id, ...variables });
    expect(answer.errors).toBeUndefined();
    return answer.data!.bookablePage.items.map((bookable) => bookable.title);
  };

  it('finds objects by title and location, of one type or tag, the own ones for readOwn, in either order', async () => {
    expect(await bookableTitles({ search: 'rathausplatz' })).toEqual(['Saal 1', 'Saal 3', 'Saal 5']);
    expect(await bookableTitles({ search: 'saal markt', type: 'room' })).toEqual(['Saal 0', 'Saal 2', 'Saal 4']);
    expect(await bookableTitles({ tags: ['groß'] })).toEqual(['Saal 1']);
    expect(await bookableTitles({ search: 'anderswo' })).toEqual([]);
    expect(await bookableTitles({ search: 'saal', newestFirst: true })).toEqual(['Saal 6', 'Saal 5', 'Saal 4', 'Saal 3', 'Saal 2', 'Saal 1', 'Saal 0']);
    expect(await bookableTitles({ search: 'saal' }, actors.clients.memberOwnOnly)).toEqual(['Saal 0', 'Saal 1']);
    const rest = await actors.clients.tenantOwner.get(`/api/${actors.tenant.id}/bookables?search=Rathausplatz&type=resource`);
    expect(rest.json.map((bookable: { title: string }) => bookable.title)).toEqual(['Saal 5']);
    // A picker reads the titles of its chosen objects by id; ids of another tenant or no id at all match nothing.
    const chosen = (await actors.clients.tenantOwner.gql<{ bookablePage: Page<{ id: string }> }>(BOOKABLE_PAGE, { tenantId: actors.tenant.id, search: 'saal 2' })).data!.bookablePage.items[0].id;
    const elsewhere = (await sql<{ id: string }>('select id from bookables where tenant_id = ?', [actors.otherTenant.id]))[0].id;
    const byIds = await actors.clients.tenantOwner.gql<{ bookablePage: Page<{ title: string }> }>(
      'query($tenantId: ID!, $ids: [ID!]) { bookablePage(tenantId: $tenantId, ids: $ids) { items { title } totalCount pageInfo { hasNextPage endCursor } } }',
      { tenantId: actors.tenant.id, ids: [chosen, elsewhere, 'kein-objekt'] },
    );
    expect(byIds.data!.bookablePage.items.map((bookable) => bookable.title)).toEqual(['Saal 2']);
    await sql(`update bookables set is_public = true where tenant_id = ? and title = 'Saal 4'`, [actors.tenant.id]);
    const publicOnes = await actors.clients.tenantOwner.gql<{ bookablePage: Page<{ title: string }> }>(
      'query($tenantId: ID!) { bookablePage(tenantId: $tenantId, isPublic: true) { items { title } totalCount pageInfo { hasNextPage endCursor } } }',
      { tenantId: actors.tenant.id },
    );
    expect(publicOnes.data!.bookablePage.items.map((bookable) => bookable.title)).toEqual(['Saal 4']);
    const choices = await actors.clients.tenantOwner.gql<{ bookingObjectChoicePage: Page<{ title: string }> }>(CHOICE_PAGE, { tenantId: actors.tenant.id, search: 'saal 3' });
    expect(choices.data!.bookingObjectChoicePage.items.map((choice) => choice.title)).toEqual(['Saal 3']);
  });

  it('pages newest first as well, created in the same instant or not, without repeating an object', async () => {
    await sql(`update bookables set created_at = timestamptz '2026-11-02 09:30:00.123456+00' where tenant_id = ? and title in ('Saal 2', 'Saal 3', 'Saal 4')`, [actors.tenant.id]);
    const whole = await bookableTitles({ newestFirst: true, first: 500 });
    const paged = await allPages(actors.clients.tenantOwner, BOOKABLE_PAGE, 'bookablePage', { tenantId: actors.tenant.id, newestFirst: true }, 2);
    expect(typeof paged === 'string' ? paged : paged.ids.length).toBe(whole.length);
    expect(typeof paged === 'string' ? [] : new Set(paged.ids).size).toBe(whole.length);
  });
});

describe('the people picker is bounded and searched on the server', () => {
  beforeAll(async () => {
    const members: { userId: string }[] = [];
    for (let index = 0; index < 55; index++) {
      const id = `picker-${String(index).padStart(2, '0')}@verein.example`;
      await createUser(app.orm, { id, password: 'picker-passwort-1', firstName: index === 7 ? 'Agathe' : 'Mitglied', lastName: `Nummer ${String(index).padStart(2, '0')}` });
      members.push({ userId: id });
    }
    const em = app.orm.em.fork();
    for (const member of members) {
      await em.getConnection().execute('insert into tenant_memberships (id, tenant_id, user_id, is_member, is_owner) values (gen_random_uuid(), ?, ?, true, false)', [actors.tenant.id, member.userId]);
    }
  });

  it('answers at most 50 people by name, says that more match, finds others by search and always includes the named ones', async () => {
    const owner = actors.clients.tenantOwner;
    const first = await owner.gql<{ bookablePickerOptions: { users: { id: string; lastName: string }[]; moreUsers: boolean } }>(PICKER, { tenantId: actors.tenant.id });
    expect(first.errors).toBeUndefined();
    const { users, moreUsers } = first.data!.bookablePickerOptions;
    expect(users).toHaveLength(50);
    expect(moreUsers).toBe(true);
    const searched = await owner.gql<{ bookablePickerOptions: { users: { id: string }[]; moreUsers: boolean } }>(PICKER, {
      tenantId: actors.tenant.id,
      userSearch: 'agathe verein',
      userIds: ['picker-54@verein.example', 'not-a-member@example.com'],
    });
    expect(searched.data!.bookablePickerOptions).toEqual({
      users: [{ id: 'picker-07@verein.example', firstName: 'Agathe', lastName: 'Nummer 07' }, { id: 'picker-54@verein.example', firstName: 'Mitglied', lastName: 'Nummer 54' }],
      moreUsers: false,
      roles: expect.any(Array),
    });
    // A named person just beyond the first page (the next by name) comes along, so its name shows.
    const nextByName = Array.from({ length: 55 }, (_unused, index) => `picker-${String(index).padStart(2, '0')}@verein.example`).find((id) => !users.some((user) => user.id === id));
    const beyond = await owner.gql<{ bookablePickerOptions: { users: { id: string }[] } }>(PICKER, { tenantId: actors.tenant.id, userIds: [nextByName] });
    expect(beyond.data!.bookablePickerOptions.users).toHaveLength(51);
    expect(beyond.data!.bookablePickerOptions.users.at(-1)?.id).toBe(nextByName);
    const rest = await owner.get(`/api/${actors.tenant.id}/bookables/_meta/picker-options?userSearch=agathe`);
    expect(rest.json.users.map((user: { id: string }) => user.id)).toEqual(['picker-07@verein.example']);
  });
});

describe('refused page parameters', () => {
  const userCursor = encodeCursor({ order: 'users.newest', values: ['2026-11-20T10:00:00.123456Z', 'a@example.com'] });
  const oldestCursor = encodeCursor({ order: 'bookables.oldest', values: ['2026-11-20T10:00:00.123456Z', '0b4f3a52-51a4-4be1-9b51-4a1f2b7c9d10'] });

  it('GraphQL: a cursor of another list or order and a size out of range are GENERIC_VALIDATION naming the argument', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [TENANT_PAGE, { after: userCursor }, 'after'],
      [TENANT_PAGE, { first: 501 }, 'first'],
      [BOOKABLE_PAGE, { tenantId: actors.tenant.id, after: oldestCursor, newestFirst: true }, 'after'],
      [BOOKABLE_PAGE, { tenantId: actors.tenant.id, after: 'kaputt!' }, 'after'],
      [CHOICE_PAGE, { tenantId: actors.tenant.id, first: 0 }, 'first'],
    ];
    for (const [document, variables, field] of cases) {
      const answer = await actors.clients.tenantOwner.gql(document, variables);
      const error = answer.errors?.[0];
      expect(error?.extensions, JSON.stringify(variables)).toMatchObject({ code: 'GENERIC_VALIDATION' });
      expect(Object.keys(error?.extensions?.fieldErrors as object)).toEqual([field]);
    }
  });

  it('REST: the same are 400 problem+json naming the parameter', async () => {
    for (const path of [`/api/tenants?cursor=${userCursor}`, `/api/tenants?limit=1001`, `/api/${actors.tenant.id}/bookables?cursor=${userCursor}`, `/api/${actors.tenant.id}/bookables?limit=0`]) {
      const response = await actors.clients.tenantOwner.get(path);
      expect(response.status, path).toBe(400);
      expect(response.json).toMatchObject({ code: 'generic.validation' });
    }
  });
});

describe('a page reads through its index', () => {
  /** The plan of a query; `ordered`: read in the index's order (a trigram index is read as a bitmap). */
  async function planOf(query: string, params: unknown[], ordered = true): Promise<string> {
    return app.orm.em.fork().transactional(async (tx) => {
      // The test database is small: without this the planner would rightly read the table whole.
      await tx.execute('set local enable_seqscan = off');
      if (ordered) await tx.execute('set local enable_bitmapscan = off');
      const rows = await tx.execute<{ 'QUERY PLAN': string }[]>(`explain ${query}`, params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('the tenants by name', async () => {
    const plan = await planOf('select t.id from tenants t where (t.name, t.id) > (?::text, ?::text) order by t.name asc, t.id asc limit 51', ['M', 'x']);
    expect(plan).toContain('tenants_name_index');
    expect(plan).not.toContain('Sort');
  });

  it.each([
    ['in creation order', 'asc', 'bookables_tenant_created_index', ''],
    ['newest first', 'desc', 'bookables_tenant_created_index', ''],
    ['of one type', 'asc', 'bookables_tenant_type_created_index', ` and b.type = 'room'`],
  ])('the objects %s', async (_name, direction, index, filter) => {
    const plan = await planOf(`select b.id from bookables b where b.tenant_id = ?${filter} order by b.created_at ${direction}, b.id ${direction} limit 51`, [actors.tenant.id]);
    expect(plan).toContain(index);
    expect(plan).not.toContain('Sort');
  });

  it('the searches through their trigram indexes', async () => {
    expect(await planOf(`select t.id from tenants t where lower(t.id || ' ' || t.name || ' ' || t.contact_name || ' ' || t.location || ' ' || t.mail || ' ' || t.phone) like ?`, ['%bibliothek%'], false)).toContain('tenants_search_index');
    expect(await planOf(`select b.id from bookables b where lower(b.title || ' ' || b.location) like ?`, ['%rathaus%'], false)).toContain('bookables_search_index');
  });
});
