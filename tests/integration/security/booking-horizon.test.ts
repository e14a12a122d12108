import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinInstant } from '../../../common/time/berlin.js';
import { Tenant } from '../../../server/src/tenants/tenant.entity.js';
import { createTenant, createUser, signIn } from '../../support/fixtures.js';
import type { HttpClient } from '../../support/http.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { bookableRoom, bookingCount, customer, storedBooking } from '../bookings.fixtures.js';

/**
 * The booking horizon: nobody, guest or staff, blocks an object for years. Every tenant has one
 * (by default bookings of objects booked by time end at most 730 days ahead and last at most 31
 * days, unless an object's own maximum duration is longer), set in the tenant editor. A window
 * beyond it answers 400 with a German message at timeEnd (or timeBegin) and stores nothing.
 */
let app: TestApp;
let tenantId: string;
let staff: HttpClient;
let guest: HttpClient;

const OWNER = { id: 'inhaber@horizont.example', password: 'inhaber-passwort' };
const DAY_MS = 86_400_000;
/** 10:00 Berlin time of a day. */
const at = (day: string) => berlinInstant(day, '10:00').getTime();
const TEN_YEARS = { timeBegin: at('2027-01-04'), timeEnd: at('2037-01-04') };
const TOO_FAR = 'Eine Buchung darf höchstens 730 Tage im Voraus enden.';
const TOO_LONG = 'Eine Buchung darf höchstens 31 Tage dauern.';
const DAYS_MESSAGE = 'Muss eine ganze Zahl von 1 bis 36500 sein.';
const UPDATE = 'mutation($id: ID!, $input: TenantInput!) { updateTenant(id: $id, input: $input) { id bookingHorizonDays maxBookingDays } }';

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, OWNER);
  tenantId = (await createTenant(app.orm, { name: 'Stadthalle Horizont', owners: [OWNER.id] })).id;
  const em = app.orm.em.fork();
  Object.assign(await em.findOneOrFail(Tenant, { id: tenantId }), {
    contactName: 'Frau Horizont',
    location: 'Marktplatz 1, 12345 Musterstadt',
    mail: 'halle@horizont.example',
    phone: '0123 456',
    website: 'https://horizont.example',
  });
  await em.flush();
  staff = app.client();
  await signIn(staff, OWNER.id, OWNER.password);
  guest = app.client();
});
afterAll(async () => app?.close());

const checkout = (body: Record<string, unknown>, simulate = false) => guest.post(`/api/${tenantId}/checkout?simulate=${simulate}`, body);
const itemsOf = (bookableId: string) => ({ bookableItems: [{ bookableId, amount: 1 }] });

async function setTenant(changes: Partial<Pick<Tenant, 'bookingHorizonDays' | 'maxBookingDays'>>): Promise<void> {
  const em = app.orm.em.fork();
  Object.assign(await em.findOneOrFail(Tenant, { id: tenantId }), changes);
  await em.flush();
}

describe('checkout', () => {
  it('a guest cannot block an object without a maximum duration for ten years: checkout, its preview and GraphQL answer 400 at timeEnd; nothing is stored', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Saal ohne Höchstdauer', maxBookingDuration: null });
    const before = await bookingCount(app, tenantId);
    for (const simulate of [false, true]) {
      const response = await checkout({ ...TEN_YEARS, ...itemsOf(room.id), ...customer }, simulate);
      expect(response.status, response.text).toBe(400);
      expect(response.contentType).toContain('application/problem+json');
      expect(response.json).toMatchObject({ code: 'generic.validation', errors: { timeEnd: TOO_FAR } });
    }
    const graphql = await guest.gql('mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }', {
      t: tenantId,
      input: { timeBegin: new Date(TEN_YEARS.timeBegin).toISOString(), timeEnd: new Date(TEN_YEARS.timeEnd).toISOString(), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer },
    });
    expect(graphql.errors?.[0]?.extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { timeEnd: TOO_FAR } });
    expect(await bookingCount(app, tenantId)).toBe(before);
  });

  it('a booking may last 31 days, not a minute more; an object whose own maximum is longer allows its own', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Lagerraum' });
    const month = { timeBegin: at('2027-03-01'), timeEnd: at('2027-04-01') };
    const longer = await checkout({ ...month, timeEnd: month.timeEnd + 60_000, ...itemsOf(room.id), ...customer });
    expect(longer.status, longer.text).toBe(400);
    expect(longer.json.errors).toEqual({ timeEnd: TOO_LONG });
    expect((await checkout({ ...month, ...itemsOf(room.id), ...customer })).status).toBe(200);

    const hall = await bookableRoom(app, tenantId, { title: 'Festhalle für Messen', maxBookingDuration: 50 * 24 });
    expect((await checkout({ timeBegin: at('2027-05-03'), timeEnd: at('2027-05-03') + 45 * DAY_MS, ...itemsOf(hall.id), ...customer })).status).toBe(200);
    const beyondOwn = await checkout({ timeBegin: at('2027-08-02'), timeEnd: at('2027-08-02') + 51 * DAY_MS, ...itemsOf(hall.id), ...customer });
    expect(beyondOwn.status, beyondOwn.text).toBe(400);
    expect(beyondOwn.json.errors).toEqual({ timeEnd: 'Eine Buchung darf höchstens 50 Tage dauern.' });
  });

  it('a booking beginning beyond the horizon names timeBegin', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Probenraum' });
    const response = await checkout({ timeBegin: Date.now() + 800 * DAY_MS, timeEnd: Date.now() + 800 * DAY_MS + 3_600_000, ...itemsOf(room.id), ...customer });
    expect(response.status, response.text).toBe(400);
    expect(response.json.errors).toEqual({ timeBegin: 'Buchungen sind höchstens 730 Tage im Voraus möglich.' });
  });
});

