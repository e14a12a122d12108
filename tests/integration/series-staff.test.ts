import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { berlinParts } from '../../common/time/berlin.js';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { testDay } from '../support/test-calendar.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';

/**
 * The staff's actions on a series through REST and GraphQL: cancelling a date and every later one
 * or all dates, releasing every waiting date, each date changed as a single booking is, in one
 * transaction, with one mail to the customer naming the dates; the bookings list by series; who
 * may and what is wrong.
 */
let app: TestApp;
let tenantId: string;
let guest: HttpClient;
let staff: HttpClient;
let reader: HttpClient;
const TENANT_MAIL = 'hallen@sportverwaltung.example';

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, { id: 'inhaber@sportverwaltung.example', password: 'inhaber-passwort' });
  await createUser(app.orm, { id: 'leser@sportverwaltung.example', password: 'leser-passwort' });
  const tenant = await createTenant(app.orm, {
    name: 'Sportverwaltung Musterstadt',
    owners: ['inhaber@sportverwaltung.example'],
    roles: [{ name: 'Lesen', adminInterfaces: ['bookings'], manageBookings: { readAny: true } }],
    members: [{ userId: 'leser@sportverwaltung.example', roles: ['Lesen'] }],
  });
  tenantId = tenant.id;
  const em = app.orm.em.fork();
  const stored = await em.findOneOrFail(Tenant, { id: tenantId });
  stored.mail = TENANT_MAIL;
  stored.applications = [{ id: 'invoice', type: 'payment', title: 'Rechnung', active: true, bank: 'Sparkasse', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: 'Stadt', daysUntilPaymentDue: 14 }];
  await em.flush();
  guest = app.client();
  staff = app.client();
  reader = app.client();
  await signIn(staff, 'inhaber@sportverwaltung.example', 'inhaber-passwort');
  await signIn(reader, 'leser@sportverwaltung.example', 'leser-passwort');
});
afterAll(async () => app?.close());

interface SeriesAnswer {
  id: string;
  dates: { bookingId: string; status: string; isCommitted: boolean; isRejected: boolean }[];
}

/** Tuesdays 18:00 to 20:00 from the test calendar's 2 November 2027 on. */
const firstTuesday = () => slot(18, '2027-11-02', 2);
const germanDate = (booking: Booking) => berlinParts(booking.timeBegin as Date).date.split('-').reverse().join('.');
/** The history entries of one action on these bookings: booking number and reason. */
const historyOf = (numbers: readonly string[], action: string) =>
  app.orm.em.fork().execute<{ booking_id: string; reason: string | null }[]>('select booking_id, reason from booking_history where tenant_id = ? and action = ? and booking_id = any(?::text[])', [tenantId, action, `{${numbers.join(',')}}`]);
const bookingsOf = (seriesId: string) => app.orm.em.fork().find(Booking, { tenant: tenantId, seriesId }, { orderBy: { timeBegin: 'asc' } });

/** A club's weekly series of `count` dates on a new room (free: nothing to pay), waiting for release; the queue settled and the mails cleared. */
async function bookSeries(title: string, count: number, mail: string): Promise<{ id: string; bookings: Booking[] }> {
  const room = await bookableRoom(app, tenantId, { title, allowSeries: true, priceCategories: [{ priceEur: 0, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }] });
  const response = await guest.post(`/api/${tenantId}/checkout`, { ...firstTuesday(), bookableItems: [{ bookableId: room.id }], ...customer, name: 'Turnverein 1880', mail, series: { frequency: 'WEEKLY', count } });
  expect(response.status, response.text).toBe(200);
  await waitForSettledQueue(app.orm);
  app.smtp.clear();
  const bookings = await bookingsOf(response.json.series.id);
  expect(bookings).toHaveLength(count);
  expect(bookings.every((booking) => !booking.isCommitted && !booking.isRejected)).toBe(true);
  return { id: response.json.series.id, bookings };
}

const SERIES_FIELDS = 'id dates { bookingId status isCommitted isRejected }';

