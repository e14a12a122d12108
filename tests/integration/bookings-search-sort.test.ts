import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSorts, type BookingSort } from '../../common/bookings/booking-query.schema.js';
import { encodeCursor } from '../../common/validation/paging.js';
import { BookingConditionBuilder } from '../../server/src/bookings/booking-conditions.js';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import { BOOKING_SORT_ORDERS, searchTextOf } from '../../server/src/bookings/booking.queries.js';
import { newBookingNumber } from '../../server/src/bookings/booking-number.js';
import { addSearchConditions } from '../../server/src/bookings/booking-search.js';
import { afterCursorSql, orderBySql } from '../../server/src/shared/keyset.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient, HttpResponse } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The staff's bookings list searched and sorted in the database (GraphQL `bookings(search, sort)`,
 * REST `GET /api/{tenantId}/bookings?search=&sort=&cursor=`): a term forgives a typo, all terms must
 * match, state words find bookings by their flags; every order of the screen's columns pages by
 * cursor without losing or repeating a booking, refuses a cursor of another order, and reads through
 * an index on a tenant with many bookings.
 */
let app: TestApp;
let tenantId: string;
let owner: HttpClient;

const OWNER = { id: 'inhaber@suche-sortierung.example', password: 'suche-sortierung-1' };

/** Straight SQL on the test's database (`?` parameters). */
const sql = <Row = Record<string, unknown>>(query: string, params: unknown[] = []) => app.orm.em.fork().execute<Row[]>(query, params);

interface StoredBooking {
  name: string;
  company?: string;
  mail?: string;
  title: string;
  priceEur: number;
  /** PostgreSQL text; null: a booking without times (tickets). */
  begin: string | null;
  end: string | null;
  created: string;
  isCommitted?: boolean;
  isRejected?: boolean;
  isPayed?: boolean;
  paymentMethod?: string;
  paymentProvider?: string;
}

/** What a stored booking sorts by, read back from the table. */
interface SortRow {
  number: string;
  key: string;
  name: string;
  price: number;
  begin: number | null;
  end: number | null;
  created: number;
  /** Pending 0, released 1, rejected 2, cancelled 3. */
  status: number;
  paid: number;
  way: string;
}

/** Bookings written straight into the table, their search text built by the one function the services use. */
async function storeBookings(bookings: readonly StoredBooking[], inTenant = tenantId): Promise<string[]> {
  const em = app.orm.em.fork();
  const tenant = em.getReference(Tenant, inTenant);
  const numbers = bookings.map((data) => {
    const booking = em.create(Booking, {
      tenant,
      number: newBookingNumber(),
      name: data.name,
      company: data.company ?? '',
      mail: data.mail ?? '',
      priceEur: data.priceEur,
      isCommitted: data.isCommitted ?? false,
      isRejected: data.isRejected ?? false,
      paymentProvider: data.paymentProvider ?? null,
      isPayed: data.isPayed ?? false,
      paymentMethod: data.paymentMethod ?? '',
      timeBegin: data.begin ? new Date(data.begin) : null,
      timeEnd: data.end ? new Date(data.end) : null,
    });
    booking.searchText = searchTextOf(booking, [data.title]);
    return booking.number;
  });
  await em.flush();
  for (const [index, number] of numbers.entries()) {
    const data = bookings[index];
    await sql('update bookings set created_at = ?::timestamptz, time_begin = ?::timestamptz, time_end = ?::timestamptz where tenant_id = ? and number = ?', [
      data.created,
      data.begin,
      data.end,
      inTenant,
      number,
    ]);
  }
  return numbers;
}

const PAGE = `query($t: ID!, $search: String, $sort: BookingSort, $first: Int, $after: String, $updatedSince: DateTimeISO) {
  bookings(tenantId: $t, search: $search, sort: $sort, first: $first, after: $after, updatedSince: $updatedSince) {
    total items { id } pageInfo { endCursor hasNextPage } } }`;

interface PageAnswer {
  bookings: { total: number; items: { id: string }[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
}

const gqlPage = async (variables: Record<string, unknown>) => {
  const answer = await owner.gql<PageAnswer>(PAGE, { t: tenantId, ...variables });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!.bookings;
};

/** Every booking found, read by cursor in pages of `size` (GraphQL). */
async function gqlAll(variables: Record<string, unknown>, size: number): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 100; page++) {
    const answer = await gqlPage({ ...variables, first: size, after });
    seen.push(...answer.items.map((item) => item.id));
    if (!answer.pageInfo.hasNextPage) return seen;
    after = answer.pageInfo.endCursor;
  }
  throw new Error('Zu viele Seiten');
}