describe('staff', () => {
  const staffPut = (body: Record<string, unknown>) => staff.put(`/api/${tenantId}/bookings`, body);

  it('are held to the same horizon in the editor (REST and saveBooking); an overlong booking stored earlier can be corrected and shortened, never lengthened', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Gemeindesaal' });
    const tenYears = await staffPut({ ...TEN_YEARS, ...itemsOf(room.id), ...customer });
    expect(tenYears.status, tenYears.text).toBe(400);
    expect(tenYears.json.errors).toEqual({ timeEnd: TOO_FAR });
    const graphql = await staff.gql('mutation($t: ID!, $input: BookingInput!) { saveBooking(tenantId: $t, input: $input) { id } }', {
      t: tenantId,
      input: { timeBegin: new Date(at('2027-06-01')).toISOString(), timeEnd: new Date(at('2027-09-01')).toISOString(), bookableItems: [{ bookableId: room.id, amount: 1 }], name: 'Lang', mail: 'lang@kunden.example' },
    });
    expect(graphql.errors?.[0]?.extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { timeEnd: TOO_LONG } });

    // Stored while the tenant allowed a hundred days.
    await setTenant({ maxBookingDays: 100 });
    const stored = await staffPut({ timeBegin: at('2027-01-11'), timeEnd: at('2027-01-11') + 90 * DAY_MS, ...itemsOf(room.id), ...customer });
    expect(stored.status, stored.text).toBe(200);
    await setTenant({ maxBookingDays: 31 });

    const corrected = await staffPut({ id: stored.json.id, timeBegin: at('2027-01-11'), timeEnd: at('2027-01-11') + 90 * DAY_MS, ...itemsOf(room.id), ...customer, phone: '0999' });
    expect(corrected.status, corrected.text).toBe(201);
    const shortened = await staffPut({ id: stored.json.id, timeBegin: at('2027-01-11'), timeEnd: at('2027-01-11') + 60 * DAY_MS, ...itemsOf(room.id), ...customer });
    expect(shortened.status, shortened.text).toBe(201);
    const lengthened = await staffPut({ id: stored.json.id, timeBegin: at('2027-01-11'), timeEnd: at('2027-01-11') + 61 * DAY_MS, ...itemsOf(room.id), ...customer });
    expect(lengthened.status, lengthened.text).toBe(400);
    expect(lengthened.json.errors).toEqual({ timeEnd: TOO_LONG });
    expect((await storedBooking(app, tenantId, stored.json.id))?.timeEnd?.getTime()).toBe(at('2027-01-11') + 60 * DAY_MS);
  });
});

describe('the tenant sets its horizon', () => {
  it('updateTenant and PUT api/tenants store bookingHorizonDays and maxBookingDays; 0, empty or text answer 400 with the German message', async () => {
    const bad = await staff.gql(UPDATE, { id: tenantId, input: { bookingHorizonDays: 0, maxBookingDays: null } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { bookingHorizonDays: DAYS_MESSAGE, maxBookingDays: DAYS_MESSAGE } });
    const text = await staff.put('/api/tenants', { id: tenantId, maxBookingDays: 'viel' });
    expect(text.status, text.text).toBe(400);
    expect(text.json.errors).toEqual({ maxBookingDays: DAYS_MESSAGE });
    const tooMany = await staff.put('/api/tenants', { id: tenantId, bookingHorizonDays: 36_501 });
    expect(tooMany.json.errors).toEqual({ bookingHorizonDays: DAYS_MESSAGE });

    const shown = await staff.get(`/api/tenants/${tenantId}`);
    expect(shown.json).toMatchObject({ bookingHorizonDays: 730, maxBookingDays: 31 });
    const saved = await staff.gql<{ updateTenant: { bookingHorizonDays: number; maxBookingDays: number } }>(UPDATE, { id: tenantId, input: { bookingHorizonDays: 4000 } });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateTenant).toMatchObject({ bookingHorizonDays: 4000, maxBookingDays: 31 });
    const rest = await staff.put('/api/tenants', { id: tenantId, maxBookingDays: 3700 });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.json).toMatchObject({ bookingHorizonDays: 4000, maxBookingDays: 3700 });

    // Now ten years are what the tenant wants.
    const room = await bookableRoom(app, tenantId, { title: 'Dauermieter-Raum' });
    expect((await checkout({ ...TEN_YEARS, ...itemsOf(room.id), ...customer })).status).toBe(200);
    await setTenant({ bookingHorizonDays: 730, maxBookingDays: 31 });
  });
});
