import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InProcessApp } from '../../support/app.js';
import { createUser, signIn } from '../../support/fixtures.js';
import type { HttpClient } from '../../support/http.js';
import { activeBookingsOf, fireAll, tally, type RaceRequest } from '../../support/races.js';
import { startReplicaPair, type ReplicaPair } from '../../support/replica-pair.js';
import type { ServerProcess } from '../../support/server-process.js';
import { storedBoard } from '../../support/workflow-board.js';
import { bookableRoom, customer, slot, storedBooking, storeEvent, storeTicket } from '../bookings.fixtures.js';

/**
 * Nobody overbooks by making a booking occupy again: releasing a rejected booking (REST, GraphQL),
 * the workflow's "commit" action, un-rejecting it in the staff's editor. Each goes through the same
 * guardian as checkout (locks on the objects, then the check against everyone else's bookings and
 * the events' seats); a conflict answers 409 and changes nothing. Two server processes on one
 * database, as behind a load balancer.
 */
let pair: ReplicaPair;
let local: InProcessApp;
let remote: ServerProcess;
let sql: pg.Pool;
let tenantId: string;
/** The tenant's owner, signed in on both processes. */
let staff: HttpClient;
let remoteStaff: HttpClient;
let guest: HttpClient;

const OWNER = { id: 'inhaberin@ueberbucht.example', password: 'inhaberin-passwort' };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST answers are read as plain JSON
type Json = any;

beforeAll(async () => {
  pair = await startReplicaPair({ name: 'Bürgerhaus Doppelt', owners: [OWNER.id], mail: 'buergerhaus@ueberbucht.example' }, async (app) => {
    await createUser(app.orm, OWNER);
  });
  ({ local, remote, sql, tenantId } = pair);
  staff = local.client();
  remoteStaff = remote.client();
  await signIn(staff, OWNER.id, OWNER.password);
  await signIn(remoteStaff, OWNER.id, OWNER.password);
  guest = local.client();
  const workflow = await staff.put(`/api/${tenantId}/workflow`, {
    name: 'Bearbeitung',
    active: true,
    defaultState: 'eingang',
    states: [
      { id: 'eingang', name: 'Eingang', actions: [] },
      { id: 'freigabe', name: 'Freigabe', actions: [{ type: 'bookingStatus', bookingStatus: ['commit'] }] },
    ],
  });
  expect(workflow.status, workflow.text).toBe(200);
}, 120_000);

afterAll(async () => pair?.stop());

/** Nothing went wrong inside the child either (a 500 would also show here). */
const expectQuietServerLog = () => expect(remote.stderr(), 'stderr of the server process').not.toMatch(/error|fehler/i);

/** A fresh day in February and March 2027 per call, so tests never share a slot. */
let dayCounter = 0;
const nextDay = () => new Date(Date.UTC(2027, 1, 1 + dayCounter++)).toISOString().slice(0, 10);

const bookingsUrl = (path = '') => `/api/${tenantId}/bookings${path}`;
const COMMIT = 'mutation($t: ID!, $id: ID!) { commitBooking(tenantId: $t, id: $id) { id status } }';
const MOVE_CARD = `mutation($t: ID!, $id: ID!, $d: String!) { moveWorkflowCard(tenantId: $t, id: $id, destination: $d, index: 0) {
  card { id stateId booking { id status isCommitted isRejected } } } }`;

/** A stored checkout of the guest (a window for objects booked by time, none for tickets). */
async function book(bookableId: string, window: Partial<{ timeBegin: number; timeEnd: number }>, mail: string, amount = 1): Promise<Json> {
  const response = await guest.post(`/api/${tenantId}/checkout`, { ...window, bookableItems: [{ bookableId, amount }], ...customer, mail });
  expect(response.status, response.text).toBe(200);
  return response.json;
}

async function reject(id: string): Promise<void> {
  const response = await staff.post(bookingsUrl(`/${id}/reject`), { reason: 'Abgesagt' });
  expect(response.status, response.text).toBe(200);
}

const statesOf = async (id: string) => (await storedBoard(local, tenantId)).states.filter((state) => state.tasks.some((task) => task.id === id)).map((state) => state.id);

