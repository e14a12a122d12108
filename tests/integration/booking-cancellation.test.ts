import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, berlinInstant, berlinToday } from '../../common/time/berlin.js';
import type { CancellationPolicy } from '../../common/bookables/cancellation-policy.js';
import { systemActor } from '../../server/src/bookings/booking-history.js';
import { anonymiseBookings } from '../../server/src/privacy/anonymisation.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { GraphQLResponse, HttpClient, HttpResponse } from '../support/http.js';
import { makeRetriesDue, queuedJobs, waitForSettledQueue } from '../support/job-queue.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { fireAll, tally } from '../support/races.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { QUEUE_SETTLE_CEILING_MS } from '../support/waits.js';
import { bookableRoom, customer, storeEvent, storeTicket } from './bookings.fixtures.js';

/**
 * Citizens cancelling their own bookings under the objects' "Stornobedingungen" (GraphQL
 * cancelMyBooking, REST POST bookings/{id}/cancel): each tier of the policy, the fee, simulate,
 * the request where the policy leaves it to the staff, who may cancel (the booking's account or
 * its status token), two cancellations at once, the refunds the staff complete and the online
 * refund of the test provider through the job queue, failing and retried. Bookings lie a fixed
 * number of Berlin calendar days after today at noon, so the tier never depends on the date the
 * suite runs.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let citizen: HttpClient;
let neighbour: HttpClient;
let owner: HttpClient;
let guest: HttpClient;
let selfRoomId: string;
let requestRoomId: string;
let singleTierRoomId: string;

const TENANT_MAIL = 'kasse@storno.example';
const POLICY: CancellationPolicy = {
  citizenMayCancel: true,
  tiers: [
    { daysBefore: 14, refundPercent: 100 },
    { daysBefore: 7, refundPercent: 50 },
    { daysBefore: 1, refundPercent: 25 },
  ],
  feeEur: 5,
};

const CANCEL = `mutation($t: ID!, $id: ID!, $reason: String, $simulate: Boolean, $token: String) {
  cancelMyBooking(tenantId: $t, id: $id, reason: $reason, simulate: $simulate, statusToken: $token) {
    outcome simulated
    booking { id tenantId state isPayed cancelledAt refunds { id amountCents state way online } }
    refund { staffDecides staffReason note tier { daysBefore refundPercent } daysBefore paidCents feeCents refundCents record { id amountCents state way online reason } } } }`;
const COMPLETE = `mutation($t: ID!, $r: ID!) { completeRefund(tenantId: $t, refundId: $r) { id state completedAt completedBy amountCents } }`;
const REFUNDED = `query($t: ID!, $from: DateTimeISO, $to: DateTimeISO) { bookings(tenantId: $t, refundedFrom: $from, refundedTo: $to, limit: 500) { items { id } } }`;
const BOOKING_REFUNDS = `query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { id isRejected status refunds { id amountCents state way online completedBy reason } } }`;

interface Refund {
  id: string;
  amountCents: number;
  state: string;
  way: string;
  online: boolean;
  reason?: string;
  completedBy?: string | null;
}
interface Cancellation {
  outcome: string;
  simulated: boolean;
  booking: { id: string; state: string; isPayed: boolean; cancelledAt: string | null; refunds: Refund[] };
  refund: { staffDecides: boolean; staffReason: string | null; note: string; tier: { daysBefore: number; refundPercent: number } | null; daysBefore: number | null; paidCents: number; feeCents: number; refundCents: number; record: Refund | null };
}

const sql = <T extends object = Record<string, unknown>>(query: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute<T[]>(query, params);

/** Noon in Berlin, `days` calendar days after today (Berlin). */
const noonAhead = (days: number) => berlinInstant(addDays(berlinToday(new Date()), days), '12:00');

let bookedCount = 0;

interface Booked {
  id: string;
  statusToken: string;
}

