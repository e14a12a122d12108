import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import { BookingSeries } from '../../server/src/bookings/series/booking-series.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { berlinInstant, berlinParts } from '../../common/time/berlin.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { testDay } from '../support/test-calendar.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';

/**
 * Series bookings through REST and GraphQL: a club books a room every week. The preview answers
 * every date with whether it is free and why not; the checkout books the free dates as bookings of
 * their own, linked by the series, in one transaction, or nothing when every date was required;
 * one set of mails goes out; the series reads back with its rule and dates.
 */
let app: TestApp;
let tenantId: string;
let guest: HttpClient;
let staff: HttpClient;
const TENANT_MAIL = 'hallen@sportamt.example';

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, { id: 'inhaberin@sportamt.example', password: 'inhaberin-passwort' });
  const tenant = await createTenant(app.orm, { name: 'Sportamt Musterstadt', owners: ['inhaberin@sportamt.example'] });
  tenantId = tenant.id;
  const em = app.orm.em.fork();
  const stored = await em.findOneOrFail(Tenant, { id: tenantId });
  stored.mail = TENANT_MAIL;
  stored.applications = [
    { id: 'invoice', type: 'payment', title: 'Rechnung', active: true, bank: 'Sparkasse', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: 'Stadt', daysUntilPaymentDue: 14 },
    { id: 'testPayment', type: 'payment', title: 'Testzahlung', active: true, paymentSecret: 'test-payment-secret-for-series' },
  ];
  await em.flush();
  guest = app.client();
  staff = app.client();
  await signIn(staff, 'inhaberin@sportamt.example', 'inhaberin-passwort');
});
afterAll(async () => app?.close());

/** A booker who pays by invoice, as series are paid. */
const booker = { ...customer, paymentProvider: 'invoice' };
const checkout = (body: Record<string, unknown>, simulate = false, client = guest) => client.post(`/api/${tenantId}/checkout?simulate=${simulate}`, body);
const gym = (title: string) => bookableRoom(app, tenantId, { title, allowSeries: true });
const seriesCount = () => app.orm.em.fork().count(BookingSeries, { tenant: tenantId });
const bookingsOf = (seriesId: string) => app.orm.em.fork().find(Booking, { tenant: tenantId, seriesId }, { orderBy: { timeBegin: 'asc' } });

/** Tuesdays 18:00 to 20:00 from the test calendar's 2 November 2027 on. */
const firstTuesday = () => slot(18, '2027-11-02', 2);
const tuesdays = (count: number) => Array.from({ length: count }, (_, week) => berlinParts(new Date(firstTuesday().timeBegin + week * 7 * 86_400_000)).date);

const SERIES_FIELDS = `id rule { frequency interval weekdays until count rrule description } availableCount priceEur
  dates { date timeBegin timeEnd available reason reasonText priceEur bookingId }`;

