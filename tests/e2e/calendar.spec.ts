import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, request, test } from '@playwright/test';
import { addDays, berlinInstant, berlinToday } from '../../common/time/berlin.js';
import { baseUrl, demoOwner, graphql, screenshot, signedInApi } from './helpers.js';

/**
 * The calendar view of the bookings screen (/admin/buchungen, "Kalender") as staff meet it: the
 * demo tenant's owner has entered three bookings of the venue this week by hand (released, waiting,
 * rejected). The week shows the first two, the waiting one grey, the rejected one not at all, each
 * with its customer and object; the object filter, the month and day views and "Heute" work; a
 * booking the public makes while the calendar is open appears without a reload; the popup of the
 * waiting booking releases it. No serious accessibility finding, light and dark. Afterwards the
 * bookings of this file are deleted again.
 */
test.describe.configure({ mode: 'serial' });

const VENUE = 'Bürgerhaus Musterstadt';
let owner: APIRequestContext;
let tenantId: string;
let venueId: string;
const created: string[] = [];

/** Monday of this week (Berlin), as YYYY-MM-DD. */
function thisMonday(): string {
  const today = berlinToday(new Date());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, -((weekday + 6) % 7));
}

const early = (date: string) => ({ timeBegin: berlinInstant(date, '08:00').toISOString(), timeEnd: berlinInstant(date, '09:00').toISOString() });

const entry = (page: Page, name: string) => page.locator('.booking-calendar .rbc-event').filter({ hasText: name });

async function openCalendar(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(demoOwner.id);
  await page.getByLabel('Passwort').fill(demoOwner.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: /Rathaus Musterstadt/ }).click();
  await expect(page.getByRole('heading', { name: 'Buchungen', exact: true })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Ansicht' }).getByRole('radio', { name: 'Kalender' }).click();
  await expect(page.locator('.booking-calendar')).toHaveAttribute('aria-busy', 'false');
  return page;
}

async function staffBooking(name: string, date: string, flags: { isCommitted?: boolean; isRejected?: boolean }): Promise<void> {
  const { saveBooking } = await graphql<{ saveBooking: { id: string } }>(
    owner,
    'mutation($tenantId: ID!, $input: BookingInput!) { saveBooking(tenantId: $tenantId, input: $input) { id } }',
    { tenantId, input: { bookableItems: [{ bookableId: venueId, amount: 1 }], ...early(date), name, mail: 'kalender@example.com', ...flags } },
  );
  created.push(saveBooking.id);
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  const { publicBookables } = await graphql<{ publicBookables: { id: string; title: string }[] }>(owner, 'query($tenantId: ID!) { publicBookables(tenantId: $tenantId) { id title } }', {
    tenantId,
  });
  venueId = publicBookables.find((bookable) => bookable.title === VENUE)!.id;
  const monday = thisMonday();
  await staffBooking('Karla Kalender', monday, { isCommitted: true });
  await staffBooking('Paul Wartend', addDays(monday, 2), { isCommitted: false });
  await staffBooking('Rita Abgelehnt', addDays(monday, 3), { isRejected: true });
});

test.afterAll(async () => {
  for (const id of created) {
    await graphql(owner, 'mutation($tenantId: ID!, $id: ID!) { deleteBooking(tenantId: $tenantId, id: $id) }', { tenantId, id });
  }
  await owner.dispose();
});

