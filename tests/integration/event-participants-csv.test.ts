import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../server/src/bookings/booking.entity.js';
import type { BookableSnapshot } from '../../server/src/bookings/booking.model.js';
import { setItems } from '../../server/src/bookings/booking.queries.js';
import { Event } from '../../server/src/events/event.entity.js';
import { defaultEventData } from '../../server/src/events/event.model.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import type { HttpClient } from '../support/http.js';
import { allowed, expectRest } from '../support/matrix.js';
import { createActors, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';

/**
 * The participants list of an event (GET /csv/{tenantId}/events/{id}/bookings) byte for byte: BOM,
 * `;`, CRLF, German headers and values, quoting only where a value carries `;` or `"`, the empty
 * list, and who may download it.
 */
let app: TestApp;
let actors: Actors;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookables', 'events', 'csv');
});
afterAll(async () => app?.close());

const tenantId = () => actors.tenant.id;
const csvUrl = (eventId: string, tenant = tenantId()) => `/csv/${tenant}/events/${eventId}/bookings`;

async function storeEvent(name: string, ownerUserId: string | null, tenant = tenantId()): Promise<Event> {
  const em = app.orm.em.fork();
  const base = defaultEventData();
  const event = em.create(Event, { tenant: em.getReference(Tenant, tenant), ownerUserId });
  event.setData({ ...base, information: { ...base.information, name, startDate: '2026-07-15', startTime: '18:00', endDate: null, endTime: null } });
  await em.flush();
  return event;
}

interface StoredItem {
  bookableId: string;
  title: string;
  amount: number;
}

/** A booking written straight through the ORM, with fixed times so the bytes are known. */
async function storeBooking(number: string, items: StoredItem[], data: Partial<Booking> = {}): Promise<Booking> {
  const em = app.orm.em.fork();
  const booking = em.create(Booking, { tenant: em.getReference(Tenant, tenantId()), number, name: 'Erika Mustermann', mail: 'erika@example.com', ...data });
  setItems(
    em,
    booking,
    items.map((item) => ({
      bookableId: item.bookableId,
      amount: item.amount,
      regularPriceEur: 0,
      regularGrossPriceEur: 0,
      userPriceEur: 0,
      userGrossPriceEur: 0,
      bookableUsed: { id: item.bookableId, title: item.title } as unknown as BookableSnapshot,
    })),
  );
  await em.flush();
  return booking;
}