/** A checkout of the room (with the test provider, the tenant's one payment app), then moved to noon `days` Berlin days ahead (an hour long), paid by transfer unless `paid` says otherwise. */
async function book(client: HttpClient, roomId: string, days: number, paid: 'transfer' | 'testPayment' | false = 'transfer'): Promise<Booked> {
  // A free slot well ahead (each booking its own day): the booking is moved to its day right after.
  const slotBegin = noonAhead(400 + ++bookedCount).getTime();
  const answer = await client.post(`/api/${tenantId}/checkout`, { timeBegin: slotBegin, timeEnd: slotBegin + 3_600_000, bookableItems: [{ bookableId: roomId, amount: 1 }], ...customer, mail: 'erika@storno.example', paymentProvider: 'testPayment' });
  expect(answer.status, answer.text).toBe(200);
  const { id, statusToken } = answer.json as Booked;
  const begin = noonAhead(days);
  const end = new Date(begin.getTime() + 3_600_000);
  await sql('update bookings set time_begin = ?, time_end = ? where tenant_id = ? and number = ?', [begin, end, tenantId, id]);
  await sql('update booking_items set time_begin = ?, time_end = ? where booking_key = (select key from bookings where tenant_id = ? and number = ?)', [begin, end, tenantId, id]);
  if (paid === 'transfer') await sql(`update bookings set is_payed = true, paid_at = now(), payment_method = 'TRANSFER' where tenant_id = ? and number = ?`, [tenantId, id]);
  if (paid === 'testPayment') {
    await sql(`update bookings set is_payed = true, paid_at = now(), payment_method = 'OTHER', payment_provider = 'testPayment' where tenant_id = ? and number = ?`, [tenantId, id]);
    // As the provider's notification records the payment.
    await sql(`insert into booking_history (tenant_id, booking_id, action, actor_kind, actor_id, actor_label, via) values (?, ?, 'paid', 'payment_provider', 'testPayment', 'Testzahlung', 'payment_callback')`, [tenantId, id]);
  }
  return { id, statusToken };
}

const cancelGql = (client: HttpClient, id: string, variables: Record<string, unknown> = {}, tenant = tenantId) => client.gql<{ cancelMyBooking: Cancellation }>(CANCEL, { t: tenant, id, ...variables });
const cancelRest = (client: HttpClient, id: string, body: Record<string, unknown> = {}, token?: string, tenant = tenantId): Promise<HttpResponse> =>
  client.post(`/api/${tenant}/bookings/${id}/cancel`, body, token ? { headers: { 'x-status-token': token } } : {});

function cancelledOf(answer: GraphQLResponse<{ cancelMyBooking: Cancellation }>): Cancellation {
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!.cancelMyBooking;
}

async function stored(id: string) {
  const [row] = await sql<{ is_rejected: boolean; is_committed: boolean; hooks: unknown[] }>('select is_rejected, is_committed, hooks from bookings where tenant_id = ? and number = ?', [tenantId, id]);
  return row;
}
const refundsOf = (id: string) => sql<{ id: string; amount_cents: number; state: string; way: string; online: boolean; failure: string | null }>('select id::text as id, amount_cents, state, way, online, failure from booking_refunds where tenant_id = ? and booking_number = ? order by created_at', [tenantId, id]);
const historyOf = async (id: string) => (await sql<{ action: string; actor_kind: string }>('select action, actor_kind from booking_history where tenant_id = ? and booking_id = ? order by at, id', [tenantId, id])).map((row) => `${row.action}:${row.actor_kind}`);

