import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event } from '../../server/src/events/event.entity.js';
import { TicketEntryCodes, ticketCodeHash } from '../../server/src/bookings/ticket-entry-codes.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { fireAll, tally } from '../support/races.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { customer, storeEvent, storeTicket, storedBooking } from './bookings.fixtures.js';

/**
 * Entry codes of ticket bookings: issued once with the release (one per person or one per order,
 * as the event says), mailed as a ticket PDF beside the calendar file, and checked in once at the
 * door by staff who may update the booking.
 */
let app: TestApp;
let actors: Actors;
let perPersonTicket: string;
let perOrderTicket: string;
let mailCounter = 0;

const CHECK_IN = `mutation($t: ID!, $code: String!) { checkInTicket(tenantId: $t, code: $code) { status usedAt eventName ticketType holderName bookingNumber position ofCount } }`;

interface CheckIn {
  status: string;
  usedAt: string | null;
  eventName: string | null;
  ticketType: string | null;
  holderName: string | null;
  bookingNumber: string | null;
  position: number | null;
  ofCount: number | null;
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'tickets');
  const concert = await storeEvent(app, actors.tenant.id, 'Sommerkonzert', null);
  const reading = await storeEvent(app, actors.tenant.id, 'Lesung', null);
  const em = app.orm.em.fork();
  const stored = await em.findOneOrFail(Event, { id: reading.id });
  stored.setData({ ...stored.data(), ticketCodePer: 'order' });
  await em.flush();
  perPersonTicket = (await storeTicket(app, actors.tenant.id, concert.id, { title: 'Erwachsene' })).id;
  // Released by staff, not at checkout.
  perOrderTicket = (await storeTicket(app, actors.tenant.id, reading.id, { title: 'Familienkarte', autoCommitBooking: false })).id;
});
afterAll(async () => app?.close());

const tenantId = () => actors.tenant.id;

async function checkout(bookableId: string, amount: number): Promise<{ id: string; mail: string }> {
  const mail = `gast${++mailCounter}@example.com`;
  const response = await app.client().post(`/api/${tenantId()}/checkout`, { bookableItems: [{ bookableId, amount }], ...customer, mail });
  expect(response.status, response.text).toBe(200);
  return { id: response.json.id, mail };
}

async function storedCodes(bookingNumber: string) {
  const booking = await storedBooking(app, tenantId(), bookingNumber);
  const rows = await app.orm.em.fork().getConnection().execute<{ code_hash: string; position: number; of_count: number; used_at: Date | null }[]>(
    'select code_hash, position, of_count, used_at from ticket_entry_codes where booking_key = ? order by position',
    [booking?.key],
  );
  return { key: booking?.key ?? '', rows };
}

/** The plain codes as the ticket PDF shows them, derived as the server does. */
async function plainCodes(bookingNumber: string): Promise<string[]> {
  const { key, rows } = await storedCodes(bookingNumber);
  const codes = new TicketEntryCodes(app.config.sessionSecret, null);
  return rows.map((row) => codes.codeOf(key, row.position));
}

const checkIn = async (code: string, client = actors.clients.tenantOwner) => client.gql<{ checkInTicket: CheckIn }>(CHECK_IN, { t: tenantId(), code });

