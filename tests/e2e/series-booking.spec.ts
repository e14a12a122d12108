import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { addDays, berlinInstant } from '../../common/time/berlin.js';
import { testDay, testDayAhead } from '../support/test-calendar.js';
import { bookingGridSlot, demoOwner, expectAccessiblePage, germanDate, graphql, screenshot } from './helpers.js';
import { mailsTo, waitForMail } from './mailbox.js';

/**
 * A weekly series on the public booking page: the demo tenant's owner offers a club room whose
 * series the public may book; someone else already has the third date. A club books four weeks,
 * sees the preview with the taken date marked (and leaves a date out and takes it back), is led to
 * the first invalid field of the rule, books, and reads the booked dates with their numbers and the
 * date not booked on the confirmation; one mail names the series. Axe checks the series form with
 * its preview and the confirmation in both themes.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const roomTitle = `Vereinsraum ${stamp}`;
const REQUEST_SUBJECT = 'Vielen Dank für Ihre Buchungsanfrage';
const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });

/** The first date of the series, ten days ahead on the test calendar, and its next three weeks. */
const first = testDay(testDayAhead(10));
const weekly = [0, 1, 2, 3].map((week) => addDays(first, week * 7));
const WEEKDAY_SHORT = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];
/** A date as the series list writes it: "Di, 02.11.2027, 10:00–12:00 Uhr". */
const listed = (date: string, from: string, to: string) => `${WEEKDAY_SHORT[new Date(`${date}T12:00:00Z`).getUTCDay()]}, ${germanDate(date)}, ${from}–${to} Uhr`;

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** The hour each theme's axe journey books its series at; someone else has its second date. */
const axeHours = { light: 14, dark: 16 } as const;

let tenantId = '';
let roomId = '';
/** The club's booked dates (first test), and its address: the last test cancels from the second on. */
let clubNumbers: string[] = [];
let clubMail = '';

async function ownerApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  expect((await api.post('/auth/signin', { data: demoOwner })).ok()).toBe(true);
  return api;
}

/** A guest's single booking through the API (the owner would book free of charge). */
async function bookThroughApi(baseURL: string | undefined, date: string, from: string, to: string, name: string, mail: string): Promise<string> {
  const guest = await request.newContext({ baseURL });
  try {
    const data = await graphql<{ checkout: { id: string } }>(guest, 'mutation ($tenantId: ID!, $input: CheckoutInput!) { checkout(tenantId: $tenantId, input: $input) { id } }', {
      tenantId,
      input: {
        bookableItems: [{ bookableId: roomId, amount: 1 }],
        timeBegin: berlinInstant(date, from).toISOString(),
        timeEnd: berlinInstant(date, to).toISOString(),
        name,
        mail,
        paymentProvider: 'invoice',
      },
    });
    return data.checkout.id;
  } finally {
    await guest.dispose();
  }
}

test.beforeAll(async ({ baseURL }) => {
  const api = await ownerApi(baseURL);
  const [tenant] = (await (await api.get('/api/tenants?publicTenants=true')).json()) as { id: string }[];
  tenantId = tenant.id;
  const created = await graphql<{ createBookable: { id: string; allowSeries: boolean } }>(
    api,
    'mutation ($tenantId: ID!, $input: BookableInput!) { createBookable(tenantId: $tenantId, input: $input) { id allowSeries } }',
    {
      tenantId,
      input: {
        type: 'room',
        title: roomTitle,
        description: '<p>Raum für Vereine, die sich jede Woche treffen.</p>',
        amount: '1',
        isBookable: true,
        isPublic: true,
        isScheduleRelated: true,
        isOpeningHoursRelated: true,
        openingHours: [{ weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '08:00', endTime: '20:00' }],
        priceType: 'per_hour',
        priceCategories: [{ priceEur: '20', priceValueAddedTax: '0' }],
        allowSeries: true,
      },
    },
  );
  expect(created.createBookable.allowSeries).toBe(true);
  roomId = created.createBookable.id;
  // Someone else has the third date of the series.
  await bookThroughApi(baseURL, weekly[2], '10:00', '12:00', 'Otto Vorbucher', `otto.serie.${stamp.toLowerCase()}@example.com`);
  for (const [theme, hour] of Object.entries(axeHours)) await bookThroughApi(baseURL, weekly[1], clock(hour), clock(hour + 2), `Vorbucher ${theme}`, `vor.${theme}.${stamp.toLowerCase()}@example.com`);
  await api.dispose();
});

const checkoutPath = () => `/checkout?id=${roomId}&tenant=${tenantId}&amount=1`;