async function setTestPayment(active: boolean): Promise<void> {
  const em = app.orm.em.fork();
  const tenant = await em.findOneOrFail(Tenant, { id: tenantId });
  tenant.applications = [{ id: 'testPayment', type: 'payment', active, paymentSecret: 'a'.repeat(64) }];
  tenant.mail = TENANT_MAIL;
  await em.flush();
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'storno');
  tenantId = actors.tenant.id;
  citizen = actors.clients.outsider;
  neighbour = actors.clients.memberWithoutFlag;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
  const fixedHundred = { priceType: 'per-item' as const, autoCommitBooking: true, amount: 1, priceCategories: [{ priceEur: 100, priceValueAddedTax: 0, interval: { start: null, end: null }, fixedPrice: true }] };
  selfRoomId = (await bookableRoom(app, tenantId, { ...fixedHundred, title: 'Saal mit Selbststornierung', cancellationPolicy: POLICY })).id;
  requestRoomId = (await bookableRoom(app, tenantId, { ...fixedHundred, title: 'Saal nur auf Anfrage' })).id;
  singleTierRoomId = (await bookableRoom(app, tenantId, { ...fixedHundred, title: 'Saal mit einer Stufe', cancellationPolicy: { citizenMayCancel: true, tiers: [{ daysBefore: 14, refundPercent: 100 }], feeEur: 0 } })).id;
  await setTestPayment(true);
});
afterAll(async () => app?.close());

describe('the policy on the object', () => {
  it('is saved and read through GraphQL and REST, validated by the shared rules; a new object lets citizens only ask', async () => {
    const created = await owner.put(`/api/${tenantId}/bookables`, { type: 'room', title: 'Neuer Raum' });
    expect(created.status, created.text).toBe(201);
    expect(created.json.cancellationPolicy).toEqual({ citizenMayCancel: false, tiers: [], feeEur: 0 });

    const saved = await owner.gql<{ updateBookable: { cancellationPolicy: CancellationPolicy } }>(
      'mutation($t: ID!, $id: ID!, $input: BookableInput!) { updateBookable(tenantId: $t, id: $id, input: $input) { cancellationPolicy { citizenMayCancel tiers { daysBefore refundPercent } feeEur } } }',
      { t: tenantId, id: created.json.id, input: { cancellationPolicy: { citizenMayCancel: true, tiers: [{ daysBefore: 2, refundPercent: 50 }, { daysBefore: 10, refundPercent: 90 }], feeEur: 1.5 } } },
    );
    expect(saved.errors, JSON.stringify(saved.errors)).toBeUndefined();
    expect(saved.data?.updateBookable.cancellationPolicy).toEqual({ citizenMayCancel: true, tiers: [{ daysBefore: 10, refundPercent: 90 }, { daysBefore: 2, refundPercent: 50 }], feeEur: 1.5 });

    const wrong = await owner.put(`/api/${tenantId}/bookables`, { id: created.json.id, cancellationPolicy: { citizenMayCancel: true, tiers: [{ daysBefore: 3, refundPercent: 120 }, { daysBefore: 3, refundPercent: 10 }] } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ 'cancellationPolicy.tiers.0.refundPercent': expect.stringContaining('0 bis 100') });
    const twice = await owner.put(`/api/${tenantId}/bookables`, { id: created.json.id, cancellationPolicy: { citizenMayCancel: true, tiers: [{ daysBefore: 3, refundPercent: 20 }, { daysBefore: 3, refundPercent: 10 }] } });
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.json.errors as object)).toEqual(['cancellationPolicy.tiers.1.daysBefore']);

    const publicView = await guest.get(`/api/${tenantId}/bookables/public/${selfRoomId}`);
    expect(publicView.status, publicView.text).toBe(200);
    expect(publicView.json.cancellationPolicy).toEqual(POLICY);
  });
});

