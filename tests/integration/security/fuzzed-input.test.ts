import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID_LENGTH } from '../../../server/src/shared/ids.js';
import { MAX_FRAGMENT_DEPTH, MAX_QUERY_LENGTH, MAX_TOKENS, SUBSCRIPTION_OVER_HTTP } from '../../../server/src/shared/graphql/limits.js';
import { Booking } from '../../../server/src/bookings/booking.entity.js';
import { Coupon } from '../../../server/src/coupons/coupon.entity.js';
import { Tenant } from '../../../server/src/tenants/tenant.entity.js';
import { bookableRoom } from '../bookings.fixtures.js';
import type { GraphQLResponse, HttpClient, HttpResponse } from '../../support/http.js';
import { createActors, type Actors } from '../../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { waitForSettledQueue } from '../../support/job-queue.js';
import { storedBoard } from '../../support/workflow-board.js';
import { graphqlWsClient, runOverSocket, SubscriptionRecorder } from '../../support/ws.js';
import { testDay } from '../../support/test-calendar.js';

/**
 * Bad input on every write path answers 4xx with a German message and writes nothing: numbers
 * beyond their column, dates in the wrong order or century, null entries, ids longer than any
 * stored one, phantom workflow cards, and GraphQL documents too long, too fragmented or sent over
 * the wrong transport. One test per finding, then a seeded fuzz over REST and GraphQL.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;
let admin: HttpClient;
let roomId: string;
/** A booking of the tenant: the only kind of task the workflow board takes. */
let bookingNumber: string;

const tooLongId = 'x'.repeat(10_000);
const may = Date.UTC(2026, 4, 1);
const april = Date.UTC(2026, 3, 1);
/** An hour (UTC) on 30 November 2027 of the test calendar (the room takes one booking at a time). */
const slotAt = (hour: number) => {
  const begin = Date.parse(`${testDay('2027-11-30')}T${String(hour).padStart(2, '0')}:00:00Z`);
  return { timeBegin: begin, timeEnd: begin + 3_600_000 };
};
const slot = slotAt(9);
const isoSlotAt = (hour: number) => ({ timeBegin: new Date(slotAt(hour).timeBegin).toISOString(), timeEnd: new Date(slotAt(hour).timeEnd).toISOString() });
const customer = { name: 'Erika Mustermann', mail: 'erika@example.com', street: 'Hauptstraße 1', zipCode: '12345', location: 'Musterstadt', phone: '0123' };

const WORKFLOW = {
  name: 'Bearbeitung',
  active: true,
  defaultState: 'eingang',
  states: [
    { id: 'eingang', name: 'Eingang', actions: [{ type: 'email', receiverType: 'user', sendTo: ['empfang@example.com'] }] },
    { id: 'fertig', name: 'Erledigt', actions: [] },
  ],
};

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'fuzz');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  admin = actors.clients.instanceOwner;
  roomId = (await bookableRoom(app, tenantId)).id;
  const em = app.orm.em.fork();
  bookingNumber = 'FFFF-AAAA';
  em.create(Booking, { tenant: em.getReference(Tenant, tenantId), number: bookingNumber, name: 'Erika Mustermann' });
  await em.flush();
  expect((await owner.put(`/api/${tenantId}/workflow`, WORKFLOW)).status).toBe(200);
}, 60_000);
afterAll(async () => app?.close());

/**
 * Everything stored, as one text per table (row count and a hash of the rows): equal before and
 * after means nothing was written. Sessions, rate-limit counters and the job workers' heartbeats
 * change on their own; queued jobs are let finish before the comparison.
 */