const restList = (query: Record<string, string>) => owner.get(`/api/${tenantId}/bookings?${new URLSearchParams(query).toString()}`);

const restIds = (response: HttpResponse): string[] => {
  expect(response.status, response.text).toBe(200);
  return (response.json as { id: string }[]).map((booking) => booking.id);
};

/** Every booking found, read by REST in pages of `size`, each after the `X-Next-Cursor` of the page before. */
async function restAll(query: Record<string, string>, size: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const response = await restList({ ...query, limit: String(size), ...(cursor ? { cursor } : {}) });
    seen.push(...restIds(response));
    cursor = response.headers.get('x-next-cursor');
    if (!response.headers.get('link')) return seen;
  }
  throw new Error('Zu viele Seiten');
}

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.UTC(2027, 4, 3, 8) + ms).toISOString();

let hilde: string;
let mueller: string;
let otto: string;
let sorted: StoredBooking[];

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, OWNER);
  tenantId = (await createTenant(app.orm, { name: 'Suchstadt', owners: [OWNER.id] })).id;
  owner = app.client();
  await signIn(owner, OWNER.id, OWNER.password);
  [hilde, mueller, otto] = await storeBookings([
    { name: 'Hildegard Knef', company: 'Musikverein Nord', title: 'Kammermusiksaal Nordflügel', priceEur: 40, begin: at(0), end: at(2 * HOUR), created: at(-30 * HOUR), isCommitted: true },
    { name: 'Jana Müller', mail: 'jana@suchstadt.example', title: 'Turnhalle Süd', priceEur: 25.5, begin: at(HOUR), end: at(3 * HOUR), created: at(-29 * HOUR), isPayed: true, paymentMethod: 'CASH' },
    { name: 'Otto Normal', title: 'Kammermusiksaal Nordflügel', priceEur: 0, begin: null, end: null, created: at(-28 * HOUR) },
  ]);
  // Ties in every sort key (names in any case, prices, times, creation instants) and bookings without times.
  sorted = Array.from({ length: 27 }, (_, index) => ({
    name: ['Anna Berg', 'anna berg', 'Bernd Zeh', 'Carla Ost', 'Dora Kai'][index % 5],
    title: 'Leihfahrrad',
    priceEur: [10, 12.5, 10, 0, 99.99][index % 5],
    begin: index % 4 === 0 ? null : at((index % 6) * HOUR),
    end: index % 4 === 0 ? null : at((index % 6) * HOUR + (index % 3) * HOUR + HOUR),
    created: at(-(index % 7) * HOUR),
    isCommitted: index % 3 === 1,
    isRejected: index % 4 === 2,
    isPayed: index % 5 === 3,
    paymentMethod: ['', 'CASH', '', 'INVOICE', ''][index % 5],
    paymentProvider: ['', '', 'TEST', '', 'TEST'][index % 5] || undefined,
  }));
  await storeBookings(sorted);
});
afterAll(async () => app?.close());

