import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, berlinInstant, berlinToday } from '../../common/time/berlin.js';
import { Bookable } from '../../server/src/bookables/bookable.entity.js';
import { defaultEventData, type EventData } from '../../server/src/events/event.model.js';
import { Receipt } from '../../server/src/receipts/receipt.entity.js';
import { testAdmin } from '../support/app.js';
import { createTenant, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { customer } from './bookings.fixtures.js';

/**
 * A family books several ticket types of one event in one order: the ticket's booking page learns
 * the event's other tickets (only those anyone may book), one checkout of "Erwachsene" and
 * "Ermäßigt" gives one booking with one price, one payment, one receipt and one confirmation mail
 * carrying the event as calendar entry, and the event's seats count all tickets of the order together.
 */
let app: TestApp;
let tenantId: string;
let staff: HttpClient;
let guest: HttpClient;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- REST and GraphQL answers are read as plain JSON
type Json = any;

const TENANT_NAME = 'Kulturamt Familienstadt';
const tenantFields = { name: TENANT_NAME, contactName: 'Kasse', location: 'Markt 1, 12345 Familienstadt', mail: 'kultur@familienstadt.example', phone: '0123', website: 'https://familienstadt.example' };
// Five weeks ahead, 16:00 to 18:00 Berlin time.
const DAY = addDays(berlinToday(new Date()), 35);
const STARTS_AT = berlinInstant(DAY, '16:00').getTime();
const ENDS_AT = berlinInstant(DAY, '18:00').getTime();

let counter = 0;

/** The wizard's form of a family concert with two price categories and `seats` seats. */
function familyConcert(seats: number | null): EventData {
  const base = defaultEventData();
  return {
    ...base,
    isPublic: true,
    information: { ...base.information, name: `Familienkonzert ${++counter}`, teaserText: 'Für Groß und Klein', startDate: DAY, startTime: '16:00', endDate: DAY, endTime: '18:00' },
    attendees: {
      ...base.attendees,
      free: false,
      needsRegistration: seats !== null,
      maxAttendees: seats,
      priceCategories: [
        { id: '', name: 'Erwachsene', price: 12 },
        { id: '', name: 'Ermäßigt', price: 6.5 },
      ],
    },
    eventLocation: { ...base.eventLocation, name: 'Stadthalle' },
    eventAddress: { ...base.eventAddress, street: 'Marktplatz', houseNumber: '1', zip: '12345', city: 'Familienstadt' },
  };
}

const EVENT_CREATE = 'mutation($t: ID!, $input: EventInput!) { createEvent(tenantId: $t, input: $input, withTickets: true) { id information { name } } }';
const EVENT_TICKETS = 'query($t: ID!, $b: ID!) { ticketEvent(tenantId: $t, bookableId: $b) { id name tickets { id title priceCategories { priceEur } } } }';
const CHECKOUT = `mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) {
  id priceEur isCommitted isPayed items { bookableId amount userGrossPriceEur bookable { title } event { id } } } }`;
const PREVIEW = 'query($t: ID!, $input: CheckoutInput!) { checkoutPreview(tenantId: $t, input: $input) { priceEur items { bookableId amount } } }';
const START_PAYMENT = 'mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { provider redirectUrl } }';
const SEATS_LEFT = 'query($t: ID!, $b: ID!) { ticketSeatsLeft(tenantId: $t, bookableId: $b) }';

interface Concert {
  id: string;
  name: string;
  adults: string;
  reduced: string;
}

async function createConcert(seats: number | null): Promise<Concert> {
  const created = await staff.gql<{ createEvent: Json }>(EVENT_CREATE, { t: tenantId, input: familyConcert(seats) });
  expect(created.errors).toBeUndefined();
  const { id, information } = created.data!.createEvent;
  const tickets = await app.orm.em.fork().find(Bookable, { eventId: id });
  const titled = (suffix: string) => tickets.find((ticket) => ticket.title === `${information.name} – ${suffix}`)!.id;
  return { id, name: information.name, adults: titled('Erwachsene'), reduced: titled('Ermäßigt') };
}

const familyOrder = (concert: Concert, adults: number, reduced: number, mail: string) => ({
  bookableItems: [
    { bookableId: concert.adults, amount: adults },
    { bookableId: concert.reduced, amount: reduced },
  ],
  ...customer,
  mail,
  paymentProvider: 'testPayment',
});

const formPost = (path: string, fields: Record<string, string>) =>
  guest.request('POST', path, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url } });

