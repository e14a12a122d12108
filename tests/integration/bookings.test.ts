import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, BookingItem } from '../../server/src/bookings/booking.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { storedBoard, type StoredBoard } from '../support/workflow-board.js';
import { startInProcessApp, type InProcessApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { allowed, expectGraphql } from '../support/matrix.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';
import { storeBookable } from './bookables.fixtures.js';
import { bookableRoom, bookingCount, customer, gql, slot, storedBooking } from './bookings.fixtures.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { EVENT_WAIT_CEILING_MS } from '../support/waits.js';
import { testDay, testDayAhead } from '../support/test-calendar.js';

/**
 * The bookings domain through REST and GraphQL against PostgreSQL and a real SMTP capture: the
 * staff's list and item, the status flows with their mails, delete, the public status, the staff
 * editor with its "Zeitkonflikt", occupancy and the public booking times, the workflow's booking
 * status actions, the bookingChanged subscription (also across two replicas) and the durable mail
 * queue when the SMTP server is down.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let otherTenantId: string;
let owner: HttpClient;
let guest: HttpClient;

const TENANT_NAME = 'Rathaus Musterstadt';
const TENANT_MAIL = 'buchungen@rathaus.example';
const RELEASED = `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`;
const REJECTED = `Stornierung: Ihre Buchung im ${TENANT_NAME} wurde storniert`;
const DECLINED = `Absage: Ihre Buchungsanfrage im ${TENANT_NAME} wurde abgelehnt`;
const CANCEL_REQUEST = `Stornierungsanfrage für Ihre Buchung im ${TENANT_NAME}`;
const REQUEST_RECEIVED = `Vielen Dank für Ihre Buchungsanfrage im ${TENANT_NAME}`;
const NUMBER = /^[ABCDEFGHJKMNPQRSTUXY]{4}-[ABCDEFGHJKMNPQRSTUXY]{4}$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST answers are read as plain JSON
type Json = any;

interface GqlBooking {
  id: string;
  status: string;
  workflowStatus: string | null;
  name: string;
  mail: string;
  isCommitted: boolean;
  isPayed: boolean;
  isRejected: boolean;
  timeBegin: string | null;
  timeEnd: string | null;
  priceEur: number;
  assignedUserId: string | null;
  items: { bookableId: string; amount: number; userGrossPriceEur: number; bookable: { id: string; title: string } }[];
}
interface GqlPage {
  bookings: { total: number; limit: number; offset: number; items: GqlBooking[] };
}

/** A fresh Monday-to-Sunday day in January to March 2027 (Berlin winter time) per call, so tests never collide. */
let dayCounter = 0;
const nextDay = () => new Date(Date.UTC(2027, 0, 4 + dayCounter++)).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();
const ids = (list: { id: string }[]) => list.map((booking) => booking.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bookingsUrl = (path = '') => `/api/${tenantId}/bookings${path}`;

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = EVENT_WAIT_CEILING_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${what}`);
    await sleep(50);
  }
}

/** A stored checkout (200) of the body; as a guest unless another client is given. */
async function checkout(body: Record<string, unknown>, client: HttpClient = guest, tenant = tenantId): Promise<Json> {
  const response = await client.post(`/api/${tenant}/checkout`, body);
  expect(response.status, response.text).toBe(200);
  return response.json;
}

/** Books one hour of the room at the hour of the day for the customer (fields overridable). */
const bookRoom = (room: { id: string }, hour: number, day: string, extra: Record<string, unknown> = {}, client: HttpClient = guest) =>
  checkout({ ...slot(hour, day), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, ...extra }, client);

/** An object without price and times: a booking of it costs nothing (paid at once) but waits for release. */
const freeThing = (data: Parameters<typeof storeBookable>[2] = {}) => storeBookable(app, tenantId, { isBookable: true, isPublic: true, amount: null, ...data });

/** A staff booking body (PUT bookings / saveBooking) for one object and window. */
const editBody = (bookableId: string, window: { timeBegin: number; timeEnd: number } | Record<string, never>, extra: Record<string, unknown> = {}) => ({
  ...window,
  bookableItems: [{ bookableId, amount: 1 }],
  ...customer,
  ...extra,
});
const staffPut = (body: Record<string, unknown>, client: HttpClient = owner) => client.put(bookingsUrl(), body);

async function setTenant(changes: Partial<Pick<Tenant, 'enablePublicStatusView' | 'mail' | 'name'>>): Promise<void> {
  const em = app.orm.em.fork();
  Object.assign(await em.findOneOrFail(Tenant, { id: tenantId }), changes);
  await em.flush();
}

const board = () => storedBoard(app, tenantId);
const onStates = (workflow: StoredBoard) => workflow.states.flatMap((state) => state.tasks.map((task) => task.id));

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings');
  tenantId = actors.tenant.id;
  otherTenantId = actors.otherTenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
  await setTenant({ name: TENANT_NAME, mail: TENANT_MAIL, enablePublicStatusView: true });
});
afterAll(async () => app?.close());

describe('staff list: GET api/{t}/bookings and the bookings query', () => {
  it('pages newest first with X-Total-Count, limit and offset; the unfiltered total counts every booking of the tenant', async () => {
    const room = await bookableRoom(app, tenantId, { amount: null });
    const day = nextDay();
    const first = await bookRoom(room, 9, day);
    const second = await bookRoom(room, 10, day);
    const third = await bookRoom(room, 11, day);

    const page1 = await owner.get(bookingsUrl(`?bookableId=${room.id}&limit=2`));
    expect(page1.status, page1.text).toBe(200);
    expect(page1.headers.get('x-total-count')).toBe('3');
    expect(ids(page1.json)).toEqual([third.id, second.id]);
    const page2 = await owner.get(bookingsUrl(`?bookableId=${room.id}&limit=2&offset=2`));
    expect(page2.headers.get('x-total-count')).toBe('3');
    expect(ids(page2.json)).toEqual([first.id]);
    expect(page2.json[0]).toMatchObject({ id: first.id, tenantId, name: customer.name, mail: customer.mail, isCommitted: false, isRejected: false });
    expect(page2.json[0]).not.toHaveProperty('_populated');

    const all = await owner.get(bookingsUrl('?limit=500'));
    expect(all.headers.get('x-total-count')).toBe(String(await bookingCount(app, tenantId)));
    const created = (all.json as { timeCreated: number }[]).map((booking) => booking.timeCreated);
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const graphql = await owner.gql<GqlPage>(gql.list, { t: tenantId, bookableId: room.id, limit: 2, offset: 1 });
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data?.bookings).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(ids(graphql.data?.bookings.items ?? [])).toEqual([second.id, first.id]);
    expect(graphql.data?.bookings.items[0]).toMatchObject({ name: customer.name, status: 'ausstehend', items: [{ bookableId: room.id, amount: 1, bookable: { id: room.id, title: room.title } }] });
  });

  it('search needs every word (number, name, mail, booked title), ignores case, and treats % and _ literally', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Kammermusiksaal Nordflügel', amount: null });
    const day = nextDay();
    const hilde = await bookRoom(room, 9, day, { name: 'Hildegard Knef', mail: 'hilde@suchprobe.example' });
    const otto = await bookRoom(room, 10, day, { name: 'Otto Normal', mail: 'otto@suchprobe.example' });
    const search = async (words: string) => {
      const response = await owner.get(bookingsUrl(`?search=${encodeURIComponent(words)}`));
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get('x-total-count')).toBe(String(response.json.length));
      return ids(response.json);
    };
    expect(await search('hildegard KAMMERMUSIK')).toEqual([hilde.id]);
    expect(await search('suchprobe.example nordflügel')).toEqual([otto.id, hilde.id]);
    expect(await search('  otto   NORMAL ')).toEqual([otto.id]);
    expect(await search(hilde.id)).toEqual([hilde.id]);
    expect(await search(hilde.id.toLowerCase())).toEqual([hilde.id]);
    expect(await search('knef otto')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);

    const graphql = await owner.gql<GqlPage>(gql.list, { t: tenantId, search: 'NORDFLÜGEL knef' });
    expect(graphql.errors).toBeUndefined();
    expect(ids(graphql.data?.bookings.items ?? [])).toEqual([hilde.id]);
    expect(graphql.data?.bookings.total).toBe(1);
  });

  it('status PENDING, RELEASED, REJECTED, PAID and UNPAID select by the flags (REST and GraphQL)', async () => {
    const room = await bookableRoom(app, tenantId, { amount: null });
    const day = nextDay();
    const pending = await bookRoom(room, 9, day);
    const released = await bookRoom(room, 10, day);
    expect((await owner.post(bookingsUrl(`/${released.id}/commit`))).status).toBe(200);
    const rejected = await bookRoom(room, 11, day);
    expect((await owner.post(bookingsUrl(`/${rejected.id}/reject`), { reason: 'Test' })).status).toBe(200);
    const paid = (await staffPut(editBody(room.id, slot(12, day), { isPayed: true }))).json;
    expect(paid).toMatchObject({ isPayed: true, isCommitted: false });

    const expected = {
      PENDING: [paid.id, pending.id],
      RELEASED: [released.id],
      REJECTED: [rejected.id],
      PAID: [paid.id],
      UNPAID: [rejected.id, released.id, pending.id],
    };
    for (const [status, want] of Object.entries(expected)) {
      const rest = await owner.get(bookingsUrl(`?bookableId=${room.id}&status=${status.toLowerCase()}`));
      expect(ids(rest.json), status).toEqual(want);
      const graphql = await owner.gql<GqlPage>(gql.list, { t: tenantId, bookableId: room.id, status });
      expect(graphql.errors, status).toBeUndefined();
      expect(ids(graphql.data?.bookings.items ?? []), status).toEqual(want);
    }
    const released2 = await owner.gql<GqlPage>(gql.list, { t: tenantId, bookableId: room.id, status: 'RELEASED' });
    expect(released2.data?.bookings.items[0]).toMatchObject({ status: 'freigegeben', isCommitted: true });
  });

  it('from and to select the bookings overlapping the window (touching ends do not), as epoch ms or ISO; bookableId narrows to one object', async () => {
    const room = await bookableRoom(app, tenantId, { amount: null });
    const [day1, day2, day3] = [nextDay(), nextDay(), nextDay()];
    const a = await bookRoom(room, 9, day1);
    const b = await bookRoom(room, 9, day2);
    const c = await bookRoom(room, 9, day3);
    const list = async (query: string) => ids((await owner.get(bookingsUrl(`?bookableId=${room.id}&${query}`))).json);
    expect(await list(`from=${a.timeEnd}&to=${c.timeBegin}`)).toEqual([b.id]);
    expect(await list(`from=${a.timeEnd - 1}&to=${c.timeBegin + 1}`)).toEqual([c.id, b.id, a.id]);
    expect(await list(`from=${encodeURIComponent(iso(b.timeBegin))}`)).toEqual([c.id, b.id]);
    expect(await list(`to=${encodeURIComponent(iso(b.timeBegin))}`)).toEqual([a.id]);

    const graphql = await owner.gql<GqlPage>(gql.list, { t: tenantId, bookableId: room.id, from: iso(a.timeEnd), to: iso(c.timeBegin) });
    expect(ids(graphql.data?.bookings.items ?? [])).toEqual([b.id]);

    // Another object's bookings stay out; unknown and malformed ids find nothing.
    const other = await bookableRoom(app, tenantId, { amount: null });
    const elsewhere = await bookRoom(other, 9, day2);
    expect(ids((await owner.get(bookingsUrl(`?bookableId=${other.id}`))).json)).toEqual([elsewhere.id]);
    const unknown = await owner.get(bookingsUrl('?bookableId=00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('x-total-count')).toBe('0');
    expect(unknown.json).toEqual([]);
    expect((await owner.get(bookingsUrl('?bookableId=kein-objekt'))).json).toEqual([]);
  });

  it('a malformed from or to is a 400 instead of being ignored', async () => {
    const bad = await owner.get(bookingsUrl('?from=gestern'));
    expect(bad.status, bad.text).toBe(400);
    expect(bad.contentType).toContain('application/problem+json');
    expect((await owner.get(bookingsUrl('?to=2027-13-45T99:00'))).status).toBe(400);
    expect((await guest.get(`/api/${tenantId}/calendar/occupancy?from=morgen`)).status).toBe(400);
    expect((await guest.get(bookingsUrl('?public=true&to=übermorgen'))).status).toBe(400);
  });

  it('populate=true adds _populated with the first object and the workflow status (none without a workflow)', async () => {
    const room = await bookableRoom(app, tenantId, { amount: null, tags: ['Musik'], bookingNotes: '<p>Schlüssel beim Hausmeister</p>', priceValueAddedTax: 19 });
    const booking = await bookRoom(room, 9, nextDay());
    const response = await owner.get(bookingsUrl(`?bookableId=${room.id}&populate=true`));
    expect(response.json).toHaveLength(1);
    expect(response.json[0]._populated).toEqual({
      bookable: { flags: expect.any(Array), tags: ['Musik'], bookingNotes: '<p>Schlüssel beim Hausmeister</p>', priceEur: 12.5, priceCategory: 'per-hour', priceCategories: expect.any(Array) },
      workflowStatus: null,
      // No tickets, no events.
      events: [],
    });
    expect(response.json[0].id).toBe(booking.id);
  });

  it('GET mybookings lists only the bookings assigned to the signed-in user; anonymous 401', async () => {
    const member = actors.clients.memberOwnOnly;
    const thing = await freeThing();
    const mine = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer }, member);
    expect(mine.assignedUserId).toBe(actors.userIds.memberOwnOnly);
    const theirs = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer });
    const response = await member.get(`/api/${tenantId}/mybookings`);
    expect(response.status).toBe(200);
    expect(ids(response.json)).toContain(mine.id);
    expect(ids(response.json)).not.toContain(theirs.id);
    expect(response.json.every((booking: { assignedUserId: string }) => booking.assignedUserId === actors.userIds.memberOwnOnly)).toBe(true);
    expect(response.headers.get('x-total-count')).toBe(String(await app.orm.em.fork().count(Booking, { tenant: tenantId, assignedUserId: actors.userIds.memberOwnOnly })));
    expect((await actors.clients.memberAny.get(`/api/${tenantId}/mybookings`)).json).toEqual([]);
    expect((await guest.get(`/api/${tenantId}/mybookings`)).status).toBe(401);
  });
});

describe('one booking: GET bookings/:id and the booking query', () => {
  it('answers the booking with _populated; 404 for unknown and malformed numbers and for another tenant’s booking', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Trauzimmer' });
    const booking = await bookRoom(room, 10, nextDay(), { comment: 'Mit Sektempfang' });
    const response = await owner.get(bookingsUrl(`/${booking.id}`));
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({
      id: booking.id,
      tenantId,
      name: customer.name,
      mail: customer.mail,
      comment: 'Mit Sektempfang',
      priceEur: 14.88,
      timeBegin: booking.timeBegin,
      _populated: { workflowStatus: null },
    });
    expect(response.json.bookableItems[0]._bookableUsed.title).toBe('Trauzimmer');
    const graphql = await owner.gql<{ booking: GqlBooking }>(gql.get, { t: tenantId, id: booking.id });
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data?.booking).toMatchObject({ id: booking.id, status: 'ausstehend', name: customer.name, comment: 'Mit Sektempfang', timeBegin: iso(booking.timeBegin), items: [{ bookable: { title: 'Trauzimmer' } }] });

    const elsewhere = await storeBookable(app, otherTenantId, { isBookable: true, isPublic: true, amount: null });
    const foreign = await checkout({ bookableItems: [{ bookableId: elsewhere.id }], ...customer }, guest, otherTenantId);
    for (const id of ['ABCD-EFGH', 'kaputt', encodeURIComponent("' or 1=1 --"), booking.id.toLowerCase(), foreign.id]) {
      const missing = await owner.get(bookingsUrl(`/${id}`));
      expect(missing.status, id).toBe(404);
      expect(missing.json.code).toBe('generic.not-found');
      const viaGraphql = await owner.gql(gql.get, { t: tenantId, id: decodeURIComponent(id) });
      expect(viaGraphql.errors?.[0].extensions?.code, id).toBe('GENERIC_NOT_FOUND');
    }
    // The instance owner sees the foreign booking under its own tenant only.
    expect((await actors.clients.instanceOwner.get(`/api/${otherTenantId}/bookings/${foreign.id}`)).status).toBe(200);
    expect((await actors.clients.instanceOwner.get(bookingsUrl(`/${foreign.id}`))).status).toBe(404);
  });
});

describe('status flows and their mails', () => {
  it('commit releases; "Vielen Dank für Ihre Buchung" goes to the customer when nothing is to pay (free, or paid with the receipt), not for an unpaid price, and only once', async () => {
    const thing = await freeThing({ title: 'Infostand' });
    const free = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer, mail: 'frei-freigabe@kunden.example' });
    expect(free).toMatchObject({ priceEur: 0, isPayed: true, isCommitted: false });
    const committed = await owner.post(bookingsUrl(`/${free.id}/commit`));
    expect(committed.status, committed.text).toBe(200);
    expect(committed.text).toBe('OK');
    expect(await storedBooking(app, tenantId, free.id)).toMatchObject({ isCommitted: true, isRejected: false });
    const mail = await app.smtp.waitForMail('frei-freigabe@kunden.example', RELEASED);
    expect(mail.text).toContain(free.id);
    expect(mail.text).toContain('geprüft und freigegeben');

    const room = await bookableRoom(app, tenantId);
    const day = nextDay();
    const unpaid = await bookRoom(room, 10, day, { mail: 'preis-freigabe@kunden.example' });
    expect((await owner.post(bookingsUrl(`/${unpaid.id}/commit`))).status).toBe(200);
    expect(await storedBooking(app, tenantId, unpaid.id)).toMatchObject({ isCommitted: true });

    const paid = (await staffPut(editBody(room.id, slot(12, day), { isPayed: true, mail: 'bezahlt-freigabe@kunden.example' }))).json;
    const viaGraphql = await owner.gql<{ commitBooking: { id: string; isCommitted: boolean; status: string } }>(gql.commit, { t: tenantId, id: paid.id });
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data?.commitBooking).toEqual({ id: paid.id, isCommitted: true, status: 'freigegeben' });
    const paidRelease = await app.smtp.waitForMail('bezahlt-freigabe@kunden.example', RELEASED);
    expect(paidRelease.attachments.some((attachment) => attachment.contentType === 'application/pdf')).toBe(true);
    expect(paidRelease.text).not.toContain('nichts zu bezahlen');

    // Once released, committing again mails nothing; the unpaid one never got the release mail.
    expect((await owner.post(bookingsUrl(`/${free.id}/commit`))).status).toBe(200);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find('frei-freigabe@kunden.example', RELEASED)).toHaveLength(1);
    expect(app.smtp.find('preis-freigabe@kunden.example', RELEASED)).toEqual([]);
    // Without payment through the platform it learns that the tenant is paid directly.
    expect((await app.smtp.waitForMail('preis-freigabe@kunden.example', 'ist freigegeben')).text).toContain('Die Zahlung erfolgt direkt mit dem Mandanten');
    expect((await owner.post(bookingsUrl('/ABCD-EFGH/commit'))).status).toBe(404);
  });

  it('reject: "abgelehnt" (and so the mail), or "storniert" after release; the customer gets the reason without HTML tags, once', async () => {
    const room = await bookableRoom(app, tenantId);
    const day = nextDay();
    const first = await bookRoom(room, 9, day, { mail: 'ablehnung@kunden.example' });
    const rejected = await owner.post(bookingsUrl(`/${first.id}/reject`), { reason: '<p>Der Saal wird <b>renoviert</b>.</p><script>alert(1)</script>' });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.text).toBe('OK');
    expect(await storedBooking(app, tenantId, first.id)).toMatchObject({ isRejected: true, isCommitted: false });
    expect((await owner.gql<{ booking: GqlBooking }>(gql.get, { t: tenantId, id: first.id })).data?.booking.status).toBe('abgelehnt');
    const mail = await app.smtp.waitForMail('ablehnung@kunden.example', DECLINED);
    expect(mail.subject).toBe(DECLINED);
    expect(mail.text).toContain('Hinweis zur Ablehnung: Der Saal wird renoviert.alert(1)');
    expect(mail.text).not.toContain('storniert');
    expect(mail.text).toContain(first.id);
    expect(mail.html).toContain('Der Saal wird renoviert.alert(1)');
    for (const tag of ['<b>', '<script', '&lt;b&gt;', '&lt;script']) expect(mail.html).not.toContain(tag);

    const second = await bookRoom(room, 11, day, { mail: 'storno@kunden.example' });
    expect((await owner.post(bookingsUrl(`/${second.id}/commit`))).status).toBe(200);
    const viaGraphql = await owner.gql<{ rejectBooking: { id: string; isRejected: boolean; status: string } }>(gql.reject, { t: tenantId, id: second.id, reason: 'Krankheit der Hausmeisterin' });
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data?.rejectBooking).toEqual({ id: second.id, isRejected: true, status: 'storniert' });
    const cancelled = await app.smtp.waitForMail('storno@kunden.example', REJECTED);
    expect(cancelled.text).toContain('Hinweis zur Stornierung: Krankheit der Hausmeisterin');

    // A second reject changes nothing and mails nothing.
    expect((await owner.post(bookingsUrl(`/${first.id}/reject`), { reason: 'Nochmal' })).status).toBe(200);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find('ablehnung@kunden.example', DECLINED)).toHaveLength(1);
    expect(app.smtp.find('ablehnung@kunden.example', REJECTED)).toEqual([]);
  });

  it('request-reject (public, 201) mails a confirmation link; its POST (hooks/:hookId/release) rejects with the stored reason; unknown or used hooks are 404', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room, 10, nextDay(), { mail: 'storno-anfrage@kunden.example' });
    const stranger = app.client();
    const requested = await stranger.post(bookingsUrl(`/${booking.id}/request-reject`), { reason: 'Termin <i>verschoben</i>' });
    expect(requested.status, requested.text).toBe(201);
    expect(requested.text).toBe('Created');
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isRejected: false });

    const mail = await app.smtp.waitForMail('storno-anfrage@kunden.example', CANCEL_REQUEST);
    const link = mail.links.find((candidate) => candidate.includes('/booking/verify-reject/'));
    expect(link, mail.text).toBeDefined();
    const url = new URL(link as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${app.url}/booking/verify-reject/${tenantId}`);
    expect(url.searchParams.get('id')).toBe(booking.id);
    const hookId = url.searchParams.get('hookId') as string;
    expect(hookId).toMatch(/^[0-9a-f-]{36}$/);

    const unknown = await stranger.post(bookingsUrl(`/${booking.id}/hooks/00000000-0000-4000-8000-000000000000/release`));
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('booking.hook-invalid');
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isRejected: false });

    const released = await stranger.post(bookingsUrl(`/${booking.id}/hooks/${hookId}/release`));
    expect(released.status, released.text).toBe(200);
    const stored = await storedBooking(app, tenantId, booking.id);
    expect(stored).toMatchObject({ isRejected: true, hooks: [] });
    const rejection = await app.smtp.waitForMail('storno-anfrage@kunden.example', REJECTED);
    expect(rejection.text).toContain('Hinweis zur Stornierung: Termin verschoben');
    expect((await stranger.post(bookingsUrl(`/${booking.id}/hooks/${hookId}/release`))).status).toBe(404);
    expect((await stranger.post(bookingsUrl('/ABCD-EFGH/request-reject'), { reason: 'x' })).status).toBe(404);
  });

  it('requestBookingCancellation and confirmBookingCancellation over GraphQL', async () => {
    const thing = await freeThing();
    const booking = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer, mail: 'gql-storno@kunden.example' });
    const stranger = app.client();
    const requested = await stranger.gql<{ requestBookingCancellation: boolean }>(gql.requestCancel, { t: tenantId, id: booking.id, reason: 'Umzug' });
    expect(requested.errors).toBeUndefined();
    expect(requested.data?.requestBookingCancellation).toBe(true);
    const mail = await app.smtp.waitForMail('gql-storno@kunden.example', CANCEL_REQUEST);
    const hookId = new URL(mail.links.find((candidate) => candidate.includes('/booking/verify-reject/')) as string).searchParams.get('hookId');
    const wrong = await stranger.gql(gql.confirmCancel, { t: tenantId, id: booking.id, hook: '00000000-0000-4000-8000-000000000000' });
    expect(wrong.errors?.[0].extensions?.code).toBe('BOOKING_HOOK_INVALID');
    const confirmed = await stranger.gql<{ confirmBookingCancellation: boolean }>(gql.confirmCancel, { t: tenantId, id: booking.id, hook: hookId });
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data?.confirmBookingCancellation).toBe(true);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isRejected: true });
    expect((await app.smtp.waitForMail('gql-storno@kunden.example', REJECTED)).text).toContain('Umzug');
    const missing = await stranger.gql(gql.requestCancel, { t: tenantId, id: 'ABCD-EFGH' });
    expect(missing.errors?.[0].extensions?.code).toBe('GENERIC_NOT_FOUND');
  });
});