describe('releasing a rejected booking', () => {
  it('into a slot booked again meanwhile answers 409 booking.capacity (REST and GraphQL) and changes nothing; once the slot is free it works', async () => {
    const room = await bookableRoom(local, tenantId, { title: 'Saal Eins', amount: 1 });
    const window = slot(10, nextDay());
    const first = await book(room.id, window, 'erste@kunden.example');
    await reject(first.id);
    const second = await book(room.id, window, 'zweite@kunden.example');

    const rest = await staff.post(bookingsUrl(`/${first.id}/commit`));
    expect(rest.status, rest.text).toBe(409);
    expect(rest.contentType).toContain('application/problem+json');
    expect(rest.json).toMatchObject({ code: 'booking.capacity', detail: expect.stringContaining('Saal Eins') });
    const graphql = await remoteStaff.gql(COMMIT, { t: tenantId, id: first.id });
    expect(graphql.errors?.[0]?.extensions).toMatchObject({ code: 'BOOKING_CAPACITY' });
    expect(await storedBooking(local, tenantId, first.id)).toMatchObject({ isRejected: true, isCommitted: false });
    expect(await activeBookingsOf(sql, room.id, window)).toMatchObject({ bookings: 1, units: 1, numbers: [second.id] });

    await reject(second.id);
    const released = await staff.post(bookingsUrl(`/${first.id}/commit`));
    expect(released.status, released.text).toBe(200);
    expect(await activeBookingsOf(sql, room.id, window)).toMatchObject({ bookings: 1, numbers: [first.id] });
  });

  it('of a full event answers 409 booking.event-full', async () => {
    const event = await storeEvent(local, tenantId, 'Lesung mit einem Platz', 1);
    const ticket = await storeTicket(local, tenantId, event.id, { title: 'Eintritt Lesung' });
    const first = await book(ticket.id, {}, 'leser-eins@kunden.example');
    await reject(first.id);
    await book(ticket.id, {}, 'leser-zwei@kunden.example');

    const refused = await staff.post(bookingsUrl(`/${first.id}/commit`));
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json).toMatchObject({ code: 'booking.event-full', detail: 'Die Veranstaltung Lesung mit einem Platz hat nicht ausreichend freie Plätze.' });
    expect(await storedBooking(local, tenantId, first.id)).toMatchObject({ isRejected: true });
  });

  it('through the workflow: the move into a state that commits is refused with 409, the card stays where it was; once free, the answer already shows the release', async () => {
    const room = await bookableRoom(local, tenantId, { title: 'Saal Zwei', amount: 1 });
    const window = slot(11, nextDay());
    const first = await book(room.id, window, 'board-eins@kunden.example');
    expect(await statesOf(first.id)).toEqual(['eingang']);
    await reject(first.id);
    const second = await book(room.id, window, 'board-zwei@kunden.example');

    const rest = await staff.put(`/api/${tenantId}/workflow/task`, { taskId: first.id, destination: 'freigabe', newIndex: 0 });
    expect(rest.status, rest.text).toBe(409);
    expect(rest.json.code).toBe('booking.capacity');
    const graphql = await remoteStaff.gql(MOVE_CARD, { t: tenantId, id: first.id, d: 'freigabe' });
    expect(graphql.errors?.[0]?.extensions).toMatchObject({ code: 'BOOKING_CAPACITY' });
    expect(await statesOf(first.id)).toEqual(['eingang']);
    expect(await storedBooking(local, tenantId, first.id)).toMatchObject({ isRejected: true, isCommitted: false });
    expect(await activeBookingsOf(sql, room.id, window)).toMatchObject({ bookings: 1, numbers: [second.id] });

    await reject(second.id);
    const moved = await remoteStaff.gql<{ moveWorkflowCard: { card: { id: string; stateId: string; booking: { isCommitted: boolean; isRejected: boolean } } } }>(MOVE_CARD, {
      t: tenantId,
      id: first.id,
      d: 'freigabe',
    });
    expect(moved.errors).toBeUndefined();
    expect(moved.data?.moveWorkflowCard.card).toMatchObject({ id: first.id, stateId: 'freigabe', booking: { isCommitted: true, isRejected: false } });
    expect(await activeBookingsOf(sql, room.id, window)).toMatchObject({ bookings: 1, numbers: [first.id] });
  });
});