describe('simulate', () => {
  it('answers each tier, the fee and the request without changing anything (GraphQL and REST)', async () => {
    const far = await book(citizen, selfRoomId, 30);
    const week = await book(citizen, selfRoomId, 10);
    const soon = await book(citizen, selfRoomId, 3);
    const late = await book(citizen, singleTierRoomId, 10);
    const asking = await book(citizen, requestRoomId, 30);
    const all = [far, week, soon, late, asking];
    // Mails are sent (and entered) by the queue meanwhile: the history compared is that of changes.
    const changes = async (id: string) => (await historyOf(id)).filter((entry) => !entry.startsWith('mail_'));
    const before = await Promise.all(all.map((booked) => changes(booked.id)));

    const farAnswer = cancelledOf(await cancelGql(citizen, far.id, { simulate: true }));
    expect(farAnswer).toMatchObject({ outcome: 'CANCELLED', simulated: true, booking: { state: 'RELEASED', refunds: [] } });
    expect(farAnswer.refund).toMatchObject({ staffDecides: false, tier: { daysBefore: 14, refundPercent: 100 }, daysBefore: 30, paidCents: 10_000, feeCents: 500, refundCents: 9_500, record: null });
    expect(farAnswer.refund.note).toBe('Sie erhalten 95,00 € von 100,00 € zurück.');

    const weekAnswer = await cancelRest(citizen, week.id, { simulate: true });
    expect(weekAnswer.status, weekAnswer.text).toBe(200);
    expect(weekAnswer.json.refund).toMatchObject({ tier: { daysBefore: 7, refundPercent: 50 }, daysBefore: 10, refundCents: 4_500 });

    expect(cancelledOf(await cancelGql(citizen, soon.id, { simulate: true })).refund).toMatchObject({ tier: { daysBefore: 1, refundPercent: 25 }, daysBefore: 3, refundCents: 2_000 });
    // No tier reached: cancelled with nothing back.
    expect(cancelledOf(await cancelGql(citizen, late.id, { simulate: true }))).toMatchObject({ outcome: 'CANCELLED', refund: { tier: null, daysBefore: 10, refundCents: 0, staffDecides: false } });
    // The default policy: the staff decide, as a request.
    expect(cancelledOf(await cancelGql(citizen, asking.id, { simulate: true }))).toMatchObject({ outcome: 'REQUESTED', simulated: true, refund: { staffDecides: true, staffReason: 'NOT_ALLOWED', refundCents: 0 } });

    for (const [index, booked] of all.entries()) {
      expect(await stored(booked.id)).toMatchObject({ is_rejected: false, hooks: [] });
      expect(await refundsOf(booked.id)).toEqual([]);
      expect(await changes(booked.id)).toEqual(before[index]);
    }
  });

  it('a booking that has begun is the staff\'s to decide', async () => {
    const begun = await book(citizen, selfRoomId, 5);
    await sql(`update bookings set time_begin = now() - interval '10 minutes', time_end = now() + interval '50 minutes' where tenant_id = ? and number = ?`, [tenantId, begun.id]);
    expect(cancelledOf(await cancelGql(citizen, begun.id, { simulate: true }))).toMatchObject({ outcome: 'REQUESTED', refund: { staffDecides: true, staffReason: 'BEGUN' } });
  });
});

