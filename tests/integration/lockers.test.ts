import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { LOCKER_ACTIVATE_JOB, LOCKER_JOB_ATTEMPTS } from '../../server/src/bookings/booking-lockers.js';
import type { LockerReservation } from '../../server/src/bookings/booking.model.js';
import type { StandInLockerSystem } from '../../server/src/lockers/stand-in-locker-system.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { makeRetriesDue, queuedJobs, waitForSettledQueue } from '../support/job-queue.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';
import { bookingCount, customer, slot, storedBooking } from './bookings.fixtures.js';
import { testDayGerman } from '../support/test-calendar.js';

/**
 * Lockers that come with booked objects: a checkout reserves free units of the objects' unit groups
 * under the objects' locks, too few free units answer 409, a rejected, cancelled or deleted booking
 * frees them, and the locker system (here the stand-in of the test process: the tenant's pareva
 * application has no server URL) is told through the job queue, a failure after every retry being
 * recorded on the booking.
 */
let app: TestApp;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;
let standIn: StandInLockerSystem;
const TENANT_NAME = 'Radstation Musterstadt';
const OWNER = { id: 'inhaber@radstation.example', password: 'inhaber-passwort-1' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST answers are read as plain JSON
type Json = any;

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, OWNER);
  tenantId = (await createTenant(app.orm, { name: TENANT_NAME, owners: [OWNER.id] })).id;
  const em = app.orm.em.fork();
  const tenant = await em.findOneOrFail(Tenant, { id: tenantId });
  tenant.mail = 'radstation@musterstadt.example';
  tenant.applications = [{ id: 'pareva', type: 'locker', title: 'Pareva Schließfächer', active: true, serverUrl: '', apiKey: '', lockerId: 'RADSTATION', user: '', password: null }];
  await em.flush();
  owner = app.client();
  await signIn(owner, OWNER.id, OWNER.password);
  guest = app.client();
  standIn = app.app.services.lockers.standIn;
});
afterEach(() => standIn.failWith(null));
afterAll(async () => app?.close());

let bikes = 0;
/** Bikes (plenty of them) booked by the hour, free of charge, released at checkout unless told otherwise; each bike wants one unit of the group. */
function bikeWithLockers(units: { id: string; amount: number }[], data: Partial<Bookable> = {}) {
  return storeBookable(app, tenantId, {
    title: `Lastenrad ${++bikes}`,
    isBookable: true,
    isPublic: true,
    isScheduleRelated: true,
    amount: 20,
    autoCommitBooking: true,
    priceCategories: [],
    lockerDetails: { active: true, units: units.map((unit) => ({ lockerSystem: 'pareva', ...unit })) },
    ...data,
  });
}

const checkout = (bookable: Bookable, window: { timeBegin: number; timeEnd: number }, amount = 1, mail = customer.mail) =>
  guest.post(`/api/${tenantId}/checkout`, { ...window, bookableItems: [{ bookableId: bookable.id, amount }], ...customer, mail });

const lockersOf = async (number: string): Promise<LockerReservation[]> => (await storedBooking(app, tenantId, number))?.lockerInfo ?? [];
const bookingsUrl = (path = '') => `/api/${tenantId}/bookings${path}`;

/** The booking's locker entries in its history, oldest first, as the job recorded them (system, job). */
async function lockerHistoryOf(bookingId: string): Promise<{ before: unknown; after: unknown; reason: string | null }[]> {
  const response = await owner.get(bookingsUrl(`/${bookingId}/history?first=100`));
  expect(response.status, response.text).toBe(200);
  const entries: Json[] = response.json.entries;
  return entries
    .filter((entry) => entry.action === 'locker_updated')
    .reverse()
    .map((entry) => {
      expect(entry).toMatchObject({ actor: { kind: 'system' }, via: 'job' });
      return { before: entry.changes[0].before, after: entry.changes[0].after, reason: entry.reason };
    });
}

