import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { addDays, berlinToday } from '../../common/time/berlin.js';
import { adultAndReducedTickets, baseUrl, deleteTicketJourney, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * Tickets carry their event: the demo tenant's staff create a concert with two price categories
 * and its tickets ("Erwachsene" 12,00 €, "Ermäßigt" 6,50 €); a citizen books two adult tickets on
 * the public booking page, which names the concert's date and place, and pays through the built-in
 * test provider; the confirmation page and the mail name the event, its date, time and place; a
 * second citizen books the reduced ticket; the staff's list shows the concert's times for both
 * bookings, and the ticket editor names the event. Everything made here is deleted afterwards.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const EVENT_NAME = `Sommerkonzert ${stamp}`;
const PLACE = 'Stadthalle Musterstadt, Marktplatz 1, 12345 Musterstadt';
// Six weeks ahead, 19:00 to 22:30 Berlin time.
const DAY = addDays(berlinToday(new Date()), 42);
const DATE_TEXT = `${DAY.slice(8, 10)}.${DAY.slice(5, 7)}.${DAY.slice(0, 4)}`;

let owner: APIRequestContext;
let tenantId: string;
let eventId: string;
let tickets: { adults: string; reduced: string };
const bookingIds: string[] = [];

const seriousFindings = async (page: Page, where: string) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${where}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
};

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  // What the event wizard sends on "Veranstaltung erstellen": the event with its tickets.
  const { createEvent } = await graphql<{ createEvent: { id: string } }>(
    owner,
    'mutation($t: ID!, $input: EventInput!) { createEvent(tenantId: $t, input: $input, withTickets: true) { id } }',
    {
      t: tenantId,
      input: {
        isPublic: true,
        information: { name: EVENT_NAME, teaserText: 'Open Air auf dem Marktplatz', startDate: DAY, startTime: '19:00', endDate: DAY, endTime: '22:30' },
        attendees: {
          publicEvent: true,
          free: false,
          priceCategories: [
            { name: 'Erwachsene', price: 12 },
            { name: 'Ermäßigt', price: 6.5 },
          ],
        },
        eventLocation: { name: 'Stadthalle Musterstadt', emailAddress: 'stadthalle@example.com' },
        eventAddress: { street: 'Marktplatz', houseNumber: '1', zip: '12345', city: 'Musterstadt' },
        eventOrganizer: { name: 'Kulturamt', contactPersonName: 'Karla Kultur', contactPersonEmailAddress: 'kulturamt@example.com' },
      },
    },
  );
  eventId = createEvent.id;
  tickets = await adultAndReducedTickets(owner, tenantId, { id: eventId, name: EVENT_NAME });
});

test.afterAll(async () => {
  await deleteTicketJourney(owner, tenantId, { bookingIds, tickets, eventId });
  await owner.dispose();
});