describe('cancelling under the policy', () => {
  it('GraphQL, by the account: cancelled at once, the place freed, the history written, the refund left OPEN for the staff, both mails naming it', async () => {
    // A day no other booking of the room holds, so the freed slot can be booked again.
    const booked = await book(citizen, selfRoomId, 45);
    app.smtp.clear();
    const answer = cancelledOf(await cancelGql(citizen, booked.id, { reason: 'Wir sind <b>verhindert</b>.' }));
    expect(answer).toMatchObject({ outcome: 'CANCELLED', simulated: false, booking: { state: 'CANCELLED', isPayed: true } });
    expect(answer.refund.record).toMatchObject({ amountCents: 9_500, state: 'OPEN', way: 'TRANSFER', online: false, reason: 'Wir sind verhindert.' });
    expect(answer.booking.refunds).toEqual([expect.objectContaining({ id: answer.refund.record!.id, state: 'OPEN' })]);
    expect(await stored(booked.id)).toMatchObject({ is_rejected: true, is_committed: true });
    expect(await historyOf(booked.id)).toEqual(expect.arrayContaining(['cancelled:citizen', 'refund_opened:system']));

    // The slot is free again: another checkout of it succeeds.
    const [times] = await sql<{ time_begin: Date; time_end: Date }>('select time_begin, time_end from bookings where tenant_id = ? and number = ?', [tenantId, booked.id]);
    const again = await guest.post(`/api/${tenantId}/checkout?simulate=true`, { timeBegin: new Date(times.time_begin).getTime(), timeEnd: new Date(times.time_end).getTime(), bookableItems: [{ bookableId: selfRoomId, amount: 1 }], ...customer, paymentProvider: 'testPayment' });
    expect(again.status, again.text).toBe(200);

    const mail = await app.smtp.waitForMail('erika@storno.example', 'storniert');
    expect(mail.text).toContain('Nach den Stornobedingungen erhalten Sie 95,00 € zurück.');
    const office = await app.smtp.waitForMail(TENANT_MAIL, 'Erstattung offen');
    expect(office.text).toContain('sind 95,00 € zu erstatten');

    // The staff see it on the booking, GraphQL and REST.
    const staffView = await owner.gql<{ booking: { refunds: Refund[] } }>(BOOKING_REFUNDS, { t: tenantId, id: booked.id });
    expect(staffView.data?.booking.refunds).toEqual([expect.objectContaining({ amountCents: 9_500, state: 'OPEN', way: 'TRANSFER' })]);
    const rest = await owner.get(`/api/${tenantId}/bookings/${booked.id}`);
    expect(rest.json.refunds).toEqual([expect.objectContaining({ amountCents: 9_500, state: 'OPEN' })]);

    // Cancelled once: a second try is refused.
    const second = await cancelRest(citizen, booked.id);
    expect(second.status).toBe(409);
    expect(second.json.code).toBe('booking.already-cancelled');

    // Anonymised, the refund keeps amount, way and state for the accounts, not the reason the customer typed.
    await app.orm.em.fork().transactional((em) => anonymiseBookings(em, tenantId, [{ number: booked.id, mode: 'full' }], { actor: systemActor, via: 'job' }));
    const [kept] = await sql<{ reason: string; amount_cents: number; state: string }>('select reason, amount_cents, state from booking_refunds where tenant_id = ? and booking_number = ?', [tenantId, booked.id]);
    expect(kept).toEqual({ reason: '', amount_cents: 9_500, state: 'OPEN' });
  });

  it('REST, with the status token of a guest\'s booking: the 50 % tier less the fee', async () => {
    const booked = await book(guest, selfRoomId, 10);
    const answer = await cancelRest(guest, booked.id, { reason: 'Krank' }, booked.statusToken);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ outcome: 'CANCELLED', booking: { state: 'CANCELLED' }, refund: { tier: { daysBefore: 7, refundPercent: 50 }, refundCents: 4_500, record: { amountCents: 4_500, state: 'OPEN' } } });
    expect(await refundsOf(booked.id)).toEqual([expect.objectContaining({ amount_cents: 4_500, state: 'OPEN' })]);
  });

  it('an unpaid booking and one past every tier are cancelled without a refund', async () => {
    const unpaid = await book(citizen, selfRoomId, 30, false);
    expect(cancelledOf(await cancelGql(citizen, unpaid.id))).toMatchObject({ outcome: 'CANCELLED', refund: { paidCents: 0, refundCents: 0, record: null } });
    const late = await book(citizen, singleTierRoomId, 10);
    expect(cancelledOf(await cancelGql(citizen, late.id))).toMatchObject({ outcome: 'CANCELLED', refund: { tier: null, refundCents: 0, record: null } });
    expect(await refundsOf(unpaid.id)).toEqual([]);
    expect(await refundsOf(late.id)).toEqual([]);
  });

  it('where the policy does not let the citizen cancel, a cancellation request is mailed as before', async () => {
    const booked = await book(citizen, requestRoomId, 30);
    const answer = await cancelRest(citizen, booked.id, { reason: 'Bitte stornieren' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ outcome: 'REQUESTED', simulated: false, booking: { state: 'RELEASED' }, refund: { staffDecides: true, staffReason: 'NOT_ALLOWED' } });
    expect(await stored(booked.id)).toMatchObject({ is_rejected: false });
    expect(await historyOf(booked.id)).toContain('cancellation_requested:citizen');
    await app.smtp.waitForMail('erika@storno.example', 'Stornierungsanfrage');
  });
});