describe('public status and ownership', () => {
  it('GET bookings/:id/status answers the public flags to anyone; 404 for unknown numbers', async () => {
    const thing = await freeThing();
    const booking = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer });
    const response = await app.client().get(bookingsUrl(`/${booking.id}/status`));
    expect(response.status).toBe(200);
    // The flags and what the page after the payment's return shows; no personal data.
    expect(response.json).toEqual({ isCommitted: false, isPayed: true, isRejected: false, bookingId: booking.id, title: thing.title, timeBegin: null, timeEnd: null, priceEur: 0, paymentProvider: null, tenantName: TENANT_NAME, events: [], items: [{ title: thing.title, amount: 1 }] });
    expect((await app.client().get(bookingsUrl('/ABCD-EFGH/status'))).status).toBe(404);
    expect((await app.client().get(bookingsUrl('/kaputt/status'))).status).toBe(404);
  });

  it('GET status/public: 400 without lastname, 405 when switched off, 401 for a wrong name, 200 with the public shape (name case-insensitive); publicBookingStatus the same', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Sitzungssaal' });
    const booking = await bookRoom(room, 7, testDayAhead(60), { comment: 'Bitte Beamer' });
    const client = app.client();
    const statusUrl = (query: string) => bookingsUrl(`/${booking.id}/status/public${query}`);

    expect((await client.get(statusUrl(''))).status).toBe(400);
    expect((await client.get(statusUrl('?lastname=%20'))).status).toBe(400);
    await setTenant({ enablePublicStatusView: false });
    try {
      const off = await client.get(statusUrl('?lastname=Erika%20Mustermann'));
      expect(off.status).toBe(405);
      expect(off.json.code).toBe('booking.public-status-disabled');
      const offGraphql = await client.gql(gql.publicStatus, { t: tenantId, id: booking.id, lastname: 'Erika Mustermann' });
      expect(offGraphql.errors?.[0].extensions?.code).toBe('BOOKING_PUBLIC_STATUS_DISABLED');
    } finally {
      await setTenant({ enablePublicStatusView: true });
    }
    const wrong = await client.get(statusUrl('?lastname=Mustermann'));
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe('booking.name-mismatch');

    const response = await client.get(statusUrl(`?lastname=${encodeURIComponent('  eRIKA mustermann ')}`));
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({
      bookingId: booking.id,
      title: 'Sitzungssaal',
      name: customer.name,
      status: { paymentStatus: 'pending', bookingStatus: 'pending', activeStatus: 'pending' },
      timeBegin: booking.timeBegin,
      timeEnd: booking.timeEnd,
      timeCreated: booking.timeCreated,
      comment: 'Bitte Beamer',
      events: [],
    });
    expect((await client.get(bookingsUrl('/ABCD-EFGH/status/public?lastname=Erika'))).status).toBe(404);

    await owner.post(bookingsUrl(`/${booking.id}/commit`));
    const graphql = await client.gql<{ publicBookingStatus: Record<string, unknown> }>(gql.publicStatus, { t: tenantId, id: booking.id, lastname: 'erika mustermann' });
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data?.publicBookingStatus).toEqual({
      bookingId: booking.id,
      title: 'Sitzungssaal',
      name: customer.name,
      status: { paymentStatus: 'pending', bookingStatus: 'confirmed', activeStatus: 'pending' },
      timeBegin: iso(booking.timeBegin),
      timeEnd: iso(booking.timeEnd),
      comment: 'Bitte Beamer',
    });
    await owner.post(bookingsUrl(`/${booking.id}/reject`), {});
    expect((await client.get(statusUrl('?lastname=Erika%20Mustermann'))).json.status.bookingStatus).toBe('rejected');
    const mismatch = await client.gql(gql.publicStatus, { t: tenantId, id: booking.id, lastname: 'Erika' });
    expect(mismatch.errors?.[0].extensions?.code).toBe('BOOKING_NAME_MISMATCH');
  });

  it('GET verify-ownership?name=: OK for the booking’s name (any case), 401 otherwise, 400 without a name', async () => {
    const thing = await freeThing();
    const booking = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer });
    const client = app.client();
    const ok = await client.get(bookingsUrl(`/${booking.id}/verify-ownership?name=${encodeURIComponent('ERIKA MUSTERMANN')}`));
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('OK');
    expect((await client.get(bookingsUrl(`/${booking.id}/verify-ownership?name=Erika`))).status).toBe(401);
    expect((await client.get(bookingsUrl(`/${booking.id}/verify-ownership`))).status).toBe(400);
    expect((await client.get(bookingsUrl('/ABCD-EFGH/verify-ownership?name=Erika'))).status).toBe(404);
  });
});

