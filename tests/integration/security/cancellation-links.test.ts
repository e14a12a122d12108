import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../../server/src/bookings/booking.entity.js';
import { createTenant } from '../../support/fixtures.js';
import type { HttpClient } from '../../support/http.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { storeBookable } from '../bookables.fixtures.js';
import { customer, gql, storedBooking } from '../bookings.fixtures.js';

/**
 * The customer's cancellation link: anyone may ask to cancel a booking (`request-reject`), which
 * mails the booking's address a link to confirm. Asking again must not void a link already mailed
 * (links live 7 days), requests are limited (5 per booking and 20 per address a day, then 429), the
 * booking stores only a hash of the link's token, and the link in the mail never acts on GET: it
 * opens the confirmation page, whose button confirms with a POST (GraphQL).
 */
let app: TestApp;
let tenantId: string;
let thingId: string;
let addressCounter = 0;
const freshClient = () => app.client({ ip: `10.30.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}` });

const CANCEL_REQUEST = 'Stornierungsanfrage';
const CANCELLED = 'wurde storniert';
const DAY_MS = 24 * 3_600_000;
const RETRY_MESSAGE = /^Zu viele Versuche\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/;

beforeAll(async () => {
  app = await startTestApp();
  tenantId = (await createTenant(app.orm, { name: 'Gemeinde Stornohausen' })).id;
  thingId = (await storeBookable(app, tenantId, { isBookable: true, isPublic: true, amount: null, title: 'Grillplatz' })).id;
});
afterAll(async () => app?.close());

let mailCounter = 0;
async function newBooking(): Promise<{ id: string; mail: string }> {
  const mail = `kundin-${++mailCounter}@storno.example`;
  const response = await app.client().post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId: thingId }], ...customer, mail });
  expect(response.status, response.text).toBe(200);
  return { id: response.json.id as string, mail };
}

const bookingPath = (id: string, suffix: string) => `/api/${tenantId}/bookings/${id}${suffix}`;
const requestCancellation = (client: HttpClient, id: string, reason = '') => client.post(bookingPath(id, '/request-reject'), { reason });

/** The token of the confirmation link in the next cancellation mail to the address. */
async function mailedToken(mail: string): Promise<string> {
  const message = await app.smtp.waitForMail(mail, CANCEL_REQUEST);
  const link = message.links.find((candidate) => candidate.includes('/booking/verify-reject/'));
  expect(link, message.text).toBeDefined();
  return new URL(link as string).searchParams.get('hookId') as string;
}

/** Moves the booking's pending links back in time, as if the requests were older. */
async function ageLinks(id: string, ms: number): Promise<void> {
  const em = app.orm.em.fork();
  const booking = await em.findOneOrFail(Booking, { tenant: tenantId, number: id });
  booking.hooks = booking.hooks.map((hook) => ({ ...hook, timeCreated: hook.timeCreated - ms }));
  await em.flush();
}

const confirm = (id: string, token: string) => app.client().post(bookingPath(id, `/hooks/${token}/release`));
const isCancelled = async (id: string) => (await storedBooking(app, tenantId, id))?.isRejected;