describe('a checkout of an object with lockers', () => {
  it('reserves the units, shows them in REST and GraphQL, has the stand-in open them and names them in the confirmation', async () => {
    const bike = await bikeWithLockers([{ id: 'FACH-A', amount: 2 }]);
    const window = slot(10, '2027-12-06', 3);
    const response = await checkout(bike, window, 1, 'reserviert@example.com');
    expect(response.status, response.text).toBe(200);
    const booking: Json = response.json;
    expect(booking.isCommitted).toBe(true);
    expect(booking.lockerInfo).toEqual([{ id: expect.any(String), lockerSystem: 'pareva', unitId: 'FACH-A', bookableId: bike.id, amount: 1, state: 'reserved' }]);
    const reservationId = booking.lockerInfo[0].id;

    await waitForSettledQueue(app.orm);
    expect(standIn.calls.filter((call) => call.reservationId === reservationId)).toEqual([
      expect.objectContaining({ action: 'activate', tenantId, bookingId: booking.id, unitId: 'FACH-A', amount: 1, begin: new Date(window.timeBegin), end: new Date(window.timeEnd) }),
    ]);
    expect(await lockersOf(booking.id)).toEqual([expect.objectContaining({ id: reservationId, state: 'active', lastError: null })]);

    const rest = await owner.get(bookingsUrl(`/${booking.id}`));
    expect(rest.json.lockerInfo).toEqual([expect.objectContaining({ unitId: 'FACH-A', state: 'active' })]);
    const viaGraphql = await owner.gql<{ booking: { lockerInfo: Json[] } }>(
      'query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { lockerInfo { id lockerSystem unitId bookableId amount state lastError } } }',
      { t: tenantId, id: booking.id },
    );
    expect(viaGraphql.data?.booking.lockerInfo).toEqual([{ id: reservationId, lockerSystem: 'pareva', unitId: 'FACH-A', bookableId: bike.id, amount: 1, state: 'active', lastError: null }]);
    expect(await lockerHistoryOf(booking.id)).toEqual([{ before: 'Fach FACH-A (1×): reserviert', after: 'Fach FACH-A (1×): aktiv', reason: null }]);

    const mail = await app.smtp.waitForMail('reserviert@example.com', `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`);
    expect(mail.text).toContain('Schließfächer');
    expect(mail.text).toContain(`Ein Schließfach „FACH-A“ zu ${bike.title}, nutzbar vom ${testDayGerman('2027-12-06')}, 10:00 bis ${testDayGerman('2027-12-06')}, 13:00`);
  });

  it('refuses with 409 when too few units are free, over REST and GraphQL, and stores nothing', async () => {
    const bike = await bikeWithLockers([{ id: 'FACH-B', amount: 2 }]);
    const window = slot(10, '2027-12-07');
    expect((await checkout(bike, window, 2)).status).toBe(200);
    const before = await bookingCount(app, tenantId);

    const refused = await checkout(bike, slot(10, '2027-12-07', 2));
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json).toMatchObject({ code: 'booking.lockers-unavailable', title: 'Schließfächer nicht verfügbar' });
    expect(refused.json.detail).toContain('Für den gewählten Zeitraum sind nicht genug Schließfächer frei');

    const viaGraphql = await guest.gql(
      'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }',
      { t: tenantId, input: { timeBegin: new Date(window.timeBegin).toISOString(), timeEnd: new Date(window.timeEnd).toISOString(), bookableItems: [{ bookableId: bike.id, amount: 1 }], ...customer } },
    );
    expect(viaGraphql.errors?.[0]?.extensions?.code, JSON.stringify(viaGraphql.errors)).toBe('BOOKING_LOCKERS_UNAVAILABLE');
    // The preview refuses alike; an adjacent window has all units again.
    expect((await guest.post(`/api/${tenantId}/checkout?simulate=true`, { ...window, bookableItems: [{ bookableId: bike.id, amount: 1 }], ...customer })).status).toBe(409);
    expect(await bookingCount(app, tenantId)).toBe(before);
    expect((await checkout(bike, slot(11, '2027-12-07'), 2)).status).toBe(200);
  });

  it('objects that share a unit group share its units', async () => {
    const cargo = await bikeWithLockers([{ id: 'FACH-GEMEINSAM', amount: 1 }]);
    const trailer = await bikeWithLockers([{ id: 'FACH-GEMEINSAM', amount: 1 }]);
    const window = slot(10, '2027-12-08');
    expect((await checkout(cargo, window)).status).toBe(200);
    expect((await checkout(trailer, window)).json?.code).toBe('booking.lockers-unavailable');
  });

  it('reserves nothing while the locker application is inactive', async () => {
    const bike = await bikeWithLockers([{ id: 'FACH-AUS', amount: 1 }]);
    const em = app.orm.em.fork();
    const tenant = await em.findOneOrFail(Tenant, { id: tenantId });
    const applications = tenant.applications;
    tenant.applications = applications.map((application) => ({ ...application, active: false }));
    await em.flush();
    try {
      const response = await checkout(bike, slot(10, '2027-12-09'));
      expect(response.status, response.text).toBe(200);
      expect(response.json.lockerInfo).toEqual([]);
    } finally {
      tenant.applications = applications;
      await em.flush();
    }
  });
});