test('a citizen books two adult tickets on the booking page, pays through the test provider, and page and mail name the concert', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/checkout?id=${tickets.adults}&tenant=${tenantId}`);
  await expect(page.getByRole('heading', { name: `${EVENT_NAME} – Erwachsene` })).toBeVisible();
  const facts = page.locator('.checkout-event');
  await expect(facts).toContainText(`Veranstaltung${EVENT_NAME}`);
  await expect(facts).toContainText(`${DATE_TEXT}, 19:00–22:30 Uhr`);
  await expect(facts).toContainText(PLACE);
  await expect(page.getByText('12,00 € pro Stück')).toBeVisible();
  expect(await seriousFindings(page, 'Buchungsseite des Tickets')).toEqual([]);

  // The concert's tickets are offered together: the adult ticket of the link, the reduced one at 0.
  await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Erwachsene' }).fill('2');
  await expect(page.getByRole('spinbutton', { name: 'Ermäßigt' })).toHaveValue('0');
  await page.getByLabel('Vor- und Nachname').fill('Tim Tickettest');
  await page.getByLabel('E-Mail').fill('tim.tickettest@example.com');
  await expect(page.getByTestId('checkout-total')).toHaveText('24,00 €');
  await page.getByText('Testzahlung (nur Entwicklung)', { exact: true }).click();
  await screenshot(page, 'ticket-event-01-booking-page');
  await page.getByRole('button', { name: 'Jetzt buchen' }).click();

  // Released at once: the payment starts and leads to the product's test page.
  await expect(page).toHaveURL(/\/payment\/test\//);
  await expect(page.getByText('24,00 €')).toBeVisible();
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await expect(page).toHaveURL(/\/checkout\/status\?.*outcome=paid/);
  const bookingId = new URL(page.url()).searchParams.get('id')!;
  bookingIds.push(bookingId);
  await expect(page.getByText('Zahlung erfolgreich')).toBeVisible();
  const confirmation = page.locator('.booking-facts');
  await expect(confirmation).toContainText(EVENT_NAME);
  await expect(confirmation).toContainText(`${DATE_TEXT}, 19:00–22:30 Uhr`);
  await expect(confirmation).toContainText(PLACE);
  await screenshot(page, 'ticket-event-02-paid');
  expect(await seriousFindings(page, 'Zahlungsrückkehr')).toEqual([]);
  await page.context().close();

  const mail = await waitForMail('tim.tickettest@example.com', 'Vielen Dank für Ihre Buchung');
  expect(mail.text).toContain(bookingId);
  expect(mail.text).toContain(`${EVENT_NAME} – Erwachsene, Anzahl: 2`);
  expect(mail.text).toContain(`Ticket für die Veranstaltung ${EVENT_NAME}`);
  expect(mail.text).toContain(`vom ${DATE_TEXT} 19:00 bis ${DATE_TEXT} 22:30`);
  expect(mail.text).toContain(`Ort: ${PLACE}`);
  expect(mail.html).toContain(`Ticket für die Veranstaltung ${EVENT_NAME}<br />vom ${DATE_TEXT} 19:00 bis ${DATE_TEXT} 22:30<br />Ort: ${PLACE}`);
  expect(mail.text).toContain('Gesamtbetrag: 24,00 €');
});

test('a second citizen books the reduced ticket; the staff list shows the concert times for both, the ticket editor its event', async ({ page }) => {
  const guest = await request.newContext({ baseURL: baseUrl() });
  const { checkout } = await graphql<{ checkout: { id: string; priceEur: number } }>(guest, 'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id priceEur } }', {
    t: tenantId,
    input: { bookableItems: [{ bookableId: tickets.reduced, amount: 1 }], name: 'Rita Rabatt', mail: 'rita.rabatt@example.com', paymentProvider: 'testPayment' },
  });
  await guest.dispose();
  bookingIds.push(checkout.id);
  expect(checkout.priceEur).toBe(6.5);

  await signInAndSelectDemoTenant(page);
  await expect(page).toHaveURL(/\/admin\/buchungen$/);
  const table = page.getByRole('table', { name: 'Buchungen' });
  await page.getByLabel('Buchungen durchsuchen').fill(EVENT_NAME);
  const rows = table.getByRole('row').filter({ hasText: EVENT_NAME });
  await expect(rows).toHaveCount(2);
  for (const [name, title] of [
    ['Rita Rabatt', 'Ermäßigt'],
    ['Tim Tickettest', '2 × '],
  ]) {
    const row = rows.filter({ hasText: name });
    await expect(row).toContainText(title);
    await expect(row).toContainText(`${DATE_TEXT}, 19:00`);
    await expect(row).toContainText(`${DATE_TEXT}, 22:30`);
  }
  await screenshot(page, 'ticket-event-03-staff-list');

  await page.goto(`/admin/tickets/edit?id=${tickets.reduced}&fromRoute=/admin/tickets`);
  const chosen = page.getByLabel('Veranstaltung', { exact: true });
  await expect(chosen).toHaveValue(eventId);
  await expect(chosen.locator('option:checked')).toHaveText(`${EVENT_NAME} (${DATE_TEXT})`);
  await expect(page.getByText('Datum, Uhrzeit und Ort der Veranstaltung erscheinen auf der Buchungsseite')).toBeVisible();
  await screenshot(page, 'ticket-event-04-ticket-editor');
  expect(await seriousFindings(page, 'Ticket-Editor')).toEqual([]);
});
