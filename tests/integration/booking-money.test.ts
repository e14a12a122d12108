import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { BookingConditionBuilder } from '../../server/src/bookings/booking-conditions.js';
import { bookableRoom, customer, slot, storedBooking } from './bookings.fixtures.js';

/**
 * What a finance system reads of the bookings (docs/integrators.md, "Money and payment dates"):
 * when a booking was paid and cancelled, set by every path that pays, unpays, rejects or releases
 * it; the list filtered by payment date and by charge; money in exact cents beside the euro floats,
 * with the VAT per rate; over GraphQL and REST, for staff and for a BOOKINGS_READ token alike.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;
let room: { id: string };
let freeRoom: { id: string };
let reducedRoom: { id: string };

const TENANT_FIELDS = { name: 'Finanzamt Musterstadt', contactName: 'Kasse', location: 'Markt 1, 12345 Musterstadt', mail: 'kasse@musterstadt.example', phone: '0123', website: 'https://musterstadt.example' };

const MONEY_FIELDS = `id status isPayed isRejected isFree paidAt cancelledAt priceEur vatIncludedEur priceCents vatIncludedCents netCents
  paymentMethod paymentProvider paymentWay { kind provider method label }
  vatByRate { ratePercent netCents vatCents grossCents }
  items { amount regularPriceEur regularGrossPriceEur userPriceEur userGrossPriceEur regularPriceCents regularGrossPriceCents userPriceCents userGrossPriceCents vatRatePercent chargedQuantity }`;
const GET = `query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { ${MONEY_FIELDS} } }`;
const LIST = `query($t: ID!, $paidFrom: DateTimeISO, $paidTo: DateTimeISO, $charge: BookingChargeFilter, $limit: Int) {
  bookings(tenantId: $t, paidFrom: $paidFrom, paidTo: $paidTo, charge: $charge, limit: $limit) { total items { id paidAt isFree } } }`;
const MARK_PAID = `mutation($t: ID!, $id: ID!, $method: String!) { markBookingPaid(tenantId: $t, id: $id, paymentMethod: $method) { id isPayed paidAt } }`;
const SAVE = `mutation($t: ID!, $input: BookingInput!) { saveBooking(tenantId: $t, input: $input) { id isPayed paidAt isRejected cancelledAt workflowStatus } }`;
const REJECT = `mutation($t: ID!, $id: ID!, $reason: String) { rejectBooking(tenantId: $t, id: $id, reason: $reason) { id isRejected status } }`;
const COMMIT = `mutation($t: ID!, $id: ID!) { commitBooking(tenantId: $t, id: $id) { id isCommitted status } }`;
const CREATE_TOKEN = `mutation($t: ID, $input: ApiTokenInput!) { createApiToken(tenantId: $t, input: $input) { secret } }`;

interface VatRate {
  ratePercent: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}
interface MoneyItem {
  amount: number;
  regularPriceEur: number;
  regularGrossPriceEur: number;
  userPriceEur: number;
  userGrossPriceEur: number;
  regularPriceCents: number;
  regularGrossPriceCents: number;
  userPriceCents: number;
  userGrossPriceCents: number;
  vatRatePercent: number;
  chargedQuantity: number;
}
interface MoneyBooking {
  id: string;
  status: string;
  isPayed: boolean;
  isRejected: boolean;
  isFree: boolean;
  paidAt: string | null;
  cancelledAt: string | null;
  priceEur: number;
  vatIncludedEur: number;
  priceCents: number;
  vatIncludedCents: number;
  netCents: number;
  paymentMethod: string;
  paymentProvider: string | null;
  paymentWay: { kind: string; provider: string | null; method: string | null; label: string };
  vatByRate: VatRate[];
  items: MoneyItem[];
}

let day = 0;
/** A fresh day in March 2027 per booking, so no two bookings of a room collide. */
const nextDay = () => new Date(Date.UTC(2027, 2, 1 + day++)).toISOString().slice(0, 10);
const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });

async function book(bookableId: string, extra: Record<string, unknown> = {}, hours = 2): Promise<string> {
  const response = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, nextDay(), hours), bookableItems: [{ bookableId, amount: 1 }], ...customer, ...extra });
  expect(response.status, response.text).toBe(200);
  return (response.json as { id: string }).id;
}

async function read(id: string, client: HttpClient = owner, options = {}): Promise<MoneyBooking> {
  const result = await client.gql<{ booking: MoneyBooking }>(GET, { t: tenantId, id }, options);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.booking;
}

/** Runs a change and checks the instant it recorded lies within it. */
async function recordedDuring(change: () => Promise<unknown>, instant: () => Promise<string | null>): Promise<string> {
  const before = Date.now();
  await change();
  const after = Date.now();
  const at = await instant();
  expect(at).not.toBeNull();
  expect(Date.parse(at!)).toBeGreaterThanOrEqual(before - 1000);
  expect(Date.parse(at!)).toBeLessThanOrEqual(after + 1000);
  return at!;
}

/** Moves a booking's payment instant to a known one, so the window filters can be checked to the millisecond. */
async function paidOn(id: string, at: string): Promise<void> {
  await app.orm.em.fork().getConnection().execute('update bookings set paid_at = ?::timestamptz where tenant_id = ? and number = ?', [at, tenantId, id]);
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'geld');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
  // The tenant's contact data, so its mails (the cancellation link) go out.
  expect((await owner.put('/api/tenants', { id: tenantId, ...TENANT_FIELDS })).status).toBe(200);
  // 12,50 € net per hour at 19 %; a free room; 10 € net per hour at 7 %.
  room = await bookableRoom(app, tenantId);
  freeRoom = await bookableRoom(app, tenantId, { priceCategories: [] });
  reducedRoom = await bookableRoom(app, tenantId, { priceCategories: [{ priceEur: 10, priceValueAddedTax: 7, interval: { start: null, end: null }, fixedPrice: false }] });
});
afterAll(async () => app?.close());

describe('money in cents', () => {
  it('gives the totals and unit prices exactly as the floats ×100, and the VAT per rate summing to them (GraphQL and REST)', async () => {
    const id = await book(room.id);
    const booking = await read(id);
    // 2 hours × 12,50 € net = 25 € net, 29,75 € gross at 19 %.
    expect(booking).toMatchObject({ priceEur: 29.75, vatIncludedEur: 4.75, priceCents: 2975, vatIncludedCents: 475, netCents: 2500, isFree: false });
    expect(booking.priceCents).toBe(Math.round(booking.priceEur * 100));
    expect(booking.vatIncludedCents).toBe(Math.round(booking.vatIncludedEur * 100));
    expect(booking.vatByRate).toEqual([{ ratePercent: 19, netCents: 2500, vatCents: 475, grossCents: 2975 }]);
    expect(booking.items).toEqual([
      {
        amount: 1,
        regularPriceEur: 25,
        regularGrossPriceEur: 29.75,
        userPriceEur: 25,
        userGrossPriceEur: 29.75,
        regularPriceCents: 2500,
        regularGrossPriceCents: 2975,
        userPriceCents: 2500,
        userGrossPriceCents: 2975,
        vatRatePercent: 19,
        chargedQuantity: 1,
      },
    ]);

    const rest = await owner.get(`/api/${tenantId}/bookings/${id}`);
    expect(rest.status, rest.text).toBe(200);
    // Additive: the euro fields stay as they were.
    expect(rest.json).toMatchObject({ id, priceEur: 29.75, vatIncludedEur: 4.75, priceCents: 2975, vatIncludedCents: 475, netCents: 2500, isFree: false, paidAt: null, cancelledAt: null });
    expect(rest.json.vatByRate).toEqual(booking.vatByRate);
    expect(rest.json.bookableItems[0]).toMatchObject({ userGrossPriceEur: 29.75, userGrossPriceCents: 2975, regularPriceCents: 2500, vatRatePercent: 19, chargedQuantity: 1 });
  });

  it('splits a booking of objects with different rates into one line per rate', async () => {
    const response = await guest.post(`/api/${tenantId}/checkout`, {
      ...slot(10, nextDay(), 3),
      bookableItems: [
        { bookableId: room.id, amount: 1 },
        { bookableId: reducedRoom.id, amount: 1 },
      ],
      ...customer,
    });
    expect(response.status, response.text).toBe(200);
    const booking = await read(response.json.id);
    // 3 h × 12,50 € = 37,50 € net, 44,63 € gross at 19 %; 3 h × 10 € = 30 € net, 32,10 € gross at 7 %.
    expect(booking.vatByRate).toEqual([
      { ratePercent: 7, netCents: 3000, vatCents: 210, grossCents: 3210 },
      { ratePercent: 19, netCents: 3750, vatCents: 713, grossCents: 4463 },
    ]);
    expect(booking.vatByRate.reduce((sum, rate) => sum + rate.grossCents, 0)).toBe(booking.priceCents);
    expect(booking.vatByRate.reduce((sum, rate) => sum + rate.vatCents, 0)).toBe(booking.vatIncludedCents);
    expect(booking.priceCents).toBe(Math.round(booking.priceEur * 100));

    // The REST list answers the same fields for every booking.
    const list = await owner.get(`/api/${tenantId}/bookings?limit=500`);
    const listed = (list.json as (MoneyBooking & { bookableItems: MoneyItem[] })[]).find((entry) => entry.id === booking.id)!;
    expect(listed.vatByRate).toEqual(booking.vatByRate);
    expect(listed.bookableItems.map((item) => item.vatRatePercent)).toEqual([19, 7]);
  });
});