describe('asking again never voids the customer’s link', () => {
  it('after the customer’s request, three anonymous requests leave the customer’s link working', async () => {
    const booking = await newBooking();
    expect((await requestCancellation(freshClient(), booking.id, 'Ich kann nicht kommen')).status).toBe(201);
    const customersToken = await mailedToken(booking.mail);
    const stranger = freshClient();
    for (let request = 1; request <= 3; request++) {
      await ageLinks(booking.id, 2 * 60_000);
      expect((await requestCancellation(stranger, booking.id, `Fremde Anfrage ${request}`)).status).toBe(201);
      await mailedToken(booking.mail);
    }
    expect((await storedBooking(app, tenantId, booking.id))?.hooks).toHaveLength(4);

    const confirmed = await confirm(booking.id, customersToken);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await isCancelled(booking.id)).toBe(true);
    const mail = await app.smtp.waitForMail(booking.mail, CANCELLED);
    expect(mail.text).toContain('Ich kann nicht kommen');
  });

  it('a link is single use: the cancelled booking keeps no links', async () => {
    const booking = await newBooking();
    await requestCancellation(freshClient(), booking.id);
    const first = await mailedToken(booking.mail);
    await ageLinks(booking.id, 2 * 60_000);
    await requestCancellation(freshClient(), booking.id);
    const second = await mailedToken(booking.mail);
    expect((await confirm(booking.id, second)).status).toBe(200);
    expect((await storedBooking(app, tenantId, booking.id))?.hooks).toEqual([]);
    const again = await confirm(booking.id, first);
    expect(again.status).toBe(404);
    expect(again.json.code).toBe('booking.hook-invalid');
  });

  it('a request right after another (a double click) mails no second link', async () => {
    const booking = await newBooking();
    expect((await requestCancellation(freshClient(), booking.id)).status).toBe(201);
    expect((await requestCancellation(freshClient(), booking.id)).status).toBe(201);
    await mailedToken(booking.mail);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.smtp.find(booking.mail, CANCEL_REQUEST)).toHaveLength(1);
    expect((await storedBooking(app, tenantId, booking.id))?.hooks).toHaveLength(1);
  });
});

describe('links expire after 7 days', () => {
  it('a link older than 7 days cancels nothing, and the next request prunes it', async () => {
    const booking = await newBooking();
    await requestCancellation(freshClient(), booking.id);
    const token = await mailedToken(booking.mail);
    await ageLinks(booking.id, 7 * DAY_MS + 60_000);
    const expired = await confirm(booking.id, token);
    expect(expired.status).toBe(404);
    expect(expired.json).toMatchObject({ code: 'booking.hook-invalid', detail: 'Der Link ist ungültig oder wurde bereits verwendet.' });
    expect(await isCancelled(booking.id)).toBe(false);
    const shown = await app.client().gql(gql.cancellationRequest, { t: tenantId, id: booking.id, hook: token });
    expect(shown.errors?.[0].extensions?.code).toBe('BOOKING_HOOK_INVALID');

    await requestCancellation(freshClient(), booking.id);
    const fresh = await mailedToken(booking.mail);
    const hooks = (await storedBooking(app, tenantId, booking.id))?.hooks ?? [];
    expect(hooks).toHaveLength(1);
    expect((await confirm(booking.id, fresh)).status).toBe(200);
  });

  it('a link of 6 days still works', async () => {
    const booking = await newBooking();
    await requestCancellation(freshClient(), booking.id);
    const token = await mailedToken(booking.mail);
    await ageLinks(booking.id, 6 * DAY_MS);
    expect((await confirm(booking.id, token)).status).toBe(200);
    expect(await isCancelled(booking.id)).toBe(true);
  });
});

describe('requests are limited', () => {
  it('the 6th request for one booking within a day answers 429 with Retry-After, from any address, and mails nothing', async () => {
    const booking = await newBooking();
    for (let request = 1; request <= 5; request++) {
      await ageLinks(booking.id, 2 * 60_000);
      expect((await requestCancellation(freshClient(), booking.id)).status, `request ${request}`).toBe(201);
      await mailedToken(booking.mail);
    }
    await ageLinks(booking.id, 2 * 60_000);
    const sixth = await requestCancellation(freshClient(), booking.id);
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ code: 'auth.rate-limited', title: 'Zu viele Versuche' });
    expect(sixth.json.detail).toMatch(RETRY_MESSAGE);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    const overGraphql = await freshClient().gql(gql.requestCancel, { t: tenantId, id: booking.id, reason: 'GraphQL' });
    expect(overGraphql.errors?.[0].extensions).toMatchObject({ code: 'AUTH_RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(overGraphql.status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.smtp.find(booking.mail, CANCEL_REQUEST)).toHaveLength(5);
    expect((await storedBooking(app, tenantId, booking.id))?.hooks).toHaveLength(5);
  });

  it('one address may ask 20 times a day, across bookings; the 21st answers 429', async () => {
    const asker = freshClient();
    for (let request = 1; request <= 20; request++) {
      const booking = await newBooking();
      expect((await requestCancellation(asker, booking.id)).status, `request ${request}`).toBe(201);
    }
    const booking = await newBooking();
    expect((await requestCancellation(asker, booking.id)).status).toBe(429);
    expect((await requestCancellation(freshClient(), booking.id)).status).toBe(201);
  });
});