describe('tickets', () => {
  it('carry their ticket object\'s policy, begin with their event, and give their seats back', async () => {
    const event = await storeEvent(app, tenantId, 'Konzert im Park', 2);
    // Everything back at any time before the start: the tier does not depend on the day the suite runs.
    const ticket = await storeTicket(app, tenantId, event.id, {
      title: 'Eintritt',
      priceCategories: [{ priceEur: 10, priceValueAddedTax: 0, interval: { start: null, end: null }, fixedPrice: false }],
      cancellationPolicy: { citizenMayCancel: true, tiers: [{ daysBefore: 0, refundPercent: 100 }], feeEur: 0 },
    });
    const checkout = (amount: number) => guest.post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId: ticket.id, amount }], ...customer, mail: 'erika@storno.example', paymentProvider: 'testPayment' });
    const booked = await checkout(2);
    expect(booked.status, booked.text).toBe(200);
    const { id, statusToken } = booked.json as Booked;
    await sql(`update bookings set is_payed = true, paid_at = now(), payment_method = 'CASH' where tenant_id = ? and number = ?`, [tenantId, id]);
    expect((await checkout(1)).json.code).toBe('booking.event-full');

    const answer = await cancelRest(guest, id, {}, statusToken);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ outcome: 'CANCELLED', refund: { tier: { daysBefore: 0, refundPercent: 100 }, paidCents: 2_000, refundCents: 2_000, record: { way: 'CASH', state: 'OPEN' } } });
    expect(answer.json.refund.daysBefore).toBeGreaterThan(0);
    const again = await checkout(1);
    expect(again.status, again.text).toBe(200);
  });
});

describe('who may cancel', () => {
  it('refuses another account, a wrong token, no credentials, another tenant\'s path and staff-only paths, with catalogue codes', async () => {
    const booked = await book(citizen, selfRoomId, 30);
    const other = await book(guest, selfRoomId, 30);

    const byNeighbour = await cancelGql(neighbour, booked.id);
    expect(byNeighbour.errors?.[0].extensions?.code).toBe('BOOKING_NOT_YOURS');
    const byNeighbourRest = await cancelRest(neighbour, booked.id);
    expect([byNeighbourRest.status, byNeighbourRest.json.code]).toEqual([403, 'booking.not-yours']);
    // The owner of the tenant is not the booker either: staff reject through their own path.
    expect((await cancelRest(owner, booked.id)).json.code).toBe('booking.not-yours');

    const wrongToken = await cancelRest(guest, booked.id, {}, other.statusToken);
    expect([wrongToken.status, wrongToken.json.code]).toEqual([403, 'booking.not-yours']);
    const wrongTokenGql = await cancelGql(guest, booked.id, { token: other.statusToken });
    expect(wrongTokenGql.errors?.[0].extensions?.code).toBe('BOOKING_NOT_YOURS');

    const nobody = await cancelRest(guest, booked.id);
    expect(nobody.status).toBe(401);
    expect((await cancelGql(guest, booked.id)).errors?.[0].extensions?.code).toBe('AUTH_UNAUTHENTICATED');

    const elsewhere = await cancelRest(citizen, booked.id, {}, undefined, actors.otherTenant.id);
    expect([elsewhere.status, elsewhere.json.code]).toEqual([404, 'generic.not-found']);
    const elsewhereToken = await cancelRest(guest, other.id, {}, other.statusToken, actors.otherTenant.id);
    expect(elsewhereToken.status).toBe(404);

    // None of these changed anything.
    expect(await stored(booked.id)).toMatchObject({ is_rejected: false });
    expect(await stored(other.id)).toMatchObject({ is_rejected: false });

    // Completing a refund is the staff's: the citizen, another tenant's staff and a member without the update right are refused.
    const cancelled = cancelledOf(await cancelGql(citizen, booked.id));
    const refundId = cancelled.refund.record!.id;
    expect((await citizen.gql(COMPLETE, { t: tenantId, r: refundId })).errors?.[0].extensions?.code).toBe('AUTH_FORBIDDEN');
    expect((await citizen.post(`/api/${tenantId}/refunds/${refundId}/complete`)).status).toBe(403);
    expect((await actors.clients.memberOwnOnly.post(`/api/${tenantId}/refunds/${refundId}/complete`)).status).toBe(403);
    expect((await actors.clients.memberOfOtherTenant.post(`/api/${actors.otherTenant.id}/refunds/${refundId}/complete`)).status).toBe(404);
    expect((await refundsOf(booked.id))[0].state).toBe('OPEN');
  });
});

