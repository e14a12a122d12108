import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, gql, slot } from './bookings.fixtures.js';

/**
 * Art. 15 and 17 GDPR for a tenant's customers: what is stored about a mail address (JSON and PDF,
 * REST and GraphQL) and its erasure; the tenant's owners only, a running booking refuses the
 * erasure as a whole, a booking with a receipt inside its period keeps the accounting data.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;

const MAIL = 'anna.daten@example.com';
const ASKED = 'Anna.Daten@Example.com';
const person = { ...customer, name: 'Anna Daten', mail: MAIL, phone: '0171 555', comment: 'Rollstuhlgerechter Zugang nötig' };

const PERSONAL_DATA = `query($t: ID!, $mail: String!) { personalData(tenantId: $t, mail: $mail) { tenantId mail bookings { id status name mail phone comment priceEur
  items { title amount } receipts { number keptUntil } history { action actionLabel actor changes { field before after } reason } mails { kind label sent } } } }`;
const ERASE = `mutation($t: ID!, $mail: String!) { erasePersonalData(tenantId: $t, mail: $mail) { mail erased restricted bookings { id outcome reason keptUntil } } }`;

interface Report {
  tenantId: string;
  mail: string;
  bookings: { id: string; name: string; mail: string; phone: string; comment: string; history: { action: string }[]; mails: { kind: string; sent: boolean }[]; receipts: { number: string; keptUntil: string }[] }[];
  deletedBookings: { id: string; deletedAt: string; history: { action: string; changes: { field: string; before: string }[] }[] }[];
}

async function book(tenant: string, day: string, data: Record<string, unknown> = person): Promise<string> {
  const room = await bookableRoom(app, tenant);
  const response = await actors.clients.anonymous.post(`/api/${tenant}/checkout`, { ...slot(10, day), bookableItems: [{ bookableId: room.id, amount: 1 }], ...data });
  expect(response.status, response.text).toBe(200);
  return (response.json as { id: string }).id;
}

/** Moves a booking a year and more into the past: it has ended. */
async function intoThePast(number: string): Promise<void> {
  const connection = app.orm.em.getConnection();
  await connection.execute(`update bookings set time_begin = time_begin - interval '500 days', time_end = time_end - interval '500 days', created_at = created_at - interval '520 days' where tenant_id = ? and number = ?`, [tenantId, number]);
  await connection.execute(`update booking_items set time_begin = time_begin - interval '500 days', time_end = time_end - interval '500 days' where booking_key = (select key from bookings where tenant_id = ? and number = ?)`, [tenantId, number]);
}

const url = (mail: string, tenant = tenantId, extra = '') => `/api/${tenant}/personal-data?mail=${encodeURIComponent(mail)}${extra}`;
const customerRow = async (tenant: string, number: string) =>
  (await app.orm.em.getConnection().execute<{ name: string; mail: string; phone: string; street: string; anonymised_mode: string | null }[]>('select name, mail, phone, street, anonymised_mode from bookings where tenant_id = ? and number = ?', [tenant, number]))[0];

let finished: string;
let withReceipt: string;
let running: string;
let otherTenants: string;
let stranger: string;
let deleted: string;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'personaldata');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  finished = await book(tenantId, '2027-02-01');
  withReceipt = await book(tenantId, '2027-02-02', { ...person, mail: ASKED });
  running = await book(tenantId, '2027-02-03');
  stranger = await book(tenantId, '2027-02-04', { ...customer, mail: 'jemand.anders@example.com' });
  otherTenants = await book(actors.otherTenant.id, '2027-02-01');
  // A deleted booking keeps only its history, which still names the person.
  deleted = await book(tenantId, '2027-02-05');
  expect((await owner.request('DELETE', `/api/${tenantId}/bookings/${deleted}`)).status).toBe(200);
  await intoThePast(finished);
  await intoThePast(withReceipt);
  await app.app.services.receipts.issue(tenantId, withReceipt, 'receipt', null, new Date('2026-11-20T10:00:00Z'));
  await waitForSettledQueue(app.orm);
}, 60_000);
afterAll(async () => app?.close());

