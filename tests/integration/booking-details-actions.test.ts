import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, slot, storedBooking } from './bookings.fixtures.js';

/**
 * What the staff's booking details act on and show beyond the list: marking a booking paid with the
 * method the payment came by (markBookingPaid), and the documents the customer accepted at checkout
 * with the time of acceptance.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;

const TENANT_MAIL = 'kasse@rathaus.example';
const TERMS = { id: 'hausordnung', title: 'Hausordnung', caption: '', type: 'agreement' as const, url: 'https://example.com/hausordnung.pdf', show: true, required: true };
const PRIVACY = { id: 'datenschutz', title: 'Datenschutzhinweise', caption: '', type: 'privacy-agreement' as const, url: 'https://example.com/datenschutz.pdf', show: true, required: false };

const markPaid = `mutation($t: ID!, $id: ID!, $method: String!) { markBookingPaid(tenantId: $t, id: $id, paymentMethod: $method) { id isPayed paymentMethod paymentMethodLabel status } }`;
const documents = `query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { timeCreated attachments { id bookableId type title url accepted acceptedAt } } }`;

let day = 0;
/** A fresh day in April 2027 per booking, so no two bookings of the room collide. */
const nextSlot = () => slot(10, new Date(Date.UTC(2027, 3, 1 + day++)).toISOString().slice(0, 10));

async function bookRoom(room: { id: string }, extra: Record<string, unknown> = {}): Promise<{ id: string; priceEur: number; isPayed: boolean }> {
  const response = await actors.clients.anonymous.post(`/api/${tenantId}/checkout`, { ...nextSlot(), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, ...extra });
  expect(response.status, response.text).toBe(200);
  return response.json as { id: string; priceEur: number; isPayed: boolean };
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  const em = app.orm.em.fork();
  Object.assign(await em.findOneOrFail(Tenant, { id: tenantId }), { mail: TENANT_MAIL });
  await em.flush();
});
afterAll(async () => app?.close());

describe('markBookingPaid', () => {
  it('records the payment with its method; the tenant hears of it as of any payment', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    expect(booking).toMatchObject({ isPayed: false });
    expect(booking.priceEur).toBeGreaterThan(0);

    const answer = await owner.gql<{ markBookingPaid: Record<string, unknown> }>(markPaid, { t: tenantId, id: booking.id, method: 'CASH' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.markBookingPaid).toEqual({ id: booking.id, isPayed: true, paymentMethod: 'CASH', paymentMethodLabel: 'Bar', status: 'ausstehend' });
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: true, paymentMethod: 'CASH' });
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find(TENANT_MAIL, `Zahlung eingegangen: Buchung ${booking.id}`)).toHaveLength(1);
  });

  it('leaves a booking already paid as it is and tells nobody again', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    expect((await owner.gql(markPaid, { t: tenantId, id: booking.id, method: 'TRANSFER' })).errors).toBeUndefined();
    const again = await owner.gql<{ markBookingPaid: { paymentMethod: string } }>(markPaid, { t: tenantId, id: booking.id, method: 'CASH' });
    expect(again.data?.markBookingPaid.paymentMethod).toBe('TRANSFER');
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find(TENANT_MAIL, `Zahlung eingegangen: Buchung ${booking.id}`)).toHaveLength(1);
  });

  it('refuses an unknown or missing method with a validation error naming the field, and changes nothing', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    for (const method of ['BITCOIN', '']) {
      const refused = await owner.gql(markPaid, { t: tenantId, id: booking.id, method });
      expect(refused.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
      expect(Object.keys(refused.errors?.[0]?.extensions?.fieldErrors as Record<string, string>)).toEqual(['paymentMethod']);
    }
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: false, paymentMethod: '' });
  });

  it('is refused to members without the update right on the booking', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    for (const name of ['memberWithoutFlag', 'memberOwnOnly', 'memberOfOtherTenant', 'anonymous'] as const) {
      const refused = await actors.clients[name].gql(markPaid, { t: tenantId, id: booking.id, method: 'CASH' });
      expect(refused.errors, name).toBeDefined();
    }
    expect(await storedBooking(app, tenantId, booking.id)).toMatchObject({ isPayed: false });
  });
});

describe('createInvoice', () => {
  const createInvoice = `mutation($t: ID!, $id: ID!) { createInvoice(tenantId: $t, bookingId: $id) { id kind number fileName isNew downloadUrl } }`;

  it('issues the invoice of the booking\'s amount over GraphQL, returns it again over REST, and lists it with the booking', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    const created = await owner.gql<{ createInvoice: { id: string; kind: string; number: string; fileName: string; isNew: boolean } }>(createInvoice, { t: tenantId, id: booking.id });
    expect(created.errors).toBeUndefined();
    const invoice = created.data!.createInvoice;
    expect(invoice).toMatchObject({ kind: 'invoice', isNew: true });
    expect(invoice.fileName).toBe(`Rechnung-${invoice.number}.pdf`);

    const again = await owner.post(`/api/${tenantId}/bookings/${booking.id}/invoices`, {});
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ id: invoice.id, number: invoice.number, isNew: false });
    const listed = await owner.gql<{ booking: { receipts: { id: string; kind: string }[] } }>(`query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { receipts { id kind } } }`, { t: tenantId, id: booking.id });
    expect(listed.data?.booking.receipts).toEqual([{ id: invoice.id, kind: 'invoice' }]);
    const pdf = await owner.get(`/api/${tenantId}/bookings/${booking.id}/receipt/${invoice.id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.contentType).toBe('application/pdf');
  });

  it('is refused to members without the update right on the booking, and issues nothing', async () => {
    const room = await bookableRoom(app, tenantId);
    const booking = await bookRoom(room);
    for (const name of ['memberWithoutFlag', 'memberOwnOnly', 'memberOfOtherTenant', 'anonymous'] as const) {
      expect((await actors.clients[name].gql(createInvoice, { t: tenantId, id: booking.id })).errors, name).toBeDefined();
      expect((await actors.clients[name].post(`/api/${tenantId}/bookings/${booking.id}/invoices`, {})).status, name).toBeGreaterThanOrEqual(401);
    }
    const listed = await owner.gql<{ booking: { receipts: unknown[] } }>(`query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { receipts { id } } }`, { t: tenantId, id: booking.id });
    expect(listed.data?.booking.receipts).toEqual([]);
    expect((await owner.post(`/api/${tenantId}/bookings/KEIN-TERMIN/invoices`, {})).status).toBe(404);
  });
});

describe('the accepted documents of a booking', () => {
  it('answers each document of the booked object with whether the customer accepted it, and when: at checkout', async () => {
    const room = await bookableRoom(app, tenantId, { attachments: [TERMS, PRIVACY] });
    const booking = await bookRoom(room, { attachmentStatus: [{ id: TERMS.id, accepted: true }, { id: PRIVACY.id, accepted: false }] });
    const answer = await owner.gql<{ booking: { timeCreated: string; attachments: Record<string, unknown>[] } }>(documents, { t: tenantId, id: booking.id });
    expect(answer.errors).toBeUndefined();
    const { timeCreated, attachments } = answer.data!.booking;
    expect(attachments).toEqual([
      { id: TERMS.id, bookableId: room.id, type: 'agreement', title: TERMS.title, url: TERMS.url, accepted: true, acceptedAt: timeCreated },
      { id: PRIVACY.id, bookableId: room.id, type: 'privacy-agreement', title: PRIVACY.title, url: PRIVACY.url, accepted: false, acceptedAt: null },
    ]);
  });
});
