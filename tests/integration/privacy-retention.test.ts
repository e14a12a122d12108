import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import { Receipt } from '../../server/src/receipts/receipt.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { createTenant } from '../support/fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, gql, slot } from './bookings.fixtures.js';
import { testInstant } from '../support/test-calendar.js';

/**
 * The daily retention job: it anonymises exactly the finished bookings past the tenant's retention
 * months, keeps name and address of those whose receipt is still inside its ten years, rewrites
 * the personal values in their history, removes the PDFs of documents past their period, and a
 * second run changes nothing.
 */
let app: TestApp;
let actors: Actors;
let owner: HttpClient;
let guest: HttpClient;

/** The job's "now": September 2028 of the test calendar, so bookings of its spring 2027 are more than a year old. */
const NOW = new Date(testInstant('2028-09-01T10:00:00Z'));

interface HistoryRow {
  action: string;
  actor_kind: string;
  actor_label: string;
  changes: { field: string; before: unknown; after: unknown }[];
  reason: string | null;
}

async function book(tenantId: string, day: string, person: Partial<typeof customer> = {}): Promise<string> {
  const room = await bookableRoom(app, tenantId);
  const response = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, day), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, ...person });
  expect(response.status, response.text).toBe(200);
  return (response.json as { id: string }).id;
}

/** The stored row as plain values (every column a person or the job could touch). */
async function stored(tenantId: string, number: string) {
  const rows = await app.orm.em.getConnection().execute<Record<string, unknown>[]>(
    `select name, company, street, zip_code as "zipCode", location, mail, phone, comment, search_text as "searchText", price_eur::float as "priceEur",
            anonymised_mode as "anonymisedMode", anonymised_at as "anonymisedAt", updated_at as "updatedAt", hooks, assigned_user_id as "assignedUserId"
       from bookings where tenant_id = ? and number = ?`,
    [tenantId, number],
  );
  expect(rows).toHaveLength(1);
  return rows[0] as Record<string, unknown> & { searchText: string; priceEur: number };
}
const historyOf = (tenantId: string, number: string) =>
  app.orm.em.getConnection().execute<HistoryRow[]>('select action, actor_kind, actor_label, changes, reason from booking_history where tenant_id = ? and booking_id = ? order by at, id', [tenantId, number]);
const setRetention = async (tenantId: string, months: number) => {
  const em = app.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).retentionMonths = months;
  await em.flush();
};
const run = (now = NOW, chunkSize?: number) => app.app.services.privacy.runRetention(now, chunkSize);

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'retention');
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
});
afterAll(async () => app?.close());

