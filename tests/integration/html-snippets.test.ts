import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { Event } from '../../server/src/events/event.entity.js';
import { defaultEventData, type EventData } from '../../server/src/events/event.model.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { testAdmin } from '../support/app.js';
import { createTenant, signIn } from '../support/fixtures.js';
import type { HttpResponse } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';

/**
 * HTML snippets for tenant websites (GET /html/{tenantId}/...): public content only, the class
 * names websites embed, every text escaped, links to the product's checkout and the
 * tenant's detail pages, 404 problems for what is unknown or not public.
 */
let app: TestApp;
let tenantId: string;
let otherTenantId: string;

beforeAll(async () => {
  app = await startTestApp();
  tenantId = (await createTenant(app.orm, { name: 'Stadt Snippets' })).id;
  otherTenantId = (await createTenant(app.orm, { name: 'Andere Stadt' })).id;
  const em = app.orm.em.fork();
  const tenant = await em.findOneOrFail(Tenant, { id: tenantId });
  tenant.bookableDetailLink = 'https://stadt.example.de/objekt';
  tenant.eventDetailLink = 'https://stadt.example.de/veranstaltung';
  await em.flush();
});
afterAll(async () => app?.close());

const get = (path: string) => app.client().get(`/html/${tenantId}${path}`);

const expectHtml = (response: HttpResponse) => {
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
};

const expectNotFound = (response: HttpResponse) => {
  expect(response.status, response.text).toBe(404);
  expect(response.contentType).toContain('application/problem+json');
  expect(response.json.code).toBe('generic.not-found');
};

/** The headings (titles of objects and events, section headings) in document order. */
const titles = (html: string) => [...html.matchAll(/<h[34]>([^<]*)<\/h[34]>/g)].map((match) => match[1]);

async function storeEvent(tenant: string, data: { name: string; isPublic?: boolean; startDate: string; endDate?: string | null; endsAt?: Date; extra?: Partial<EventData> }): Promise<Event> {
  const em = app.orm.em.fork();
  const base = defaultEventData();
  const event = em.create(Event, { tenant: em.getReference(Tenant, tenant), ownerUserId: null });
  event.setData({
    ...base,
    isPublic: data.isPublic ?? true,
    information: { ...base.information, name: data.name, tags: ['Kultur'], startDate: data.startDate, startTime: '18:00', endDate: data.endDate === undefined ? data.startDate : data.endDate, endTime: '22:00' },
    ...data.extra,
  });
  // The instant the list compares with, set directly where a test needs it to the hour.
  if (data.endsAt) event.endsAt = data.endsAt;
  await em.flush();
  return event;
}

const berlinDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('bookable snippets', () => {
  it('lists public objects only, newest first, with type and id filters; every text escaped', async () => {
    const older = await storeBookable(app, tenantId, { title: 'Alter Saal', isPublic: true, isBookable: true, autoCommitBooking: false, priceType: 'per-hour', priceCategories: [{ priceEur: 10, priceValueAddedTax: 0, interval: { start: null, end: null }, fixedPrice: false }] });
    const evil = await storeBookable(app, tenantId, { title: '<script>alert(1)</script>', type: 'resource', isPublic: true, description: '<p>Text</p><img src=x onerror=alert(1)>' });
    await storeBookable(app, tenantId, { title: 'Versteckt', isPublic: false });
    await storeBookable(app, tenantId, { title: 'Nur für Vereine', isPublic: true, permittedRoles: ['rolle'] });
    await storeBookable(app, otherTenantId, { title: 'Fremd', isPublic: true });

    const all = await get('/bookables');
    expectHtml(all);
    expect(all.text.startsWith('<ul class="booking-manager-list">')).toBe(true);
    expect(titles(all.text)).toEqual(['&lt;script&gt;alert(1)&lt;/script&gt;', 'Alter Saal']);
    expect(all.text).not.toMatch(/<script|onerror/);
    expect(all.text).toContain(`<li class="bt-room">`);
    expect(all.text).toContain(`<p class="autoCommitBooking">Individuelle Freigabe erforderlich</p><p class="price">10,00 € <span class="prce-category">pro Stunde</span></p>`);
    expect(all.text).toContain(`<a class="btn-booking" href="${app.url}/checkout?id=${older.id}&amp;tenant=${tenantId}" target="_blank" rel="noopener">Jetzt anfragen</a>`);
    expect(all.text).toContain(`<a class="btn-detail" href="https://stadt.example.de/objekt?bkid=${evil.id}">Details</a>`);

    expect(titles((await get('/bookables?type=room')).text)).toEqual(['Alter Saal']);
    expect(titles((await get(`/bookables?ids=${older.id},kaputt,${evil.id}`)).text)).toEqual(['&lt;script&gt;alert(1)&lt;/script&gt;', 'Alter Saal']);
    expect((await get('/bookables?ids=kaputt')).text).toBe('<ul class="booking-manager-list"></ul>');
    const badType = await get('/bookables?type=schloss');
    expect(badType.status).toBe(400);
    expect(badType.contentType).toContain('application/problem+json');
  });

  it('detail of a public object with documents and public related objects in their order; 404 otherwise', async () => {
    const beamer = await storeBookable(app, tenantId, { title: 'Beamer', type: 'resource', isPublic: true });
    const hidden = await storeBookable(app, tenantId, { title: 'Geheimraum', isPublic: false });
    const chairs = await storeBookable(app, tenantId, { title: 'Stühle', type: 'resource', isPublic: true });
    const hall = await storeBookable(app, tenantId, {
      title: 'Großer Saal',
      isPublic: true,
      isBookable: true,
      autoCommitBooking: true,
      location: 'Rathaus',
      relatedBookableIds: [chairs.id, hidden.id, beamer.id],
      attachments: [
        { id: 'a1', title: 'Hausordnung', caption: '', type: 'user-manual', url: '/api/x/files/hausordnung.pdf', show: true, required: false },
        { id: 'a2', title: 'Mietvertrag', caption: '', type: 'agreement', url: '/api/x/files/vertrag.pdf', show: true, required: true },
      ],
    });
    // Its relations are stored after the fact, so they point at the object itself too.
    const em = app.orm.em.fork();
    const stored = await em.findOneOrFail(Bookable, { id: hall.id });
    stored.relatedBookableIds = [chairs.id, hidden.id, hall.id, beamer.id];
    await em.flush();

    const response = await get(`/bookables/${hall.id}`);
    expectHtml(response);
    expect(response.text.startsWith('<div class="bookable-item"><h3>Großer Saal</h3>')).toBe(true);
    expect(response.text).toContain(`<ul class="attachments"><li><a href="${app.url}/api/x/files/hausordnung.pdf" target="_blank" rel="noopener">Hausordnung</a></li></ul>`);
    expect(response.text).not.toContain('Mietvertrag');
    expect(response.text).toContain('<p class="location">Rathaus</p><p class="type">Raum</p><p class="autoCommitBooking">Direkt buchbar</p><p class="price">kostenlos</p>');
    const related = response.text.slice(response.text.indexOf('<div class="related-bookable-objects">'));
    expect(titles(related)).toEqual(['Stühle', 'Beamer']);

    expectNotFound(await get(`/bookables/${hidden.id}`));
    expectNotFound(await get('/bookables/00000000-0000-4000-8000-000000000000'));
    expectNotFound(await get('/bookables/kein-objekt'));
    const foreign = await storeBookable(app, otherTenantId, { title: 'Fremd', isPublic: true });
    expectNotFound(await get(`/bookables/${foreign.id}`));
    expectNotFound(await app.client().get(`/html/gibt-es-nicht/bookables`));
  });
});

