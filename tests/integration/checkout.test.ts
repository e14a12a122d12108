import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Coupon } from '../../server/src/coupons/coupon.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { storedBoard } from '../support/workflow-board.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, bookingCount, customer, gql, slot, storeCoupon, storedBooking } from './bookings.fixtures.js';
import { storeBookable } from './bookables.fixtures.js';

/**
 * Checkout through REST and GraphQL against PostgreSQL: the stored
 * booking, prices, capacity, coupons, opening hours, bad input, the permission check, the workflow's
 * default state and the mails that follow (caught by the test SMTP server).
 */
let app: TestApp;
let tenantId: string;
let guest: HttpClient;
const TENANT_MAIL = 'buchungen@rathaus.example';

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, { id: 'inhaberin@rathaus.example', password: 'inhaberin-passwort' });
  const tenant = await createTenant(app.orm, { name: 'Rathaus Musterstadt', owners: ['inhaberin@rathaus.example'] });
  tenantId = tenant.id;
  const em = app.orm.em.fork();
  const stored = await em.findOneOrFail(Tenant, { id: tenantId });
  stored.mail = TENANT_MAIL;
  await em.flush();
  guest = app.client();
});
afterAll(async () => app?.close());

const checkout = (body: Record<string, unknown>, simulate = false, client = guest) => client.post(`/api/${tenantId}/checkout?simulate=${simulate}`, body);

describe('checkout: a stored booking', () => {
  it('books a room for a guest: number, unit prices, totals, flags, snapshot; mails the customer and the tenant', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Großer Saal' });
    const response = await checkout({ ...slot(10, '2027-11-30', 2), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer });
    expect(response.status, response.text).toBe(200);
    const booking = response.json;
    expect(booking.id).toMatch(/^[ABCDEFGHJKMNPQRSTUXY]{4}-[ABCDEFGHJKMNPQRSTUXY]{4}$/);
    expect(booking).toMatchObject({ tenantId, assignedUserId: null, priceEur: 29.75, vatIncludedEur: 4.75, isCommitted: false, isPayed: false, isRejected: false, name: 'Erika Mustermann' });
    expect(booking.bookableItems).toEqual([
      expect.objectContaining({ bookableId: room.id, amount: 1, regularPriceEur: 25, regularGrossPriceEur: 29.75, userPriceEur: 25, userGrossPriceEur: 29.75 }),
    ]);
    expect(booking.bookableItems[0]._bookableUsed.title).toBe('Großer Saal');
    expect(booking.bookableItems[0]._bookableUsed).not.toHaveProperty('permittedUsers');
    expect((await storedBooking(app, tenantId, booking.id))?.items.length).toBe(1);

    const request = await app.smtp.waitForMail(customer.mail, 'Vielen Dank für Ihre Buchungsanfrage im Rathaus Musterstadt');
    expect(request.text).toContain(booking.id);
    // Whom to contact, and an answer reaches the tenant rather than the sending address.
    expect(request.text).toContain(`Bei Fragen zu Ihrer Buchung erreichen Sie Rathaus Musterstadt:\nE-Mail: ${TENANT_MAIL}`);
    expect(request.replyTo).toEqual([TENANT_MAIL]);
    const notice = await app.smtp.waitForMail(TENANT_MAIL, 'Eine neue Buchungsanfrage liegt vor');
    expect(notice.text).toContain(booking.id);
  });

  it('a period that began before now is refused in German over REST, GraphQL and the item check; nothing is stored or mailed', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Kleiner Saal' });
    // An hour ago, whatever the day: the rule compares with the server's clock.
    const begin = Math.floor((Date.now() - 3_600_000) / 3_600_000) * 3_600_000;
    const past = { timeBegin: begin, timeEnd: begin + 2 * 3_600_000, bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, mail: 'vergangen@example.com' };
    const message = 'Der gewählte Zeitraum für Kleiner Saal liegt in der Vergangenheit. Bitte wählen Sie einen späteren Beginn.';
    for (const simulate of [false, true]) {
      const rest = await checkout(past, simulate);
      expect(rest.status, rest.text).toBe(409);
      expect(rest.json).toMatchObject({ code: 'booking.in-past', detail: message });
    }
    const item = await guest.post(`/api/${tenantId}/checkout/validateItem`, { bookableId: room.id, amount: 1, timeBegin: past.timeBegin, timeEnd: past.timeEnd });
    expect(item.json).toMatchObject({ code: 'booking.in-past' });
    const graphql = await guest.gql('mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }', {
      t: tenantId,
      input: { ...past, timeBegin: new Date(past.timeBegin).toISOString(), timeEnd: new Date(past.timeEnd).toISOString() },
    });
    expect(graphql.errors?.[0]).toMatchObject({ message, extensions: { code: 'BOOKING_IN_PAST' } });
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find('vergangen@example.com')).toEqual([]);
  });

  it('a free object that commits automatically is released and paid at once, and confirmed by mail', async () => {
    const ball = await storeBookable(app, tenantId, { title: 'Ball', isBookable: true, autoCommitBooking: true, amount: null });
    const response = await checkout({ bookableItems: [{ bookableId: ball.id, amount: 3 }], ...customer, mail: 'frei@example.com' });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({ priceEur: 0, isCommitted: true, isPayed: true });
    await app.smtp.waitForMail('frei@example.com', 'Vielen Dank für Ihre Buchung im Rathaus Musterstadt');
  });

  it('simulate computes the same booking without storing, counting or mailing anything', async () => {
    const room = await bookableRoom(app, tenantId);
    await storeCoupon(app, tenantId, { code: 'PROBE', maxAmount: 1 });
    const before = await bookingCount(app, tenantId);
    // The mails of earlier tests are sent before counting, so only this request could add one.
    await waitForSettledQueue(app.orm);
    const mails = app.smtp.mails.length;
    const response = await checkout({ ...slot(10, '2027-12-01'), bookableItems: [{ bookableId: room.id }], couponCode: 'PROBE' }, true);
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({ id: null, priceEur: 13.39, isCommitted: false });
    expect(await bookingCount(app, tenantId)).toBe(before);
    const coupon = await app.orm.em.fork().findOneOrFail(Coupon, { code: 'PROBE' });
    expect(coupon.usedAmount).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.smtp.mails.length).toBe(mails);
  });
});