describe('un-rejecting in the staff editor', () => {
  const editBody = (roomId: string, window: { timeBegin: number; timeEnd: number }, extra: Record<string, unknown>) => ({ ...window, bookableItems: [{ bookableId: roomId, amount: 1 }], ...customer, ...extra });

  it('into a taken slot answers 409 booking.time-conflict; choosing a state that commits while it stays rejected answers 409 booking.capacity; nothing changes', async () => {
    const room = await bookableRoom(local, tenantId, { title: 'Saal Drei', amount: 1 });
    const window = slot(12, nextDay());
    const first = await book(room.id, window, 'editor-eins@kunden.example');
    await reject(first.id);
    await book(room.id, window, 'editor-zwei@kunden.example');

    const unrejected = await staff.put(bookingsUrl(), editBody(room.id, window, { id: first.id, isRejected: false }));
    expect(unrejected.status, unrejected.text).toBe(409);
    expect(unrejected.json.code).toBe('booking.time-conflict');
    const viaBoard = await remoteStaff.put(bookingsUrl(), editBody(room.id, window, { id: first.id, isRejected: true, workflowStatus: 'freigabe', comment: 'per Board' }));
    expect(viaBoard.status, viaBoard.text).toBe(409);
    expect(viaBoard.json.code).toBe('booking.capacity');
    expect(await storedBooking(local, tenantId, first.id)).toMatchObject({ isRejected: true, comment: '' });
    expect(await statesOf(first.id)).toEqual(['eingang']);
  });
});

describe('races across two server processes', () => {
  it('12 rejected bookings of one slot released at once (REST, GraphQL, the editor, workflow moves) while 6 guests book it: exactly one occupies it, the others answer 409', async () => {
    const room = await bookableRoom(local, tenantId, { title: 'Einzelsaal', amount: 1 });
    const window = slot(14, nextDay());
    const rejected: Json[] = [];
    for (let n = 0; n < 12; n++) {
      const booking = await book(room.id, window, `wettlauf-${n}@kunden.example`);
      await reject(booking.id);
      rejected.push(booking);
    }
    expect(await activeBookingsOf(sql, room.id, window)).toMatchObject({ bookings: 0 });

    const clients = [staff, remoteStaff];
    const paths: ((id: string, client: HttpClient) => RaceRequest['send'])[] = [
      (id, client) => () => client.post(bookingsUrl(`/${id}/commit`)),
      (id, client) => () => client.gql(COMMIT, { t: tenantId, id }),
      (id, client) => () => client.put(bookingsUrl(), { ...window, bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, id, isRejected: false }),
      (id, client) => () => client.put(`/api/${tenantId}/workflow/task`, { taskId: id, destination: 'freigabe', newIndex: 0 }),
      (id, client) => () => client.gql(MOVE_CARD, { t: tenantId, id, d: 'freigabe' }),
      (id, client) => () => client.put(bookingsUrl(), { ...window, bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, id, isRejected: true, workflowStatus: 'freigabe' }),
    ];
    const releases = rejected.map((booking, n) => ({ via: `${n % 2 === 0 ? 'in-process' : 'child'} path ${n % paths.length}`, send: paths[n % paths.length](booking.id, clients[n % 2]) }));
    // New bookings enter the board's default state, which the moves leave: the lock order keeps them apart.
    const guests = [local.client(), remote.client()];
    const checkouts = Array.from({ length: 6 }, (_, n) => ({
      via: `${n % 2 === 0 ? 'in-process' : 'child'} checkout`,
      send: () => guests[n % 2].post(`/api/${tenantId}/checkout`, { ...window, bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, mail: `neu-${n}@kunden.example` }),
    }));
    const requests = releases.flatMap((release, n) => (n < checkouts.length ? [release, checkouts[n]] : [release]));

    const started = Date.now();
    const outcomes = await fireAll(requests);
    const context = `${Date.now() - started} ms, ${JSON.stringify(tally(outcomes))}`;

    const unexpected = outcomes.filter((outcome) => !(outcome.status === 200 || outcome.status === 201) && !(outcome.status === 409 && ['booking.capacity', 'booking.time-conflict', 'booking.busy'].includes(outcome.code ?? '')));
    expect(unexpected, context).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 200 || outcome.status === 201), context).toHaveLength(1);
    const stored = await activeBookingsOf(sql, room.id, window);
    expect(stored, context).toMatchObject({ bookings: 1, units: 1 });
    expectQuietServerLog();
  }, 60_000);
});