describe('event snippets', () => {
  it('lists public events from yesterday on, soonest first, with an id filter', async () => {
    const tenant = (await createTenant(app.orm, { name: 'Stadt Events' })).id;
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
    await storeEvent(tenant, { name: 'Vorbei', startDate: berlinDate(-3), endsAt: hours(-25) });
    const yesterday = await storeEvent(tenant, { name: 'Gestern', startDate: berlinDate(-2), endsAt: hours(-23) });
    const later = await storeEvent(tenant, { name: 'Später', startDate: berlinDate(30) });
    const soon = await storeEvent(tenant, { name: 'Bald <b>fett</b>', startDate: berlinDate(3), extra: { attendees: { ...defaultEventData().attendees, free: true } } });
    await storeEvent(tenant, { name: 'Entwurf', startDate: berlinDate(5), isPublic: false });
    const unlisted = await storeEvent(tenant, { name: 'Nur über Link', startDate: berlinDate(4), extra: { attendees: { ...defaultEventData().attendees, publicEvent: false } } });

    const response = await app.client().get(`/html/${tenant}/events`);
    expectHtml(response);
    expect(response.text.startsWith('<ul class="event-list"><li class="event" rel="Kultur">')).toBe(true);
    expect(titles(response.text)).toEqual(['Gestern', 'Bald &lt;b&gt;fett&lt;/b&gt;', 'Später']);
    expect(response.text).toContain('<p class="price-free">kostenlos</p>');
    // The tenant has no event page: Details leads to the product's own detail snippet.
    expect(response.text).toContain(`<a class="btn-detail" href="${app.url}/html/${tenant}/events/${later.id}">Details</a>`);
    const filtered = await app.client().get(`/html/${tenant}/events?ids=${soon.id},${yesterday.id},${unlisted.id}`);
    expect(titles(filtered.text)).toEqual(['Gestern', 'Bald &lt;b&gt;fett&lt;/b&gt;']);
    expect(titles((await app.client().get(`/html/${tenant}/events/${unlisted.id}`)).text)[0]).toBe('Nur über Link');
  });

  it('detail of a public event with its sections and public tickets; attachments only with a session; 404 otherwise', async () => {
    const base = defaultEventData();
    const event = await storeEvent(tenantId, {
      name: 'Stadtfest',
      startDate: '2027-06-01',
      endDate: '2027-06-02',
      extra: {
        eventLocation: { ...base.eventLocation, name: 'Marktplatz' },
        eventOrganizer: { ...base.eventOrganizer, name: 'Kulturamt', speakers: [{ id: 's1', name: 'Erika Redner', phoneNumber: '', emailAddress: '', image: '' }] },
        schedules: [{ id: 'd1', date: '2027-06-01', time: '18:00', description: 'Eröffnung', schedules: [{ id: 'i1', time: '18:30', description: 'Musik' }] }],
        images: ['https://bilder.example.de/fest.jpg'],
        attachments: ['/api/x/files/programm.pdf'],
      },
    });
    await storeBookable(app, tenantId, { title: 'Festkarte', type: 'ticket', eventId: event.id, isPublic: true, isBookable: true, autoCommitBooking: true });
    await storeBookable(app, tenantId, { title: 'Interne Karte', type: 'ticket', eventId: event.id, isPublic: false });

    const anonymous = await get(`/events/${event.id}`);
    expectHtml(anonymous);
    expect(anonymous.text.startsWith('<div class="event"><h3>Stadtfest</h3>')).toBe(true);
    expect(titles(anonymous.text)).toEqual(['Stadtfest', 'Informationen', 'Veranstaltungsort', 'Veranstalter', 'Referenten', 'Agenda', 'Bilder', 'Festkarte']);
    expect(anonymous.text).toContain('<p class="date">01.06.2027 18:00 - 02.06.2027 22:00</p>');
    expect(anonymous.text).toContain('<div class="tickets"><ul class="booking-manager-list"><li class="bt-ticket">');
    expect(anonymous.text).not.toContain('Anhänge');
    expect(anonymous.text).not.toContain('Interne Karte');

    const staff = app.client({ ip: '10.66.0.1' });
    await signIn(staff, testAdmin.id, testAdmin.password);
    const signedIn = await staff.get(`/html/${tenantId}/events/${event.id}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.text).toContain(`<div class="attachments"><h4>Anhänge</h4><ul class="attachments"><li><a href="${app.url}/api/x/files/programm.pdf" target="_blank" rel="noopener">programm.pdf</a></li></ul></div>`);

    const draft = await storeEvent(tenantId, { name: 'Entwurf', startDate: '2027-06-01', isPublic: false });
    expectNotFound(await get(`/events/${draft.id}`));
    expectNotFound(await get('/events/00000000-0000-4000-8000-000000000000'));
    expectNotFound(await get('/events/kein-event'));
    const foreign = await storeEvent(otherTenantId, { name: 'Fremd', startDate: '2027-06-01' });
    expectNotFound(await get(`/events/${foreign.id}`));
  });
});

describe('prices, detail links and seats in snippets', () => {
  const getOther = (path: string) => app.client().get(`/html/${otherTenantId}${path}`);

  it('graduated prices: every category with its range and gross price', async () => {
    const hall = await storeBookable(app, otherTenantId, {
      title: 'Bürgersaal',
      isPublic: true,
      isBookable: true,
      priceType: 'per-hour',
      priceValueAddedTax: 0,
      priceCategories: [
        { priceEur: 15, priceValueAddedTax: 19, interval: { start: null, end: 2 }, fixedPrice: false },
        { priceEur: 10, priceValueAddedTax: 0, interval: { start: 2, end: null }, fixedPrice: false },
      ],
    });
    const response = await getOther(`/bookables/${hall.id}`);
    expectHtml(response);
    expect(response.text).toContain(
      '<ul class="price-category-list">' +
        '<li class="price-category"><span class="price-range">bis 2 Std.</span>: <span class="price-amount">17,85 €</span> <span class="prce-category">/Stunde</span></li>' +
        '<li class="price-category"><span class="price-range">ab 2 Std.</span>: <span class="price-amount">10,00 €</span> <span class="prce-category">/Stunde</span></li></ul>',
    );
    expect((await getOther('/bookables')).text).toContain('<span class="price-range">ab 2 Std.</span>');
  });

  it("without the tenant's detail pages, Details links lead absolutely to the product's own detail snippets", async () => {
    const room = await storeBookable(app, otherTenantId, { title: 'Kleiner Saal', isPublic: true });
    const event = await storeEvent(otherTenantId, { name: 'Lesung ohne Seite', startDate: berlinDate(3) });
    expect((await getOther('/bookables')).text).toContain(`<a class="btn-detail" href="${app.url}/html/${otherTenantId}/bookables/${room.id}">Details</a>`);
    const list = await getOther('/events');
    expect(list.text).toContain(`<a class="btn-detail" href="${app.url}/html/${otherTenantId}/events/${event.id}">Details</a>`);
    expect(list.text).not.toContain('href="?bkid=');
    expect((await app.client().get(`/html/${otherTenantId}/events/${event.id}`)).text).toContain('<h3>Lesung ohne Seite</h3>');
  });

  it('a ticket whose event has no seat left says "ausgebucht" instead of offering to book', async () => {
    const event = await storeEvent(otherTenantId, { name: 'Kleines Konzert', startDate: berlinDate(5), extra: { attendees: { ...defaultEventData().attendees, needsRegistration: true, maxAttendees: 2 } } });
    const ticket = await storeBookable(app, otherTenantId, { type: 'ticket', eventId: event.id, title: 'Eintritt', isPublic: true, isBookable: true, autoCommitBooking: true, amount: null, priceCategories: [] });
    expect((await getOther(`/bookables/${ticket.id}`)).text).toContain('Jetzt buchen');
    const booked = await app.client().post(`/api/${otherTenantId}/checkout`, { bookableItems: [{ bookableId: ticket.id, amount: 2 }], name: 'Erika Mustermann', mail: 'erika@example.com', street: 'Hauptstraße 1', zipCode: '12345', location: 'Musterstadt', phone: '0123' });
    expect(booked.status, booked.text).toBe(200);
    for (const path of [`/bookables/${ticket.id}`, '/bookables?type=ticket', `/events/${event.id}`]) {
      const response = await getOther(path);
      expect(response.text, path).toContain('<p class="sold-out">ausgebucht</p>');
      expect(response.text, path).not.toContain(`checkout?id=${ticket.id}`);
    }
  });
});
