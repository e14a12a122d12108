import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessApp, type InProcessApp } from '../../support/app.js';
import { createTenant, createUser, signIn } from '../../support/fixtures.js';
import type { HttpClient, HttpResponse } from '../../support/http.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { storeBookable } from '../bookables.fixtures.js';
import { bookingCount, customer, gql } from '../bookings.fixtures.js';

/**
 * Retried checkouts book once: a town's website that sends a checkout again after a network error
 * sends the same `Idempotency-Key` (GraphQL: `idempotencyKey`). Within 24 hours the repeat answers
 * the first booking and stores nothing, also when both arrive at once on two server processes;
 * the same key with another request is refused. Keys count per tenant and signed-in user.
 */
let app: TestApp;
/** A second server process on the same database, as behind a load balancer. */
let replica: InProcessApp;
let tenantId: string;
let otherTenantId: string;
let thingId: string;
let otherThingId: string;
const ulla = { id: 'ulla@example.com', password: 'ulla-passwort-1' };
const udo = { id: 'udo@example.com', password: 'udo-passwort-1' };

beforeAll(async () => {
  app = await startTestApp();
  replica = await startInProcessApp({ databaseUrl: app.db.url, smtpPort: app.smtp.port });
  await createUser(app.orm, ulla);
  await createUser(app.orm, udo);
  tenantId = (await createTenant(app.orm, { name: 'Stadt Nochmalhausen' })).id;
  otherTenantId = (await createTenant(app.orm, { name: 'Gemeinde Anderswo' })).id;
  thingId = (await storeBookable(app, tenantId, { isBookable: true, isPublic: true, amount: null, title: 'Bollerwagen' })).id;
  otherThingId = (await storeBookable(app, otherTenantId, { isBookable: true, isPublic: true, amount: null, title: 'Leiter' })).id;
}, 60_000);
afterAll(async () => {
  await replica?.close();
  await app?.close();
});

let keyCounter = 0;
const newKey = () => `wiederholung-${Date.now()}-${++keyCounter}`;
let mailCounter = 0;
const newMail = () => `gast-${++mailCounter}@nochmal.example`;
const body = (mail: string, extra: Record<string, unknown> = {}, bookableId = thingId) => ({ bookableItems: [{ bookableId }], ...customer, mail, ...extra });

function checkout(client: HttpClient, payload: unknown, key: string | undefined, tenant = tenantId, query = ''): Promise<HttpResponse> {
  return client.post(`/api/${tenant}/checkout${query}`, payload, { headers: key === undefined ? {} : { 'idempotency-key': key } });
}

const GQL_CHECKOUT = 'mutation($t: ID!, $input: CheckoutInput!, $key: String) { checkout(tenantId: $t, input: $input, idempotencyKey: $key) { id } }';
const count = () => bookingCount(app, tenantId);