describe('cancelling a series', () => {
  it('FOLLOWING from the third of five dates cancels three over REST, leaves two, and mails the customer once naming the three', async () => {
    const mail = 'kinderturnen@verein.example';
    const { id, bookings } = await bookSeries('Turnhalle am Park', 5, mail);
    const response = await staff.post(`/api/${tenantId}/series/${id}/cancel`, { scope: 'FOLLOWING', fromBookingId: bookings[2].number, reason: 'Die Halle wird saniert.' });
    expect(response.status, response.text).toBe(200);
    expect(response.json.id).toBe(id);
    expect(response.json.dates.map((date: { status: string }) => date.status)).toEqual(['ausstehend', 'ausstehend', 'abgelehnt', 'abgelehnt', 'abgelehnt']);

    const stored = await bookingsOf(id);
    expect(stored.map((booking) => booking.isRejected)).toEqual([false, false, true, true, true]);
    // Each date has the history entry of a single rejection, with the reason.
    const history = await historyOf(bookings.map((booking) => booking.number), 'rejected');
    expect(history.map((entry) => entry.booking_id).sort()).toEqual(bookings.slice(2).map((booking) => booking.number).sort());
    expect(history.every((entry) => entry.reason === 'Die Halle wird saniert.')).toBe(true);

    await waitForSettledQueue(app.orm);
    const sent = app.smtp.find(mail);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Absage: Ihre Buchungsanfrage im Sportverwaltung Musterstadt wurde abgelehnt');
    expect(sent[0].text).toContain('die unten aufgeführten 3 Termine Ihrer Serienanfrage abgelehnt wurden');
    expect(sent[0].text).toContain('Hinweis zur Ablehnung: Die Halle wird saniert.');
    expect(sent[0].text).toContain('Abgelehnte Termine der Serie (wöchentlich dienstags, 5 Termine): 3');
    for (const booking of bookings.slice(2)) expect(sent[0].text).toContain(`18:00–20:00 Uhr (Buchung ${booking.number})`);
    for (const booking of bookings.slice(0, 2)) expect(sent[0].text).not.toContain(germanDate(booking));

    // Again from the same date: nothing left to cancel there, so nothing changes and nothing is mailed.
    app.smtp.clear();
    const again = await staff.post(`/api/${tenantId}/series/${id}/cancel`, { scope: 'FOLLOWING', fromBookingId: bookings[2].number });
    expect(again.status, again.text).toBe(200);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find(mail)).toHaveLength(0);
  });

  it('ALL over GraphQL cancels every date not cancelled yet, released ones as "storniert", in one mail', async () => {
    const mail = 'volleyball@verein.example';
    const { id, bookings } = await bookSeries('Sporthalle Ost', 4, mail);
    // One date released, one rejected before: the first reads "storniert" after, the second is left alone.
    expect((await staff.post(`/api/${tenantId}/bookings/${bookings[0].number}/commit`, {})).status).toBe(200);
    expect((await staff.post(`/api/${tenantId}/bookings/${bookings[3].number}/reject`, { reason: 'belegt' })).status).toBe(200);
    await waitForSettledQueue(app.orm);
    app.smtp.clear();

    const response = await staff.gql<{ cancelBookingSeries: SeriesAnswer }>(
      `mutation($tenantId: ID!, $id: ID!) { cancelBookingSeries(tenantId: $tenantId, id: $id, scope: ALL, reason: "Saison beendet") { ${SERIES_FIELDS} } }`,
      { tenantId, id },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data!.cancelBookingSeries.dates.map((date) => date.status)).toEqual(['storniert', 'abgelehnt', 'abgelehnt', 'abgelehnt']);
    await waitForSettledQueue(app.orm);
    const sent = app.smtp.find(mail);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Stornierung: Ihre Buchung im Sportverwaltung Musterstadt wurde storniert');
    expect(sent[0].text).toContain('Stornierte Termine der Serie (wöchentlich dienstags, 4 Termine): 3');
    for (const booking of bookings.slice(0, 3)) expect(sent[0].text).toContain(`(Buchung ${booking.number})`);
    expect(sent[0].text).not.toContain(`(Buchung ${bookings[3].number})`);
  });
});

describe('releasing a series', () => {
  it('releases every waiting date with one mail naming them, leaves a rejected date alone, over REST and GraphQL', async () => {
    const mail = 'schach@verein.example';
    const { id, bookings } = await bookSeries('Vereinszimmer', 4, mail);
    expect((await staff.post(`/api/${tenantId}/bookings/${bookings[1].number}/reject`, {})).status).toBe(200);
    await waitForSettledQueue(app.orm);
    app.smtp.clear();

    const response = await staff.post(`/api/${tenantId}/series/${id}/commit`, {});
    expect(response.status, response.text).toBe(200);
    expect(response.json.dates.map((date: { status: string }) => date.status)).toEqual(['freigegeben', 'abgelehnt', 'freigegeben', 'freigegeben']);
    const history = await historyOf(bookings.map((booking) => booking.number), 'released');
    expect(history).toHaveLength(3);

    await waitForSettledQueue(app.orm);
    const sent = app.smtp.find(mail);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('die unten aufgeführten 3 Termine Ihrer Serie geprüft und freigegeben wurden');
    expect(sent[0].text).toContain('Es ist nichts zu bezahlen');
    expect(sent[0].text).toContain('Freigegebene Termine der Serie (wöchentlich dienstags, 4 Termine): 3');
    expect(sent[0].text).not.toContain(`(Buchung ${bookings[1].number})`);

    // Nothing left waiting: the GraphQL mutation answers the series and mails nothing.
    app.smtp.clear();
    const again = await staff.gql<{ commitBookingSeries: SeriesAnswer }>(`mutation($tenantId: ID!, $id: ID!) { commitBookingSeries(tenantId: $tenantId, id: $id) { ${SERIES_FIELDS} } }`, { tenantId, id });
    expect(again.errors).toBeUndefined();
    expect(again.data!.commitBookingSeries.dates.filter((date) => date.isCommitted)).toHaveLength(3);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find(mail)).toHaveLength(0);
  });
});

