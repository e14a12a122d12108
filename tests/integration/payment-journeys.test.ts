import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receipt } from '../../server/src/receipts/receipt.entity.js';
import { Tenant, type TenantApplication } from '../../server/src/tenants/tenant.entity.js';
import type { HttpClient } from '../support/http.js';
import { PaymentProviderStandIns } from '../support/payment-providers.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, slot, storeEvent, storeTicket } from './bookings.fixtures.js';
import { waitForSettledQueue } from '../support/job-queue.js';

/**
 * The citizen pays: bookings released at checkout (rooms and tickets) are asked for their payment
 * like a staff release (link mail or invoice), the payment choice is required where the tenant
 * offers payment, and asking again for the invoice, also in parallel, issues and mails it once.
 */
let app: TestApp;
let providers: PaymentProviderStandIns;
let actors: Actors;
let tenantId: string;
let noPaymentTenantId: string;
let guest: HttpClient;

const TENANT_NAME = 'Bürgeramt Zahlstadt';
const PAYMENT_REQUEST = `Bitte schließen Sie Ihre Buchung im ${TENANT_NAME} ab`;
const INVOICE_MAIL = 'Rechnung zu Ihrer Buchung';
const giro = { merchantId: '3610001', projectId: '36101', secret: 'giro-reise-schluessel' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST answers are read as plain JSON
type Json = any;

let dayCounter = 0;
const nextDay = () => new Date(Date.UTC(2027, 5, 7 + dayCounter++)).toISOString().slice(0, 10);

const applications = (invoiceActive = true): TenantApplication[] => [
  { id: 'giroCockpit', type: 'payment', title: 'Online-Zahlung', active: true, paymentMerchantId: giro.merchantId, paymentProjectId: giro.projectId, paymentSecret: giro.secret, paymentMode: 'test', paymentPurposeSuffix: 'Halle' },
  // Switched on but incomplete (no key): it cannot sign, so it is neither offered nor accepted.
  { id: 'pmPayment', type: 'payment', title: 'pmPayment', active: true, paymentMerchantId: '', paymentProjectId: '', paymentSecret: '', paymentMode: 'test', paymentPurposeSuffix: '' },
  { id: 'invoice', type: 'payment', title: 'Rechnung', active: invoiceActive, bank: 'Sparkasse', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: 'Stadt', daysUntilPaymentDue: 14 },
];

async function setTenant(id: string, changes: Partial<Pick<Tenant, 'name' | 'mail' | 'applications' | 'enablePublicStatusView'>>): Promise<void> {
  const em = app.orm.em.fork();
  Object.assign(await em.findOneOrFail(Tenant, { id }), changes);
  await em.flush();
}

/** A checkout of an hour of a fresh room released at checkout. */
async function autoCommitted(provider: string | null, mail: string, tenant = tenantId): Promise<Json> {
  const room = await bookableRoom(app, tenant, { autoCommitBooking: true });
  const response = await guest.post(`/api/${tenant}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, mail, ...(provider ? { paymentProvider: provider } : {}) });
  expect(response.status, response.text).toBe(200);
  return response.json;
}

const invoicesOf = (number: string) => app.orm.em.fork().find(Receipt, { booking: { tenant: tenantId, number }, kind: 'invoice' });

beforeAll(async () => {
  providers = await new PaymentProviderStandIns().start();
  providers.addGiroProject(giro);
  app = await startTestApp(providers.env());
  actors = await createActors(app, 'manageBookings', 'bookings', 'payment-journeys');
  tenantId = actors.tenant.id;
  noPaymentTenantId = actors.otherTenant.id;
  guest = actors.clients.anonymous;
  await setTenant(tenantId, { name: TENANT_NAME, mail: 'amt@zahlstadt.example', applications: applications() });
  await setTenant(noPaymentTenantId, { name: 'Gemeinde Barzahl', applications: [] });
});
afterAll(async () => {
  await app?.close();
  await providers?.close();
});

describe('a priced booking released at checkout is asked for its payment', () => {
  it('online: the checkout answers committed and unpaid, the customer gets the link to the payment page, which starts the payment', async () => {
    const booking = await autoCommitted('giroCockpit', 'sofort-online@kunden.example');
    expect(booking).toMatchObject({ isCommitted: true, isPayed: false, paymentProvider: 'giroCockpit' });
    const mail = await app.smtp.waitForMail('sofort-online@kunden.example', PAYMENT_REQUEST);
    expect(mail.links).toContain(`${app.url}/payment/redirection?id=${booking.id}&tenant=${tenantId}`);
    // The object released itself: nobody checked the booking, and the mail does not claim it.
    expect(mail.text).toContain('Ihre Buchung ist freigegeben.');
    expect(mail.text).not.toContain('geprüft');
    const started = await guest.gql(`mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { provider redirectUrl } }`, { t: tenantId, b: booking.id });
    expect(started.errors).toBeUndefined();
    expect(started.data?.startPayment).toMatchObject({ provider: 'giroCockpit', redirectUrl: expect.stringContaining('http') });
  });

  it('invoice: the invoice is issued and mailed once (mail 5); starting the payment afterwards mails no second one', async () => {
    const booking = await autoCommitted('invoice', 'sofort-rechnung@kunden.example');
    const mail = await app.smtp.waitForMail('sofort-rechnung@kunden.example', PAYMENT_REQUEST);
    expect(mail.attachments.map((attachment) => attachment.contentType)).toContain('application/pdf');
    expect(mail.text).not.toContain('geprüft');
    const again = await guest.post(`/api/${tenantId}/payments`, { bookingId: booking.id });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ paymentData: true, invoice: { requestedBefore: true } });
    expect(again.json.invoice.number).toMatch(/(^|-)\d{4}-\d{4}-1$/);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find('sofort-rechnung@kunden.example', INVOICE_MAIL)).toEqual([]);
    expect(await invoicesOf(booking.id)).toHaveLength(1);
  });

  it('a paid ticket booked online gets the payment link; one booked on invoice its invoice', async () => {
    const event = await storeEvent(app, tenantId, 'Konzert im Park', 100);
    const ticket = await storeTicket(app, tenantId, event.id, { title: 'Eintritt', priceType: 'per-item', priceCategories: [{ priceEur: 8, priceValueAddedTax: 7, interval: { start: null, end: null }, fixedPrice: false }] });
    const online = await guest.post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId: ticket.id, amount: 2 }], ...customer, mail: 'karte-online@kunden.example', paymentProvider: 'giroCockpit' });
    expect(online.status, online.text).toBe(200);
    expect(online.json).toMatchObject({ isCommitted: true, isPayed: false });
    const link = await app.smtp.waitForMail('karte-online@kunden.example', PAYMENT_REQUEST);
    expect(link.links).toContain(`${app.url}/payment/redirection?id=${online.json.id}&tenant=${tenantId}`);

    const invoice = await guest.post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId: ticket.id, amount: 1 }], ...customer, mail: 'karte-rechnung@kunden.example', paymentProvider: 'invoice' });
    expect(invoice.status, invoice.text).toBe(200);
    const mail = await app.smtp.waitForMail('karte-rechnung@kunden.example', PAYMENT_REQUEST);
    expect(mail.attachments.map((attachment) => attachment.contentType)).toContain('application/pdf');
  });
});

describe('visiting the payment page again asks for nothing new', () => {
  it('parallel starts of an invoice booking issue and mail one invoice; later starts show it', async () => {
    const room = await bookableRoom(app, tenantId);
    const checkout = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, mail: 'parallel-rechnung@kunden.example', paymentProvider: 'invoice' });
    expect(checkout.status, checkout.text).toBe(200);
    // Released by staff while the invoice application is off: no invoice on release.
    await setTenant(tenantId, { applications: applications(false) });
    expect((await actors.clients.tenantOwner.post(`/api/${tenantId}/bookings/${checkout.json.id}/commit`)).status).toBe(200);
    await setTenant(tenantId, { applications: applications() });
    await waitForSettledQueue(app.orm);
    expect(await invoicesOf(checkout.json.id)).toEqual([]);

    const starts = await Promise.all(Array.from({ length: 6 }, () => guest.post(`/api/${tenantId}/payments`, { bookingId: checkout.json.id })));
    for (const start of starts) expect(start.status, start.text).toBe(200);
    expect(starts.filter((start) => start.json.invoice.requestedBefore === false)).toHaveLength(1);
    await app.smtp.waitForMail('parallel-rechnung@kunden.example', INVOICE_MAIL);
    const later = await guest.post(`/api/${tenantId}/payments`, { bookingId: checkout.json.id });
    expect(later.json.invoice).toMatchObject({ requestedBefore: true });
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find('parallel-rechnung@kunden.example', INVOICE_MAIL)).toHaveLength(1);
    const invoices = await invoicesOf(checkout.json.id);
    expect(invoices).toHaveLength(1);
    expect(later.json.invoice.number).toBe(invoices[0].number);
  });
});

describe('an online payment under way is resumed', () => {
  it('a second visit and parallel visits get the same payment page: one transaction with the provider', async () => {
    const booking = await autoCommitted('giroCockpit', 'fortsetzen@kunden.example');
    const initsOf = (number: string) => providers.giroInits.filter((init) => init.fields.merchantTxId === number).length;
    const first = await guest.post(`/api/${tenantId}/payments`, { bookingId: booking.id });
    expect(first.status, first.text).toBe(200);
    const again = await guest.gql(`mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { provider redirectUrl } }`, { t: tenantId, b: booking.id });
    expect(again.data?.startPayment).toEqual({ provider: 'giroCockpit', redirectUrl: first.json.paymentData });
    expect(initsOf(booking.id)).toBe(1);

    const parallel = await autoCommitted('giroCockpit', 'parallel-online@kunden.example');
    const starts = await Promise.all(Array.from({ length: 5 }, () => guest.post(`/api/${tenantId}/payments`, { bookingId: parallel.id })));
    expect(new Set(starts.map((start) => start.json.paymentData)).size).toBe(1);
    expect(initsOf(parallel.id)).toBe(1);
  });
});

describe('the payment choice at checkout', () => {
  it('a priced checkout of a tenant with payment applications must name an active one (400 at paymentProvider naming the choices)', async () => {
    const room = await bookableRoom(app, tenantId);
    const body = { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer };
    for (const provider of [undefined, 'pmPayment']) {
      const refused = await guest.post(`/api/${tenantId}/checkout`, { ...body, ...(provider ? { paymentProvider: provider } : {}) });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json.errors).toEqual({ paymentProvider: 'Bitte wählen Sie eine Zahlungsart: „Online-Zahlung“, „Rechnung“.' });
    }
    const viaGraphql = await guest.gql(`mutation($t: ID!, $i: CheckoutInput!) { checkout(tenantId: $t, input: $i) { id } }`, {
      t: tenantId,
      i: { timeBegin: new Date(body.timeBegin).toISOString(), timeEnd: new Date(body.timeEnd).toISOString(), bookableItems: body.bookableItems, name: customer.name, mail: customer.mail },
    });
    expect(viaGraphql.errors?.[0]?.extensions).toMatchObject({ fieldErrors: { paymentProvider: expect.stringContaining('Zahlungsart') } });
    // The checkout page offers exactly what the checkout accepts.
    const apps = await guest.gql(`query($id: ID!) { paymentApps(tenantId: $id) { id title } }`, { id: tenantId });
    expect(apps.data?.paymentApps).toEqual([
      { id: 'giroCockpit', title: 'Online-Zahlung' },
      { id: 'invoice', title: 'Rechnung' },
    ]);
    const accepted = await guest.post(`/api/${tenantId}/checkout`, { ...body, paymentProvider: 'giroCockpit' });
    expect(accepted.status, accepted.text).toBe(200);
  });

  it('a tenant without payment applications takes priced bookings without a provider, and refuses one that names a provider', async () => {
    const booking = await autoCommitted(null, 'barzahler@kunden.example', noPaymentTenantId);
    expect(booking).toMatchObject({ isCommitted: true, isPayed: false, paymentProvider: null });
    // The customer learns how to pay instead of waiting for a link.
    const mail = await app.smtp.waitForMail('barzahler@kunden.example', 'Ihre Buchung im Gemeinde Barzahl ist freigegeben');
    expect(mail.text).toContain('Die Zahlung erfolgt direkt mit dem Mandanten Gemeinde Barzahl');
    expect(mail.links.some((href) => href.includes('/payment/redirection'))).toBe(false);
    const room = await bookableRoom(app, noPaymentTenantId);
    const refused = await guest.post(`/api/${noPaymentTenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, paymentProvider: 'invoice' });
    expect(refused.status).toBe(400);
    expect(refused.json.errors.paymentProvider).toContain('keine Zahlung über die Plattform');
  });
});

