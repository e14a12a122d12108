import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64UrlOfAscii, encodeCursor } from '../../common/validation/paging.js';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import { newBookingNumber } from '../../server/src/bookings/booking-number.js';
import { Event } from '../../server/src/events/event.entity.js';
import { defaultEventData } from '../../server/src/events/event.model.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { GraphQLResponse, HttpClient, HttpResponse } from '../support/http.js';
import { fireAll, tally } from '../support/races.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';
import { customer, storeTicket } from './bookings.fixtures.js';

/**
 * Keyset paging of the lists (docs/api.md, "Paging"; docs/integrators.md, "Paging and
 * synchronisation") through GraphQL and REST against PostgreSQL: paging by cursor reads each row
 * once while bookings are booked in parallel, updatedSince reads changes oldest first and resumes,
 * malformed cursors and page sizes out of range are refused, REST carries the next page in headers.
 */
let app: TestApp;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;
let thingId: string;

/** Straight SQL on the test's database (`?` parameters). */
const sql = <Row = Record<string, unknown>>(query: string, params: unknown[] = []) => app.orm.em.fork().execute<Row[]>(query, params);

const OWNER = { id: 'inhaberin@paging.example', password: 'paging-passwort-1' };

interface PageInfo {
  endCursor: string | null;
  hasNextPage: boolean;
}
interface EventPage {
  items: { id: string }[];
  pageInfo: PageInfo;
}
interface BookingsAnswer {
  bookings: { total: number; limit: number; offset: number; items: { id: string }[]; pageInfo: PageInfo };
}

const LIST = `query($t: ID!, $first: Int, $after: String, $limit: Int, $offset: Int, $updatedSince: DateTimeISO) {
  bookings(tenantId: $t, first: $first, after: $after, limit: $limit, offset: $offset, updatedSince: $updatedSince) {
    total limit offset items { id } pageInfo { endCursor hasNextPage } } }`;

/** Bookings written straight into the table, each created at the given instant (PostgreSQL text, to the microsecond). */
async function storeBookings(createdAt: readonly string[]): Promise<string[]> {
  const em = app.orm.em.fork();
  const numbers = createdAt.map(() => newBookingNumber());
  for (const number of numbers) em.create(Booking, { tenant: em.getReference(Tenant, tenantId), number, name: 'Vorher' });
  await em.flush();
  for (const [index, number] of numbers.entries()) {
    await sql('update bookings set created_at = ?::timestamptz where tenant_id = ? and number = ?', [createdAt[index], tenantId, number]);
  }
  return numbers;
}

/** A booking of the free object by a guest, as the public books. */
const checkoutBody = (index: number) => ({ bookableItems: [{ bookableId: thingId, amount: 1 }], ...customer, name: `Parallel ${index}` });

const pageOf = async (variables: Record<string, unknown>) => {
  const answer = await owner.gql<BookingsAnswer>(LIST, { t: tenantId, ...variables });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!.bookings;
};

const gqlError = async (variables: Record<string, unknown>) => {
  const answer = await owner.gql<BookingsAnswer>(LIST, { t: tenantId, ...variables });
  expect(answer.data ?? null).toBeNull();
  return answer.errors?.[0];
};

const expectProblem = (response: HttpResponse, field: string) => {
  expect(response.status, response.text).toBe(400);
  expect(response.contentType).toContain('application/problem+json');
  expect(response.json).toMatchObject({ code: 'generic.validation' });
  expect(Object.keys(response.json.errors)).toEqual([field]);
  expect(response.json.detail).toContain(field);
};

const nextLink = (response: HttpResponse) => /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1] ?? null;

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, OWNER);
  const tenant = await createTenant(app.orm, { name: 'Paging-Stadt', owners: [OWNER.id] });
  tenantId = tenant.id;
  owner = app.client();
  await signIn(owner, OWNER.id, OWNER.password);
  guest = app.client();
  thingId = (await storeBookable(app, tenantId, { isBookable: true, isPublic: true, amount: null, title: 'Leihfahrrad' })).id;
});
afterAll(async () => app?.close());