async function storedState(): Promise<string> {
  // Jobs of earlier requests (a sign-up's verification mail) write too: let them finish first.
  await waitForSettledQueue(app.orm);
  const connection = app.orm.em.getConnection();
  const tables = await connection.execute<{ name: string }[]>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'rate_limits', 'job_worker_heartbeats', 'mikro_orm_migrations')
      order by table_name`,
  );
  const lines: string[] = [];
  for (const { name } of tables) {
    const [row] = await connection.execute<{ state: string }[]>(`select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as state from "${name}" t`);
    lines.push(`${name} ${row.state}`);
  }
  return lines.join('\n');
}

/** A REST refusal: 4xx as problem+json. */
function expectRestRefusal(response: HttpResponse, status = 400): void {
  expect(response.status, response.text.slice(0, 500)).toBe(status);
  expect(response.contentType).toContain('application/problem+json');
}

/** A GraphQL refusal with the catalogue's code (HTTP 200 as for any field error). */
function graphqlError(result: GraphQLResponse): { code: unknown; fieldErrors: Record<string, string> | undefined; message: string } {
  expect(result.errors, JSON.stringify(result.response.json).slice(0, 500)).toHaveLength(1);
  const [error] = result.errors ?? [];
  return { code: error.extensions?.code, fieldErrors: error.extensions?.fieldErrors as Record<string, string> | undefined, message: error.message };
}

describe('coupon validity', () => {
  const CREATE = 'mutation($t: ID!, $input: CouponInput!) { createCoupon(tenantId: $t, input: $input) { id } }';
  const message = 'Das Ende der Gültigkeit darf nicht vor ihrem Beginn liegen.';

  it('a coupon whose validTo lies before validFrom answers 400 naming validTo, over REST and GraphQL, and is not stored', async () => {
    const before = await storedState();
    const rest = await owner.put(`/api/${tenantId}/coupons`, { id: 'RUECKWAERTS', type: 'fixed', discount: 5, validFrom: may, validTo: april });
    expectRestRefusal(rest);
    expect(rest.json.errors).toEqual({ validTo: message });
    const graphql = await owner.gql(CREATE, { t: tenantId, input: { id: 'RUECKWAERTS', type: 'fixed', discount: 5, validFrom: new Date(may).toISOString(), validTo: new Date(april).toISOString() } });
    expect(graphqlError(graphql)).toEqual({ code: 'GENERIC_VALIDATION', fieldErrors: { validTo: message }, message: 'Bitte überprüfen Sie Ihre Eingaben.' });
    expect(await storedState()).toBe(before);
  });

  it('an update moving validTo before the stored validFrom answers 400 too; the same day is fine', async () => {
    const em = app.orm.em.fork();
    em.create(Coupon, { tenant: em.getReference(Tenant, tenantId), code: 'MAI', discount: 5, validFrom: new Date(may) });
    await em.flush();
    const refused = await owner.put(`/api/${tenantId}/coupons`, { id: 'MAI', validTo: april });
    expectRestRefusal(refused);
    expect(refused.json.errors).toEqual({ validTo: message });
    expect((await app.orm.em.fork().findOneOrFail(Coupon, { tenant: tenantId, code: 'MAI' })).validTo).toBeNull();
    expect((await owner.put(`/api/${tenantId}/coupons`, { id: 'MAI', validTo: may })).status).toBe(201);
  });
});

describe('event dates', () => {
  const CREATE = 'mutation($t: ID!, $input: EventInput!) { createEvent(tenantId: $t, input: $input) { id } }';
  const message = 'Das Datum darf nicht vor dem 01.01.1900 liegen.';

  it('an event starting or ending before 1900 answers 400 naming the date, over REST and GraphQL; nothing is stored', async () => {
    const before = await storedState();
    const rest = await owner.put(`/api/${tenantId}/events`, { information: { name: 'Kaiserball', startDate: '1899-12-31', startTime: '20:00', endDate: '0001-01-01' } });
    expectRestRefusal(rest);
    expect(rest.json.errors).toMatchObject({ 'information.startDate': message, 'information.endDate': message });
    const graphql = await owner.gql(CREATE, { t: tenantId, input: { information: { name: 'Kaiserball', startDate: '1850-05-01', startTime: '20:00' } } });
    expect(graphqlError(graphql)).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { 'information.startDate': message } });
    const agenda = await owner.put(`/api/${tenantId}/events`, { information: { name: 'Fest', startDate: '2026-07-15', startTime: '18:00' }, schedules: [{ date: '1066-10-14' }] });
    expectRestRefusal(agenda);
    expect(agenda.json.errors).toEqual({ 'schedules.0.date': message });
    expect(await storedState()).toBe(before);
  });

  it('1 January 1900 is allowed', async () => {
    const response = await owner.put(`/api/${tenantId}/events`, { information: { name: 'Jahrhundertwende', startDate: '1900-01-01', startTime: '00:00' } });
    expect(response.status, response.text).toBe(201);
  });
});

describe('numbers beyond their column', () => {
  const tooLarge = 'Der Wert ist zu groß.';
  const bookable = (extra: Record<string, unknown>) => ({
    type: 'room',
    title: 'Saal',
    priceType: 'per-hour',
    priceCategories: [{ priceEur: 10, priceValueAddedTax: 19, interval: { start: 0, end: 10 }, fixedPrice: false }],
    ...extra,
  });
  const event = (attendees: Record<string, unknown>) => ({ information: { name: 'Fest', startDate: '2026-07-15', startTime: '18:00' }, attendees });
  const cases: [string, () => Promise<HttpResponse>, Record<string, string>][] = [
    ['a fixed coupon discount of 1e308 (reached SQL as Infinity)', () => owner.put(`/api/${tenantId}/coupons`, { id: 'RIESIG', type: 'fixed', discount: 1e308 }), { discount: tooLarge }],
    ['a coupon discount of 1e20', () => owner.put(`/api/${tenantId}/coupons`, { id: 'RIESIG', type: 'fixed', discount: 1e20 }), { discount: tooLarge }],
    ['a coupon maxAmount of 1e308', () => owner.put(`/api/${tenantId}/coupons`, { id: 'RIESIG', discount: 5, maxAmount: 1e308 }), { maxAmount: 'Zahl zu groß' }],
    ['a bookable price of 1e308', () => owner.put(`/api/${tenantId}/bookables`, bookable({ priceCategories: [{ priceEur: 1e308 }] })), { 'priceCategories.0.priceEur': tooLarge }],
    ['a bookable price of -1e308', () => owner.put(`/api/${tenantId}/bookables`, bookable({ priceCategories: [{ priceEur: -1e308 }] })), { 'priceCategories.0.priceEur': 'Darf nicht negativ sein' }],
    ['a bookable amount of 1e308', () => owner.put(`/api/${tenantId}/bookables`, bookable({ amount: 1e308 })), { amount: tooLarge }],
    ['a booking duration of 1e308 hours', () => owner.put(`/api/${tenantId}/bookables`, bookable({ maxBookingDuration: 1e308 })), { maxBookingDuration: tooLarge }],
    [
      'a price interval bound of 1e308',
      () => owner.put(`/api/${tenantId}/bookables`, bookable({ priceCategories: [{ priceEur: 1, interval: { start: 1e308, end: null } }] })),
      { 'priceCategories.0.interval': tooLarge },
    ],
    ['an event price of 1e308', () => owner.put(`/api/${tenantId}/events`, event({ priceCategories: [{ name: 'Normal', price: 1e308 }] })), { 'attendees.priceCategories.0.price': tooLarge }],
    ['an event seat limit of 1e308', () => owner.put(`/api/${tenantId}/events`, event({ needsRegistration: true, maxAttendees: 1e308 })), { 'attendees.maxAttendees': tooLarge }],
    [
      "a staff booking's hand-set price of 1e308",
      () => owner.put(`/api/${tenantId}/bookings`, { bookableItems: [{ bookableId: roomId, amount: 1, userGrossPriceEur: 1e308 }], ...slot, ...customer }),
      { 'bookableItems.0.userGrossPriceEur': 'Ungültiger Preis' },
    ],
    ['a checkout amount of 1e308', () => actors.clients.anonymous.post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId: roomId, amount: 1e308 }], ...slot, ...customer }), {
      'bookableItems.0.amount': 'Die Anzahl muss eine ganze Zahl von 1 bis 100000 sein.',
    }],
    ['an instance tenant limit of 1e308', () => admin.put('/api/instances', { maxTenants: 1e308 }), { maxTenants: 'Muss eine ganze Zahl sein.' }],
    ['a workflow card index of 1e308', () => owner.put(`/api/${tenantId}/workflow/task`, { taskId: bookingNumber, destination: 'fertig', newIndex: 1e308 }), { newIndex: 'Ungültiger Wert' }],
  ];

  it.each(cases)('%s answers 400 naming the field; nothing is stored', async (_case, send, errors) => {
    const before = await storedState();
    const response = await send();
    expectRestRefusal(response);
    expect(response.json.errors).toMatchObject(errors);
    expect(await storedState()).toBe(before);
  });

  it("a list's offset of 1e308 is refused before it reaches SQL's range (REST; GraphQL's Int stops it)", async () => {
    expectRestRefusal(await owner.get(`/api/${tenantId}/bookings?offset=1e308`));
    expectRestRefusal(await owner.get(`/api/${tenantId}/events?offset=1e308`));
  });

  it('GraphQL Float inputs are bound the same way (Int is 32-bit already)', async () => {
    const before = await storedState();
    const coupon = await owner.gql('mutation($t: ID!, $input: CouponInput!) { createCoupon(tenantId: $t, input: $input) { id } }', { t: tenantId, input: { id: 'RIESIG', type: 'fixed', discount: 1e308 } });
    expect(graphqlError(coupon)).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { discount: tooLarge } });
    const interval = await owner.gql('mutation($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id } }', {
      t: tenantId,
      input: { type: 'room', title: 'Saal', priceType: 'per_hour', priceCategories: [{ priceEur: '10', interval: { start: -1e308 } }] },
    });
    expect(graphqlError(interval)).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { 'priceCategories.0.interval': 'Darf nicht negativ sein' } });
    const price = await owner.gql('mutation($t: ID!, $input: EventInput!) { createEvent(tenantId: $t, input: $input) { id } }', {
      t: tenantId,
      input: { information: { name: 'Fest', startDate: '2026-07-15', startTime: '18:00' }, attendees: { priceCategories: [{ name: 'Normal', price: 1e308 }] } },
    });
    expect(graphqlError(price)).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { 'attendees.priceCategories.0.price': tooLarge } });
    expect(await storedState()).toBe(before);
  });
});

describe('workflow configuration', () => {
  it('null entries in the states or their actions answer 400 naming the entry; the workflow stays as it was', async () => {
    const before = await storedState();
    const nullState = await owner.put(`/api/${tenantId}/workflow`, { states: [WORKFLOW.states[0], null] });
    expectRestRefusal(nullState);
    expect(nullState.json.errors).toEqual({ 'states.1': 'Ungültiger Wert' });
    const nullAction = await owner.put(`/api/${tenantId}/workflow`, { states: [{ id: 'eingang', name: 'Eingang', actions: [null, 7] }] });
    expectRestRefusal(nullAction);
    expect(nullAction.json.errors).toEqual({ 'states.0.actions.0': 'Ungültiger Wert', 'states.0.actions.1': 'Ungültiger Wert' });
    const notAList = await owner.put(`/api/${tenantId}/workflow`, { states: [{ id: 'eingang', name: 'Eingang', actions: { type: 'email' } }] });
    expect(notAList.json.errors).toEqual({ 'states.0.actions': 'Ungültiger Wert' });
    expect(await storedState()).toBe(before);
  });
});

describe('workflow tasks that are no booking', () => {
  const ARCHIVE = 'mutation($t: ID!, $task: ID!) { archiveWorkflowTask(tenantId: $t, taskId: $task) { id } }';
  const MOVE_CARD = 'mutation($t: ID!, $id: ID!, $d: String!, $i: Int!) { moveWorkflowCard(tenantId: $t, id: $id, destination: $d, index: $i) { kind } }';

  it('archiving a task that is no booking of the tenant answers 404 (REST and GraphQL) and leaves no card', async () => {
    const before = await storedState();
    for (const taskId of ['NNNN-NNNN', 'kein-buchungsnummer']) {
      const rest = await owner.put(`/api/${tenantId}/workflow/archive`, { taskId });
      expectRestRefusal(rest, 404);
      expect(rest.json.code).toBe('generic.not-found');
      expect(graphqlError(await owner.gql(ARCHIVE, { t: tenantId, task: taskId })).code).toBe('GENERIC_NOT_FOUND');
    }
    // Another tenant's booking is no booking of this one.
    const em = app.orm.em.fork();
    em.create(Booking, { tenant: em.getReference(Tenant, actors.otherTenant.id), number: 'AAAA-CCCC' });
    await em.flush();
    const before2 = await storedState();
    expectRestRefusal(await owner.put(`/api/${tenantId}/workflow/archive`, { taskId: 'AAAA-CCCC' }), 404);
    expect(await storedState()).toBe(before2);
    expect((await storedBoard(app, tenantId)).archive.map((task) => task.id)).not.toContain('NNNN-NNNN');
    expect(before.split('\n').find((line) => line.startsWith('workflow_tasks'))).toBe(before2.split('\n').find((line) => line.startsWith('workflow_tasks')));
  });

  it('moving an archived record that is no booking back onto the board answers 404; it stays archived', async () => {
    await app.orm.em.getConnection().execute(`insert into workflow_tasks (tenant_id, task_id, entered_at) values (?, 'ABCD-EFGH', now())`, [tenantId]);
    const before = await storedState();
    expectRestRefusal(await owner.put(`/api/${tenantId}/workflow/task`, { taskId: 'ABCD-EFGH', destination: 'eingang', newIndex: 0 }), 404);
    expect(graphqlError(await owner.gql(MOVE_CARD, { t: tenantId, id: 'ABCD-EFGH', d: 'fertig', i: 0 })).code).toBe('GENERIC_NOT_FOUND');
    expectRestRefusal(await owner.put(`/api/${tenantId}/workflow/archive`, { taskId: 'ABCD-EFGH' }), 404);
    expect(await storedState()).toBe(before);
  });

  it('a booking of the tenant is still archived and moved', async () => {
    const archived = await owner.put(`/api/${tenantId}/workflow/archive`, { taskId: bookingNumber });
    expect(archived.status, archived.text).toBe(200);
    expect(archived.json.archive.map((task: { id: string }) => task.id)).toContain(bookingNumber);
    const moved = await owner.gql(MOVE_CARD, { t: tenantId, id: bookingNumber, d: 'fertig', i: 0 });
    expect(moved.errors).toBeUndefined();
  });
});

describe('ids longer than any stored one', () => {
  it('a 10,000-character task id answers 400 naming taskId (it once broke the live event), nothing stored', async () => {
    const before = await storedState();
    const message = `Maximal ${MAX_ID_LENGTH} Zeichen erlaubt.`;
    const archive = await owner.put(`/api/${tenantId}/workflow/archive`, { taskId: tooLongId });
    expectRestRefusal(archive);
    expect(archive.json.errors).toEqual({ taskId: message });
    const move = await owner.put(`/api/${tenantId}/workflow/task`, { taskId: tooLongId, destination: 'eingang', newIndex: 0 });
    expect(move.json.errors).toEqual({ taskId: message });
    const state = await owner.put(`/api/${tenantId}/workflow`, { states: [{ id: tooLongId, name: 'Lang' }] });
    expect(state.json.errors).toEqual({ 'states.0.id': message });
    expect(await storedState()).toBe(before);
  });

  it('in a path it answers 404 before any handler, for every kind of id', async () => {
    const before = await storedState();
    for (const path of [
      `/api/${tooLongId}/bookings`,
      `/api/${tenantId}/bookings/${tooLongId}`,
      `/api/${tenantId}/bookables/${tooLongId}`,
      `/api/users/${tooLongId}`,
      `/csv/${tenantId}/events/${tooLongId}/participants.csv`,
      `/html/${tooLongId}/events`,
    ]) {
      expectRestRefusal(await admin.get(path), 404);
    }
    for (const path of [`/api/${tenantId}/coupons/${tooLongId}`, `/api/${tenantId}/roles/${tooLongId}`, `/api/tenants/${tooLongId}`]) {
      expectRestRefusal(await admin.request('DELETE', path), 404);
    }
    expectRestRefusal(await admin.post(`/api/${tenantId}/bookings/${tooLongId}/reject`, { reason: 'x' }), 404);
    expect(await storedState()).toBe(before);
  });

  it('as a GraphQL ID argument it answers GENERIC_NOT_FOUND, inside an input GENERIC_VALIDATION naming the field, before any resolver', async () => {
    const before = await storedState();
    const argument = await admin.gql('mutation($t: ID!, $id: ID!) { deleteCoupon(tenantId: $t, id: $id) }', { t: tenantId, id: tooLongId });
    expect(argument.status).toBe(404);
    expect(graphqlError(argument).code).toBe('GENERIC_NOT_FOUND');
    const literal = await admin.gql(`{ tenant(id: "${tooLongId}") { id } }`);
    expect(graphqlError(literal).code).toBe('GENERIC_NOT_FOUND');
    const field = await owner.gql('mutation($t: ID!, $input: BookingInput!) { saveBooking(tenantId: $t, input: $input) { id } }', {
      t: tenantId,
      input: { bookableItems: [{ bookableId: tooLongId, amount: 1 }], ...customer },
    });
    expect(field.status).toBe(400);
    expect(graphqlError(field)).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { 'input.bookableItems.0.bookableId': `Maximal ${MAX_ID_LENGTH} Zeichen erlaubt.` } });
    expect(await storedState()).toBe(before);
  });

  it('over WebSocket the same', async () => {
    const ws = graphqlWsClient(app.url, { cookie: admin.cookieHeader() });
    const operation = new SubscriptionRecorder(ws, 'query($id: ID!) { tenant(id: $id) { id } }', { id: tooLongId });
    try {
      await operation.waitForEnd();
      expect((operation.error as { extensions?: { code?: string } }[]).map((error) => error.extensions?.code)).toEqual(['GENERIC_NOT_FOUND']);
    } finally {
      await ws.dispose();
    }
  });

  it('an e-mail address (a user id) longer than 254 characters cannot sign up', async () => {
    const before = await storedState();
    const response = await app.client({ ip: '10.88.0.1' }).post('/auth/signup', { id: `${'x'.repeat(250)}@example.com`, password: 'passwort-123', firstName: 'Lang', lastName: 'Name' });
    expectRestRefusal(response);
    expect(response.json.errors).toEqual({ id: 'E-Mail muss gültig sein' });
    expect(await storedState()).toBe(before);
  });
});

describe('GraphQL documents', () => {
  /** `query { ...F0 }` with fragment Fi spreading F(i+1), `count` fragments in one chain. */
  const chainedFragments = (count: number) =>
    `query { ...F0 }\n${Array.from({ length: count }, (_, index) => `fragment F${index} on Query { ${index === count - 1 ? '__typename' : `...F${index + 1}`} }`).join('\n')}`;

  const overSocket = (query: string) => runOverSocket(app.url, owner.cookieHeader(), query);

  it('2,000 chained fragments (they overflowed the stack) answer 400 GRAPHQL_VALIDATION_FAILED over HTTP and WebSocket', async () => {
    const result = await owner.gql(chainedFragments(2_000));
    expect(result.status).toBe(400);
    expect(result.errors?.map((error) => error.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    const operation = await overSocket(chainedFragments(2_000));
    expect((operation.error as { extensions?: { code?: string } }[]).map((error) => error.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });

  it(`fragments nested ${MAX_FRAGMENT_DEPTH} deep pass, one more answers 400 naming the limit`, async () => {
    expect((await owner.gql(chainedFragments(MAX_FRAGMENT_DEPTH))).errors).toBeUndefined();
    const refused = await owner.gql(chainedFragments(MAX_FRAGMENT_DEPTH + 1));
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual([
      { message: `Die Fragmente der Anfrage sind zu tief ineinander verschachtelt (höchstens ${MAX_FRAGMENT_DEPTH} Ebenen).`, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
    ]);
    const operation = await overSocket(chainedFragments(MAX_FRAGMENT_DEPTH + 1));
    expect((operation.error as { message: string }[]).map((error) => error.message)).toEqual([refused.errors?.[0].message]);
  });

  it(`a query text over ${MAX_QUERY_LENGTH} characters or ${MAX_TOKENS} tokens answers 400 before it is parsed`, async () => {
    const long = await owner.gql(`{ __typename }${' '.repeat(MAX_QUERY_LENGTH)}`);
    expect(long.status).toBe(400);
    expect(long.errors).toEqual([{ message: 'Die Anfrage ist zu lang (höchstens 100.000 Zeichen).', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);
    const manyTokens = `{ ${Array.from({ length: MAX_TOKENS / 2 }, (_, index) => `a${index}: __typename`).join(' ')} }`;
    expect(manyTokens.length).toBeLessThan(MAX_QUERY_LENGTH);
    const tokens = await owner.gql(manyTokens);
    expect(tokens.status).toBe(400);
    expect(tokens.errors).toEqual([{ message: 'Die Anfrage besteht aus zu vielen Bestandteilen (höchstens 10.000 Token).', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);
    // A GET carries the query in its URL, which Node bounds at 16 KB (431) before any of this.
    const viaGet = await owner.get(`/graphql?query=${encodeURIComponent(manyTokens)}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(viaGet.status).toBe(431);
    expect((await overSocket(manyTokens)).error).toEqual(tokens.errors);
  });

  it('a subscription sent over HTTP answers 400 SUBSCRIPTION_OVER_HTTP with a German message', async () => {
    const result = await owner.gql('subscription($t: ID!) { workflowCardChanged(tenantId: $t) { kind } }', { t: tenantId });
    expect(result.status).toBe(400);
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual([{ message: 'Abonnements (subscription) laufen nur über WebSocket (graphql-ws) auf /graphql.', extensions: { code: SUBSCRIPTION_OVER_HTTP } }]);
  });
});