describe('the bookings list by series', () => {
  it('lists only the dates of the series over REST and GraphQL; an id that is no series lists nothing', async () => {
    const { id, bookings } = await bookSeries('Gymnastiksaal', 3, 'gymnastik@verein.example');
    await bookSeries('Tischtennisraum', 2, 'tischtennis@verein.example');
    const numbers = bookings.map((booking) => booking.number).sort();
    const rest = await staff.get(`/api/${tenantId}/bookings?seriesId=${id}&from=2027-10-01T00:00:00Z&to=2028-03-01T00:00:00Z`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.json.map((booking: { id: string }) => booking.id).sort()).toEqual(numbers);
    const graph = await staff.gql<{ bookings: { items: { id: string; seriesId: string }[] } }>(
      `query($tenantId: ID!, $seriesId: ID) { bookings(tenantId: $tenantId, seriesId: $seriesId, from: "2027-10-01T00:00:00Z", to: "2028-03-01T00:00:00Z") { items { id seriesId } } }`,
      { tenantId, seriesId: id },
    );
    expect(graph.errors).toBeUndefined();
    expect(graph.data!.bookings.items.map((booking) => booking.id).sort()).toEqual(numbers);
    expect(graph.data!.bookings.items.every((booking) => booking.seriesId === id)).toBe(true);
    const none = await staff.get(`/api/${tenantId}/bookings?seriesId=keine-serie`);
    expect(none.status, none.text).toBe(200);
    expect(none.json).toEqual([]);
  });
});

describe('series actions: who may and what is wrong', () => {
  it('answers a guest 401 and a member who only reads 403, and changes nothing', async () => {
    const { id, bookings } = await bookSeries('Judoraum', 2, 'judo@verein.example');
    expect((await guest.post(`/api/${tenantId}/series/${id}/cancel`, { scope: 'ALL' })).status).toBe(401);
    expect((await guest.post(`/api/${tenantId}/series/${id}/commit`, {})).status).toBe(401);
    const refused = await reader.post(`/api/${tenantId}/series/${id}/cancel`, { scope: 'ALL' });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('auth.forbidden');
    expect((await reader.post(`/api/${tenantId}/series/${id}/commit`, {})).status).toBe(403);
    const graphGuest = await guest.gql(`mutation($tenantId: ID!, $id: ID!) { commitBookingSeries(tenantId: $tenantId, id: $id) { id } }`, { tenantId, id });
    expect(graphGuest.errors?.[0].extensions?.code).toBe('AUTH_UNAUTHENTICATED');
    const graphReader = await reader.gql(`mutation($tenantId: ID!, $id: ID!) { cancelBookingSeries(tenantId: $tenantId, id: $id, scope: ALL) { id } }`, { tenantId, id });
    expect(graphReader.errors?.[0].extensions?.code).toBe('AUTH_FORBIDDEN');
    expect((await bookingsOf(id)).map((booking) => [booking.number, booking.isCommitted, booking.isRejected])).toEqual(bookings.map((booking) => [booking.number, false, false]));
  });

  it('answers an unknown series 404 and a wrong scope or date 400 with the field named in German, and changes nothing', async () => {
    const { id, bookings } = await bookSeries('Ballettsaal', 2, 'ballett@verein.example');
    const other = await bookSeries('Boxraum', 1, 'boxen@verein.example');
    const unknown = await staff.post(`/api/${tenantId}/series/00000000-0000-4000-8000-000000000000/cancel`, { scope: 'ALL' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.detail).toBe('Die Serie existiert nicht.');
    expect((await staff.post(`/api/${tenantId}/series/keine-serie/commit`, {})).status).toBe(404);

    const noScope = await staff.post(`/api/${tenantId}/series/${id}/cancel`, {});
    expect(noScope.status).toBe(400);
    expect(noScope.json.errors).toMatchObject({ scope: expect.stringContaining('FOLLOWING') });
    const noFrom = await staff.post(`/api/${tenantId}/series/${id}/cancel`, { scope: 'FOLLOWING' });
    expect(noFrom.status).toBe(400);
    expect(noFrom.json.errors).toEqual({ fromBookingId: 'Bitte wählen Sie den Termin, ab dem storniert wird.' });
    const foreign = await staff.post(`/api/${tenantId}/series/${id}/cancel`, { scope: 'FOLLOWING', fromBookingId: other.bookings[0].number });
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors).toEqual({ fromBookingId: 'Dieser Termin gehört nicht zu der Serie.' });
    const graph = await staff.gql(`mutation($tenantId: ID!, $id: ID!) { cancelBookingSeries(tenantId: $tenantId, id: $id, scope: FOLLOWING) { id } }`, { tenantId, id });
    expect(graph.errors?.[0].extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { fromBookingId: 'Bitte wählen Sie den Termin, ab dem storniert wird.' } });
    const graphUnknown = await staff.gql(`mutation($tenantId: ID!) { commitBookingSeries(tenantId: $tenantId, id: "00000000-0000-4000-8000-000000000000") { id } }`, { tenantId });
    expect(graphUnknown.errors?.[0].extensions?.code).toBe('GENERIC_NOT_FOUND');
    expect((await bookingsOf(id)).every((booking) => !booking.isRejected && !booking.isCommitted)).toBe(true);
    expect(bookings).toHaveLength(2);
  });
});