beforeAll(async () => {
  app = await startTestApp();
  tenantId = (await createTenant(app.orm, { name: TENANT_NAME })).id;
  staff = app.client({ ip: '10.93.0.1' });
  guest = app.client({ ip: '10.93.0.2' });
  await signIn(staff, testAdmin.id, testAdmin.password);
  const saved = await staff.put('/api/tenants', { id: tenantId, ...tenantFields, applications: [{ id: 'testPayment', active: true }] });
  expect(saved.status, saved.text).toBe(200);
}, 60_000);
afterAll(async () => app?.close());

describe("a ticket's booking page learns the event's other tickets", () => {
  it('TicketEvent.tickets lists the tickets anyone may book in the order of the categories; restricted, hidden and unbookable ones stay out', async () => {
    const concert = await createConcert(null);
    const ticketDraft = (title: string, extra: Record<string, unknown>) => ({ type: 'ticket', title: `${concert.name} – ${title}`, eventId: concert.id, isBookable: true, isPublic: true, autoCommitBooking: true, ...extra });
    for (const [title, extra] of [
      ['Mitglieder', { permittedUsers: [testAdmin.id] }],
      ['Intern', { isPublic: false }],
      ['Ausverkauft', { isBookable: false }],
    ] as const) {
      const stored = await staff.put(`/api/${tenantId}/bookables`, ticketDraft(title, extra));
      expect(stored.status, stored.text).toBe(201);
    }

    const answer = await guest.gql<{ ticketEvent: Json }>(EVENT_TICKETS, { t: tenantId, b: concert.reduced });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.ticketEvent).toEqual({
      id: concert.id,
      name: concert.name,
      tickets: [
        { id: concert.adults, title: `${concert.name} – Erwachsene`, priceCategories: [{ priceEur: 12 }] },
        { id: concert.reduced, title: `${concert.name} – Ermäßigt`, priceCategories: [{ priceEur: 6.5 }] },
      ],
    });
    // The staff see the same list: it shows what anyone may book, whoever asks.
    const asStaff = await staff.gql<{ ticketEvent: Json }>(EVENT_TICKETS, { t: tenantId, b: concert.adults });
    expect(asStaff.data!.ticketEvent.tickets.map((ticket: Json) => ticket.id)).toEqual([concert.adults, concert.reduced]);
  });
});