describe('the link in the mail never acts on GET', () => {
  it('the mail links to the confirmation page, not to the API', async () => {
    const booking = await newBooking();
    await requestCancellation(freshClient(), booking.id);
    const message = await app.smtp.waitForMail(booking.mail, CANCEL_REQUEST);
    // The HTML part writes & as &#38;: one link, in both parts.
    const confirmLinks = [...new Set(message.links.map((link) => link.replaceAll('&#38;', '&')))].filter((link) => link.includes(booking.id) && /verify-reject|hooks/.test(link));
    expect(confirmLinks).toHaveLength(1);
    const url = new URL(confirmLinks[0]);
    expect(`${url.origin}${url.pathname}`).toBe(`${app.url}/booking/verify-reject/${tenantId}`);
  });

  it('a plain GET of the old release path changes nothing and leads to the confirmation page', async () => {
    const booking = await newBooking();
    await requestCancellation(freshClient(), booking.id);
    const token = await mailedToken(booking.mail);
    const browsers: Record<string, string>[] = [{}, { 'sec-fetch-site': 'none' }, { 'sec-fetch-site': 'same-origin' }];
    for (const headers of browsers) {
      const opened = await app.client().get(bookingPath(booking.id, `/hooks/${token}/release`), { headers });
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe(`${app.url}/booking/verify-reject/${tenantId}?id=${booking.id}&hookId=${token}`);
    }
    expect(await isCancelled(booking.id)).toBe(false);
    expect((await storedBooking(app, tenantId, booking.id))?.hooks).toHaveLength(1);
    expect((await confirm(booking.id, token)).status).toBe(200);
  });

  it('the confirmation page reads the pending cancellation; the button (confirmBookingCancellation) cancels', async () => {
    const booking = await newBooking();
    await requestCancellation(freshClient(), booking.id, 'Umzug <b>nach</b> Berlin');
    const token = await mailedToken(booking.mail);
    const before = Date.now();
    const shown = await app.client().gql<{ bookingCancellationRequest: Record<string, unknown> }>(gql.cancellationRequest, { t: tenantId, id: booking.id, hook: token });
    expect(shown.errors).toBeUndefined();
    expect(shown.data?.bookingCancellationRequest).toMatchObject({ bookingId: booking.id, titles: ['Grillplatz'], timeBegin: null, timeEnd: null, reason: 'Umzug nach Berlin' });
    const validUntil = new Date(shown.data?.bookingCancellationRequest.validUntil as string).getTime();
    expect(validUntil).toBeGreaterThan(before + 7 * DAY_MS - 60_000);
    expect(validUntil).toBeLessThanOrEqual(before + 7 * DAY_MS);
    expect(await isCancelled(booking.id)).toBe(false);

    const confirmed = await app.client().gql<{ confirmBookingCancellation: boolean }>(gql.confirmCancel, { t: tenantId, id: booking.id, hook: token });
    expect(confirmed.data?.confirmBookingCancellation).toBe(true);
    expect(await isCancelled(booking.id)).toBe(true);
  });

  it('the booking keeps only a hash of the link’s token', async () => {
    const booking = await newBooking();
    await requestCancellation(freshClient(), booking.id);
    const token = await mailedToken(booking.mail);
    const rows = await app.orm.em.getConnection().execute<{ hooks: string }[]>('select hooks::text as hooks from bookings where tenant_id = ? and number = ?', [tenantId, booking.id]);
    expect(rows[0].hooks).not.toContain(token);
    expect(rows[0].hooks).toContain('tokenHash');
    // The hash itself opens nothing.
    const [{ tokenHash }] = JSON.parse(rows[0].hooks) as { tokenHash: string }[];
    expect((await confirm(booking.id, tokenHash)).status).toBe(404);
  });
});
