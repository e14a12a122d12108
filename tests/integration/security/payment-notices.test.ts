import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Tenant, type TenantApplication } from '../../../server/src/tenants/tenant.entity.js';
import { createTenant, createUser, signIn } from '../../support/fixtures.js';
import type { HttpClient } from '../../support/http.js';
import { PaymentProviderStandIns, type PmStatusDeviation } from '../../support/payment-providers.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { bookableRoom, customer, slot, storedBooking } from '../bookings.fixtures.js';
import { logger } from '../../../server/src/shared/logging.js';

/**
 * Forged or misleading payment notices. A pmPayment notification names only a transaction id, so
 * it counts only when the provider's status answer names this booking and states its amount in
 * integer cents; a GiroCheckout notice must name this project, booking, amount and currency. Every
 * refusal answers 400, is logged and leaves the booking unpaid.
 */
let app: TestApp;
let providers: PaymentProviderStandIns;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;

const staff = { id: 'kasse-leitung@example.com', password: 'kasse-passwort-1' };
const giro = { merchantId: '3610001', projectId: '36101', secret: 'giro-schluessel-sicher' };
const pm = { ags: '09162001', procedure: 'saal', salt: 'pm-salz-sicher' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST answers are read as plain JSON
type Json = any;

let dayCounter = 0;
const nextDay = () => new Date(Date.UTC(2027, 5, 1 + dayCounter++)).toISOString().slice(0, 10);
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const notifyUrl = (bookingId: string) => `/api/${tenantId}/payments/notify?id=${bookingId}`;
const form = (path: string, fields: Record<string, string>) =>
  guest.request('POST', path, { body: query(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

function applications(): TenantApplication[] {
  return [
    { id: 'giroCockpit', type: 'payment', title: 'Online-Zahlung', active: true, paymentMerchantId: giro.merchantId, paymentProjectId: giro.projectId, paymentSecret: giro.secret, paymentMode: 'prod', paymentPurposeSuffix: 'Saal' },
    { id: 'pmPayment', type: 'payment', title: 'Online-Zahlung (pmPayment)', active: true, paymentMerchantId: pm.ags, paymentProjectId: pm.procedure, paymentSecret: pm.salt, paymentMode: 'prod', paymentPurposeSuffix: 'Halle' },
  ];
}

/** A released booking of a fresh room (its own hourly price), its payment started with the provider. */
async function startedBooking(provider: 'pmPayment' | 'giroCockpit', priceEur = 40): Promise<Json> {
  const room = await bookableRoom(app, tenantId, { priceCategories: [{ priceEur, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }] });
  const created = await guest.post(`/api/${tenantId}/checkout`, { ...slot(9, nextDay(), 2), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, paymentProvider: provider });
  expect(created.status, created.text).toBe(200);
  expect(created.json.priceEur).toBeGreaterThan(0);
  expect((await owner.post(`/api/${tenantId}/bookings/${created.json.id}/commit`)).status).toBe(200);
  const started = await guest.post(`/api/${tenantId}/payments`, { bookingId: created.json.id });
  expect(started.status, started.text).toBe(200);
  return created.json;
}

const centsOf = (booking: { priceEur: number }) => Math.round(booking.priceEur * 100);

async function expectUnpaid(bookingId: string): Promise<void> {
  expect(await storedBooking(app, tenantId, bookingId)).toMatchObject({ isPayed: false, paymentMethod: '' });
}

beforeAll(async () => {
  providers = await new PaymentProviderStandIns().start();
  providers.addGiroProject(giro).addPmMunicipality(pm);
  app = await startTestApp(providers.env());
  await createUser(app.orm, staff);
  tenantId = (await createTenant(app.orm, { name: 'Stadthalle Zahlstadt', owners: [staff.id] })).id;
  const em = app.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).applications = applications();
  await em.flush();
  owner = app.client();
  await signIn(owner, staff.id, staff.password);
  guest = app.client();
});
afterAll(async () => {
  await app?.close();
  await providers?.close();
});

describe('pmPayment notifications', () => {
  /** Settles the booking's transaction as paid, with the status answer deviating as given, and notifies. */
  async function notifyPaid(booking: Json, statusAnswer?: PmStatusDeviation) {
    const tx = providers.pmTransactionOf(booking.id)!;
    providers.pmComplete(tx.txid, { statusAnswer });
    return form(notifyUrl(booking.id), { ags: pm.ags, txid: tx.txid });
  }

  it.each<[string, (booking: Json) => PmStatusDeviation]>([
    ['without desc', () => ({ omit: ['desc'] })],
    ['without amount', () => ({ omit: ['amount'] })],
    ['without desc and amount', () => ({ omit: ['desc', 'amount'] })],
    ['with an empty desc', () => ({ replace: { desc: '' } })],
    ['with a desc that only begins with the booking number', (booking) => ({ replace: { desc: `${booking.id}X - Halle` } })],
    ['with a lower amount', () => ({ replace: { amount: '100' } })],
    ['with the amount in euros', (booking) => ({ replace: { amount: booking.priceEur.toFixed(2) } })],
    ['with the amount as a fraction', (booking) => ({ replace: { amount: centsOf(booking) + 0.5 } })],
    ['with the amount padded', (booking) => ({ replace: { amount: ` ${centsOf(booking)}` } })],
  ])('a paid status answer %s is refused with 400, logged, and the booking stays unpaid', async (_case, deviation) => {
    const booking = await startedBooking('pmPayment');
    const warnings = vi.spyOn(logger, 'warn');
    try {
      const answer = await notifyPaid(booking, deviation(booking));
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json).toMatchObject({ code: 'payment.notification-invalid' });
      expect(warnings.mock.calls.some((call) => String(call[0]).includes(`refused notification for booking ${booking.id}`))).toBe(true);
    } finally {
      warnings.mockRestore();
    }
    await expectUnpaid(booking.id);
  });

  it("a paid status answer naming another booking's purpose and amount is refused, for this booking and with its own transaction id", async () => {
    const booking = await startedBooking('pmPayment', 40);
    const other = await startedBooking('pmPayment', 15);
    const otherTx = providers.pmTransactionOf(other.id)!;
    const answer = await notifyPaid(booking, { replace: { desc: otherTx.fields.desc, amount: otherTx.fields.amount } });
    expect(answer.status).toBe(400);
    // Nor does the other booking's paid transaction pay this one.
    providers.pmComplete(otherTx.txid);
    expect((await form(notifyUrl(booking.id), { ags: pm.ags, txid: otherTx.txid })).status).toBe(400);
    await expectUnpaid(booking.id);
    await expectUnpaid(other.id);
  });

  it('the amount as an integer number of cents and the purpose with the suffix are accepted', async () => {
    const booking = await startedBooking('pmPayment');
    const answer = await notifyPaid(booking, { replace: { amount: centsOf(booking), desc: `${booking.id} - Halle` } });
    expect(answer.status, answer.text).toBe(200);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true, paymentProvider: 'pmPayment' });
  });

  it('an unpaid status answer without desc or amount is refused too', async () => {
    const booking = await startedBooking('pmPayment');
    const tx = providers.pmTransactionOf(booking.id)!;
    providers.pmComplete(tx.txid, { status: 0, statusAnswer: { omit: ['desc', 'amount'] } });
    expect((await form(notifyUrl(booking.id), { ags: pm.ags, txid: tx.txid })).status).toBe(400);
    await expectUnpaid(booking.id);
  });
});