describe('who may ask', () => {
  it('anonymous 401, staff without the right and the other tenant 403, owners and instance owners 200 (REST and GraphQL)', async () => {
    const expected: Record<string, number> = { anonymous: 401, outsider: 403, memberWithoutFlag: 403, memberOwnOnly: 403, memberAny: 403, memberOfOtherTenant: 403, tenantOwner: 200, instanceOwner: 200 };
    for (const [name, status] of Object.entries(expected)) {
      const client = actors.clients[name as keyof typeof actors.clients];
      expect((await client.get(url(MAIL))).status, name).toBe(status);
      expect((await client.request('DELETE', url('niemand@example.com'))).status, `${name} DELETE`).toBe(status);
      const result = await client.gql(PERSONAL_DATA, { t: tenantId, mail: MAIL });
      if (status === 200) expect(result.errors, name).toBeUndefined();
      else expect(result.errors?.[0]?.extensions?.code, name).toMatch(status === 401 ? /UNAUTHENTICATED/ : /FORBIDDEN/);
    }
    // The other tenant's owner side: the tenant owner of this tenant asks in the other one.
    expect((await owner.get(url(MAIL, actors.otherTenant.id))).status).toBe(403);
  });

  it('a malformed mail address is 400 / GENERIC_VALIDATION with a German message', async () => {
    const response = await owner.get(url('anna-at-example'));
    expect(response.status).toBe(400);
    expect(response.contentType).toContain('application/problem+json');
    expect(response.text).toContain('gültige E-Mail-Adresse');
    expect((await owner.request('DELETE', url(''))).status).toBe(400);
    const result = await owner.gql(ERASE, { t: tenantId, mail: 'anna@' });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { mail: expect.stringContaining('gültige E-Mail-Adresse') } });
  });
});

describe('Art. 15: what is stored about the address', () => {
  it('JSON: this tenant’s bookings of the address (case-insensitive) with items, history, mails and receipts; nothing of other tenants or addresses', async () => {
    const response = await owner.get(url(ASKED.toUpperCase()));
    expect(response.status).toBe(200);
    const report = response.json as Report;
    expect(report).toMatchObject({ tenantId, mail: ASKED.toUpperCase() });
    expect(report.bookings.map((booking) => booking.id).sort()).toEqual([finished, withReceipt, running].sort());
    expect(response.text).not.toContain(otherTenants);
    expect(response.text).not.toContain(stranger);
    const first = report.bookings.find((booking) => booking.id === finished)!;
    expect(first).toMatchObject({ name: 'Anna Daten', phone: '0171 555', comment: 'Rollstuhlgerechter Zugang nötig' });
    expect(first.history.map((entry) => entry.action)).toContain('created');
    expect(first.mails).toContainEqual(expect.objectContaining({ kind: 'request-received', sent: true }));
    expect(report.bookings.find((booking) => booking.id === withReceipt)!.receipts).toEqual([expect.objectContaining({ keptUntil: '2036-12-31' })]);
    // The deleted booking: its history, whose `deleted` entry lists what it held.
    expect(report.deletedBookings.map((booking) => booking.id)).toEqual([deleted]);
    const deletion = report.deletedBookings[0].history.find((entry) => entry.action === 'deleted')!;
    expect(deletion.changes).toContainEqual(expect.objectContaining({ field: 'name', before: 'Anna Daten' }));

    const viaGraphql = await owner.gql<{ personalData: Report }>(PERSONAL_DATA, { t: tenantId, mail: MAIL });
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data?.personalData.bookings.map((booking) => booking.id).sort()).toEqual([finished, withReceipt, running].sort());
  });

  it('PDF: by format=pdf or the Accept header, a non-empty application/pdf', async () => {
    const pdf = await owner.get(url(MAIL, tenantId, '&format=pdf'));
    expect(pdf.status).toBe(200);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    expect(pdf.text.length).toBeGreaterThan(1000);
    const accepted = await owner.get(url(MAIL), { headers: { accept: 'application/pdf' } });
    expect(accepted.contentType).toBe('application/pdf');
  }, 60_000);
});