describe('issuing entry codes', () => {
  it('a ticket booking released at checkout gets one code per person, stored only as its hash', async () => {
    const booking = await checkout(perPersonTicket, 3);
    const { rows } = await storedCodes(booking.id);
    expect(rows.map((row) => [row.position, row.of_count, row.used_at])).toEqual([
      [1, 3, null],
      [2, 3, null],
      [3, 3, null],
    ]);
    const codes = await plainCodes(booking.id);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(rows.map((row) => row.code_hash)).toEqual(codes.map(ticketCodeHash));
  });

  it('an event with one code per order issues one code when staff release the booking, and a second release adds none', async () => {
    const booking = await checkout(perOrderTicket, 4);
    expect((await storedCodes(booking.id)).rows).toEqual([]);
    const release = `mutation($t: ID!, $id: ID!) { commitBooking(tenantId: $t, id: $id) { id isCommitted } }`;
    const first = await actors.clients.tenantOwner.gql(release, { t: tenantId(), id: booking.id });
    expect(first.errors).toBeUndefined();
    expect((await storedCodes(booking.id)).rows.map((row) => [row.position, row.of_count])).toEqual([[1, 1]]);
    await actors.clients.tenantOwner.gql(release, { t: tenantId(), id: booking.id });
    expect((await storedCodes(booking.id)).rows).toHaveLength(1);
  });

  it('the confirmation mail carries the ticket PDF (one page per code) beside the calendar file', async () => {
    const booking = await checkout(perPersonTicket, 2);
    const received = await app.smtp.waitForMail(booking.mail, 'Vielen Dank für Ihre Buchung');
    const pdf = received.attachments.find((attachment) => attachment.filename === `tickets-${booking.id}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf?.content.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(2);
    const calendar = received.attachments.find((attachment) => attachment.filename === `buchung-${booking.id}.ics`);
    expect(calendar?.content.toString()).toContain('BEGIN:VCALENDAR');
    // A ticket has no period of its own: the calendar entry is its event's.
    expect(calendar?.content.toString()).toContain('SUMMARY:Sommerkonzert');
  });

  it('a booking without tickets gets no codes and no ticket PDF', async () => {
    const rows = await app.orm.em.fork().getConnection().execute<{ count: string }[]>(
      `select count(*) as count from ticket_entry_codes c join bookings b on b.key = c.booking_key where b.tenant_id = ? and not exists (select 1 from booking_items i where i.booking_key = b.key and i.bookable_used ->> 'type' = 'ticket')`,
      [tenantId()],
    );
    expect(Number(rows[0]?.count)).toBe(0);
  });
});

describe('checking in at the door', () => {
  it('admits a code once, by the code or by the link of its QR code; the second scan says when it was used', async () => {
    const booking = await checkout(perPersonTicket, 2);
    const [first, second] = await plainCodes(booking.id);
    const admitted = await checkIn(first);
    expect(admitted.errors).toBeUndefined();
    expect(admitted.data?.checkInTicket).toMatchObject({ status: 'CHECKED_IN', eventName: 'Sommerkonzert', ticketType: 'Erwachsene', holderName: customer.name, bookingNumber: booking.id, position: 1, ofCount: 2 });
    const again = await checkIn(first);
    expect(again.data?.checkInTicket.status).toBe('ALREADY_USED');
    expect(again.data?.checkInTicket.usedAt).toBe(admitted.data?.checkInTicket.usedAt);
    const byLink = await checkIn(`${app.url}/einlass?code=${second}`);
    expect(byLink.data?.checkInTicket).toMatchObject({ status: 'CHECKED_IN', position: 2 });
  });

  it('an unknown code is UNKNOWN', async () => {
    const result = await checkIn('AAAAAAAAAAAAAAAAAAAAAA');
    expect(result.data?.checkInTicket).toMatchObject({ status: 'UNKNOWN', eventName: null, holderName: null });
    expect((await checkIn('kein Code')).data?.checkInTicket.status).toBe('UNKNOWN');
  });

  it('the code of a cancelled booking is NOT_VALID and stays unused', async () => {
    const booking = await checkout(perPersonTicket, 1);
    const [code] = await plainCodes(booking.id);
    const reject = await actors.clients.tenantOwner.gql(`mutation($t: ID!, $id: ID!) { rejectBooking(tenantId: $t, id: $id, reason: "Ausfall") { id } }`, { t: tenantId(), id: booking.id });
    expect(reject.errors).toBeUndefined();
    expect((await checkIn(code)).data?.checkInTicket.status).toBe('NOT_VALID');
    expect((await storedCodes(booking.id)).rows[0]?.used_at).toBeNull();
  });

  it('two scans of one code at the same moment admit once', async () => {
    const booking = await checkout(perPersonTicket, 1);
    const [code] = await plainCodes(booking.id);
    const results = await Promise.all(Array.from({ length: 6 }, (_, index) => checkIn(code, index % 2 ? actors.clients.memberAny : actors.clients.tenantOwner)));
    const statuses = results.map((result) => result.data?.checkInTicket.status);
    expect(statuses.filter((status) => status === 'CHECKED_IN')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'ALREADY_USED')).toHaveLength(5);
  });

  it('customers, staff without the update right and staff of another tenant cannot check in', async () => {
    const booking = await checkout(perPersonTicket, 1);
    const [code] = await plainCodes(booking.id);
    const outcomes = await fireAll(
      (['anonymous', 'outsider', 'memberWithoutFlag', 'memberOfOtherTenant'] as const).map((name) => ({ via: name, send: () => checkIn(code, actors.clients[name]) })),
    );
    for (const outcome of outcomes) expect([401, 403], `${outcome.via}: ${outcome.text}`).toContain(outcome.status);
    expect(tally(outcomes)['200'] ?? 0).toBe(0);
    // The code of another tenant is unknown to this one's staff.
    const foreign = await actors.clients.memberOfOtherTenant.gql<{ checkInTicket: CheckIn }>(CHECK_IN, { t: actors.otherTenant.id, code });
    expect(foreign.data?.checkInTicket.status ?? foreign.errors?.[0]?.extensions?.code).not.toBe('CHECKED_IN');
    expect((await storedCodes(booking.id)).rows[0]?.used_at).toBeNull();
    expect((await checkIn(code)).data?.checkInTicket.status).toBe('CHECKED_IN');
  });

  it('staff who may update only their own bookings cannot check in a guest ticket', async () => {
    const booking = await checkout(perPersonTicket, 1);
    const [code] = await plainCodes(booking.id);
    const result = await checkIn(code, actors.clients.memberOwnOnly);
    expect(result.errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
    await waitForSettledQueue(app.orm);
  });
});
