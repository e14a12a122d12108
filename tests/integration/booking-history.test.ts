import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordBookingHistory } from '../../server/src/bookings/booking-history.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, gql, slot } from './bookings.fixtures.js';

/**
 * The append-only history of a booking: each change writes its entry (what, who, through which
 * path) in its own transaction, a refused change writes none, it is read newest first page by page
 * by whoever may read the booking, and the table refuses UPDATE and DELETE.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;

interface Entry {
  id: string;
  at: string;
  action: string;
  actor: { kind: string; id: string | null; label: string };
  via: string;
  changes: { field: string; before: unknown; after: unknown }[];
  reason: string | null;
}
interface Page {
  entries: Entry[];
  nextCursor: string | null;
}

const HISTORY = `query($t: ID!, $id: ID!, $first: Int, $after: String) { booking(tenantId: $t, id: $id) { history(first: $first, after: $after) {
  entries { id at action actor { kind id label } via changes { field before after } reason } nextCursor } } }`;

let day = 0;
/** A fresh day in May 2027 per booking, so no two bookings of a room collide. */
const nextDay = () => new Date(Date.UTC(2027, 4, 1 + day++)).toISOString().slice(0, 10);

async function bookRoom(room: { id: string }, date = nextDay(), extra: Record<string, unknown> = {}): Promise<{ id: string }> {
  const response = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, date), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, ...extra });
  expect(response.status, response.text).toBe(200);
  return response.json as { id: string };
}