describe('checkout: capacity', () => {
  it('an object of amount 2 takes two overlapping bookings, not three; touching windows do not overlap; a rejected booking frees its place', async () => {
    const room = await bookableRoom(app, tenantId, { amount: 2 });
    const book = () => checkout({ ...slot(14, '2027-12-02'), bookableItems: [{ bookableId: room.id }], ...customer });
    const first = await book();
    expect(first.status).toBe(200);
    expect((await book()).status).toBe(200);
    const third = await book();
    expect(third.status).toBe(409);
    expect(third.contentType).toContain('application/problem+json');
    expect(third.json).toMatchObject({ code: 'booking.capacity', detail: expect.stringContaining('ist im gewählten Zeitraum bereits ausgebucht') });

    // 15:00 to 16:00 begins exactly when the others end.
    expect((await checkout({ ...slot(15, '2027-12-02'), bookableItems: [{ bookableId: room.id }], ...customer })).status).toBe(200);

    const owner = app.client();
    await signIn(owner, 'inhaberin@rathaus.example', 'inhaberin-passwort');
    expect((await owner.post(`/api/${tenantId}/bookings/${first.json.id}/reject`, { reason: 'Doppelt' })).status).toBe(200);
    expect((await book()).status).toBe(200);
  });

  it('a parent hall fully booked blocks its parts, and a booked part blocks the whole hall', async () => {
    const part = await bookableRoom(app, tenantId, { title: 'Saal A' });
    const hall = await bookableRoom(app, tenantId, { title: 'Ganzer Saal', relatedBookableIds: [part.id] });
    expect((await checkout({ ...slot(10, '2027-12-03'), bookableItems: [{ bookableId: part.id }], ...customer })).status).toBe(200);
    const whole = await checkout({ ...slot(10, '2027-12-03'), bookableItems: [{ bookableId: hall.id }], ...customer });
    expect(whole.status).toBe(409);
    expect(whole.json).toMatchObject({ code: 'booking.child-booked', detail: 'Abhängiges Objekt Saal A ist für den gewählten Zeitraum bereits gebucht.' });
    expect((await checkout({ ...slot(12, '2027-12-03'), bookableItems: [{ bookableId: hall.id }], ...customer })).status).toBe(200);
    const partLater = await checkout({ ...slot(12, '2027-12-03'), bookableItems: [{ bookableId: part.id }], ...customer });
    expect(partLater.json).toMatchObject({ code: 'booking.parent-unavailable' });
  });
});

