import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { defaultEventData, type EventData } from '../../server/src/events/event.model.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { testAdmin } from '../support/app.js';
import { createTenant, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { customer } from './bookings.fixtures.js';

/**
 * Tickets carry their event: tickets created with an event are priced from its price categories
 * and checkout charges them; staff link further tickets to an event of the same tenant only; and
 * the booking of a ticket shows the event's name, date and place in the staff's list, the public
 * status pages, the ticket's booking page and the booking mails.
 */
let app: TestApp;
let tenantId: string;
let otherTenantId: string;
let staff: HttpClient;
let guest: HttpClient;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST and GraphQL answers are read as plain JSON
type Json = any;

const TENANT_NAME = 'Kulturamt Musterstadt';
const tenantFields = { name: TENANT_NAME, contactName: 'Kasse', location: 'Markt 1, 12345 Musterstadt', mail: 'kultur@musterstadt.example', phone: '0123', website: 'https://musterstadt.example' };

/** 15 July 2026, 19:00 to 22:30 Berlin summer time. */
const STARTS_AT = '2026-07-15T17:00:00.000Z';
const ENDS_AT = '2026-07-15T20:30:00.000Z';
const PLACE = 'Stadthalle, Marktplatz 1, 12345 Musterstadt';

let counter = 0;

/** The wizard's form of a concert with two price categories. */
function concert(overrides: Partial<EventData> = {}): EventData {
  const base = defaultEventData();
  return {
    ...base,
    isPublic: true,
    information: { ...base.information, name: `Sommerkonzert ${++counter}`, teaserText: 'Open Air', startDate: '2026-07-15', startTime: '19:00', endDate: '2026-07-15', endTime: '22:30' },
    attendees: {
      ...base.attendees,
      free: false,
      priceCategories: [
        { id: '', name: 'Erwachsene', price: 12 },
        { id: '', name: 'Ermäßigt', price: 6.5 },
      ],
    },
    eventLocation: { ...base.eventLocation, name: 'Stadthalle', emailAddress: 'halle@musterstadt.example' },
    eventAddress: { ...base.eventAddress, street: 'Marktplatz', houseNumber: '1', zip: '12345', city: 'Musterstadt' },
    ...overrides,
  };
}

const EVENT_CREATE = 'mutation($t: ID!, $input: EventInput!) { createEvent(tenantId: $t, input: $input, withTickets: true) { id information { name } } }';
const TICKETS = 'query($t: ID!) { bookables(tenantId: $t, type: ticket) { id title eventId priceType priceCategories { priceEur priceValueAddedTax fixedPrice interval { start end } } } }';
const CHECKOUT = `mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) {
  id priceEur isCommitted isPayed items { bookableId amount userGrossPriceEur event { id name startsAt endsAt place } } } }`;
const BOOKING_LIST = `query($t: ID!, $bookableId: ID) { bookings(tenantId: $t, bookableId: $bookableId) { total items {
  id timeBegin timeEnd items { amount bookable { title } event { name startsAt endsAt place } } } } }`;
const TICKET_EVENT = 'query($t: ID!, $b: ID!) { ticketEvent(tenantId: $t, bookableId: $b) { id name startsAt endsAt place } }';
const PUBLIC_STATUS = 'query($t: ID!, $id: ID!, $lastname: String!) { publicBookingStatus(tenantId: $t, id: $id, lastname: $lastname) { bookingId timeBegin events { name startsAt endsAt place } } }';
const CREATE_BOOKABLE = 'mutation($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id title eventId } }';
const UPDATE_BOOKABLE = 'mutation($t: ID!, $id: ID!, $input: BookableInput!) { updateBookable(tenantId: $t, id: $id, input: $input) { id eventId } }';

const ticketsOf = async (eventId: string) => (await app.orm.em.fork().find(Bookable, { eventId }, { orderBy: { title: 'asc' } })).map((ticket) => ({ id: ticket.id, title: ticket.title }));

async function createEventWithTickets(form: EventData = concert()): Promise<{ id: string; name: string; tickets: { id: string; title: string }[] }> {
  const result = await staff.gql<{ createEvent: Json }>(EVENT_CREATE, { t: tenantId, input: form });
  expect(result.errors).toBeUndefined();
  const id = result.data!.createEvent.id as string;
  return { id, name: result.data!.createEvent.information.name, tickets: await ticketsOf(id) };
}

/** A REST checkout of the ticket; answers the stored booking. */
async function checkoutTicket(bookableId: string, amount: number, mail: string, paymentProvider = ''): Promise<Json> {
  const response = await guest.post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId, amount }], ...customer, mail, paymentProvider });
  expect(response.status, response.text).toBe(200);
  return response.json;
}