describe('staff editor: PUT api/{t}/bookings and saveBooking', () => {
  it("bookingObjectChoices: every object for the calendar's filter and the editor's picker, for whoever reads bookings, without rights on the objects", async () => {
    const CHOICES = 'query($t: ID!) { bookingObjectChoices(tenantId: $t) { id title type } }';
    const room = await bookableRoom(app, tenantId, { title: 'Wahlraum' });
    await expectGraphql(actors, allowed(['memberOwnOnly', 'memberAny', 'tenantOwner', 'instanceOwner']), (client) => client.gql(CHOICES, { t: tenantId }));
    // The matrix's members hold rights on bookings only, none on the objects.
    const choices = await actors.clients.memberOwnOnly.gql<{ bookingObjectChoices: { id: string; title: string; type: string }[] }>(CHOICES, { t: tenantId });
    expect(choices.data?.bookingObjectChoices.map((choice) => choice.id)).toEqual(expect.arrayContaining([room.id]));
    expect(Object.keys(choices.data?.bookingObjectChoices[0] ?? {}).sort()).toEqual(['id', 'title', 'type']);
    const objects = await actors.clients.memberOwnOnly.gql<{ bookables: unknown[] }>('query($t: ID!) { bookables(tenantId: $t) { id } }', { t: tenantId });
    expect(objects.data?.bookables).toEqual([]);
  });

  it('creates without id (200, the stored booking, assigned to the creator), skipping opening hours and booking permissions; the mail is required', async () => {
    const office = await bookableRoom(app, tenantId, {
      title: 'Amtsstube',
      isOpeningHoursRelated: true,
      openingHours: [{ weekdays: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '16:00' }],
      permittedUsers: ['niemand@example.com'],
    });
    const day = nextDay();
    const late = slot(20, day);
    expect((await guest.post(`/api/${tenantId}/checkout`, { ...late, bookableItems: [{ bookableId: office.id }], ...customer })).status).toBe(409);

    const created = await staffPut(editBody(office.id, late, { mail: 'manuell@kunden.example', comment: 'telefonisch' }));
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({
      tenantId,
      assignedUserId: actors.userIds.tenantOwner,
      timeBegin: late.timeBegin,
      timeEnd: late.timeEnd,
      priceEur: 14.88,
      isCommitted: false,
      isPayed: false,
      isRejected: false,
      comment: 'telefonisch',
      mail: 'manuell@kunden.example',
    });
    expect(created.json.id).toMatch(NUMBER);
    expect(created.json.bookableItems).toEqual([expect.objectContaining({ bookableId: office.id, amount: 1, userGrossPriceEur: 14.88 })]);
    expect(created.json.bookableItems[0]._bookableUsed).not.toHaveProperty('permittedUsers');
    const stored = await storedBooking(app, tenantId, created.json.id);
    expect(stored?.items.length).toBe(1);
    expect(stored?.searchText).toContain('amtsstube');
    await app.smtp.waitForMail('manuell@kunden.example', REQUEST_RECEIVED);

    const before = await bookingCount(app, tenantId);
    const withoutMail = await staffPut(editBody(office.id, slot(8, nextDay()), { mail: '' }));
    expect(withoutMail.status).toBe(400);
    expect(withoutMail.json.errors).toEqual({ mail: 'Pflichtfeld' });
    expect((await staffPut({ ...customer })).status).toBe(400);
    expect(await bookingCount(app, tenantId)).toBe(before);

    const graphql = await owner.gql<{ saveBooking: GqlBooking }>(gql.save, {
      t: tenantId,
      input: { bookableItems: [{ bookableId: office.id, amount: 1 }], timeBegin: iso(slot(21, day).timeBegin), timeEnd: iso(slot(21, day).timeEnd), name: 'Per GraphQL', mail: 'gql-manuell@kunden.example' },
    });
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data?.saveBooking).toMatchObject({ name: 'Per GraphQL', status: 'ausstehend', assignedUserId: actors.userIds.tenantOwner, priceEur: 14.88 });
    expect(await storedBooking(app, tenantId, graphql.data?.saveBooking.id as string)).not.toBeNull();
  });

  it('an overlap beyond capacity answers 409 booking.time-conflict "Zeitkonflikt" (REST and GraphQL) and stores nothing; touching windows are fine', async () => {
    const room = await bookableRoom(app, tenantId, { amount: 1 });
    const day = nextDay();
    await bookRoom(room, 10, day);
    const before = await bookingCount(app, tenantId);

    const conflict = await staffPut(editBody(room.id, slot(9, day, 2)));
    expect(conflict.status, conflict.text).toBe(409);
    expect(conflict.contentType).toContain('application/problem+json');
    expect(conflict.json).toMatchObject({ code: 'booking.time-conflict', title: 'Zeitkonflikt', detail: expect.stringContaining('Zeitkonflikt') });
    const graphql = await owner.gql(gql.save, { t: tenantId, input: { bookableItems: [{ bookableId: room.id }], timeBegin: iso(slot(10, day).timeBegin), timeEnd: iso(slot(10, day).timeEnd), name: 'X', mail: 'x@kunden.example' } });
    expect(graphql.errors?.[0]).toMatchObject({ message: expect.stringContaining('Zeitkonflikt'), extensions: { code: 'BOOKING_TIME_CONFLICT' } });
    expect(await bookingCount(app, tenantId)).toBe(before);

    expect((await staffPut(editBody(room.id, slot(11, day)))).status).toBe(200);
    // A rejected booking takes no place, so staff may store it anyway.
    expect((await staffPut(editBody(room.id, slot(10, day), { isRejected: true }))).status).toBe(200);
  });

  it('update with id answers 201; moving into a conflicting time is refused and leaves the booking unchanged; moving within its own old window works', async () => {
    const room = await bookableRoom(app, tenantId, { amount: 1 });
    const day = nextDay();
    await bookRoom(room, 14, day);
    const created = (await staffPut(editBody(room.id, slot(10, day)))).json;

    const into = await staffPut(editBody(room.id, slot(14, day), { id: created.id, name: 'Verschoben' }));
    expect(into.status, into.text).toBe(409);
    expect(into.json.code).toBe('booking.time-conflict');
    expect(into.json.detail).toContain('Zeitkonflikt');
    const unchanged = await storedBooking(app, tenantId, created.id);
    expect(unchanged?.timeBegin?.getTime()).toBe(created.timeBegin);
    expect(unchanged?.items[0].timeBegin?.getTime()).toBe(created.timeBegin);
    expect(unchanged?.name).toBe(customer.name);

    // 10-12 overlaps its own old 10-11: no conflict with itself; the price follows the new duration.
    const longer = await staffPut(editBody(room.id, slot(10, day, 2), { id: created.id, name: 'Verlängert' }));
    expect(longer.status, longer.text).toBe(201);
    expect(longer.json).toMatchObject({ id: created.id, name: 'Verlängert', timeBegin: slot(10, day, 2).timeBegin, timeEnd: slot(10, day, 2).timeEnd, priceEur: 29.75, timeCreated: created.timeCreated });
    const stored = await storedBooking(app, tenantId, created.id);
    expect(stored?.items.length).toBe(1);
    expect(stored?.items[0].timeEnd?.getTime()).toBe(slot(10, day, 2).timeEnd);
    expect(await app.orm.em.fork().count(BookingItem, { booking: { key: stored?.key } })).toBe(1);

    const viaGraphql = await owner.gql(gql.save, {
      t: tenantId,
      input: { id: created.id, bookableItems: [{ bookableId: room.id }], timeBegin: iso(slot(13, day, 2).timeBegin), timeEnd: iso(slot(13, day, 2).timeEnd), name: 'X', mail: customer.mail },
    });
    expect(viaGraphql.errors?.[0]).toMatchObject({ message: expect.stringContaining('Zeitkonflikt'), extensions: { code: 'BOOKING_TIME_CONFLICT' } });
    const moved = await owner.gql<{ saveBooking: GqlBooking }>(gql.save, {
      t: tenantId,
      input: { id: created.id, bookableItems: [{ bookableId: room.id }], timeBegin: iso(slot(11, day).timeBegin), timeEnd: iso(slot(11, day).timeEnd), name: 'Per GraphQL', mail: customer.mail },
    });
    expect(moved.errors).toBeUndefined();
    expect(moved.data?.saveBooking).toMatchObject({ id: created.id, name: 'Per GraphQL', timeBegin: iso(slot(11, day).timeBegin), priceEur: 14.88 });
  });

  it('an update changes only the fields it carries; the customer data, times and flags left out are kept', async () => {
    const room = await bookableRoom(app, tenantId, { amount: null });
    const day = nextDay();
    const created = (await staffPut({ ...slot(9, day), bookableItems: [{ bookableId: room.id }], ...customer, name: 'Bleibt', company: 'Verein', isCommitted: true })).json;
    const renamed = await owner.gql<{ saveBooking: GqlBooking }>(gql.save, { t: tenantId, input: { id: created.id, bookableItems: [{ bookableId: room.id, amount: 2 }], comment: 'Zwei Räume' } });
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.saveBooking).toMatchObject({ id: created.id, name: 'Bleibt', company: 'Verein', mail: customer.mail, comment: 'Zwei Räume', isCommitted: true, timeBegin: iso(slot(9, day).timeBegin) });
    expect(renamed.data?.saveBooking.items).toEqual([expect.objectContaining({ amount: 2 })]);
  });

  it('staff may set the gross unit price (userGrossPriceEur); net and totals follow it', async () => {
    const room = await bookableRoom(app, tenantId, { amount: null });
    const response = await staffPut({ ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 2, userGrossPriceEur: '50,00' }], ...customer });
    expect(response.status, response.text).toBe(200);
    expect(response.json.bookableItems[0]).toMatchObject({ amount: 2, userGrossPriceEur: 50, userPriceEur: 42.02, regularPriceEur: 12.5, regularGrossPriceEur: 14.88 });
    expect(response.json).toMatchObject({ priceEur: 100, vatIncludedEur: 15.96 });
    expect((await staffPut({ ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, userGrossPriceEur: -1 }], ...customer })).status).toBe(400);

    const graphql = await owner.gql<{ saveBooking: GqlBooking }>(gql.save, {
      t: tenantId,
      input: { bookableItems: [{ bookableId: room.id, amount: 1, userGrossPriceEur: 0 }], timeBegin: iso(slot(12, nextDay()).timeBegin), timeEnd: iso(slot(12, nextDay()).timeEnd), name: 'Gratis', mail: customer.mail },
    });
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data?.saveBooking).toMatchObject({ priceEur: 0, items: [{ userGrossPriceEur: 0 }] });
  });

  it('a booking newly committed through an update mails the release when nothing is to pay', async () => {
    const thing = await freeThing();
    const created = (await staffPut(editBody(thing.id, {}, { mail: 'update-freigabe@kunden.example' }))).json;
    expect(created).toMatchObject({ priceEur: 0, isCommitted: false });
    const updated = await staffPut(editBody(thing.id, {}, { id: created.id, mail: 'update-freigabe@kunden.example', isCommitted: true, isPayed: true }));
    expect(updated.status, updated.text).toBe(201);
    expect(updated.json).toMatchObject({ isCommitted: true, isPayed: true });
    const mail = await app.smtp.waitForMail('update-freigabe@kunden.example', RELEASED);
    expect(mail.text).toContain(created.id);
    // Saving it again as released mails nothing more.
    expect((await staffPut(editBody(thing.id, {}, { id: created.id, mail: 'update-freigabe@kunden.example', isCommitted: true, isPayed: true }))).status).toBe(201);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find('update-freigabe@kunden.example', RELEASED)).toHaveLength(1);
  });
});

