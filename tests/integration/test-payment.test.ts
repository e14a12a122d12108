import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import { Receipt } from '../../server/src/receipts/receipt.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { HttpClient } from '../support/http.js';
import { createActors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, slot, storedBooking } from './bookings.fixtures.js';

/**
 * The built-in test provider ("Testzahlung", development and the demo only): the owner switches it
 * on in the tenant, a customer books with it, starts the payment, pays or cancels on the product's
 * own test page, whose signed notification goes through the usual notification path; in
 * production it is neither saved, offered nor started.
 */
let app: TestApp;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;

const TENANT_NAME = 'Bürgerbüro Teststadt';
const tenantFields = { name: TENANT_NAME, contactName: 'Kasse', location: 'Markt 1, 12345 Teststadt', mail: 'kasse@teststadt.example', phone: '0123', website: 'https://teststadt.example' };

let dayCounter = 0;
const nextDay = () => new Date(Date.UTC(2027, 5, 1 + dayCounter++)).toISOString().slice(0, 10);
const formPost = (client: HttpClient, path: string, fields: Record<string, string>) =>
  client.request('POST', path, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url } });

async function storedSecret(id = tenantId): Promise<unknown> {
  const tenant = await app.orm.em.fork().findOneOrFail(Tenant, { id });
  return tenant.applications.find((application) => application.id === 'testPayment')?.paymentSecret;
}

/** A checkout with the test provider, released by the owner. */
async function releasedBooking(mail: string): Promise<{ id: string; priceEur: number }> {
  const room = await bookableRoom(app, tenantId);
  const checkout = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, mail, paymentProvider: 'testPayment' });
  expect(checkout.status, checkout.text).toBe(200);
  const committed = await owner.post(`/api/${tenantId}/bookings/${checkout.json.id}/commit`);
  expect(committed.status, committed.text).toBe(200);
  return checkout.json;
}

/** startPayment over GraphQL: the product's own test page. */
async function startPayment(bookingId: string): Promise<string> {
  const started = await guest.gql<{ startPayment: { provider: string; redirectUrl: string } }>('mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { provider redirectUrl } }', { t: tenantId, b: bookingId });
  expect(started.errors).toBeUndefined();
  expect(started.data?.startPayment.provider).toBe('testPayment');
  const url = started.data!.startPayment.redirectUrl;
  expect(url.startsWith(`${app.url}/payment/test/`)).toBe(true);
  return new URL(url).pathname;
}

beforeAll(async () => {
  app = await startTestApp();
  const actors = await createActors(app, 'manageBookings', 'bookings', 'testzahlung');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
});
afterAll(async () => app?.close());