/* ----------------------------------------------------------------------------------------------
 * The fuzz: every write path gets bodies broken in fields that must be refused. The generator is
 * seeded (FUZZ_SEED, default below), so a failure names its seed and case and replays exactly.
 * -------------------------------------------------------------------------------------------- */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const CASES_PER_PATH = 24;

/** mulberry32: small, fast and deterministic. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Stand-ins replaced by raw JSON numbers that JSON.parse reads as ±Infinity (JSON.stringify cannot write them). */
const PLUS_INFINITY = '__json_1e400__';
const MINUS_INFINITY = '__json_-1e400__';
const rawJson = (value: unknown) => JSON.stringify(value).replaceAll(`"${PLUS_INFINITY}"`, '1e400').replaceAll(`"${MINUS_INFINITY}"`, '-1e400');

const nest = (depth: number, wrap: (inner: unknown) => unknown): unknown => {
  let value: unknown = 'innen';
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value;
};
const hugeText = 'x'.repeat(100_000);
const deepArray = nest(2_000, (inner) => [inner]);
const deepObject = nest(2_000, (inner) => ({ a: inner }));

/** Kinds of broken value; each field lists the kinds it must refuse. */
const pools = {
  /** Finite numbers far beyond any column (and their text). */
  huge: [1e308, -1e308, 1e20, -1e20, '1e308', '-1e308'],
  infinite: [PLUS_INFINITY, MINUS_INFINITY],
  notNumber: ['NaN', 'Infinity', 'abc', {}, hugeText, deepArray, deepObject],
  notText: [{}, [], true, deepArray, deepObject],
  null: [null],
  hugeText: [hugeText],
  hugeId: [tooLongId],
  notList: [{}, 'x', 1e308, true, deepObject],
  badEntries: [[null], [1e308], ['x'], [[]], [deepArray]],
  notObject: [null, 1e308, 'x', [], true, deepArray],
  notInstant: ['NaN', 'gestern', {}, [], true, hugeText, 1e308, -1e308, PLUS_INFINITY, deepArray],
} satisfies Record<string, unknown[]>;
type Pool = keyof typeof pools;