test("the week shows this week's bookings with customer and object, waiting ones grey, rejected ones not at all", async ({ browser }) => {
  const page = await openCalendar(browser);
  await expect(page.getByRole('radiogroup', { name: 'Zeitraum' }).getByRole('radio', { name: 'Woche' })).toBeChecked();
  const karla = entry(page, 'Karla Kalender');
  await expect(karla).toContainText(VENUE);
  await expect(karla).toContainText('08:00 – 09:00');
  await expect(karla).not.toHaveClass(/calendar-entry-pending/);
  await expect(entry(page, 'Paul Wartend')).toHaveClass(/calendar-entry-pending/);
  await expect(entry(page, 'Rita Abgelehnt')).toHaveCount(0);
  // Monday first, German weekdays.
  await expect(page.locator('.rbc-time-header .rbc-header').first()).toContainText('Mo');
  await screenshot(page, 'calendar-01-week');

  // The filter by object: the beamer has none of these bookings.
  const objectFilter = page.locator('.calendar-toolbar').getByLabel('Objekt');
  await objectFilter.fill('Beamer');
  await page.getByRole('option', { name: 'Beamer' }).click();
  await expect(karla).toHaveCount(0);
  await objectFilter.fill(VENUE);
  await page.getByRole('option', { name: VENUE }).click();
  await expect(karla).toBeVisible();

  // The month holds the week; the day view and "Heute" come back to today.
  await page.getByRole('radiogroup', { name: 'Zeitraum' }).getByRole('radio', { name: 'Monat' }).click();
  await expect(page.locator('.rbc-month-view')).toBeVisible();
  await expect(entry(page, 'Karla Kalender')).toBeVisible();
  await screenshot(page, 'calendar-02-month');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Heute' }).click();
  await page.getByRole('radiogroup', { name: 'Zeitraum' }).getByRole('radio', { name: 'Tag' }).click();
  await expect(page.locator('.rbc-time-view .rbc-day-slot')).toHaveCount(1);
  await page.context().close();
});

test('a booking the public makes while the calendar is open appears without a reload', async ({ browser }) => {
  const page = await openCalendar(browser);
  // Three weeks ahead, a Tuesday morning: the venue is open then.
  const tuesday = addDays(thisMonday(), 22);
  for (let week = 0; week < 3; week++) await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.locator('.booking-calendar')).toHaveAttribute('aria-busy', 'false');
  await expect(entry(page, 'Lena Live')).toHaveCount(0);

  const guest = await request.newContext({ baseURL: baseUrl() });
  const { checkout } = await graphql<{ checkout: { id: string } }>(
    guest,
    'mutation($tenantId: ID!, $input: CheckoutInput!) { checkout(tenantId: $tenantId, input: $input) { id } }',
    {
      tenantId,
      input: {
        bookableItems: [{ bookableId: venueId, amount: 1 }],
        timeBegin: berlinInstant(tuesday, '10:00').toISOString(),
        timeEnd: berlinInstant(tuesday, '12:00').toISOString(),
        name: 'Lena Live',
        mail: 'lena@example.com',
        paymentProvider: 'invoice',
      },
    },
  );
  created.push(checkout.id);
  await guest.dispose();
  await expect(entry(page, 'Lena Live')).toContainText('10:00 – 12:00');
  await expect(entry(page, 'Lena Live')).toHaveClass(/calendar-entry-pending/);
  await screenshot(page, 'calendar-03-live');
  await page.context().close();
});

test('the popup of a waiting booking shows it and releases it', async ({ browser }) => {
  const page = await openCalendar(browser);
  const paul: Locator = entry(page, 'Paul Wartend');
  await paul.click();
  const popup = page.getByRole('dialog', { name: /^Buchung / });
  await expect(popup).toContainText('Paul Wartend');
  await expect(popup).toContainText(VENUE);
  await expect(popup).toContainText('ausstehend');
  for (const action of ['Details anzeigen', 'Bearbeiten', 'Buchung ablehnen', 'Löschen']) await expect(popup.getByRole('button', { name: action })).toBeVisible();
  await screenshot(page, 'calendar-04-popup');
  await popup.getByRole('button', { name: 'Buchung freigeben' }).click();
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Buchung freigegeben' })).toBeVisible();
  await expect(paul).not.toHaveClass(/calendar-entry-pending/);

  // By keyboard: Enter on the entry opens the popup.
  await paul.focus();
  await page.keyboard.press('Enter');
  await expect(popup).toContainText('freigegeben');
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await page.context().close();
});

test('the calendar has no serious accessibility finding, light or dark', async ({ browser }) => {
  const page = await openCalendar(browser);
  for (const theme of ['light', 'dark'] as const) {
    const toggle = page.getByRole('button', { name: 'Design umschalten' });
    if ((await toggle.getAttribute('aria-pressed')) !== String(theme === 'dark')) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(theme === 'dark'));
    for (const view of ['Woche', 'Monat'] as const) {
      await page.getByRole('radiogroup', { name: 'Zeitraum' }).getByRole('radio', { name: view }).click();
      await expect(entry(page, 'Karla Kalender')).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `${view}, ${theme}`).toEqual([]);
      await screenshot(page, `calendar-05-axe-${view.toLowerCase()}-${theme}`);
    }
  }
  await page.context().close();
});