describe('checkout: coupons', () => {
  it('refuses unknown and expired codes with a clear 409 and counts one use per stored booking, never past maxAmount', async () => {
    const room = await bookableRoom(app, tenantId, { amount: null });
    const body = (couponCode: string, hour: number) => ({ ...slot(hour, '2027-12-06'), bookableItems: [{ bookableId: room.id }], couponCode, ...customer });
    expect((await checkout(body('GIBTSNICHT', 8))).json).toMatchObject({ code: 'booking.coupon-invalid', title: 'Gutschein ungültig' });
    await storeCoupon(app, tenantId, { code: 'ALT', validTo: new Date(Date.now() - 1000) });
    expect((await checkout(body('ALT', 8))).status).toBe(409);

    await storeCoupon(app, tenantId, { code: 'ZWEIMAL', maxAmount: 2, type: 'fixed' as never, discount: 5 });
    const used = await checkout(body('ZWEIMAL', 8));
    expect(used.status, used.text).toBe(200);
    expect(used.json).toMatchObject({ couponCode: 'ZWEIMAL', priceEur: 8.93, _couponUsed: { id: 'ZWEIMAL', type: 'fixed', discount: 5 } });
    expect((await checkout(body('ZWEIMAL', 9), true)).status).toBe(200);
    expect((await guest.post(`/api/${tenantId}/checkout/validateItem`, { bookableId: room.id, amount: 1, ...slot(9, '2027-12-06'), couponCode: 'ZWEIMAL' })).status).toBe(200);
    expect((await checkout(body('ZWEIMAL', 10))).status).toBe(200);
    expect((await checkout(body('ZWEIMAL', 11))).json).toMatchObject({ code: 'booking.coupon-used-up' });
    expect((await app.orm.em.fork().findOneOrFail(Coupon, { code: 'ZWEIMAL' })).usedAmount).toBe(2);
  });
});