describe('units held by bookings that no longer hold them', () => {
  it('a rejected request frees its units at once without calling the locker system; releasing it again reserves anew', async () => {
    const bike = await bikeWithLockers([{ id: 'FACH-C', amount: 1 }], { autoCommitBooking: false });
    const window = slot(10, '2027-12-13');
    const request: Json = (await checkout(bike, window)).json;
    expect(request.isCommitted).toBe(false);
    expect((await checkout(bike, window)).status).toBe(409);

    expect((await owner.post(bookingsUrl(`/${request.id}/reject`), { reason: 'Wartung' })).status).toBe(200);
    await waitForSettledQueue(app.orm);
    expect(await lockersOf(request.id)).toEqual([expect.objectContaining({ state: 'released' })]);
    expect(standIn.calls.filter((call) => call.bookingId === request.id)).toEqual([]);

    const other: Json = (await checkout(bike, window)).json;
    expect(other.lockerInfo).toEqual([expect.objectContaining({ unitId: 'FACH-C', state: 'reserved' })]);
    // The first booking cannot be released again while the other holds the only unit.
    const refused = await owner.post(bookingsUrl(`/${request.id}/commit`));
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('booking.lockers-unavailable');
  });

  it('a cancelled booking gives its opened units back through the locker system', async () => {
    const bike = await bikeWithLockers([{ id: 'FACH-D', amount: 1 }]);
    const window = slot(10, '2027-12-14');
    const booking: Json = (await checkout(bike, window)).json;
    await waitForSettledQueue(app.orm);
    expect(await lockersOf(booking.id)).toEqual([expect.objectContaining({ state: 'active' })]);

    expect((await owner.post(bookingsUrl(`/${booking.id}/reject`), { reason: 'Storniert' })).status).toBe(200);
    await waitForSettledQueue(app.orm);
    expect(standIn.calls.filter((call) => call.bookingId === booking.id).map((call) => call.action)).toEqual(['activate', 'release']);
    expect(await lockersOf(booking.id)).toEqual([expect.objectContaining({ state: 'released', lastError: null })]);
    expect(standIn.openReservations().has(booking.lockerInfo[0].id)).toBe(false);
    expect((await checkout(bike, window)).status).toBe(200);
  });

  it('a deleted booking gives its units back after it is gone', async () => {
    const bike = await bikeWithLockers([{ id: 'FACH-E', amount: 1 }]);
    const window = slot(10, '2027-12-15');
    const booking: Json = (await checkout(bike, window)).json;
    await waitForSettledQueue(app.orm);
    expect((await checkout(bike, window)).status).toBe(409);

    expect((await owner.request('DELETE', bookingsUrl(`/${booking.id}`))).status).toBe(200);
    await waitForSettledQueue(app.orm);
    expect(standIn.calls.filter((call) => call.bookingId === booking.id).map((call) => call.action)).toEqual(['activate', 'release']);
    expect((await checkout(bike, window)).status).toBe(200);
  });
});

describe('staff editing bookings of objects with lockers', () => {
  it('a booking staff create reserves and opens units; moving another booking into the full period is refused; moving it back out frees them', async () => {
    const bike = await bikeWithLockers([{ id: 'FACH-G', amount: 1 }]);
    const window = slot(10, '2027-12-20');
    const put = (body: Record<string, unknown>) => owner.put(bookingsUrl(), { ...customer, bookableItems: [{ bookableId: bike.id, amount: 1 }], ...body });
    const created = await put({ ...window, isCommitted: true });
    expect(created.status, created.text).toBe(200);
    await waitForSettledQueue(app.orm);
    expect(await lockersOf(created.json.id)).toEqual([expect.objectContaining({ unitId: 'FACH-G', state: 'active' })]);

    const later: Json = (await checkout(bike, slot(12, '2027-12-20'))).json;
    const moved = await put({ id: later.id, ...window });
    expect(moved.status, moved.text).toBe(409);
    expect(moved.json.code).toBe('booking.lockers-unavailable');

    // The first booking moves to another day: its opened units are given back for the old period and opened for the new one.
    // (An update answers 201, a creation 200.)
    expect((await put({ id: created.json.id, ...slot(10, '2027-12-21') })).status).toBe(201);
    await waitForSettledQueue(app.orm);
    // Two jobs of their own, run in either order.
    const calls = standIn.calls.filter((call) => call.bookingId === created.json.id).map((call) => `${call.action} ${call.begin.toISOString()}`);
    expect(calls.sort()).toEqual(
      [`activate ${new Date(window.timeBegin).toISOString()}`, `release ${new Date(window.timeBegin).toISOString()}`, `activate ${new Date(slot(10, '2027-12-21').timeBegin).toISOString()}`].sort(),
    );
    expect((await put({ id: later.id, ...window })).status).toBe(201);
  });
});

