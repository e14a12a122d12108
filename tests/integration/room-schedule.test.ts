import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { graphqlWsClient, SubscriptionRecorder } from '../support/ws.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';
import { testInstant } from '../support/test-calendar.js';

/**
 * The room schedule for displays in the foyer (docs/integrators.md, "Room schedule"): the occupied
 * slots of objects with their status and nothing personal, over GraphQL and REST, in a bounded
 * window; public objects for everyone (also an OCCUPANCY_READ token), the others for staff only;
 * and the roomScheduleChanged subscription naming the objects a created, moved or deleted booking touched.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;
let hall: { id: string; title: string };
let foyer: { id: string; title: string };
let hidden: { id: string; title: string };

const DAY = '2027-03-02';
/** The week around DAY (instants of the test calendar, like `slot`'s days). */
const FROM = testInstant('2027-03-01T00:00:00.000Z');
const TO = testInstant('2027-03-08T00:00:00.000Z');
/** What the customer gave: none of it may reach a schedule. */
const person = { ...customer, name: 'Zora Geheim', mail: 'zora.geheim@kunden.example', phone: '0171 424242', company: 'Geheimverein e. V.', comment: 'Bitte Hintereingang' };
const personalTexts = [person.name, person.mail, person.phone, person.company, person.comment, person.street];

const SCHEDULE = `query($t: ID!, $ids: [ID!]!, $from: DateTimeISO!, $to: DateTimeISO!) {
  roomSchedule(tenantId: $t, bookableIds: $ids, from: $from, to: $to) { bookableId title slots { bookingId bookableId title timeBegin timeEnd status } } }`;
const CHANGED = `subscription($t: ID!, $ids: [ID!]!) { roomScheduleChanged(tenantId: $t, bookableIds: $ids) { tenantId bookingId action bookableIds } }`;
const SAVE = `mutation($t: ID!, $input: BookingInput!) { saveBooking(tenantId: $t, input: $input) { id } }`;
const DELETE = `mutation($t: ID!, $id: ID!) { deleteBooking(tenantId: $t, id: $id) }`;
const CREATE_TOKEN = `mutation($t: ID, $input: ApiTokenInput!) { createApiToken(tenantId: $t, input: $input) { secret } }`;

interface Slot {
  bookingId: string;
  bookableId: string;
  title: string;
  timeBegin: string | number;
  timeEnd: string | number;
  status: string;
}
interface Schedule {
  bookableId: string;
  title: string;
  slots: Slot[];
}
interface Change {
  roomScheduleChanged: { tenantId: string; bookingId: string; action: string; bookableIds: string[] };
}

const iso = (ms: number) => new Date(ms).toISOString();
const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });
const scheduleUrl = (ids: string[], from = FROM, to = TO) => `/api/${tenantId}/calendar/schedule?ids=${ids.join(',')}&from=${from}&to=${to}`;

async function checkout(room: { id: string }, hour: number, day = DAY): Promise<string> {
  const response = await guest.post(`/api/${tenantId}/checkout`, { ...slot(hour, day), bookableItems: [{ bookableId: room.id, amount: 1 }], ...person });
  expect(response.status, response.text).toBe(200);
  return (response.json as { id: string }).id;
}

/** The staff's editor books (also objects the public cannot book) and moves bookings. */
async function save(input: Record<string, unknown>): Promise<string> {
  const result = await owner.gql<{ saveBooking: { id: string } }>(SAVE, { t: tenantId, input: { name: person.name, mail: person.mail, comment: person.comment, ...input } });
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.saveBooking.id;
}

const itemsAt = (room: { id: string }, hour: number, day = DAY) => ({ bookableItems: [{ bookableId: room.id, amount: 1 }], timeBegin: iso(slot(hour, day).timeBegin), timeEnd: iso(slot(hour, day).timeEnd) });

async function occupancyToken(): Promise<string> {
  const result = await owner.gql<{ createApiToken: { secret: string } }>(CREATE_TOKEN, { t: tenantId, input: { name: 'Foyer-Anzeige', preset: 'OCCUPANCY_READ' } });
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.createApiToken.secret;
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'schedule');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
  hall = await bookableRoom(app, tenantId, { title: 'Großer Saal' });
  foyer = await bookableRoom(app, tenantId, { title: 'Foyer' });
  hidden = await bookableRoom(app, tenantId, { title: 'Besprechungsraum Verwaltung', isPublic: false });
});
afterAll(async () => app?.close());

