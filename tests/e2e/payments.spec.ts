import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { addDays, berlinInstant, berlinToday } from '../../common/time/berlin.js';
import { activateStandInPayments, baseUrl, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * Money as a citizen and the staff meet it, against the local stand-in of the payment providers
 * (tests/support/payment-providers.ts, started by the e2e runner): the demo tenant offers online
 * payment (giroCockpit) and invoice. A citizen's booking of the priced venue is released; the link
 * of the payment request mail forwards to the provider's page, "Bezahlen" sends her back, and the
 * confirmation says "Zahlung erfolgreich"; the confirmation mail carries the receipt. Staff see the
 * booking paid with its receipt; an invoice booking, once released, has its invoice. Afterwards
 * the payment apps are as before. (The document templates' previews: room-payment-journeys.spec.ts.)
 */
test.describe.configure({ mode: 'serial' });

const TENANT_NAME = 'Rathaus Musterstadt';
let owner: APIRequestContext;
let tenantId: string;
let venueId: string;
let restorePayments: () => Promise<void>;
const bookings = { online: '', invoice: '' };

/** A Tuesday `weeks` weeks ahead, 10:00 to 12:00 Berlin time. */
function tuesdayMorning(weeks: number) {
  const today = berlinToday(new Date());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const tuesday = addDays(today, 7 * weeks + ((9 - weekday) % 7 || 7));
  return { timeBegin: berlinInstant(tuesday, '10:00').toISOString(), timeEnd: berlinInstant(tuesday, '12:00').toISOString() };
}

async function bookAndRelease(name: string, mail: string, paymentProvider: string, weeks: number): Promise<string> {
  const guest = await request.newContext({ baseURL: baseUrl() });
  const { checkout } = await graphql<{ checkout: { id: string } }>(guest, 'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: { bookableItems: [{ bookableId: venueId, amount: 1 }], ...tuesdayMorning(weeks), name, mail, paymentProvider },
  });
  await guest.dispose();
  await graphql(owner, 'mutation($t: ID!, $id: ID!) { commitBooking(tenantId: $t, id: $id) { id } }', { t: tenantId, id: checkout.id });
  return checkout.id;
}

async function openDetails(page: Page, bookingId: string) {
  await signInAndSelectDemoTenant(page);
  await page.getByLabel('Buchungen durchsuchen').fill(bookingId);
  await page.getByRole('button', { name: `Aktionen für Buchung ${bookingId}` }).click();
  await page.getByRole('menuitem', { name: 'Details anzeigen' }).click();
  return page.getByRole('dialog', { name: `Buchung ${bookingId}` });
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  restorePayments = await activateStandInPayments(owner, tenantId, 'Saal');
  const { publicBookables } = await graphql<{ publicBookables: { id: string; title: string }[] }>(owner, 'query($t: ID!) { publicBookables(tenantId: $t) { id title } }', { t: tenantId });
  venueId = publicBookables.find((bookable) => bookable.title === 'Bürgerhaus Musterstadt')!.id;
});

test.afterAll(async () => {
  await restorePayments();
  await owner.dispose();
});

test('a citizen pays a released booking online through the link of the mail and gets the receipt', async ({ browser }) => {
  bookings.online = await bookAndRelease('Olga Online', 'olga.online@example.com', 'giroCockpit', 14);
  const request = await waitForMail('olga.online@example.com', `Bitte schließen Sie Ihre Buchung im ${TENANT_NAME} ab`);
  const link = request.links.find((href) => href.includes('/payment/redirection'))!;
  expect(link).toContain(`id=${bookings.online}`);

  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  // The stand-in's payment page: the purpose names the booking, "Bezahlen" pays.
  await expect(page.getByText(bookings.online).first()).toBeVisible();
  await screenshot(page, 'payments-01-provider');
  await page.getByRole('button', { name: 'Bezahlen' }).click();

  await expect(page).toHaveURL(/\/checkout\/status\?/);
  await expect(page.getByText('Zahlung erfolgreich')).toBeVisible();
  await expect(page.getByText(bookings.online)).toBeVisible();
  await screenshot(page, 'payments-02-paid');
  const confirmation = await waitForMail('olga.online@example.com', `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`);
  expect(confirmation.attachments.map((attachment) => attachment.contentType)).toContain('application/pdf');

  // Paid already: the link now says so instead of starting another payment.
  await page.goto(link);
  await expect(page.getByText('Die Buchung ist bereits bezahlt.')).toBeVisible();
  await page.context().close();
});

test('staff see the online booking paid with its receipt, and the invoice of a released invoice booking', async ({ page }) => {
  const details = await openDetails(page, bookings.online);
  await expect(details).toContainText('bezahlt');
  await expect(details.getByRole('list', { name: 'Belege' }).getByRole('link', { name: /^Zahlungsbeleg / })).toBeVisible();
  await screenshot(page, 'payments-03-receipt');
  await details.getByRole('button', { name: 'Schließen', exact: true }).last().click();

  bookings.invoice = await bookAndRelease('Ines Invoice', 'ines.invoice@example.com', 'invoice', 15);
  const invoiceMail = await waitForMail('ines.invoice@example.com', `Bitte schließen Sie Ihre Buchung im ${TENANT_NAME} ab`);
  expect(invoiceMail.attachments.map((attachment) => attachment.contentType)).toContain('application/pdf');
  await page.getByLabel('Buchungen durchsuchen').fill(bookings.invoice);
  await page.getByRole('button', { name: `Aktionen für Buchung ${bookings.invoice}` }).click();
  await page.getByRole('menuitem', { name: 'Details anzeigen' }).click();
  const invoiceDetails = page.getByRole('dialog', { name: `Buchung ${bookings.invoice}` });
  await expect(invoiceDetails.getByRole('list', { name: 'Belege' }).getByRole('link', { name: /^Rechnung / })).toBeVisible();
  await screenshot(page, 'payments-04-invoice');
});