describe('Art. 17: erasure', () => {
  it('is refused as a whole while a booking still runs: nothing written', async () => {
    const response = await owner.request('DELETE', url(MAIL));
    expect(response.status).toBe(409);
    expect(response.contentType).toContain('application/problem+json');
    expect(response.text).toContain(`Die Buchung ${running} läuft noch`);
    const result = await owner.gql(ERASE, { t: tenantId, mail: MAIL });
    expect(result.errors?.[0]?.extensions?.code).toBe('PRIVACY_BOOKING_RUNNING');
    expect(await customerRow(tenantId, finished)).toMatchObject({ name: 'Anna Daten', mail: MAIL, anonymised_mode: null });
    const history = await app.orm.em.getConnection().execute<{ n: string }[]>("select count(*) as n from booking_history where action = 'anonymised' and tenant_id = ?", [tenantId]);
    expect(history[0].n).toBe('0');
  });

  it('erases the finished bookings, keeps the accounting data of the one with a receipt (with the reason and date), and is idempotent', async () => {
    expect((await owner.gql(gql.reject, { t: tenantId, id: running, reason: 'Auf Wunsch von Anna Daten' })).errors).toBeUndefined();
    const response = await owner.request('DELETE', url(ASKED));
    expect(response.status, response.text).toBe(200);
    const result = response.json as { erased: number; restricted: number; bookings: { id: string; outcome: string; reason: string | null; keptUntil: string | null }[] };
    expect(result).toMatchObject({ erased: 3, restricted: 1 });
    expect(result.bookings).toContainEqual({ id: deleted, outcome: 'erased', reason: null, keptUntil: null });
    const deletedHistory = JSON.stringify(await app.orm.em.getConnection().execute('select * from booking_history where tenant_id = ? and booking_id = ?', [tenantId, deleted]));
    expect(deletedHistory).not.toContain('Anna Daten');
    expect(deletedHistory).not.toContain('0171 555');
    expect(result.bookings).toContainEqual({ id: withReceipt, outcome: 'restricted', reason: expect.stringContaining('Aufbewahrungspflicht für Belege bis 31.12.2036 (§ 147 AO'), keptUntil: '2036-12-31' });
    expect(result.bookings).toContainEqual({ id: finished, outcome: 'erased', reason: null, keptUntil: null });

    expect(await customerRow(tenantId, finished)).toMatchObject({ name: 'Anonymisiert', mail: '', phone: '', street: '', anonymised_mode: 'full' });
    expect(await customerRow(tenantId, withReceipt)).toMatchObject({ name: 'Anna Daten', mail: '', phone: '', street: customer.street, anonymised_mode: 'keep-accounting' });
    const history = JSON.stringify(await app.orm.em.getConnection().execute('select * from booking_history where tenant_id = ? and booking_id = ?', [tenantId, running]));
    expect(history).not.toContain('Anna Daten');
    expect(history).toContain(actors.userIds.tenantOwner);
    // Other tenants and other addresses untouched.
    expect(await customerRow(actors.otherTenant.id, otherTenants)).toMatchObject({ name: 'Anna Daten', mail: MAIL, anonymised_mode: null });
    expect(await customerRow(tenantId, stranger)).toMatchObject({ name: customer.name, anonymised_mode: null });

    // Nothing is found any more; a second erasure changes nothing.
    expect((await owner.get(url(MAIL))).json).toMatchObject({ bookings: [], deletedBookings: [] });
    const again = await owner.gql(ERASE, { t: tenantId, mail: MAIL });
    expect(again.errors).toBeUndefined();
    expect(again.data).toEqual({ erasePersonalData: { mail: MAIL, erased: 0, restricted: 0, bookings: [] } });
  });
});
