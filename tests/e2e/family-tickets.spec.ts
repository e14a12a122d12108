import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, berlinToday } from '../../common/time/berlin.js';
import type { CapturedMail } from '../support/smtp.js';
import { adultAndReducedTickets, deleteTicketJourney, graphql, screenshot, signedInApi } from './helpers.js';
import { mailsTo, waitForMail } from './mailbox.js';

/**
 * A family buys two ticket types in one order: the demo tenant's staff create a family concert with
 * "Erwachsene" 12,00 € and "Ermäßigt" 6,50 €; a citizen opens the adult ticket's booking page, which
 * offers both tickets with an amount each, is told to choose at least one, takes 2 Erwachsene and
 * 1 Ermäßigt for 30,50 €, pays once through the built-in test provider, sees both on the
 * confirmation and gets exactly one confirmation mail listing both, with the concert as calendar
 * file. Everything made here is deleted afterwards.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const EVENT_NAME = `Familienkonzert ${stamp}`;
// Four weeks ahead, 15:00 to 17:00 Berlin time.
const DAY = addDays(berlinToday(new Date()), 28);
const CUSTOMER = { name: 'Fritzi Familie', mail: `familie-${stamp.toLowerCase()}@example.com` };
const CONFIRMATION_SUBJECT = 'Vielen Dank für Ihre Buchung';

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

/** An attachment's text: the mailbox keeps captured mails as JSON, where a Buffer became its bytes. */
const attachmentText = (attachment: CapturedMail['attachments'][number]) => {
  const content: unknown = attachment.content;
  if (Buffer.isBuffer(content)) return content.toString('utf8');
  return Buffer.from((content as { data: number[] }).data).toString('utf8');
};

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  // What the event wizard sends on "Veranstaltung erstellen": the event with a ticket per price category.
  const { createEvent } = await graphql<{ createEvent: { id: string } }>(
    owner,
    'mutation($t: ID!, $input: EventInput!) { createEvent(tenantId: $t, input: $input, withTickets: true) { id } }',
    {
      t: tenantId,
      input: {
        isPublic: true,
        information: { name: EVENT_NAME, teaserText: 'Musik für Groß und Klein', startDate: DAY, startTime: '15:00', endDate: DAY, endTime: '17:00' },
        attendees: {
          publicEvent: true,
          free: false,
          needsRegistration: true,
          maxAttendees: 40,
          priceCategories: [
            { name: 'Erwachsene', price: 12 },
            { name: 'Ermäßigt', price: 6.5 },
          ],
        },
        eventLocation: { name: 'Stadthalle Musterstadt' },
        eventAddress: { street: 'Marktplatz', houseNumber: '1', zip: '12345', city: 'Musterstadt' },
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

test('a family books 2 × Erwachsene and 1 × Ermäßigt in one order, pays once and gets one confirmation with both and the calendar file', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/checkout?id=${tickets.adults}&tenant=${tenantId}`);
  await expect(page.getByRole('heading', { name: `${EVENT_NAME} – Erwachsene` })).toBeVisible();
  const choice = page.getByRole('group', { name: 'Tickets' });
  const adults = choice.getByRole('spinbutton', { name: 'Erwachsene' });
  const reduced = choice.getByRole('spinbutton', { name: 'Ermäßigt' });
  // The link's ticket starts at 1, the other at 0; each names its price; the event's seats are shared.
  await expect(adults).toHaveValue('1');
  await expect(reduced).toHaveValue('0');
  await expect(choice.getByText('12,00 € pro Stück')).toBeVisible();
  await expect(choice.getByText('6,50 € pro Stück')).toBeVisible();
  await expect(page.getByText('Noch 40 Plätze frei')).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('12,00 €');
  expect(await seriousFindings(page, 'Buchungsseite mit zwei Tickets')).toEqual([]);

  // No ticket at all: the message stands at the tickets and the failed booking leads there.
  await page.getByLabel('Vor- und Nachname').fill(CUSTOMER.name);
  await page.getByLabel('E-Mail').fill(CUSTOMER.mail);
  await adults.fill('0');
  await expect(page.getByText('Wählen Sie mindestens ein Ticket, um den Preis zu sehen.')).toBeVisible();
  await page.getByRole('button', { name: 'Jetzt buchen' }).click();
  const problem = page.getByText('Bitte wählen Sie mindestens ein Ticket.');
  await expect(problem).toBeVisible();
  await expect(problem).toBeFocused();
  expect(await seriousFindings(page, 'Buchungsseite ohne Ticket')).toEqual([]);

  await adults.fill('2');
  await reduced.fill('1');
  await expect(problem).toBeHidden();
  await expect(page.getByTestId('checkout-total')).toHaveText('30,50 €');
  const priceLines = page.locator('.checkout-price-items');
  await expect(priceLines).toContainText(`${EVENT_NAME} – Erwachsene × 2`);
  await expect(priceLines).toContainText(`${EVENT_NAME} – Ermäßigt`);
  await page.getByText('Testzahlung (nur Entwicklung)', { exact: true }).click();
  await screenshot(page, 'family-tickets-01-booking-page');
  await page.getByRole('button', { name: 'Jetzt buchen' }).click();

  // One payment for the whole order.
  await expect(page).toHaveURL(/\/payment\/test\//);
  await expect(page.getByText('30,50 €')).toBeVisible();
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await expect(page).toHaveURL(/\/checkout\/status\?.*outcome=paid/);
  const bookingId = new URL(page.url()).searchParams.get('id')!;
  bookingIds.push(bookingId);
  await expect(page.getByText('Zahlung erfolgreich')).toBeVisible();
  const confirmation = page.locator('.booking-facts');
  await expect(confirmation).toContainText(`2 × ${EVENT_NAME} – Erwachsene`);
  await expect(confirmation).toContainText(`${EVENT_NAME} – Ermäßigt`);
  await expect(confirmation).toContainText('30,50 €');
  await screenshot(page, 'family-tickets-02-paid');
  expect(await seriousFindings(page, 'Bestätigung der Familienbuchung')).toEqual([]);
  await page.context().close();

  const mail = await waitForMail(CUSTOMER.mail, CONFIRMATION_SUBJECT);
  expect(mail.text).toContain(bookingId);
  expect(mail.text).toContain(`${EVENT_NAME} – Erwachsene, Anzahl: 2`);
  expect(mail.text).toContain(`${EVENT_NAME} – Ermäßigt, Anzahl: 1`);
  expect(mail.text).toContain('Gesamtbetrag: 30,50 €');
  const calendar = mail.attachments.find((attachment) => attachment.filename === `buchung-${bookingId}.ics`);
  expect(calendar, mail.attachments.map((attachment) => attachment.filename).join(', ')).toBeDefined();
  expect(calendar!.contentType).toMatch(/^text\/calendar/);
  const ics = attachmentText(calendar!).replace(/\r\n[ \t]/g, '');
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(ics).toContain(`SUMMARY:${EVENT_NAME} (Rathaus Musterstadt)`);
  expect(ics).toContain(`DTSTART;TZID=Europe/Berlin:${DAY.replace(/-/g, '')}T150000`);
  expect(ics).toContain(`DTEND;TZID=Europe/Berlin:${DAY.replace(/-/g, '')}T170000`);
  // Exactly one confirmation for the order, however many ticket types it holds.
  expect(mailsTo(CUSTOMER.mail).filter((candidate) => candidate.subject.includes(CONFIRMATION_SUBJECT) && candidate.text.includes(bookingId))).toHaveLength(1);
});