describe('REST: POST /api/:tenant/checkout with Idempotency-Key', () => {
  it('the same checkout sent twice stores one booking and answers it both times', async () => {
    const before = await count();
    const key = newKey();
    const mail = newMail();
    const first = await checkout(app.client(), body(mail), key);
    expect(first.status, first.text).toBe(200);
    const repeat = await checkout(app.client(), body(mail), key);
    expect(repeat.status, repeat.text).toBe(200);
    // The same booking; the status token is only ever answered once, so the repeat (whose caller
    // may have lost the first answer) gets a new one, and the first stays valid.
    const { statusToken: firstToken, ...firstBooking } = first.json as { statusToken: string };
    const { statusToken: repeatToken, ...repeatBooking } = repeat.json as { statusToken: string };
    expect(repeatBooking).toEqual(firstBooking);
    expect(repeatToken).toMatch(/^bst_/);
    expect(repeatToken).not.toBe(firstToken);
    expect(await count()).toBe(before + 1);
    await app.smtp.waitForMail(mail);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.smtp.find(mail)).toHaveLength(1);
  });

  it('eight copies sent at once to two server processes give one booking', async () => {
    const before = await count();
    const key = newKey();
    const mail = newMail();
    const clients = [app.client(), replica.client()];
    const answers = await Promise.all(Array.from({ length: 8 }, (_, copy) => checkout(clients[copy % 2], body(mail), key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.json.id)).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });

  it('the same key with another request answers 422 with a German message and stores nothing', async () => {
    const key = newKey();
    const mail = newMail();
    expect((await checkout(app.client(), body(mail), key)).status).toBe(200);
    const before = await count();
    const changed = await checkout(app.client(), body(mail, { comment: 'Bitte zwei Stück' }), key);
    expect(changed.status).toBe(422);
    expect(changed.contentType).toMatch(/^application\/problem\+json/);
    expect(changed.json).toMatchObject({
      status: 422,
      code: 'booking.idempotency-key-reused',
      detail: 'Dieser Idempotency-Key gehört zu einer anderen Buchungsanfrage. Bitte verwenden Sie für jede neue Buchung einen neuen Schlüssel.',
    });
    expect(await count()).toBe(before);
  });

  it('without a key every checkout books (as before)', async () => {
    const before = await count();
    const mail = newMail();
    expect((await checkout(app.client(), body(mail), undefined)).status).toBe(200);
    expect((await checkout(app.client(), body(mail), undefined)).status).toBe(200);
    expect(await count()).toBe(before + 2);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['longer than 255 characters', 'k'.repeat(256)],
  ])('a key that is %s answers 400 and stores nothing', async (_case, key) => {
    const before = await count();
    const response = await checkout(app.client(), body(newMail()), key);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'generic.validation', errors: { idempotencyKey: '1 bis 255 Zeichen' } });
    expect(response.json.detail).toContain('Der Idempotency-Key muss 1 bis 255 Zeichen lang sein.');
    expect(await count()).toBe(before);
  });

  it('a key of 255 characters is fine', async () => {
    const key = `${newKey()}-`.padEnd(255, 'x');
    const mail = newMail();
    const first = await checkout(app.client(), body(mail), key);
    expect(first.status, first.text).toBe(200);
    expect((await checkout(app.client(), body(mail), key)).json.id).toBe(first.json.id);
  });

  it('simulate=true ignores the key: nothing is stored or remembered, and the real checkout afterwards books', async () => {
    const before = await count();
    const key = newKey();
    const mail = newMail();
    const simulated = await checkout(app.client(), body(mail), key, tenantId, '?simulate=true');
    expect(simulated.status, simulated.text).toBe(200);
    expect(simulated.json.id).toBeNull();
    expect((await checkout(app.client(), body(mail), '', tenantId, '?simulate=true')).status).toBe(200);
    expect(await count()).toBe(before);
    const real = await checkout(app.client(), body(mail, { comment: 'anders als die Vorschau' }), key);
    expect(real.status, real.text).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('a checkout that fails leaves no key behind: its corrected retry books', async () => {
    const key = newKey();
    const mail = newMail();
    const failed = await checkout(app.client(), body(mail, { name: '' }), key);
    expect(failed.status).toBe(400);
    const before = await count();
    const retried = await checkout(app.client(), body(mail), key);
    expect(retried.status, retried.text).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('a key older than 24 hours is forgotten and pruned: the repeat books anew', async () => {
    const key = newKey();
    const mail = newMail();
    const first = await checkout(app.client(), body(mail), key);
    await app.orm.em.getConnection().execute(`update checkout_idempotency_keys set created_at = now() - interval '24 hours 1 minute' where key = ?`, [key]);
    const before = await count();
    const later = await checkout(app.client(), body(mail), key);
    expect(later.status, later.text).toBe(200);
    expect(later.json.id).not.toBe(first.json.id);
    expect(await count()).toBe(before + 1);
    const rows = await app.orm.em.getConnection().execute<{ n: string }[]>('select count(*)::text as n from checkout_idempotency_keys where key = ?', [key]);
    expect(rows[0].n).toBe('1');
  });

  it('a repeat after staff deleted the first booking books nothing (404)', async () => {
    const key = newKey();
    const mail = newMail();
    const first = await checkout(app.client(), body(mail), key);
    await app.orm.em.getConnection().execute('delete from bookings where tenant_id = ? and number = ?', [tenantId, first.json.id]);
    const before = await count();
    const repeat = await checkout(app.client(), body(mail), key);
    expect(repeat.status).toBe(404);
    expect(repeat.json.detail).toBe('Die Buchung zu diesem Idempotency-Key wurde inzwischen gelöscht.');
    expect(await count()).toBe(before);
  });
});

describe('scope', () => {
  it('one key in two tenants books in each', async () => {
    const key = newKey();
    const mail = newMail();
    const here = await checkout(app.client(), body(mail), key);
    const there = await checkout(app.client(), body(mail, {}, otherThingId), key, otherTenantId);
    expect(here.status).toBe(200);
    expect(there.status, there.text).toBe(200);
    expect(there.json.tenantId).toBe(otherTenantId);
  });

  it('signed-in bookers have keys of their own; each one’s repeat answers their booking', async () => {
    const key = newKey();
    const mail = newMail();
    const asUlla = app.client();
    await signIn(asUlla, ulla.id, ulla.password);
    const asUdo = app.client();
    await signIn(asUdo, udo.id, udo.password);
    const before = await count();
    const anonymous = await checkout(app.client(), body(mail), key);
    const ullas = await checkout(asUlla, body(mail), key);
    const udos = await checkout(asUdo, body(mail), key);
    expect(new Set([anonymous.json.id, ullas.json.id, udos.json.id]).size).toBe(3);
    expect(await count()).toBe(before + 3);
    expect((await checkout(asUlla, body(mail), key)).json.id).toBe(ullas.json.id);
    expect((await checkout(app.client(), body(mail), key)).json.id).toBe(anonymous.json.id);
    expect(await count()).toBe(before + 3);
  });
});

describe('GraphQL: checkout(idempotencyKey:)', () => {
  it('a repeat answers the first booking; another input is BOOKING_IDEMPOTENCY_KEY_REUSED; an empty key GENERIC_VALIDATION', async () => {
    const key = newKey();
    const mail = newMail();
    const input = body(mail);
    const before = await count();
    const first = await app.client().gql<{ checkout: { id: string } }>(GQL_CHECKOUT, { t: tenantId, input, key });
    expect(first.errors).toBeUndefined();
    const repeat = await app.client().gql<{ checkout: { id: string } }>(GQL_CHECKOUT, { t: tenantId, input, key });
    expect(repeat.data?.checkout.id).toBe(first.data?.checkout.id);
    // REST shares the key: the same request there is the same repeat.
    expect((await checkout(app.client(), input, key)).json.id).toBe(first.data?.checkout.id);
    expect(await count()).toBe(before + 1);

    const changed = await app.client().gql(GQL_CHECKOUT, { t: tenantId, input: { ...input, phone: '0999' }, key });
    expect(changed.errors?.[0]).toMatchObject({ extensions: { code: 'BOOKING_IDEMPOTENCY_KEY_REUSED', status: 422 } });
    const empty = await app.client().gql(GQL_CHECKOUT, { t: tenantId, input, key: '' });
    expect(empty.errors?.[0].extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { idempotencyKey: '1 bis 255 Zeichen' } });
    expect(await count()).toBe(before + 1);
  });

  it('the checkout document of the bookings tests still books without a key', async () => {
    const result = await app.client().gql<{ checkout: { id: string } }>(gql.checkout, { t: tenantId, input: body(newMail()) });
    expect(result.errors).toBeUndefined();
    expect(result.data?.checkout.id).toBeTruthy();
  });
});
