import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { addDays, berlinInstant, berlinToday } from '../../common/time/berlin.js';
import { baseUrl, bookingGridSlot, demoOwner, expectAccessiblePage, expectNoSeriousAxeFindings, germanDate, gridDayLabel, nextMondayAfter, screenshot, signInAndSelectDemoTenant } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * The public booking pages as a member of the public meets them, without an account: the demo
 * tenant's owner offers a meeting room (opening hours 08:00 to 20:00, 20 € an hour, house rules to
 * accept) and a coupon; a citizen books two hours through the availability grid, reads the mail,
 * checks the status from its link and cancels through the request and the mailed confirmation.
 * Also: the phone width, booking by keyboard alone, the status view switched off, and axe on every
 * public page in both themes.
 */
test.describe.configure({ mode: 'serial' });

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const stamp = Date.now().toString(36).toUpperCase();
const roomTitle = `Sitzungssaal ${stamp}`;
const couponCode = `VEREIN${stamp}`;
const REQUEST_SUBJECT = 'Vielen Dank für Ihre Buchungsanfrage';

const today = berlinToday(new Date());
const tomorrow = addDays(today, 1);
const dayAfter = addDays(today, 2);
/** The grid opens on the current week (Monday to Sunday): a day of the next one needs "Nächste Woche". */
const nextMonday = nextMondayAfter(today);
const inNextWeek = (date: string) => date >= nextMonday;

const slot = bookingGridSlot;

interface Offer {
  tenantId: string;
  roomId: string;
  rulesId: string;
}
let offer: Offer;

async function ownerApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  expect((await api.post('/auth/signin', { data: demoOwner })).ok()).toBe(true);
  return api;
}

async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await api.post('/graphql', { data: { query, variables }, headers: { 'content-type': 'application/json' } });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((error) => error.message).join('; '));
  return body.data as T;
}

const setPublicStatus = (api: APIRequestContext, enabled: boolean) =>
  graphql(api, 'mutation ($id: ID!, $on: Boolean!) { updateTenant(id: $id, input: { enablePublicStatusView: $on }) { id } }', { id: offer.tenantId, on: enabled });

/** Online payment and invoice on or off: with both on, the booking page offers the choice. */
const setPaymentApps = (api: APIRequestContext, active: boolean) =>
  graphql(api, 'mutation ($id: ID!, $apps: [TenantApplicationInput!]) { updateTenant(id: $id, input: { applications: $apps }) { id } }', {
    id: offer.tenantId,
    apps: [
      { id: 'giroCockpit', active },
      { id: 'invoice', active },
      // The demo's built-in test provider stays off here, so "off" means no online payment at all.
      { id: 'testPayment', active: false },
    ],
  });

/** How the demo tenant was before this file, restored afterwards for the other files. */
let tenantBefore: { enablePublicStatusView: boolean; privacyNotice: string; privacyPolicyLink: string; applications: { id: string; active: boolean }[] | null };

/** A guest's booking through the API, without a session (the owner would book free of charge). */
async function bookThroughApi(baseURL: string | undefined, date: string, from: string, to: string, name: string, mail: string): Promise<string> {
  const guest = await request.newContext({ baseURL });
  try {
    const data = await graphql<{ checkout: { id: string } }>(
      guest,
      'mutation ($tenantId: ID!, $input: CheckoutInput!) { checkout(tenantId: $tenantId, input: $input) { id } }',
      {
        tenantId: offer.tenantId,
        input: {
          bookableItems: [{ bookableId: offer.roomId, amount: 1 }],
          timeBegin: berlinInstant(date, from).toISOString(),
          timeEnd: berlinInstant(date, to).toISOString(),
          name,
          mail,
          attachmentStatus: [{ id: offer.rulesId, accepted: true }],
          // The room has a price and the demo tenant offers payment: the booking names how it is paid.
          paymentProvider: 'invoice',
        },
      },
    );
    return data.checkout.id;
  } finally {
    await guest.dispose();
  }
}