describe('occupancy and the public booking times', () => {
  let part: { id: string; title: string };
  let hall: { id: string; title: string };
  let day: string;
  let onPart: Json;
  let onHall: Json;
  let rejectedOnPart: Json;
  let ownOnPart: Json;

  beforeAll(async () => {
    part = await bookableRoom(app, tenantId, { title: 'Saalteil Ost', amount: null });
    hall = await bookableRoom(app, tenantId, { title: 'Festsaal', relatedBookableIds: [part.id], amount: null });
    day = nextDay();
    onPart = await bookRoom(part, 10, day, { name: 'Geheime Kundin', mail: 'geheim@kunden.example', phone: '0999-4711', street: 'Verborgener Weg 7' });
    onHall = await bookRoom(hall, 14, day);
    rejectedOnPart = await bookRoom(part, 16, day);
    expect((await owner.post(bookingsUrl(`/${rejectedOnPart.id}/reject`), {})).status).toBe(200);
    ownOnPart = await bookRoom(part, 18, day, {}, actors.clients.memberOwnOnly);
    await bookRoom(part, 10, nextDay());
  });

  const dayWindow = () => {
    const begin = new Date(`${testDay(day)}T00:00:00+01:00`).getTime();
    return { from: begin, to: begin + 86_400_000 };
  };

  it('GET calendar/occupancy and bookingOccupancy: non-rejected bookings of the object or its dependent objects in the window, titles and times only', async () => {
    const { from, to } = dayWindow();
    const slotOf = (bookable: { id: string; title: string }, booking: Json) => ({ bookableId: bookable.id, title: bookable.title, timeBegin: booking.timeBegin, timeEnd: booking.timeEnd });
    const hallSlots = await app.client().get(`/api/${tenantId}/calendar/occupancy?ids=${hall.id}&from=${from}&to=${to}`);
    expect(hallSlots.status, hallSlots.text).toBe(200);
    expect(hallSlots.json).toEqual([slotOf(hall, onPart), slotOf(hall, onHall), slotOf(hall, ownOnPart)]);
    const partSlots = await app.client().get(`/api/${tenantId}/calendar/occupancy?ids=${part.id}&from=${from}&to=${to}`);
    expect(partSlots.json).toEqual([slotOf(part, onPart), slotOf(part, ownOnPart)]);
    const both = await app.client().get(`/api/${tenantId}/calendar/occupancy?ids=${part.id}&ids=${hall.id}&from=${iso(from)}&to=${iso(to)}`);
    expect(both.json).toHaveLength(5);
    const narrow = await app.client().get(`/api/${tenantId}/calendar/occupancy?ids=${hall.id},${part.id}&from=${onHall.timeBegin}&to=${onHall.timeEnd}`);
    expect(narrow.json).toEqual([slotOf(hall, onHall)]);
    expect((await app.client().get(`/api/${tenantId}/calendar/occupancy?ids=kein-objekt`)).json).toEqual([]);
    expect((await app.client().get(`/api/${tenantId}/calendar/occupancy?from=${to}&to=${from}`)).status).toBe(400);

    const graphql = await app.client().gql<{ bookingOccupancy: unknown[] }>(gql.occupancy, { t: tenantId, ids: [hall.id], from: iso(from), to: iso(to) });
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data?.bookingOccupancy).toEqual([onPart, onHall, ownOnPart].map((booking) => ({ bookableId: hall.id, title: 'Festsaal', timeBegin: iso(booking.timeBegin), timeEnd: iso(booking.timeEnd) })));
  });

  it('GET bookables/:id/bookings?public=true: times only, without a session, for a public object; related and parent add the family; rejected ones stay out', async () => {
    const times = (booking: Json) => ({ id: booking.id, tenantId, timeBegin: booking.timeBegin, timeEnd: booking.timeEnd });
    const anonymous = app.client();
    const ofPart = await anonymous.get(`/api/${tenantId}/bookables/${part.id}/bookings?public=true`);
    expect(ofPart.status, ofPart.text).toBe(200);
    expect(ofPart.json).toEqual(expect.arrayContaining([times(onPart), times(ownOnPart)]));
    expect(ids(ofPart.json)).not.toContain(onHall.id);
    expect(ids(ofPart.json)).not.toContain(rejectedOnPart.id);
    for (const entry of ofPart.json) expect(Object.keys(entry).sort()).toEqual(['id', 'tenantId', 'timeBegin', 'timeEnd']);
    expect(ids((await anonymous.get(`/api/${tenantId}/bookables/${part.id}/bookings?public=true&parent=true`)).json)).toContain(onHall.id);
    const ofHall = ids((await anonymous.get(`/api/${tenantId}/bookables/${hall.id}/bookings?public=true`)).json);
    expect(ofHall).toContain(onHall.id);
    expect(ofHall).not.toContain(onPart.id);
    expect(ids((await anonymous.get(`/api/${tenantId}/bookables/${hall.id}/bookings?public=true&related=true`)).json)).toEqual(expect.arrayContaining([onHall.id, onPart.id]));

    const hidden = await bookableRoom(app, tenantId, { isPublic: false });
    expect((await anonymous.get(`/api/${tenantId}/bookables/${hidden.id}/bookings?public=true`)).status).toBe(404);
  });

  it('GET bookables/:id/bookings without public: whole bookings for readAny, only assigned ones for readOwn; 401 without session, 403 without the flags', async () => {
    const path = `/api/${tenantId}/bookables/${part.id}/bookings`;
    const staff = await actors.clients.memberAny.get(path);
    expect(staff.status, staff.text).toBe(200);
    expect(ids(staff.json)).toEqual(expect.arrayContaining([onPart.id, rejectedOnPart.id, ownOnPart.id]));
    expect(staff.json.find((booking: Json) => booking.id === onPart.id)).toMatchObject({ name: 'Geheime Kundin', mail: 'geheim@kunden.example' });
    expect(ids((await actors.clients.memberAny.get(path)).json)).not.toContain(onHall.id);
    expect(ids((await actors.clients.memberAny.get(`${path}?parent=true`)).json)).toContain(onHall.id);
    expect(ids((await actors.clients.memberAny.get(`/api/${tenantId}/bookables/${hall.id}/bookings?related=true`)).json)).toEqual(expect.arrayContaining([onHall.id, onPart.id]));

    const own = await actors.clients.memberOwnOnly.get(path);
    expect(own.status).toBe(200);
    expect(ids(own.json)).toEqual([ownOnPart.id]);
    expect((await actors.clients.anonymous.get(path)).status).toBe(401);
    expect((await actors.clients.memberWithoutFlag.get(path)).status).toBe(403);
    expect((await actors.clients.outsider.get(path)).status).toBe(403);
    expect((await actors.clients.memberOfOtherTenant.get(path)).status).toBe(403);
  });

  it('GET bookings?public=true: the times of the tenant’s non-rejected bookings in the window, without a session', async () => {
    const { from, to } = dayWindow();
    const response = await app.client().get(bookingsUrl(`?public=true&from=${from}&to=${to}`));
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual([onPart, onHall, ownOnPart].map((booking) => ({ id: booking.id, tenantId, timeBegin: booking.timeBegin, timeEnd: booking.timeEnd })));
    expect(response.text).not.toContain('geheim@kunden.example');
  });
});

