import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event } from '../../server/src/events/event.entity.js';
import { defaultEventData } from '../../server/src/events/event.model.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { testAdmin } from '../support/app.js';
import { createTenant, signIn } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';
import { customer } from './bookings.fixtures.js';

/**
 * Mail 10 (docs/bookings.md, “Booking mails”): the organiser contact of a booked ticket's event hears of a new
 * booking when a checkout with tickets is released and paid at once, or when staff release one.
 */
let app: TestApp;
let tenantId: string;
let guest: HttpClient;
let staff: HttpClient;
const NEW_BOOKING = 'Eine neue Buchung liegt vor';
let counter = 0;

async function storeEvent(organizerMail: string): Promise<Event> {
  const em = app.orm.em.fork();
  const base = defaultEventData();
  const event = em.create(Event, { tenant: em.getReference(Tenant, tenantId), ownerUserId: null });
  event.setData({
    ...base,
    isPublic: true,
    information: { ...base.information, name: `Lesung ${++counter}`, startDate: '2027-06-01', startTime: '19:00', endDate: '2027-06-01', endTime: '21:00' },
    eventOrganizer: { ...base.eventOrganizer, name: 'Literaturverein', contactPersonName: 'Frau Vers', contactPersonEmailAddress: organizerMail },
  });
  await em.flush();
  return event;
}

const storeTicket = (eventId: string, autoCommitBooking: boolean) =>
  storeBookable(app, tenantId, { type: 'ticket', title: `Karte ${++counter}`, eventId, isBookable: true, isPublic: true, autoCommitBooking, amount: null, priceCategories: [] });

async function checkout(bookableId: string, mail: string): Promise<string> {
  const response = await guest.post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId, amount: 2 }], ...customer, mail });
  expect(response.status, response.text).toBe(200);
  return response.json.id as string;
}

beforeAll(async () => {
  app = await startTestApp();
  tenantId = (await createTenant(app.orm, { name: 'Kulturamt Lesungen' })).id;
  const em = app.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).mail = 'kultur@lesungen.example';
  await em.flush();
  guest = app.client();
  staff = app.client({ ip: '10.89.0.1' });
  await signIn(staff, testAdmin.id, testAdmin.password);
}, 60_000);
afterAll(async () => app?.close());

describe('organiser mail (10)', () => {
  it('a free ticket booked and released at once tells the organiser contact', async () => {
    const event = await storeEvent('Veranstalter@Lesungen.example');
    const ticket = await storeTicket(event.id, true);
    const number = await checkout(ticket.id, 'gast-sofort@example.com');
    const mail = await app.smtp.waitForMail('veranstalter@lesungen.example', NEW_BOOKING);
    expect(mail.text).toContain(number);
    expect(mail.text).toContain(`${ticket.title}, Anzahl: 2`);
  });

  it('a ticket booking waiting for release tells the organiser only when staff release it', async () => {
    const event = await storeEvent('freigabe@lesungen.example');
    const ticket = await storeTicket(event.id, false);
    const number = await checkout(ticket.id, 'gast-warten@example.com');
    await app.smtp.waitForMail('gast-warten@example.com', 'Buchungsanfrage');
    expect(app.smtp.find('freigabe@lesungen.example', NEW_BOOKING)).toEqual([]);
    expect((await staff.post(`/api/${tenantId}/bookings/${number}/commit`)).status).toBe(200);
    const mail = await app.smtp.waitForMail('freigabe@lesungen.example', NEW_BOOKING);
    expect(mail.text).toContain(number);
  });

  it('an organiser without a valid address gets nothing', async () => {
    const event = await storeEvent('keine-adresse');
    const ticket = await storeTicket(event.id, true);
    await checkout(ticket.id, 'gast-ohne@example.com');
    // Released at once: the tenant hears of a new booking, not of a request to process.
    await app.smtp.waitForMail('kultur@lesungen.example', 'Neue Buchung');
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Only the two organiser mails of the tests above.
    expect(app.smtp.mails.filter((mail) => mail.subject === NEW_BOOKING)).toHaveLength(2);
  });
});