describe('paging the bookings by cursor', () => {
  let existing: string[];

  beforeAll(async () => {
    // Ten bookings share one instant to the microsecond: only the tiebreaker orders them.
    const tied = Array.from({ length: 10 }, () => '2026-11-20 10:00:00.123456+00');
    const spread = Array.from({ length: 25 }, (_, index) => `2026-11-${String(1 + index).padStart(2, '0')} 08:00:00.${String(index).padStart(6, '0')}+00`);
    existing = await storeBookings([...tied, ...spread, '2026-11-20 10:00:00.123457+00', '2026-11-20 10:00:00.123455+00']);
  });

  it('reads every booking exactly once with first/after while others are booked in parallel between and during the pages', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let booked = 0;
    for (let page = 0; page < 50; page++) {
      // From the second page on, three checkouts race the page's read; more land before the next
      // one. The first page is read alone: a booking committed before it is simply its newest row.
      const checkouts = page === 0 ? null : fireAll([0, 1, 2].map((offset) => ({ via: 'checkout', send: () => guest.post(`/api/${tenantId}/checkout`, checkoutBody(booked + offset)) })));
      const [answer, outcomes]: [BookingsAnswer['bookings'], Awaited<typeof checkouts>] = await Promise.all([pageOf({ first: 4, after }), checkouts]);
      if (outcomes) {
        expect(tally(outcomes)).toEqual({ 200: 3 });
        booked += 3;
      }
      seen.push(...answer.items.map((item) => item.id));
      expect(answer.limit).toBe(4);
      expect(answer.offset).toBe(0);
      if (!answer.pageInfo.hasNextPage) break;
      after = answer.pageInfo.endCursor;
    }
    // Bookings made while paging are newer than the first page: they never push rows onto a later page.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => existing.includes(id)).sort()).toEqual([...existing].sort());
    expect(seen.filter((id) => !existing.includes(id))).toEqual([]);
    expect(booked).toBeGreaterThan(20);
  });

  it('orders newest first with the tiebreaker, the same rows as offset paging reads on a quiet list', async () => {
    const total = (await pageOf({ limit: 1 })).total;
    const all = (await pageOf({ limit: 500 })).items.map((item) => item.id);
    expect(all).toHaveLength(total);
    const byCursor: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await pageOf({ first: 7, after });
      byCursor.push(...page.items.map((item) => item.id));
      if (!page.pageInfo.hasNextPage) {
        expect(page.pageInfo.endCursor).toBe(byCursor.length > 0 ? page.pageInfo.endCursor : null);
        break;
      }
      after = page.pageInfo.endCursor;
    }
    expect(byCursor).toEqual(all);
    const rows = await sql<{ number: string }>('select number from bookings where tenant_id = ? order by created_at desc, key desc', [tenantId]);
    expect(all).toEqual(rows.map((row) => row.number));
    // An offset page hands on its last row's cursor too: paging can switch from offsets to cursors.
    const offsetPage = await pageOf({ limit: 5, offset: 5 });
    const continued = await pageOf({ first: 5, after: offsetPage.pageInfo.endCursor });
    expect(continued.items.map((item) => item.id)).toEqual(all.slice(10, 15));
  });

  it('pages through REST with X-Next-Cursor and Link rel="next", the body a bare array, while bookings are added', async () => {
    // PENDING only: the bookings booked meanwhile wait for release too, but land in front of the first page.
    const seen: string[] = [];
    let path: string | null = `/api/${tenantId}/bookings?limit=6&status=PENDING`;
    let pages = 0;
    while (path) {
      const [response] = await Promise.all([owner.get(path), guest.post(`/api/${tenantId}/checkout`, checkoutBody(900 + pages))]);
      expect(response.status, response.text).toBe(200);
      expect(Array.isArray(response.json)).toBe(true);
      seen.push(...(response.json as { id: string }[]).map((booking) => booking.id));
      const link = nextLink(response);
      const cursor = response.headers.get('x-next-cursor');
      if (link) {
        const url = new URL(link);
        expect(url.origin).toBe(app.url);
        expect(url.searchParams.get('cursor')).toBe(cursor);
        expect(url.searchParams.get('status')).toBe('PENDING');
        expect(url.searchParams.get('limit')).toBe('6');
        path = `${url.pathname}${url.search}`;
      } else {
        // The last page still names its end, where a later run resumes; after it comes nothing.
        expect(cursor).not.toBeNull();
        const after = await owner.get(`/api/${tenantId}/bookings?limit=6&status=PENDING&cursor=${cursor}`);
        expect(after.json).toEqual([]);
        expect(after.headers.get('x-next-cursor')).toBeNull();
        path = null;
      }
      pages++;
    }
    expect(pages).toBeGreaterThan(3);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of existing) expect(seen).toContain(id);
  });

  it('pages own bookings and an event’s bookings by cursor too', async () => {
    const mine = await owner.get(`/api/${tenantId}/mybookings?limit=1`);
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual([]);
    expect(mine.headers.get('x-next-cursor')).toBeNull();

    const em = app.orm.em.fork();
    const event = em.create(Event, { tenant: em.getReference(Tenant, tenantId), ownerUserId: null });
    const data = defaultEventData();
    event.setData({ ...data, isPublic: true, information: { ...data.information, name: 'Lesung', startDate: '2027-05-01', startTime: '19:00' } });
    await em.flush();
    const ticket = await storeTicket(app, tenantId, event.id, { title: 'Eintritt' });
    const booked = [];
    for (let index = 0; index < 5; index++) {
      const response = await guest.post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId: ticket.id, amount: 1 }], ...customer });
      expect(response.status, response.text).toBe(200);
      booked.push(response.json.id as string);
    }
    const query = `query($t: ID!, $id: ID!, $first: Int, $after: String) { eventBookings(tenantId: $t, id: $id, first: $first, after: $after) { total items { id } pageInfo { endCursor hasNextPage } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const answer: GraphQLResponse<{ eventBookings: BookingsAnswer['bookings'] }> = await owner.gql(query, { t: tenantId, id: event.id, first: 2, after });
      expect(answer.errors).toBeUndefined();
      seen.push(...answer.data!.eventBookings.items.map((item) => item.id));
      if (!answer.data!.eventBookings.pageInfo.hasNextPage) break;
      after = answer.data!.eventBookings.pageInfo.endCursor;
    }
    expect(seen).toEqual([...booked].reverse());

    const rest = await owner.get(`/api/${tenantId}/events/${event.id}/bookings?limit=3`);
    expect(rest.status).toBe(200);
    expect((rest.json as { id: string }[]).map((booking) => booking.id)).toEqual([...booked].reverse().slice(0, 3));
    const next = await owner.get(`/api/${tenantId}/events/${event.id}/bookings?limit=3&cursor=${rest.headers.get('x-next-cursor')}`);
    expect((next.json as { id: string }[]).map((booking) => booking.id)).toEqual([...booked].reverse().slice(3));
    expect(next.headers.get('link')).toBeNull();
    expect(next.headers.get('x-next-cursor')).not.toBeNull();
  });
});

describe('synchronising by updatedSince', () => {
  it('answers the bookings changed since the instant, oldest change first, and resumes after the cursor with later changes', async () => {
    const [a, b, c, d] = await storeBookings(['2026-10-01 08:00:00+00', '2026-10-02 08:00:00+00', '2026-10-03 08:00:00+00', '2026-10-04 08:00:00+00']);
    // Changes stamped decades ahead: no booking this file books now falls after them, whatever day it runs.
    const since = '2100-01-01T00:00:00.000Z';
    // Changes in the order c, a, d, with a and d at the same instant: the key breaks the tie.
    const touch = (number: string, at: string) => sql('update bookings set updated_at = ?::timestamptz where tenant_id = ? and number = ?', [at, tenantId, number]);
    await touch(c, '2100-01-01 00:00:00+00');
    await touch(a, '2100-01-02 00:00:00.5+00');
    await touch(d, '2100-01-02 00:00:00.5+00');
    await touch(b, '2099-12-31 23:59:59.999999+00');
    const rows = await sql<{ number: string }>('select number from bookings where tenant_id = ? and number in (?, ?) order by key', [tenantId, a, d]);
    const tied = rows.map((row) => row.number);

    const first = await pageOf({ updatedSince: since, first: 2 });
    expect(first.items.map((item) => item.id)).toEqual([c, tied[0]]);
    expect(first.total).toBe(3);
    expect(first.pageInfo.hasNextPage).toBe(true);

    // A change after the first page: b moves behind everything read so far and comes with the rest.
    await touch(b, '2100-02-01 00:00:00+00');
    const rest = await pageOf({ updatedSince: since, first: 10, after: first.pageInfo.endCursor });
    expect(rest.items.map((item) => item.id)).toEqual([tied[1], b]);
    expect(rest.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });

    // Resuming later from the last cursor reads only what changed after it.
    const quiet = await pageOf({ updatedSince: since, first: 10, after: rest.pageInfo.endCursor });
    expect(quiet.items).toEqual([]);
    expect(quiet.pageInfo).toEqual({ hasNextPage: false, endCursor: null });
    await touch(c, '2100-03-01 00:00:00+00');
    const later = await pageOf({ updatedSince: since, first: 10, after: rest.pageInfo.endCursor });
    expect(later.items.map((item) => item.id)).toEqual([c]);

    // REST answers the same order and hands on the cursor.
    const restPage = await owner.get(`/api/${tenantId}/bookings?updatedSince=${since}&limit=2`);
    expect(restPage.status, restPage.text).toBe(200);
    expect((restPage.json as { id: string }[]).map((booking) => booking.id)).toEqual([tied[0], tied[1]]);
    const restNext = await owner.get(`/api/${tenantId}/bookings?updatedSince=${since}&limit=2&cursor=${restPage.headers.get('x-next-cursor')}`);
    expect((restNext.json as { id: string }[]).map((booking) => booking.id)).toEqual([b, c]);
  });

  it('stamps a change made through the API, so the next run finds it', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const booked = await guest.post(`/api/${tenantId}/checkout`, checkoutBody(1000));
    expect(booked.status, booked.text).toBe(200);
    const number = booked.json.id as string;
    await sql("update bookings set updated_at = '2020-01-01' where tenant_id = ? and number = ?", [tenantId, number]);
    expect((await pageOf({ updatedSince: before, first: 500 })).items.map((item) => item.id)).not.toContain(number);
    const committed = await owner.post(`/api/${tenantId}/bookings/${number}/commit`);
    expect(committed.status, committed.text).toBe(200);
    expect((await pageOf({ updatedSince: before, first: 500 })).items.map((item) => item.id)).toContain(number);

    // Each booking says when it changed, in GraphQL and REST alike.
    const graphql = await owner.gql<{ booking: { updatedAt: string } }>('query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { updatedAt } }', { t: tenantId, id: number });
    expect(graphql.errors, JSON.stringify(graphql.errors)).toBeUndefined();
    expect(Date.parse(graphql.data!.booking.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before));
    expect((await owner.get(`/api/${tenantId}/bookings/${number}`)).json).toMatchObject({ updatedAt: graphql.data!.booking.updatedAt });
  });
});

describe('refusing page parameters', () => {
  const valid = () => encodeCursor({ order: 'bookings.newest', values: ['2026-11-20T10:00:00.123456Z', '0b4f3a52-51a4-4be1-9b51-4a1f2b7c9d10'] });

  it('GraphQL: sizes and offsets out of range, malformed cursors and cursors of another order are GENERIC_VALIDATION naming the argument', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ limit: 0 }, 'limit'],
      [{ limit: -1 }, 'limit'],
      [{ limit: 501 }, 'limit'],
      [{ first: 0 }, 'first'],
      [{ first: 1000 }, 'first'],
      [{ offset: -1 }, 'offset'],
      [{ after: 'kaputt' }, 'after'],
      [{ after: base64UrlOfAscii('{"o":"bookings.newest","k":["2026-02-30T10:00:00.000000Z","0b4f3a52-51a4-4be1-9b51-4a1f2b7c9d10"]}') }, 'after'],
      [{ after: base64UrlOfAscii('{"o":"bookings.newest","k":["2026-11-20T10:00:00.123456Z","nicht-uuid"]}') }, 'after'],
      [{ after: valid(), updatedSince: '2026-01-01T00:00:00Z' }, 'after'],
      [{ after: encodeCursor({ order: 'events.start', values: [null, '2026-11-20T10:00:00.123456Z', '0b4f3a52-51a4-4be1-9b51-4a1f2b7c9d10'] }) }, 'after'],
      [{ after: valid(), offset: 5 }, 'offset'],
    ];
    for (const [variables, field] of cases) {
      const error = await gqlError(variables);
      expect(error?.extensions, JSON.stringify(variables)).toMatchObject({ code: 'GENERIC_VALIDATION' });
      expect(Object.keys(error?.extensions?.fieldErrors as object), JSON.stringify(variables)).toEqual([field]);
      expect(error?.message).toContain(`${field}:`);
    }
    // Not an Int at all: GraphQL's own type check refuses it before the resolver.
    const fraction = await owner.gql(LIST, { t: tenantId, limit: 1.5 });
    expect(fraction.errors?.[0]?.extensions?.code).toBeDefined();
    expect(fraction.data ?? null).toBeNull();
    expect((await pageOf({ first: 500 })).limit).toBe(500);
  });

  it('REST: limit, offset and cursor out of range are 400 problem+json naming the parameter, never clamped', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=-5', 'limit'],
      ['limit=501', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=zwei', 'offset'],
      ['cursor=kaputt', 'cursor'],
      [`cursor=${valid()}&offset=3`, 'offset'],
      [`cursor=${valid()}&updatedSince=2026-01-01T00:00:00Z`, 'cursor'],
      ['updatedSince=gestern', 'updatedSince'],
    ];
    for (const [query, field] of cases) {
      expectProblem(await owner.get(`/api/${tenantId}/bookings?${query}`), field);
      expectProblem(await owner.get(`/api/${tenantId}/mybookings?${query}`), field);
    }
    expectProblem(await owner.get(`/api/${tenantId}/events?limit=0`), 'limit');
    expectProblem(await owner.get(`/api/${tenantId}/events?cursor=kaputt`), 'cursor');
    expectProblem(await owner.get(`/api/${tenantId}/events?cursor=${valid()}`), 'cursor');
  });
});

describe('paging the events by cursor', () => {
  const EVENTS_PAGE = `query($t: ID!, $first: Int, $after: String, $updatedSince: DateTimeISO) {
    eventsPage(tenantId: $t, first: $first, after: $after, updatedSince: $updatedSince) { items { id information { name } } pageInfo { endCursor hasNextPage } } }`;
  const PUBLIC_PAGE = `query($t: ID!, $first: Int, $after: String) {
    publicEventsPage(tenantId: $t, first: $first, after: $after) { items { id } pageInfo { endCursor hasNextPage } } }`;

  async function storeEvents(count: number, startDate: (index: number) => string | null): Promise<string[]> {
    const em = app.orm.em.fork();
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const data = defaultEventData();
      const event = em.create(Event, { tenant: em.getReference(Tenant, tenantId), ownerUserId: null });
      event.setData({ ...data, isPublic: true, information: { ...data.information, name: `Veranstaltung ${index}`, startDate: startDate(index) ?? '', startTime: startDate(index) ? '18:00' : '' } });
      ids.push(event.id);
    }
    await em.flush();
    return ids;
  }

  it('reads every event once in the list’s order, events without a start last, while events are added', async () => {
    await storeEvents(6, (index) => `2027-0${1 + (index % 3)}-10`);
    await storeEvents(4, () => null);
    const all = (await owner.gql<{ events: { id: string }[] }>('query($t: ID!) { events(tenantId: $t, limit: 500) { id } }', { t: tenantId })).data!.events.map((event) => event.id);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const answer: GraphQLResponse<{ eventsPage: EventPage }> = await owner.gql(EVENTS_PAGE, { t: tenantId, first: 3, after });
      expect(answer.errors).toBeUndefined();
      seen.push(...answer.data!.eventsPage.items.map((event) => event.id));
      // A new event starting far ahead sorts first: it must not shift the pages still to come.
      await storeEvents(1, () => '2029-12-24');
      if (!answer.data!.eventsPage.pageInfo.hasNextPage) break;
      after = answer.data!.eventsPage.pageInfo.endCursor;
    }
    expect(seen).toEqual(all);

    const publicSeen: string[] = [];
    let publicAfter: string | null = null;
    for (;;) {
      const answer: GraphQLResponse<{ publicEventsPage: EventPage }> = await guest.gql(PUBLIC_PAGE, { t: tenantId, first: 4, after: publicAfter });
      expect(answer.errors).toBeUndefined();
      publicSeen.push(...answer.data!.publicEventsPage.items.map((event) => event.id));
      if (!answer.data!.publicEventsPage.pageInfo.hasNextPage) break;
      publicAfter = answer.data!.publicEventsPage.pageInfo.endCursor;
    }
    expect(new Set(publicSeen).size).toBe(publicSeen.length);
    for (const id of all) expect(publicSeen).toContain(id);
  });

  it('pages the REST events list with its headers, and reads changed events oldest change first', async () => {
    const first = await guest.get(`/api/${tenantId}/events?limit=4`);
    expect(first.status).toBe(200);
    const link = nextLink(first);
    expect(link).not.toBeNull();
    const second = await guest.get(new URL(link!).pathname + new URL(link!).search);
    expect(second.status).toBe(200);
    const ids = [...first.json, ...second.json].map((event: { id: string }) => event.id);
    expect(new Set(ids).size).toBe(8);

    const since = '2031-01-01T00:00:00.000Z';
    await sql("update events set updated_at = '2031-01-02' where tenant_id = ? and id = ?", [tenantId, ids[3]]);
    await sql("update events set updated_at = '2031-01-01' where tenant_id = ? and id = ?", [tenantId, ids[6]]);
    const changed = await owner.gql<{ eventsPage: { items: { id: string }[] } }>(EVENTS_PAGE, { t: tenantId, updatedSince: since, first: 10 });
    expect(changed.data!.eventsPage.items.map((event) => event.id)).toEqual([ids[6], ids[3]]);
    const rest = await guest.get(`/api/${tenantId}/events?updatedSince=${since}`);
    expect((rest.json as { id: string }[]).map((event) => event.id)).toEqual([ids[6], ids[3]]);
  });
});
