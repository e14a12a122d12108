import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinYear } from '../../server/src/receipts/document-number.js';
import { Receipt } from '../../server/src/receipts/receipt.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { createTenant } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { allowed, expectGraphql, expectRest } from '../support/matrix.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, daysAhead, resaveBooking, slot } from './bookings.fixtures.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { outcomeOf, tally, type RaceRequest } from '../support/races.js';

/**
 * Receipts and invoices against PostgreSQL, headless Chromium and a real SMTP capture: atomic
 * numbering under concurrency and across the Berlin New Year, the invoice prefix, downloads that
 * serve only the booking's own documents, mail 2 and the invoice mail with the PDF attached, the
 * permission matrix, the template check and the preview.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;
let admin: HttpClient;

const TENANT_NAME = 'Bürgerhaus Belegstadt';
const CONFIRMED = `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`;
const INVOICE_REQUEST = `Bitte schließen Sie Ihre Buchung im ${TENANT_NAME} ab`;
const VALID_TEMPLATE = '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>x</title></head><body><h1>Beleg {{receiptNumber}}</h1>{{bookedItems}}</body></html>';

let dayCounter = 0;
const nextDay = () => daysAhead(30 + dayCounter++);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T | null | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${what}`);
    await sleep(100);
  }
}

async function setTenant(id: string, changes: Partial<Tenant>): Promise<void> {
  const em = app.orm.em.fork();
  Object.assign(await em.findOneOrFail(Tenant, { id }), changes);
  await em.flush();
}

/** A staff booking (PUT bookings) of a priced room; uncommitted and unpaid unless `extra` says otherwise. */
async function staffBooking(tenant: string, client: HttpClient, extra: Record<string, unknown> = {}): Promise<string> {
  const room = await bookableRoom(app, tenant, { amount: null });
  const response = await client.put(`/api/${tenant}/bookings`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, ...extra });
  expect(response.status, response.text).toBe(200);
  return response.json.id as string;
}

const documentsOf = (tenant: string, number: string) =>
  app.orm.em.fork().find(Receipt, { tenant, booking: { tenant, number } }, { orderBy: { createdAt: 'asc', revision: 'asc' } });

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'receipts');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  admin = actors.clients.instanceOwner;
  await setTenant(tenantId, {
    name: TENANT_NAME,
    mail: 'kasse@belegstadt.example',
    contactName: 'Frau Kasse',
    location: 'Marktplatz 1, 12345 Belegstadt',
    phone: '0123 4567',
    website: 'https://belegstadt.example',
    receiptNumberPrefix: 'RB',
    invoiceNumberPrefix: 'RE',
    applications: [{ id: 'invoice', type: 'payment', title: 'Rechnung', active: true, bank: 'Sparkasse Belegstadt', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: TENANT_NAME, daysUntilPaymentDue: 14 }],
  });
}, 60_000);
afterAll(async () => app?.close());