describe('the staff complete a refund', () => {
  it('GraphQL completes it once (in the history); a second completion is refused', async () => {
    const booked = await book(citizen, selfRoomId, 30);
    const refundId = cancelledOf(await cancelGql(citizen, booked.id)).refund.record!.id;
    const done = await owner.gql<{ completeRefund: { state: string; completedBy: string; completedAt: string } }>(COMPLETE, { t: tenantId, r: refundId });
    expect(done.errors, JSON.stringify(done.errors)).toBeUndefined();
    expect(done.data?.completeRefund).toMatchObject({ state: 'COMPLETED', completedBy: expect.any(String), completedAt: expect.any(String) });
    expect(await historyOf(booked.id)).toContain('refund_completed:user');
    const again = await owner.post(`/api/${tenantId}/refunds/${refundId}/complete`);
    expect([again.status, again.json.code]).toEqual([409, 'refund.already-completed']);
  });

  it('the list finds bookings by the instant their refund was paid back (refundedFrom inclusive, refundedTo exclusive), GraphQL and REST', async () => {
    const booked = await book(citizen, selfRoomId, 30);
    const refundId = cancelledOf(await cancelGql(citizen, booked.id)).refund.record!.id;
    const open = await owner.gql<{ bookings: { items: { id: string }[] } }>(REFUNDED, { t: tenantId, from: '2019-01-01T00:00:00.000Z', to: null });
    expect(open.data?.bookings.items.map((item) => item.id)).not.toContain(booked.id);
    expect((await owner.gql(COMPLETE, { t: tenantId, r: refundId })).errors).toBeUndefined();
    // Paid back on the first of December 2019 (Berlin), years before any run of this suite.
    await sql(`update booking_refunds set completed_at = '2019-11-30T23:00:00.000Z' where id = ?`, [refundId]);
    const december = { t: tenantId, from: '2019-11-30T23:00:00.000Z', to: '2019-12-31T23:00:00.000Z' };
    const found = await owner.gql<{ bookings: { items: { id: string }[] } }>(REFUNDED, december);
    expect(found.errors, JSON.stringify(found.errors)).toBeUndefined();
    expect(found.data?.bookings.items.map((item) => item.id)).toEqual([booked.id]);
    const before = await owner.gql<{ bookings: { items: { id: string }[] } }>(REFUNDED, { ...december, from: '2019-11-01T00:00:00.000Z', to: '2019-11-30T23:00:00.000Z' });
    expect(before.data?.bookings.items).toEqual([]);
    const rest = await owner.get(`/api/${tenantId}/bookings?refundedFrom=${december.from}&refundedTo=${Date.parse(december.to)}`);
    expect(rest.status, rest.text).toBe(200);
    expect((rest.json as { id: string }[]).map((entry) => entry.id)).toEqual([booked.id]);
    const wrong = await owner.get(`/api/${tenantId}/bookings?refundedFrom=Dezember`);
    expect([wrong.status, Object.keys(wrong.json.errors ?? {})]).toEqual([400, ['refundedFrom']]);
    const reversed = await owner.gql(REFUNDED, { ...december, from: december.to, to: december.from });
    expect(reversed.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
  });

  it('REST completes it for a member with the update right', async () => {
    const booked = await book(citizen, selfRoomId, 30);
    const refundId = cancelledOf(await cancelGql(citizen, booked.id)).refund.record!.id;
    const done = await actors.clients.memberAny.post(`/api/${tenantId}/refunds/${refundId}/complete`);
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ id: refundId, state: 'COMPLETED', amountCents: 9_500 });
  });
});

