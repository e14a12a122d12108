import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tenant, type TenantApplication } from '../../server/src/tenants/tenant.entity.js';
import type { HttpClient } from '../support/http.js';
import { PaymentProviderStandIns } from '../support/payment-providers.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, slot, storedBooking } from './bookings.fixtures.js';
import { waitForSettledQueue } from '../support/job-queue.js';

/**
 * Payments through REST and GraphQL against the provider stand-ins (tests/support/payment-providers.ts):
 * start with each provider (signed requests, integer cents, the tenant's test mode), notifications
 * (valid, forged, repeated, failed), the browser's return, tenant and booking checks, the payment
 * request mail on release and the paid follow-ups of staff and workflow, exactly once.
 */
let app: TestApp;
let providers: PaymentProviderStandIns;
let actors: Actors;
let tenantId: string;
let otherTenantId: string;
let owner: HttpClient;
let guest: HttpClient;

const TENANT_NAME = 'Stadtkasse Musterstadt';
const TENANT_MAIL = 'kasse@musterstadt.example';
const PAYMENT_REQUEST = `Bitte schließen Sie Ihre Buchung im ${TENANT_NAME} ab`;
const CONFIRMED = `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`;
const TENANT_NOTICE = 'Eine neue Buchungsanfrage liegt vor';
const TENANT_PAYMENT_NOTICE = 'Zahlung eingegangen';
const giro = { merchantId: '3610000', projectId: '36100', secret: 'giro-projekt-schluessel' };
const pm = { ags: '09162000', procedure: 'buchung', salt: 'pm-salz-passwort' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST answers are read as plain JSON
type Json = any;

let dayCounter = 0;
const nextDay = () => new Date(Date.UTC(2027, 3, 5 + dayCounter++)).toISOString().slice(0, 10);
const paymentsUrl = (path = '', tenant = tenantId) => `/api/${tenant}/payments${path}`;
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const form = (client: HttpClient, path: string, fields: Record<string, string>) =>
  client.request('POST', path, { body: query(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

function applications(options: { giroTest?: boolean; pmTest?: boolean; invoice?: boolean } = {}): TenantApplication[] {
  return [
    { id: 'giroCockpit', type: 'payment', title: 'Online-Zahlung', active: true, paymentMerchantId: giro.merchantId, paymentProjectId: giro.projectId, paymentSecret: giro.secret, paymentMode: options.giroTest ? 'test' : 'prod', paymentPurposeSuffix: 'Saal' },
    { id: 'pmPayment', type: 'payment', title: 'Online-Zahlung (pmPayment)', active: true, paymentMerchantId: pm.ags, paymentProjectId: pm.procedure, paymentSecret: pm.salt, paymentMode: options.pmTest === false ? 'prod' : 'test', paymentPurposeSuffix: '' },
    { id: 'invoice', type: 'payment', title: 'Rechnung', active: options.invoice ?? true, bank: 'Sparkasse', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: 'Stadt', daysUntilPaymentDue: 14 },
  ];
}

async function setTenant(id: string, changes: Partial<Pick<Tenant, 'name' | 'mail' | 'applications'>>): Promise<void> {
  const em = app.orm.em.fork();
  Object.assign(await em.findOneOrFail(Tenant, { id }), changes);
  await em.flush();
}

/** A checkout of one hour of a fresh room with the provider (none: while the tenant offers no payment), then released by staff (unless told otherwise). */
async function releasedBooking(provider: string | null, options: { release?: boolean; mail?: string; tenant?: string } = {}): Promise<Json> {
  const tenant = options.tenant ?? tenantId;
  const room = await bookableRoom(app, tenant);
  // A priced booking names one of the tenant's payment applications; one without a provider is made
  // while the tenant offers none (paid outside the platform).
  if (!provider) await setTenant(tenant, { applications: [] });
  const response = await guest.post(`/api/${tenant}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, mail: options.mail ?? customer.mail, ...(provider ? { paymentProvider: provider } : {}) });
  if (!provider) await setTenant(tenant, { applications: applications() });
  expect(response.status, response.text).toBe(200);
  expect(response.json).toMatchObject({ isCommitted: false, isPayed: false });
  if (options.release !== false) {
    const client = tenant === tenantId ? owner : actors.clients.instanceOwner;
    const committed = await client.post(`/api/${tenant}/bookings/${response.json.id}/commit`);
    expect(committed.status, committed.text).toBe(200);
  }
  return response.json;
}

const cents = (booking: { priceEur: number }) => String(Math.round(booking.priceEur * 100));

async function startGiro(booking: Json): Promise<string> {
  const started = await guest.post(paymentsUrl(), { bookingId: booking.id });
  expect(started.status, started.text).toBe(200);
  const reference = providers.giroTransactionOf(booking.id)?.reference;
  expect(reference).toBeDefined();
  return reference as string;
}

beforeAll(async () => {
  providers = await new PaymentProviderStandIns().start();
  providers.addGiroProject(giro).addPmMunicipality(pm);
  app = await startTestApp(providers.env());
  actors = await createActors(app, 'manageBookings', 'bookings', 'payments');
  tenantId = actors.tenant.id;
  otherTenantId = actors.otherTenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
  await setTenant(tenantId, { name: TENANT_NAME, mail: TENANT_MAIL, applications: applications() });
  await setTenant(otherTenantId, { applications: applications() });
});
afterAll(async () => {
  await app?.close();
  await providers?.close();
});

describe('the payment request on release (mail 4)', () => {
  it('an unpaid online booking is mailed the link to the payment page once; an invoice booking its invoice instead, no provider nothing', async () => {
    const booking = await releasedBooking('giroCockpit', { mail: 'zahlung-anfrage@kunden.example' });
    const mail = await app.smtp.waitForMail('zahlung-anfrage@kunden.example', PAYMENT_REQUEST);
    const link = `${app.url}/payment/redirection?id=${booking.id}&tenant=${tenantId}`;
    expect(mail.links).toContain(link);
    expect(mail.text).toContain(booking.id);
    // Released again: no second request.
    expect((await owner.post(`/api/${tenantId}/bookings/${booking.id}/commit`)).status).toBe(200);

    await releasedBooking('invoice', { mail: 'rechnung-anfrage@kunden.example' });
    await releasedBooking(null, { mail: 'ohne-anbieter@kunden.example' });
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find('zahlung-anfrage@kunden.example', PAYMENT_REQUEST)).toHaveLength(1);
    // The invoice booking's request (mail 5) carries the invoice, not the link.
    const invoiceMail = await app.smtp.waitForMail('rechnung-anfrage@kunden.example', PAYMENT_REQUEST);
    expect(invoiceMail.links.some((href) => href.includes('/payment/redirection'))).toBe(false);
    expect(invoiceMail.attachments.map((attachment) => attachment.contentType)).toContain('application/pdf');
    expect(app.smtp.find('rechnung-anfrage@kunden.example', PAYMENT_REQUEST)).toHaveLength(1);
    expect(app.smtp.find('ohne-anbieter@kunden.example', PAYMENT_REQUEST)).toEqual([]);
  });
});

describe('POST api/{t}/payments and startPayment: which bookings may be paid', () => {
  it('unknown, foreign, unreleased and paid bookings are refused with the codes 0, 1, 2 as problem+json and German GraphQL errors', async () => {
    const unreleased = await releasedBooking('giroCockpit', { release: false });
    const unknown = await guest.post(paymentsUrl(), { bookingId: 'ABCD-EFGH' });
    expect(unknown.status).toBe(400);
    expect(unknown.contentType).toContain('application/problem+json');
    expect(unknown.json).toMatchObject({ status: 400, code: 'payment.booking-not-found', paymentErrorCode: 0, detail: 'Die Buchung wurde nicht gefunden.' });
    expect((await guest.post(paymentsUrl(), {})).json).toMatchObject({ paymentErrorCode: 0 });
    // Another tenant's path does not find the booking.
    expect((await guest.post(paymentsUrl('', otherTenantId), { bookingId: unreleased.id })).json).toMatchObject({ paymentErrorCode: 0 });

    const notReleased = await guest.post(paymentsUrl(), { bookingId: unreleased.id });
    expect(notReleased.status).toBe(400);
    expect(notReleased.json).toMatchObject({ code: 'payment.not-released', paymentErrorCode: 1, detail: 'Die Buchung ist noch nicht freigegeben.' });
    const viaGraphql = await guest.gql(`mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { provider redirectUrl } }`, { t: tenantId, b: unreleased.id });
    expect(viaGraphql.errors?.[0]).toMatchObject({ message: 'Die Buchung ist noch nicht freigegeben.', extensions: { code: 'PAYMENT_NOT_RELEASED' } });

    const released = await releasedBooking('giroCockpit');
    const reference = await startGiro(released);
    expect((await guest.get(`${paymentsUrl('/notify')}?${query({ id: released.id, ...providers.giroNotification(reference) })}`)).status).toBe(200);
    const paid = await guest.post(paymentsUrl(), { bookingId: released.id });
    expect(paid.json).toMatchObject({ code: 'payment.already-paid', paymentErrorCode: 2, detail: 'Die Buchung ist bereits bezahlt.' });
    const paidViaGraphql = await guest.gql(`mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { provider redirectUrl } }`, { t: tenantId, b: released.id });
    expect(paidViaGraphql.errors?.[0]).toMatchObject({ message: 'Die Buchung ist bereits bezahlt.', extensions: { code: 'PAYMENT_ALREADY_PAID' } });
  });

  it('an inactive provider answers 400 payment.provider-unavailable; the invoice answers paymentData true, no provider none', async () => {
    const invoice = await releasedBooking('invoice');
    const started = await guest.post(paymentsUrl(), { bookingId: invoice.id });
    expect(started.status, started.text).toBe(200);
    expect(started.json).toMatchObject({ paymentData: true, booking: { id: invoice.id, tenantId, isCommitted: true, isPayed: false, paymentProvider: 'invoice' } });
    expect(started.json.booking).not.toHaveProperty('mail');

    // No provider chosen: nothing to start, paymentData absent.
    const without = await releasedBooking(null);
    const nothing = await guest.post(paymentsUrl(), { bookingId: without.id });
    expect(nothing.status, nothing.text).toBe(200);
    expect(nothing.json).not.toHaveProperty('paymentData');
    expect(nothing.json.booking).toMatchObject({ id: without.id, paymentProvider: null });

    await setTenant(tenantId, { applications: applications({ invoice: false }) });
    try {
      const refused = await guest.post(paymentsUrl(), { bookingId: invoice.id });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: 'payment.provider-unavailable' });
    } finally {
      await setTenant(tenantId, { applications: applications() });
    }
  });
});

describe('GiroCheckout', () => {
  it('start: the signed paypage init in integer cents, live unless the tenant chose test mode; the paypage URL for the browser (REST and GraphQL)', async () => {
    const booking = await releasedBooking('giroCockpit');
    const started = await guest.post(paymentsUrl(), { bookingId: booking.id });
    expect(started.status, started.text).toBe(200);
    const init = providers.giroInits.at(-1)!;
    expect(init.accepted).toBe(true);
    expect(init.fields).toMatchObject({ merchantId: giro.merchantId, projectId: giro.projectId, merchantTxId: booking.id, amount: cents(booking), currency: 'EUR', purpose: `${booking.id} - Saal`, type: 'SALE' });
    expect(init.fields.amount).toMatch(/^\d+$/);
    expect(init.fields).not.toHaveProperty('test');
    expect(init.fields.notifyUrl).toBe(`${app.url}/api/${tenantId}/payments/notify?id=${booking.id}`);
    expect(init.fields.successUrl).toBe(`${app.url}/api/${tenantId}/payments/response?id=${booking.id}&tenant=${tenantId}`);
    expect(started.json.paymentData).toBe(`${providers.url}/girocheckout/paypage/${providers.giroTransactionOf(booking.id)!.reference}`);
    expect(started.json.booking).toMatchObject({ id: booking.id, isPayed: false });

    // The owner switches the application to test mode through the tenant; the key stays as stored.
    const saved = await owner.put('/api/tenants', {
      id: tenantId,
      name: TENANT_NAME,
      contactName: 'Kasse',
      location: 'Markt 1, 12345 Musterstadt',
      mail: TENANT_MAIL,
      phone: '0123',
      website: 'https://musterstadt.example',
      applications: [{ id: 'giroCockpit', paymentMode: 'test' }],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).not.toContain(giro.secret);
    try {
      const viaGraphql = await guest.gql<{ startPayment: { provider: string; redirectUrl: string } }>(`mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { provider redirectUrl } }`, { t: tenantId, b: booking.id });
      expect(viaGraphql.errors).toBeUndefined();
      expect(viaGraphql.data?.startPayment.provider).toBe('giroCockpit');
      expect(viaGraphql.data?.startPayment.redirectUrl).toMatch(`${providers.url}/girocheckout/paypage/`);
      expect(providers.giroInits.at(-1)).toMatchObject({ accepted: true, fields: { test: '1' } });
    } finally {
      await setTenant(tenantId, { applications: applications() });
    }
  });

  it('an init answer without the right hash header is not trusted: 502 payment.provider-error', async () => {
    const booking = await releasedBooking('giroCockpit');
    providers.tamperGiroAnswerHash = true;
    try {
      const started = await guest.post(paymentsUrl(), { bookingId: booking.id });
      expect(started.status).toBe(502);
      expect(started.json).toMatchObject({ code: 'payment.provider-error' });
    } finally {
      providers.tamperGiroAnswerHash = false;
    }
  });

  it('notify: forged answers 400 and changes nothing; a failure result changes nothing; success marks it paid with the method, mails once; a repeat changes nothing more', async () => {
    const booking = await releasedBooking('giroCockpit', { mail: 'giro-zahlt@kunden.example' });
    await app.smtp.waitForMail('giro-zahlt@kunden.example', PAYMENT_REQUEST);
    const reference = await startGiro(booking);
    const notify = (params: Record<string, string>) => guest.get(`${paymentsUrl('/notify')}?${query({ id: booking.id, ...params })}`);

    const forgeries = [
      providers.giroNotification(reference, { override: { gcAmount: '1' } }),
      providers.giroNotification(reference, { secret: 'falscher-schluessel' }),
      providers.giroNotification(reference, { override: { gcHash: '' } }),
      { ...providers.giroNotification(reference), gcHash: undefined as unknown as string },
    ];
    for (const params of forgeries) {
      const refused = await notify(Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)));
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json).toMatchObject({ code: 'payment.notification-invalid' });
    }
    // Signed for another booking of the tenant: not this one's.
    const other = await releasedBooking('giroCockpit');
    const otherReference = await startGiro(other);
    expect((await notify(providers.giroNotification(otherReference))).status).toBe(400);
    // Another tenant's path.
    expect((await guest.get(`${paymentsUrl('/notify', otherTenantId)}?${query({ id: booking.id, ...providers.giroNotification(reference) })}`)).status).toBe(400);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: false, paymentMethod: '' });

    const failed = await notify(providers.giroNotification(reference, { result: '4502' }));
    expect(failed.status, failed.text).toBe(200);
    expect(failed.text).toBe('OK');
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: false });

    // The tenant heard of the request at checkout; the payment tells it of the payment, not of a new request.
    const tenantNotices = () => app.smtp.mails.filter((mail) => mail.to.includes(TENANT_MAIL) && mail.subject === TENANT_NOTICE && mail.text.includes(booking.id)).length;
    const paymentNotices = () => app.smtp.mails.filter((mail) => mail.headerTo.includes(TENANT_MAIL) && mail.subject.startsWith(TENANT_PAYMENT_NOTICE) && mail.text.includes(booking.id));
    await expect.poll(tenantNotices).toBe(1);
    const paid = await form(guest, `${paymentsUrl('/notify')}?id=${booking.id}`, providers.giroNotification(reference, { paymethod: '14' }));
    expect(paid.status, paid.text).toBe(200);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true, paymentMethod: 'PAYPAL', paymentProvider: 'giroCockpit' });
    const confirmation = await app.smtp.waitForMail('giro-zahlt@kunden.example', CONFIRMED);
    expect(confirmation.text).toContain(booking.id);
    await expect.poll(() => paymentNotices().length).toBe(1);
    expect(paymentNotices()[0].text).toContain('Zahlungsart: PayPal (gewählt: GiroCockpit)');
    expect(tenantNotices()).toBe(1);

    const repeated = await notify(providers.giroNotification(reference, { paymethod: '1' }));
    expect(repeated.status).toBe(200);
    await waitForSettledQueue(app.orm);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true, paymentMethod: 'PAYPAL' });
    expect(app.smtp.find('giro-zahlt@kunden.example', CONFIRMED)).toHaveLength(1);
    expect(tenantNotices()).toBe(1);
    expect(paymentNotices()).toHaveLength(1);

    // The history: each verified notification as the provider's, the payment once, forgeries not at all.
    const history = await owner.get(`/api/${tenantId}/bookings/${booking.id}/history?first=100`);
    const entries = (history.json as { entries: { action: string; actor: { kind: string; id: string | null }; via: string; reason: string | null; changes: unknown[] }[] }).entries.filter((entry) => entry.via === 'payment_callback');
    expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ['payment_notified', null],
      ['paid', null],
      ['payment_notified', null],
      ['payment_notified', 'Zahlung nicht erfolgreich'],
    ]);
    expect(entries.every((entry) => entry.actor.kind === 'payment_provider' && entry.actor.id === 'giroCockpit')).toBe(true);
    expect(entries[1].changes).toEqual([
      { field: 'isPayed', before: false, after: true },
      { field: 'paymentMethod', before: null, after: 'PAYPAL' },
    ]);
  });

  it('concurrent valid notifications all answer 200: one payment, one confirmation (the booking row is locked)', async () => {
    const booking = await releasedBooking('giroCockpit', { mail: 'giro-parallel@kunden.example' });
    const reference = await startGiro(booking);
    const params = providers.giroNotification(reference);
    const answers = await Promise.all([1, 2, 3, 4].map(() => guest.get(`${paymentsUrl('/notify')}?${query({ id: booking.id, ...params })}`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    await app.smtp.waitForMail('giro-parallel@kunden.example', CONFIRMED);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find('giro-parallel@kunden.example', CONFIRMED)).toHaveLength(1);
  });

  it('the browser through the paypage: "Bezahlen" notifies the product and returns to the status page (302 with the outcome)', async () => {
    const booking = await releasedBooking('giroCockpit');
    const started = await guest.post(paymentsUrl(), { bookingId: booking.id });
    const paypage = await fetch(started.json.paymentData as string);
    expect(await paypage.text()).toContain('Bezahlen');
    const pay = await fetch(`${started.json.paymentData as string}/pay`, { method: 'POST', body: 'result=4000', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(pay.status).toBe(302);
    const back = pay.headers.get('location') as string;
    expect(back.startsWith(`${app.url}/api/${tenantId}/payments/response?`)).toBe(true);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true, paymentMethod: 'GIROPAY' });

    const returned = await guest.get(back.slice(app.url.length));
    expect(returned.status).toBe(302);
    expect(returned.headers.get('location')).toBe(`${app.url}/checkout/status?${query({ id: booking.id, tenant: tenantId, outcome: 'paid' })}`);
  });

  it('return: without a result "pending", with a signed failure "failed", a forged one 400, an unknown booking 404; a signed success is applied', async () => {
    const booking = await releasedBooking('giroCockpit');
    const reference = await startGiro(booking);
    const returnTo = (params: Record<string, string>, id = booking.id) => guest.get(`${paymentsUrl('/response')}?${query({ id, tenant: tenantId, ...params })}`);
    const status = (outcome: string) => `${app.url}/checkout/status?${query({ id: booking.id, tenant: tenantId, outcome })}`;

    expect((await returnTo({})).headers.get('location')).toBe(status('pending'));
    const failed = await returnTo(providers.giroNotification(reference, { result: '4502' }));
    expect(failed.status).toBe(302);
    expect(failed.headers.get('location')).toBe(status('failed'));
    expect((await returnTo(providers.giroNotification(reference, { override: { gcResultPayment: '4000' }, result: '4502' }))).status).toBe(400);
    expect((await returnTo({}, 'ABCD-EFGH')).status).toBe(404);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: false });

    const posted = await form(guest, `${paymentsUrl('/response')}?${query({ id: booking.id, tenant: tenantId })}`, providers.giroNotification(reference));
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe(status('paid'));
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true, paymentProvider: 'giroCockpit' });
  });
});

describe('pmPayment', () => {
  it('start: the signed secure request to the system of the tenant’s mode (test here), in cents; the payment page URL', async () => {
    const booking = await releasedBooking('pmPayment');
    const started = await guest.post(paymentsUrl(), { bookingId: booking.id });
    expect(started.status, started.text).toBe(200);
    const request = providers.pmSecureRequests.at(-1)!;
    expect(request).toMatchObject({ system: 'test', accepted: true });
    expect(request.fields).toMatchObject({ ags: pm.ags, procedure: pm.procedure, amount: cents(booking), desc: booking.id, notifyURL: `${app.url}/api/${tenantId}/payments/notify?id=${booking.id}` });
    expect(started.json.paymentData).toBe(`${providers.url}/pmpayment/test/pay/${providers.pmTransactionOf(booking.id)!.txid}`);

    await setTenant(tenantId, { applications: applications({ pmTest: false }) });
    try {
      expect((await guest.post(paymentsUrl(), { bookingId: booking.id })).status).toBe(200);
      expect(providers.pmSecureRequests.at(-1)).toMatchObject({ system: 'prod', accepted: true });
    } finally {
      await setTenant(tenantId, { applications: applications() });
    }
  });

  it('notify: confirmed through the status endpoint of the configured mode; unknown or foreign transactions 400; unpaid stays unpaid; paid once', async () => {
    const booking = await releasedBooking('pmPayment', { mail: 'pm-zahlt@kunden.example' });
    await guest.post(paymentsUrl(), { bookingId: booking.id });
    const tx = providers.pmTransactionOf(booking.id)!;
    const notify = (fields: Record<string, string>) => form(guest, `${paymentsUrl('/notify')}?id=${booking.id}`, fields);

    expect((await notify({ ags: '01001000', txid: tx.txid })).status).toBe(400);
    expect((await notify({ ags: pm.ags, txid: 'unbekannt' })).status).toBe(400);
    // Another booking's paid transaction proves nothing for this one.
    const other = await releasedBooking('pmPayment');
    await guest.post(paymentsUrl(), { bookingId: other.id });
    providers.pmComplete(providers.pmTransactionOf(other.id)!.txid, { system: 'test' });
    expect((await notify({ ags: pm.ags, txid: providers.pmTransactionOf(other.id)!.txid })).status).toBe(400);

    const open = await notify({ ags: pm.ags, txid: tx.txid });
    expect(open.status, open.text).toBe(200);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: false });

    providers.pmComplete(tx.txid, { system: 'test', paymentMethod: 'creditCard' });
    const lookups = providers.pmStatusLookups.length;
    expect((await notify({ ags: pm.ags, txid: tx.txid })).status).toBe(200);
    expect(providers.pmStatusLookups.slice(lookups)).toEqual([`test ${pm.ags} ${tx.txid}`]);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true, paymentMethod: 'CREDIT_CARD', paymentProvider: 'pmPayment' });
    await app.smtp.waitForMail('pm-zahlt@kunden.example', CONFIRMED);

    expect((await notify({ ags: pm.ags, txid: tx.txid })).status).toBe(200);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find('pm-zahlt@kunden.example', CONFIRMED)).toHaveLength(1);

    // The browser comes back without a result: the status page shows the booking's state.
    const returned = await guest.get(`${paymentsUrl('/response')}?${query({ id: booking.id, tenant: tenantId })}`);
    expect(returned.headers.get('location')).toBe(`${app.url}/checkout/status?${query({ id: booking.id, tenant: tenantId, outcome: 'paid' })}`);
  });
});

describe('pmPayment in the browser', () => {
  it('"Bezahlen" on the payment page notifies the product, which confirms through status, and returns to the status page', async () => {
    const booking = await releasedBooking('pmPayment');
    const started = await guest.post(paymentsUrl(), { bookingId: booking.id });
    const page = await fetch(started.json.paymentData as string);
    expect(await page.text()).toContain('Bezahlen');
    const pay = await fetch(`${started.json.paymentData as string}/pay`, { method: 'POST', body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(pay.status).toBe(302);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true, paymentMethod: 'GIROPAY', paymentProvider: 'pmPayment' });
    const returned = await guest.get((pay.headers.get('location') as string).slice(app.url.length));
    expect(returned.headers.get('location')).toBe(`${app.url}/checkout/status?${query({ id: booking.id, tenant: tenantId, outcome: 'paid' })}`);
  });
});

describe('paid follow-ups from staff and workflow, exactly once', () => {
  it('staff marking a released booking paid (with a method) mails the confirmation once and keeps the method', async () => {
    const booking = await releasedBooking('invoice', { mail: 'bar-bezahlt@kunden.example' });
    const { _populated: _ignored, ...stored } = (await owner.get(`/api/${tenantId}/bookings/${booking.id}`)).json as Json;
    const first = await owner.put(`/api/${tenantId}/bookings`, { ...stored, isPayed: true, paymentMethod: 'CASH' });
    expect(first.status, first.text).toBe(201);
    await app.smtp.waitForMail('bar-bezahlt@kunden.example', CONFIRMED);
    const again = await owner.put(`/api/${tenantId}/bookings`, { ...stored, isPayed: true, paymentMethod: 'CASH', comment: 'zweimal gespeichert' });
    expect(again.status, again.text).toBe(201);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find('bar-bezahlt@kunden.example', CONFIRMED)).toHaveLength(1);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true, paymentMethod: 'CASH', paymentProvider: 'invoice' });
  });
});

describe('the workflow releases and marks paid through the same follow-ups', () => {
  it('"commit" asks for the payment (mail 4), "paid" confirms once, entering "paid" again changes nothing', async () => {
    const saved = await owner.put(`/api/${tenantId}/workflow`, {
      name: 'Kasse',
      active: true,
      defaultState: 'eingang',
      states: [
        { id: 'eingang', name: 'Eingang', actions: [] },
        { id: 'freigabe', name: 'Freigabe', actions: [{ type: 'bookingStatus', bookingStatus: ['commit'] }] },
        { id: 'bezahlt', name: 'Bezahlt', actions: [{ type: 'bookingStatus', bookingStatus: ['paid'] }] },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    try {
      const move = (taskId: string, destination: string) => actors.clients.memberAny.put(`/api/${tenantId}/workflow/task`, { taskId, destination, newIndex: 0 });
      const booking = await releasedBooking('pmPayment', { release: false, mail: 'workflow-kasse@kunden.example' });
      expect((await move(booking.id, 'freigabe')).status).toBe(200);
      expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isCommitted: true, isPayed: false });
      const request = await app.smtp.waitForMail('workflow-kasse@kunden.example', PAYMENT_REQUEST);
      expect(request.links).toContain(`${app.url}/payment/redirection?id=${booking.id}&tenant=${tenantId}`);

      expect((await move(booking.id, 'bezahlt')).status).toBe(200);
      expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true });
      await app.smtp.waitForMail('workflow-kasse@kunden.example', CONFIRMED);
      expect((await move(booking.id, 'eingang')).status).toBe(200);
      expect((await move(booking.id, 'bezahlt')).status).toBe(200);
      await waitForSettledQueue(app.orm);
      expect(app.smtp.find('workflow-kasse@kunden.example', CONFIRMED)).toHaveLength(1);
      expect(app.smtp.find('workflow-kasse@kunden.example', PAYMENT_REQUEST)).toHaveLength(1);
    } finally {
      await owner.put(`/api/${tenantId}/workflow`, { active: false });
    }
  });
});