describe('numbering', () => {
  it('20 parallel receipts of one tenant get 20 distinct consecutive numbers', async () => {
    const tenant = await createTenant(app.orm, { name: 'Zählerstadt' });
    await setTenant(tenant.id, { receiptNumberPrefix: 'Z' });
    const bookings: string[] = [];
    for (let i = 0; i < 20; i++) bookings.push(await staffBooking(tenant.id, admin));

    const answers = await Promise.all(bookings.map((number) => admin.post(`/api/${tenant.id}/bookings/${number}/receipt`)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);

    const year = berlinYear(new Date());
    const numbers = (await app.orm.em.fork().find(Receipt, { tenant: tenant.id })).map((receipt) => receipt.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `Z-${year}-${String(i + 1).padStart(4, '0')}-1`));
    const [counter] = await app.orm.em.getConnection().execute<{ last_number: number }[]>('select last_number from document_counters where tenant_id = ? and kind = ?', [tenant.id, 'receipt']);
    expect(counter.last_number).toBe(20);
    // The full tenant shows the counters read-only, as the original's receiptCount and invoiceCount.
    const full = await admin.get(`/api/tenants/${tenant.id}`);
    expect(full.json).toMatchObject({ receiptCount: { [String(year)]: 20 }, invoiceCount: {} });
  }, 120_000);

  it('a booking keeps its base number and counts revisions; the Berlin New Year starts at 0001', async () => {
    const tenant = await createTenant(app.orm, { name: 'Silvesterstadt' });
    await setTenant(tenant.id, { receiptNumberPrefix: 'S' });
    const [a, b, c] = [await staffBooking(tenant.id, admin), await staffBooking(tenant.id, admin), await staffBooking(tenant.id, admin)];
    const issue = (number: string, at: string) => app.app.services.receipts.issue(tenant.id, number, 'receipt', null, new Date(at));

    // 23:30 on 31 December in Berlin, then 00:30 on 1 January in Berlin (still 31 December in UTC).
    expect((await issue(a, '2030-12-31T22:30:00Z')).receipt.number).toBe('S-2030-0001-1');
    expect((await issue(b, '2030-12-31T23:30:00Z')).receipt.number).toBe('S-2031-0001-1');
    expect((await issue(c, '2031-01-02T10:00:00Z')).receipt.number).toBe('S-2031-0002-1');
    const again = await issue(a, '2031-01-03T10:00:00Z');
    expect(again.receipt.number).toBe('S-2030-0001-2');
    expect(again.receipt.fileName).toBe('Zahlungsbeleg-S-2030-0001-2.pdf');
    expect(again.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('invoices use the invoice prefix and their own counter', async () => {
    const number = await staffBooking(tenantId, owner, { paymentProvider: 'invoice' });
    await app.app.services.receipts.issue(tenantId, number, 'receipt', null);
    const { receipt } = await app.app.services.receipts.issue(tenantId, number, 'invoice', null);
    expect(receipt.number).toMatch(new RegExp(`^RE-${berlinYear(new Date())}-\\d{4}-1$`));
    expect(receipt.fileName).toBe(`Rechnung-${receipt.number}.pdf`);
    const kinds = (await documentsOf(tenantId, number)).map((document) => [document.kind, document.number.slice(0, 3)]);
    expect(kinds).toEqual([
      ['receipt', 'RB-'],
      ['invoice', 'RE-'],
    ]);
  }, 60_000);

  it('a payment reference issues one document, however often it is asked for', async () => {
    const number = await staffBooking(tenantId, owner);
    const first = await app.app.services.receipts.issue(tenantId, number, 'receipt', 'payment:tx-1');
    const second = await app.app.services.receipts.issue(tenantId, number, 'receipt', 'payment:tx-1');
    expect(second.receipt.id).toBe(first.receipt.id);
    expect((await documentsOf(tenantId, number)).length).toBe(1);
  }, 60_000);
});

describe('download GET api/{t}/bookings/:id/receipt/:receiptId', () => {
  it("serves the booking's own PDF by id or file name, nothing else", async () => {
    const mine = await staffBooking(tenantId, owner);
    const other = await staffBooking(tenantId, owner);
    expect((await owner.post(`/api/${tenantId}/bookings/${mine}/receipt`)).status).toBe(201);
    expect((await owner.post(`/api/${tenantId}/bookings/${other}/receipt`)).status).toBe(201);
    const [own] = await documentsOf(tenantId, mine);
    const [foreign] = await documentsOf(tenantId, other);

    const byId = await owner.get(`/api/${tenantId}/bookings/${mine}/receipt/${own.id}`);
    expect(byId.status).toBe(200);
    expect(byId.contentType).toBe('application/pdf');
    expect(byId.headers.get('content-disposition')).toBe(`attachment; filename="${own.fileName}"`);
    expect(byId.text.startsWith('%PDF-')).toBe(true);
    expect((await owner.get(`/api/${tenantId}/bookings/${mine}/receipt/${encodeURIComponent(own.fileName)}`)).status).toBe(200);

    for (const receiptId of [foreign.id, encodeURIComponent(foreign.fileName), '..%2F..%2F..%2Fetc%2Fpasswd', encodeURIComponent(`../${foreign.fileName}`), 'unbekannt.pdf', 'Zahlungsbeleg-RB-1999-0001-1.pdf']) {
      const refused = await owner.get(`/api/${tenantId}/bookings/${mine}/receipt/${receiptId}`);
      expect(refused.status, receiptId).toBe(404);
      expect(refused.contentType).toContain('application/problem+json');
    }
    // Another tenant's path to the same document.
    expect((await admin.get(`/api/${actors.otherTenant.id}/bookings/${mine}/receipt/${own.id}`)).status).toBe(404);
  }, 60_000);

  it('lists the documents on the booking over GraphQL with their download URL', async () => {
    const number = await staffBooking(tenantId, owner);
    const created = await owner.gql<{ createReceipt: { id: string; number: string; kind: string; downloadUrl: string } }>(
      'mutation($t: ID!, $b: ID!) { createReceipt(tenantId: $t, bookingId: $b) { id number kind downloadUrl } }',
      { t: tenantId, b: number },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createReceipt).toMatchObject({ kind: 'receipt', number: expect.stringMatching(/^RB-\d{4}-\d{4}-1$/) });
    const listed = await owner.gql<{ booking: { receipts: { id: string; number: string; revision: number; createdAt: string; downloadUrl: string }[] } }>(
      'query($t: ID!, $b: ID!) { booking(tenantId: $t, id: $b) { receipts { id number revision createdAt downloadUrl } } }',
      { t: tenantId, b: number },
    );
    expect(listed.errors).toBeUndefined();
    const [receipt] = listed.data?.booking.receipts ?? [];
    expect(receipt).toMatchObject({ id: created.data?.createReceipt.id, revision: 1 });
    expect(receipt.downloadUrl).toBe(`${app.url}/api/${tenantId}/bookings/${number}/receipt/${receipt.id}`);
    const download = await owner.get(receipt.downloadUrl.slice(app.url.length));
    expect(download.status).toBe(200);
  }, 60_000);
});

describe('follow-ups through the job queue', () => {
  it('a booking created released and paid gets its receipt attached to mail 2', async () => {
    const mail = `bezahlt-${Date.now()}@example.com`;
    const number = await staffBooking(tenantId, owner, { mail, isCommitted: true, isPayed: true });
    const received = await app.smtp.waitForMail(mail, CONFIRMED);
    const pdf = received.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.filename).toMatch(/^Zahlungsbeleg-RB-\d{4}-\d{4}-1\.pdf$/);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const documents = await documentsOf(tenantId, number);
    expect(documents.map((document) => [document.kind, document.fileName])).toEqual([['receipt', pdf?.filename]]);
    expect(documents[0].paymentReference).toMatch(/^payment:/);
    // One confirmation, not the plain one besides.
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find(mail, CONFIRMED)).toHaveLength(1);
  }, 60_000);

  it('staff marking a released booking paid send mail 2 with the receipt', async () => {
    const mail = `nachgezahlt-${Date.now()}@example.com`;
    const number = await staffBooking(tenantId, owner, { mail, isCommitted: true });
    const stored = (await owner.get(`/api/${tenantId}/bookings/${number}`)).json;
    const items = (stored.bookableItems as { bookableId: string; amount: number }[]).map(({ bookableId, amount }) => ({ bookableId, amount }));
    const saved = await owner.put(`/api/${tenantId}/bookings`, { id: number, bookableItems: items, timeBegin: stored.timeBegin, timeEnd: stored.timeEnd, isPayed: true, paymentMethod: 'CASH' });
    expect(saved.status, saved.text).toBe(201);
    const received = await app.smtp.waitForMail(mail, CONFIRMED);
    expect(received.attachments.some((attachment) => /^Zahlungsbeleg-RB-/.test(attachment.filename))).toBe(true);
    const booking = await owner.get(`/api/${tenantId}/bookings/${number}`);
    expect(booking.json.attachments).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'receipt', title: received.attachments.find((a) => a.contentType === 'application/pdf')?.filename, revision: 1 })]));
  }, 60_000);

  it('releasing an unpaid invoice booking issues the invoice and mails it (mail 5)', async () => {
    const mail = `rechnung-${Date.now()}@example.com`;
    const number = await staffBooking(tenantId, owner, { mail, paymentProvider: 'invoice' });
    expect((await owner.post(`/api/${tenantId}/bookings/${number}/commit`)).status).toBe(200);
    const received = await app.smtp.waitForMail(mail, INVOICE_REQUEST);
    const pdf = received.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.filename).toMatch(/^Rechnung-RE-\d{4}-\d{4}-1\.pdf$/);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const documents = await until(async () => {
      const found = await documentsOf(tenantId, number);
      return found.length ? found : null;
    }, 'invoice row');
    expect(documents.map((document) => document.kind)).toEqual(['invoice']);
  }, 60_000);
});

