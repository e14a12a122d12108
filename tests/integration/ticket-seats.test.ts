import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bookable } from '../../server/src/bookables/bookable.entity.js';
import { Event } from '../../server/src/events/event.entity.js';
import { testAdmin, type InProcessApp } from '../support/app.js';
import { signIn } from '../support/fixtures.js';
import type { HttpClient, HttpResponse } from '../support/http.js';
import { startReplicaPair, type ReplicaPair } from '../support/replica-pair.js';
import type { ServerProcess } from '../support/server-process.js';
import { storeBookable } from './bookables.fixtures.js';
import { customer, storeEvent as storeEventOf, storeTicket as storeTicketOf } from './bookings.fixtures.js';

/**
 * Event seats: all tickets of an event share its
 * maxAttendees, counted over bookings that are not rejected, under concurrent checkouts on two
 * server processes (the event's advisory lock), in the staff's editor, in the availability
 * calendar, and as "seats left" for the public checkout page.
 */
let pair: ReplicaPair;
let local: InProcessApp;
let remote: ServerProcess;
let sql: pg.Pool;
let tenantId: string;
let clients: HttpClient[];
let staff: HttpClient;

beforeAll(async () => {
  pair = await startReplicaPair({ name: 'Kulturamt Plätze', mail: 'kultur@example.com' });
  ({ local, remote, sql, tenantId } = pair);
  clients = [local.client(), remote.client()];
  staff = local.client({ ip: '10.88.0.1' });
  await signIn(staff, testAdmin.id, testAdmin.password);
}, 120_000);

afterAll(async () => pair?.stop());

let counter = 0;

const storeEvent = (maxAttendees: number | null) => storeEventOf(local, tenantId, `Konzert ${++counter}`, maxAttendees);

/** A free, public ticket booked without release; its own amount unlimited (the event limits). */
const storeTicket = (eventId: string, data: Partial<Bookable> = {}) => storeTicketOf(local, tenantId, eventId, { title: `Karte ${++counter}`, ...data });

const checkoutBody = (items: { bookableId: string; amount: number }[], n: number | string = 0) => ({ bookableItems: items, ...customer, mail: `platz-${n}@example.com` });

/** Seats taken of an event straight from PostgreSQL: item amounts of its tickets in bookings not rejected. */
async function seatsInDatabase(eventId: string): Promise<{ seats: number; bookings: number }> {
  const { rows } = await sql.query<{ seats: string | null; bookings: string }>(
    `select sum(i.amount) as seats, count(distinct b.key) as bookings
       from booking_items i join bookings b on b.key = i.booking_key join bookables t on t.id = i.bookable_id
      where t.event_id = $1 and not b.is_rejected`,
    [eventId],
  );
  return { seats: Number(rows[0].seats ?? 0), bookings: Number(rows[0].bookings) };
}

const SEATS_LEFT = 'query($t: ID!, $b: ID!) { ticketSeatsLeft(tenantId: $t, bookableId: $b) }';
async function seatsLeft(bookableId: string, client: HttpClient = clients[0]): Promise<number | null | undefined> {
  const result = await client.gql<{ ticketSeatsLeft: number | null }>(SEATS_LEFT, { t: tenantId, b: bookableId });
  expect(result.errors).toBeUndefined();
  return result.data?.ticketSeatsLeft;
}

const expectEventFull = (response: HttpResponse, eventName: string) => {
  expect(response.status, response.text).toBe(409);
  expect(response.contentType).toMatch(/application\/problem\+json/);
  expect(response.json).toMatchObject({ code: 'booking.event-full', detail: `Die Veranstaltung ${eventName} hat nicht ausreichend freie Plätze.` });
};