describe('the workflow acts on real bookings', () => {
  let early: Json;
  let room: { id: string };

  beforeAll(async () => {
    room = await bookableRoom(app, tenantId, { amount: null });
    early = await bookRoom(room, 8, nextDay());
    const saved = await owner.put(`/api/${tenantId}/workflow`, {
      name: 'Bearbeitung',
      active: true,
      defaultState: 'eingang',
      states: [
        { id: 'eingang', name: 'Eingang', actions: [] },
        { id: 'freigabe', name: 'Freigabe', actions: [{ type: 'bookingStatus', bookingStatus: ['commit'] }] },
        { id: 'bezahlt', name: 'Bezahlt', actions: [{ type: 'bookingStatus', bookingStatus: ['paid'] }] },
        { id: 'storno', name: 'Storno', actions: [{ type: 'bookingStatus', bookingStatus: ['reject'] }] },
        { id: 'fertig', name: 'Erledigt', actions: [] },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
  });
  afterAll(async () => {
    await owner.put(`/api/${tenantId}/workflow`, { active: false });
  });

  const move = (taskId: string, destination: string) => actors.clients.memberAny.put(`/api/${tenantId}/workflow/task`, { taskId, destination, newIndex: 0 });

  it('a new booking enters the default state; the backlog lists the real booking numbers not on the board; populate and GraphQL show the state', async () => {
    const late = await bookRoom(room, 9, nextDay());
    expect((await board()).states[0].tasks[0].id).toBe(late.id);
    const backlog = await owner.get(`/api/${tenantId}/workflow/backlog`);
    expect(backlog.status).toBe(200);
    expect(backlog.json).toContainEqual({ id: early.id, added: null });
    expect(ids(backlog.json)).not.toContain(late.id);
    expect(ids(backlog.json).every((id) => NUMBER.test(id))).toBe(true);
    expect(backlog.json).toHaveLength((await bookingCount(app, tenantId)) - onStates(await board()).length);
    const viaGraphql = await owner.gql<{ workflowBacklog: { id: string }[] }>('query($t: ID!) { workflowBacklog(tenantId: $t) { id added } }', { t: tenantId });
    expect(ids(viaGraphql.data?.workflowBacklog ?? [])).toEqual(ids(backlog.json));

    const listed = await owner.get(bookingsUrl(`?bookableId=${room.id}&populate=true`));
    const statusOf = (id: string) => listed.json.find((booking: Json) => booking.id === id)?._populated.workflowStatus;
    expect(statusOf(late.id)).toBe('eingang');
    expect(statusOf(early.id)).toBeNull();
    expect((await owner.get(bookingsUrl(`/${late.id}`))).json._populated.workflowStatus).toBe('eingang');
    expect((await owner.gql<{ booking: GqlBooking }>(gql.get, { t: tenantId, id: late.id })).data?.booking.workflowStatus).toBe('eingang');
  });

  it('the kanban backlog pages through the bookings without a place (bookings(backlog: true)); the board carries the bookings of its cards', async () => {
    const BACKLOG_PAGE = 'query($t: ID!, $o: Int!) { bookings(tenantId: $t, backlog: true, limit: 2, offset: $o) { total items { id workflowStatus } } }';
    type Page = { bookings: { total: number; items: { id: string; workflowStatus: string | null }[] } };
    const first = await owner.gql<Page>(BACKLOG_PAGE, { t: tenantId, o: 0 });
    expect(first.errors).toBeUndefined();
    const total = first.data!.bookings.total;
    expect(total).toBe((await bookingCount(app, tenantId)) - onStates(await board()).length - (await board()).archive.length);
    const pages: string[] = [];
    for (let offset = 0; offset < total; offset += 2) {
      const page = await owner.gql<Page>(BACKLOG_PAGE, { t: tenantId, o: offset });
      expect(page.data!.bookings.items.every((item) => item.workflowStatus === null)).toBe(true);
      pages.push(...page.data!.bookings.items.map((item) => item.id));
    }
    expect(new Set(pages).size).toBe(total);
    expect(pages).toContain(early.id);
    // The same bookings as REST's backlog, which lists them oldest first.
    expect([...pages].sort()).toEqual(ids((await owner.get(`/api/${tenantId}/workflow/backlog`)).json).sort());

    const placed = await bookRoom(room, 12, nextDay());
    const boardAnswer = await owner.gql<{ workflowBoard: { states: { id: string; cards: { id: string; index: number; booking: { id: string; name: string } | null }[] }[] } }>(
      'query($t: ID!) { workflowBoard(tenantId: $t) { states { id cards { id index booking { id name } } } } }',
      { t: tenantId },
    );
    const incoming = boardAnswer.data?.workflowBoard.states.find((state) => state.id === 'eingang')?.cards ?? [];
    expect(incoming[0]).toEqual({ id: placed.id, index: 0, booking: { id: placed.id, name: customer.name } });
    const paged = await owner.gql<Page>(BACKLOG_PAGE, { t: tenantId, o: 0 });
    expect(paged.data!.bookings.items.map((item) => item.id)).not.toContain(placed.id);
  });

  it('moving a booking into a state with a bookingStatus action commits, marks paid or rejects it within the move (its answer already shows it), the mails follow from the queue', async () => {
    const thing = await freeThing();
    const free = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer, mail: 'workflow-frei@kunden.example' });
    const moved = await move(free.id, 'freigabe');
    expect(moved.status, moved.text).toBe(200);
    expect(await storedBooking(app, tenantId, free.id)).toMatchObject({ isCommitted: true, isRejected: false });
    await app.smtp.waitForMail('workflow-frei@kunden.example', RELEASED);

    const priced = await bookRoom(room, 10, nextDay(), { mail: 'workflow-preis@kunden.example' });
    expect((await move(priced.id, 'bezahlt')).status).toBe(200);
    expect(await storedBooking(app, tenantId, priced.id)).toMatchObject({ isPayed: true, isCommitted: false });
    expect((await move(priced.id, 'freigabe')).status).toBe(200);
    expect(await storedBooking(app, tenantId, priced.id)).toMatchObject({ isPayed: true, isCommitted: true });
    // Paid before its release: the confirmation carries the receipt.
    const paidRelease = await app.smtp.waitForMail('workflow-preis@kunden.example', RELEASED);
    expect(paidRelease.attachments.some((attachment) => attachment.contentType === 'application/pdf')).toBe(true);
    expect((await move(priced.id, 'storno')).status).toBe(200);
    expect(await storedBooking(app, tenantId, priced.id)).toMatchObject({ isRejected: true, isCommitted: true });
    await app.smtp.waitForMail('workflow-preis@kunden.example', REJECTED);
    // Rejected by the workflow before its release: "abgelehnt".
    const pending = await bookRoom(room, 14, nextDay(), { mail: 'workflow-absage@kunden.example' });
    expect((await move(pending.id, 'storno')).status).toBe(200);
    expect((await app.smtp.waitForMail('workflow-absage@kunden.example', DECLINED)).text).not.toContain('storniert');

    // From the backlog (a real booking number) straight into the release state.
    expect((await move(early.id, 'freigabe')).status).toBe(200);
    expect(await storedBooking(app, tenantId, early.id)).toMatchObject({ isCommitted: true });
    expect((await board()).states.find((state) => state.id === 'freigabe')?.tasks.map((task) => task.id)).toEqual([early.id, free.id]);
  });

  it('the staff editor moves the task with workflowStatus (the entered state’s status actions apply in the same save)', async () => {
    const created = (await staffPut(editBody(room.id, slot(11, nextDay())))).json;
    expect(onStates(await board())).toContain(created.id);
    const toDone = await staffPut({ ...created, workflowStatus: 'fertig' });
    expect(toDone.status, toDone.text).toBe(201);
    expect((await board()).states.find((state) => state.id === 'fertig')?.tasks.map((task) => task.id)).toContain(created.id);
    expect((await owner.get(bookingsUrl(`/${created.id}`))).json._populated.workflowStatus).toBe('fertig');

    const toBacklog = await staffPut({ ...created, _populated: { workflowStatus: null } });
    expect(toBacklog.status).toBe(201);
    expect(onStates(await board())).not.toContain(created.id);
    expect(ids((await owner.get(`/api/${tenantId}/workflow/backlog`)).json)).toContain(created.id);

    const toRelease = await owner.gql<{ saveBooking: GqlBooking }>(gql.save, {
      t: tenantId,
      input: { id: created.id, bookableItems: [{ bookableId: room.id }], timeBegin: iso(created.timeBegin), timeEnd: iso(created.timeEnd), name: customer.name, mail: customer.mail, workflowStatus: 'freigabe' },
    });
    expect(toRelease.errors).toBeUndefined();
    expect(toRelease.data?.saveBooking).toMatchObject({ workflowStatus: 'freigabe', isCommitted: true });
  });

  it('delete (REST and GraphQL): the booking and its items are gone, it leaves the workflow states but stays in the archive', async () => {
    const inState = await bookRoom(room, 12, nextDay());
    const archived = await bookRoom(room, 13, nextDay());
    expect((await actors.clients.memberAny.put(`/api/${tenantId}/workflow/archive`, { taskId: archived.id })).status).toBe(200);
    const key = (await storedBooking(app, tenantId, inState.id))?.key as string;
    expect(await app.orm.em.fork().count(BookingItem, { booking: { key } })).toBe(1);

    const removed = await owner.request('DELETE', bookingsUrl(`/${inState.id}`));
    expect(removed.status, removed.text).toBe(200);
    expect(removed.text).toBe('OK');
    expect((await owner.get(bookingsUrl(`/${inState.id}`))).status).toBe(404);
    expect(await storedBooking(app, tenantId, inState.id)).toBeNull();
    expect(await app.orm.em.fork().count(BookingItem, { booking: { key } })).toBe(0);
    expect(onStates(await board())).not.toContain(inState.id);

    const viaGraphql = await owner.gql<{ deleteBooking: boolean }>(gql.remove, { t: tenantId, id: archived.id });
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data?.deleteBooking).toBe(true);
    expect(await storedBooking(app, tenantId, archived.id)).toBeNull();
    expect((await board()).archive.map((task) => task.id)).toContain(archived.id);
    expect(ids((await owner.get(`/api/${tenantId}/workflow/backlog`)).json)).not.toContain(inState.id);

    expect((await owner.request('DELETE', bookingsUrl(`/${inState.id}`))).status).toBe(404);
    expect((await owner.gql(gql.remove, { t: tenantId, id: archived.id })).errors?.[0].extensions?.code).toBe('GENERIC_NOT_FOUND');
  });
});