/** The raw bytes (fetch's text() would drop the BOM). */
async function download(client: HttpClient, path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const cookie = client.cookieHeader();
  const response = await fetch(new URL(path, client.baseUrl), { headers: cookie ? { cookie } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const HEADER =
  'Buchungsnummer;Ticket;Anzahl;Angemeldeter Benutzer;E-Mail Adresse;Firma;Name;Straße;PLZ;Ort;Buchungshinweise;Buchungsbeginn;Buchungsende;Buchungsdatum;Buchung bestätigt;Buchung bezahlt;Preis;Zahlungsart';

describe('participants CSV', () => {
  it('lists every booking with a ticket of the event, rejected ones included, byte for byte', async () => {
    const event = await storeEvent('Sommerfest am See', actors.userIds.memberOwnOnly);
    const ticket = await storeBookable(app, tenantId(), { type: 'ticket', title: 'Eintritt; ermäßigt', eventId: event.id });
    const late = await storeBookable(app, tenantId(), { type: 'ticket', title: 'Abendkasse', eventId: event.id });
    const room = await storeBookable(app, tenantId(), { type: 'room', title: 'Garderobe' });
    const otherEvent = await storeEvent('Anderes Fest', null);
    const otherTicket = await storeBookable(app, tenantId(), { type: 'ticket', title: 'Fremd', eventId: otherEvent.id });

    await storeBooking('AAAA-AAAA', [{ bookableId: ticket.id, title: ticket.title, amount: 2 }], {
      assignedUserId: 'erika@example.com',
      company: '',
      street: 'Hauptstraße 1',
      zipCode: '12345',
      location: 'Musterstadt',
      comment: 'Bitte\r\nRollstuhlplatz\nfreihalten',
      timeBegin: new Date('2026-07-15T16:00:00Z'),
      timeEnd: new Date('2026-07-15T20:00:00Z'),
      createdAt: new Date('2026-07-01T08:05:00Z'),
      isCommitted: true,
      isPayed: true,
      priceEur: 25,
      paymentMethod: 'TRANSFER',
    });
    await storeBooking('BBBB-BBBB', [{ bookableId: late.id, title: late.title, amount: 1 }], {
      name: '=SUMME(A1)',
      company: 'Müller "GmbH"',
      createdAt: new Date('2026-01-02T10:00:00Z'),
      isRejected: true,
      priceEur: 0,
      paymentMethod: '',
    });
    // The first item is another object: the list names the first item (docs/events.md,
    // “Participants list (CSV)”).
    await storeBooking('CCCC-CCCC', [{ bookableId: room.id, title: room.title, amount: 1 }, { bookableId: late.id, title: late.title, amount: 3 }], {
      createdAt: new Date('2026-07-03T12:30:00Z'),
      priceEur: 1234.5,
      paymentMethod: 'BITCOIN',
    });
    await storeBooking('DDDD-DDDD', [{ bookableId: otherTicket.id, title: 'Fremd', amount: 1 }], { createdAt: new Date('2026-07-04T12:30:00Z') });
    // A booking without items belongs to no event: it reaches an event only through its items.
    await storeBooking('EEEE-EEEE', [], { createdAt: new Date('2026-07-05T12:30:00Z') });

    const { status, headers, bytes } = await download(actors.clients.memberOwnOnly, csvUrl(event.id));
    expect(status, bytes.toString()).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toBe('attachment; filename="teilnehmer-Sommerfest-am-See.csv"');
    expect(headers.get('cache-control')).toBe('no-store');

    const expected = Buffer.concat([
      BOM,
      Buffer.from(
        [
          HEADER,
          `BBBB-BBBB;Abendkasse;1;;erika@example.com;"Müller ""GmbH""";'=SUMME(A1);;;;;-;-;02.01.2026, 11:00;Nein;Nein;-;Unbekannt`,
          'AAAA-AAAA;"Eintritt; ermäßigt";2;erika@example.com;erika@example.com;;Erika Mustermann;Hauptstraße 1;12345;Musterstadt;Bitte Rollstuhlplatz freihalten;15.07.2026, 18:00;15.07.2026, 22:00;01.07.2026, 10:05;Ja;Ja;25,00 €;Überweisung',
          'CCCC-CCCC;Garderobe;1;;erika@example.com;;Erika Mustermann;;;;;-;-;03.07.2026, 14:30;Nein;Nein;1.234,50 €;Unbekannt',
          '',
        ].join('\r\n'),
        'utf8',
      ),
    ]);
    expect(bytes.toString('utf8')).toBe(expected.toString('utf8'));
    expect(bytes.equals(expected)).toBe(true);
  });

  it('with lastChange=true adds the newest history entry of each participant\'s booking', async () => {
    const event = await storeEvent('Herbstfest', null);
    const ticket = await storeBookable(app, tenantId(), { type: 'ticket', title: 'Karte', eventId: event.id });
    await storeBooking('HHHH-HHHA', [{ bookableId: ticket.id, title: 'Karte', amount: 1 }]);
    await storeBooking('HHHH-HHHB', [{ bookableId: ticket.id, title: 'Karte', amount: 1 }]);
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`insert into booking_history (tenant_id, booking_id, at, action, actor_kind, actor_label, via) values (?, 'HHHH-HHHA', '2026-10-01T06:15:00Z', 'paid', 'payment_provider', 'GiroCockpit', 'payment_callback')`, [tenantId()]);

    const { status, bytes } = await download(actors.clients.memberAny, `${csvUrl(event.id)}?lastChange=1`);
    expect(status, bytes.toString()).toBe(200);
    const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(`${HEADER};Letzte Änderung;Letzte Änderung durch;Art der letzten Änderung`);
    const endOf = (number: string) => lines.find((line) => line.startsWith(number))?.split(';').slice(-3);
    expect(endOf('HHHH-HHHA')).toEqual(['01.10.2026, 08:15', 'Zahlungsanbieter (GiroCockpit)', 'Als bezahlt markiert']);
    expect(endOf('HHHH-HHHB')).toEqual(['-', '-', '-']);
  });

  it('answers the BOM and "Keine Daten vorhanden" for an event without bookings', async () => {
    const event = await storeEvent('Leeres Fest', null);
    const { status, bytes } = await download(actors.clients.memberAny, csvUrl(event.id));
    expect(status).toBe(200);
    expect(bytes.equals(Buffer.concat([BOM, Buffer.from('Keine Daten vorhanden', 'utf8')]))).toBe(true);
  });

  it('404 problem for an unknown event, a malformed id and another tenant\'s event', async () => {
    const elsewhere = await storeEvent('Fremder Mandant', null, actors.otherTenant.id);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-event', elsewhere.id]) {
      const response = await actors.clients.memberAny.get(csvUrl(id));
      expect(response.status, id).toBe(404);
      expect(response.contentType).toContain('application/problem+json');
      expect(response.json.code).toBe('generic.not-found');
    }
  });

  it('reads the bookings page by page without losing or repeating one (same creation time)', async () => {
    const event = await storeEvent('Großes Fest', null);
    const ticket = await storeBookable(app, tenantId(), { type: 'ticket', title: 'Karte', eventId: event.id });
    const same = new Date('2026-05-05T10:00:00.123Z');
    for (let n = 0; n < 7; n++) await storeBooking(`GGGG-GGG${'ABCDEFG'[n]}`, [{ bookableId: ticket.id, title: 'Karte', amount: 1 }], { createdAt: same });
    const seen: string[] = [];
    for await (const page of app.app.services.eventParticipants.bookings(tenantId(), event.id, 3)) {
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((booking) => booking.number));
    }
    expect(seen.sort()).toEqual(['GGGG-GGGA', 'GGGG-GGGB', 'GGGG-GGGC', 'GGGG-GGGD', 'GGGG-GGGE', 'GGGG-GGGF', 'GGGG-GGGG']);
  });

  it('rights: whoever may change the event (updateAny, the owner with updateOwn, owners); 401 without a session', async () => {
    const own = await storeEvent('Eigenes Fest', actors.userIds.memberOwnOnly);
    await expectRest(actors, allowed(['memberOwnOnly', 'memberAny', 'tenantOwner', 'instanceOwner']), (client) => client.get(csvUrl(own.id)));
    const foreign = await storeEvent('Fremdes Fest', actors.userIds.memberAny);
    await expectRest(actors, allowed(['memberAny', 'tenantOwner', 'instanceOwner']), (client) => client.get(csvUrl(foreign.id)));
  });
});
