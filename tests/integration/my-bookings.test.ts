import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { GraphQLResponse, HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';

/**
 * "Meine Buchungen": a signed-in person's own bookings across tenants (GraphQL `myBookings`, REST
 * GET /api/account/bookings), upcoming soonest first and past latest first, by cursor, with their
 * documents, which the booker may download; nobody sees another's, tokens and guests are refused.
 */
let app: TestApp;
let citizen: HttpClient;
let neighbour: HttpClient;
let owner: HttpClient;
let townHall: string;
let library: string;
const booked: Record<'hall1' | 'hall2' | 'library' | 'pastHall' | 'pastLibrary', string> = { hall1: '', hall2: '', library: '', pastHall: '', pastLibrary: '' };

const CITIZEN = { id: 'bürgerin@meine-buchungen.example', password: 'meine-buchungen-1' };
const NEIGHBOUR = { id: 'nachbar@meine-buchungen.example', password: 'meine-buchungen-2' };
const OWNER = { id: 'inhaberin@meine-buchungen.example', password: 'meine-buchungen-3' };

const sql = (query: string, params: unknown[]) => app.orm.em.fork().execute(query, params);

async function book(client: HttpClient, tenantId: string, roomId: string, hour: number, day: string): Promise<string> {
  const answer = await client.post(`/api/${tenantId}/checkout`, { ...slot(hour, day), bookableItems: [{ bookableId: roomId, amount: 1 }], ...customer });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { id: string }).id;
}

const MY_BOOKINGS = `query($period: MyBookingPeriod, $first: Int, $after: String) {
  myBookings(period: $period, first: $first, after: $after) {
    items { tenantId tenantName id timeBegin timeEnd objects { title amount } priceEur state isPayed paymentProvider mayPay documents { id kind number downloadUrl } }
    pageInfo { endCursor hasNextPage } } }`;

interface MyBookingsAnswer {
  myBookings: {
    items: { tenantId: string; tenantName: string; id: string; timeBegin: string; objects: { title: string; amount: number }[]; state: string; documents: { id: string; kind: string; downloadUrl: string }[] }[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
}

async function gqlAll(client: HttpClient, period: 'UPCOMING' | 'PAST', first: number): Promise<MyBookingsAnswer['myBookings']['items']> {
  const seen: MyBookingsAnswer['myBookings']['items'] = [];
  let after: string | null = null;
  for (let page = 0; page < 20; page++) {
    const answer: GraphQLResponse<MyBookingsAnswer> = await client.gql<MyBookingsAnswer>(MY_BOOKINGS, { period, first, after });
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    seen.push(...answer.data!.myBookings.items);
    if (!answer.data!.myBookings.pageInfo.hasNextPage) return seen;
    after = answer.data!.myBookings.pageInfo.endCursor;
  }
  throw new Error('Zu viele Seiten');
}

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, CITIZEN);
  await createUser(app.orm, NEIGHBOUR);
  await createUser(app.orm, OWNER);
  townHall = (await createTenant(app.orm, { name: 'Rathaus Meinstadt', owners: [OWNER.id] })).id;
  library = (await createTenant(app.orm, { name: 'Bibliothek Meinstadt', owners: [OWNER.id] })).id;
  const hall = await bookableRoom(app, townHall, { title: 'Ratssaal' });
  const reading = await bookableRoom(app, library, { title: 'Lesesaal' });
  citizen = app.client();
  await signIn(citizen, CITIZEN.id, CITIZEN.password);
  neighbour = app.client();
  await signIn(neighbour, NEIGHBOUR.id, NEIGHBOUR.password);
  owner = app.client();
  await signIn(owner, OWNER.id, OWNER.password);
  booked.hall2 = await book(citizen, townHall, hall.id, 14, '2027-11-30');
  booked.library = await book(citizen, library, reading.id, 10, '2027-11-30');
  booked.hall1 = await book(citizen, townHall, hall.id, 9, '2027-11-30');
  booked.pastHall = await book(citizen, townHall, hall.id, 16, '2027-11-30');
  booked.pastLibrary = await book(citizen, library, reading.id, 16, '2027-11-30');
  // Two of them lie in the past: moved back by a year and by two.
  await sql(`update bookings set time_begin = time_begin - interval '3 years', time_end = time_end - interval '3 years' where number = ?`, [booked.pastHall]);
  await sql(`update bookings set time_begin = time_begin - interval '2 years', time_end = time_end - interval '2 years' where number = ?`, [booked.pastLibrary]);
  // The neighbour's booking and a guest's in the same room.
  await book(neighbour, townHall, hall.id, 11, '2027-11-30');
  await book(app.client(), townHall, hall.id, 12, '2027-11-30');
}, 120_000);
afterAll(async () => app?.close());