async function restHistory(bookingId: string, client: HttpClient = owner, query = ''): Promise<Page> {
  const response = await client.get(`/api/${tenantId}/bookings/${bookingId}/history${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json as Page;
}

/** Actions oldest first, as they happened. */
const actionsOf = (page: Page) => page.entries.map((entry) => entry.action).reverse();

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'history');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
});
afterAll(async () => app?.close());

describe('booking history: what each change records', () => {
  it('a public checkout is created by a citizen through the checkout; its mails are recorded by kind, never with an address', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    await waitForSettledQueue(app.orm);
    const page = await restHistory(booking.id);
    const created = page.entries.find((entry) => entry.action === 'created');
    expect(created).toMatchObject({ actor: { kind: 'citizen', id: null, label: 'Bürger/in' }, via: 'checkout', changes: [], reason: null });
    const mails = page.entries.filter((entry) => entry.action === 'mail_sent');
    expect(mails.map((entry) => entry.changes)).toEqual([[{ field: 'mail_kind', before: null, after: 'request-received' }]]);
    expect(mails.every((entry) => entry.actor.kind === 'system' && entry.via === 'job')).toBe(true);
    expect(JSON.stringify(page)).not.toContain(customer.mail);
  });

  it('a staff edit lists each changed field with old and new value; release, payment and cancellation name the staff member and the path', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);

    const moved = slot(10, nextDay());
    const window = { timeBegin: new Date(moved.timeBegin).toISOString(), timeEnd: new Date(moved.timeEnd).toISOString() };
    const saved = await owner.gql(gql.save, { t: tenantId, input: { id: booking.id, ...window, bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, name: 'Erika Musterfrau', phone: '0456' } });
    expect(saved.errors).toBeUndefined();
    expect((await owner.post(`/api/${tenantId}/bookings/${booking.id}/commit`)).status).toBe(200);
    const paid = await owner.gql(`mutation($t: ID!, $id: ID!) { markBookingPaid(tenantId: $t, id: $id, paymentMethod: "CASH") { id } }`, { t: tenantId, id: booking.id });
    expect(paid.errors).toBeUndefined();
    // The receipt of the payment is issued by its job before the cancellation.
    await waitForSettledQueue(app.orm);
    const rejected = await owner.gql(gql.reject, { t: tenantId, id: booking.id, reason: 'Saal <b>gesperrt</b>' });
    expect(rejected.errors).toBeUndefined();

    const page = await restHistory(booking.id);
    expect(actionsOf(page).filter((action) => !action.startsWith('mail_'))).toEqual(['created', 'changed', 'released', 'paid', 'receipt_issued', 'cancelled']);
    const staff = { kind: 'user', id: actors.userIds.tenantOwner, label: 'tenantOwner Mustermann' };
    const byAction = (action: string) => page.entries.find((entry) => entry.action === action) as Entry;
    const changed = byAction('changed');
    expect(changed).toMatchObject({ actor: staff, via: 'graphql' });
    expect(changed.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: customer.name, after: 'Erika Musterfrau' },
        { field: 'phone', before: customer.phone, after: '0456' },
        expect.objectContaining({ field: 'timeBegin' }),
      ]),
    );
    expect(changed.changes.map((change) => change.field)).not.toContain('mail');
    expect(byAction('released')).toMatchObject({ actor: staff, via: 'rest', changes: [{ field: 'isCommitted', before: false, after: true }] });
    expect(byAction('paid')).toMatchObject({ actor: staff, via: 'graphql', changes: [{ field: 'isPayed', before: false, after: true }, { field: 'paymentMethod', before: null, after: 'CASH' }] });
    expect(byAction('receipt_issued')).toMatchObject({ actor: { kind: 'system' }, via: 'job' });
    expect(byAction('cancelled')).toMatchObject({ actor: staff, via: 'graphql', reason: 'Saal gesperrt' });
  });

  it('a request never released is rejected ("abgelehnt"); a save that changes nothing adds nothing', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    const date = nextDay();
    const body = { id: booking.id, ...slot(10, date), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer };
    expect((await owner.put(`/api/${tenantId}/bookings`, body)).status).toBe(201);
    expect((await owner.put(`/api/${tenantId}/bookings`, body)).status).toBe(201);
    expect((await owner.post(`/api/${tenantId}/bookings/${booking.id}/reject`, { reason: 'Belegt' })).status).toBe(200);
    const page = await restHistory(booking.id);
    expect(actionsOf(page).filter((action) => !action.startsWith('mail_'))).toEqual(['created', 'changed', 'rejected']);
    expect(page.entries.find((entry) => entry.action === 'changed')).toMatchObject({ via: 'rest' });
    expect(page.entries.find((entry) => entry.action === 'rejected')).toMatchObject({ reason: 'Belegt', via: 'rest' });
  });

  it('the public cancellation request and its confirmation are the citizen’s', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room, nextDay(), { mail: 'storno-verlauf@kunden.example' });
    expect((await guest.post(`/api/${tenantId}/bookings/${booking.id}/request-reject`, { reason: 'Termin verschoben' })).status).toBe(201);
    const mail = await app.smtp.waitForMail('storno-verlauf@kunden.example', 'Stornierungsanfrage');
    const link = new URL(mail.links.find((candidate) => candidate.includes('/booking/verify-reject/')) as string);
    const hookId = link.searchParams.get('hookId') as string;
    const confirmed = await guest.gql(gql.confirmCancel, { t: tenantId, id: booking.id, hook: hookId });
    expect(confirmed.errors).toBeUndefined();

    const page = await restHistory(booking.id);
    const citizen = { kind: 'citizen', id: null, label: 'Bürger/in' };
    expect(page.entries.find((entry) => entry.action === 'cancellation_requested')).toMatchObject({ actor: citizen, via: 'rest', reason: 'Termin verschoben', changes: [] });
    // Cancelled by the customer: "storniert", even before its release.
    expect(page.entries.find((entry) => entry.action === 'cancelled')).toMatchObject({ actor: citizen, via: 'graphql', reason: 'Termin verschoben' });
    expect(JSON.stringify(page)).not.toContain(hookId);
  });

  it('a receipt issued by staff and a deleted booking keep their entries; the history outlives the booking', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    expect((await owner.post(`/api/${tenantId}/bookings/${booking.id}/receipt`)).status).toBe(201);
    const page = await restHistory(booking.id);
    const issued = page.entries.find((entry) => entry.action === 'receipt_issued') as Entry;
    expect(issued).toMatchObject({ actor: { kind: 'user' }, via: 'rest' });
    expect(issued.changes[0]).toMatchObject({ field: 'document', before: null });

    expect((await owner.request('DELETE', `/api/${tenantId}/bookings/${booking.id}`)).status).toBe(200);
    const rows = await app.orm.em.fork().getConnection().execute<{ action: string }[]>('select action from booking_history where tenant_id = ? and booking_id = ? order by at desc, id desc', [tenantId, booking.id]);
    expect(rows[0].action).toBe('deleted');
    expect(rows.map((row) => row.action)).toContain('created');
  });

  it('a deleted booking’s history stays readable by number, its last entry listing what the booking held', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    // The creation's mails first: one sent while the delete runs would add its entry after `deleted`.
    await waitForSettledQueue(app.orm);
    expect((await owner.request('DELETE', `/api/${tenantId}/bookings/${booking.id}`)).status).toBe(200);

    const page = await restHistory(booking.id);
    expect(page.entries[0]).toMatchObject({ action: 'deleted', actor: { kind: 'user' }, via: 'rest' });
    const held = Object.fromEntries(page.entries[0].changes.map((change) => [change.field, change]));
    expect(held.name).toEqual({ field: 'name', before: customer.name, after: null });
    expect(held.items.before).toContain(room.title);
    expect(actionsOf(page)[0]).toBe('created');

    const DELETED_HISTORY = `query($t: ID!, $id: ID!) { bookingHistory(tenantId: $t, bookingId: $id) { entries { action } nextCursor } }`;
    const graphql = await owner.gql<{ bookingHistory: { entries: { action: string }[] } }>(DELETED_HISTORY, { t: tenantId, id: booking.id });
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data?.bookingHistory.entries.map((entry) => entry.action)).toEqual(page.entries.map((entry) => entry.action));

    // The read right still applies: the booking was assigned to nobody, so an "own"-only reader may not.
    expect((await actors.clients.memberAny.get(`/api/${tenantId}/bookings/${booking.id}/history`)).status).toBe(200);
    expect((await actors.clients.memberOwnOnly.get(`/api/${tenantId}/bookings/${booking.id}/history`)).status).toBe(403);
    expect((await actors.clients.memberOfOtherTenant.get(`/api/${actors.otherTenant.id}/bookings/${booking.id}/history`)).status).toBe(404);
    const unknown = await owner.gql(DELETED_HISTORY, { t: tenantId, id: 'ZZZZ-ZZZZ' });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
  });
});

describe('booking history: a refused change records nothing', () => {
  it('a release refused for capacity leaves no entry', async () => {
    const room = await bookableRoom(app, tenantId);
    const date = nextDay();
    const first = await bookRoom(room, date);
    expect((await owner.post(`/api/${tenantId}/bookings/${first.id}/reject`, { reason: 'x' })).status).toBe(200);
    await bookRoom(room, date);
    await waitForSettledQueue(app.orm);
    const before = await restHistory(first.id);
    const refused = await owner.post(`/api/${tenantId}/bookings/${first.id}/commit`);
    expect(refused.status).toBe(409);
    await waitForSettledQueue(app.orm);
    expect((await restHistory(first.id)).entries.map((entry) => entry.id)).toEqual(before.entries.map((entry) => entry.id));
  });

  it('an entry written in a transaction that rolls back is gone with it', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    await waitForSettledQueue(app.orm);
    const before = await restHistory(booking.id);
    await expect(
      app.orm.em.fork().transactional(async (tx) => {
        await recordBookingHistory(tx, { tenantId, bookingId: booking.id, action: 'changed', actor: { kind: 'system', id: null, label: 'System' }, via: 'job' });
        throw new Error('the change fails after its entry');
      }),
    ).rejects.toThrow('the change fails after its entry');
    expect((await restHistory(booking.id)).entries).toEqual(before.entries);
  });
});

describe('booking history: reading', () => {
  it('pages newest first with a cursor, the same through GraphQL and REST', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    const body = { id: booking.id, ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer };
    for (const phone of ['1', '2', '3', '4']) expect((await owner.put(`/api/${tenantId}/bookings`, { ...body, phone })).status).toBe(201);
    await waitForSettledQueue(app.orm);
    const all = await restHistory(booking.id, owner, '?first=100');
    expect(all.nextCursor).toBeNull();
    expect(all.entries.length).toBeGreaterThanOrEqual(5);
    const times = all.entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const seen: string[] = [];
    let after: string | null = null;
    do {
      const answer: { data?: { booking: { history: Page } } | null; errors?: unknown } = await owner.gql(HISTORY, { t: tenantId, id: booking.id, first: 2, after });
      expect(answer.errors).toBeUndefined();
      const page = answer.data?.booking.history as Page;
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((entry) => entry.id));
      after = page.nextCursor;
    } while (after);
    expect(seen).toEqual(all.entries.map((entry) => entry.id));

    const graphqlPage = (await owner.gql<{ booking: { history: Page } }>(HISTORY, { t: tenantId, id: booking.id, first: 1 })).data?.booking.history as Page;
    expect(graphqlPage.entries[0].changes).toEqual(all.entries[0].changes.map((change) => ({ field: change.field, before: JSON.stringify(change.before), after: JSON.stringify(change.after) })));
    const restSecond = await restHistory(booking.id, owner, `?first=1&after=${graphqlPage.nextCursor}`);
    expect(restSecond.entries[0].id).toBe(all.entries[1].id);

    const invalid = await owner.get(`/api/${tenantId}/bookings/${booking.id}/history?first=0`);
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toContain('application/problem+json');
  });

  it('needs the read right on the booking (BOOKING_READER); another tenant’s booking is not found', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    const url = `/api/${tenantId}/bookings/${booking.id}/history`;
    expect((await guest.get(url)).status).toBe(401);
    const noFlag = await actors.clients.memberWithoutFlag.get(url);
    expect(noFlag.status).toBe(403);
    expect(noFlag.headers.get('content-type')).toContain('application/problem+json');
    // Not assigned to the member who may read only their own bookings.
    expect((await actors.clients.memberOwnOnly.get(url)).status).toBe(403);
    expect((await actors.clients.memberAny.get(url)).status).toBe(200);
    const graphql = await actors.clients.memberWithoutFlag.gql(HISTORY, { t: tenantId, id: booking.id });
    expect(graphql.errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');

    const foreign = await actors.clients.memberOfOtherTenant.get(`/api/${actors.otherTenant.id}/bookings/${booking.id}/history`);
    expect(foreign.status).toBe(404);
  });
});

describe('booking history: cannot be changed', () => {
  it('UPDATE and DELETE through the application’s connection fail; only the anonymisation setting lets them through', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    const connection = app.orm.em.fork().getConnection();
    await expect(connection.execute(`update booking_history set reason = 'geändert' where booking_id = ?`, [booking.id])).rejects.toThrow(/append-only/);
    await expect(connection.execute(`delete from booking_history where booking_id = ?`, [booking.id])).rejects.toThrow(/append-only/);
    const rows = await connection.execute<{ reason: string | null }[]>('select reason from booking_history where tenant_id = ? and booking_id = ?', [tenantId, booking.id]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.reason === null)).toBe(true);

    await app.orm.em.fork().transactional(async (tx) => {
      await tx.execute(`set local app.history_anonymise = 'on'`);
      await tx.execute(`update booking_history set actor_label = '' where tenant_id = ? and booking_id = ?`, [tenantId, booking.id]);
    });
    // The setting ends with its transaction.
    await expect(connection.execute(`update booking_history set actor_label = 'x' where booking_id = ?`, [booking.id])).rejects.toThrow(/append-only/);
  });
});

describe('booking history: the workflow board', () => {
  it('a card moved by staff records the move and the status its state sets, in the move', async () => {
    const saved = await owner.put(`/api/${tenantId}/workflow`, {
      name: 'Bearbeitung',
      active: true,
      defaultState: 'eingang',
      states: [
        { id: 'eingang', name: 'Eingang', actions: [] },
        { id: 'bezahlt', name: 'Bezahlt', actions: [{ type: 'bookingStatus', bookingStatus: ['paid'] }] },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    const moved = await owner.gql(`mutation($t: ID!, $id: ID!) { moveWorkflowCard(tenantId: $t, id: $id, destination: "bezahlt") { kind } }`, { t: tenantId, id: booking.id });
    expect(moved.errors).toBeUndefined();
    const page = await restHistory(booking.id);
    const main = page.entries.filter((entry) => !entry.action.startsWith('mail_') && !entry.action.endsWith('_issued'));
    expect(main.map((entry) => entry.action)).toEqual(['workflow_moved', 'paid', 'created']);
    expect(main[0]).toMatchObject({ actor: { kind: 'user', id: actors.userIds.tenantOwner }, via: 'graphql', changes: [{ field: 'workflowStatus', before: 'Eingang', after: 'Bezahlt' }] });
    expect(main[1]).toMatchObject({ actor: { kind: 'user' }, via: 'graphql' });
  });
});
