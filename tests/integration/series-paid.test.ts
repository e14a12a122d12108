import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import { Receipt } from '../../server/src/receipts/receipt.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';

/**
 * Staff marking a whole series paid through REST and GraphQL: every date with something to pay is
 * marked paid as a single booking is (history, the tenant's payment notice), in one transaction;
 * the customer gets one receipt of the series listing the dates paid, in one mail; a second call
 * changes and issues nothing; a series without anything to pay and a viewer without the update
 * right are refused with nothing written.
 */
let app: TestApp;
let tenantId: string;
let guest: HttpClient;
let staff: HttpClient;
let reader: HttpClient;
const TENANT_MAIL = 'kasse@baeder.example';

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, { id: 'inhaber@baeder.example', password: 'inhaber-passwort' });
  await createUser(app.orm, { id: 'leser@baeder.example', password: 'leser-passwort' });
  const tenant = await createTenant(app.orm, {
    name: 'Bäderbetriebe Musterstadt',
    owners: ['inhaber@baeder.example'],
    roles: [{ name: 'Lesen', adminInterfaces: ['bookings'], manageBookings: { readAny: true } }],
    members: [{ userId: 'leser@baeder.example', roles: ['Lesen'] }],
  });
  tenantId = tenant.id;
  const em = app.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).mail = TENANT_MAIL;
  await em.flush();
  guest = app.client();
  staff = app.client();
  reader = app.client();
  await signIn(staff, 'inhaber@baeder.example', 'inhaber-passwort');
  await signIn(reader, 'leser@baeder.example', 'leser-passwort');
});
afterAll(async () => app?.close());

interface SeriesAnswer {
  id: string;
  dates: { bookingId: string; isPayed: boolean; isRejected: boolean }[];
}

const SERIES_FIELDS = 'id dates { bookingId isPayed isRejected }';
const markSeriesPaid = `mutation($tenantId: ID!, $id: ID!, $method: String!) { markBookingSeriesPaid(tenantId: $tenantId, id: $id, paymentMethod: $method) { ${SERIES_FIELDS} } }`;
const bookingsOf = (seriesId: string) => app.orm.em.fork().find(Booking, { tenant: tenantId, seriesId }, { orderBy: { timeBegin: 'asc' } });
const seriesReceipts = (seriesId: string) => app.orm.em.fork().find(Receipt, { tenant: tenantId, seriesId, kind: 'receipt' });
const paidHistory = (numbers: readonly string[]) =>
  app.orm.em.fork().execute<{ booking_id: string }[]>("select booking_id from booking_history where tenant_id = ? and action = 'paid' and booking_id = any(?::text[])", [tenantId, `{${numbers.join(',')}}`]);

/**
 * A weekly series of `count` dates from Tuesday 2 November 2027, 18:00 to 20:00, on a new room at
 * `priceEur` net per hour; released when asked; the queue settled and the mails cleared.
 */
async function bookSeries(title: string, count: number, mail: string, options: { priceEur: number; release: boolean }): Promise<{ id: string; bookings: Booking[] }> {
  const room = await bookableRoom(app, tenantId, { title, allowSeries: true, priceCategories: [{ priceEur: options.priceEur, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }] });
  const response = await guest.post(`/api/${tenantId}/checkout`, { ...slot(18, '2027-11-02', 2), bookableItems: [{ bookableId: room.id }], ...customer, name: 'Schwimmverein 1912', mail, series: { frequency: 'WEEKLY', count } });
  expect(response.status, response.text).toBe(200);
  const id: string = response.json.series.id;
  if (options.release) expect((await staff.post(`/api/${tenantId}/series/${id}/commit`, {})).status).toBe(200);
  await waitForSettledQueue(app.orm);
  app.smtp.clear();
  const bookings = await bookingsOf(id);
  expect(bookings).toHaveLength(count);
  return { id, bookings };
}