describe('two ticket types in one order', () => {
  it('2 × Erwachsene and 1 × Ermäßigt: one booking with two items and one price, paid once, one receipt, one confirmation with both and the event in its calendar file', async () => {
    const concert = await createConcert(10);
    const mail = 'familie-eins@example.com';
    const preview = await guest.gql<{ checkoutPreview: Json }>(PREVIEW, { t: tenantId, input: familyOrder(concert, 2, 1, mail) });
    expect(preview.errors).toBeUndefined();
    expect(preview.data!.checkoutPreview.priceEur).toBe(30.5);

    const booked = await guest.gql<{ checkout: Json }>(CHECKOUT, { t: tenantId, input: familyOrder(concert, 2, 1, mail) });
    expect(booked.errors).toBeUndefined();
    const booking = booked.data!.checkout;
    expect(booking).toMatchObject({
      priceEur: 30.5,
      isCommitted: true,
      isPayed: false,
      items: [
        { bookableId: concert.adults, amount: 2, userGrossPriceEur: 12, event: { id: concert.id } },
        { bookableId: concert.reduced, amount: 1, userGrossPriceEur: 6.5, event: { id: concert.id } },
      ],
    });
    expect(await guest.gql<{ ticketSeatsLeft: number }>(SEATS_LEFT, { t: tenantId, b: concert.reduced }).then((answer) => answer.data?.ticketSeatsLeft)).toBe(7);

    // One payment for the whole order through the test provider.
    const started = await guest.gql<{ startPayment: { provider: string; redirectUrl: string } }>(START_PAYMENT, { t: tenantId, b: booking.id });
    expect(started.errors).toBeUndefined();
    const pagePath = new URL(started.data!.startPayment.redirectUrl).pathname;
    const page = await guest.get(pagePath);
    expect(page.text).toContain('30,50');
    expect((await formPost(pagePath, { action: 'pay' })).status).toBe(303);

    const confirmation = await app.smtp.waitForMail(mail, `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`);
    await expect.poll(async () => app.orm.em.fork().count(Receipt, { tenant: tenantId, booking: { number: booking.id }, kind: 'receipt' }), { timeout: 20_000 }).toBe(1);
    expect(app.smtp.mails.filter((captured) => captured.to.includes(mail) && captured.subject.includes('Vielen Dank für Ihre Buchung im'))).toHaveLength(1);
    expect(confirmation.text).toContain(`${concert.name} – Erwachsene, Anzahl: 2`);
    expect(confirmation.text).toContain(`${concert.name} – Ermäßigt, Anzahl: 1`);
    expect(confirmation.text).toContain('Gesamtbetrag: 30,50 €');
    const calendar = confirmation.attachments.find((attachment) => attachment.filename === `buchung-${booking.id}.ics`);
    expect(calendar, confirmation.attachments.map((attachment) => attachment.filename).join(', ')).toBeDefined();
    const entries = Object.values(ical.sync.parseICS(calendar!.content.toString('utf8'))).filter((item): item is VEvent => (item as { type?: string }).type === 'VEVENT');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ summary: `${concert.name} (${TENANT_NAME})`, location: 'Stadthalle, Marktplatz 1, 12345 Familienstadt', description: `Buchung ${booking.id}: 2 × ${concert.name} – Erwachsene, 1 × ${concert.name} – Ermäßigt` });
    expect(entries[0].start.getTime()).toBe(STARTS_AT);
    expect(entries[0].end?.getTime()).toBe(ENDS_AT);

    // The status page after the payment's return lists both ticket types.
    const status = await guest.get(`/api/${tenantId}/bookings/${booking.id}/status`);
    expect(status.json).toMatchObject({
      isPayed: true,
      priceEur: 30.5,
      items: [
        { title: `${concert.name} – Erwachsene`, amount: 2 },
        { title: `${concert.name} – Ermäßigt`, amount: 1 },
      ],
    });
  });

  it('the seats of an event with 3 count both ticket types together: 2 + 2 is refused with BOOKING_EVENT_FULL (preview too), 2 + 1 is booked, then nothing is left', async () => {
    const concert = await createConcert(3);
    const full = `Die Veranstaltung ${concert.name} hat nicht ausreichend freie Plätze.`;
    const tooMany = await guest.gql(CHECKOUT, { t: tenantId, input: familyOrder(concert, 2, 2, 'familie-zwei@example.com') });
    expect(tooMany.data).toBeNull();
    expect(tooMany.errors?.[0]).toMatchObject({ message: full, extensions: { code: 'BOOKING_EVENT_FULL' } });
    const previewed = await guest.gql(PREVIEW, { t: tenantId, input: familyOrder(concert, 2, 2, 'familie-zwei@example.com') });
    expect(previewed.errors?.[0].extensions?.code).toBe('BOOKING_EVENT_FULL');

    const fits = await guest.gql<{ checkout: Json }>(CHECKOUT, { t: tenantId, input: familyOrder(concert, 2, 1, 'familie-zwei@example.com') });
    expect(fits.errors).toBeUndefined();
    expect(fits.data!.checkout.priceEur).toBe(30.5);
    expect(await guest.gql<{ ticketSeatsLeft: number }>(SEATS_LEFT, { t: tenantId, b: concert.adults }).then((answer) => answer.data?.ticketSeatsLeft)).toBe(0);
    const oneMore = await guest.gql(CHECKOUT, { t: tenantId, input: { ...familyOrder(concert, 0, 1, 'familie-drei@example.com'), bookableItems: [{ bookableId: concert.reduced, amount: 1 }] } });
    expect(oneMore.errors?.[0].extensions?.code).toBe('BOOKING_EVENT_FULL');
  });
});