describe('ticket seats at checkout', () => {
  it('20 parallel checkouts on two server processes for an event with 5 seats: exactly 5 succeed, 15 answer booking.event-full', async () => {
    const event = await storeEvent(5);
    // Two tickets, so their own locks differ: only the event's lock keeps the seats.
    const tickets = [await storeTicket(event.id, { title: 'Parkett' }), await storeTicket(event.id, { title: 'Rang' })];
    const ticket = tickets[0];
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, n) => clients[n % 2].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: tickets[Math.floor(n / 2) % 2].id, amount: 1 }], n))));
    const tally: Record<string, number> = {};
    for (const response of responses) tally[`${response.status} ${response.json?.code ?? ''}`] = (tally[`${response.status} ${response.json?.code ?? ''}`] ?? 0) + 1;
    const context = `${Date.now() - started} ms, ${JSON.stringify(tally)}`;

    const accepted = responses.filter((response) => response.status === 200);
    expect(accepted.length, context).toBe(5);
    const refused = responses.filter((response) => response.status === 409 && response.json?.code === 'booking.event-full');
    expect(refused.length, context).toBe(15);
    expect(refused[0].json.detail).toBe(`Die Veranstaltung ${event.name} hat nicht ausreichend freie Plätze.`);
    // Both processes stored bookings or refused (two pools, one database).
    expect(new Set(responses.map((_, n) => n % 2)).size).toBe(2);

    expect(await seatsInDatabase(event.id)).toEqual({ seats: 5, bookings: 5 });
    expect(await seatsLeft(ticket.id)).toBe(0);
    expect(remote.stderr(), 'stderr of the server process').not.toMatch(/error|fehler/i);
  }, 60_000);

  it('a request for more seats than are left is refused whole; the simulation (price preview) says so too', async () => {
    const event = await storeEvent(3);
    const ticket = await storeTicket(event.id);
    expect((await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 2 }], 'a'))).status).toBe(200);
    expectEventFull(await clients[1].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 2 }], 'b')), event.name);
    expectEventFull(await clients[0].post(`/api/${tenantId}/checkout?simulate=true`, checkoutBody([{ bookableId: ticket.id, amount: 2 }], 'c')), event.name);
    expect((await clients[1].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 1 }], 'd'))).status).toBe(200);
    expect(await seatsInDatabase(event.id)).toEqual({ seats: 3, bookings: 2 });
  });

  it('a rejected booking frees its seats', async () => {
    const event = await storeEvent(2);
    const ticket = await storeTicket(event.id);
    const first = await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 1 }], 'r1'));
    expect((await clients[1].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 1 }], 'r2'))).status).toBe(200);
    expectEventFull(await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 1 }], 'r3')), event.name);

    const rejected = await staff.post(`/api/${tenantId}/bookings/${first.json.id}/reject`, { reason: 'Doppelt gebucht' });
    expect(rejected.status, rejected.text).toBe(200);
    expect(await seatsLeft(ticket.id)).toBe(1);
    expect((await clients[1].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 1 }], 'r4'))).status).toBe(200);
    expectEventFull(await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 1 }], 'r5')), event.name);
    expect(await seatsInDatabase(event.id)).toEqual({ seats: 2, bookings: 2 });
  });

  it('two tickets of one event share its seats, also within one checkout', async () => {
    const event = await storeEvent(4);
    const adult = await storeTicket(event.id, { title: 'Erwachsene' });
    const child = await storeTicket(event.id, { title: 'Kinder' });
    expect((await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: adult.id, amount: 2 }], 's1'))).status).toBe(200);
    expect(await seatsLeft(child.id)).toBe(2);
    // Both tickets in one booking: 2 + 1 would fit each alone, together 3 > 2 left.
    expectEventFull(await clients[1].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: adult.id, amount: 2 }, { bookableId: child.id, amount: 1 }], 's2')), event.name);
    expect((await clients[1].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: adult.id, amount: 1 }, { bookableId: child.id, amount: 1 }], 's3'))).status).toBe(200);
    expectEventFull(await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: child.id, amount: 1 }], 's4')), event.name);
    expect(await seatsInDatabase(event.id)).toEqual({ seats: 4, bookings: 2 });
    // Another event's seats are its own.
    const other = await storeEvent(1);
    const otherTicket = await storeTicket(other.id);
    expect((await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: otherTicket.id, amount: 1 }], 's5'))).status).toBe(200);
  });

  it('buyers of a sold-out event hear "full" at once instead of queueing for its lock; with seats left the lock still decides', async () => {
    const event = await storeEvent(2);
    const ticket = await storeTicket(event.id);
    expect((await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 1 }], 'q1'))).status).toBe(200);
    // Another transaction holds the event's lock (as a checkout in progress would) for the rest of the test.
    const holder = await sql.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`event:${event.id}`]);
      // One seat left: this checkout must wait for the lock and, not getting it, answers busy.
      const waiting = await clients[1].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 1 }], 'q2'));
      expect(waiting.status, waiting.text).toBe(409);
      expect(waiting.json.code).toBe('booking.busy');
      // Two seats asked with one left: refused from what is committed, without waiting for the lock.
      expectEventFull(await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 2 }], 'q3')), event.name);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect(await seatsInDatabase(event.id)).toEqual({ seats: 1, bookings: 1 });
  });

  it('no limit when maxAttendees is empty; seats left is then null', async () => {
    const event = await storeEvent(null);
    const ticket = await storeTicket(event.id);
    const responses = await Promise.all(Array.from({ length: 6 }, (_, n) => clients[n % 2].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 5 }], `u${n}`))));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await seatsInDatabase(event.id)).toEqual({ seats: 30, bookings: 6 });
    expect(await seatsLeft(ticket.id)).toBeNull();
  });
});

