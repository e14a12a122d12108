import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';

/**
 * "Meine Buchungen" for guests: a mailed link (GraphQL requestMyBookingsLink, REST POST
 * /api/account/bookings/link) shows the bookings made with its address across tenants (GraphQL
 * myBookingsByLink, REST GET /api/account/bookings with X-Bookings-Link-Token) and their documents;
 * the request answers alike for every address, tokens expire and are guesses; a verified account
 * takes over the guest bookings of its own address (claimGuestBookings, POST /api/account/bookings/claim).
 */
let app: TestApp;
let owner: HttpClient;
let townHall: string;
let library: string;
let ipCounter = 0;
const GUEST = 'gast@gaeste.example';
const OTHER_GUEST = 'andere@gaeste.example';
const OWNER = { id: 'inhaberin@gaeste.example', password: 'gaeste-passwort-1' };
const SUBJECT = 'Ihre Buchungen: Link zur Übersicht';
const booked = { hall: '', library: '', shouted: '', other: '' };

const sql = <Row = Record<string, unknown>>(query: string, params: unknown[] = []) => app.orm.em.fork().execute<Row[]>(query, params);
/** A client with its own IP, so the per-IP limits of one test never touch another's. */
const client = (): HttpClient => app.client({ ip: `10.38.0.${++ipCounter}` });

const REQUEST = 'mutation($mail: String!) { requestMyBookingsLink(mail: $mail) }';
const BY_LINK = `query($token: String!, $period: MyBookingPeriod, $first: Int, $after: String) {
  myBookingsByLink(token: $token, period: $period, first: $first, after: $after) {
    items { tenantId tenantName id objects { title amount } state priceEur isPayed mayPay documents { id kind number downloadUrl } }
    pageInfo { endCursor hasNextPage } } }`;
const CLAIM = 'mutation { claimGuestBookings }';
const MY_BOOKINGS = 'query { myBookings(first: 50) { items { id } } }';

interface ByLinkAnswer {
  myBookingsByLink: { items: { tenantId: string; tenantName: string; id: string; documents: { kind: string; downloadUrl: string }[] }[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
}

async function book(tenantId: string, roomId: string, hour: number, mail: string): Promise<string> {
  const answer = await client().post(`/api/${tenantId}/checkout`, { ...slot(hour, '2027-11-30'), bookableItems: [{ bookableId: roomId, amount: 1 }], ...customer, mail });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { id: string }).id;
}

/** Asks for a link to the address and answers the token of the mail that follows. */
async function mailedToken(mail: string): Promise<string> {
  app.smtp.clear();
  // Each test asks anew; the per-address count is the subject of its own test.
  await sql(`delete from rate_limits where key like 'bookings-link-mail:%'`);
  expect((await client().post('/api/account/bookings/link', { mail })).status).toBe(202);
  const message = await app.smtp.waitForMail(mail.toLowerCase(), SUBJECT);
  expect(message.text).toContain('24 Stunden');
  const links = message.links.filter((link) => link.startsWith(`${app.url}/meine-buchungen/link#`));
  expect(links).toHaveLength(1);
  // The token stands in the fragment, which browsers never send to the server.
  const token = new URL(links[0]).hash.slice(1);
  expect(token).toMatch(/^gbl_[A-Za-z0-9_-]{43}$/);
  await waitForSettledQueue(app.orm);
  return token;
}

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.orm, OWNER);
  townHall = (await createTenant(app.orm, { name: 'Rathaus Gaststadt', owners: [OWNER.id] })).id;
  library = (await createTenant(app.orm, { name: 'Bibliothek Gaststadt', owners: [OWNER.id] })).id;
  const hall = await bookableRoom(app, townHall, { title: 'Ratssaal' });
  const reading = await bookableRoom(app, library, { title: 'Lesesaal' });
  owner = app.client();
  await signIn(owner, OWNER.id, OWNER.password);
  booked.hall = await book(townHall, hall.id, 9, GUEST);
  booked.library = await book(library, reading.id, 10, GUEST);
  // The same address in capitals is the same mailbox.
  booked.shouted = await book(townHall, hall.id, 11, 'GAST@Gaeste.example');
  booked.other = await book(townHall, hall.id, 12, OTHER_GUEST);
  await waitForSettledQueue(app.orm);
}, 120_000);
afterAll(async () => app?.close());