interface FuzzTarget {
  name: string;
  /** The valid body (or GraphQL variables) a case breaks. */
  body: () => Record<string, unknown>;
  /** Field paths ("bookableItems.0.amount") and the kinds of value each must refuse. */
  fields: Record<string, Pool[]>;
  /** Sends the body (JSON text) and tells what became of it. */
  send: (raw: string) => Promise<Outcome>;
}

/** A clean refusal (4xx with the message), an accepted write, or anything else (a server fault). */
interface Outcome {
  kind: 'refused' | 'accepted' | 'fault';
  detail: string;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: Record<string, unknown> = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = /^\d+$/.test(key) ? [] : {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

/** REST: 4xx problem+json is a refusal, 2xx an accepted write. */
function restOutcome(response: HttpResponse): Outcome {
  const detail = `HTTP ${response.status}: ${response.text.slice(0, 300)}`;
  if (response.status >= 400 && response.status < 500 && response.contentType.includes('application/problem+json')) return { kind: 'refused', detail };
  return { kind: response.status >= 200 && response.status < 300 ? 'accepted' : 'fault', detail };
}

/** GraphQL: errors (none a server fault) without data are a refusal, data without errors an accepted write. */
function graphqlOutcome(response: HttpResponse): Outcome {
  const detail = `HTTP ${response.status}: ${response.text.slice(0, 300)}`;
  const payload = (response.json ?? {}) as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string; status?: number } }[] };
  const errors = payload.errors ?? [];
  const fault = response.status >= 500 || errors.some((error) => ['GENERIC_ERROR', 'INTERNAL_SERVER_ERROR'].includes(String(error.extensions?.code)) || (error.extensions?.status ?? 0) >= 500);
  const data = payload.data ? Object.values(payload.data).filter((value) => value !== null) : [];
  if (!fault && errors.length > 0 && data.length === 0) return { kind: 'refused', detail };
  return { kind: !fault && errors.length === 0 && data.length > 0 ? 'accepted' : 'fault', detail };
}