/** Picks 10:00–12:00 of the first date in the grid, going on week by week until the day is shown. */
async function chooseFirstDate(page: Page, hour = 10): Promise<void> {
  await expect(page.getByRole('grid')).toBeVisible();
  for (let week = 0; week < 4 && !(await bookingGridSlot(page, first, hour).isVisible()); week += 1) {
    await page.getByRole('button', { name: /Nächste Woche/ }).click();
    await page.waitForTimeout(300);
  }
  await bookingGridSlot(page, first, hour).click();
  await bookingGridSlot(page, first, hour + 1).click();
  await expect(page.locator('.checkout-chosen')).toHaveText(`Gewählt: ${listed(first, clock(hour), clock(hour + 2))}`);
}

/** The series switched on for four weekly dates, with its preview shown. */
async function chooseSeries(page: Page): Promise<void> {
  await page.getByLabel('Regelmäßig buchen').check({ force: true });
  await expect(page.getByLabel('Wiederholung')).toHaveValue('WEEKLY');
  const weekdayCode = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${first}T12:00:00Z`).getUTCDay()];
  const weekdayName = { MO: 'Montag', TU: 'Dienstag', WE: 'Mittwoch', TH: 'Donnerstag', FR: 'Freitag', SA: 'Samstag', SU: 'Sonntag' }[weekdayCode] as string;
  // The first date's weekday is ticked by default.
  await expect(page.getByRole('checkbox', { name: weekdayName })).toBeChecked();
  await page.getByLabel('Anzahl Termine', { exact: true }).fill('4');
  await expect(page.getByTestId('series-summary')).toHaveText('3 von 4 Terminen frei – Gesamtpreis 120,00 €');
}

test('a club books a weekly series with one date already taken, sees it marked, and reads the booked dates', async ({ page }) => {
  const mail = `handball.${stamp.toLowerCase()}@example.com`;
  await page.goto(checkoutPath());
  await expect(page.getByRole('heading', { name: roomTitle })).toBeVisible();
  await chooseFirstDate(page);
  await chooseSeries(page);

  // The preview: every date with its state, the taken one with the reason.
  const dates = page.getByTestId('series-date');
  await expect(dates).toHaveCount(4);
  await expect(dates.nth(0)).toContainText(listed(weekly[0], '10:00', '12:00'));
  await expect(dates.nth(0)).toContainText('frei');
  await expect(dates.nth(2)).toContainText(listed(weekly[2], '10:00', '12:00'));
  await expect(dates.nth(2)).toContainText('belegt');
  await expect(page.getByTestId('checkout-total')).toHaveText('120,00 €');
  // Only the invoice is offered for a series.
  await expect(page.getByRole('radio', { name: 'Rechnung' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Testzahlung' })).toHaveCount(0);
  await screenshot(page, 'series-booking-01-preview');

  // A date left out drops from the list and the price; taken back, it returns.
  await dates.nth(3).getByRole('button', { name: /auslassen/ }).click();
  await expect(page.getByTestId('series-summary')).toHaveText('2 von 3 Terminen frei – Gesamtpreis 80,00 €');
  await page.getByRole('button', { name: /wieder aufnehmen/ }).click();
  await expect(page.getByTestId('series-summary')).toHaveText('3 von 4 Terminen frei – Gesamtpreis 120,00 €');

  // A rule without an end: the save leads to the count, with the server's words.
  await page.getByLabel('Anzahl Termine', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Buchung anfragen' }).click();
  await expect(toast(page, 'Validierungsfehler')).toBeVisible();
  await expect(page.getByLabel('Anzahl Termine', { exact: true })).toBeFocused();
  await expect(page.getByText('Bitte geben Sie ein Enddatum oder die Anzahl der Termine an.')).toBeVisible();
  await screenshot(page, 'series-booking-02-end-missing');
  await page.getByLabel('Anzahl Termine', { exact: true }).fill('4');
  await expect(page.getByTestId('series-summary')).toHaveText('3 von 4 Terminen frei – Gesamtpreis 120,00 €');

  await page.getByLabel('Vor- und Nachname').fill('Handballverein 1920');
  await page.getByLabel('E-Mail').fill(mail);
  await page.getByRole('button', { name: 'Buchung anfragen' }).click();

  // The confirmation: the three booked dates with their numbers, the taken one not booked.
  await expect(page).toHaveURL(/\/checkout\/status\?id=[A-Z]{4}-[A-Z]{4}&tenant=/);
  const bookingId = new URL(page.url()).searchParams.get('id') as string;
  await expect(page.getByRole('heading', { name: 'Anfrage eingegangen' })).toBeVisible();
  const booked = page.getByTestId('series-booked').getByRole('listitem');
  await expect(booked).toHaveCount(3);
  await expect(booked.nth(0)).toContainText(`${listed(weekly[0], '10:00', '12:00')} – Buchungsnummer ${bookingId}`);
  await expect(booked.nth(2)).toContainText(listed(weekly[3], '10:00', '12:00'));
  const missed = page.getByTestId('series-missed').getByRole('listitem');
  await expect(missed).toHaveCount(1);
  await expect(missed.first()).toContainText(`${listed(weekly[2], '10:00', '12:00')} – belegt`);
  await expect(page.getByText('120,00 €')).toBeVisible();
  await expect(page.getByText('Zahlung folgt: Die Rechnung erhalten Sie nach der Freigabe per E-Mail.')).toBeVisible();
  await screenshot(page, 'series-booking-03-confirmation');
  const numbers = (await booked.locator('strong').allTextContents()).map((text) => text.trim());
  expect(new Set(numbers).size).toBe(3);
  clubNumbers = numbers;
  clubMail = mail;

  // One mail for the whole series, naming every booked date with its number.
  const request = await waitForMail(mail, REQUEST_SUBJECT);
  for (const number of numbers) expect(request.text).toContain(`(Buchung ${number})`);
  expect(request.text).toContain('Termine der Serie');
  // Give a second mail time to show up, were one sent per date.
  await page.waitForTimeout(1500);
  expect(mailsTo(mail)).toHaveLength(1);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the series form with its preview and the series confirmation pass axe (${theme} theme)`, async ({ page }) => {
    const hour = axeHours[theme];
    await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    await page.goto(checkoutPath());
    await expect(page.getByRole('heading', { name: roomTitle })).toBeVisible();
    await chooseFirstDate(page, hour);
    await page.getByLabel('Regelmäßig buchen').check({ force: true });
    await page.getByLabel('Anzahl Termine', { exact: true }).fill('4');
    await expect(page.getByTestId('series-summary')).toHaveText('3 von 4 Terminen frei – Gesamtpreis 120,00 €');
    await expect(page.getByTestId('series-date').nth(1)).toContainText('belegt');
    await expectAccessiblePage(page, `/checkout, Serie mit Vorschau [${theme}]`);
    await screenshot(page, `series-booking-10-axe-preview-${theme}`);

    await page.getByLabel('Vor- und Nachname').fill(`Axe Verein ${theme}`);
    await page.getByLabel('E-Mail').fill(`axe.serie.${theme}.${stamp.toLowerCase()}@example.com`);
    await page.getByRole('button', { name: 'Buchung anfragen' }).click();
    await expect(page.getByTestId('series-booked').getByRole('listitem')).toHaveCount(3);
    await expect(page.getByTestId('series-missed').getByRole('listitem')).toHaveCount(1);
    await expectAccessiblePage(page, `/checkout/status, Serie [${theme}]`);
    await screenshot(page, `series-booking-11-axe-confirmation-${theme}`);
  });
}