describe('roomSchedule and GET calendar/schedule', () => {
  it('answer each object’s occupied slots with their status, leave rejected ones out and carry no customer data', async () => {
    const pending = await checkout(hall, 9);
    const released = await checkout(hall, 11);
    expect((await owner.post(`/api/${tenantId}/bookings/${released}/commit`)).status).toBe(200);
    const rejected = await checkout(hall, 14);
    expect((await owner.post(`/api/${tenantId}/bookings/${rejected}/reject`, { reason: 'Doppelt' })).status).toBe(200);
    const outside = await checkout(hall, 10, '2027-03-20');

    const graphql = await guest.gql<{ roomSchedule: Schedule[] }>(SCHEDULE, { t: tenantId, ids: [hall.id], from: FROM, to: TO });
    expect(graphql.errors, JSON.stringify(graphql.errors)).toBeUndefined();
    expect(graphql.data?.roomSchedule).toEqual([
      {
        bookableId: hall.id,
        title: 'Großer Saal',
        slots: [
          { bookingId: pending, bookableId: hall.id, title: 'Großer Saal', timeBegin: iso(slot(9, DAY).timeBegin), timeEnd: iso(slot(9, DAY).timeEnd), status: 'PENDING' },
          { bookingId: released, bookableId: hall.id, title: 'Großer Saal', timeBegin: iso(slot(11, DAY).timeBegin), timeEnd: iso(slot(11, DAY).timeEnd), status: 'CONFIRMED' },
        ],
      },
    ]);

    const rest = await guest.get(scheduleUrl([hall.id]));
    expect(rest.status, rest.text).toBe(200);
    const schedules = rest.json as Schedule[];
    expect(schedules.map((schedule) => schedule.slots.map((entry) => [entry.bookingId, entry.status]))).toEqual([[[pending, 'PENDING'], [released, 'CONFIRMED']]]);
    expect(schedules[0]!.slots[0]).toEqual({ bookingId: pending, bookableId: hall.id, title: 'Großer Saal', timeBegin: slot(9, DAY).timeBegin, timeEnd: slot(9, DAY).timeEnd, status: 'PENDING' });
    for (const text of [rest.text, JSON.stringify(graphql.data)]) {
      for (const personal of personalTexts) expect(text).not.toContain(personal);
      for (const field of ['name', 'mail', 'phone', 'company', 'comment', 'priceEur', 'street']) expect(text).not.toContain(`"${field}"`);
      expect(text).not.toContain(rejected);
      expect(text).not.toContain(outside);
    }
  });

  it('show a booking of a dependent object in its parent’s schedule, naming the part that was booked', async () => {
    const part = await bookableRoom(app, tenantId, { title: 'Saalhälfte Nord' });
    const whole = await bookableRoom(app, tenantId, { title: 'Ganzer Festsaal', relatedBookableIds: [part.id] });
    const booking = await checkout(part, 10, '2027-03-05');
    const response = await guest.get(scheduleUrl([whole.id, part.id]));
    expect(response.status, response.text).toBe(200);
    const [ofWhole, ofPart] = response.json as Schedule[];
    expect(ofWhole).toMatchObject({ bookableId: whole.id, title: 'Ganzer Festsaal', slots: [{ bookingId: booking, bookableId: part.id, title: 'Saalhälfte Nord', status: 'PENDING' }] });
    expect(ofPart).toMatchObject({ bookableId: part.id, slots: [{ bookingId: booking, bookableId: part.id }] });
  });

  it('refuse a window longer than 62 days, a reversed one and a request without objects', async () => {
    const tooLong = await guest.gql(SCHEDULE, { t: tenantId, ids: [hall.id], from: FROM, to: testInstant('2027-05-03T00:00:01.000Z') });
    expect(tooLong.errors?.[0]?.extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { to: 'Der Zeitraum darf höchstens 62 Tage umfassen.' } });
    const exactly = await guest.gql(SCHEDULE, { t: tenantId, ids: [hall.id], from: FROM, to: testInstant('2027-05-02T00:00:00.000Z') });
    expect(exactly.errors).toBeUndefined();

    const restTooLong = await guest.get(scheduleUrl([hall.id], FROM, testInstant('2027-06-01T00:00:00.000Z')));
    expect(restTooLong.status).toBe(400);
    expect(restTooLong.contentType).toContain('application/problem+json');
    expect(restTooLong.json).toMatchObject({ code: 'generic.validation', errors: { to: 'Der Zeitraum darf höchstens 62 Tage umfassen.' } });
    const reversed = await guest.get(scheduleUrl([hall.id], TO, FROM));
    expect(reversed.json).toMatchObject({ errors: { to: 'Das Ende des Zeitraums muss nach seinem Beginn liegen.' } });
    const bare = await guest.get(`/api/${tenantId}/calendar/schedule`);
    expect(bare.status).toBe(400);
    expect(bare.json).toMatchObject({ errors: { ids: 'Bitte geben Sie mindestens ein Objekt an.', from: 'Pflichtfeld', to: 'Pflichtfeld' } });
  });

  it('show an object hidden from the public only to staff who read bookings; everyone else gets not found', async () => {
    const booking = await save(itemsAt(hidden, 10));
    const anonymous = await guest.gql(SCHEDULE, { t: tenantId, ids: [hall.id, hidden.id], from: FROM, to: TO });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
    expect(JSON.stringify(anonymous)).not.toContain(booking);
    expect((await guest.get(scheduleUrl([hidden.id]))).status).toBe(404);
    expect((await actors.clients.memberWithoutFlag.get(scheduleUrl([hidden.id]))).status).toBe(404);
    expect((await guest.get(scheduleUrl(['00000000-0000-4000-8000-000000000000']))).status).toBe(404);
    // Another tenant's object is unknown here.
    const foreign = await bookableRoom(app, actors.otherTenant.id);
    expect((await owner.get(scheduleUrl([foreign.id]))).status).toBe(404);

    for (const staff of [actors.clients.memberAny, actors.clients.memberOwnOnly, owner]) {
      const response = await staff.get(scheduleUrl([hidden.id]));
      expect(response.status, response.text).toBe(200);
      expect((response.json as Schedule[])[0]!.slots.map((entry) => entry.bookingId)).toEqual([booking]);
      for (const personal of personalTexts) expect(response.text).not.toContain(personal);
    }
    const graphql = await actors.clients.memberAny.gql<{ roomSchedule: Schedule[] }>(SCHEDULE, { t: tenantId, ids: [hidden.id], from: FROM, to: TO });
    expect(graphql.data?.roomSchedule[0]?.slots).toEqual([expect.objectContaining({ bookingId: booking, bookableId: hidden.id, title: 'Besprechungsraum Verwaltung' })]);
  });

  it('an OCCUPANCY_READ token reads the public objects’ schedule, not the hidden one’s', async () => {
    const secret = await occupancyToken();
    const display = app.client({ ip: '10.55.0.7' });
    const response = await display.get(scheduleUrl([hall.id, foyer.id]), bearer(secret));
    expect(response.status, response.text).toBe(200);
    expect((response.json as Schedule[]).map((schedule) => schedule.bookableId)).toEqual([hall.id, foyer.id]);
    for (const personal of personalTexts) expect(response.text).not.toContain(personal);
    const graphql = await display.gql<{ roomSchedule: Schedule[] }>(SCHEDULE, { t: tenantId, ids: [hall.id], from: FROM, to: TO }, bearer(secret));
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data?.roomSchedule[0]?.slots.length).toBeGreaterThan(0);
    expect((await display.get(scheduleUrl([hidden.id]), bearer(secret))).status).toBe(404);
  });
});