describe('what the status pages say', () => {
  it('the status after the payment\'s return names object, time, price and the tenant, and no personal data', async () => {
    const booking = await autoCommitted('giroCockpit', 'rueckkehr@kunden.example');
    const status = await guest.get(`/api/${tenantId}/bookings/${booking.id}/status`);
    expect(status.status).toBe(200);
    expect(status.json).toEqual({
      bookingId: booking.id,
      isCommitted: true,
      isPayed: false,
      isRejected: false,
      title: expect.any(String),
      items: [{ title: expect.any(String), amount: 1 }],
      timeBegin: booking.timeBegin,
      timeEnd: booking.timeEnd,
      priceEur: booking.priceEur,
      paymentProvider: 'giroCockpit',
      tenantName: TENANT_NAME,
      events: [],
    });
    expect(status.json.title).not.toBe('');
  });

  it('a cancelled booking that was not paid owes nothing: its public status shows no pending payment', async () => {
    await setTenant(tenantId, { enablePublicStatusView: true });
    const booking = await autoCommitted('giroCockpit', 'storniert@kunden.example');
    const pending = await guest.get(`/api/${tenantId}/bookings/${booking.id}/status/public?lastname=${encodeURIComponent(customer.name)}`);
    expect(pending.json.status).toMatchObject({ paymentStatus: 'pending', bookingStatus: 'confirmed' });
    const rejected = await actors.clients.tenantOwner.post(`/api/${tenantId}/bookings/${booking.id}/reject`, { reason: 'Doppelt gebucht' });
    expect(rejected.status, rejected.text).toBe(200);
    const status = await guest.get(`/api/${tenantId}/bookings/${booking.id}/status/public?lastname=${encodeURIComponent(customer.name)}`);
    expect(status.json.status).toMatchObject({ paymentStatus: 'none', bookingStatus: 'rejected' });
  });
});