describe('staff removing an object with lockers from a booking', () => {
  it('gives its units back and keeps the others', async () => {
    const bike = await bikeWithLockers([{ id: 'FACH-H', amount: 1 }]);
    const trailer = await bikeWithLockers([{ id: 'FACH-I', amount: 1 }]);
    const window = slot(10, '2027-12-22');
    const booking: Json = (
      await guest.post(`/api/${tenantId}/checkout`, { ...window, bookableItems: [{ bookableId: bike.id, amount: 1 }, { bookableId: trailer.id, amount: 1 }], ...customer })
    ).json;
    await waitForSettledQueue(app.orm);
    expect((await lockersOf(booking.id)).map((unit) => [unit.unitId, unit.state])).toEqual([
      ['FACH-H', 'active'],
      ['FACH-I', 'active'],
    ]);

    const edited = await owner.put(bookingsUrl(), { id: booking.id, bookableItems: [{ bookableId: trailer.id, amount: 1 }] });
    expect(edited.status, edited.text).toBe(201);
    await waitForSettledQueue(app.orm);
    expect((await lockersOf(booking.id)).map((unit) => [unit.unitId, unit.state])).toEqual([
      ['FACH-H', 'released'],
      ['FACH-I', 'active'],
    ]);
    expect(standIn.calls.filter((call) => call.bookingId === booking.id && call.action === 'release').map((call) => call.unitId)).toEqual(['FACH-H']);
    expect((await checkout(bike, window)).status).toBe(200);
    expect((await checkout(trailer, window)).status).toBe(409);
  });
});

describe('a locker system that keeps failing', () => {
  it('leaves the complaint on the booking while the queue retries, and marks the units failed after the last attempt', async () => {
    const bike = await bikeWithLockers([{ id: 'FACH-F', amount: 1 }]);
    standIn.failWith('Pareva-Testsystem nicht erreichbar');
    const booking: Json = (await checkout(bike, slot(10, '2027-12-16'))).json;
    const jobOf = async () => (await queuedJobs(app.orm, LOCKER_ACTIVATE_JOB)).find((job) => job.payload.bookingId === booking.id);
    const attempted = async (attempts: number) => {
      const deadline = Date.now() + 10_000;
      while (((await jobOf())?.attempts ?? 0) < attempts || (await lockersOf(booking.id))[0]?.lastError == null) {
        if (Date.now() > deadline) throw new Error(`Versuch ${attempts} kam nicht`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await waitForSettledQueue(app.orm);
    };

    await attempted(1);
    expect(await lockersOf(booking.id)).toEqual([expect.objectContaining({ state: 'reserved', lastError: 'Pareva-Testsystem nicht erreichbar' })]);
    for (let attempt = 2; attempt <= LOCKER_JOB_ATTEMPTS; attempt++) {
      await makeRetriesDue(app.orm);
      await attempted(attempt);
    }
    expect((await jobOf())?.attempts).toBe(LOCKER_JOB_ATTEMPTS);
    expect(await lockersOf(booking.id)).toEqual([expect.objectContaining({ state: 'failed', lastError: 'Pareva-Testsystem nicht erreichbar' })]);
    const viaGraphql = await owner.gql<{ booking: { lockerInfo: { state: string; lastError: string }[] } }>('query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { lockerInfo { state lastError } } }', {
      t: tenantId,
      id: booking.id,
    });
    expect(viaGraphql.data?.booking.lockerInfo).toEqual([{ state: 'failed', lastError: 'Pareva-Testsystem nicht erreichbar' }]);
    expect(standIn.calls.filter((call) => call.bookingId === booking.id)).toEqual([]);
    // The history has the first complaint and the final failure, not each retry with the same words.
    expect(await lockerHistoryOf(booking.id)).toEqual([
      { before: 'Fach FACH-F (1×): reserviert', after: 'Fach FACH-F (1×): reserviert', reason: 'Pareva-Testsystem nicht erreichbar' },
      { before: 'Fach FACH-F (1×): reserviert', after: 'Fach FACH-F (1×): fehlgeschlagen', reason: 'Pareva-Testsystem nicht erreichbar' },
    ]);
  }, 60_000);
});