describe('search', () => {
  it('a misspelled customer name finds the booking (GraphQL and REST)', async () => {
    expect((await gqlPage({ search: 'Hildegart' })).items.map((item) => item.id)).toEqual([hilde]);
    expect(restIds(await restList({ search: 'Müler' }))).toEqual([mueller]);
    expect(restIds(await restList({ search: 'jana mülller' }))).toEqual([mueller]);
    expect((await gqlPage({ search: 'Nordflgel' })).items.map((item) => item.id)).toEqual([otto, hilde]);
  });

  it('every term must match, each exactly or despite a typo; nothing similar finds nothing', async () => {
    expect((await gqlPage({ search: 'kammermusik hildegart' })).items.map((item) => item.id)).toEqual([hilde]);
    expect((await gqlPage({ search: 'kammermusik normall' })).items.map((item) => item.id)).toEqual([otto]);
    expect((await gqlPage({ search: 'hildegart normal' })).items).toEqual([]);
    expect((await gqlPage({ search: 'Zebrastreifen' })).items).toEqual([]);
    // Short terms allow no typo: "knf" is not "knef".
    expect((await gqlPage({ search: 'knf' })).items).toEqual([]);
    expect(restIds(await restList({ search: '%' }))).toEqual([]);
  });

  it('state and payment words find bookings by their flags and payment way', async () => {
    const found = async (search: string) => (await gqlPage({ search, first: 100 })).items.map((item) => item.id);
    expect(await found('freigegeben nordflügel')).toEqual([hilde]);
    expect(await found('bezahlt jana')).toEqual([mueller]);
    expect(await found('bar turnhalle')).toEqual([mueller]);
    expect(await found('ausstehend kammermusik')).toEqual([otto, hilde]);
  });

  it("finds a booking by its begin's date as the list shows it (Berlin)", async () => {
    // 2027-05-03 08:00 UTC is 10:00 in Berlin; bookings without times have no date.
    expect((await gqlPage({ search: '03.05.2027 kammermusik' })).items.map((item) => item.id)).toEqual([hilde]);
    // Terms with digits allow no typo: the next day shares most of its trigrams.
    expect(restIds(await restList({ search: '04.05.2027' }))).toEqual([]);
  });

  it('a term found as typed matches as typed only; a typo found nowhere matches by similarity', async () => {
    const spelling = (await createTenant(app.orm, { name: 'Schreibstadt', owners: [OWNER.id] })).id;
    const [karl, karla] = await storeBookings(
      [
        { name: 'Karl Müler', title: 'Halle', priceEur: 0, begin: null, end: null, created: at(-2 * HOUR) },
        { name: 'Karla Müller', title: 'Halle', priceEur: 0, begin: null, end: null, created: at(-HOUR) },
      ],
      spelling,
    );
    const found = async (search: string) => {
      const answer = await owner.gql<PageAnswer>(PAGE, { t: spelling, search });
      expect(answer.errors).toBeUndefined();
      return answer.data!.bookings.items.map((item) => item.id);
    };
    // Each name is similar enough to the other, but both are there as typed.
    expect(await found('Müler')).toEqual([karl]);
    expect(await found('Müller')).toEqual([karla]);
    expect(await found('Mülerr')).toEqual([karl]);
    expect(await found('Müllerr halle')).toEqual([karla]);
  });

  it("the word list the similarity is read from follows the bookings' texts: a word goes with the last booking holding it", async () => {
    const listed = async () =>
      (await sql<{ word: string }>(`select word from booking_search_words where word in ('quirinus', 'zwickelbart', 'zwickelbrot', 'halle') order by word`)).map((row) => row.word);
    const words = (await createTenant(app.orm, { name: 'Wortstadt', owners: [OWNER.id] })).id;
    const [quirinus] = await storeBookings(
      [
        { name: 'Quirinus Zwickelbart', title: 'Halle', priceEur: 0, begin: null, end: null, created: at(-HOUR) },
        { name: 'Berta Beispiel', title: 'Halle', priceEur: 0, begin: null, end: null, created: at(-HOUR) },
      ],
      words,
    );
    expect(await listed()).toEqual(['halle', 'quirinus', 'zwickelbart']);
    // Renamed: the old surname goes, the new one comes; "halle" stays (Berta's booking holds it too).
    await sql(`update bookings set search_text = replace(search_text, 'zwickelbart', 'zwickelbrot') where tenant_id = ? and number = ?`, [words, quirinus]);
    expect(await listed()).toEqual(['halle', 'quirinus', 'zwickelbrot']);
    expect((await owner.gql<PageAnswer>(PAGE, { t: words, search: 'Zwickelbrod' })).data!.bookings.items.map((item) => item.id)).toEqual([quirinus]);
    await sql('delete from bookings where tenant_id = ? and number = ?', [words, quirinus]);
    expect(await listed()).toEqual(['halle']);
  });

  it('the total counts every match, also the similar ones', async () => {
    const page = await gqlPage({ search: 'Nordflgel', first: 1 });
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.pageInfo.hasNextPage).toBe(true);
  });
});