describe('checkout: rules and bad input', () => {
  it('answers 400 for malformed input, 404 for unknown objects, and names the missing customer data', async () => {
    const room = await bookableRoom(app, tenantId);
    const missing = await checkout({ ...customer });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toHaveProperty('bookableItems');
    expect((await checkout({ bookableItems: [{ bookableId: room.id, amount: 1.5 }], ...customer })).status).toBe(400);
    expect((await checkout({ bookableItems: [{ bookableId: room.id }], timeBegin: 'gestern', ...customer })).status).toBe(400);
    expect((await checkout({ bookableItems: [{ bookableId: '00000000-0000-4000-8000-000000000000' }], ...customer })).status).toBe(404);
    expect((await checkout({ bookableItems: [{ bookableId: 'kein-objekt' }], ...customer })).status).toBe(404);
    const anonymous = await checkout({ ...slot(10, '2027-12-07'), bookableItems: [{ bookableId: room.id }] });
    expect(anonymous.status).toBe(400);
    expect(Object.keys(anonymous.json.errors).sort()).toEqual(['mail', 'name']);
    expect((await guest.post('/api/gibt-es-nicht/checkout', { bookableItems: [{ bookableId: room.id }], ...customer })).status).toBe(404);
  });

  it('refuses bookings outside the opening hours (Berlin time), not bookable objects and bookings too far ahead', async () => {
    const office = await bookableRoom(app, tenantId, {
      title: 'Bürgerbüro',
      isOpeningHoursRelated: true,
      openingHours: [{ weekdays: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '16:00' }],
    });
    const late = await checkout({ ...slot(16, '2027-12-07'), bookableItems: [{ bookableId: office.id }], ...customer });
    expect(late.json).toMatchObject({ code: 'booking.opening-hours', detail: 'Die gewählte Buchungszeit liegt außerhalb der Öffnungszeiten von Bürgerbüro.' });
    expect((await checkout({ ...slot(15, '2027-12-07'), bookableItems: [{ bookableId: office.id }], ...customer })).status).toBe(200);

    const closed = await storeBookable(app, tenantId, { title: 'Lager', isBookable: false });
    expect((await checkout({ bookableItems: [{ bookableId: closed.id }], ...customer })).json).toMatchObject({ code: 'booking.not-bookable' });

    const em = app.orm.em.fork();
    (await em.findOneOrFail(Tenant, { id: tenantId })).maxBookingAdvanceInMonths = 1;
    await em.flush();
    try {
      const room = await bookableRoom(app, tenantId);
      const far = await checkout({ ...slot(10, '2027-06-01'), bookableItems: [{ bookableId: room.id }], ...customer });
      expect(far.json).toMatchObject({ code: 'booking.advance-limit', detail: 'Sie können maximal 1 Monate im Voraus buchen.' });
    } finally {
      (await em.findOneOrFail(Tenant, { id: tenantId })).maxBookingAdvanceInMonths = null;
      await em.flush();
    }
  });

  it('checkout/permissions answers OK, 401 without a session and 403 for those not permitted; 404 for unknown and non-public objects', async () => {
    const open = await bookableRoom(app, tenantId);
    const restricted = await bookableRoom(app, tenantId, { permittedUsers: ['inhaberin@rathaus.example'] });
    const hidden = await bookableRoom(app, tenantId, { isPublic: false });
    expect((await guest.get(`/api/${tenantId}/checkout/permissions/${open.id}`)).status).toBe(200);
    const signInFirst = await guest.get(`/api/${tenantId}/checkout/permissions/${restricted.id}`);
    expect(signInFirst.status).toBe(401);
    expect(signInFirst.json).toMatchObject({ code: 'auth.unauthenticated' });
    await createUser(app.orm, { id: 'buerger@example.com', password: 'buerger-passwort' });
    const citizen = app.client();
    await signIn(citizen, 'buerger@example.com', 'buerger-passwort');
    const notNamed = await citizen.get(`/api/${tenantId}/checkout/permissions/${restricted.id}`);
    expect(notNamed.status).toBe(403);
    expect(notNamed.json).toMatchObject({ code: 'auth.forbidden' });
    const owner = app.client();
    await signIn(owner, 'inhaberin@rathaus.example', 'inhaberin-passwort');
    expect((await owner.get(`/api/${tenantId}/checkout/permissions/${restricted.id}`)).status).toBe(200);
    expect((await guest.get(`/api/${tenantId}/checkout/permissions/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await guest.get(`/api/${tenantId}/checkout/permissions/${hidden.id}`)).status).toBe(404);
    expect((await citizen.get(`/api/${tenantId}/checkout/permissions/${hidden.id}`)).status).toBe(404);
    expect((await owner.get(`/api/${tenantId}/checkout/permissions/${hidden.id}`)).status).toBe(200);
  });
});

describe('checkout over GraphQL', () => {
  it('checkout, checkoutPreview and checkoutItemPrices answer the same as REST', async () => {
    const room = await bookableRoom(app, tenantId);
    const input = { timeBegin: new Date(slot(9, '2027-12-08').timeBegin).toISOString(), timeEnd: new Date(slot(9, '2027-12-08').timeEnd).toISOString(), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer };
    const preview = await guest.gql<{ checkoutPreview: { id: null; priceEur: number } }>(gql.preview, { t: tenantId, input });
    expect(preview.errors).toBeUndefined();
    expect(preview.data?.checkoutPreview).toMatchObject({ id: null, priceEur: 14.88 });
    const prices = await guest.gql(gql.itemPrices, { t: tenantId, b: room.id, a: 1, begin: input.timeBegin, end: input.timeEnd });
    expect(prices.data?.checkoutItemPrices).toEqual({ regularPriceEur: 12.5, userPriceEur: 12.5, regularGrossPriceEur: 14.88, userGrossPriceEur: 14.88 });
    const booked = await guest.gql<{ checkout: { id: string; status: string; items: { bookable: { title: string } }[] } }>(gql.checkout, { t: tenantId, input });
    expect(booked.errors).toBeUndefined();
    expect(booked.data?.checkout).toMatchObject({ status: 'ausstehend', priceEur: 14.88 });
    expect(booked.data?.checkout.id).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    const again = await guest.gql(gql.checkout, { t: tenantId, input });
    expect(again.errors?.[0]).toMatchObject({ message: expect.stringContaining('ist im gewählten Zeitraum bereits ausgebucht'), extensions: { code: 'BOOKING_CAPACITY' } });
  });
});

describe('checkout and the workflow', () => {
  it('places a new booking at the top of the default state of an active workflow', async () => {
    const owner = app.client();
    await signIn(owner, 'inhaberin@rathaus.example', 'inhaberin-passwort');
    const saved = await owner.put(`/api/${tenantId}/workflow`, { name: 'Ablauf', active: true, defaultState: 'neu', states: [{ id: 'neu', name: 'Neu' }, { id: 'fertig', name: 'Fertig' }] });
    expect(saved.status).toBe(200);
    try {
      const room = await bookableRoom(app, tenantId);
      const first = await checkout({ ...slot(10, '2027-12-09'), bookableItems: [{ bookableId: room.id }], ...customer });
      const second = await checkout({ ...slot(11, '2027-12-09'), bookableItems: [{ bookableId: room.id }], ...customer });
      const workflow = await storedBoard(app, tenantId);
      expect(workflow.states[0].tasks.map((task) => task.id)).toEqual([second.json.id, first.json.id]);
    } finally {
      await owner.put(`/api/${tenantId}/workflow`, { active: false });
    }
  });
});