describe('marking a series paid', () => {
  it('pays every date still to pay with one receipt listing them in one mail, over REST; a second call over GraphQL changes nothing', async () => {
    const mail = 'kasse@schwimmverein.example';
    const { id, bookings } = await bookSeries('Lehrschwimmbecken', 4, mail, { priceEur: 12.5, release: true });
    // The second date was paid in cash before, the fourth cancelled: both stay as they are.
    const cash = await staff.gql(`mutation($t: ID!, $id: ID!) { markBookingPaid(tenantId: $t, id: $id, paymentMethod: "CASH") { id } }`, { t: tenantId, id: bookings[1].number });
    expect(cash.errors).toBeUndefined();
    expect((await staff.post(`/api/${tenantId}/bookings/${bookings[3].number}/reject`, { reason: 'Becken gesperrt' })).status).toBe(200);
    await waitForSettledQueue(app.orm);
    app.smtp.clear();
    const receiptsBefore = await app.orm.em.fork().count(Receipt, { tenant: tenantId, kind: 'receipt' });

    const response = await staff.post(`/api/${tenantId}/series/${id}/paid`, { paymentMethod: 'TRANSFER' });
    expect(response.status, response.text).toBe(200);
    expect(response.json.id).toBe(id);
    expect((response.json as SeriesAnswer).dates.map((date) => [date.isPayed, date.isRejected])).toEqual([
      [true, false],
      [true, false],
      [true, false],
      [false, true],
    ]);
    const stored = await bookingsOf(id);
    expect(stored.map((booking) => booking.paymentMethod)).toEqual(['TRANSFER', 'CASH', 'TRANSFER', '']);
    // Each date paid now has the history entry of a single markBookingPaid.
    const paidNow = [bookings[0].number, bookings[2].number];
    expect((await paidHistory(paidNow)).map((entry) => entry.booking_id).sort()).toEqual([...paidNow].sort());

    await waitForSettledQueue(app.orm);
    const sent = app.smtp.find(mail);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Vielen Dank für Ihre Buchung im Bäderbetriebe Musterstadt');
    expect(sent[0].text).toContain('Bezahlte Termine der Serie (wöchentlich dienstags, 4 Termine): 2');
    // Two dates of 2 hours at 12,50 € net with 19 % VAT: the amount of both, paid by transfer.
    expect(sent[0].text).toMatch(/Bezahlt: 59,50\s€/);
    expect(sent[0].text).toContain('Zahlungsart: Überweisung');
    for (const number of paidNow) expect(sent[0].text).toContain(`(Buchung ${number})`);
    expect(sent[0].text).not.toContain(`(Buchung ${bookings[1].number})`);
    const pdfs = sent[0].attachments.filter((attachment) => attachment.contentType === 'application/pdf');
    expect(pdfs).toHaveLength(1);

    // One receipt of the series, kept with the first date paid, listed in each date's documents.
    const [receipt, ...more] = await seriesReceipts(id);
    expect(more).toHaveLength(0);
    expect(pdfs[0].filename).toBe(receipt.fileName);
    expect(await app.orm.em.fork().count(Receipt, { tenant: tenantId, kind: 'receipt' })).toBe(receiptsBefore + 1);
    const documents = await staff.gql<{ booking: { receipts: { kind: string; number: string }[] } }>(`query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { receipts { kind number } } }`, { t: tenantId, id: bookings[2].number });
    expect(documents.errors).toBeUndefined();
    expect(documents.data!.booking.receipts).toContainEqual({ kind: 'receipt', number: receipt.number });
    // The office hears of each payment, as of a single one.
    for (const number of paidNow) expect(app.smtp.find(TENANT_MAIL, `Zahlung eingegangen: Buchung ${number}`)).toHaveLength(1);

    app.smtp.clear();
    const again = await staff.gql<{ markBookingSeriesPaid: SeriesAnswer }>(markSeriesPaid, { tenantId, id, method: 'CASH' });
    expect(again.errors).toBeUndefined();
    expect(again.data!.markBookingSeriesPaid.dates.map((date) => date.isPayed)).toEqual([true, true, true, false]);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find(mail)).toHaveLength(0);
    expect(await seriesReceipts(id)).toHaveLength(1);
    expect((await bookingsOf(id)).map((booking) => booking.paymentMethod)).toEqual(['TRANSFER', 'CASH', 'TRANSFER', '']);
  });

  it('over GraphQL pays dates waiting for their release too; their receipt follows their release', async () => {
    const mail = 'aquafitness@schwimmverein.example';
    const { id, bookings } = await bookSeries('Therapiebecken', 2, mail, { priceEur: 20, release: false });
    const answer = await staff.gql<{ markBookingSeriesPaid: SeriesAnswer }>(markSeriesPaid, { tenantId, id, method: 'CASH' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.markBookingSeriesPaid.dates.map((date) => date.isPayed)).toEqual([true, true]);
    await waitForSettledQueue(app.orm);
    // Not released yet: the customer hears nothing, the office of each payment.
    expect(app.smtp.find(mail)).toHaveLength(0);
    expect(await seriesReceipts(id)).toHaveLength(0);
    for (const booking of bookings) expect(app.smtp.find(TENANT_MAIL, `Zahlung eingegangen: Buchung ${booking.number}`)).toHaveLength(1);
  });
});

