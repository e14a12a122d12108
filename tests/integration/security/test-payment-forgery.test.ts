import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import type { HttpClient } from '../../support/http.js';
import { createActors } from '../../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { bookableRoom, customer, slot, storedBooking } from '../bookings.fixtures.js';

/**
 * Forged notices of the built-in test provider. Its notifications and returns are signed with
 * HMAC-SHA256 and the tenant's generated secret, name the tenant, booking, transaction and amount,
 * and go through the same verification as a real provider's: a missing, foreign or altered
 * signature answers 400 and leaves the booking unpaid; the test page's "Bezahlen" is a POST the
 * CSRF check guards.
 */
let app: TestApp;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;

let dayCounter = 0;
const nextDay = () => new Date(Date.UTC(2027, 7, 1 + dayCounter++)).toISOString().slice(0, 10);
const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  guest.request('POST', path, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
const notifyUrl = (bookingId: string) => `/api/${tenantId}/payments/notify?id=${bookingId}`;
const sign = (secret: string, fields: Record<string, string>) =>
  createHmac('sha256', secret)
    .update(['testTenant', 'testBooking', 'testTransaction', 'testAmount', 'testCurrency', 'testResult'].map((name) => fields[name] ?? '').join('|'))
    .digest('hex');

/** A released booking with the test provider, its page, and the genuinely signed fields of its cancellation. */
async function cancelledPayment(): Promise<{ bookingId: string; pagePath: string; cancelled: Record<string, string> }> {
  const room = await bookableRoom(app, tenantId);
  const checkout = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, paymentProvider: 'testPayment' });
  expect(checkout.status, checkout.text).toBe(200);
  expect((await owner.post(`/api/${tenantId}/bookings/${checkout.json.id}/commit`)).status).toBe(200);
  const started = await guest.post(`/api/${tenantId}/payments`, { bookingId: checkout.json.id });
  expect(started.status, started.text).toBe(200);
  const pagePath = new URL(started.json.paymentData as string).pathname;
  const cancel = await form(pagePath, { action: 'cancel' }, { origin: app.url });
  expect(cancel.status, cancel.text).toBe(303);
  const cancelled = Object.fromEntries(new URL(cancel.headers.get('location')!).searchParams);
  return { bookingId: checkout.json.id as string, pagePath, cancelled };
}

beforeAll(async () => {
  app = await startTestApp();
  const actors = await createActors(app, 'manageBookings', 'bookings', 'testfaelschung');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
  const saved = await owner.put('/api/tenants', {
    id: tenantId,
    name: 'Kasse Fälschungstest',
    contactName: 'Kasse',
    location: 'Markt 1, 12345 Teststadt',
    mail: 'kasse@teststadt.example',
    phone: '0123',
    website: 'https://teststadt.example',
    applications: [{ id: 'testPayment', active: true }],
  });
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => app?.close());

it('a notification without signature, or signed with another key, is refused and pays nothing', async () => {
  const { bookingId, cancelled } = await cancelledPayment();
  const paid = { ...cancelled, testResult: 'paid' };
  delete (paid as Record<string, string>).testHash;
  const unsigned = await form(notifyUrl(bookingId), paid);
  expect(unsigned.status).toBe(400);
  expect(unsigned.json).toMatchObject({ code: 'payment.notification-invalid' });
  const foreignKey = await form(notifyUrl(bookingId), { ...paid, testHash: sign('b'.repeat(64), paid) });
  expect(foreignKey.status).toBe(400);
  expect(await storedBooking(app, tenantId, bookingId)).toMatchObject({ isPayed: false });
});

it('a genuine cancellation turned into "paid" is refused, at the notification and at the browser return', async () => {
  const { bookingId, cancelled } = await cancelledPayment();
  const altered = { ...cancelled, testResult: 'paid' };
  expect((await form(notifyUrl(bookingId), altered)).status).toBe(400);
  const back = await guest.get(`/api/${tenantId}/payments/response?${new URLSearchParams(altered).toString()}`);
  expect(back.status).toBe(400);
  expect(await storedBooking(app, tenantId, bookingId)).toMatchObject({ isPayed: false });
});

it("another booking's genuinely signed notice does not pay this booking", async () => {
  const first = await cancelledPayment();
  const second = await cancelledPayment();
  const replayed = await form(notifyUrl(second.bookingId), first.cancelled);
  expect(replayed.status).toBe(400);
  expect(await storedBooking(app, tenantId, second.bookingId)).toMatchObject({ isPayed: false });
});

it('"Bezahlen" sent from another site is refused by the CSRF check and pays nothing', async () => {
  const { bookingId, pagePath } = await cancelledPayment();
  const foreign = await form(pagePath, { action: 'pay' }, { origin: 'https://angreifer.example' });
  expect(foreign.status).toBe(403);
  const withoutSource = await form(pagePath, { action: 'pay' });
  expect(withoutSource.status).toBe(403);
  expect(await storedBooking(app, tenantId, bookingId)).toMatchObject({ isPayed: false });
  // The same press from the page itself pays.
  expect((await form(pagePath, { action: 'pay' }, { origin: app.url })).status).toBe(303);
  expect(await storedBooking(app, tenantId, bookingId)).toMatchObject({ isPayed: true });
});
