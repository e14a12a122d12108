import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import type { BookableSnapshot } from '../../server/src/bookings/booking.model.js';
import { searchTextOf, setItems } from '../../server/src/bookings/booking.queries.js';
import { Event } from '../../server/src/events/event.entity.js';
import { defaultEventData } from '../../server/src/events/event.model.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { HttpClient } from '../support/http.js';
import { allowed, expectRest } from '../support/matrix.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';

/**
 * The staff's bookings list as CSV (GET /csv/{tenantId}/bookings) and the list's filters over
 * GraphQL: both show the same bookings for the same filter and the same viewer.
 */
let app: TestApp;
let actors: Actors;
let roomId: string;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookings', 'bookings', 'bookingcsv');
  const room = await storeBookable(app, actors.tenant.id, { type: 'room', title: 'Großer Saal' });
  const beamer = await storeBookable(app, actors.tenant.id, { type: 'resource', title: 'Beamer' });
  roomId = room.id;
  const em = app.orm.em.fork();
  const event = em.create(Event, { tenant: em.getReference(Tenant, actors.tenant.id), ownerUserId: null });
  const base = defaultEventData();
  event.setData({ ...base, information: { ...base.information, name: 'Adventskonzert', startDate: '2026-12-05', startTime: '18:00', endDate: '2026-12-05', endTime: '20:00' } });
  await em.flush();
  const ticket = await storeBookable(app, actors.tenant.id, { type: 'ticket', title: 'Eintritt', eventId: event.id });

  const item = (bookable: { id: string; title: string; type: string; eventId?: string | null }, amount = 1) => ({ bookable, amount });
  await storeBooking('AAAA-0001', [item({ ...room, eventId: null }), item({ ...beamer, eventId: null }, 2)], {
    assignedUserId: actors.userIds.memberOwnOnly,
    timeBegin: new Date('2026-12-01T09:00:00Z'),
    timeEnd: new Date('2026-12-01T11:00:00Z'),
    createdAt: new Date('2026-11-01T08:00:00Z'),
    priceEur: 80,
    paymentProvider: 'invoice',
    phone: '0123 456',
  });
  await storeBooking('AAAA-0002', [item({ ...room, eventId: null })], {
    name: 'Verein; Freunde',
    company: '=Firma',
    comment: 'Mit\nZeilenumbruch',
    timeBegin: new Date('2026-12-02T17:00:00Z'),
    timeEnd: new Date('2026-12-02T19:30:00Z'),
    createdAt: new Date('2026-11-02T08:00:00Z'),
    isCommitted: true,
    isPayed: true,
    priceEur: 1234.5,
    paymentMethod: 'CASH',
    paymentProvider: 'invoice',
  });
  await storeBooking('AAAA-0003', [item({ id: ticket.id, title: 'Eintritt', type: 'ticket', eventId: event.id }, 3)], {
    createdAt: new Date('2026-11-03T08:00:00Z'),
    isCommitted: true,
    priceEur: 30,
  });
  await storeBooking('AAAA-0004', [item({ ...room, eventId: null })], {
    timeBegin: new Date('2026-12-01T10:00:00Z'),
    timeEnd: new Date('2026-12-01T12:00:00Z'),
    createdAt: new Date('2026-11-04T08:00:00Z'),
    isRejected: true,
  });
});
afterAll(async () => app?.close());

const tenantId = () => actors.tenant.id;

async function storeBooking(number: string, items: { bookable: { id: string; title: string; type: string; eventId?: string | null }; amount: number }[], data: Partial<Booking>): Promise<void> {
  const em = app.orm.em.fork();
  const booking = em.create(Booking, { tenant: em.getReference(Tenant, tenantId()), number, name: 'Erika Mustermann', mail: 'erika@example.com', ...data });
  setItems(
    em,
    booking,
    items.map(({ bookable, amount }) => ({
      bookableId: bookable.id,
      amount,
      regularPriceEur: 0,
      regularGrossPriceEur: 0,
      userPriceEur: 0,
      userGrossPriceEur: 0,
      bookableUsed: { id: bookable.id, title: bookable.title, type: bookable.type, eventId: bookable.eventId ?? null } as unknown as BookableSnapshot,
    })),
  );
  booking.searchText = searchTextOf(booking, items.map(({ bookable }) => bookable.title));
  await em.flush();
}