const CHANGED = `subscription($t: ID!) { bookingChanged(tenantId: $t) { tenantId id action booking { id status name mail isCommitted isRejected assignedUserId } } }`;
interface Change {
  bookingChanged: { tenantId: string; id: string; action: string; booking: { id: string; status: string; name: string; mail: string; isCommitted: boolean; isRejected: boolean; assignedUserId: string | null } | null };
}

function subscribe(target: InProcessApp, client: HttpClient, t: string) {
  const ws = graphqlWsClient(target.url, { cookie: client.cookieHeader() });
  const subscription = new SubscriptionRecorder<Change>(ws, CHANGED, { t });
  return {
    subscription,
    stop: async () => {
      subscription.stop();
      await ws.dispose();
    },
  };
}

/** Repeats the action (each one publishes an event) until every subscription has delivered something. */
async function warmUp(subscriptions: SubscriptionRecorder<Change>[], action: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; subscriptions.some((subscription) => subscription.results.length === 0); attempt += 1) {
    expect(attempt, 'the subscription never delivered').toBeLessThan(50);
    for (const subscription of subscriptions) if (subscription.error !== undefined) throw new Error(JSON.stringify(subscription.error));
    await action();
    await sleep(100);
  }
}

describe('the bookingChanged subscription', () => {
  it('fires CREATED on checkout, UPDATED on commit, reject and save, DELETED on delete, with the booking’s fields', async () => {
    const thing = await freeThing();
    const ping = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer });
    const { subscription, stop } = subscribe(app, actors.clients.memberAny, tenantId);
    try {
      await warmUp([subscription], () => owner.post(bookingsUrl(`/${ping.id}/commit`)));
      const booking = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer, name: 'Live Kundin', mail: 'live@kunden.example' });
      const actionOf = (action: string, check: (event: Change['bookingChanged']) => boolean = () => true) =>
        subscription.waitFor((result) => {
          const event = result.data?.bookingChanged;
          return event !== undefined && event.id === booking.id && event.action === action && check(event);
        });
      const created = await actionOf('CREATED');
      expect(created.data?.bookingChanged).toEqual({
        tenantId,
        id: booking.id,
        action: 'CREATED',
        booking: { id: booking.id, status: 'ausstehend', name: 'Live Kundin', mail: 'live@kunden.example', isCommitted: false, isRejected: false, assignedUserId: null },
      });
      await owner.post(bookingsUrl(`/${booking.id}/commit`));
      await actionOf('UPDATED', (event) => event.booking?.status === 'freigegeben');
      await owner.post(bookingsUrl(`/${booking.id}/reject`), { reason: 'Test' });
      await actionOf('UPDATED', (event) => event.booking?.status === 'storniert');
      const saved = await staffPut(editBody(thing.id, {}, { id: booking.id, name: 'Umbenannt', mail: 'live@kunden.example', isCommitted: true, isRejected: true }));
      expect(saved.status).toBe(201);
      await actionOf('UPDATED', (event) => event.booking?.name === 'Umbenannt');
      await owner.request('DELETE', bookingsUrl(`/${booking.id}`));
      const deleted = await actionOf('DELETED');
      expect(deleted.data?.bookingChanged).toEqual({ tenantId, id: booking.id, action: 'DELETED', booking: null });
      expect(subscription.results.filter((result) => result.data?.bookingChanged.id === booking.id).map((result) => result.data?.bookingChanged.action)).toEqual([
        'CREATED',
        'UPDATED',
        'UPDATED',
        'UPDATED',
        'DELETED',
      ]);
      expect(subscription.results.every((result) => result.errors === undefined)).toBe(true);
    } finally {
      await stop();
    }
  });

  it('a member with readOwn only hears of the bookings assigned to them; other tenants’ bookings reach nobody here', async () => {
    const thing = await freeThing();
    const member = actors.clients.memberOwnOnly;
    const ping = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer }, member);
    const own = subscribe(app, member, tenantId);
    try {
      await warmUp([own.subscription], () => owner.post(bookingsUrl(`/${ping.id}/commit`)));
      const seen = own.subscription.results.length;
      const foreignThing = await storeBookable(app, otherTenantId, { isBookable: true, amount: null });
      await checkout({ bookableItems: [{ bookableId: foreignThing.id }], ...customer }, guest, otherTenantId);
      const theirs = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer });
      await owner.post(bookingsUrl(`/${theirs.id}/commit`));
      const mine = await checkout({ bookableItems: [{ bookableId: thing.id }], ...customer, name: 'Eigene' }, member);
      const event = await own.subscription.waitFor((result) => result.data?.bookingChanged.id === mine.id);
      expect(event.data?.bookingChanged.booking).toMatchObject({ name: 'Eigene', assignedUserId: actors.userIds.memberOwnOnly });
      await sleep(400);
      const later = own.subscription.results
        .slice(seen)
        .map((result) => result.data?.bookingChanged.id)
        .filter((id) => id !== ping.id);
      expect(later).toEqual([mine.id]);
    } finally {
      await own.stop();
    }
  });

  it('is refused without the read flags (FORBIDDEN) and without a session (UNAUTHENTICATED)', async () => {
    for (const [name, code] of [
      ['outsider', 'AUTH_FORBIDDEN'],
      ['memberWithoutFlag', 'AUTH_FORBIDDEN'],
      ['memberOfOtherTenant', 'AUTH_FORBIDDEN'],
      ['anonymous', 'AUTH_UNAUTHENTICATED'],
    ] as const) {
      const { subscription, stop } = subscribe(app, actors.clients[name], tenantId);
      try {
        await subscription.waitForEnd();
        expect(subscription.results.map((result) => result.errors?.[0]?.extensions?.code), name).toEqual([code]);
        expect(subscription.results[0].data ?? null, name).toBeNull();
      } finally {
        await stop();
      }
    }
  });

  it('across two replicas on one database: a checkout on replica A reaches a subscriber on replica B', async () => {
    const db = await createTestDatabase();
    let replicaA: InProcessApp | undefined;
    let replicaB: InProcessApp | undefined;
    try {
      replicaA = await startInProcessApp({ databaseUrl: db.url });
      replicaB = await startInProcessApp({ databaseUrl: db.url });
      await createUser(replicaA.orm, { id: 'replika@example.com', password: 'replika-passwort-1' });
      const tenant = await createTenant(replicaA.orm, { name: 'Replikat', owners: ['replika@example.com'] });
      const thing = await storeBookable(replicaA, tenant.id, { isBookable: true, amount: null });
      const onB = replicaB.client();
      await signIn(onB, 'replika@example.com', 'replika-passwort-1');
      const onA = replicaA.client();
      const book = async (name: string) => {
        const response = await onA.post(`/api/${tenant.id}/checkout`, { bookableItems: [{ bookableId: thing.id }], ...customer, name });
        expect(response.status, response.text).toBe(200);
        return response.json;
      };
      const { subscription, stop } = subscribe(replicaB, onB, tenant.id);
      try {
        await warmUp([subscription], () => book('Aufwärmen'));
        const booking = await book('Über Replikat A');
        const event = await subscription.waitFor((result) => result.data?.bookingChanged.id === booking.id);
        expect(event.data?.bookingChanged).toMatchObject({ tenantId: tenant.id, action: 'CREATED', booking: { id: booking.id, name: 'Über Replikat A' } });
      } finally {
        await stop();
      }
    } finally {
      await replicaA?.close();
      await replicaB?.close();
      await db.drop();
    }
  });
});