describe('GraphQL myBookings and REST GET /api/account/bookings', () => {
  it('list the upcoming bookings of every tenant, soonest first, with tenant, objects and state, page by page', async () => {
    const upcoming = await gqlAll(citizen, 'UPCOMING', 2);
    expect(upcoming.map((booking) => booking.id)).toEqual([booked.hall1, booked.library, booked.hall2]);
    expect(upcoming[1]).toMatchObject({ tenantId: library, tenantName: 'Bibliothek Meinstadt', objects: [{ title: 'Lesesaal', amount: 1 }], state: 'PENDING' });
  });

  it('list the past ones latest first', async () => {
    expect((await gqlAll(citizen, 'PAST', 1)).map((booking) => booking.id)).toEqual([booked.pastLibrary, booked.pastHall]);
  });

  it('answer the same over REST, paged by X-Next-Cursor', async () => {
    const first = await citizen.get('/api/account/bookings?limit=2');
    expect(first.status, first.text).toBe(200);
    const cursor = first.headers.get('x-next-cursor');
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await citizen.get(`/api/account/bookings?limit=2&cursor=${encodeURIComponent(cursor ?? '')}`);
    expect([...first.json, ...second.json].map((booking: { id: string }) => booking.id)).toEqual([booked.hall1, booked.library, booked.hall2]);
    const graphql = await citizen.gql<MyBookingsAnswer>(MY_BOOKINGS, { first: 1 });
    expect(first.json[0]).toMatchObject({ ...graphql.data!.myBookings.items[0] });
    expect((await citizen.get('/api/account/bookings?limit=1&offset=2')).json.map((booking: { id: string }) => booking.id)).toEqual([booked.hall2]);
    const past = await citizen.get('/api/account/bookings?period=past');
    expect(past.json.map((booking: { id: string }) => booking.id)).toEqual([booked.pastLibrary, booked.pastHall]);
  });

  it("show nobody another's bookings; a guest is refused, so is an unknown period or a cursor of the other period", async () => {
    expect((await gqlAll(neighbour, 'UPCOMING', 10)).map((booking) => booking.tenantName)).toEqual(['Rathaus Meinstadt']);
    expect((await gqlAll(owner, 'UPCOMING', 10)).map((booking) => booking.id)).toEqual([]);
    expect((await app.client().get('/api/account/bookings')).status).toBe(401);
    const anonymous = await app.client().gql(MY_BOOKINGS, {});
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('AUTH_UNAUTHENTICATED');
    const period = await citizen.get('/api/account/bookings?period=morgen');
    expect(period.status).toBe(400);
    expect(Object.keys(period.json.errors)).toEqual(['period']);
    const upcoming = await citizen.get('/api/account/bookings?limit=1');
    const crossed = await citizen.get(`/api/account/bookings?period=past&cursor=${encodeURIComponent(upcoming.headers.get('x-next-cursor') ?? '')}`);
    expect(crossed.status).toBe(400);
    expect(Object.keys(crossed.json.errors)).toEqual(['cursor']);
  });
});

describe('documents', () => {
  it("carry a booking's invoice, which its booker downloads and another person may not", async () => {
    const issued = await owner.post(`/api/${townHall}/bookings/${booked.hall1}/invoices`, {});
    expect(issued.status, issued.text).toBe(201);
    const [hall1] = (await gqlAll(citizen, 'UPCOMING', 10)).filter((booking) => booking.id === booked.hall1);
    expect(hall1.documents).toHaveLength(1);
    expect(hall1.documents[0].kind).toBe('invoice');
    const pdf = await citizen.get(hall1.documents[0].downloadUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await neighbour.get(hall1.documents[0].downloadUrl)).status).toBe(403);
  });
});