test.beforeAll(async ({ baseURL }) => {
  const api = await ownerApi(baseURL);
  const [tenant] = (await (await api.get('/api/tenants?publicTenants=true')).json()) as { id: string }[];
  offer = { tenantId: tenant.id, roomId: '', rulesId: '' };
  tenantBefore = (await graphql<{ tenant: typeof tenantBefore }>(api, 'query ($id: ID!) { tenant(id: $id) { enablePublicStatusView privacyNotice privacyPolicyLink applications { id active } } }', { id: tenant.id })).tenant;
  await setPublicStatus(api, true);
  await setPaymentApps(api, true);
  const created = await graphql<{ createBookable: { id: string; attachments: { id: string }[] } }>(
    api,
    'mutation ($tenantId: ID!, $input: BookableInput!) { createBookable(tenantId: $tenantId, input: $input) { id attachments { id } } }',
    {
      tenantId: tenant.id,
      input: {
        type: 'room',
        title: roomTitle,
        description: '<p>Heller Raum im ersten Stock für Sitzungen bis 20 Personen, mit Beamer und Flipchart.</p>',
        location: 'Rathausplatz 1, 12345 Musterstadt',
        imgUrl: `${baseURL}/favicon.svg`,
        amount: '1',
        isBookable: true,
        isPublic: true,
        isScheduleRelated: true,
        isOpeningHoursRelated: true,
        openingHours: [{ weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '08:00', endTime: '20:00' }],
        priceType: 'per_hour',
        priceCategories: [{ priceEur: '20', priceValueAddedTax: '0' }],
        attachments: [{ id: '', type: 'agreement', title: 'Hausordnung', caption: 'Regeln für die Räume des Rathauses.', url: 'https://www.musterstadt.example/hausordnung.pdf', required: true, show: true }],
      },
    },
  );
  offer = { tenantId: tenant.id, roomId: created.createBookable.id, rulesId: created.createBookable.attachments[0].id };
  await graphql(api, 'mutation ($tenantId: ID!, $input: CouponInput!) { createCoupon(tenantId: $tenantId, input: $input) { id } }', {
    tenantId: tenant.id,
    input: { id: couponCode, type: 'percentage', discount: 10, description: 'Vereinsrabatt' },
  });
  // Someone else has the room tomorrow morning: the grid shows those hours as booked.
  await bookThroughApi(baseURL, tomorrow, '08:00', '10:00', 'Otto Vorbucher', `otto.${stamp.toLowerCase()}@example.com`);
  await api.dispose();
});

test.afterAll(async ({ baseURL }) => {
  const api = await ownerApi(baseURL);
  await setPublicStatus(api, tenantBefore.enablePublicStatusView);
  await graphql(api, 'mutation ($id: ID!, $notice: String, $link: String) { updateTenant(id: $id, input: { privacyNotice: $notice, privacyPolicyLink: $link }) { id } }', {
    id: offer.tenantId,
    notice: tenantBefore.privacyNotice,
    link: tenantBefore.privacyPolicyLink,
  });
  await graphql(api, 'mutation ($id: ID!, $apps: [TenantApplicationInput!]) { updateTenant(id: $id, input: { applications: $apps }) { id } }', {
    id: offer.tenantId,
    apps: ['giroCockpit', 'invoice', 'testPayment'].map((id) => ({ id, active: tenantBefore.applications?.find((app) => app.id === id)?.active ?? false })),
  });
  await api.dispose();
});

const checkoutPath = () => `/checkout?id=${offer.roomId}&tenant=${offer.tenantId}&amount=1`;

async function openWeekOf(page: Page, date: string): Promise<void> {
  await expect(page.getByRole('grid')).toBeVisible();
  if (inNextWeek(date)) await page.getByRole('button', { name: /Nächste Woche/ }).click();
  await expect(slot(page, date, 12)).toBeVisible();
}