const rest =
  (client: () => HttpClient, method: string, path: () => string) =>
  async (raw: string): Promise<Outcome> =>
    restOutcome(await client().request(method, path(), { body: raw, headers: { 'content-type': 'application/json' } }));

const graphql =
  (client: () => HttpClient, query: string) =>
  async (raw: string): Promise<Outcome> =>
    graphqlOutcome(await client().request('POST', '/graphql', { body: `{"query":${JSON.stringify(query)},"variables":${raw}}`, headers: { 'content-type': 'application/json' } }));

const anonymous = () => app.client({ ip: '10.99.0.1' });
const ownerClient = () => owner;
const adminClient = () => admin;

/** The numeric fields, the instants, the texts and ids a checkout or a staff booking must refuse when broken. */
const bookingFields: Record<string, Pool[]> = {
  bookableItems: ['notList', 'badEntries'],
  'bookableItems.0': ['notObject'],
  'bookableItems.0.bookableId': ['hugeId', 'notText', 'null'],
  'bookableItems.0.amount': ['huge', 'infinite', 'notNumber'],
  timeBegin: ['notInstant'],
  timeEnd: ['notInstant'],
  mail: ['notText', 'hugeText'],
};

const fuzzTargets = (): FuzzTarget[] => {
  const couponBody = (id = 'FUZZ') => ({ id, type: 'fixed', discount: 5, maxAmount: 3, validFrom: april, validTo: may, description: 'Fuzz' });
  const couponFields: Record<string, Pool[]> = {
    id: ['hugeText', 'notText'],
    type: ['notText', 'hugeText'],
    discount: ['huge', 'infinite', 'notNumber', 'null'],
    maxAmount: ['huge', 'infinite', 'notNumber'],
    validFrom: ['notInstant'],
    validTo: ['notInstant'],
    description: ['notText', 'hugeText'],
  };
  const bookableBody = () => ({
    type: 'room',
    title: 'Saal',
    priceType: 'per-hour',
    amount: 2,
    minBookingDuration: 1,
    maxBookingDuration: 5,
    priceCategories: [{ priceEur: 10, priceValueAddedTax: 19, interval: { start: 0, end: 10 }, fixedPrice: false }],
  });
  const bookableFields: Record<string, Pool[]> = {
    title: ['notText', 'null'],
    type: ['notText', 'null', 'hugeText'],
    amount: ['huge'],
    minBookingDuration: ['huge'],
    maxBookingDuration: ['huge'],
    'priceCategories.0.priceEur': ['huge', 'infinite', 'notNumber'],
    'priceCategories.0.priceValueAddedTax': ['huge', 'infinite', 'notNumber'],
    'priceCategories.0.interval.start': ['huge'],
    'priceCategories.0.interval.end': ['huge'],
  };
  const eventBody = () => ({
    format: 0,
    information: { name: 'Fest', startDate: '2026-07-15', startTime: '18:00', endDate: '2026-07-15', endTime: '22:00' },
    attendees: { needsRegistration: true, maxAttendees: 50, priceCategories: [{ name: 'Normal', price: 10 }] },
  });
  const eventFields: Record<string, Pool[]> = {
    format: ['huge', 'infinite', 'notNumber'],
    'information.name': ['notText', 'null', 'hugeText'],
    'information.startDate': ['notInstant', 'null'],
    'information.endDate': ['notInstant'],
    'attendees.maxAttendees': ['huge', 'infinite', 'notNumber', 'null'],
    'attendees.priceCategories.0.price': ['huge', 'infinite', 'notNumber'],
  };
  const workflowFields: Record<string, Pool[]> = {
    states: ['notList', 'badEntries'],
    'states.0': ['notObject'],
    'states.0.id': ['hugeId'],
    'states.0.name': ['notText', 'null'],
    'states.0.actions': ['notList', 'badEntries'],
    'states.0.actions.0': ['notObject'],
    'states.0.actions.0.type': ['notText', 'null', 'hugeText'],
  };
  const moveFields: Record<string, Pool[]> = {
    taskId: ['hugeId', 'notText', 'null'],
    destination: ['notText', 'null'],
    newIndex: ['huge', 'infinite', 'notNumber'],
  };
  const roleBody = (name = 'Fuzz-Rolle') => ({ name, adminInterfaces: ['bookings'], freeBookings: false, manageBookings: { readAny: true } });
  const roleFields: Record<string, Pool[]> = {
    name: ['notText', 'null', 'hugeText'],
    adminInterfaces: ['notList', 'badEntries'],
    freeBookings: ['notNumber', 'huge'],
    // An empty object is a valid set of flags.
    manageBookings: ['huge', 'badEntries'],
  };
  const checkoutBody = (hour = 12) => ({ bookableItems: [{ bookableId: roomId, amount: 1 }], ...slotAt(hour), ...customer });
  const staffBookingBody = (hour = 14) => ({ bookableItems: [{ bookableId: roomId, amount: 1, userGrossPriceEur: 20 }], ...slotAt(hour), ...customer });
  const signUpBody = (id = 'neu-fuzz@example.com') => ({ id, password: 'passwort-123', firstName: 'Neu', lastName: 'Fuzz' });
  const signUpFields: Record<string, Pool[]> = { id: ['notText', 'null', 'hugeText'], password: ['notText', 'null', 'hugeText'] };
  const graphqlInput = (body: () => Record<string, unknown>, extra: Record<string, unknown> = {}) => () => ({ t: tenantId, ...extra, input: body() });
  const inInput = (fields: Record<string, Pool[]>) => Object.fromEntries(Object.entries(fields).map(([path, kinds]) => [`input.${path}`, kinds]));

  return [
    { name: 'REST PUT coupons', body: couponBody, fields: couponFields, send: rest(ownerClient, 'PUT', () => `/api/${tenantId}/coupons`) },
    {
      name: 'GraphQL createCoupon',
      body: graphqlInput(() => ({ ...couponBody('FUZZ-GQL'), validFrom: new Date(april).toISOString(), validTo: new Date(may).toISOString() })),
      fields: inInput(couponFields),
      send: graphql(ownerClient, 'mutation($t: ID!, $input: CouponInput!) { createCoupon(tenantId: $t, input: $input) { id } }'),
    },
    { name: 'REST PUT bookables', body: bookableBody, fields: bookableFields, send: rest(ownerClient, 'PUT', () => `/api/${tenantId}/bookables`) },
    {
      name: 'GraphQL createBookable',
      body: graphqlInput(() => ({
        ...bookableBody(),
        priceType: 'per_hour',
        amount: '2',
        minBookingDuration: '1',
        maxBookingDuration: '5',
        priceCategories: [{ priceEur: '10', priceValueAddedTax: '19', interval: { start: 0, end: 10 } }],
      })),
      fields: inInput(bookableFields),
      send: graphql(ownerClient, 'mutation($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id } }'),
    },
    { name: 'REST PUT events', body: eventBody, fields: eventFields, send: rest(ownerClient, 'PUT', () => `/api/${tenantId}/events`) },
    {
      name: 'GraphQL createEvent',
      body: graphqlInput(eventBody),
      fields: inInput(eventFields),
      send: graphql(ownerClient, 'mutation($t: ID!, $input: EventInput!) { createEvent(tenantId: $t, input: $input) { id } }'),
    },
    {
      name: 'REST PUT bookings (staff)',
      body: staffBookingBody,
      fields: { ...bookingFields, 'bookableItems.0.userGrossPriceEur': ['huge', 'infinite', 'notNumber'] },
      send: rest(ownerClient, 'PUT', () => `/api/${tenantId}/bookings`),
    },
    {
      name: 'GraphQL saveBooking',
      body: graphqlInput(() => ({ ...staffBookingBody(), ...isoSlotAt(15) })),
      fields: inInput({ ...bookingFields, 'bookableItems.0.userGrossPriceEur': ['huge', 'infinite', 'notNumber'] }),
      send: graphql(ownerClient, 'mutation($t: ID!, $input: BookingInput!) { saveBooking(tenantId: $t, input: $input) { id } }'),
    },
    { name: 'REST POST checkout (public)', body: checkoutBody, fields: bookingFields, send: rest(anonymous, 'POST', () => `/api/${tenantId}/checkout`) },
    {
      // Staff may book a series of any object; its rule is checked field by field like the rest.
      name: 'REST POST checkout with a series (staff)',
      body: () => ({ ...checkoutBody(17), series: { frequency: 'WEEKLY', interval: 1, weekdays: ['TU'], count: 2, excludeDates: [] } }),
      fields: {
        'series.frequency': ['notText', 'null', 'hugeText'],
        'series.interval': ['huge', 'infinite', 'notNumber'],
        'series.weekdays': ['notList', 'badEntries'],
        'series.count': ['huge', 'infinite', 'notNumber'],
        'series.until': ['notInstant'],
        'series.excludeDates': ['notList', 'badEntries'],
      },
      send: rest(ownerClient, 'POST', () => `/api/${tenantId}/checkout`),
    },
    {
      name: 'REST POST checkout/validateItem (public)',
      body: () => ({ bookableId: roomId, amount: 1, ...slotAt(16) }),
      fields: { bookableId: bookingFields['bookableItems.0.bookableId'], amount: bookingFields['bookableItems.0.amount'], timeBegin: ['notInstant'], timeEnd: ['notInstant'] },
      send: rest(anonymous, 'POST', () => `/api/${tenantId}/checkout/validateItem`),
    },
    {
      name: 'GraphQL checkout (public)',
      body: graphqlInput(() => ({ ...checkoutBody(), ...isoSlotAt(13) })),
      fields: inInput(bookingFields),
      send: graphql(anonymous, 'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }'),
    },
    { name: 'REST PUT workflow', body: () => structuredClone(WORKFLOW), fields: workflowFields, send: rest(ownerClient, 'PUT', () => `/api/${tenantId}/workflow`) },
    {
      name: 'GraphQL saveWorkflow',
      body: graphqlInput(() => structuredClone(WORKFLOW)),
      fields: inInput(workflowFields),
      send: graphql(ownerClient, 'mutation($t: ID!, $input: WorkflowInput!) { saveWorkflow(tenantId: $t, input: $input) { id } }'),
    },
    {
      name: 'REST PUT workflow/task',
      body: () => ({ taskId: bookingNumber, destination: 'eingang', newIndex: 0 }),
      fields: moveFields,
      send: rest(ownerClient, 'PUT', () => `/api/${tenantId}/workflow/task`),
    },
    {
      name: 'GraphQL moveWorkflowTask',
      body: () => ({ t: tenantId, taskId: bookingNumber, destination: 'eingang', newIndex: 0 }),
      fields: moveFields,
      send: graphql(ownerClient, 'mutation($t: ID!, $taskId: ID!, $destination: String!, $newIndex: Int) { moveWorkflowTask(tenantId: $t, taskId: $taskId, destination: $destination, newIndex: $newIndex) { id } }'),
    },
    {
      name: 'GraphQL moveWorkflowCard',
      body: () => ({ t: tenantId, id: bookingNumber, destination: 'eingang', index: 0 }),
      fields: { id: moveFields.taskId, destination: moveFields.destination, index: moveFields.newIndex },
      send: graphql(ownerClient, 'mutation($t: ID!, $id: ID!, $destination: String!, $index: Int!) { moveWorkflowCard(tenantId: $t, id: $id, destination: $destination, index: $index) { kind } }'),
    },
    { name: 'REST PUT workflow/archive', body: () => ({ taskId: bookingNumber }), fields: { taskId: moveFields.taskId }, send: rest(ownerClient, 'PUT', () => `/api/${tenantId}/workflow/archive`) },
    {
      name: 'GraphQL archiveWorkflowTask',
      body: () => ({ t: tenantId, taskId: bookingNumber }),
      fields: { taskId: moveFields.taskId },
      send: graphql(ownerClient, 'mutation($t: ID!, $taskId: ID!) { archiveWorkflowTask(tenantId: $t, taskId: $taskId) { id } }'),
    },
    { name: 'REST PUT roles', body: roleBody, fields: roleFields, send: rest(ownerClient, 'PUT', () => `/api/${tenantId}/roles`) },
    {
      name: 'GraphQL saveRole',
      body: graphqlInput(() => roleBody('Fuzz-Rolle GraphQL')),
      fields: inInput(roleFields),
      send: graphql(ownerClient, 'mutation($t: ID!, $input: RoleInput!) { saveRole(tenantId: $t, input: $input) { id } }'),
    },
    {
      name: 'REST PUT instances',
      body: () => ({ maxTenants: 50, maxBookables: 50 }),
      fields: { maxTenants: ['huge', 'infinite', 'notNumber'], maxBookables: ['huge', 'infinite', 'notNumber'] },
      send: rest(adminClient, 'PUT', () => '/api/instances'),
    },
    {
      name: 'GraphQL updateInstance',
      body: () => ({ input: { maxTenants: 50, maxEvents: 50 } }),
      fields: { 'input.maxTenants': ['huge', 'infinite', 'notNumber'], 'input.maxEvents': ['huge', 'infinite', 'notNumber'] },
      send: graphql(adminClient, 'mutation($input: InstanceInput!) { updateInstance(input: $input) { __typename } }'),
    },
    {
      name: 'REST PUT user (profile)',
      body: () => ({ firstName: 'Erika', lastName: 'Mustermann', phone: '0123' }),
      fields: { firstName: ['notText', 'hugeText'], lastName: ['notText', 'hugeText'], phone: ['notText', 'hugeText'] },
      send: rest(ownerClient, 'PUT', () => '/api/user'),
    },
    {
      name: 'GraphQL updateProfile',
      body: () => ({ input: { firstName: 'Erika', lastName: 'Mustermann' } }),
      fields: { 'input.firstName': ['notText', 'hugeText'], 'input.lastName': ['notText', 'hugeText'] },
      send: graphql(ownerClient, 'mutation($input: ProfileInput!) { updateProfile(input: $input) { id } }'),
    },
    { name: 'REST POST auth/signup (public)', body: signUpBody, fields: signUpFields, send: rest(anonymous, 'POST', () => '/auth/signup') },
    {
      name: 'GraphQL signUp (public)',
      body: () => ({ input: signUpBody('neu-fuzz-graphql@example.com') }),
      fields: inInput(signUpFields),
      send: graphql(anonymous, 'mutation($input: SignUpInput!) { signUp(input: $input) }'),
    },
    {
      name: 'REST POST auth/signin (public)',
      body: () => ({ id: actors.userIds.tenantOwner, password: 'matrix-passwort-1' }),
      fields: signUpFields,
      send: rest(anonymous, 'POST', () => '/auth/signin'),
    },
  ];
};