describe('sorting by the columns', () => {
  let rows: SortRow[];

  beforeAll(async () => {
    const stored = await sql<{
      number: string;
      key: string;
      name: string;
      price_eur: string;
      time_begin: Date | null;
      time_end: Date | null;
      created_at: Date;
      is_committed: boolean;
      is_rejected: boolean;
      is_payed: boolean;
      payment_method: string | null;
      payment_provider: string | null;
    }>(
      'select number, key::text as key, name, price_eur, time_begin, time_end, created_at, is_committed, is_rejected, is_payed, payment_method, payment_provider from bookings where tenant_id = ?',
      [tenantId],
    );
    rows = stored.map((row) => ({
      number: row.number,
      key: row.key,
      name: row.name.toLowerCase(),
      price: Number(row.price_eur),
      begin: row.time_begin ? new Date(row.time_begin).getTime() : null,
      end: row.time_end ? new Date(row.time_end).getTime() : null,
      created: new Date(row.created_at).getTime(),
      status: (row.is_rejected ? 2 : 0) + (row.is_committed ? 1 : 0),
      paid: row.is_payed ? 1 : 0,
      way: row.payment_method || row.payment_provider || '',
    }));
  });

  const compare = (a: string | number | null, b: string | number | null) => {
    // No value counts as the smallest.
    if (a === b) return 0;
    if (a === null) return -1;
    if (b === null) return 1;
    return a < b ? -1 : 1;
  };
  const sortValue: Record<BookingSort, (row: SortRow) => string | number | null> = {
    NEWEST: (row) => row.created,
    OLDEST: (row) => row.created,
    TIME_BEGIN_ASC: (row) => row.begin,
    TIME_BEGIN_DESC: (row) => row.begin,
    TIME_END_ASC: (row) => row.end,
    TIME_END_DESC: (row) => row.end,
    NUMBER_ASC: (row) => row.number,
    NUMBER_DESC: (row) => row.number,
    CUSTOMER_ASC: (row) => row.name,
    CUSTOMER_DESC: (row) => row.name,
    PRICE_ASC: (row) => row.price,
    PRICE_DESC: (row) => row.price,
    STATUS_ASC: (row) => row.status,
    STATUS_DESC: (row) => row.status,
    PAYMENT_ASC: (row) => row.paid,
    PAYMENT_DESC: (row) => row.paid,
    PAYMENT_WAY_ASC: (row) => row.way,
    PAYMENT_WAY_DESC: (row) => row.way,
  };
  const descending = (sort: BookingSort) => sort === 'NEWEST' || sort.endsWith('_DESC');
  /** The numbers in the order: by the column, the key breaking ties in the same direction. */
  const expected = (sort: BookingSort) =>
    [...rows]
      .sort((a, b) => (descending(sort) ? -1 : 1) * (compare(sortValue[sort](a), sortValue[sort](b)) || compare(a.key, b.key)))
      .map((row) => row.number);

  it.each(bookingSorts)('%s pages by cursor through GraphQL in the column order, each booking once', async (sort) => {
    const seen = await gqlAll({ sort }, 4);
    expect(seen).toEqual(expected(sort));
  });

  it('REST pages by cursor in the order of sort, also with a search, and the cursor keeps the order of its first page', async () => {
    expect(await restAll({ sort: 'customer_desc' }, 5)).toEqual(expected('CUSTOMER_DESC'));
    expect(await restAll({ sort: 'PRICE_ASC' }, 3)).toEqual(expected('PRICE_ASC'));
    const bikes = new Set((await gqlAll({ search: 'leihfahrad' }, 50)).map(String));
    expect(bikes.size).toBe(sorted.length);
    expect(await restAll({ sort: 'TIME_BEGIN_DESC', search: 'leihfahrad' }, 4)).toEqual(expected('TIME_BEGIN_DESC').filter((number) => bikes.has(number)));
  });

  it('a cursor of another sort is refused (GraphQL GENERIC_VALIDATION, REST 400 naming cursor)', async () => {
    const first = await gqlPage({ sort: 'PRICE_ASC', first: 2 });
    const wrong = await owner.gql<PageAnswer>(PAGE, { t: tenantId, sort: 'PRICE_DESC', first: 2, after: first.pageInfo.endCursor });
    expect(wrong.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
    const newest = await owner.gql<PageAnswer>(PAGE, { t: tenantId, first: 2, after: first.pageInfo.endCursor });
    expect(newest.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');

    const page = await restList({ sort: 'NUMBER_ASC', limit: '2' });
    const response = await restList({ sort: 'CUSTOMER_ASC', limit: '2', cursor: page.headers.get('x-next-cursor') ?? '' });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ code: 'generic.validation' });
    expect(Object.keys(response.json.errors)).toEqual(['cursor']);
  });

  it('a cursor whose key does not fit the order is refused, also one of the right order', async () => {
    const forged = encodeCursor({ order: BOOKING_SORT_ORDERS.PRICE_ASC.name, values: ['zehn', '00000000-0000-4000-8000-000000000000'] });
    const answer = await owner.gql<PageAnswer>(PAGE, { t: tenantId, sort: 'PRICE_ASC', first: 2, after: forged });
    expect(answer.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
  });

  it('a customer cursor carries names beyond ASCII', async () => {
    const seen = await gqlAll({ sort: 'CUSTOMER_ASC', search: 'müller' }, 1);
    expect(seen).toEqual([mueller]);
    const page = await gqlPage({ sort: 'CUSTOMER_DESC', first: 6 });
    const next = await gqlPage({ sort: 'CUSTOMER_DESC', first: 6, after: page.pageInfo.endCursor });
    expect([...page.items, ...next.items].map((item) => item.id)).toEqual(expected('CUSTOMER_DESC').slice(0, 12));
  });

  it('an unknown sort is refused: REST 400 naming sort, GraphQL by the enum; sort with updatedSince GENERIC_VALIDATION', async () => {
    const response = await restList({ sort: 'PRICE' });
    expect(response.status, response.text).toBe(400);
    expect(response.contentType).toContain('application/problem+json');
    expect(response.json).toMatchObject({ code: 'generic.validation' });
    expect(Object.keys(response.json.errors)).toEqual(['sort']);
    expect(response.json.detail).toContain('NEWEST');

    const unknown = await owner.gql<PageAnswer>(PAGE, { t: tenantId, sort: 'PRICE' });
    expect(unknown.data ?? null).toBeNull();
    expect(unknown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const synchronising = await owner.gql<PageAnswer>(PAGE, { t: tenantId, sort: 'OLDEST', updatedSince: '2020-01-01T00:00:00.000Z' });
    expect(synchronising.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
    expect((await restList({ sort: 'OLDEST', updatedSince: '2020-01-01T00:00:00Z' })).status).toBe(400);
  });
});

describe('on a tenant with many bookings', () => {
  let crowdedTenant: string;

  beforeAll(async () => {
    crowdedTenant = (await createTenant(app.orm, { name: 'Großstadt', owners: [OWNER.id] })).id;
    await sql(
      `insert into bookings (key, tenant_id, number, name, price_eur, time_begin, time_end, search_text, created_at)
         select gen_random_uuid(), ?, 'IDX-' || n, 'Kundin ' || n, n % 500, timestamptz '2027-01-01T08:00:00Z' + n * interval '1 hour',
                timestamptz '2027-01-01T09:00:00Z' + n * interval '1 hour', 'idx-' || n || ' kundin ' || n || ' ' || md5(n::text), now() - n * interval '1 minute'
           from generate_series(1, 20000) n`,
      [crowdedTenant],
    );
    await sql(`update bookings set name = 'Hildegard Sonderbar', search_text = search_text || ' hildegard sonderbar' where tenant_id = ? and number = 'IDX-777'`, [crowdedTenant]);
    // Vacuum moves the new rows out of the trigram index's pending list, as autovacuum would; the planner counts that list's cost.
    await sql('vacuum analyze bookings');
  });

  /** The plan of the list's statement for the conditions (a misspelt term already turned into the similar words), order and optional cursor. */
  async function planOf(search: string | null, sort: BookingSort, after: (string | null)[] | null = null): Promise<string> {
    const where = new BookingConditionBuilder().add('b.tenant_id = ?', crowdedTenant);
    await addSearchConditions(app.orm.em.fork(), where, search);
    const order = BOOKING_SORT_ORDERS[sort];
    const cursor = after ? afterCursorSql(order, { size: 50, offset: 0, after: { order: order.name, values: after }, cursorField: 'after' }) : null;
    const rows = await app.orm.em.fork().execute<{ 'QUERY PLAN': string }[]>(
      `explain select b.number from bookings b where ${[...where.sql, ...(cursor ? [cursor.sql] : [])].join(' and ')} order by ${orderBySql(order)} limit 51`,
      [...where.params, ...(cursor?.params ?? [])],
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  const sortIndexes: Record<BookingSort, string> = {
    NEWEST: 'bookings_tenant_created_index',
    OLDEST: 'bookings_tenant_created_index',
    TIME_BEGIN_ASC: 'bookings_tenant_time_index',
    TIME_BEGIN_DESC: 'bookings_tenant_time_index',
    TIME_END_ASC: 'bookings_tenant_end_index',
    TIME_END_DESC: 'bookings_tenant_end_index',
    NUMBER_ASC: 'bookings_tenant_number_unique',
    NUMBER_DESC: 'bookings_tenant_number_unique',
    CUSTOMER_ASC: 'bookings_tenant_customer_index',
    CUSTOMER_DESC: 'bookings_tenant_customer_index',
    PRICE_ASC: 'bookings_tenant_price_index',
    PRICE_DESC: 'bookings_tenant_price_index',
    STATUS_ASC: 'bookings_tenant_status_index',
    STATUS_DESC: 'bookings_tenant_status_index',
    PAYMENT_ASC: 'bookings_tenant_payment_index',
    PAYMENT_DESC: 'bookings_tenant_payment_index',
    PAYMENT_WAY_ASC: 'bookings_tenant_payment_way_index',
    PAYMENT_WAY_DESC: 'bookings_tenant_payment_way_index',
  };

  it.each(bookingSorts)('%s reads its page through its index, without sorting the tenant', async (sort) => {
    const plan = await planOf(null, sort);
    expect(plan).toContain(sortIndexes[sort]);
    expect(plan).not.toContain('Seq Scan');
    expect(plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });

  it('the page after a cursor reads through the index too', async () => {
    expect(await planOf(null, 'PRICE_ASC', ['250.00', '00000000-0000-4000-8000-000000000000'])).toContain('bookings_tenant_price_index');
    expect(await planOf(null, 'CUSTOMER_ASC', ['kundin 5', '00000000-0000-4000-8000-000000000000'])).toContain('bookings_tenant_customer_index');
    expect(await planOf(null, 'TIME_BEGIN_DESC', ['2027-03-01T08:00:00.000000Z', '00000000-0000-4000-8000-000000000000'])).toContain('bookings_tenant_time_index');
  });

  it('count is exact up to 10,000 matches and an estimate labelled as such beyond; total stays exact', async () => {
    const COUNT = `query($t: ID!, $search: String) { bookings(tenantId: $t, search: $search, first: 10) { count { value exact } } }`;
    const many = await owner.gql<{ bookings: { count: { value: number; exact: boolean } } }>(COUNT, { t: crowdedTenant });
    expect(many.errors).toBeUndefined();
    expect(many.data!.bookings.count.exact).toBe(false);
    // The planner's estimate from the table's statistics, never below what was counted.
    expect(many.data!.bookings.count.value).toBeGreaterThan(10_000);
    expect(many.data!.bookings.count.value).toBeLessThan(40_000);
    const few = await owner.gql<{ bookings: { count: { value: number; exact: boolean } } }>(COUNT, { t: crowdedTenant, search: 'idx-1999' });
    expect(few.data!.bookings.count).toEqual({ value: 11, exact: true });
    const TOTAL = `query($t: ID!) { bookings(tenantId: $t, first: 10) { total count { value exact } } }`;
    const both = await owner.gql<{ bookings: { total: number; count: { value: number; exact: boolean } } }>(TOTAL, { t: crowdedTenant });
    expect(both.data!.bookings.total).toBe(20_000);
    expect(both.data!.bookings.count).toEqual({ value: 20_000, exact: true });
  });

  it('a search, exact or misspelled, reads through the trigram index and finds the booking', async () => {
    for (const search of ['sonderbar', 'hildegart sonderbra']) {
      const plan = await planOf(search, 'NEWEST');
      expect(plan).toContain('bookings_search_index');
      expect(plan).not.toContain('Seq Scan');
    }
    const found = await owner.gql<PageAnswer>(PAGE, { t: crowdedTenant, search: 'hildegart sonderbra' });
    expect(found.errors).toBeUndefined();
    expect(found.data!.bookings.items.map((item) => item.id)).toEqual(['IDX-777']);
  });
});