describe('mails go through the durable job queue', () => {
  const jobCount = async () => (await app.orm.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from graphile_worker._private_jobs'))[0].n;
  const jobsOf = (bookingId: string) =>
    app.orm.em.getConnection().execute<{ attempts: number; last_error: string | null }[]>("select attempts, last_error from graphile_worker._private_jobs where payload->>'bookingId' = ?", [bookingId]);

  it('with the SMTP server down the booking is stored and its mail arrives when the server is back; a failing checkout or save enqueues nothing', async () => {
    const room = await bookableRoom(app, tenantId, { amount: 1 });
    const day = nextDay();
    // Everything earlier has been sent, so the queue holds only what this test adds.
    await until(async () => (await jobCount()) === 0, 'an empty queue');
    const listener = new pg.Client({ connectionString: app.db.url });
    const inserted: string[] = [];
    listener.on('notification', (message) => inserted.push(message.channel));
    await listener.connect();
    await listener.query('LISTEN "jobs:insert"');
    const port = app.smtp.port;
    await app.smtp.close();
    let booking: Json;
    try {
      booking = await bookRoom(room, 10, day, { mail: 'warteschlange@kunden.example' });
      expect(await storedBooking(app, tenantId, booking.id)).not.toBeNull();
      await until(async () => inserted.length > 0, 'the NOTIFY of the enqueued jobs');
      // The mail was tried, failed and waits for its retry.
      await until(async () => (await jobsOf(booking.id)).some((job) => job.attempts >= 1 && job.last_error !== null), 'a failed first attempt');
      expect(app.smtp.find('warteschlange@kunden.example')).toEqual([]);

      const queued = await jobCount();
      expect(queued).toBeGreaterThanOrEqual(2);
      inserted.length = 0;
      const refused = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, day), bookableItems: [{ bookableId: room.id }], ...customer });
      expect(refused.status).toBe(409);
      const conflict = await staffPut(editBody(room.id, slot(10, day)));
      expect(conflict.status).toBe(409);
      await sleep(300);
      expect(inserted).toEqual([]);
      expect(await jobCount()).toBe(queued);
    } finally {
      await listener.end();
      await app.smtp.start('127.0.0.1', port);
    }
    // Instead of waiting for the backoff (e^attempts seconds), the retry is due now.
    await app.orm.em.getConnection().execute('update graphile_worker._private_jobs set run_at = now() where locked_at is null');
    const mail = await app.smtp.waitForMail('warteschlange@kunden.example', REQUEST_RECEIVED);
    expect(mail.text).toContain(booking.id);
    await app.smtp.waitForMail(TENANT_MAIL, 'Eine neue Buchungsanfrage liegt vor');
    await until(async () => (await jobsOf(booking.id)).length === 0, 'the finished jobs leaving the queue');
  }, 60_000);
});