describe('asking for the link', () => {
  it('answers a known and an unknown address alike, over GraphQL and REST; only the known one gets a mail', async () => {
    app.smtp.clear();
    const unknown = 'niemand@gaeste.example';
    const known = await client().gql(REQUEST, { mail: GUEST });
    const nobody = await client().gql(REQUEST, { mail: unknown });
    expect(known.errors).toBeUndefined();
    expect(nobody).toMatchObject({ status: known.status, data: known.data });
    const restKnown = await client().post('/api/account/bookings/link', { mail: 'Gast@Gaeste.example' });
    const restUnknown = await client().post('/api/account/bookings/link', { mail: unknown });
    expect([restKnown.status, restUnknown.status]).toEqual([202, 202]);
    expect(restUnknown.text).toBe(restKnown.text);
    await app.smtp.waitForMail(GUEST, SUBJECT);
    await waitForSettledQueue(app.orm);
    expect(app.smtp.find(GUEST, SUBJECT)).toHaveLength(2);
    expect(app.smtp.find(unknown)).toHaveLength(0);
  });

  it('refuses a missing or malformed address with the field named', async () => {
    const missing = await client().post('/api/account/bookings/link', {});
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ mail: 'E-Mail ist erforderlich' });
    const malformed = await client().gql(REQUEST, { mail: 'kein-at-zeichen' });
    expect(malformed.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
  });

  it('counts requests per IP address and per mail address', async () => {
    const oneIp = client();
    for (let attempt = 0; attempt < 5; attempt++) expect((await oneIp.post('/api/account/bookings/link', { mail: `ip${attempt}@gaeste.example` })).status).toBe(202);
    const refused = await oneIp.post('/api/account/bookings/link', { mail: 'ip5@gaeste.example' });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('auth.rate-limited');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const mail = 'oft@gaeste.example';
    for (let attempt = 0; attempt < 5; attempt++) expect((await client().post('/api/account/bookings/link', { mail })).status).toBe(202);
    expect((await client().gql(REQUEST, { mail: 'OFT@gaeste.example' })).errors?.[0]?.extensions?.code).toBe('AUTH_RATE_LIMITED');
  });
});

describe('the link', () => {
  it("shows exactly its address's bookings of every tenant, over GraphQL and REST", async () => {
    const token = await mailedToken(GUEST);
    const answer = await client().gql<ByLinkAnswer>(BY_LINK, { token, first: 50 });
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    expect(answer.data!.myBookingsByLink.items.map((booking) => booking.id)).toEqual([booked.hall, booked.library, booked.shouted]);
    expect(answer.data!.myBookingsByLink.items[1]).toMatchObject({ tenantId: library, tenantName: 'Bibliothek Gaststadt', objects: [{ title: 'Lesesaal', amount: 1 }], state: 'PENDING' });
    const rest = await client().get('/api/account/bookings?limit=2', { headers: { 'X-Bookings-Link-Token': token } });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.headers.get('cache-control')).toContain('no-store');
    const next = await client().get(`/api/account/bookings?limit=2&cursor=${encodeURIComponent(rest.headers.get('x-next-cursor') ?? '')}`, { headers: { 'X-Bookings-Link-Token': token } });
    expect([...rest.json, ...next.json].map((booking: { id: string }) => booking.id)).toEqual([booked.hall, booked.library, booked.shouted]);
    const other = await client().gql<ByLinkAnswer>(BY_LINK, { token: await mailedToken(OTHER_GUEST) });
    expect(other.data!.myBookingsByLink.items.map((booking) => booking.id)).toEqual([booked.other]);
  });

  it("downloads the booking's documents with the token, no other booking's and none without it", async () => {
    expect((await owner.post(`/api/${townHall}/bookings/${booked.hall}/invoices`, {})).status).toBe(201);
    expect((await owner.post(`/api/${townHall}/bookings/${booked.other}/invoices`, {})).status).toBe(201);
    const token = await mailedToken(GUEST);
    const answer = await client().gql<ByLinkAnswer>(BY_LINK, { token });
    const [document] = answer.data!.myBookingsByLink.items.find((booking) => booking.id === booked.hall)!.documents;
    expect(document.downloadUrl).toContain(`/api/account/bookings/link/documents/${townHall}/${booked.hall}/`);
    const pdf = await client().get(document.downloadUrl, { headers: { 'X-Bookings-Link-Token': token } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await client().get(document.downloadUrl)).status).toBe(404);
    // The other guest's invoice, asked for with this token: not found.
    const otherToken = await mailedToken(OTHER_GUEST);
    const [otherDocument] = (await client().gql<ByLinkAnswer>(BY_LINK, { token: otherToken })).data!.myBookingsByLink.items[0].documents;
    expect((await client().get(otherDocument.downloadUrl, { headers: { 'X-Bookings-Link-Token': token } })).status).toBe(404);
  });

  it("refuses a forged and an expired token with the catalogue's code", async () => {
    const forged = await client().gql(BY_LINK, { token: `gbl_${'A'.repeat(43)}` });
    expect(forged.errors?.[0]?.extensions?.code).toBe('MY_BOOKINGS_LINK_INVALID');
    expect(forged.errors?.[0]?.message).toBe('Der Link zu Ihren Buchungen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.');
    const token = await mailedToken(GUEST);
    await sql(`update guest_booking_links set expires_at = now() - interval '1 second' where expires_at > now() + interval '23 hours'`);
    const expired = await client().get('/api/account/bookings', { headers: { 'X-Bookings-Link-Token': token } });
    expect(expired.status).toBe(404);
    expect(expired.json.code).toBe('my-bookings.link-invalid');
    // The hourly job removes expired links with the address they showed; a working link stays.
    expect(app.app.services.jobSchedules).toContainEqual({ task: 'guest-bookings-link-prune', cron: '41 * * * *' });
    const live = Number((await sql<{ n: string }>('select count(*) as n from guest_booking_links where expires_at > now()'))[0].n);
    expect(await app.app.services.guestBookingLinks.pruneExpired()).toBeGreaterThan(0);
    expect((await sql<{ n: string }>('select count(*) as n from guest_booking_links where expires_at <= now()'))[0].n).toBe('0');
    expect(Number((await sql<{ n: string }>('select count(*) as n from guest_booking_links'))[0].n)).toBe(live);
    expect((await client().gql(BY_LINK, { token })).errors?.[0]?.extensions?.code).toBe('MY_BOOKINGS_LINK_INVALID');
  });

  it('keeps only hashes and gives each link 24 hours', async () => {
    const token = await mailedToken(GUEST);
    const rows = await sql(`select token_hash, round(extract(epoch from expires_at - created_at) / 3600) as hours from guest_booking_links order by created_at desc limit 1`);
    expect(rows[0].token_hash).not.toContain(token.slice(4));
    expect(Number(rows[0].hours)).toBe(24);
  });

  it('counts wrong tokens per IP address as guesses; right ones use nothing up', async () => {
    const token = await mailedToken(GUEST);
    const guesser = client();
    for (let attempt = 0; attempt < 12; attempt++) expect((await guesser.gql(BY_LINK, { token })).errors).toBeUndefined();
    for (let attempt = 0; attempt < 10; attempt++) expect((await guesser.gql(BY_LINK, { token: `gbl_${String(attempt).padStart(43, 'x')}` })).errors?.[0]?.extensions?.code).toBe('MY_BOOKINGS_LINK_INVALID');
    const refused = await guesser.get('/api/account/bookings', { headers: { 'X-Bookings-Link-Token': token } });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('auth.rate-limited');
  });
});