const expectConcert = (event: Json, name: string) => expect(event).toMatchObject({ name, startsAt: STARTS_AT, endsAt: ENDS_AT, place: PLACE });

beforeAll(async () => {
  app = await startTestApp();
  tenantId = (await createTenant(app.orm, { name: TENANT_NAME })).id;
  otherTenantId = (await createTenant(app.orm, { name: 'Nachbargemeinde' })).id;
  staff = app.client({ ip: '10.91.0.1' });
  guest = app.client({ ip: '10.91.0.2' });
  await signIn(staff, testAdmin.id, testAdmin.password);
  const saved = await staff.put('/api/tenants', { id: tenantId, ...tenantFields, applications: [{ id: 'testPayment', active: true }] });
  expect(saved.status, saved.text).toBe(200);
  const em = app.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).enablePublicStatusView = true;
  await em.flush();
}, 60_000);
afterAll(async () => app?.close());

describe('tickets created with an event are priced from its categories', () => {
  it('GraphQL createEvent(withTickets): one ticket per category at its price; checkout charges 2 × 12,00 € and 1 × 6,50 €', async () => {
    const event = await createEventWithTickets();
    expect(event.tickets.map((ticket) => ticket.title)).toEqual([`${event.name} – Ermäßigt`, `${event.name} – Erwachsene`]);
    const listed = await staff.gql<{ bookables: Json[] }>(TICKETS, { t: tenantId });
    const adult = listed.data!.bookables.find((ticket) => ticket.title === `${event.name} – Erwachsene`);
    expect(adult).toMatchObject({ eventId: event.id, priceType: 'per_item', priceCategories: [{ priceEur: 12, priceValueAddedTax: 0, fixedPrice: false, interval: { start: null, end: null } }] });

    const [reduced, adults] = event.tickets;
    const booked = await guest.gql<{ checkout: Json }>(CHECKOUT, { t: tenantId, input: { bookableItems: [{ bookableId: adults.id, amount: 2 }], ...customer, mail: 'familie@example.com', paymentProvider: 'testPayment' } });
    expect(booked.errors).toBeUndefined();
    expect(booked.data!.checkout).toMatchObject({ priceEur: 24, isCommitted: true, isPayed: false, items: [{ amount: 2, userGrossPriceEur: 12 }] });
    expectConcert(booked.data!.checkout.items[0].event, event.name);
    expect((await checkoutTicket(reduced.id, 1, 'schueler@example.com', 'testPayment')).priceEur).toBe(6.5);
  });

  it('REST PUT events?withTickets=true prices the tickets the same way; a free event keeps one free ticket', async () => {
    const priced = await staff.put(`/api/${tenantId}/events?withTickets=true`, concert());
    expect(priced.status, priced.text).toBe(201);
    const stored = await app.orm.em.fork().find(Bookable, { eventId: priced.json.id }, { orderBy: { title: 'asc' } });
    expect(stored.map((ticket) => [ticket.title, ticket.priceCategories.map((category) => category.priceEur)])).toEqual([
      [`${priced.json.information.name} – Ermäßigt`, [6.5]],
      [`${priced.json.information.name} – Erwachsene`, [12]],
    ]);

    const free = await staff.put(`/api/${tenantId}/events?withTickets=true`, concert({ attendees: { ...concert().attendees, free: true } }));
    expect(free.status, free.text).toBe(201);
    const [freeTicket] = await ticketsOf(free.json.id);
    expect(freeTicket.title).toBe(free.json.information.name);
    const booking = await checkoutTicket(freeTicket.id, 3, 'frei@example.com');
    expect(booking).toMatchObject({ priceEur: 0, isCommitted: true, isPayed: true });
  });

  it('changing the categories later leaves the tickets created from them as they are', async () => {
    const event = await createEventWithTickets();
    const changed = concert({ attendees: { ...concert().attendees, priceCategories: [{ id: '', name: 'Erwachsene', price: 15 }] } });
    const update = await staff.gql('mutation($t: ID!, $id: ID!, $input: EventInput!) { updateEvent(tenantId: $t, id: $id, input: $input) { id } }', { t: tenantId, id: event.id, input: changed });
    expect(update.errors).toBeUndefined();
    const stored = await app.orm.em.fork().find(Bookable, { eventId: event.id }, { orderBy: { title: 'asc' } });
    expect(stored.map((ticket) => ticket.priceCategories[0]?.priceEur)).toEqual([6.5, 12]);
  });
});