describe('permissions', () => {
  it('POST receipt: update right on the booking (own-only members on their own bookings)', async () => {
    const anyBooking = await staffBooking(tenantId, owner);
    const ownBooking = await staffBooking(tenantId, owner, { assignedUserId: actors.userIds.memberOwnOnly });
    await expectRest(actors, allowed(['memberAny', 'tenantOwner', 'instanceOwner']), (client) => client.post(`/api/${tenantId}/bookings/${anyBooking}/receipt`));
    await expectRest(actors, allowed(['memberOwnOnly', 'memberAny', 'tenantOwner', 'instanceOwner']), (client) => client.post(`/api/${tenantId}/bookings/${ownBooking}/receipt`));
    const mutation = 'mutation($t: ID!, $b: ID!) { createReceipt(tenantId: $t, bookingId: $b) { id } }';
    await expectGraphql(actors, allowed(['memberAny', 'tenantOwner', 'instanceOwner']), (client) => client.gql(mutation, { t: tenantId, b: anyBooking }));
  }, 120_000);

  it('download and the receipts field: read right on the booking', async () => {
    const number = await staffBooking(tenantId, owner);
    expect((await owner.post(`/api/${tenantId}/bookings/${number}/receipt`)).status).toBe(201);
    const [document] = await documentsOf(tenantId, number);
    await expectRest(actors, allowed(['memberAny', 'tenantOwner', 'instanceOwner']), (client) => client.get(`/api/${tenantId}/bookings/${number}/receipt/${document.id}`));
    const query = 'query($t: ID!, $b: ID!) { booking(tenantId: $t, id: $b) { id receipts { id } } }';
    await expectGraphql(actors, allowed(['memberAny', 'tenantOwner', 'instanceOwner']), (client) => client.gql(query, { t: tenantId, b: number }));
  }, 60_000);
});