describe('paidAt', () => {
  it('a free booking is free, paid at its creation, and its way says FREE', async () => {
    const id = await book(freeRoom.id);
    const booking = await read(id);
    const created = (await owner.get(`/api/${tenantId}/bookings/${id}`)).json as { timeCreated: number };
    expect(booking).toMatchObject({ isFree: true, isPayed: true, priceCents: 0, vatByRate: [], paymentWay: { kind: 'FREE' } });
    expect(Date.parse(booking.paidAt!)).toBe(created.timeCreated);
  });

  it('staff marking it paid (markBookingPaid) records the instant; the way is the method staff recorded', async () => {
    const id = await book(room.id);
    expect((await read(id)).paidAt).toBeNull();
    expect((await read(id)).paymentWay).toEqual({ kind: 'UNKNOWN', provider: null, method: null, label: 'Unbekannt' });
    const paidAt = await recordedDuring(
      () => owner.gql(MARK_PAID, { t: tenantId, id, method: 'CASH' }),
      async () => (await read(id)).paidAt,
    );
    expect(await read(id)).toMatchObject({ isPayed: true, paymentWay: { kind: 'MANUAL', provider: null, method: 'CASH', label: 'Bar' } });
    // REST says the same instant, as ISO text in UTC.
    expect((await owner.get(`/api/${tenantId}/bookings/${id}`)).json).toMatchObject({ paidAt, paymentWay: { kind: 'MANUAL', provider: null, method: 'CASH', label: 'Bar' } });
    expect(paidAt).toMatch(/Z$/);
    // Marking it paid again keeps the first instant.
    await owner.gql(MARK_PAID, { t: tenantId, id, method: 'TRANSFER' });
    expect((await read(id)).paidAt).toBe(paidAt);
  });

  it('the staff editor sets it when it marks the booking paid and clears it when it unmarks it (GraphQL and REST)', async () => {
    const id = await book(room.id);
    const paidAt = await recordedDuring(
      () => owner.gql(SAVE, { t: tenantId, input: { id, bookableItems: [{ bookableId: room.id, amount: 1 }], isPayed: true, paymentMethod: 'TRANSFER' } }),
      async () => (await read(id)).paidAt,
    );
    // A save that leaves it paid keeps the instant.
    const unchanged = await owner.gql<{ saveBooking: { paidAt: string } }>(SAVE, { t: tenantId, input: { id, bookableItems: [{ bookableId: room.id, amount: 1 }], comment: 'Nachtrag' } });
    expect(unchanged.data?.saveBooking.paidAt).toBe(paidAt);

    const unpaid = await owner.gql<{ saveBooking: { isPayed: boolean; paidAt: string | null } }>(SAVE, { t: tenantId, input: { id, bookableItems: [{ bookableId: room.id, amount: 1 }], isPayed: false } });
    expect(unpaid.errors).toBeUndefined();
    expect(unpaid.data?.saveBooking).toMatchObject({ isPayed: false, paidAt: null });

    await recordedDuring(
      async () => {
        const saved = await owner.put(`/api/${tenantId}/bookings`, { id, bookableItems: [{ bookableId: room.id, amount: 1 }], isPayed: true });
        expect(saved.status, saved.text).toBe(201);
        expect(saved.json.paidAt).toBeTruthy();
      },
      async () => (await storedBooking(app, tenantId, id))!.paidAt!.toISOString(),
    );
    const unpaidRest = await owner.put(`/api/${tenantId}/bookings`, { id, bookableItems: [{ bookableId: room.id, amount: 1 }], isPayed: false });
    expect(unpaidRest.json).toMatchObject({ isPayed: false, paidAt: null });
    expect((await storedBooking(app, tenantId, id))!.paidAt).toBeNull();
  });

  it('a booking staff create paid is paid from its creation', async () => {
    const window = slot(10, nextDay());
    const saved = await owner.gql<{ saveBooking: { id: string; isPayed: boolean; paidAt: string | null } }>(SAVE, {
      t: tenantId,
      input: { bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, timeBegin: new Date(window.timeBegin), timeEnd: new Date(window.timeEnd), isPayed: true, paymentMethod: 'CASH' },
    });
    expect(saved.errors, JSON.stringify(saved.errors)).toBeUndefined();
    expect(saved.data?.saveBooking.isPayed).toBe(true);
    expect(saved.data?.saveBooking.paidAt).toBeTruthy();
  });

  it("a workflow state's \"paid\" action sets it when the booking enters the state", async () => {
    const workflow = await owner.gql('mutation($id: ID!, $input: WorkflowInput!) { saveWorkflow(tenantId: $id, input: $input) { id } }', {
      id: tenantId,
      input: { active: true, defaultState: 'eingang', states: [{ id: 'eingang', name: 'Eingang', actions: [] }, { id: 'kasse', name: 'Kasse', actions: [{ type: 'bookingStatus', bookingStatus: ['commit', 'paid'] }] }] },
    });
    expect(workflow.errors, JSON.stringify(workflow.errors)).toBeUndefined();
    const id = await book(room.id);
    expect((await read(id)).paidAt).toBeNull();
    await recordedDuring(
      async () => {
        const moved = await owner.gql<{ saveBooking: { workflowStatus: string } }>(SAVE, { t: tenantId, input: { id, bookableItems: [{ bookableId: room.id, amount: 1 }], workflowStatus: 'kasse' } });
        expect(moved.errors, JSON.stringify(moved.errors)).toBeUndefined();
      },
      async () => (await read(id)).paidAt,
    );
    expect(await read(id)).toMatchObject({ isPayed: true, status: 'freigegeben' });
  });

  it('an online payment (the test provider\'s signed notification) sets it; the way names the provider and the method it reported', async () => {
    const saved = await owner.put('/api/tenants', { id: tenantId, ...TENANT_FIELDS, applications: [{ id: 'testPayment', active: true }] });
    expect(saved.status, saved.text).toBe(200);
    const id = await book(room.id, { paymentProvider: 'testPayment' });
    expect((await owner.post(`/api/${tenantId}/bookings/${id}/commit`)).status).toBe(200);
    const started = await guest.gql<{ startPayment: { redirectUrl: string } }>('mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { redirectUrl } }', { t: tenantId, b: id });
    expect(started.errors, JSON.stringify(started.errors)).toBeUndefined();
    const pagePath = new URL(started.data!.startPayment.redirectUrl).pathname;
    await recordedDuring(
      async () => {
        const paid = await guest.request('POST', pagePath, { body: new URLSearchParams({ action: 'pay' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url } });
        expect(paid.status, paid.text).toBe(303);
      },
      async () => (await read(id)).paidAt,
    );
    expect((await read(id)).paymentWay).toMatchObject({ kind: 'ONLINE', provider: 'testPayment', method: 'OTHER' });
    await owner.put('/api/tenants', { id: tenantId, ...TENANT_FIELDS, applications: [{ id: 'testPayment', active: false }] });
  });
});

describe('cancelledAt', () => {
  it('a rejection (REST) records it, a release that takes it back clears it, a cancellation after the release (GraphQL) records it anew', async () => {
    const id = await book(room.id);
    await recordedDuring(
      async () => expect((await owner.post(`/api/${tenantId}/bookings/${id}/reject`, { reason: 'Belegt' })).status).toBe(200),
      async () => (await read(id)).cancelledAt,
    );
    expect((await read(id)).status).toBe('abgelehnt');
    expect((await owner.get(`/api/${tenantId}/bookings/${id}`)).json.cancelledAt).toBe((await read(id)).cancelledAt);

    expect((await owner.gql(COMMIT, { t: tenantId, id })).errors).toBeUndefined();
    expect(await read(id)).toMatchObject({ isRejected: false, cancelledAt: null, status: 'freigegeben' });

    await recordedDuring(
      async () => expect((await owner.gql(REJECT, { t: tenantId, id, reason: 'Storniert' })).errors).toBeUndefined(),
      async () => (await read(id)).cancelledAt,
    );
    expect((await read(id)).status).toBe('storniert');
  });

  it("a cancellation request changes nothing; the customer's confirmed link records it (GraphQL)", async () => {
    const id = await book(room.id, { mail: 'storno-geld@kunden.example' });
    const stranger = app.client();
    const requested = await stranger.gql(`mutation($t: ID!, $id: ID!, $reason: String) { requestBookingCancellation(tenantId: $t, id: $id, reason: $reason) }`, { t: tenantId, id, reason: 'Verschoben' });
    expect(requested.errors, JSON.stringify(requested.errors)).toBeUndefined();
    expect((await read(id)).cancelledAt).toBeNull();
    const mail = await app.smtp.waitForMail('storno-geld@kunden.example', 'Stornierungsanfrage');
    const hookId = new URL(mail.links.find((candidate) => candidate.includes('/booking/verify-reject/')) as string).searchParams.get('hookId');
    await recordedDuring(
      async () => {
        const confirmed = await stranger.gql(`mutation($t: ID!, $id: ID!, $hook: ID!) { confirmBookingCancellation(tenantId: $t, id: $id, hookId: $hook) }`, { t: tenantId, id, hook: hookId });
        expect(confirmed.errors, JSON.stringify(confirmed.errors)).toBeUndefined();
      },
      async () => (await read(id)).cancelledAt,
    );
    expect(await read(id)).toMatchObject({ isRejected: true, status: 'abgelehnt' });
  });

  it('the staff editor records it when it rejects and clears it when it takes the rejection back', async () => {
    const id = await book(room.id);
    const rejected = await owner.gql<{ saveBooking: { isRejected: boolean; cancelledAt: string | null } }>(SAVE, { t: tenantId, input: { id, bookableItems: [{ bookableId: room.id, amount: 1 }], isRejected: true } });
    expect(rejected.data?.saveBooking.cancelledAt).toBeTruthy();
    const back = await owner.gql<{ saveBooking: { isRejected: boolean; cancelledAt: string | null } }>(SAVE, { t: tenantId, input: { id, bookableItems: [{ bookableId: room.id, amount: 1 }], isRejected: false } });
    expect(back.data?.saveBooking).toMatchObject({ isRejected: false, cancelledAt: null });
  });
});

describe('the list by payment date and charge', () => {
  it('paidFrom is inclusive, paidTo exclusive; unpaid bookings never match; the same over GraphQL and REST', async () => {
    const december = await book(room.id);
    const newYear = await book(room.id);
    const november = await book(room.id);
    const unpaid = await book(room.id);
    for (const id of [december, newYear, november]) await owner.gql(MARK_PAID, { t: tenantId, id, method: 'TRANSFER' });
    // December 2019 in Berlin: [2019-11-30T23:00Z, 2019-12-31T23:00Z). Years before any run of this
    // suite, so the bookings other tests of this file mark paid now never fall into the window.
    await paidOn(december, '2019-11-30T23:00:00.000Z');
    await paidOn(newYear, '2019-12-31T23:00:00.000Z');
    await paidOn(november, '2019-11-30T22:59:59.999Z');

    const month = { t: tenantId, paidFrom: '2019-11-30T23:00:00.000Z', paidTo: '2019-12-31T23:00:00.000Z', limit: 500 };
    const graphql = await owner.gql<{ bookings: { total: number; items: { id: string; paidAt: string }[] } }>(LIST, month);
    expect(graphql.errors, JSON.stringify(graphql.errors)).toBeUndefined();
    expect(graphql.data?.bookings.items.map((item) => item.id)).toEqual([december]);
    expect(graphql.data?.bookings).toMatchObject({ total: 1, items: [{ id: december, paidAt: '2019-11-30T23:00:00.000Z' }] });

    const rest = await owner.get(`/api/${tenantId}/bookings?paidFrom=${month.paidFrom}&paidTo=${month.paidTo}`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.headers.get('x-total-count')).toBe('1');
    expect((rest.json as { id: string }[]).map((entry) => entry.id)).toEqual([december]);

    // One bound only: everything paid from (or before) the instant; from December 2019 on, that also
    // holds what other tests marked paid now, so the test names what must and must not be there.
    const fromOnly = await owner.gql<{ bookings: { items: { id: string }[] } }>(LIST, { t: tenantId, paidFrom: '2019-11-30T23:00:00.000Z', limit: 500 });
    const fromOnlyIds = fromOnly.data?.bookings.items.map((item) => item.id) ?? [];
    expect(fromOnlyIds).toEqual(expect.arrayContaining([december, newYear]));
    expect(fromOnlyIds).not.toContain(november);
    expect(fromOnlyIds).not.toContain(unpaid);
    const toOnly = await owner.get(`/api/${tenantId}/bookings?paidTo=${Date.parse('2019-11-30T23:00:00.000Z')}&limit=500`);
    expect((toOnly.json as { id: string }[]).map((entry) => entry.id)).toContain(november);
    expect((toOnly.json as { id: string }[]).map((entry) => entry.id)).not.toContain(december);
    expect((toOnly.json as { id: string }[]).map((entry) => entry.id)).not.toContain(unpaid);
  });

  it('refuses a reversed or malformed payment window (400 problem+json, GENERIC_VALIDATION)', async () => {
    const reversed = await owner.get(`/api/${tenantId}/bookings?paidFrom=2019-12-31T23:00:00Z&paidTo=2019-11-30T23:00:00Z`);
    expect(reversed.status).toBe(400);
    expect(reversed.contentType).toMatch(/application\/problem\+json/);
    const malformed = await owner.get(`/api/${tenantId}/bookings?paidFrom=Dezember`);
    expect(malformed.status).toBe(400);
    expect(malformed.json.errors).toMatchObject({ paidFrom: 'Ungültiger Zeitpunkt' });
    const graphql = await owner.gql(LIST, { t: tenantId, paidFrom: '2019-12-31T23:00:00.000Z', paidTo: '2019-11-30T23:00:00.000Z' });
    expect(graphql.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
  });

  it('charge FREE lists the free bookings, CHARGEABLE those with something to pay (GraphQL and REST)', async () => {
    const free = await book(freeRoom.id);
    const charged = await book(room.id);
    const freeList = await owner.gql<{ bookings: { items: { id: string; isFree: boolean }[] } }>(LIST, { t: tenantId, charge: 'FREE', limit: 500 });
    expect(freeList.errors).toBeUndefined();
    const freeIds = freeList.data!.bookings.items.map((item) => item.id);
    expect(freeIds).toContain(free);
    expect(freeIds).not.toContain(charged);
    expect(freeList.data!.bookings.items.every((item) => item.isFree)).toBe(true);

    const chargeable = await owner.get(`/api/${tenantId}/bookings?charge=CHARGEABLE&limit=500`);
    const chargeableIds = (chargeable.json as { id: string; isFree: boolean }[]).map((entry) => entry.id);
    expect(chargeableIds).toContain(charged);
    expect(chargeableIds).not.toContain(free);
    expect((chargeable.json as { isFree: boolean }[]).every((entry) => !entry.isFree)).toBe(true);
  });

  it("reads a month's payments through the partial index on (tenant, paid_at), however many unpaid bookings the tenant has", async () => {
    const connection = app.orm.em.fork().getConnection();
    const other = actors.otherTenant.id;
    await connection.execute(
      `insert into bookings (key, tenant_id, number, is_committed, is_payed, paid_at, created_at)
         select gen_random_uuid(), ?, 'IDX-' || n, true, n <= 12, case when n <= 12 then timestamptz '2019-12-01T09:00:00Z' + n * interval '1 day' end, now() - n * interval '1 minute'
           from generate_series(1, 20000) n`,
      [other],
    );
    await connection.execute('analyze bookings');
    const where = new BookingConditionBuilder().add('b.tenant_id = ?', other).paidBetween(new Date('2019-11-30T23:00:00Z'), new Date('2019-12-31T23:00:00Z'));
    const plan = await connection.execute<{ 'QUERY PLAN': string }[]>(`explain select b.number from bookings b where ${where.sql.join(' and ')} order by b.created_at desc, b.key desc limit 50`, where.params);
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('bookings_tenant_paid_at_index');
  });
});

describe('rights', () => {
  it('a BOOKINGS_READ token reads the dates, cents and VAT lines and filters by payment date; an OCCUPANCY_READ token still gets 403', async () => {
    const id = await book(room.id);
    await owner.gql(MARK_PAID, { t: tenantId, id, method: 'CASH' });
    await paidOn(id, '2020-02-15T09:30:00.000Z');
    const token = await owner.gql<{ createApiToken: { secret: string } }>(CREATE_TOKEN, { t: tenantId, input: { name: 'Finanzsystem', preset: 'BOOKINGS_READ' } });
    expect(token.errors, JSON.stringify(token.errors)).toBeUndefined();
    const secret = token.data!.createApiToken.secret;
    const script = app.client({ ip: '10.98.0.7' });

    expect(await read(id, script, bearer(secret))).toMatchObject({ paidAt: '2020-02-15T09:30:00.000Z', priceCents: 2975, vatByRate: [{ ratePercent: 19, grossCents: 2975 }] });
    const rest = await script.get(`/api/${tenantId}/bookings?paidFrom=2020-02-01T00:00:00Z&paidTo=2020-03-01T00:00:00Z`, bearer(secret));
    expect(rest.status, rest.text).toBe(200);
    expect(rest.json).toEqual([expect.objectContaining({ id, paidAt: '2020-02-15T09:30:00.000Z', priceCents: 2975, paymentWay: { kind: 'MANUAL', provider: null, method: 'CASH', label: 'Bar' } })]);

    const occupancy = await owner.gql<{ createApiToken: { secret: string } }>(CREATE_TOKEN, { t: tenantId, input: { name: 'Anzeige', preset: 'OCCUPANCY_READ' } });
    const display = occupancy.data!.createApiToken.secret;
    expect((await script.get(`/api/${tenantId}/bookings?paidFrom=2020-02-01T00:00:00Z`, bearer(display))).status).toBe(403);
    expect((await script.gql(LIST, { t: tenantId, paidFrom: '2020-02-01T00:00:00.000Z' }, bearer(display))).errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
  });
});