describe('taking guest bookings into an account', () => {
  it("takes only the verified address's own unassigned bookings, in any case, and shows them under Meine Buchungen", async () => {
    const guest = { id: GUEST, password: 'gaeste-passwort-2' };
    await createUser(app.orm, guest);
    const signedIn = client();
    await signIn(signedIn, guest.id, guest.password);
    expect((await signedIn.gql<{ myBookings: { items: unknown[] } }>(MY_BOOKINGS)).data!.myBookings.items).toEqual([]);
    const claimed = await signedIn.gql<{ claimGuestBookings: number }>(CLAIM);
    expect(claimed.errors, JSON.stringify(claimed.errors)).toBeUndefined();
    expect(claimed.data!.claimGuestBookings).toBe(3);
    const mine = await signedIn.gql<{ myBookings: { items: { id: string }[] } }>(MY_BOOKINGS);
    expect(mine.data!.myBookings.items.map((booking) => booking.id)).toEqual([booked.hall, booked.library, booked.shouted]);
    // Taken once: a second try finds none; the other guest's booking stays unassigned.
    expect((await signedIn.post('/api/account/bookings/claim')).json).toEqual({ claimed: 0 });
    expect(await sql('select assigned_user_id from bookings where number = ?', [booked.other])).toEqual([{ assigned_user_id: null }]);
    const history = await sql(`select actor_id, via from booking_history where booking_id = ? and reason like '%übernommen%'`, [booked.library]);
    expect(history).toEqual([{ actor_id: GUEST, via: 'graphql' }]);
  });

  it('refuses an account whose address is not verified, and guests', async () => {
    const unverified = { id: OTHER_GUEST, password: 'gaeste-passwort-3' };
    await createUser(app.orm, unverified);
    const signedIn = client();
    await signIn(signedIn, unverified.id, unverified.password);
    await sql('update users set is_verified = false where id = ?', [OTHER_GUEST]);
    const refused = await signedIn.post('/api/account/bookings/claim');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('my-bookings.address-unverified');
    expect(await sql('select assigned_user_id from bookings where number = ?', [booked.other])).toEqual([{ assigned_user_id: null }]);
    expect((await client().gql(CLAIM)).errors?.[0]?.extensions?.code).toBe('AUTH_UNAUTHENTICATED');
  });
});
