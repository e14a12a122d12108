import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffBookingListDocument, StaffBookingsDocument } from '../../client/src/gql/graphql.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { countStatements, type StatementCounter } from '../support/statements.js';
import { testDay } from '../support/test-calendar.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, slot, storeEvent, storeTicket } from './bookings.fixtures.js';

/**
 * The main lists read their rows with a fixed number of SQL statements, however many rows they show:
 * each list is asked for with few rows and with many, and both answers must have cost the same
 * statements. A field read once per row (an N+1) makes the second count grow with the rows.
 */
let app: TestApp;
let counter: StatementCounter;
let owner: HttpClient;
/** The tenant with many rows of everything, and the one with few. */
let many: string;
let few: string;
let roomOfMany: string;

const OWNER = { id: 'inhaberin@anweisungen.example', password: 'anweisungen-passwort-1' };
const FEW = 5;
const MANY = 50;
/** The room bookings of the tenant with many rows: ten an hour apart on each of these days. */
const ROOM_DAYS = ['2027-11-02', '2027-11-03', '2027-11-04'];

/** A tenant with `count` events, each with a ticket, a room, and `count` bookings: rooms and tickets in turn. */
async function storeTenantWithRows(name: string, count: number): Promise<{ tenantId: string; roomId: string }> {
  const tenant = await createTenant(app.orm, { name, owners: [OWNER.id] });
  const room = await bookableRoom(app, tenant.id, { title: `Saal ${name}` });
  const tickets: string[] = [];
  for (let index = 0; index < count; index++) {
    const event = await storeEvent(app, tenant.id, `Konzert ${index + 1}`, 100);
    tickets.push((await storeTicket(app, tenant.id, event.id, { title: `Karte ${index + 1}` })).id);
  }
  const guest = app.client();
  for (let index = 0; index < count; index++) {
    const body =
      index % 2 === 0
        ? { ...slot(8 + ((index / 2) % 10), ROOM_DAYS[Math.floor(index / 20)]), bookableItems: [{ bookableId: room.id, amount: 1 }] }
        : { bookableItems: [{ bookableId: tickets[index], amount: 1 }] };
    const answer = await guest.post(`/api/${tenant.id}/checkout`, { ...body, ...customer, name: `Gast ${index + 1}` });
    expect(answer.status, answer.text).toBe(200);
  }
  return { tenantId: tenant.id, roomId: room.id };
}

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, OWNER);
  ({ tenantId: many, roomId: roomOfMany } = await storeTenantWithRows('Viele', MANY));
  ({ tenantId: few } = await storeTenantWithRows('Wenige', FEW));
  await waitForSettledQueue(app.orm);
  owner = app.client();
  await signIn(owner, OWNER.id, OWNER.password);
  counter = countStatements(app);
}, 120_000);
afterAll(async () => {
  counter?.restore();
  await app?.close();
});

/**
 * The statements of a request, sent twice: the fewer count. A cached setting whose time ran out (the
 * instance's) is read again by whichever request comes next, which says nothing about the rows.
 */
async function fewestStatements(send: () => Promise<unknown>): Promise<string[]> {
  const first = await counter.during(send);
  const second = await counter.during(send);
  return second.length < first.length ? second : first;
}

/** The statements of one GraphQL request, after checking that it answered without errors. */
async function statementsOfQuery(query: string, variables: Record<string, unknown>, rows: (data: Record<string, unknown>) => unknown[]): Promise<{ statements: string[]; rows: number }> {
  let shown = 0;
  const statements = await fewestStatements(async () => {
    const answer = await owner.gql(query, variables);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    shown = rows(answer.data!).length;
  });
  return { statements, rows: shown };
}

/** Fails with both lists of statements side by side when the larger list cost more. */
function expectSameCount(small: { statements: string[]; rows: number }, large: { statements: string[]; rows: number }, expectedRows: [number, number]) {
  expect([small.rows, large.rows]).toEqual(expectedRows);
  const listing = `${small.rows} rows:\n${small.statements.join('\n')}\n\n${large.rows} rows:\n${large.statements.join('\n')}`;
  expect(large.statements.length, listing).toBe(small.statements.length);
}