test('a citizen books two free hours with a coupon, gets the mail, checks the status and cancels', async ({ page }) => {
  const mail = `erika.${stamp.toLowerCase()}@example.com`;
  await page.goto(checkoutPath());
  await expect(page.getByRole('heading', { name: roomTitle })).toBeVisible();
  await expect(page).toHaveTitle('Buchungsplattform | Buchen');
  await expect(page.getByText('20,00 € pro Stunde')).toBeVisible();
  await expect(page.getByRole('img', { name: `Bild: ${roomTitle}` })).toBeVisible();
  await expect(page.getByText('Wählen Sie einen Zeitraum, um den Preis zu sehen.')).toBeVisible();

  // The grid: the hours booked by someone else, the closed evening left out, two free hours picked.
  await openWeekOf(page, tomorrow);
  await expect(slot(page, tomorrow, 8, 'belegt')).toBeVisible();
  await expect(slot(page, tomorrow, 20)).toHaveCount(0);
  await slot(page, tomorrow, 14).click();
  await slot(page, tomorrow, 15).click();
  await expect(slot(page, tomorrow, 14, 'gewählt')).toBeVisible();
  await expect(page.locator('.checkout-chosen')).toHaveText(`Gewählt: ${gridDayLabel(tomorrow).slice(0, 2)}, ${germanDate(tomorrow)}, 14:00–16:00 Uhr`);
  const total = page.getByTestId('checkout-total');
  await expect(total).toHaveText('40,00 €');
  await screenshot(page, 'public-booking-01-time-chosen');

  // The coupon lowers the price; an unknown one is refused at the field.
  await page.getByLabel('Gutscheincode (optional)').fill('GIBTESNICHT');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(toast(page, 'Gutschein ungültig')).toBeVisible();
  await expect(page.getByText('Der Gutscheincode ist unbekannt oder nicht mehr gültig.').first()).toBeVisible();
  await expect(total).toHaveText('40,00 €');
  await page.getByLabel('Gutscheincode (optional)').fill(couponCode);
  await page.getByLabel('Gutscheincode (optional)').press('Enter');
  await expect(total).toHaveText('36,00 €');
  await expect(page.getByText(`Gutschein ${couponCode}: −10 % (Vereinsrabatt)`)).toBeVisible();

  // The customer's data: the e-mail is checked as typed; the house rules must be accepted.
  await page.getByLabel('Vor- und Nachname').fill('Erika Mustermann');
  await page.getByLabel('E-Mail').fill('erika@');
  await page.getByLabel('Vor- und Nachname').focus();
  await expect(page.getByText('E-Mail muss gültig sein')).toBeVisible();
  await page.getByLabel('E-Mail').fill(mail);
  await expect(page.getByText('E-Mail muss gültig sein')).toHaveCount(0);
  await page.getByLabel('Straße und Hausnummer (optional)').fill('Hauptstraße 1');
  await page.getByLabel('PLZ (optional)').fill('12345');
  await page.getByLabel('Ort (optional)').fill('Musterstadt');
  await expect(page.getByRole('link', { name: 'Hausordnung öffnen (neues Fenster)' })).toHaveAttribute('href', 'https://www.musterstadt.example/hausordnung.pdf');
  await page.getByRole('button', { name: 'Buchung anfragen' }).click();
  await expect(toast(page, 'Validierungsfehler')).toBeVisible();
  const consent = page.getByRole('checkbox', { name: 'Ich habe „Hausordnung“ gelesen und akzeptiere es.' });
  await expect(consent).toBeFocused();
  await expect(page.getByText('Bitte bestätigen Sie „Hausordnung“.')).toBeVisible();
  await screenshot(page, 'public-booking-02-consent-missing');
  // As people do: a click on the text ticks the box.
  await page.getByText('Ich habe „Hausordnung“ gelesen und akzeptiere es.').click();
  await expect(consent).toBeChecked();
  await expect(page.getByText('Bitte bestätigen Sie „Hausordnung“.')).toHaveCount(0);
  // The booking asks how to pay among the payment applications that can take a payment (active and
  // complete; with a single one it is preselected).
  await expect(page.getByRole('radiogroup', { name: 'Zahlungsart' })).toBeVisible();
  await page.getByText('Rechnung', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Rechnung' })).toBeChecked();
  await page.getByRole('button', { name: 'Buchung anfragen' }).click();

  // The confirmation: received, waiting for release, the booking number, payment to follow.
  await expect(page).toHaveURL(/\/checkout\/status\?id=[A-Z]{4}-[A-Z]{4}&tenant=/);
  const bookingId = new URL(page.url()).searchParams.get('id') as string;
  await expect(page.getByRole('heading', { name: 'Anfrage eingegangen' })).toBeVisible();
  await expect(page.getByText('Ihre Buchungsanfrage ist eingegangen und wartet auf die Freigabe.')).toBeVisible();
  await expect(page.getByText(bookingId)).toBeVisible();
  await expect(page.getByText('36,00 €')).toBeVisible();
  await expect(page.getByText('Zahlung folgt: Die Rechnung erhalten Sie nach der Freigabe per E-Mail.')).toBeVisible();
  await expect(page.getByText(`Wir haben Ihnen eine Bestätigung an ${mail} gesendet.`)).toBeVisible();
  await screenshot(page, 'public-booking-03-confirmation');

  // The mail with the status link and the cancel link.
  const confirmation = await waitForMail(mail, REQUEST_SUBJECT);
  expect(confirmation.text).toContain(bookingId);
  const statusLink = confirmation.links.find((link) => link.includes(`/booking/status/${offer.tenantId}?id=${bookingId}`));
  expect(statusLink).toBeDefined();
  expect(confirmation.links.some((link) => link.includes(`/booking/request-reject/${offer.tenantId}?id=${bookingId}`))).toBe(true);

  await page.goto(statusLink as string);
  await expect(page.getByRole('heading', { name: 'Status Ihrer Buchung' })).toBeVisible();
  const facts = page.locator('.status-facts');
  await expect(facts.getByText('in Prüfung')).toBeVisible();
  await expect(facts.getByText('ausstehend')).toBeVisible();
  await expect(facts.getByText('bevorstehend')).toBeVisible();
  await expect(facts.getByText(roomTitle)).toBeVisible();
  await expect(facts.getByText('Erika Mustermann')).toBeVisible();
  await screenshot(page, 'public-booking-04-status');

  // The cancellation request checks the name first.
  await page.getByRole('link', { name: 'Stornierung anfragen' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/request-reject/${offer.tenantId}\\?id=${bookingId}`));
  await expect(page.getByLabel('Buchungsnummer')).toHaveValue(bookingId);
  await page.getByLabel('Name (wie bei der Buchung angegeben)').fill('Erika Falsch');
  await page.getByLabel('Grund der Stornierung (optional)').fill('Die Sitzung wurde verschoben.');
  await page.getByRole('button', { name: 'Stornierung anfragen' }).click();
  await expect(toast(page, 'Zugriff verweigert')).toBeVisible();
  await expect(page.getByText('Der Name passt nicht zu dieser Buchung.').first()).toBeVisible();
  await page.getByLabel('Name (wie bei der Buchung angegeben)').fill('erika mustermann');
  await page.getByRole('button', { name: 'Stornierung anfragen' }).click();
  await expect(page.getByText('Bitte bestätigen Sie die Stornierung')).toBeVisible();
  await screenshot(page, 'public-booking-05-cancellation-requested');

  // The mailed confirmation link shows the cancellation; only the button cancels.
  const request = await waitForMail(mail, 'Stornierungsanfrage');
  const confirmLink = request.links.find((link) => link.includes(`/booking/verify-reject/${offer.tenantId}?id=${bookingId}&hookId=`));
  expect(confirmLink).toBeDefined();
  await page.goto(confirmLink as string);
  await expect(page.getByRole('heading', { name: 'Stornierung bestätigen' })).toBeVisible();
  const pending = page.locator('.status-facts');
  await expect(pending.getByText(roomTitle)).toBeVisible();
  await expect(pending.getByText('Die Sitzung wurde verschoben.')).toBeVisible();
  await expect(pending.getByText('Link gültig bis')).toBeVisible();
  await screenshot(page, 'public-booking-06-confirm-cancellation');
  await page.getByRole('button', { name: 'Stornierung bestätigen' }).click();
  await expect(page.getByRole('heading', { name: 'Buchung storniert' })).toBeVisible();
  await expect(page.getByText(`Ihre Buchung ${bookingId} wurde storniert.`)).toBeVisible();
  const cancelled = await waitForMail(mail, 'Stornierung: Ihre Buchung');
  expect(cancelled.text).toContain('Die Sitzung wurde verschoben.');

  // The link works once; the status now reads cancelled.
  await page.goto(confirmLink as string);
  await expect(page.getByText('Der Link ist ungültig oder wurde bereits verwendet.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stornierung bestätigen' })).toHaveCount(0);
  await page.goto(statusLink as string);
  await expect(page.locator('.status-facts').getByText('storniert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Stornierung anfragen' })).toHaveCount(0);
});

test('someone without a mouse books an hour by keyboard alone', async ({ page }) => {
  const mail = `tastatur.${stamp.toLowerCase()}@example.com`;
  await page.goto(checkoutPath());
  await openWeekOf(page, dayAfter);

  // Into the grid with Tab, then to the wanted hour with the arrow keys.
  const tabUntil = async (isWanted: () => Promise<boolean>) => {
    for (let presses = 0; presses < 80 && !(await isWanted()); presses += 1) await page.keyboard.press('Tab');
    expect(await isWanted()).toBe(true);
  };
  await tabUntil(() => page.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell'));
  const position = async (cell: string) => (await page.locator(cell).getAttribute('data-cell'))!.split('-').map(Number);
  const [fromDay, fromRow] = await position('[role="gridcell"]:focus');
  const target = slot(page, dayAfter, 10);
  const [toDay, toRow] = (await target.getAttribute('data-cell'))!.split('-').map(Number);
  for (let step = fromDay; step < toDay; step += 1) await page.keyboard.press('ArrowRight');
  for (let step = fromDay; step > toDay; step -= 1) await page.keyboard.press('ArrowLeft');
  for (let step = fromRow; step < toRow; step += 1) await page.keyboard.press('ArrowDown');
  for (let step = fromRow; step > toRow; step -= 1) await page.keyboard.press('ArrowUp');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.locator('.checkout-chosen')).toHaveText(`Gewählt: ${gridDayLabel(dayAfter).slice(0, 2)}, ${germanDate(dayAfter)}, 10:00–11:00 Uhr`);
  await expect(page.getByTestId('checkout-total')).toHaveText('20,00 €');

  // The form by keyboard: Tab to each field, Space ticks, Enter sends.
  const focusedLabel = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? document.activeElement?.textContent ?? '');
  await tabUntil(async () => (await focusedLabel()).startsWith('Vor- und Nachname'));
  await page.keyboard.type('Tom Tastatur');
  await page.keyboard.press('Tab');
  await page.keyboard.type(mail);
  await tabUntil(async () => (await focusedLabel()).startsWith('Ich habe „Hausordnung“'));
  await page.keyboard.press('Space');
  // Only payment applications that can take a payment are offered (the demo's test provider and
  // invoice, in the tenant's order): Tab enters the choice at its first option, the arrow keys move within it.
  await tabUntil(async () => ['Testzahlung (nur Entwicklung)', 'Rechnung'].includes(await focusedLabel()));
  for (let presses = 0; presses < 3 && (await focusedLabel()) !== 'Rechnung'; presses += 1) await page.keyboard.press('ArrowDown');
  expect(await focusedLabel()).toBe('Rechnung');
  await page.keyboard.press('Space');
  await tabUntil(async () => (await focusedLabel()) === 'Buchung anfragen');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Anfrage eingegangen' })).toBeVisible();
  await expect(page.getByText('Zahlung folgt: Die Rechnung erhalten Sie nach der Freigabe per E-Mail.')).toBeVisible();
  await waitForMail(mail, REQUEST_SUBJECT);
});

test('an object for named people asks a guest to sign in and leads back to the booking page afterwards', async ({ page, baseURL }) => {
  const staff = { id: 'mitarbeiter@example.com', password: 'demo-mitarbeiter' };
  const api = await ownerApi(baseURL);
  const title = `Besprechungsraum nur Personal ${stamp}`;
  const created = await graphql<{ createBookable: { id: string } }>(
    api,
    'mutation ($tenantId: ID!, $input: BookableInput!) { createBookable(tenantId: $tenantId, input: $input) { id } }',
    { tenantId: offer.tenantId, input: { type: 'room', title, amount: '1', isBookable: true, isPublic: true, permittedUsers: [staff.id] } },
  );
  await api.dispose();
  const path = `/checkout?id=${created.createBookable.id}&tenant=${offer.tenantId}&amount=1`;

  await page.goto(path);
  await expect(page.getByText('Anmeldung erforderlich')).toBeVisible();
  await expect(page.getByText('Buchungsobjekt nicht gefunden')).toHaveCount(0);
  await screenshot(page, 'checkout-anmeldung-erforderlich');
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);
  await page.getByLabel('E-Mail').fill(staff.id);
  await page.getByLabel('Passwort', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?id=${created.createBookable.id}&tenant=${offer.tenantId}&amount=1$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('the public pages fit a phone without scrolling sideways', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const bookingId = await bookThroughApi(baseURL, dayAfter, '15:00', '16:00', 'Paula Phone', `phone.${stamp.toLowerCase()}@example.com`);
  const fitsTheWidth = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await page.goto(checkoutPath());
  // A phone starts with one day and a row of day buttons.
  await expect(page.getByRole('button', { name: 'Tag', exact: true, pressed: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tag wählen' })).toBeVisible();
  if (inNextWeek(dayAfter)) await page.getByRole('button', { name: /Nächste Woche/ }).click();
  await page.getByRole('button', { name: gridDayLabel(dayAfter) }).click();
  await expect(slot(page, dayAfter, 15, 'belegt')).toBeVisible();
  await slot(page, dayAfter, 17).click();
  await fitsTheWidth();
  await screenshot(page, 'public-booking-07-phone-checkout');
  await page.getByRole('button', { name: 'Woche', exact: true }).click();
  await expect(page.getByRole('columnheader')).toHaveCount(8);
  await fitsTheWidth();

  await page.goto(`/booking/status/${offer.tenantId}?id=${bookingId}&name=Paula%20Phone`);
  await expect(page.locator('.status-facts').getByText('in Prüfung')).toBeVisible();
  await expect(page.locator('.status-facts').getByText('ausstehend')).toBeVisible();
  await fitsTheWidth();
  await screenshot(page, 'public-booking-08-phone-status');
  await page.goto(`/booking/request-reject/${offer.tenantId}?id=${bookingId}`);
  await expect(page.getByLabel('Buchungsnummer')).toHaveValue(bookingId);
  await fitsTheWidth();
});

test('the status page says "nicht verfügbar" where the tenant switched the public status off', async ({ page, baseURL }) => {
  const bookingId = await bookThroughApi(baseURL, dayAfter, '18:00', '19:00', 'Nina Nichtoeffentlich', `nina.${stamp.toLowerCase()}@example.com`);
  const api = await ownerApi(baseURL);
  await setPublicStatus(api, false);
  try {
    await page.goto(`/booking/status/${offer.tenantId}?id=${bookingId}&name=Nina%20Nichtoeffentlich`);
    await expect(page.getByText('Status nicht verfügbar')).toBeVisible();
    await expect(page.getByText('Der öffentliche Buchungsstatus ist für diesen Mandanten nicht freigeschaltet.')).toBeVisible();
    await screenshot(page, 'public-booking-09-status-disabled');
    // Asking without the name in the link gets the same answer.
    await page.goto(`/booking/status/${offer.tenantId}`);
    await page.getByLabel('Buchungsnummer').fill(bookingId.toLowerCase());
    await page.getByLabel('Name (wie bei der Buchung angegeben)').fill('Nina Nichtoeffentlich');
    await page.getByRole('button', { name: 'Status anzeigen' }).click();
    await expect(page.getByText('Der öffentliche Buchungsstatus ist für diesen Mandanten nicht freigeschaltet.')).toBeVisible();
  } finally {
    await setPublicStatus(api, true);
    await api.dispose();
  }
});

test('the booking page does without the socket client, which the admin frame loads for its live updates', async ({ page, baseURL }) => {
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('.js')) scripts.push(new URL(sent.url()).pathname);
  });
  let sockets = 0;
  page.on('websocket', () => (sockets += 1));
  await page.goto(checkoutPath());
  await expect(page.getByRole('grid')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /subscriptionLink|AdminLayout|DashboardPage/.test(path))).toEqual([]);
  expect(sockets).toBe(0);

  // Signed in, the frame subscribes: a profile change made elsewhere shows without a reload.
  const socket = page.waitForEvent('websocket', (opened) => opened.url().endsWith('/graphql'));
  await signInAndSelectDemoTenant(page);
  await socket;
  const api = await ownerApi(baseURL);
  const rename = (firstName: string) => graphql(api, 'mutation ($firstName: String) { updateProfile(input: { firstName: $firstName }) { id } }', { firstName });
  try {
    await rename('Ina');
    await expect(page.getByRole('button', { name: 'Ina' })).toBeVisible();
  } finally {
    await rename('Ines');
    await api.dispose();
  }
});

test('the owner sets the privacy notice and link in the tenant editor; the booking page shows them beside the submit button', async ({ page, baseURL }) => {
  const notice = `Wir verwenden Ihre Angaben nur für diese Buchung (${stamp}).`;
  const link = 'https://www.musterstadt.example/datenschutz';

  // Nothing set: the booking page shows no notice and no link.
  const api = await ownerApi(baseURL);
  await graphql(api, 'mutation ($id: ID!) { updateTenant(id: $id, input: { privacyNotice: "", privacyPolicyLink: "" }) { id } }', { id: offer.tenantId });
  await api.dispose();
  await page.goto(checkoutPath());
  await expect(page.getByRole('button', { name: 'Buchung anfragen' })).toBeVisible();
  await expect(page.locator('.checkout-privacy')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Datenschutzerklärung/ })).toHaveCount(0);

  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/mandanten');
  const noticeField = page.getByLabel('Datenschutzhinweis');
  const linkField = page.getByLabel('Link zur Datenschutzerklärung');
  await noticeField.fill(notice);
  // Only https: a plain http address is refused at the field, in German.
  await linkField.fill('http://www.musterstadt.example/datenschutz');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Ungültige URL: Bitte eine vollständige https-Adresse angeben.')).toBeVisible();
  await linkField.fill(link);
  await expect(page.getByText('Ungültige URL: Bitte eine vollständige https-Adresse angeben.')).toBeHidden();
  await expectNoSeriousAxeFindings(page, '/admin/mandanten (Datenschutz)');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Änderungen wurden erfolgreich gespeichert.')).toBeVisible();
  await page.reload();
  await expect(noticeField).toHaveValue(notice);
  await expect(linkField).toHaveValue(link);

  // The booking page, as anyone sees it: the notice and the link, opening in a new tab.
  await page.context().clearCookies();
  await page.goto(checkoutPath());
  const side = page.getByRole('complementary', { name: 'Preis und Buchung' });
  await expect(side.locator('.checkout-privacy')).toContainText(notice);
  const statement = side.getByRole('link', { name: /Datenschutzerklärung/ });
  await expect(statement).toHaveAttribute('href', link);
  await expect(statement).toHaveAttribute('target', '_blank');
  await expect(statement).toHaveAttribute('rel', /\bnoopener\b/);
  await screenshot(page, 'public-booking-13-privacy-notice');
});

for (const theme of ['light', 'dark'] as const) {
  test(`every public booking page passes axe (WCAG 2.1 A/AA) in the ${theme} theme`, async ({ page, baseURL }) => {
    await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    const name = `Anna Axe ${theme}`;
    const bookingId = await bookThroughApi(baseURL, dayAfter, theme === 'light' ? '12:00' : '13:00', theme === 'light' ? '13:00' : '14:00', name, `axe.${theme}.${stamp.toLowerCase()}@example.com`);

    const expectNoSeriousViolations = async (what: string) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      // axe did look (colour contrast among its checks), so an empty list means something.
      expect(results.passes.map((rule) => rule.id)).toContain('color-contrast');
      const severe = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(severe.map((violation) => `${what}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    };

    await page.goto(checkoutPath());
    await openWeekOf(page, tomorrow);
    await slot(page, tomorrow, 16).click();
    await page.getByRole('button', { name: 'Buchung anfragen' }).click();
    await expect(page.getByText('Pflichtfeld').first()).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText('20,00 €');
    await expectNoSeriousViolations('/checkout');
    await screenshot(page, `public-booking-10-axe-checkout-${theme}`);

    await page.goto(`/checkout/status?id=${bookingId}&tenant=${offer.tenantId}`);
    await expect(page.getByText(bookingId)).toBeVisible();
    await expectNoSeriousViolations('/checkout/status');

    await page.goto(`/booking/status/${offer.tenantId}?id=${bookingId}&name=${encodeURIComponent(name)}`);
    await expect(page.locator('.status-facts').getByText('in Prüfung')).toBeVisible();
    await expectNoSeriousViolations('/booking/status');
    await page.goto(`/booking/status/${offer.tenantId}`);
    await page.getByRole('button', { name: 'Status anzeigen' }).click();
    await expect(page.getByText('Pflichtfeld').first()).toBeVisible();
    await expectNoSeriousViolations('/booking/status (Formular)');

    await page.goto(`/booking/request-reject/${offer.tenantId}?id=${bookingId}`);
    await expect(page.getByLabel('Buchungsnummer')).toHaveValue(bookingId);
    await expectNoSeriousViolations('/booking/request-reject');

    await page.goto(`/booking/verify-reject/${offer.tenantId}?id=${bookingId}&hookId=unbekannt`);
    await expect(page.getByText('Der Link ist ungültig oder wurde bereits verwendet.').first()).toBeVisible();
    await expectNoSeriousViolations('/booking/verify-reject');
    await screenshot(page, `public-booking-11-axe-verify-reject-${theme}`);
  });
}

/** The demo's objects by title (seeded: the room open on workdays only, the clubhouse asking for the occasion in the comment). */
async function demoObjectId(title: string): Promise<string> {
  const guest = await request.newContext({ baseURL: baseUrl() });
  try {
    const { publicBookables } = await graphql<{ publicBookables: { id: string; title: string }[] }>(guest, 'query ($tenantId: ID!) { publicBookables(tenantId: $tenantId) { id title } }', { tenantId: offer.tenantId });
    return publicBookables.find((bookable) => bookable.title === title)!.id;
  } finally {
    await guest.dispose();
  }
}

/** A public room of the tenant made for one state of the booking page (not bookable, or for named people only). */
async function roomFor(baseURL: string | undefined, title: string, input: Record<string, unknown>): Promise<string> {
  const api = await ownerApi(baseURL);
  const created = await graphql<{ createBookable: { id: string } }>(api, 'mutation ($tenantId: ID!, $input: BookableInput!) { createBookable(tenantId: $tenantId, input: $input) { id } }', {
    tenantId: offer.tenantId,
    input: { type: 'room', title, amount: '1', isPublic: true, ...input },
  });
  await api.dispose();
  return created.createBookable.id;
}

for (const theme of ['light', 'dark'] as const) {
  test(`the booking page passes axe with a sound structure in each of its states (${theme} theme)`, async ({ page, baseURL }) => {
    // Eight states, each with two axe runs.
    test.setTimeout(240_000);
    await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    const closedRoomId = await demoObjectId('Seminarraum im Rathaus');
    const notBookableId = await roomFor(baseURL, `Archivraum ${theme} ${stamp}`, { isBookable: false });
    const namedPeopleId = await roomFor(baseURL, `Personalraum ${theme} ${stamp}`, { isBookable: true, permittedUsers: ['mitarbeiter@example.com'] });
    // An hour of the day after tomorrow that the earlier tests of this file leave free.
    const bookingId = await bookThroughApi(baseURL, dayAfter, theme === 'light' ? '14:00' : '16:00', theme === 'light' ? '15:00' : '17:00', `Berta Bau ${theme}`, `bau.${theme}.${stamp.toLowerCase()}@example.com`);
    const check = (state: string) => expectAccessiblePage(page, `/checkout, ${state} [${theme}]`);

    // The demo room is closed at weekends: next week's Saturday and Sunday are closed hours, none past yet.
    await page.goto(`/checkout?id=${closedRoomId}&tenant=${offer.tenantId}&amount=1`);
    await expect(page.getByRole('grid')).toBeVisible();
    await page.getByRole('button', { name: /Nächste Woche/ }).click();
    await expect(page.getByRole('gridcell', { name: /, 10:00 bis 11:00 Uhr: zu, geschlossen$/ })).toHaveCount(2);
    await expect(page.getByText('Wählen Sie einen Zeitraum, um den Preis zu sehen.')).toBeVisible();
    await check('leer');

    await slot(page, nextMonday, 10).click();
    await expect(slot(page, nextMonday, 10, 'gewählt')).toBeVisible();
    await expect(page.getByTestId('checkout-total')).not.toBeEmpty();
    await expect(page.getByRole('radiogroup', { name: 'Zahlungsart' })).toBeVisible();
    await check('Zeitraum gewählt, Preis und Zahlungsarten');

    await page.getByLabel('Gutscheincode (optional)').fill('GIBTESNICHT');
    await page.getByRole('button', { name: 'Einlösen' }).click();
    await expect(page.getByText('Der Gutscheincode ist unbekannt oder nicht mehr gültig.').first()).toBeVisible();
    await check('Gutschein abgelehnt');

    // The demo room is released at once: its button books.
    await page.getByRole('button', { name: 'Jetzt buchen' }).click();
    await expect(page.getByLabel('Vor- und Nachname')).toHaveAttribute('aria-invalid', 'true');
    await check('Fehler nach dem Absenden');

    await page.goto(`/checkout?id=${notBookableId}&tenant=${offer.tenantId}&amount=1`);
    await expect(page.getByText('Derzeit nicht buchbar')).toBeVisible();
    await check('nicht buchbar');

    await page.goto(`/checkout?id=${namedPeopleId}&tenant=${offer.tenantId}&amount=1`);
    await expect(page.getByText('Anmeldung erforderlich')).toBeVisible();
    await check('Anmeldung erforderlich');

    await page.goto(`/checkout/status?id=${bookingId}&tenant=${offer.tenantId}`);
    await expect(page.getByText(bookingId)).toBeVisible();
    await check('Bestätigung');

    await page.goto('/checkout');
    await expect(page.getByText('Der Link nennt kein Buchungsobjekt.', { exact: false })).toBeVisible();
    await check('unvollständiger Link');
  });
}

test('an object that requires a comment says at the comment field what it should say', async ({ page }) => {
  await page.goto(`/checkout?id=${await demoObjectId('Vereinsheim am Sportplatz')}&tenant=${offer.tenantId}&amount=1`);
  const comment = page.getByLabel('Hinweise zur Buchung');
  await expect(comment).toHaveAccessibleDescription('Bitte nennen Sie im Kommentar den Anlass Ihrer Buchung.');
  await expect(page.locator('.checkout-comment-hint')).toBeVisible();
  await screenshot(page, 'public-booking-14-comment-hint');
  // An object without a required comment keeps its notes for the mails.
  await page.goto(checkoutPath());
  await expect(page.getByLabel('Hinweise zur Buchung (optional)')).toHaveAccessibleDescription('');
});

// Last in this file: it uses up this browser's wrong-name attempts for 15 minutes.
test('after too many wrong names the status page says when to try again, also for the right name', async ({ page, baseURL }) => {
  const name = `Rita Raten ${stamp}`;
  const bookingId = await bookThroughApi(baseURL, dayAfter, '08:00', '09:00', name, `raten.${stamp.toLowerCase()}@example.com`);
  const tooMany = page.locator('.public-callout').filter({ hasText: /Zu viele Versuche\. Bitte versuchen Sie es in \d+ Minuten erneut\./ });
  await page.goto(`/booking/status/${offer.tenantId}?id=${bookingId}`);
  const nameField = page.getByLabel('Name (wie bei der Buchung angegeben)');
  const lookUp = async (tried: string) => {
    await nameField.fill(tried);
    const answered = page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('PublicBookingStatus'));
    await page.getByRole('button', { name: 'Status anzeigen' }).click();
    return (await answered).status();
  };
  // Ten wrong names at most (this address may have guessed before), each answered at the field.
  let status = 0;
  for (let guess = 1; guess <= 11 && status !== 429; guess++) status = await lookUp(`Falscher Name ${guess}`);
  expect(status).toBe(429);
  await expect(tooMany).toBeVisible();
  expect(await lookUp(name)).toBe(429);
  await expect(tooMany).toBeVisible();
  await expect(page.locator('.status-facts')).toHaveCount(0);
  await screenshot(page, 'public-booking-12-status-too-many-attempts');
});