describe('the roomScheduleChanged subscription', () => {
  /** Repeats the action until the subscription has delivered something (the socket subscribes asynchronously). */
  async function warmUp(subscription: SubscriptionRecorder<Change>, action: () => Promise<unknown>): Promise<void> {
    for (let attempt = 0; subscription.results.length === 0; attempt += 1) {
      expect(attempt, 'the subscription never delivered').toBeLessThan(50);
      if (subscription.error !== undefined) throw new Error(JSON.stringify(subscription.error));
      await action();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('tells the public of a created, moved and deleted booking with the objects it touched, before and after, and nothing personal', async () => {
    const ping = await checkout(hall, 8, '2027-03-03');
    const ws = graphqlWsClient(app.url);
    const subscription = new SubscriptionRecorder<Change>(ws, CHANGED, { t: tenantId, ids: [hall.id, foyer.id] });
    try {
      await warmUp(subscription, () => owner.post(`/api/${tenantId}/bookings/${ping}/commit`));
      const booking = await checkout(hall, 16, '2027-03-03');
      const eventOf = (action: string) =>
        subscription.waitFor((result) => result.data?.roomScheduleChanged.bookingId === booking && result.data.roomScheduleChanged.action === action);
      expect((await eventOf('CREATED')).data?.roomScheduleChanged).toEqual({ tenantId, bookingId: booking, action: 'CREATED', bookableIds: [hall.id] });

      await save({ id: booking, ...itemsAt(foyer, 16, '2027-03-03') });
      expect((await eventOf('UPDATED')).data?.roomScheduleChanged.bookableIds).toEqual([hall.id, foyer.id]);

      const deleted = await owner.gql(DELETE, { t: tenantId, id: booking });
      expect(deleted.errors).toBeUndefined();
      expect((await eventOf('DELETED')).data?.roomScheduleChanged).toEqual({ tenantId, bookingId: booking, action: 'DELETED', bookableIds: [foyer.id] });

      // A booking of objects nobody here watches does not reach this subscription.
      const elsewhere = await save(itemsAt(hidden, 16, '2027-03-03'));
      const late = await checkout(foyer, 18, '2027-03-03');
      await subscription.waitFor((result) => result.data?.roomScheduleChanged.bookingId === late);
      expect(subscription.results.some((result) => result.data?.roomScheduleChanged.bookingId === elsewhere)).toBe(false);
      const text = JSON.stringify(subscription.results);
      for (const personal of personalTexts) expect(text).not.toContain(personal);
      expect(subscription.results.every((result) => result.errors === undefined)).toBe(true);
    } finally {
      subscription.stop();
      await ws.dispose();
    }
  });

  it('a hidden object may be watched by staff and an OCCUPANCY_READ token may watch public ones; the public is refused the hidden one', async () => {
    const anonymousWs = graphqlWsClient(app.url);
    const refused = new SubscriptionRecorder<Change>(anonymousWs, CHANGED, { t: tenantId, ids: [hidden.id] });
    const secret = await occupancyToken();
    const tokenWs = graphqlWsClient(app.url, { connectionParams: { authorization: `Bearer ${secret}` } });
    const display = new SubscriptionRecorder<Change>(tokenWs, CHANGED, { t: tenantId, ids: [foyer.id] });
    const staffWs = graphqlWsClient(app.url, { cookie: actors.clients.memberAny.cookieHeader() });
    const staff = new SubscriptionRecorder<Change>(staffWs, CHANGED, { t: tenantId, ids: [hidden.id] });
    try {
      const refusal = await refused.waitFor((result) => result.errors !== undefined);
      expect(refusal.errors?.[0]?.extensions?.code).toBe('GENERIC_NOT_FOUND');
      const ping = await save(itemsAt(hidden, 7, '2027-03-04'));
      await warmUp(staff, () => owner.post(`/api/${tenantId}/bookings/${ping}/commit`));
      const foyerPing = await checkout(foyer, 7, '2027-03-04');
      await warmUp(display, () => owner.post(`/api/${tenantId}/bookings/${foyerPing}/commit`));

      const inHidden = await save(itemsAt(hidden, 12, '2027-03-04'));
      const inFoyer = await checkout(foyer, 12, '2027-03-04');
      expect((await staff.waitFor((result) => result.data?.roomScheduleChanged.bookingId === inHidden)).data?.roomScheduleChanged.bookableIds).toEqual([hidden.id]);
      expect((await display.waitFor((result) => result.data?.roomScheduleChanged.bookingId === inFoyer)).data?.roomScheduleChanged).toMatchObject({ action: 'CREATED', bookableIds: [foyer.id] });
      expect(display.results.some((result) => result.data?.roomScheduleChanged.bookingId === inHidden)).toBe(false);
    } finally {
      for (const recorder of [refused, display, staff]) recorder.stop();
      await Promise.all([anonymousWs.dispose(), tokenWs.dispose(), staffWs.dispose()]);
    }
  });
});