describe('the daily retention job', () => {
  it('anonymises exactly the expired bookings, keeps the accounting data while a receipt must be kept, and a second run is a no-op', async () => {
    const tenantId = actors.tenant.id;
    const otherId = actors.otherTenant.id;
    const third = await createTenant(app.orm, { name: 'Aufbewahrungsstadt' });

    // Tenant with the default 12 months.
    const expired = await book(tenantId, '2027-05-03', { comment: 'Bitte Beamer bereitstellen', phone: '0170 111' });
    const withReceipt = await book(tenantId, '2027-05-04', { company: 'Muster GmbH' });
    const oldReceipt = await book(tenantId, '2027-05-05');
    const recent = await book(tenantId, '2028-07-15');
    // A staff edit (name and phone in the history) and a rejection with a free-text reason.
    const saved = await owner.gql(gql.get, { t: tenantId, id: expired });
    expect(saved.errors).toBeUndefined();
    const booking = (saved.data as { booking: Record<string, unknown> & { items: { bookableId: string; amount: number }[] } }).booking;
    const edit = await owner.gql(gql.save, {
      t: tenantId,
      input: { id: expired, timeBegin: booking.timeBegin, timeEnd: booking.timeEnd, bookableItems: booking.items.map((item) => ({ bookableId: item.bookableId, amount: item.amount })), ...customer, comment: 'Bitte Beamer bereitstellen', name: 'Erika Musterfrau', phone: '0170 222' },
    });
    expect(edit.errors).toBeUndefined();
    expect((await owner.gql(gql.reject, { t: tenantId, id: expired, reason: 'Frau Musterfrau hat angerufen' })).errors).toBeUndefined();
    const keptSlot = slot(10, '2027-05-04');
    const keptItems = (await app.orm.em.fork().findOneOrFail(Booking, { tenant: tenantId, number: withReceipt }, { populate: ['items'] })).items.getItems();
    const keptEdit = await owner.gql(gql.save, {
      t: tenantId,
      input: {
        id: withReceipt,
        timeBegin: new Date(keptSlot.timeBegin).toISOString(),
        timeEnd: new Date(keptSlot.timeEnd).toISOString(),
        bookableItems: keptItems.map((item) => ({ bookableId: item.bookableId, amount: item.amount })),
        ...customer,
        name: 'Erika Beleg',
        company: 'Muster GmbH',
        phone: '0170 333',
      },
    });
    expect(keptEdit.errors).toBeUndefined();
    await app.app.services.receipts.issue(tenantId, withReceipt, 'receipt', null, new Date(testInstant('2027-05-10T10:00:00Z')));
    const old = await app.app.services.receipts.issue(tenantId, oldReceipt, 'receipt', null, new Date('2017-06-01T10:00:00Z'));
    const oldFile = path.join(app.app.services.config.filesDir, tenantId, 'receipts', old.receipt.fileName);
    expect(existsSync(oldFile)).toBe(true);

    // The other tenant keeps data one month only; a third keeps it ten years.
    await setRetention(otherId, 1);
    await setRetention(third.id, 120);
    const otherExpired = await book(otherId, '2028-07-15');
    const thirdKept = await book(third.id, '2027-05-03');
    await waitForSettledQueue(app.orm);

    const recentBefore = await stored(tenantId, recent);
    const thirdBefore = await stored(third.id, thirdKept);
    // Chunks of two: the tenant's three expired bookings take two transactions.
    const first = await run(NOW, 2);
    expect(first).toEqual({ anonymised: 3, restricted: 1, receiptFilesRemoved: 1, deletedHistories: 0, webhookDeliveriesRemoved: 0 });

    const full = await stored(tenantId, expired);
    expect(full).toMatchObject({ name: 'Anonymisiert', company: '', street: '', zipCode: '', location: '', mail: '', phone: '', comment: '', anonymisedMode: 'full' });
    expect(full.searchText).not.toMatch(/erika|muster|beamer|0170/i);
    // The search's word list keeps no word that no booking holds any more (an anonymised name goes with its last booking).
    const orphanedWords = await app.orm.em
      .getConnection()
      .execute<{ word: string }[]>('select w.word from booking_search_words w where not exists (select 1 from bookings b where strpos(b.search_text, w.word) > 0)');
    expect(orphanedWords).toEqual([]);
    expect(full.priceEur).toBeGreaterThan(0);
    const fullHistory = await historyOf(tenantId, expired);
    const text = JSON.stringify(fullHistory);
    for (const personal of ['Erika', 'Musterfrau', '0170', 'erika@example.com', 'Beamer', 'angerufen']) expect(text).not.toContain(personal);
    expect(fullHistory.at(-1)).toMatchObject({ action: 'anonymised', actor_kind: 'system', changes: [{ field: 'anonymisation', before: null, after: 'full' }] });
    expect(fullHistory.find((row) => row.action === 'changed')?.changes).toEqual(expect.arrayContaining([{ field: 'name', before: 'Anonymisiert', after: 'Anonymisiert' }, { field: 'phone', before: '', after: '' }]));
    expect(fullHistory.find((row) => row.action === 'rejected')?.reason).toBeNull();

    const kept = await stored(tenantId, withReceipt);
    expect(kept).toMatchObject({ name: 'Erika Beleg', company: 'Muster GmbH', street: customer.street, zipCode: customer.zipCode, location: customer.location, mail: '', phone: '', comment: '', anonymisedMode: 'keep-accounting' });
    const keptHistory = JSON.stringify(await historyOf(tenantId, withReceipt));
    expect(keptHistory).not.toContain('0170');
    expect(keptHistory).toContain('Erika Beleg');

    expect(await stored(tenantId, oldReceipt)).toMatchObject({ name: 'Anonymisiert', anonymisedMode: 'full' });
    expect(existsSync(oldFile)).toBe(false);
    // The receipt row with its number stays.
    expect(await app.orm.em.fork().count(Receipt, { number: old.receipt.number })).toBe(1);

    expect(await stored(otherId, otherExpired)).toMatchObject({ name: 'Anonymisiert', anonymisedMode: 'full' });
    const recentAfter = await stored(tenantId, recent);
    expect(recentAfter).toEqual(recentBefore);
    expect(await stored(third.id, thirdKept)).toEqual(thirdBefore);

    // A second run changes nothing and writes no second entry.
    const counts = async () => (await app.orm.em.getConnection().execute<{ n: string }[]>("select count(*) as n from booking_history where action = 'anonymised'"))[0].n;
    const before = await counts();
    const fullBefore = await stored(tenantId, expired);
    expect(await run()).toEqual({ anonymised: 0, restricted: 0, receiptFilesRemoved: 0, deletedHistories: 0, webhookDeliveriesRemoved: 0 });
    expect(await counts()).toBe(before);
    expect(await stored(tenantId, expired)).toEqual(fullBefore);

    // Ten years after the end of the receipt's year the accounting data goes too (the test calendar
    // may move the receipt into 2028, so the run lies more than eleven years after it).
    expect(await run(new Date(testInstant('2039-01-02T10:00:00Z')))).toMatchObject({ anonymised: expect.any(Number), restricted: 0 });
    expect(await stored(tenantId, withReceipt)).toMatchObject({ name: 'Anonymisiert', company: '', street: '', anonymisedMode: 'full' });
    expect(JSON.stringify(await historyOf(tenantId, withReceipt))).not.toContain('Erika Beleg');
  }, 120_000);

  it('a deleted booking’s history, which outlives it, is anonymised once its deletion is past the retention months', async () => {
    const tenant = actors.tenant;
    const gone = await book(tenant.id, '2027-06-01', { name: 'Greta Gelöscht', phone: '0170 999' });
    // Deleted as staff do it: the `deleted` entry lists what the booking held.
    expect((await owner.request('DELETE', `/api/${tenant.id}/bookings/${gone}`)).status).toBe(200);
    await waitForSettledQueue(app.orm);
    expect(JSON.stringify(await historyOf(tenant.id, gone))).toContain('Greta Gelöscht');

    // Deleted just now: within the retention months nothing happens.
    expect((await run(new Date())).deletedHistories).toBe(0);
    expect(JSON.stringify(await historyOf(tenant.id, gone))).toContain('Greta Gelöscht');

    // A year and more after the deletion its history is anonymised, once.
    const later = new Date(Date.now() + 400 * 24 * 3600 * 1000);
    expect((await run(later)).deletedHistories).toBe(1);
    const rows = await historyOf(tenant.id, gone);
    expect(JSON.stringify(rows)).not.toContain('Greta Gelöscht');
    expect(JSON.stringify(rows)).not.toContain('0170 999');
    expect(JSON.stringify(rows)).not.toContain(customer.mail);
    expect(rows[rows.length - 1]).toMatchObject({ action: 'anonymised', actor_kind: 'system', changes: [{ field: 'anonymisation', before: null, after: 'full' }] });
    expect(rows.find((row) => row.action === 'deleted')?.changes.find((change) => change.field === 'name')).toEqual({ field: 'name', before: 'Anonymisiert', after: null });
    expect((await run(later)).deletedHistories).toBe(0);
  });

  it('webhook payloads that may name customers: the log keeps finished deliveries a month, and an erasure removes those of the address', async () => {
    const tenantId = actors.tenant.id;
    const sql = (query: string, params: unknown[] = []) => app.orm.em.getConnection().execute<{ id: string }[]>(query, params);
    const endpoint = '11111111-2222-4333-8444-555555555555';
    await sql(`insert into webhook_endpoints (id, tenant_id, url, events, secret, created_by) values (?, ?, 'http://127.0.0.1:9/hook', '{booking.created}', 'whsec_dGVzdA==', 'test')`, [endpoint, tenantId]);
    const delivery = async (status: string, daysAgo: number, mail: string) => {
      const [row] = await sql(
        `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status, next_attempt_at, created_at) values (gen_random_uuid(), ?, 'msg_1', 'booking.created', ?::jsonb, ?, null, now() - make_interval(days => ?)) returning id::text as id`,
        [endpoint, JSON.stringify({ type: 'booking.created', data: { bookingId: 'AAAA-AAAA', customer: { name: 'Wera Webhook', mail } } }), status, daysAgo],
      );
      return row.id;
    };
    const oldSent = await delivery('succeeded', 40, 'wera@example.com');
    const oldPending = await delivery('pending', 40, 'wera@example.com');
    const recentSent = await delivery('succeeded', 2, 'wera@example.com');
    const otherPerson = await delivery('succeeded', 2, 'otto@example.com');
    const ids = async () => (await sql('select id::text as id from webhook_deliveries where endpoint_id = ?', [endpoint])).map((row) => row.id).sort();

    expect((await run(new Date())).webhookDeliveriesRemoved).toBe(1);
    expect(await ids()).toEqual([oldPending, recentSent, otherPerson].sort());
    expect(await ids()).not.toContain(oldSent);

    // The erasure of Wera's address removes her finished deliveries; a pending one is still to be sent.
    expect((await owner.request('DELETE', `/api/${tenantId}/personal-data?mail=${encodeURIComponent('Wera@Example.com')}`)).status).toBe(200);
    expect(await ids()).toEqual([oldPending, otherPerson].sort());
  });

  it('the retention months: 12 by default, 1 to 120, saved over GraphQL and shown over REST; anything else is refused in German', async () => {
    const tenant = await createTenant(app.orm, { name: 'Monatsstadt', owners: [actors.userIds.tenantOwner] });
    const em = app.orm.em.fork();
    Object.assign(await em.findOneOrFail(Tenant, { id: tenant.id }), { contactName: 'Erika', location: 'Rathaus', mail: 'info@monatsstadt.example', phone: '0123', website: 'https://monatsstadt.example' });
    await em.flush();
    const update = (months: unknown) => owner.gql(`mutation($id: ID!, $months: Int) { updateTenant(id: $id, input: { retentionMonths: $months }) { id retentionMonths } }`, { id: tenant.id, months });
    expect(((await owner.get(`/api/tenants/${tenant.id}`)).json as { retentionMonths: number }).retentionMonths).toBe(12);
    for (const months of [0, 121, null]) {
      const refused = await update(months);
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'GENERIC_VALIDATION' });
      expect(refused.errors?.[0]?.extensions?.fieldErrors).toEqual({ retentionMonths: 'Muss eine ganze Zahl von 1 bis 120 sein.' });
    }
    const saved = await update(24);
    expect(saved.errors).toBeUndefined();
    expect(saved.data).toEqual({ updateTenant: { id: tenant.id, retentionMonths: 24 } });
    expect(((await owner.get(`/api/tenants/${tenant.id}`)).json as { retentionMonths: number }).retentionMonths).toBe(24);
  });

  it('is a durable job task with a daily schedule the running worker knows', async () => {
    expect(Object.keys(app.app.services.jobHandlers)).toContain('privacy-retention');
    expect(app.app.services.jobSchedules).toContainEqual({ task: 'privacy-retention', cron: '15 2 * * *' });
    // graphile-worker registers each schedule it runs (its own table), so a due time runs once across processes.
    const known = await app.orm.em.getConnection().execute<{ identifier: string }[]>('select identifier from graphile_worker._private_known_crontabs');
    expect(known.map((row) => row.identifier)).toContain('privacy-retention');
  });
});
