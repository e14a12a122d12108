import ical, { type CalendarResponse, type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { berlinInstant } from '../../common/time/berlin.js';
import { nextDayInMonth } from '../support/test-calendar.js';
import { bookableRoom, customer, daysAhead, gql } from './bookings.fixtures.js';

/**
 * Calendar feeds: staff create a secret URL (shown once, stored as a hash); calendar programs
 * fetch it without a session and get the window's bookings in Europe/Berlin, cheaply (ETag). The
 * customer's confirmation mail carries the booking as .ics file.
 */
let app: TestApp;
let actors: Actors;
let tenantId: string;
let owner: HttpClient;
let room: { id: string; title: string };
let hiddenRoom: { id: string };

const FEED_FIELDS = 'id name kind bookableId bookableTitle prefix createdAt lastPolledAt';
const CREATE = `mutation($t: ID!, $b: ID, $p: Boolean!, $n: String!) { createCalendarFeed(tenantId: $t, bookableId: $b, personal: $p, name: $n) { feed { ${FEED_FIELDS} } url } }`;
const LIST = `query($t: ID!) { calendarFeeds(tenantId: $t) { ${FEED_FIELDS} } }`;
const REVOKE = `mutation($id: ID!) { revokeCalendarFeed(id: $id) { id } }`;

interface Created {
  feed: { id: string; name: string; kind: string; bookableId: string | null; prefix: string };
  url: string;
}

/** 10:00–12:00 Berlin on a day ahead of today (as an interval of instants). */
const tenToNoon = (day: string) => ({ begin: berlinInstant(day, '10:00').getTime(), end: berlinInstant(day, '12:00').getTime() });
/** A day in July, within the year ahead: summer time in Berlin (UTC+2). */
const SUMMER_DAY = nextDayInMonth(7);
const SUMMER = tenToNoon(SUMMER_DAY);
/** A day in January, within the year ahead: winter time in Berlin (UTC+1). */
const WINTER = tenToNoon(nextDayInMonth(1));
/** More than a year ahead: outside the feed's window (but within the booking horizon). */
const FAR = { begin: berlinInstant(daysAhead(400), '10:00').getTime(), end: berlinInstant(daysAhead(400), '11:00').getTime() };
/** Rejected later: never in a feed. */
const REJECTED = { begin: berlinInstant(nextDayInMonth(2), '10:00').getTime(), end: berlinInstant(nextDayInMonth(2), '11:00').getTime() };

const bookings: Record<'summer' | 'winter' | 'far' | 'rejected', string> = { summer: '', winter: '', far: '', rejected: '' };

async function book(period: { begin: number; end: number }, name: string, bookableId = room.id): Promise<string> {
  const response = await actors.clients.anonymous.post(`/api/${tenantId}/checkout`, {
    timeBegin: period.begin,
    timeEnd: period.end,
    bookableItems: [{ bookableId, amount: 1 }],
    ...customer,
    name,
  });
  expect(response.status, response.text).toBe(200);
  return (response.json as { id: string }).id;
}

async function create(variables: { b?: string | null; p: boolean; n: string }, client: HttpClient = owner, t: string = tenantId) {
  return client.gql<{ createCalendarFeed: Created }>(CREATE, { t, b: variables.b ?? null, p: variables.p, n: variables.n });
}

async function created(variables: { b?: string | null; p: boolean; n: string }, client: HttpClient = owner): Promise<Created> {
  const result = await create(variables, client);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.createCalendarFeed;
}

/** The path of a feed's URL, fetched as a calendar program would (no cookie). */
const feedPath = (url: string) => new URL(url).pathname;
const calendarClient = () => app.client({ ip: `10.66.0.${Math.floor(Math.random() * 200) + 1}` });

const events = (calendar: CalendarResponse): VEvent[] => Object.values(calendar).filter((entry): entry is VEvent => (entry as { type?: string } | undefined)?.type === 'VEVENT');

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'feeds');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  room = await bookableRoom(app, tenantId, { title: 'Großer Saal' });
  hiddenRoom = await bookableRoom(app, tenantId, { title: 'Kellerraum', isPublic: false });
  bookings.summer = await book(SUMMER, 'Erika Sommer');
  bookings.winter = await book(WINTER, 'Max Winter');
  bookings.far = await book(FAR, 'Fritz Fern');
  bookings.rejected = await book(REJECTED, 'Rita Abgelehnt');
  const committed = await owner.gql(gql.commit, { t: tenantId, id: bookings.summer });
  expect(committed.errors, JSON.stringify(committed.errors)).toBeUndefined();
  const rejected = await owner.gql(gql.reject, { t: tenantId, id: bookings.rejected, reason: 'Doppelt' });
  expect(rejected.errors, JSON.stringify(rejected.errors)).toBeUndefined();
  await waitForSettledQueue(app.orm);
});
afterAll(async () => app?.close());