describe('outside production', () => {
  it('the owner switches the test provider on: it gets a generated secret that is never shown and kept on later saves, and the checkout offers it', async () => {
    const offered = await owner.gql<{ testPaymentOffered: boolean }>('{ testPaymentOffered }');
    expect(offered.data?.testPaymentOffered).toBe(true);

    const saved = await owner.put('/api/tenants', { id: tenantId, ...tenantFields, applications: [{ id: 'testPayment', active: true }, { id: 'invoice', active: true }] });
    expect(saved.status, saved.text).toBe(200);
    const secret = await storedSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(saved.text).not.toContain(String(secret));
    expect(saved.json.applications).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'testPayment', title: 'Testzahlung (nur Entwicklung)', active: true, paymentSecretSet: true })]));

    // A secret sent along is ignored: nobody types it, and a save keeps the generated one.
    const again = await owner.put('/api/tenants', { id: tenantId, ...tenantFields, applications: [{ id: 'testPayment', active: true, paymentSecret: 'selbst-gewaehlt', paymentPurposeSuffix: 'Saal' }] });
    expect(again.status, again.text).toBe(200);
    expect(await storedSecret()).toBe(secret);

    const apps = await guest.gql<{ paymentApps: { id: string; title: string }[] }>('query($t: ID!) { paymentApps(tenantId: $t) { id title } }', { t: tenantId });
    expect(apps.data?.paymentApps).toEqual(expect.arrayContaining([{ id: 'testPayment', title: 'Testzahlung (nur Entwicklung)' }]));
  });

  it('"Bezahlen" on the test page: the signed notification marks the booking paid once, the receipt follows, the browser lands on "paid"', async () => {
    const booking = await releasedBooking('testzahlung-zahlt@kunden.example');
    // The release mails the payment link, as for the real online providers.
    const request = await app.smtp.waitForMail('testzahlung-zahlt@kunden.example', `Bitte schließen Sie Ihre Buchung im ${TENANT_NAME} ab`);
    expect(request.text).toContain(`${app.url}/payment/redirection?id=${booking.id}&tenant=${tenantId}`);
    const pagePath = await startPayment(booking.id);

    const page = await guest.get(pagePath);
    expect(page.status, page.text).toBe(200);
    expect(page.contentType).toMatch(/text\/html/);
    // Browsers send "Origin: null" with a form POST under no-referrer; same-origin lets the CSRF check see our origin.
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.text).toContain('<html lang="de">');
    expect(page.text).toContain('<h1>Testzahlung</h1>');
    expect(page.text).toContain(TENANT_NAME);
    expect(page.text).toContain(`${booking.id} - Saal`);
    expect(page.text).toContain(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(booking.priceEur).replace(/\u00a0/g, ' '));
    expect(page.text).toMatch(/<button type="submit" name="action" value="pay"[^>]*>Bezahlen<\/button>/);
    expect(page.text).toMatch(/<button type="submit" name="action" value="cancel"[^>]*>Abbrechen<\/button>/);

    const paid = await formPost(guest, pagePath, { action: 'pay' });
    expect(paid.status, paid.text).toBe(303);
    const returnUrl = new URL(paid.headers.get('location')!);
    expect(`${returnUrl.origin}${returnUrl.pathname}`).toBe(`${app.url}/api/${tenantId}/payments/response`);
    // Paid before the browser comes back: the notification went through the notification path.
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true, paymentProvider: 'testPayment', paymentMethod: 'OTHER' });

    const back = await guest.get(`${returnUrl.pathname}${returnUrl.search}`);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${app.url}/checkout/status?id=${booking.id}&tenant=${tenantId}&outcome=paid`);

    // The paid follow-ups ran once: the receipt with the confirmation mail.
    await app.smtp.waitForMail('testzahlung-zahlt@kunden.example', `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`);
    await expect.poll(async () => app.orm.em.fork().count(Receipt, { tenant: tenantId, booking: { number: booking.id }, kind: 'receipt' }), { timeout: 20_000 }).toBe(1);

    // Pressing "Bezahlen" again (back button) changes nothing more; the page says it is paid.
    const repeated = await formPost(guest, pagePath, { action: 'pay' });
    expect(repeated.status).toBe(303);
    expect((await guest.get(pagePath)).text).toContain('Diese Buchung ist bereits bezahlt.');
    expect(await app.orm.em.fork().count(Receipt, { tenant: tenantId, booking: { number: booking.id }, kind: 'receipt' })).toBe(1);
  });

  it('"Abbrechen" on the test page: the booking stays unpaid and the browser lands on "failed"', async () => {
    const booking = await releasedBooking('testzahlung-bricht-ab@kunden.example');
    const pagePath = await startPayment(booking.id);
    const cancelled = await formPost(guest, pagePath, { action: 'cancel' });
    expect(cancelled.status, cancelled.text).toBe(303);
    const returnUrl = new URL(cancelled.headers.get('location')!);
    const back = await guest.get(`${returnUrl.pathname}${returnUrl.search}`);
    expect(back.headers.get('location')).toBe(`${app.url}/checkout/status?id=${booking.id}&tenant=${tenantId}&outcome=failed`);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: false });
    // The customer may try again: a new start leads to a new page.
    expect(await startPayment(booking.id)).not.toBe(pagePath);
  });

  it('a transaction id the product did not hand out shows "Testzahlung nicht gefunden" and pays nothing', async () => {
    const booking = await releasedBooking('testzahlung-fremd@kunden.example');
    const pagePath = await startPayment(booking.id);
    const forged = `${pagePath.slice(0, -4)}${pagePath.endsWith('0000') ? '1111' : '0000'}`;
    const page = await guest.get(forged);
    expect(page.status).toBe(404);
    expect(page.text).toContain('Testzahlung nicht gefunden');
    expect((await formPost(guest, forged, { action: 'pay' })).status).toBe(404);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: false });
  });
});

describe('in production', () => {
  let production: TestApp;
  let productionTenantId: string;
  let productionOwner: HttpClient;

  beforeAll(async () => {
    production = await startTestApp({ NODE_ENV: 'production' });
    const actors = await createActors(production, 'manageBookings', 'bookings', 'produktion');
    productionTenantId = actors.tenant.id;
    productionOwner = actors.clients.tenantOwner;
  });
  afterAll(async () => production?.close());

  it('the test provider is refused at save, not offered, refused at checkout, and a stored one starts no payment', async () => {
    const offered = await productionOwner.gql<{ testPaymentOffered: boolean }>('{ testPaymentOffered }');
    expect(offered.data?.testPaymentOffered).toBe(false);

    const refused = await productionOwner.put('/api/tenants', { id: productionTenantId, ...tenantFields, applications: [{ id: 'testPayment', active: true }] });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Unbekannte Anwendung');
    expect((await production.orm.em.fork().findOneOrFail(Tenant, { id: productionTenantId })).applications).toEqual([]);

    // A database carried over from development still holds it: it is neither offered nor started.
    const em = production.orm.em.fork();
    const tenant = await em.findOneOrFail(Tenant, { id: productionTenantId });
    tenant.applications = [{ id: 'testPayment', type: 'payment', title: 'Testzahlung (nur Entwicklung)', active: true, paymentSecret: 'a'.repeat(64) }];
    await em.flush();
    const guestClient = production.client();
    const apps = await guestClient.get(`/api/tenants/${productionTenantId}/payment-apps`);
    const listed = await guestClient.gql<{ paymentApps: { id: string }[] }>('query($t: ID!) { paymentApps(tenantId: $t) { id } }', { t: productionTenantId });
    expect(listed.data?.paymentApps).toEqual([]);
    expect(apps.json).toEqual([]);

    const room = await bookableRoom(production, productionTenantId);
    const checkout = await guestClient.post(`/api/${productionTenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, paymentProvider: 'testPayment' });
    expect(checkout.status, checkout.text).toBe(400);
    expect(checkout.json.errors).toHaveProperty('paymentProvider');

    // A released booking carried over from development that names it starts no payment either.
    const carried = em.create(Booking, { tenant: em.getReference(Tenant, productionTenantId), number: 'TEST-PRAX', name: 'Erika Mustermann', mail: 'erika@example.com', priceEur: 12, isCommitted: true, paymentProvider: 'testPayment' });
    await em.flush();
    const start = await guestClient.post(`/api/${productionTenantId}/payments`, { bookingId: carried.number });
    expect(start.status).toBe(400);
    expect(start.json).toMatchObject({ code: 'payment.provider-unavailable' });
    const gqlStart = await guestClient.gql('mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { redirectUrl } }', { t: productionTenantId, b: carried.number });
    expect(gqlStart.errors?.[0]?.extensions?.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
  });
});