/** The raw bytes (fetch's text() would drop the BOM). */
async function download(client: HttpClient, query = ''): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const cookie = client.cookieHeader();
  const response = await fetch(new URL(`/csv/${tenantId()}/bookings${query}`, client.baseUrl), { headers: cookie ? { cookie } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The booking numbers of a downloaded list, in its order. */
async function numbersIn(client: HttpClient, query = ''): Promise<string[]> {
  const { status, bytes } = await download(client, query);
  expect(status, bytes.toString()).toBe(200);
  const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
  if (lines[0] === 'Keine Daten vorhanden') return [];
  return lines.slice(1, -1).map((line) => line.split(';')[0]);
}

async function listed(client: HttpClient, variables: Record<string, unknown>): Promise<string[]> {
  const { data, errors } = await client.gql<{ bookings: { total: number; items: { id: string }[] } }>(
    'query($t: ID!, $search: String, $status: BookingStatusFilter, $from: DateTimeISO, $to: DateTimeISO, $bookableId: ID) { bookings(tenantId: $t, search: $search, status: $status, from: $from, to: $to, bookableId: $bookableId, limit: 500) { total items { id } } }',
    { t: tenantId(), ...variables },
  );
  expect(errors).toBeUndefined();
  expect(data!.bookings.total).toBe(data!.bookings.items.length);
  return data!.bookings.items.map((booking) => booking.id);
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const HEADER =
  'Buchungsnummer;Gebuchte Objekte;Veranstaltung;Buchungsbeginn;Buchungsende;Buchungsdatum;Name;Firma;E-Mail Adresse;Telefon;Straße;PLZ;Ort;Buchungshinweise;Status;Buchung bezahlt;Preis;Zahlungsart';

describe('bookings list CSV', () => {
  it('writes every booking the list shows, newest first, with BOM, `;`, CRLF and German values', async () => {
    const { status, headers, bytes } = await download(actors.clients.memberAny);
    expect(status, bytes.toString()).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="buchungen-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(headers.get('cache-control')).toBe('no-store');
    const expected = Buffer.concat([
      BOM,
      Buffer.from(
        [
          HEADER,
          'AAAA-0004;Großer Saal;;01.12.2026, 11:00;01.12.2026, 13:00;04.11.2026, 09:00;Erika Mustermann;;erika@example.com;;;;;;abgelehnt;Nein;-;Unbekannt',
          // Tickets take their event's times.
          'AAAA-0003;3 × Eintritt;Adventskonzert;05.12.2026, 18:00;05.12.2026, 20:00;03.11.2026, 09:00;Erika Mustermann;;erika@example.com;;;;;;freigegeben;Nein;30,00 €;Unbekannt',
          `AAAA-0002;Großer Saal;;02.12.2026, 18:00;02.12.2026, 20:30;02.11.2026, 09:00;"Verein; Freunde";'=Firma;erika@example.com;;;;;Mit Zeilenumbruch;freigegeben;Ja;1.234,50 €;Bar (gewählt: Rechnung)`,
          'AAAA-0001;Großer Saal, 2 × Beamer;;01.12.2026, 10:00;01.12.2026, 12:00;01.11.2026, 09:00;Erika Mustermann;;erika@example.com;0123 456;;;;;ausstehend;Nein;80,00 €;Rechnung',
          '',
        ].join('\r\n'),
        'utf8',
      ),
    ]);
    expect(bytes.toString('utf8')).toBe(expected.toString('utf8'));
    expect(bytes.equals(expected)).toBe(true);
  });

  it('with lastChange=true adds when, by whom and what the newest change of each booking was; a mail sent or a document issued is no change', async () => {
    const record = (bookingId: string, at: string, action: string, kind: string, label: string) =>
      app.orm.em
        .fork()
        .getConnection()
        .execute(`insert into booking_history (tenant_id, booking_id, at, action, actor_kind, actor_label, via) values (?, ?, ?, ?, ?, ?, 'graphql')`, [tenantId(), bookingId, at, action, kind, label]);
    await record('AAAA-0002', '2026-11-05T08:00:00Z', 'created', 'citizen', '');
    await record('AAAA-0002', '2026-11-06T09:30:00Z', 'changed', 'user', 'Anna Beispiel');
    await record('AAAA-0001', '2026-11-06T07:00:00Z', 'cancelled', 'citizen', '');
    await record('AAAA-0001', '2026-11-07T10:00:00Z', 'mail_sent', 'system', 'System');
    await record('AAAA-0001', '2026-11-07T10:01:00Z', 'receipt_issued', 'system', 'System');
    await record('AAAA-0003', '2026-11-08T10:00:00Z', 'mail_sent', 'system', 'System');

    const { status, bytes } = await download(actors.clients.memberAny, '?lastChange=true');
    expect(status, bytes.toString()).toBe(200);
    const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(`${HEADER};Letzte Änderung;Letzte Änderung durch;Art der letzten Änderung`);
    const endOf = (number: string) => lines.find((line) => line.startsWith(number))?.split(';').slice(-3);
    expect(endOf('AAAA-0002')).toEqual(['06.11.2026, 10:30', 'Anna Beispiel (Mitarbeiter/in)', 'Geändert']);
    // The cancellation, not the mail and the receipt that followed it.
    expect(endOf('AAAA-0001')).toEqual(['06.11.2026, 08:00', 'Bürger/in', 'Storniert']);
    // Only side effects recorded: no change to name.
    expect(endOf('AAAA-0003')).toEqual(['-', '-', '-']);
    expect(endOf('AAAA-0004')).toEqual(['-', '-', '-']);
    // Without the flag the columns stay as they were.
    expect((await download(actors.clients.memberAny)).bytes.toString('utf8').split('\r\n')[0]).toBe(`\uFEFF${HEADER}`);
  });

  it('applies the filters of the list, as the GraphQL list does', async () => {
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['?status=PENDING', { status: 'PENDING' }, ['AAAA-0001']],
      ['?status=RELEASED_UNPAID', { status: 'RELEASED_UNPAID' }, ['AAAA-0003']],
      ['?status=PAID', { status: 'PAID' }, ['AAAA-0002']],
      ['?status=REJECTED', { status: 'REJECTED' }, ['AAAA-0004']],
      ['?from=2026-12-01T00:00:00Z&to=2026-12-02T00:00:00Z', { from: '2026-12-01T00:00:00Z', to: '2026-12-02T00:00:00Z' }, ['AAAA-0004', 'AAAA-0001']],
      [`?bookableId=${roomId}&status=RELEASED`, { bookableId: roomId, status: 'RELEASED' }, ['AAAA-0002']],
      ['?search=beamer', { search: 'beamer' }, ['AAAA-0001']],
    ];
    for (const [query, variables, numbers] of cases) {
      expect(await numbersIn(actors.clients.tenantOwner, query), query).toEqual(numbers);
      expect(await listed(actors.clients.tenantOwner, variables), query).toEqual(numbers);
    }
  });

  it('answers the BOM and "Keine Daten vorhanden" when the filter finds nothing', async () => {
    const { status, bytes, headers } = await download(actors.clients.tenantOwner, '?search=niemand');
    expect(status).toBe(200);
    expect(headers.get('content-disposition')).toMatch(/filename="buchungen-/);
    expect(bytes.equals(Buffer.concat([BOM, Buffer.from('Keine Daten vorhanden', 'utf8')]))).toBe(true);
  });

  it('refuses a malformed period as a problem, before any CSV', async () => {
    const response = await actors.clients.tenantOwner.get(`/csv/${tenantId()}/bookings?from=gestern`);
    expect(response.status).toBe(400);
    expect(response.contentType).toContain('application/problem+json');
  });

  it('a member who reads only his own bookings gets exactly those, in the export as in the list', async () => {
    expect(await numbersIn(actors.clients.memberOwnOnly)).toEqual(['AAAA-0001']);
    expect(await listed(actors.clients.memberOwnOnly, {})).toEqual(['AAAA-0001']);
    expect(await numbersIn(actors.clients.memberOwnOnly, '?status=RELEASED')).toEqual([]);
  });

  it('rights: readers of the tenant\'s bookings; staff of another tenant and outsiders 403, guests 401', async () => {
    await expectRest(actors, allowed(['memberOwnOnly', 'memberAny', 'tenantOwner', 'instanceOwner']), (client) => client.get(`/csv/${tenantId()}/bookings`));
  });
});