describe('GiroCheckout notifications (signed)', () => {
  /** A notice signed with the project's key over the given fields (the key holder's statement). */
  function signed(reference: string, changes: Record<string, string>): Record<string, string> {
    const tx = providers.giroTransactions.get(reference)!;
    const original = { ...tx.fields };
    Object.assign(tx.fields, { ...(changes.gcProjectId !== undefined ? { projectId: changes.gcProjectId } : {}), ...(changes.gcAmount !== undefined ? { amount: changes.gcAmount } : {}), ...(changes.gcCurrency !== undefined ? { currency: changes.gcCurrency } : {}) });
    providers.addGiroProject({ ...giro, projectId: tx.fields.projectId });
    try {
      return providers.giroNotification(reference);
    } finally {
      tx.fields = original;
    }
  }

  it.each<[string, Record<string, string>]>([
    ['without project', { gcProjectId: '' }],
    ['without currency', { gcCurrency: '' }],
    ['without amount', { gcAmount: '' }],
    ['with the amount in euros', { gcAmount: '95.20' }],
  ])('a signed success %s is refused with 400 and the booking stays unpaid', async (_case, changes) => {
    const booking = await startedBooking('giroCockpit');
    const reference = providers.giroTransactionOf(booking.id)!.reference;
    const answer = await guest.get(`${notifyUrl(booking.id)}&${query(signed(reference, changes))}`);
    expect(answer.status, answer.text).toBe(400);
    await expectUnpaid(booking.id);
  });

  it('a complete signed success pays the booking', async () => {
    const booking = await startedBooking('giroCockpit');
    const reference = providers.giroTransactionOf(booking.id)!.reference;
    expect((await guest.get(`${notifyUrl(booking.id)}&${query(providers.giroNotification(reference))}`)).status).toBe(200);
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true, paymentProvider: 'giroCockpit' });
  });
});