/** A body broken in 1 to 3 fields (each with a value its kind must refuse), or replaced as a whole. */
function brokenBody(target: FuzzTarget, random: () => number): { raw: string; description: string } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const body = target.body();
  const paths = Object.keys(target.fields);
  const count = 1 + Math.floor(random() * Math.min(3, paths.length));
  const broken: string[] = [];
  for (let index = 0; index < count; index++) {
    const path = pick(paths.filter((candidate) => !broken.some((done) => done.startsWith(`${candidate} `))));
    const value = pick(pools[pick(target.fields[path])]);
    // A later break may rebuild what an earlier one broke above it; the last break always stands.
    setPath(body, path, value);
    broken.push(`${path} = ${JSON.stringify(value)?.slice(0, 40)}`);
  }
  return { raw: rawJson(body), description: broken.join(', ') };
}

describe('fuzz: malformed bodies on every write path', () => {
  it('every path accepts its unbroken body, so each case breaks only the fields it names', async () => {
    const notAccepted: string[] = [];
    for (const target of fuzzTargets()) {
      const outcome = await target.send(rawJson(target.body()));
      if (outcome.kind !== 'accepted') notAccepted.push(`${target.name}: ${outcome.detail}`);
    }
    expect(notAccepted).toEqual([]);
  });

  it(`${CASES_PER_PATH} broken bodies per path (seed ${SEED}) are each refused with 4xx, never 500, and nothing is written`, async () => {
    const random = seededRandom(SEED);
    const failures: string[] = [];
    const before = await storedState();
    for (const target of fuzzTargets()) {
      for (let index = 0; index < CASES_PER_PATH; index++) {
        const { raw, description } = brokenBody(target, random);
        const outcome = await target.send(raw);
        if (outcome.kind !== 'refused') failures.push(`${target.name} #${index} (${description}): ${outcome.detail}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await storedState()).toBe(before);
  }, 240_000);

  it('whole bodies that are no JSON object (an array, a string, a number, null, deep nesting, cut off) are refused on every REST write path', async () => {
    const before = await storedState();
    const failures: string[] = [];
    const paths: [HttpClient, string, string][] = [
      [owner, 'PUT', `/api/${tenantId}/coupons`],
      [owner, 'PUT', `/api/${tenantId}/bookables`],
      [owner, 'PUT', `/api/${tenantId}/events`],
      [owner, 'PUT', `/api/${tenantId}/bookings`],
      [owner, 'PUT', `/api/${tenantId}/roles`],
      [owner, 'PUT', `/api/${tenantId}/workflow`],
      [owner, 'POST', `/api/${tenantId}/workflow`],
      [owner, 'PUT', `/api/${tenantId}/workflow/task`],
      [owner, 'PUT', `/api/${tenantId}/workflow/archive`],
      [owner, 'PUT', '/api/tenants'],
      [owner, 'PUT', '/api/user'],
      [admin, 'PUT', '/api/instances'],
      [admin, 'PUT', '/api/users'],
      [anonymous(), 'POST', `/api/${tenantId}/checkout`],
      [anonymous(), 'POST', `/api/${tenantId}/checkout/validateItem`],
      [anonymous(), 'POST', '/auth/signup'],
      [anonymous(), 'POST', '/auth/signin'],
    ];
    for (const [client, method, path] of paths) {
      for (const raw of ['[]', '[{}]', '"text"', '1e400', 'null', rawJson(deepArray), '{"a":']) {
        const outcome = restOutcome(await client.request(method, path, { body: raw, headers: { 'content-type': 'application/json' } }));
        if (outcome.kind !== 'refused') failures.push(`${method} ${path} ${raw.slice(0, 20)}: ${outcome.detail}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await storedState()).toBe(before);
  }, 120_000);

  it('malformed ids in the paths of deletes and actions are refused with 4xx and delete nothing', async () => {
    const before = await storedState();
    const failures: string[] = [];
    for (const id of [tooLongId, 'gibt-es-nicht', '%20', '..%2F..%2Fusers', encodeURIComponent('{"$ne":null}'), '1e308']) {
      for (const [method, path] of [
        ['DELETE', `/api/${tenantId}/coupons/${id}`],
        ['DELETE', `/api/${tenantId}/bookables/${id}`],
        ['DELETE', `/api/${tenantId}/events/${id}`],
        ['DELETE', `/api/${tenantId}/bookings/${id}`],
        ['DELETE', `/api/${tenantId}/roles/${id}`],
        ['DELETE', `/api/users/${id}`],
        ['DELETE', `/api/tenants/${id}`],
        ['POST', `/api/${tenantId}/bookables/${id}/duplicate`],
        ['POST', `/api/${tenantId}/events/${id}/duplicate`],
        ['POST', `/api/${tenantId}/bookings/${id}/reject`],
        ['POST', `/api/${tenantId}/bookings/${id}/receipt`],
        ['DELETE', `/api/${id}/coupons/FUZZ`],
      ]) {
        const outcome = restOutcome(await admin.request(method, path, { body: '{}', headers: { 'content-type': 'application/json' } }));
        if (outcome.kind !== 'refused') failures.push(`${method} ${path.slice(0, 80)}: ${outcome.detail}`);
      }
      for (const mutation of ['deleteCoupon', 'deleteBookable', 'deleteEvent', 'deleteBooking', 'deleteRole', 'commitBooking', 'createReceipt']) {
        const argument = mutation === 'createReceipt' ? 'bookingId' : 'id';
        const selection = ['commitBooking', 'createReceipt'].includes(mutation) ? ' { __typename }' : '';
        const response = await admin.request('POST', '/graphql', {
          json: { query: `mutation($t: ID!, $id: ID!) { ${mutation}(tenantId: $t, ${argument}: $id)${selection} }`, variables: { t: tenantId, id: decodeURIComponent(id) } },
        });
        const outcome = graphqlOutcome(response);
        if (outcome.kind !== 'refused') failures.push(`GraphQL ${mutation} ${id.slice(0, 20)}: ${outcome.detail}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await storedState()).toBe(before);
  }, 120_000);
});