describe('the staff feed', () => {
  let feed: Created;
  let first: { text: string; etag: string };

  beforeAll(async () => {
    feed = await created({ p: true, n: 'Alle Räume' });
    const response = await calendarClient().get(feedPath(feed.url));
    expect(response.status, response.text).toBe(200);
    first = { text: response.text, etag: response.headers.get('etag') ?? '' };
  });

  it('is shown once as URL with its token; only the prefix is listed and the token is stored as hash only', async () => {
    expect(feed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ical\/bpc_[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.feed).toMatchObject({ name: 'Alle Räume', kind: 'STAFF', bookableId: null });
    const token = feed.url.split('/ical/')[1]!.replace(/\.ics$/, '');
    expect(token.startsWith(feed.feed.prefix)).toBe(true);
    const list = await owner.gql<{ calendarFeeds: { id: string; prefix: string }[] }>(LIST, { t: tenantId });
    expect(list.data?.calendarFeeds.map((entry) => entry.id)).toContain(feed.feed.id);
    expect(JSON.stringify(list.data)).not.toContain(token);
    const rows = await app.orm.em.fork().getConnection().execute<Record<string, unknown>[]>('select * from calendar_feeds');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Object.keys(rows[0]!)).not.toContain('token');
  });

  it('holds the bookings of the window in Berlin time with a VTIMEZONE, status and customer', async () => {
    expect(first.text).toContain('BEGIN:VTIMEZONE');
    expect(first.text).toContain(`DTSTART;TZID=Europe/Berlin:${SUMMER_DAY.replaceAll('-', '')}T100000`);
    expect(SUMMER.begin).toBe(Date.parse(`${SUMMER_DAY}T08:00:00Z`));
    const calendar = ical.sync.parseICS(first.text);
    const zones = Object.values(calendar).filter((entry) => (entry as { type?: string } | undefined)?.type === 'VTIMEZONE');
    expect(zones.map((zone) => (zone as { tzid: string }).tzid)).toEqual(['Europe/Berlin']);
    const all = events(calendar);
    const summer = all.find((event) => event.uid.startsWith(`${bookings.summer}-`));
    const winter = all.find((event) => event.uid.startsWith(`${bookings.winter}-`));
    expect(summer?.start.getTime()).toBe(SUMMER.begin);
    expect(summer?.end?.getTime()).toBe(SUMMER.end);
    expect(winter?.start.getTime()).toBe(WINTER.begin);
    expect(winter?.end?.getTime()).toBe(WINTER.end);
    expect(String(summer?.summary)).toBe('Großer Saal: Erika Sommer');
    expect(String(summer?.description)).toBe(`Buchung ${bookings.summer}, freigegeben`);
    expect(summer?.status).toBe('CONFIRMED');
    expect(String(winter?.description)).toBe(`Buchung ${bookings.winter}, angefragt`);
    expect(winter?.status).toBe('TENTATIVE');
    expect(summer?.uid).toBe(`${bookings.summer}-0@${new URL(feed.url).host}`);
    // Rejected bookings and those beyond a year are not in it.
    expect(all.some((event) => event.uid.startsWith(`${bookings.rejected}-`))).toBe(false);
    expect(all.some((event) => event.uid.startsWith(`${bookings.far}-`))).toBe(false);
  });

  it('answers with stable UIDs and ETag, 304 for an unchanged feed, and caches privately', async () => {
    const again = await calendarClient().get(feedPath(feed.url));
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toBe('private, max-age=300');
    expect(again.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(again.headers.get('etag')).toBe(first.etag);
    const uids = (text: string) => events(ical.sync.parseICS(text)).map((event) => event.uid).sort();
    expect(uids(again.text)).toEqual(uids(first.text));
    const unchanged = await calendarClient().get(feedPath(feed.url), { headers: { 'if-none-match': first.etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    // A change of a booking changes the feed and its tag.
    await owner.gql(gql.commit, { t: tenantId, id: bookings.winter });
    const changed = await calendarClient().get(feedPath(feed.url), { headers: { 'if-none-match': first.etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(first.etag);
    const winter = events(ical.sync.parseICS(changed.text)).find((event) => event.uid.startsWith(`${bookings.winter}-`));
    expect(winter?.status).toBe('CONFIRMED');
  });

  it('notes when it was polled', async () => {
    const list = await owner.gql<{ calendarFeeds: { id: string; lastPolledAt: string | null }[] }>(LIST, { t: tenantId });
    expect(list.data?.calendarFeeds.find((entry) => entry.id === feed.feed.id)?.lastPolledAt).not.toBeNull();
  });

  it('answers 404 once revoked, and is gone from the list', async () => {
    const revoked = await owner.gql(REVOKE, { id: feed.feed.id });
    expect(revoked.errors, JSON.stringify(revoked.errors)).toBeUndefined();
    const response = await calendarClient().get(feedPath(feed.url));
    expect(response.status).toBe(404);
    const list = await owner.gql<{ calendarFeeds: { id: string }[] }>(LIST, { t: tenantId });
    expect(list.data?.calendarFeeds.map((entry) => entry.id)).not.toContain(feed.feed.id);
  });
});

describe('a series in the staff feed', () => {
  it('keeps each date an event of its own, marked with the category "Serie" and the series with its rule', async () => {
    const hall = await bookableRoom(app, tenantId, { title: 'Turnhalle' });
    const first = berlinInstant(nextDayInMonth(3), '14:00').getTime();
    const booked = await owner.post(`/api/${tenantId}/checkout`, {
      timeBegin: first,
      timeEnd: first + 3_600_000,
      bookableItems: [{ bookableId: hall.id, amount: 1 }],
      ...customer,
      name: 'Turnverein',
      series: { frequency: 'WEEKLY', count: 2 },
    });
    expect(booked.status, booked.text).toBe(200);
    const series = booked.json.series as { id: string; rule: { rrule: string }; dates: { bookingId: string }[] };
    const feed = await created({ p: true, n: 'Turnhalle und mehr' });
    const response = await calendarClient().get(feedPath(feed.url));
    expect(response.status, response.text).toBe(200);
    const dated = events(ical.sync.parseICS(response.text)).filter((event) => series.dates.some((date) => event.uid.startsWith(`${date.bookingId}-`)));
    expect(dated).toHaveLength(2);
    for (const event of dated) expect(String(event.description)).toMatch(/, Termin einer Serie$/);
    expect(response.text).toContain(`X-BUCHUNG-SERIE:${series.id}`);
    expect(response.text).toContain(`X-BUCHUNG-SERIE-RRULE:${series.rule.rrule.replaceAll(';', '\\;')}`);
    expect(response.text.match(/CATEGORIES:Serie/g)).toHaveLength(2);
  });
});

describe('the public feed', () => {
  it('shows only "Belegt" for one public object: no name, no booking number', async () => {
    const feed = await created({ b: room.id, p: false, n: 'Website Saal' });
    expect(feed.feed.kind).toBe('PUBLIC');
    const response = await calendarClient().get(feedPath(feed.url));
    expect(response.status, response.text).toBe(200);
    const all = events(ical.sync.parseICS(response.text));
    expect(all.map((event) => String(event.summary))).toEqual(['Belegt', 'Belegt']);
    expect(all.map((event) => event.start.getTime()).sort()).toEqual([WINTER.begin, SUMMER.begin].sort());
    for (const secret of ['Erika', 'Sommer', 'Winter', 'Mustermann', customer.mail, bookings.summer, bookings.winter]) expect(response.text).not.toContain(secret);
    expect(all.every((event) => event.description === undefined || String(event.description) === '')).toBe(true);
  });

  it('needs a public object', async () => {
    const hidden = await create({ b: hiddenRoom.id, p: false, n: 'Keller' });
    expect(hidden.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
    const none = await create({ b: null, p: false, n: 'Alles' });
    expect(none.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
  });
});

describe('rights', () => {
  it('a member who reads only own bookings may make public feeds but no feed with customer data', async () => {
    const personal = await create({ p: true, n: 'Meins' }, actors.clients.memberOwnOnly);
    expect(personal.errors?.[0]?.extensions?.code).toBe('AUTH_FORBIDDEN');
    const open = await create({ b: room.id, p: false, n: 'Öffentlich' }, actors.clients.memberOwnOnly);
    expect(open.errors, JSON.stringify(open.errors)).toBeUndefined();
  });

  it('a member without rights and strangers get nothing; other tenants cannot revoke', async () => {
    for (const name of ['memberWithoutFlag', 'outsider', 'memberOfOtherTenant'] as const) {
      const result = await create({ p: true, n: 'x' }, actors.clients[name]);
      expect(result.errors?.[0]?.extensions?.code, name).toBe('AUTH_FORBIDDEN');
      const list = await actors.clients[name].gql(LIST, { t: tenantId });
      expect(list.errors?.[0]?.extensions?.code, name).toBe('AUTH_FORBIDDEN');
    }
    const anonymous = await create({ p: true, n: 'x' }, actors.clients.anonymous);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('AUTH_UNAUTHENTICATED');
    const feed = await created({ p: true, n: 'Fremd' });
    const foreign = await actors.clients.memberOfOtherTenant.gql(REVOKE, { id: feed.feed.id });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('FEED_NOT_FOUND');
  });

  it("another tenant's object is refused", async () => {
    const foreignRoom = await bookableRoom(app, actors.otherTenant.id, { title: 'Fremder Saal' });
    const result = await create({ b: foreignRoom.id, p: true, n: 'Fremd' });
    expect(result.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
  });

  it('unknown tokens answer 404, and guessing is limited', async () => {
    const guesser = app.client({ ip: '10.66.1.1' });
    const first = await guesser.get('/ical/bpc_unbekannt.ics');
    expect(first.status).toBe(404);
    let last = first.status;
    for (let attempt = 0; attempt < 35 && last !== 429; attempt++) last = (await guesser.get(`/ical/bpc_geraten${attempt}.ics`)).status;
    expect(last).toBe(429);
  });
});

describe('the confirmation mail', () => {
  it('carries the booking as .ics file that parses', async () => {
    const freeRoom = await bookableRoom(app, tenantId, { title: 'Gratis-Raum', autoCommitBooking: true, priceCategories: [] });
    const id = await book(SUMMER, 'Clara Kalender', freeRoom.id);
    await waitForSettledQueue(app.orm);
    const mail = app.smtp.mails.find((captured) => captured.to.includes(customer.mail) && captured.text.includes(id) && captured.attachments.some((attachment) => attachment.filename.endsWith('.ics')));
    expect(mail, app.smtp.mails.map((captured) => captured.subject).join('; ')).toBeDefined();
    const file = mail!.attachments.find((attachment) => attachment.filename.endsWith('.ics'))!;
    expect(file.filename).toBe(`buchung-${id}.ics`);
    expect(file.contentType).toBe('text/calendar');
    const text = file.content.toString('utf8');
    expect(text).toContain('METHOD:PUBLISH');
    expect(text).toContain('BEGIN:VTIMEZONE');
    const all = events(ical.sync.parseICS(text));
    expect(all).toHaveLength(1);
    expect(all[0]!.uid).toBe(`${id}-0@${new URL(app.url).host}`);
    expect(all[0]!.start.getTime()).toBe(SUMMER.begin);
    expect(all[0]!.end?.getTime()).toBe(SUMMER.end);
  });
});