describe('a staff invoice of one series date', () => {
  it('invoices that date alone: its own document, not the series\'', async () => {
    const { id, bookings } = await bookSeries('Kursbecken', 3, 'kurse@schwimmverein.example', { priceEur: 12.5, release: true });
    const response = await staff.post(`/api/${tenantId}/bookings/${bookings[1].number}/invoices`, {});
    expect(response.status, response.text).toBe(201);
    const invoice = await app.orm.em.fork().findOneOrFail(Receipt, { id: response.json.id }, { populate: ['booking'] });
    expect(invoice).toMatchObject({ kind: 'invoice', seriesId: null });
    expect(invoice.booking.number).toBe(bookings[1].number);
    expect(await app.orm.em.fork().count(Receipt, { tenant: tenantId, seriesId: id })).toBe(0);
    // The other dates list no invoice of it.
    const other = await staff.gql<{ booking: { receipts: { id: string }[] } }>(`query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { receipts { id } } }`, { t: tenantId, id: bookings[0].number });
    expect(other.data?.booking.receipts).toEqual([]);
  });
});

describe('marking a series paid: what is refused', () => {
  it('refuses a series with nothing to pay over GraphQL and REST and writes nothing', async () => {
    const mail = 'freibad@schwimmverein.example';
    const { id, bookings } = await bookSeries('Freibad Bahn 3', 2, mail, { priceEur: 0, release: true });
    const state = async () => (await bookingsOf(id)).map((booking) => [booking.number, booking.isPayed, booking.paymentMethod, booking.updatedAt.getTime()]);
    const before = await state();
    const graph = await staff.gql(markSeriesPaid, { tenantId, id, method: 'CASH' });
    expect(graph.errors?.[0].extensions?.code).toBe('BOOKING_SERIES_NOTHING_TO_PAY');
    expect(graph.errors?.[0].message).toBe('Die Serie hat keinen Termin mit einem Betrag, der bezahlt werden kann; es wurde nichts geändert.');
    const rest = await staff.post(`/api/${tenantId}/series/${id}/paid`, { paymentMethod: 'CASH' });
    expect(rest.status).toBe(409);
    expect(rest.contentType).toContain('application/problem+json');
    expect(rest.json.code).toBe('booking.series-nothing-to-pay');
    expect(await state()).toEqual(before);
    expect(await paidHistory(bookings.map((booking) => booking.number))).toEqual([]);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find(mail)).toHaveLength(0);
  });

  it('answers a reader without the update right 403, a guest 401, a missing method 400 and an unknown series 404, and pays nothing', async () => {
    const mail = 'wasserball@schwimmverein.example';
    const { id, bookings } = await bookSeries('Sprungbecken', 2, mail, { priceEur: 12.5, release: true });
    const refused = await reader.post(`/api/${tenantId}/series/${id}/paid`, { paymentMethod: 'CASH' });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('auth.forbidden');
    const graphReader = await reader.gql(markSeriesPaid, { tenantId, id, method: 'CASH' });
    expect(graphReader.errors?.[0].extensions?.code).toBe('AUTH_FORBIDDEN');
    expect((await guest.post(`/api/${tenantId}/series/${id}/paid`, { paymentMethod: 'CASH' })).status).toBe(401);

    const noMethod = await staff.post(`/api/${tenantId}/series/${id}/paid`, {});
    expect(noMethod.status).toBe(400);
    expect(Object.keys(noMethod.json.errors)).toEqual(['paymentMethod']);
    const unknownMethod = await staff.gql(markSeriesPaid, { tenantId, id, method: 'BITCOIN' });
    expect(unknownMethod.errors?.[0].extensions?.code).toBe('GENERIC_VALIDATION');
    expect((await staff.post(`/api/${tenantId}/series/00000000-0000-4000-8000-000000000000/paid`, { paymentMethod: 'CASH' })).status).toBe(404);

    expect((await bookingsOf(id)).every((booking) => !booking.isPayed)).toBe(true);
    expect(await paidHistory(bookings.map((booking) => booking.number))).toEqual([]);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find(mail)).toHaveLength(0);
  });
});