describe('templates', () => {
  it('a template without the HTML skeleton is refused on save with a German message', async () => {
    const response = await owner.put('/api/tenants', { id: tenantId, receiptTemplate: '<p>Beleg {{receiptNumber}}</p>' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.errors)).toEqual(['receiptTemplate']);
    expect(response.json.errors.receiptTemplate).toMatch(/^Die Vorlage muss ein vollständiges HTML-Dokument sein\. Es fehlt: <!DOCTYPE html>, <html>/);
    const update = await owner.gql('mutation($id: ID!, $input: TenantInput!) { updateTenant(id: $id, input: $input) { id } }', { id: tenantId, input: { invoiceTemplate: '<html><body>x</body></html>' } });
    expect(update.errors?.[0].extensions?.code).toBe('GENERIC_VALIDATION');
    expect((update.errors?.[0].extensions?.fieldErrors as Record<string, string>).invoiceTemplate).toMatch(/Es fehlt: <!DOCTYPE html>, <head>, <\/head>$/);
    const ok = await owner.gql('mutation($id: ID!, $input: TenantInput!) { updateTenant(id: $id, input: $input) { id receiptTemplate } }', { id: tenantId, input: { receiptTemplate: VALID_TEMPLATE } });
    expect(ok.errors).toBeUndefined();
  });

  it('the preview renders the given template to a real PDF (REST and GraphQL), owners only', async () => {
    const rest = await owner.post(`/api/${tenantId}/receipts/preview`, { kind: 'invoice', template: VALID_TEMPLATE.replace('receiptNumber', 'invoiceNumber') });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.contentType).toBe('application/pdf');
    expect(rest.text.startsWith('%PDF-')).toBe(true);
    const invalid = await owner.post(`/api/${tenantId}/receipts/preview`, { template: '<div>kein Dokument</div>' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.code).toBe('receipt.template-invalid');

    const query = 'query($t: ID!, $template: String) { documentTemplatePreview(tenantId: $t, kind: receipt, template: $template) }';
    const graphql = await owner.gql<{ documentTemplatePreview: string }>(query, { t: tenantId, template: VALID_TEMPLATE });
    expect(graphql.errors).toBeUndefined();
    expect(Buffer.from(graphql.data?.documentTemplatePreview ?? '', 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    await expectGraphql(actors, allowed(['tenantOwner', 'instanceOwner']), (client) => client.gql(query, { t: tenantId, template: null }));
  }, 60_000);

  it('the preview the editor shows is the filled template as HTML; owners only', async () => {
    const query = 'query($t: ID!, $template: String) { documentTemplatePreviewHtml(tenantId: $t, kind: receipt, template: $template) }';
    const template = '<!DOCTYPE html><html><head><title>B</title></head><body><h1>Vorschau-Marke</h1><p>{{receiptNumber}} · {{bookingId}} · {{{tenant}}}</p></body></html>';
    const graphql = await owner.gql<{ documentTemplatePreviewHtml: string }>(query, { t: tenantId, template });
    expect(graphql.errors).toBeUndefined();
    const html = graphql.data?.documentTemplatePreviewHtml ?? '';
    expect(html).toContain('<h1>Vorschau-Marke</h1>');
    expect(html).toMatch(/<p>\S*-\d{4}-0001-1 · ABCD-EFGH · \S/);
    expect(html).not.toContain('{{');
    const invalid = await owner.gql(query, { t: tenantId, template: '<div>kein Dokument</div>' });
    expect(invalid.errors?.[0]?.extensions?.code).toBe('RECEIPT_TEMPLATE_INVALID');
    await expectGraphql(actors, allowed(['tenantOwner', 'instanceOwner']), (client) => client.gql(query, { t: tenantId, template: null }));
  }, 60_000);

  it('every receipt and invoice carries the issuer with address and tax number and the VAT per rate, also from a template written before', async () => {
    const saved = await owner.gql('mutation($id: ID!, $input: TenantInput!) { updateTenant(id: $id, input: $input) { taxId } }', { id: tenantId, input: { location: 'Marktplatz 1, 12345 Musterstadt', taxId: 'DE123456789' } });
    expect(saved.errors).toBeUndefined();
    for (const kind of ['receipt', 'invoice']) {
      const preview = await owner.gql<{ documentTemplatePreviewHtml: string }>(`query($t: ID!) { documentTemplatePreviewHtml(tenantId: $t, kind: ${kind}) }`, { t: tenantId });
      expect(preview.errors).toBeUndefined();
      const html = preview.data?.documentTemplatePreviewHtml ?? '';
      for (const text of ['Marktplatz 1<br />12345 Musterstadt', 'Steuernummer/USt-IdNr.: DE123456789', '% USt.']) expect(html, kind).toContain(text);
    }
    // A template without the VAT lines still gets them, with the issuer, below its own content.
    const older = '<!DOCTYPE html><html><head><title>B</title></head><body><h1>Alter Beleg</h1></body></html>';
    const completed = await owner.gql<{ documentTemplatePreviewHtml: string }>('query($t: ID!, $template: String) { documentTemplatePreviewHtml(tenantId: $t, kind: receipt, template: $template) }', { t: tenantId, template: older });
    const html = completed.data?.documentTemplatePreviewHtml ?? '';
    expect(html.indexOf('Steuernummer/USt-IdNr.: DE123456789')).toBeGreaterThan(html.indexOf('Alter Beleg'));
    expect(html).toContain('% USt.');
  });
});

describe('"Zahlungsbeleg erstellen" when nothing on the receipt changed', () => {
  const CREATE = 'mutation($t: ID!, $b: ID!) { createReceipt(tenantId: $t, bookingId: $b) { id number revision isNew downloadUrl } }';
  type Created = { createReceipt: { id: string; number: string; revision: number; isNew: boolean; downloadUrl: string } };
  const createOverGraphql = async (number: string) => {
    const answer = await owner.gql<Created>(CREATE, { t: tenantId, b: number });
    expect(answer.errors).toBeUndefined();
    return answer.data!.createReceipt;
  };
  const issuedEntries = async (number: string) => {
    const history = await app.orm.em.getConnection().execute<{ n: string }[]>(
      "select count(*) as n from booking_history where tenant_id = ? and booking_id = ? and action = 'receipt_issued'",
      [tenantId, number],
    );
    return Number(history[0].n);
  };

  /** A released booking staff mark paid in cash: the job issues its receipt and sends mail 2 with it. */
  async function paidBooking(mail: string): Promise<{ number: string; receipt: Receipt }> {
    const number = await staffBooking(tenantId, owner, { mail, isCommitted: true });
    const saved = await resaveBooking(owner, tenantId, number, { isPayed: true, paymentMethod: 'CASH' });
    expect(saved.status, saved.text).toBe(201);
    await app.smtp.waitForMail(mail, CONFIRMED);
    await waitForSettledQueue(app.orm);
    const documents = await documentsOf(tenantId, number);
    expect(documents.map((document) => document.revision)).toEqual([1]);
    return { number, receipt: documents[0] };
  }

  it('GraphQL: marked paid gives one receipt; asked again it answers that receipt (isNew false), no revision, no mail; a changed name gives a new revision', async () => {
    const mail = `unveraendert-gql-${Date.now()}@example.com`;
    const { number, receipt } = await paidBooking(mail);

    const again = await createOverGraphql(number);
    expect(again).toMatchObject({ id: receipt.id, number: receipt.number, revision: 1, isNew: false });
    expect((await documentsOf(tenantId, number)).length).toBe(1);
    expect(await issuedEntries(number)).toBe(1);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.mails.filter((captured) => captured.to.includes(mail))).toHaveLength(1);
    // The listed documents say the same: none new.
    const listed = await owner.gql<{ booking: { receipts: { id: string; isNew: boolean }[] } }>('query($t: ID!, $b: ID!) { booking(tenantId: $t, id: $b) { receipts { id isNew } } }', { t: tenantId, b: number });
    expect(listed.data?.booking.receipts).toEqual([{ id: receipt.id, isNew: false }]);

    // The customer's name is printed on the receipt: a new revision with the same base number.
    const renamed = await resaveBooking(owner, tenantId, number, { name: 'Erika Musterfrau' });
    expect(renamed.status, renamed.text).toBe(201);
    const revised = await createOverGraphql(number);
    expect(revised).toMatchObject({ revision: 2, isNew: true, number: receipt.number.replace(/-1$/, '-2') });
    expect(revised.id).not.toBe(receipt.id);
    expect(await issuedEntries(number)).toBe(2);
    // And that revision is now the current one.
    expect(await createOverGraphql(number)).toMatchObject({ id: revised.id, isNew: false });
    expect((await documentsOf(tenantId, number)).map((document) => document.revision)).toEqual([1, 2]);
  }, 90_000);

  it('REST: 200 with the newest receipt when nothing changed, 201 with a new revision after a price change', async () => {
    const mail = `unveraendert-rest-${Date.now()}@example.com`;
    const { number, receipt } = await paidBooking(mail);

    const same = await owner.post(`/api/${tenantId}/bookings/${number}/receipt`);
    expect(same.status, same.text).toBe(200);
    expect(same.json).toMatchObject({ id: receipt.id, number: receipt.number, revision: 1, isNew: false, kind: 'receipt' });
    expect(same.json.downloadUrl).toBe(`${app.url}/api/${tenantId}/bookings/${number}/receipt/${receipt.id}`);
    expect((await documentsOf(tenantId, number)).length).toBe(1);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.mails.filter((captured) => captured.to.includes(mail))).toHaveLength(1);

    // A price of the booking's item changed by staff: the amounts and VAT lines differ.
    const stored = (await owner.get(`/api/${tenantId}/bookings/${number}`)).json as { bookableItems: { bookableId: string; amount: number }[] };
    const items = stored.bookableItems.map(({ bookableId, amount }) => ({ bookableId, amount, userGrossPriceEur: 12.5 }));
    const repriced = await resaveBooking(owner, tenantId, number, { bookableItems: items, priceEur: 12.5 });
    expect(repriced.status, repriced.text).toBe(201);
    expect(repriced.json.priceEur).toBe(12.5);
    const fresh = await owner.post(`/api/${tenantId}/bookings/${number}/receipt`);
    expect(fresh.status, fresh.text).toBe(201);
    expect(fresh.json).toMatchObject({ revision: 2, isNew: true });
    expect((await owner.post(`/api/${tenantId}/bookings/${number}/receipt`)).status).toBe(200);
  }, 90_000);

  it('a receipt staff issued before the payment\'s job ran is the one the confirmation carries, no second revision', async () => {
    const mail = `vorher-${Date.now()}@example.com`;
    const number = await staffBooking(tenantId, owner, { mail, isCommitted: true, paymentMethod: 'CASH' });
    await waitForSettledQueue(app.orm);
    const early = await owner.post(`/api/${tenantId}/bookings/${number}/receipt`);
    expect(early.status, early.text).toBe(201);
    const paid = await resaveBooking(owner, tenantId, number, { isPayed: true, paymentMethod: 'CASH' });
    expect(paid.status, paid.text).toBe(201);
    const received = await app.smtp.waitForMail(mail, CONFIRMED);
    expect(received.attachments.find((attachment) => attachment.contentType === 'application/pdf')?.filename).toBe(early.json.fileName);
    await waitForSettledQueue(app.orm);
    expect((await documentsOf(tenantId, number)).map((document) => document.id)).toEqual([early.json.id]);
  }, 90_000);

  it('requests at the same moment over REST and GraphQL issue one receipt; every other answers it', async () => {
    const number = await staffBooking(tenantId, owner, { isCommitted: true, isPayed: true, mail: `gleichzeitig-${Date.now()}@example.com` });
    await waitForSettledQueue(app.orm);
    // An older receipt that no longer matches: the booking's name changed after it was issued.
    const renamed = await resaveBooking(owner, tenantId, number, { name: 'Gleichzeitig Geändert' });
    expect(renamed.status, renamed.text).toBe(201);
    const before = await documentsOf(tenantId, number);
    expect(before.length).toBe(1);

    const requests: RaceRequest[] = Array.from({ length: 4 }, (_, index) => [
      { via: `REST ${index}`, send: () => owner.post(`/api/${tenantId}/bookings/${number}/receipt`) },
      { via: `GraphQL ${index}`, send: () => owner.gql<Created>(CREATE, { t: tenantId, b: number }) },
    ]).flat();
    // Every request sent at once; each answer read whole (a race outcome keeps only its beginning).
    const responses = await Promise.all(requests.map((request) => request.send()));
    const outcomes = responses.map((response, index) => outcomeOf(requests[index].via, response));
    const answered = responses.map((response, index) => {
      const receipt = 'response' in response ? (response.data as Created | undefined)?.createReceipt : (response.json as { id?: string; isNew?: boolean });
      return { via: requests[index].via, status: outcomes[index].status, id: receipt?.id, isNew: receipt?.isNew };
    });
    const counts = JSON.stringify(tally(outcomes));
    expect(answered.filter((answer) => answer.isNew), counts).toHaveLength(1);
    for (const answer of answered) {
      if (answer.via.startsWith('REST')) expect(answer.status, answer.via).toBe(answer.isNew ? 201 : 200);
    }
    const documents = await documentsOf(tenantId, number);
    expect(documents.map((document) => document.revision)).toEqual([1, 2]);
    expect(new Set(answered.map((answer) => answer.id))).toEqual(new Set([documents[1].id]));
  }, 90_000);
});