describe('series checkout: the preview', () => {
  it('answers every Tuesday with whether it is free, names the taken one with its reason, prices the free ones and stores nothing', async () => {
    const room = await gym('Turnhalle Nord');
    const taken = await checkout({ ...slot(19, testDay('2027-11-16')), bookableItems: [{ bookableId: room.id }], ...booker });
    expect(taken.status, taken.text).toBe(200);
    const before = { series: await seriesCount(), bookings: await app.orm.em.fork().count(Booking, { tenant: tenantId }) };

    const preview = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, series: { frequency: 'WEEKLY', weekdays: ['TU'], count: 5 } }, true);
    expect(preview.status, preview.text).toBe(200);
    const series = preview.json.series;
    expect(series.id).toBeNull();
    expect(series.rule).toMatchObject({ frequency: 'WEEKLY', interval: 1, weekdays: ['TU'], count: 5, rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=5', description: 'wöchentlich dienstags, 5 Termine' });
    expect(series.dates.map((date: { date: string }) => date.date)).toEqual(tuesdays(5));
    expect(series.dates.map((date: { available: boolean; reason: string | null }) => date.reason)).toEqual([null, null, 'taken', null, null]);
    expect(series.dates[2].reasonText).toContain('Turnhalle Nord');
    expect(series.dates[0]).toMatchObject({ available: true, priceEur: 29.75, bookingId: null, timeBegin: firstTuesday().timeBegin, timeEnd: firstTuesday().timeEnd });
    expect(series).toMatchObject({ availableCount: 4, priceEur: 119 });
    expect(preview.json.id).toBeNull();

    expect(await seriesCount()).toBe(before.series);
    expect(await app.orm.em.fork().count(Booking, { tenant: tenantId })).toBe(before.bookings);
  });

  it('answers the same over GraphQL (checkoutPreview), with the dates as instants', async () => {
    const room = await gym('Turnhalle Süd');
    const response = await guest.gql<{ checkoutPreview: { series: { dates: { date: string; timeBegin: string }[]; availableCount: number; priceEur: number; rule: { rrule: string } } } }>(
      `query($tenantId: ID!, $input: CheckoutInput!) { checkoutPreview(tenantId: $tenantId, input: $input) { id priceEur series { ${SERIES_FIELDS} } } }`,
      {
        tenantId,
        input: { bookableItems: [{ bookableId: room.id, amount: 1 }], timeBegin: new Date(firstTuesday().timeBegin).toISOString(), timeEnd: new Date(firstTuesday().timeEnd).toISOString(), ...booker, series: { frequency: 'WEEKLY', interval: 2, count: 3 } },
      },
    );
    expect(response.errors).toBeUndefined();
    const series = response.data!.checkoutPreview.series;
    expect(series.dates.map((date) => date.date)).toEqual([tuesdays(5)[0], tuesdays(5)[2], tuesdays(5)[4]]);
    expect(series.dates[1].timeBegin).toBe(new Date(berlinInstant(tuesdays(5)[2], '18:00')).toISOString());
    expect(series).toMatchObject({ availableCount: 3, priceEur: 89.25, rule: { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=3' } });
  });
});

describe('series checkout: booking', () => {
  it('books the free dates as bookings of their own linked by the series, leaves out the taken one, and sends one set of mails', async () => {
    const room = await gym('Gymnastikraum');
    const taken = await checkout({ ...slot(18, testDay('2027-11-09')), bookableItems: [{ bookableId: room.id }], ...booker, mail: 'einzeln@example.com' });
    expect(taken.status, taken.text).toBe(200);
    await waitForSettledQueue(app.orm);
    app.smtp.clear();

    const mail = 'handball@verein.example';
    const response = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, name: 'Handballverein 1920', mail, paymentProvider: 'invoice', series: { frequency: 'WEEKLY', count: 4 } });
    expect(response.status, response.text).toBe(200);
    const { series } = response.json;
    expect(series.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(series.dates.map((date: { reason: string | null }) => date.reason)).toEqual([null, 'taken', null, null]);
    expect(series).toMatchObject({ availableCount: 3, priceEur: 89.25, vatIncludedEur: 14.25 });
    // The answer's booking is the first date, with the status token.
    expect(response.json).toMatchObject({ id: series.dates[0].bookingId, seriesId: series.id, timeBegin: firstTuesday().timeBegin });
    expect(response.json.statusToken).toMatch(/^bst_/);

    const stored = await bookingsOf(series.id);
    expect(stored.map((booking) => booking.number)).toEqual([series.dates[0].bookingId, series.dates[2].bookingId, series.dates[3].bookingId]);
    expect(new Set(stored.map((booking) => booking.number)).size).toBe(3);
    expect(stored.map((booking) => berlinParts(booking.timeBegin as Date).date)).toEqual([tuesdays(4)[0], tuesdays(4)[2], tuesdays(4)[3]]);
    expect(stored.every((booking) => booking.priceEur === 29.75 && booking.name === 'Handballverein 1920')).toBe(true);

    // One request-received mail to the club (its copy to the office) and one notice to the office, not one per date.
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find(mail)).toHaveLength(1);
    expect(app.smtp.find(TENANT_MAIL).map((sent) => sent.subject).sort()).toEqual(['Eine neue Buchungsanfrage liegt vor', 'Vielen Dank für Ihre Buchungsanfrage im Sportamt Musterstadt']);
    // The one mail names every booked date with its number, and the series' total.
    const [request] = app.smtp.find(mail);
    expect(request.text).toContain('Termine der Serie (wöchentlich dienstags, 4 Termine): 3');
    for (const booking of stored) expect(request.text).toContain(`18:00–20:00 Uhr (Buchung ${booking.number})`);
    expect(request.text).not.toContain(series.dates[1].date.split('-').reverse().join('.'));
    expect(request.text).toMatch(/Gesamtbetrag der Serie: 89,25\s€/);
    expect(app.smtp.find(TENANT_MAIL, 'Eine neue Buchungsanfrage')[0].text).toContain(`Buchung ${stored[2].number}`);

    // The series reads back over REST and GraphQL, with its rule and its dates in order.
    const read = await staff.get(`/api/${tenantId}/series/${series.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({ id: series.id, tenantId, name: 'Handballverein 1920', rule: { frequency: 'WEEKLY', count: 4, rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=4' } });
    expect(read.json.dates.map((date: { bookingId: string; status: string }) => [date.bookingId, date.status])).toEqual(stored.map((booking) => [booking.number, 'ausstehend']));
    const graph = await staff.gql<{ bookingSeries: { rule: { description: string }; dates: { bookingId: string }[] } }>(`query($tenantId: ID!, $id: ID!) { bookingSeries(tenantId: $tenantId, id: $id) { id rule { description } dates { bookingId status timeBegin } } }`, { tenantId, id: series.id });
    expect(graph.errors).toBeUndefined();
    expect(graph.data!.bookingSeries.rule.description).toBe('wöchentlich dienstags, 4 Termine');
    expect(graph.data!.bookingSeries.dates.map((date) => date.bookingId)).toEqual(stored.map((booking) => booking.number));
    const booking = await staff.gql<{ booking: { seriesId: string } }>(`query($tenantId: ID!, $id: ID!) { booking(tenantId: $tenantId, id: $id) { seriesId } }`, { tenantId, id: stored[1].number });
    expect(booking.data!.booking.seriesId).toBe(series.id);
  });

  it('confirms a series released at once in one mail whose calendar file holds every date', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Jugendraum', allowSeries: true, autoCommitBooking: true, priceCategories: [] });
    const mail = 'jugend@verein.example';
    const response = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, paymentProvider: null, mail, series: { frequency: 'WEEKLY', count: 3 } });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({ isCommitted: true, priceEur: 0 });
    await waitForSettledQueue(app.orm);
    const confirmations = app.smtp.find(mail);
    expect(confirmations).toHaveLength(1);
    const calendar = confirmations[0].attachments.find((attachment) => attachment.filename.endsWith('.ics'));
    const text = calendar?.content.toString('utf8') ?? '';
    for (const date of response.json.series.dates as { bookingId: string }[]) expect(text).toContain(`UID:${date.bookingId}-0@`);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(text).toContain(`X-BUCHUNG-SERIE:${response.json.series.id}`);
  });

  it('charges a priced series released at once with one invoice naming every date, in one mail; cancelling a date revises it', async () => {
    const room = await gym('Spiegelsaal');
    const em = app.orm.em.fork();
    const stored = await em.findOneOrFail(Bookable, { id: room.id });
    stored.autoCommitBooking = true;
    await em.flush();
    const mail = 'tanz@verein.example';
    const response = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, mail, series: { frequency: 'WEEKLY', count: 3 } });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({ isCommitted: true, isPayed: false, priceEur: 29.75 });
    const dates = (response.json.series.dates as { bookingId: string }[]).map((date) => date.bookingId);
    await waitForSettledQueue(app.orm);

    const [invoiceMail, ...more] = app.smtp.find(mail, 'Bitte schließen Sie Ihre Buchung');
    expect(more).toHaveLength(0);
    const pdf = invoiceMail.attachments.filter((attachment) => /^Rechnung-.*-1\.pdf$/.test(attachment.filename));
    expect(pdf).toHaveLength(1);
    expect(invoiceMail.text).toContain('Termine dieser Rechnung');
    expect(invoiceMail.text).toMatch(/Rechnungsbetrag: 89,25\s€/);
    for (const number of dates) expect(invoiceMail.text).toContain(`(Buchung ${number})`);
    // Every date lists the one document and names it in its history.
    const documentsOf = async (number: string) => {
      const answer = await staff.gql(`query($tenantId: ID!, $id: ID!) { booking(tenantId: $tenantId, id: $id) { receipts { number kind downloadUrl } } }`, { tenantId, id: number });
      return (answer.data as { booking: { receipts: { number: string; kind: string; downloadUrl: string }[] } }).booking.receipts.filter((document) => document.kind === 'invoice');
    };
    const [first, ...otherDates] = await Promise.all(dates.map(documentsOf));
    expect(first.map((document) => document.number)).toEqual([expect.stringMatching(/-1$/)]);
    for (const listed of otherDates) expect(listed.map((document) => document.number)).toEqual([first[0].number]);
    // The last date's own download path serves the series' document.
    const download = await staff.get(new URL(otherDates[1][0].downloadUrl).pathname);
    expect(download.status).toBe(200);
    const history = await app.orm.em.fork().execute<{ booking_id: string }[]>(`select booking_id from booking_history where tenant_id = ? and action = 'invoice_issued' and booking_id in (?)`, [tenantId, dates]);
    expect(history.map((row) => row.booking_id).sort()).toEqual([...dates].sort());

    // Staff cancel the second date: the invoice is revised for the two left, and mailed once more.
    app.smtp.clear();
    expect((await staff.post(`/api/${tenantId}/bookings/${dates[1]}/reject`, { reason: 'Hallenwartung' })).status).toBeLessThan(300);
    await waitForSettledQueue(app.orm);
    const [revised, ...others] = app.smtp.find(mail, 'Rechnung');
    expect(others).toHaveLength(0);
    expect(revised.attachments.some((attachment) => /^Rechnung-.*-2\.pdf$/.test(attachment.filename))).toBe(true);
    expect(revised.text).toMatch(/Rechnungsbetrag: 59,50\s€/);
    expect(revised.text).not.toContain(`(Buchung ${dates[1]})`);

    // A change that leaves the charged dates as they are issues nothing new.
    app.smtp.clear();
    expect((await staff.post(`/api/${tenantId}/bookings/${dates[1]}/reject`, { reason: 'Hallenwartung' })).status).toBeLessThan(500);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find(mail, 'Rechnung')).toHaveLength(0);
  });

  it('with requireAll refuses the whole series with 409 and the taken date named, and writes nothing', async () => {
    const room = await gym('Kraftraum');
    expect((await checkout({ ...slot(18, testDay('2027-11-16')), bookableItems: [{ bookableId: room.id }], ...booker })).status).toBe(200);
    const before = { series: await seriesCount(), bookings: await app.orm.em.fork().count(Booking, { tenant: tenantId }) };

    const response = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, paymentProvider: 'invoice', series: { frequency: 'WEEKLY', count: 4, requireAll: true } });
    expect(response.status, response.text).toBe(409);
    expect(response.json).toMatchObject({ code: 'booking.series-unavailable', title: 'Nicht alle Termine frei' });
    expect(Object.keys(response.json.errors)).toEqual([`series.dates.${tuesdays(4)[2]}`]);
    expect(await seriesCount()).toBe(before.series);
    expect(await app.orm.em.fork().count(Booking, { tenant: tenantId })).toBe(before.bookings);
  });

  it('refuses a series none of whose dates is free', async () => {
    const room = await gym('Sauna');
    for (const day of ['2027-11-02', '2027-11-09']) expect((await checkout({ ...slot(18, testDay(day), 2), bookableItems: [{ bookableId: room.id }], ...booker })).status).toBe(200);
    const response = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, paymentProvider: 'invoice', series: { frequency: 'WEEKLY', count: 2 } });
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('booking.series-none-free');
  });

  it('skips the tenant\'s school holidays and the public holidays of its Bundesland', async () => {
    const em = app.orm.em.fork();
    const tenant = await em.findOneOrFail(Tenant, { id: tenantId });
    const [second, third] = tuesdays(3).slice(1);
    tenant.holidayRegion = 'DE-BE';
    tenant.schoolHolidays = [{ title: 'Herbstferien', from: second, to: third }];
    await em.flush();
    const room = await gym('Vereinsheim');
    const weekly = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, series: { frequency: 'WEEKLY', count: 4, skipHolidays: true } }, true);
    expect(weekly.status, weekly.text).toBe(200);
    expect(weekly.json.series.dates.map((date: { reason: string | null; reasonText: string | null }) => [date.reason, date.reasonText])).toEqual([
      [null, null],
      ['holiday', 'Herbstferien'],
      ['holiday', 'Herbstferien'],
      [null, null],
    ]);

    // Christmas in Berlin: a daily series over the holidays of a December still ahead.
    const now = new Date();
    const year = now.getUTCMonth() === 11 && now.getUTCDate() >= 18 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
    const begin = berlinInstant(`${year}-12-23`, '10:00').getTime();
    const daily = await checkout({ timeBegin: begin, timeEnd: begin + 3_600_000, bookableItems: [{ bookableId: room.id }], ...booker, series: { frequency: 'DAILY', count: 4, skipHolidays: true } }, true);
    expect(daily.status, daily.text).toBe(200);
    expect(daily.json.series.dates.map((date: { date: string; reasonText: string | null }) => [date.date.slice(5), date.reasonText])).toEqual([
      ['12-23', null],
      ['12-24', null],
      ['12-25', '1. Weihnachtstag'],
      ['12-26', '2. Weihnachtstag'],
    ]);
    tenant.holidayRegion = '';
    tenant.schoolHolidays = [];
    await em.flush();
  });

  it('repeats the first answer for a repeated Idempotency-Key and books the series once', async () => {
    const room = await gym('Tischtennisraum');
    const body = { ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, paymentProvider: 'invoice', series: { frequency: 'WEEKLY', count: 3 } };
    const first = await guest.post(`/api/${tenantId}/checkout`, body, { headers: { 'Idempotency-Key': 'serie-tischtennis-1' } });
    const again = await guest.post(`/api/${tenantId}/checkout`, body, { headers: { 'Idempotency-Key': 'serie-tischtennis-1' } });
    expect(first.status, first.text).toBe(200);
    expect(again.status, again.text).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    expect(await bookingsOf(first.json.series.id)).toHaveLength(3);
    expect(await app.orm.em.fork().count(BookingSeries, { tenant: tenantId, id: first.json.series.id })).toBe(1);
  });
});

describe('series: the citizen cancels a date or the rest', () => {
  const requestLink = async (bookingId: string, mail: string) => {
    expect((await guest.post(`/api/${tenantId}/bookings/${bookingId}/request-reject`, { reason: 'Saison vorzeitig beendet' })).status).toBe(201);
    const sent = await app.smtp.waitForMail(mail, 'Stornierungsanfrage');
    return new URL(sent.links.find((candidate) => candidate.includes(`/booking/verify-reject/`) && candidate.includes(bookingId)) as string).searchParams.get('hookId') as string;
  };

  it('the confirmation page names the later dates; confirming with them cancels this and every later date with one mail, the earlier ones stay', async () => {
    const room = await gym('Boxraum');
    const mail = 'boxclub@verein.example';
    const booked = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, mail, series: { frequency: 'WEEKLY', count: 4 } });
    expect(booked.status, booked.text).toBe(200);
    const numbers = (booked.json.series.dates as { bookingId: string }[]).map((date) => date.bookingId);
    await waitForSettledQueue(app.orm);

    const hookId = await requestLink(numbers[1], mail);
    const pending = await guest.gql<{ bookingCancellationRequest: { followingDates: { bookingId: string; timeBegin: string }[] } }>(
      `query($t: ID!, $id: ID!, $hook: ID!) { bookingCancellationRequest(tenantId: $t, id: $id, hookId: $hook) { followingDates { bookingId timeBegin timeEnd } } }`,
      { t: tenantId, id: numbers[1], hook: hookId },
    );
    expect(pending.errors).toBeUndefined();
    expect(pending.data!.bookingCancellationRequest.followingDates.map((date) => date.bookingId)).toEqual(numbers.slice(2));
    app.smtp.clear();

    const confirmed = await guest.post(`/api/${tenantId}/bookings/${numbers[1]}/hooks/${hookId}/release`, { withFollowingDates: true });
    expect(confirmed.status, confirmed.text).toBe(200);
    const stored = await bookingsOf(booked.json.series.id);
    expect(stored.map((booking) => [booking.number, booking.isRejected])).toEqual(numbers.map((number, index) => [number, index >= 1]));
    await waitForSettledQueue(app.orm);
    const mails = app.smtp.find(mail);
    expect(mails).toHaveLength(1);
    for (const number of numbers.slice(1)) expect(mails[0].text).toContain(`(Buchung ${number})`);
    expect(mails[0].text).not.toContain(`(Buchung ${numbers[0]})`);
    // The link is used up.
    expect((await guest.post(`/api/${tenantId}/bookings/${numbers[1]}/hooks/${hookId}/release`, {})).status).toBe(404);
  });

  it('confirming without the later dates cancels the one date only', async () => {
    const room = await gym('Judoraum');
    const mail = 'judo@verein.example';
    const booked = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, mail, series: { frequency: 'WEEKLY', count: 3 } });
    expect(booked.status, booked.text).toBe(200);
    const numbers = (booked.json.series.dates as { bookingId: string }[]).map((date) => date.bookingId);
    const hookId = await requestLink(numbers[0], mail);
    const confirmed = await guest.gql(`mutation($t: ID!, $id: ID!, $hook: ID!) { confirmBookingCancellation(tenantId: $t, id: $id, hookId: $hook) }`, { t: tenantId, id: numbers[0], hook: hookId });
    expect(confirmed.errors).toBeUndefined();
    expect((await bookingsOf(booked.json.series.id)).map((booking) => booking.isRejected)).toEqual([true, false, false]);
  });
});

describe('series checkout: who may and what is wrong', () => {
  it('lets the public book a series only of objects that allow it; staff always may', async () => {
    const room = await bookableRoom(app, tenantId, { title: 'Besprechungsraum' });
    const body = { ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, paymentProvider: 'invoice', series: { frequency: 'WEEKLY', count: 2 } };
    const refused = await checkout(body, true);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'booking.series-not-allowed', detail: 'Dieses Objekt kann nicht regelmäßig gebucht werden.' });
    const byStaff = await checkout(body, true, staff);
    expect(byStaff.status, byStaff.text).toBe(200);
    expect(byStaff.json.series.availableCount).toBe(2);
  });

  it('pays a series by invoice, not online date by date', async () => {
    const room = await gym('Bewegungsraum');
    const response = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, paymentProvider: 'testPayment', series: { frequency: 'WEEKLY', count: 2 } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toMatchObject({ paymentProvider: 'Eine Serie wird per Rechnung bezahlt; bitte wählen Sie „Rechnung“.' });
  });

  it('names every wrong field of the rule in German under series., over REST and GraphQL, and writes nothing', async () => {
    const room = await gym('Mehrzweckraum');
    const before = await seriesCount();
    const response = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, series: { frequency: 'YEARLY', weekdays: ['XX'], count: 201, excludeDates: 'morgen' } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toMatchObject({
      'series.frequency': expect.stringContaining('täglich, wöchentlich oder monatlich'),
      'series.weekdays': expect.stringContaining('Wochentag'),
      'series.count': expect.stringContaining('1 bis 200'),
      'series.excludeDates': expect.stringContaining('JJJJ-MM-TT'),
    });
    const tooMany = await checkout({ ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...booker, series: { frequency: 'DAILY', until: testDay('2028-10-01') } }, true);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors).toEqual({ 'series.until': 'Eine Serie umfasst höchstens 200 Termine.' });
    const graph = await guest.gql(`mutation($tenantId: ID!, $input: CheckoutInput!) { checkout(tenantId: $tenantId, input: $input) { id } }`, {
      tenantId,
      input: { bookableItems: [{ bookableId: room.id, amount: 1 }], timeBegin: new Date(firstTuesday().timeBegin).toISOString(), timeEnd: new Date(firstTuesday().timeEnd).toISOString(), ...booker, series: { frequency: 'WEEKLY', count: 0 } },
    });
    expect(graph.errors?.[0].extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { 'series.count': expect.stringContaining('1 bis 200') } });
    expect(await seriesCount()).toBe(before);
  });

  it('answers an unknown series or another tenant\'s as not found, and a guest as unauthenticated', async () => {
    expect((await staff.get(`/api/${tenantId}/series/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await staff.get(`/api/${tenantId}/series/kein-serienname`)).status).toBe(404);
    expect((await guest.get(`/api/${tenantId}/series/00000000-0000-4000-8000-000000000000`)).status).toBe(401);
  });
});