describe('SQL statements per list do not grow with its rows', () => {
  it('GraphQL bookings: a page with items, their objects and events, receipts and the last history entry', async () => {
    const query = `query($t: ID!, $limit: Int!) { bookings(tenantId: $t, limit: $limit, offset: 0) { total items {
      id name items { bookableId amount bookable { id title } event { id name } } receipts { id number } history(first: 1) { entries { action at } nextCursor } } } }`;
    const rowsOf = (data: Record<string, unknown>) => (data as { bookings: { items: unknown[] } }).bookings.items;
    const small = await statementsOfQuery(query, { t: many, limit: FEW }, rowsOf);
    const large = await statementsOfQuery(query, { t: many, limit: MANY }, rowsOf);
    expectSameCount(small, large, [FEW, MANY]);
  });

  it("the staff's bookings screen: its first request, and the calendar's window", async () => {
    const rowsOf = (data: Record<string, unknown>) => (data as { bookings: { items: unknown[] } }).bookings.items;
    const list = print(StaffBookingListDocument);
    const smallList = await statementsOfQuery(list, { tenantId: many, first: FEW, withCount: true }, rowsOf);
    const largeList = await statementsOfQuery(list, { tenantId: many, first: 100, withCount: true }, rowsOf);
    expectSameCount(smallList, largeList, [FEW, MANY]);
    // A search (a word of four letters: also by similarity, in a transaction of its own) in another order.
    const searchedSmall = await statementsOfQuery(list, { tenantId: many, first: FEW, search: 'gast', sort: 'CUSTOMER_ASC', withCount: true }, rowsOf);
    const searchedLarge = await statementsOfQuery(list, { tenantId: many, first: 100, search: 'gast', sort: 'CUSTOMER_ASC', withCount: true }, rowsOf);
    expectSameCount(searchedSmall, searchedLarge, [FEW, MANY]);
    const window = print(StaffBookingsDocument);
    const small = await statementsOfQuery(window, { tenantId: many, limit: FEW, offset: 0 }, rowsOf);
    const large = await statementsOfQuery(window, { tenantId: many, limit: 100, offset: 0 }, rowsOf);
    expectSameCount(small, large, [FEW, MANY]);
  });

  it('GraphQL events: the list with seats sold and the direct link', async () => {
    const query = `query($t: ID!, $limit: Int!) { events(tenantId: $t, includePast: true, limit: $limit, offset: 0) { id information { name } seatsSold directLink } }`;
    const rowsOf = (data: Record<string, unknown>) => (data as { events: unknown[] }).events;
    const small = await statementsOfQuery(query, { t: many, limit: FEW }, rowsOf);
    const large = await statementsOfQuery(query, { t: many, limit: MANY }, rowsOf);
    expectSameCount(small, large, [FEW, MANY]);
  });

  it('REST bookables with populate: every object with its event and dependent objects', async () => {
    const listOf = async (tenantId: string) => {
      let rows = 0;
      const statements = await fewestStatements(async () => {
        const answer = await owner.get(`/api/${tenantId}/bookables?populate=true`);
        expect(answer.status, answer.text).toBe(200);
        rows = (answer.json as { _populated: { event: { id: string } | null } }[]).filter((bookable) => bookable._populated.event).length;
      });
      return { statements, rows };
    };
    expectSameCount(await listOf(few), await listOf(many), [FEW, MANY]);
  });

  it('REST public bookables with populate, as a guest', async () => {
    const guest = app.client();
    const listOf = async (tenantId: string) => {
      let rows = 0;
      const statements = await fewestStatements(async () => {
        const answer = await guest.get(`/api/${tenantId}/bookables/public?populate=true`);
        expect(answer.status, answer.text).toBe(200);
        rows = (answer.json as { _populated: { event: { id: string } | null } }[]).filter((bookable) => bookable._populated.event).length;
      });
      return { statements, rows };
    };
    expectSameCount(await listOf(few), await listOf(many), [FEW, MANY]);
  });

  it('calendar occupancy: a day with a few bookings and the days with all of them', async () => {
    const dayStart = (day: string) => new Date(`${testDay(day)}T00:00:00+01:00`).getTime();
    const occupancyOf = async (from: number, to: number) => {
      let rows = 0;
      const statements = await fewestStatements(async () => {
        const answer = await owner.get(`/api/${many}/calendar/occupancy?ids=${roomOfMany}&from=${from}&to=${to}`);
        expect(answer.status, answer.text).toBe(200);
        rows = (answer.json as unknown[]).length;
      });
      return { statements, rows };
    };
    const oneDay = await occupancyOf(dayStart(ROOM_DAYS[2]), dayStart(ROOM_DAYS[2]) + 86_400_000);
    const allDays = await occupancyOf(dayStart(ROOM_DAYS[0]), dayStart(ROOM_DAYS[2]) + 86_400_000);
    expectSameCount(oneDay, allDays, [MANY / 2 - 20, MANY / 2]);
  });
});