describe('two cancellations at once', () => {
  it('cancel exactly once and record at most one refund', async () => {
    const booked = await book(citizen, selfRoomId, 30);
    const outcomes = await fireAll([
      { via: 'graphql 1', send: () => cancelGql(citizen, booked.id) },
      { via: 'rest 1', send: () => cancelRest(citizen, booked.id) },
      { via: 'graphql 2', send: () => cancelGql(citizen, booked.id) },
      { via: 'rest 2', send: () => cancelRest(citizen, booked.id) },
    ]);
    expect(tally(outcomes)).toEqual({ '200': 1, '409 booking.already-cancelled': 3 });
    expect(await refundsOf(booked.id)).toHaveLength(1);
    expect((await historyOf(booked.id)).filter((entry) => entry === 'cancelled:citizen')).toHaveLength(1);
  });
});

describe('refunds through the test provider', () => {
  it('are executed online by the job queue and recorded COMPLETED', async () => {
    await setTestPayment(true);
    const booked = await book(citizen, selfRoomId, 30, 'testPayment');
    const answer = cancelledOf(await cancelGql(citizen, booked.id));
    expect(answer.refund.record).toMatchObject({ amountCents: 9_500, state: 'OPEN', way: 'testPayment', online: true });
    await waitForSettledQueue(app.orm);
    expect(await refundsOf(booked.id)).toEqual([expect.objectContaining({ state: 'COMPLETED', online: true })]);
    const [row] = await sql<{ completed_by: string }>('select completed_by from booking_refunds where tenant_id = ? and booking_number = ?', [tenantId, booked.id]);
    expect(row.completed_by).toBe('Testzahlung');
    expect(await historyOf(booked.id)).toEqual(expect.arrayContaining(['refund_opened:system', 'refund_completed:payment_provider']));
    // The office is not asked to pay back what went back online.
    expect(app.smtp.find(TENANT_MAIL, `Erstattung offen: Buchung ${booked.id}`)).toEqual([]);
  });

  it('a failing refund is recorded FAILED and retried by the queue until it completes, once', async () => {
    const booked = await book(citizen, selfRoomId, 30, 'testPayment');
    // The tenant switches its test payment off: the provider refuses the refund.
    await setTestPayment(false);
    await cancelGql(citizen, booked.id);
    await waitForSettledQueue(app.orm);
    expect(await refundsOf(booked.id)).toEqual([expect.objectContaining({ state: 'FAILED', failure: expect.stringContaining('nicht eingeschaltet') })]);
    const [failed] = await refundsOf(booked.id);
    const job = (await queuedJobs(app.orm, 'booking-refund')).find((queued) => queued.payload.refundId === failed.id);
    expect(job?.attempts).toBe(1);

    await setTestPayment(true);
    await makeRetriesDue(app.orm);
    // The retry is no first attempt, which waitForSettledQueue waits for: the refund's state says when it ran.
    const deadline = Date.now() + QUEUE_SETTLE_CEILING_MS;
    while ((await refundsOf(booked.id))[0]?.state !== 'COMPLETED') {
      if (Date.now() > deadline) throw new Error('Die Wiederholung der Erstattung lief nicht');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await refundsOf(booked.id)).toEqual([expect.objectContaining({ state: 'COMPLETED', failure: null })]);
    const history = await historyOf(booked.id);
    expect(history.filter((entry) => entry.startsWith('refund_failed'))).toHaveLength(1);
    expect(history.filter((entry) => entry.startsWith('refund_completed'))).toHaveLength(1);
  });
});