describe('changing a series from one of its dates on', () => {
  /** Thursdays 18:00 to 20:00 from 18 November 2027 on (the third Tuesday's week). */
  const thirdWeekThursday = () => slot(18, '2027-11-18', 2);
  const rows = async (seriesId: string) => (await bookingsOf(seriesId)).map((booking) => [berlinParts(booking.timeBegin as Date).date, booking.isRejected]);

  it('simulated, answers the new dates with the taken one named and the dates it would cancel, and changes nothing', async () => {
    const { id, bookings } = await bookSeries('Gymnastikhalle', 5, 'gymnastik@verein.example');
    const roomId = (await app.orm.em.fork().findOneOrFail(Booking, { number: bookings[0].number }, { populate: ['items'] })).items.getItems()[0].bookableId;
    const blocker = await guest.post(`/api/${tenantId}/checkout`, { ...slot(18, '2027-11-25', 2), bookableItems: [{ bookableId: roomId }], ...customer });
    expect(blocker.status, blocker.text).toBe(200);
    const before = await rows(id);

    const answer = await staff.post(`/api/${tenantId}/series/${id}/change?simulate=true`, { fromBookingId: bookings[2].number, ...thirdWeekThursday(), series: { frequency: 'WEEKLY', count: 3 } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.simulated).toBe(true);
    expect(answer.json.cancelledBookingIds).toEqual(bookings.slice(2).map((booking) => booking.number));
    expect((answer.json.dates.dates as { date: string; available: boolean; reason: string | null }[]).map((date) => [date.date, date.available, date.reason])).toEqual([
      [testDay('2027-11-18'), true, null],
      [testDay('2027-11-25'), false, 'taken'],
      [testDay('2027-12-02'), true, null],
    ]);
    expect(await rows(id)).toEqual(before);
    expect(app.smtp.find('gymnastik@verein.example', 'Änderung')).toHaveLength(0);

    // The same for real: the three later Tuesdays cancelled, two Thursdays booked into the series, one mail.
    const changed = await staff.gql<{ changeBookingSeries: { series: { rule: { weekdays: string[] }; dates: { bookingId: string; isRejected: boolean }[] }; cancelledBookingIds: string[] } }>(
      `mutation($tenantId: ID!, $id: ID!, $input: BookingSeriesChangeInput!) { changeBookingSeries(tenantId: $tenantId, id: $id, input: $input) { series { rule { weekdays } dates { bookingId isRejected } } cancelledBookingIds simulated } }`,
      { tenantId, id, input: { fromBookingId: bookings[2].number, timeBegin: new Date(thirdWeekThursday().timeBegin).toISOString(), timeEnd: new Date(thirdWeekThursday().timeEnd).toISOString(), series: { frequency: 'WEEKLY', count: 3 }, reason: 'Die Halle ist dienstags belegt.' } },
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data?.changeBookingSeries.series.rule.weekdays).toEqual(['TH']);
    expect(await rows(id)).toEqual([
      [testDay('2027-11-02'), false],
      [testDay('2027-11-09'), false],
      [testDay('2027-11-16'), true],
      [testDay('2027-11-18'), false],
      [testDay('2027-11-23'), true],
      [testDay('2027-11-30'), true],
      [testDay('2027-12-02'), false],
    ]);
    const cancelledHistory = await historyOf(bookings.slice(2).map((booking) => booking.number), 'rejected');
    expect(cancelledHistory.map((entry) => entry.reason)).toEqual(['Die Halle ist dienstags belegt.', 'Die Halle ist dienstags belegt.', 'Die Halle ist dienstags belegt.']);
    await waitForSettledQueue(app.orm);
    const [mail, ...more] = app.smtp.find('gymnastik@verein.example', 'Änderung Ihrer Serienbuchung');
    expect(more).toHaveLength(0);
    expect(mail.text).toContain('Ab der Änderung gelten die unten aufgeführten 2 Termine.');
    expect(mail.text).toContain('Hinweis zur Änderung: Die Halle ist dienstags belegt.');
    expect(mail.text).toContain('Do., 18.11.2027, 18:00–20:00 Uhr');
    expect(mail.text).not.toContain('16.11.2027');
    // The cancelled dates sent no mail of their own.
    expect(app.smtp.find('gymnastik@verein.example', 'Stornierung')).toHaveLength(0);
  });

  it('keeps the dates the new rule names at the same times and cancels only the others', async () => {
    const { id, bookings } = await bookSeries('Tischtennisraum', 5, 'tischtennis@verein.example');
    const answer = await staff.post(`/api/${tenantId}/series/${id}/change`, { fromBookingId: bookings[1].number, timeBegin: bookings[1].timeBegin?.getTime(), timeEnd: bookings[1].timeEnd?.getTime(), series: { frequency: 'WEEKLY', count: 2 } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.cancelledBookingIds).toEqual(bookings.slice(3).map((booking) => booking.number));
    expect((answer.json.dates.dates as { bookingId: string }[]).map((date) => date.bookingId)).toEqual([bookings[1].number, bookings[2].number]);
    expect((await bookingsOf(id)).map((booking) => [booking.number, booking.isRejected])).toEqual(bookings.map((booking, index) => [booking.number, index >= 3]));
  });

  it('with requireAll refuses a change with a taken date and changes nothing; a wrong date or window is named; readers may not', async () => {
    const { id, bookings } = await bookSeries('Judohalle', 3, 'judo@verein.example');
    const roomId = (await app.orm.em.fork().findOneOrFail(Booking, { number: bookings[0].number }, { populate: ['items'] })).items.getItems()[0].bookableId;
    expect((await guest.post(`/api/${tenantId}/checkout`, { ...slot(18, '2027-11-11', 2), bookableItems: [{ bookableId: roomId }], ...customer })).status).toBe(200);
    const before = await rows(id);
    const body = { fromBookingId: bookings[1].number, ...slot(18, '2027-11-11', 2), series: { frequency: 'WEEKLY', count: 2, requireAll: true } };

    const refused = await staff.post(`/api/${tenantId}/series/${id}/change`, body);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('booking.series-unavailable');
    expect(await rows(id)).toEqual(before);

    const foreign = await staff.post(`/api/${tenantId}/series/${id}/change`, { ...body, fromBookingId: 'KEIN-TERMIN' });
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors).toEqual({ fromBookingId: 'Dieser Termin gehört nicht zu der Serie.' });
    const beforeEarlier = await staff.post(`/api/${tenantId}/series/${id}/change`, { ...body, ...slot(18, '2027-11-01', 2) });
    expect(beforeEarlier.status).toBe(400);
    expect(beforeEarlier.json.errors).toEqual({ timeBegin: 'Der erste geänderte Termin darf nicht vor einem früheren Termin der Serie liegen, der bleibt.' });
    const noRule = await staff.post(`/api/${tenantId}/series/${id}/change`, { fromBookingId: bookings[1].number, ...slot(18, '2027-11-11', 2), series: { frequency: 'WEEKLY' } });
    expect(noRule.status).toBe(400);
    expect(noRule.json.errors).toMatchObject({ 'series.until': 'Bitte geben Sie ein Enddatum oder die Anzahl der Termine an.' });
    expect((await reader.post(`/api/${tenantId}/series/${id}/change`, body)).status).toBe(403);
    expect((await guest.post(`/api/${tenantId}/series/${id}/change`, body)).status).toBe(401);
    expect(await rows(id)).toEqual(before);
  });
});
