import { type APIRequestContext, expect, request, test } from '@playwright/test';
import pg from 'pg';
import { addDays, berlinToday } from '../../common/time/berlin.js';
import { TicketEntryCodes } from '../../server/src/bookings/ticket-entry-codes.js';
import { baseUrl, expectNoSeriousAxeFindings, graphql, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * The door: a citizen books a free ticket of a concert, which releases itself and gets its entry
 * code; staff open "Einlass", enter the code and see "Eingelassen"; the same code a second time
 * says "Bereits verwendet". The code is derived as the server derives it for the ticket PDF.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const EVENT_NAME = `Einlasskonzert ${stamp}`;
const DAY = addDays(berlinToday(new Date()), 30);

let owner: APIRequestContext;
let tenantId: string;
let eventId: string;
let ticketIds: string[] = [];
let bookingId: string;
let code: string;

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  const { createEvent } = await graphql<{ createEvent: { id: string } }>(owner, 'mutation($t: ID!, $input: EventInput!) { createEvent(tenantId: $t, input: $input, withTickets: true) { id } }', {
    t: tenantId,
    input: {
      isPublic: true,
      information: { name: EVENT_NAME, teaserText: 'Einlass mit QR-Code', startDate: DAY, startTime: '19:00', endDate: DAY, endTime: '22:00' },
      attendees: { publicEvent: true, free: true, priceCategories: [] },
      eventLocation: { name: 'Stadthalle', emailAddress: 'stadthalle@example.com' },
      eventOrganizer: { name: 'Kulturamt', contactPersonName: 'Karla Kultur', contactPersonEmailAddress: 'kulturamt@example.com' },
    },
  });
  eventId = createEvent.id;
  const { bookables } = await graphql<{ bookables: { id: string; eventId: string | null }[] }>(owner, 'query($t: ID!) { bookables(tenantId: $t, type: ticket) { id eventId } }', { t: tenantId });
  ticketIds = bookables.filter((ticket) => ticket.eventId === eventId).map((ticket) => ticket.id);
  expect(ticketIds).toHaveLength(1);

  const guest = await request.newContext({ baseURL: baseUrl() });
  const { checkout } = await graphql<{ checkout: { id: string } }>(guest, 'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: { bookableItems: [{ bookableId: ticketIds[0], amount: 1 }], name: 'Emil Einlass', mail: 'emil.einlass@example.com' },
  });
  await guest.dispose();
  bookingId = checkout.id;
  // Released by staff when the ticket does not release itself: the release issues the code.
  await graphql(owner, 'mutation($t: ID!, $id: ID!) { commitBooking(tenantId: $t, id: $id) { id } }', { t: tenantId, id: bookingId });

  const database = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await database.connect();
  try {
    const { rows } = await database.query<{ key: string }>('select key from bookings where tenant_id = $1 and number = $2', [tenantId, bookingId]);
    code = new TicketEntryCodes(process.env.E2E_SESSION_SECRET ?? '', null).codeOf(rows[0].key, 1);
  } finally {
    await database.end();
  }
});

test.afterAll(async () => {
  if (bookingId) await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteBooking(tenantId: $t, id: $id) }', { t: tenantId, id: bookingId });
  for (const id of ticketIds) await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteBookable(tenantId: $t, id: $id) }', { t: tenantId, id });
  if (eventId) await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteEvent(tenantId: $t, id: $id) }', { t: tenantId, id: eventId });
  await owner.dispose();
});

test('staff check a ticket in at "Einlass": admitted once, the second scan is refused as used', async ({ page }) => {
  // Signing in and the axe check take a while on a small machine.
  test.slow();
  await signInAndSelectDemoTenant(page);
  await page.getByRole('link', { name: 'Einlass' }).click();
  await expect(page).toHaveURL(/\/admin\/einlass$/);
  await expect(page.getByRole('heading', { name: 'Einlass' })).toBeVisible();
  const field = page.getByLabel('Ticketcode oder Link');
  await expect(field).toBeFocused();
  await expectNoSeriousAxeFindings(page, 'Einlass');

  await field.fill(code);
  await field.press('Enter');
  await expect(page.getByText('Eingelassen: Emil Einlass')).toBeVisible();
  await expect(page.getByText('Ticket 1 von 1', { exact: false })).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();

  await field.fill(`${baseUrl()}/einlass?code=${code}`);
  await field.press('Enter');
  await expect(page.getByText(/^Bereits verwendet am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBeVisible();
  await expect(field).toHaveValue('');
});