test('the club cancels its second date and the rest through the mailed link; the page names the later date and passes axe in both themes', async ({ page, baseURL }) => {
  expect(clubNumbers).toHaveLength(3);
  const [, second, last] = clubNumbers;
  const guest = await request.newContext({ baseURL });
  expect((await guest.post(`/api/${tenantId}/bookings/${second}/request-reject`, { data: { reason: 'Die Saison endet früher.' } })).status()).toBe(201);
  await guest.dispose();
  const requested = await waitForMail(clubMail, 'Stornierungsanfrage');
  const confirmLink = requested.links.find((link) => link.includes(`/booking/verify-reject/${tenantId}?id=${second}&hookId=`)) as string;
  expect(confirmLink).toBeDefined();

  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { name: 'Stornierung bestätigen' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Nur diesen Termin' })).toBeChecked();
  await page.getByRole('radio', { name: 'Diesen und den folgenden Termin der Serie' }).check({ force: true });
  const later = page.getByRole('list', { name: 'Folgende Termine, die mit storniert werden' }).getByRole('listitem');
  await expect(later).toHaveCount(1);
  await expect(later.first()).toContainText(last);
  await expectAccessiblePage(page, '/booking/verify-reject, Termin einer Serie [light]');
  await screenshot(page, 'series-booking-20-cancel-rest');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await page.getByRole('radio', { name: 'Diesen und den folgenden Termin der Serie' }).check({ force: true });
  await expectAccessiblePage(page, '/booking/verify-reject, Termin einer Serie [dark]');

  await page.getByRole('button', { name: 'Stornierung bestätigen' }).click();
  await expect(page.getByRole('heading', { name: 'Buchung storniert' })).toBeVisible();
  await expect(page.getByText(`Ihre Buchung ${second} und der folgende Termin der Serie wurden storniert.`)).toBeVisible();
  await screenshot(page, 'series-booking-21-rest-cancelled');
  // One mail names both cancelled dates, not the first.
  const cancelled = await waitForMail(clubMail, 'storniert');
  expect(cancelled.text).toContain(`(Buchung ${second})`);
  expect(cancelled.text).toContain(`(Buchung ${last})`);
  expect(cancelled.text).not.toContain(`(Buchung ${clubNumbers[0]})`);
});