describe('availability of tickets', () => {
  const availability = async (bookableId: string, amount: number) => {
    const response = await clients[0].get(`/api/${tenantId}/bookables/${bookableId}/availability?startDate=2027-04-01&endDate=2027-04-01&amount=${amount}`);
    expect(response.status, response.text).toBe(200);
    return [...new Set((response.json as { available: boolean }[]).map((period) => period.available))];
  };

  it('follows the seats left of the event', async () => {
    const event = await storeEvent(3);
    const ticket = await storeTicket(event.id);
    expect(await availability(ticket.id, 3)).toEqual([true]);
    expect((await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 2 }], 'v1'))).status).toBe(200);
    expect(await availability(ticket.id, 1)).toEqual([true]);
    expect(await availability(ticket.id, 2)).toEqual([false]);
    const unlimited = await storeTicket((await storeEvent(null)).id);
    expect(await availability(unlimited.id, 500)).toEqual([true]);
  });
});

describe('ticketSeatsLeft', () => {
  it('is null for objects that are no ticket of an event, NOT_FOUND for what the viewer cannot see', async () => {
    const room = await storeBookable(local, tenantId, { type: 'room', isPublic: true, isBookable: true });
    expect(await seatsLeft(room.id)).toBeNull();
    const ticketWithoutEvent = await storeTicket(null as unknown as string);
    expect(await seatsLeft(ticketWithoutEvent.id)).toBeNull();

    const event = await storeEvent(7);
    const hidden = await storeTicket(event.id, { isPublic: false, permittedUsers: ['jemand@example.com'] });
    const result = await clients[0].gql(SEATS_LEFT, { t: tenantId, b: hidden.id });
    expect(result.errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
    // Staff of the tenant see it.
    expect(await seatsLeft(hidden.id, staff)).toBe(7);
    const unknown = await clients[0].gql(SEATS_LEFT, { t: tenantId, b: 'keine-id' });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
  });
});

describe('ticket seats in the staff editor', () => {
  const save = (body: Record<string, unknown>) => staff.put(`/api/${tenantId}/bookings`, body);

  it('a new booking beyond the seats is refused; within them it is stored', async () => {
    const event = await storeEvent(3);
    const ticket = await storeTicket(event.id);
    expect((await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 2 }], 'e1'))).status).toBe(200);
    expectEventFull(await save({ ...customer, bookableItems: [{ bookableId: ticket.id, amount: 2 }] }), event.name);
    const stored = await save({ ...customer, bookableItems: [{ bookableId: ticket.id, amount: 1 }] });
    expect(stored.status, stored.text).toBeLessThan(300);
    expect(await seatsInDatabase(event.id)).toEqual({ seats: 3, bookings: 2 });
    // A rejected booking may be stored whatever the seats (it takes none).
    const rejected = await save({ ...customer, isRejected: true, bookableItems: [{ bookableId: ticket.id, amount: 5 }] });
    expect(rejected.status, rejected.text).toBeLessThan(300);
    expect(await seatsInDatabase(event.id)).toEqual({ seats: 3, bookings: 2 });
  });

  it('an edit that takes no more seats passes even when the limit was lowered; more seats or un-rejecting do not', async () => {
    const event = await storeEvent(4);
    const ticket = await storeTicket(event.id);
    const first = await clients[0].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 2 }], 'l1'));
    const second = await clients[1].post(`/api/${tenantId}/checkout`, checkoutBody([{ bookableId: ticket.id, amount: 2 }], 'l2'));
    const em = local.orm.em.fork();
    const stored = await em.findOneOrFail(Event, { id: event.id });
    stored.attendees = { ...stored.attendees, maxAttendees: 3 };
    await em.flush();

    const comment = await save({ id: first.json.id, comment: 'Rollstuhlplatz', bookableItems: [{ bookableId: ticket.id, amount: 2 }] });
    expect(comment.status, comment.text).toBeLessThan(300);
    expectEventFull(await save({ id: first.json.id, bookableItems: [{ bookableId: ticket.id, amount: 3 }] }), event.name);
    const fewer = await save({ id: first.json.id, bookableItems: [{ bookableId: ticket.id, amount: 1 }] });
    expect(fewer.status, fewer.text).toBeLessThan(300);

    expect((await staff.post(`/api/${tenantId}/bookings/${second.json.id}/reject`, {})).status).toBe(200);
    // 1 seat held by the first booking, 3 allowed: un-rejecting the second (2 seats) fits ...
    const back = await save({ id: second.json.id, isRejected: false, bookableItems: [{ bookableId: ticket.id, amount: 2 }] });
    expect(back.status, back.text).toBeLessThan(300);
    // ... and a third of 1 seat not any more.
    expectEventFull(await save({ ...customer, bookableItems: [{ bookableId: ticket.id, amount: 1 }] }), event.name);
    expect(await seatsInDatabase(event.id)).toEqual({ seats: 3, bookings: 2 });
  });
});