describe('linking a ticket to an event', () => {
  it('staff add a second ticket ("Ermäßigt") to an existing event over GraphQL and REST', async () => {
    const event = await createEventWithTickets(concert({ attendees: { ...concert().attendees, priceCategories: [{ id: '', name: 'Erwachsene', price: 12 }] } }));
    const created = await staff.gql<{ createBookable: Json }>(CREATE_BOOKABLE, {
      t: tenantId,
      input: { type: 'ticket', title: `${event.name} – Ermäßigt`, eventId: event.id, isBookable: true, isPublic: true, autoCommitBooking: true, priceCategories: [{ priceEur: '6,50', priceValueAddedTax: '0', fixedPrice: false, interval: {} }] },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createBookable.eventId).toBe(event.id);
    const rest = await staff.put(`/api/${tenantId}/bookables`, { type: 'ticket', title: `${event.name} – Kinder`, eventId: event.id, isBookable: true, isPublic: true, autoCommitBooking: true });
    expect(rest.status, rest.text).toBe(201);
    expect((await ticketsOf(event.id)).map((ticket) => ticket.title)).toEqual([event.name, `${event.name} – Ermäßigt`, `${event.name} – Kinder`]);
    const booked = await checkoutTicket(created.data!.createBookable.id, 2, 'ermaessigt@example.com', 'testPayment');
    expect(booked.priceEur).toBe(13);
  });

  it("another tenant's event is refused with a German field error (GraphQL GENERIC_VALIDATION, REST problem+json 400), even for someone who may edit both", async () => {
    const foreign = await staff.put(`/api/${otherTenantId}/events`, concert());
    expect(foreign.status, foreign.text).toBe(201);
    const message = 'Unbekannte Veranstaltung. Ein Ticket kann nur einer Veranstaltung desselben Mandanten zugeordnet werden.';

    const created = await staff.gql(CREATE_BOOKABLE, { t: tenantId, input: { type: 'ticket', title: 'Fremdes Ticket', eventId: foreign.json.id } });
    expect(created.data).toBeNull();
    expect(created.errors?.[0].extensions).toMatchObject({ code: 'GENERIC_VALIDATION', fieldErrors: { eventId: message } });

    const rest = await staff.put(`/api/${tenantId}/bookables`, { type: 'ticket', title: 'Fremdes Ticket', eventId: foreign.json.id });
    expect(rest.status).toBe(400);
    expect(rest.contentType).toMatch(/application\/problem\+json/);
    expect(rest.json.detail).toContain(`eventId: ${message}`);

    const own = await createEventWithTickets();
    const moved = await staff.gql(UPDATE_BOOKABLE, { t: tenantId, id: own.tickets[0].id, input: { eventId: foreign.json.id } });
    expect(moved.errors?.[0].extensions?.code).toBe('GENERIC_VALIDATION');
    const notAnId = await staff.put(`/api/${tenantId}/bookables`, { id: own.tickets[0].id, type: 'ticket', title: 'Kaputt', eventId: 'keine-uuid' });
    expect(notAnId.status).toBe(400);
    expect((await app.orm.em.fork().findOneOrFail(Bookable, { id: own.tickets[0].id })).eventId).toBe(own.id);
  });
});

describe("a ticket's booking shows its event", () => {
  let event: { id: string; name: string; tickets: { id: string; title: string }[] };
  let bookingId: string;

  beforeAll(async () => {
    event = await createEventWithTickets();
    bookingId = (await checkoutTicket(event.tickets[1].id, 2, 'besucher@example.com', 'testPayment')).id;
  });

  it("the staff's list (GraphQL) gives the ticket's event times to a booking without times of its own; REST populate names the event", async () => {
    const list = await staff.gql<{ bookings: Json }>(BOOKING_LIST, { t: tenantId, bookableId: event.tickets[1].id });
    expect(list.errors).toBeUndefined();
    const booking = list.data!.bookings.items.find((item: Json) => item.id === bookingId);
    expect(booking).toMatchObject({ timeBegin: null, timeEnd: null, items: [{ amount: 2, bookable: { title: event.tickets[1].title } }] });
    expectConcert(booking.items[0].event, event.name);

    const rest = await staff.get(`/api/${tenantId}/bookings?populate=true&bookableId=${event.tickets[1].id}`);
    expect(rest.status, rest.text).toBe(200);
    const populated = rest.json.find((item: Json) => item.id === bookingId)._populated;
    expect(populated.events).toEqual([{ id: event.id, name: event.name, startsAt: Date.parse(STARTS_AT), endsAt: Date.parse(ENDS_AT), place: PLACE }]);
  });

  it('the public pages: the ticket page (ticketEvent), the payment return (REST status) and the public status (GraphQL) name date and place', async () => {
    const page = await guest.gql<{ ticketEvent: Json }>(TICKET_EVENT, { t: tenantId, b: event.tickets[0].id });
    expect(page.errors).toBeUndefined();
    expectConcert(page.data!.ticketEvent, event.name);

    const status = await guest.get(`/api/${tenantId}/bookings/${bookingId}/status`);
    expect(status.json).toMatchObject({ bookingId, timeBegin: null, events: [{ name: event.name, startsAt: Date.parse(STARTS_AT), endsAt: Date.parse(ENDS_AT), place: PLACE }] });

    const named = await guest.gql<{ publicBookingStatus: Json }>(PUBLIC_STATUS, { t: tenantId, id: bookingId, lastname: customer.name });
    expect(named.errors).toBeUndefined();
    expect(named.data!.publicBookingStatus.timeBegin).toBeNull();
    expectConcert(named.data!.publicBookingStatus.events[0], event.name);
  });

  it('an object that is no ticket has no ticket event (null)', async () => {
    const plain = await staff.put(`/api/${tenantId}/bookables`, { type: 'resource', title: 'Beamer', isBookable: true, isPublic: true });
    expect(plain.status, plain.text).toBe(201);
    const page = await guest.gql<{ ticketEvent: Json }>(TICKET_EVENT, { t: tenantId, b: plain.json.id });
    expect(page.errors).toBeUndefined();
    expect(page.data!.ticketEvent).toBeNull();
  });

  it('the mails after paying through the test provider carry the ticket lines: event name, Berlin date and time, place', async () => {
    // The tenant heard of the booking at checkout, with the same lines.
    const tenantMail = () => app.smtp.find(tenantFields.mail, 'Neue Buchung').find((mail) => mail.text.includes(`Buchungsnummer: ${bookingId}`));
    await expect.poll(tenantMail, { timeout: 20_000 }).toBeDefined();
    expect(tenantMail()!.text).toContain(`Ticket für die Veranstaltung ${event.name}\n  vom 15.07.2026 19:00 bis 15.07.2026 22:30\n  Ort: ${PLACE}`);

    const started = await guest.gql<{ startPayment: { redirectUrl: string } }>('mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { redirectUrl } }', { t: tenantId, b: bookingId });
    expect(started.errors).toBeUndefined();
    const pagePath = new URL(started.data!.startPayment.redirectUrl).pathname;
    const paid = await guest.request('POST', pagePath, { body: new URLSearchParams({ action: 'pay' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url } });
    expect(paid.status, paid.text).toBe(303);

    const confirmation = await app.smtp.waitForMail('besucher@example.com', `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`);
    expect(confirmation.text).toContain(
      [`- ${event.tickets[1].title}, Anzahl: 2`, `  Ticket für die Veranstaltung ${event.name}`, '  vom 15.07.2026 19:00 bis 15.07.2026 22:30', `  Ort: ${PLACE}`].join('\n'),
    );
    expect(confirmation.html).toContain(`Ticket für die Veranstaltung ${event.name}<br />vom 15.07.2026 19:00 bis 15.07.2026 22:30<br />Ort: ${PLACE}`);
    expect(confirmation.text).toContain('Gesamtbetrag: 24,00 €');
  });

  it('a moved event shows its new date: the booking reads the event as it is now', async () => {
    const moved = concert({ information: { ...concert().information, name: event.name, startDate: '2026-08-01', endDate: '2026-08-01' } });
    const update = await staff.gql('mutation($t: ID!, $id: ID!, $input: EventInput!) { updateEvent(tenantId: $t, id: $id, input: $input) { id } }', { t: tenantId, id: event.id, input: moved });
    expect(update.errors).toBeUndefined();
    const status = await guest.get(`/api/${tenantId}/bookings/${bookingId}/status`);
    expect(status.json.events[0]).toMatchObject({ startsAt: Date.parse('2026-08-01T17:00:00.000Z'), endsAt: Date.parse('2026-08-01T20:30:00.000Z') });
  });
});
