import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { addDays, berlinInstant, berlinToday } from '../../common/time/berlin.js';
import { baseUrl, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * Paying in the demo without any provider: the seeded demo tenant offers the built-in test
 * provider. A citizen's booking of the priced venue is released; the link of the payment request
 * mail leads to the product's own test page ("Testzahlung" with amount, tenant and purpose);
 * "Bezahlen" ends on "Zahlung erfolgreich", "Abbrechen" on "Zahlung fehlgeschlagen".
 */
test.describe.configure({ mode: 'serial' });

const TENANT_NAME = 'Rathaus Musterstadt';
let owner: APIRequestContext;
let tenantId: string;
let venueId: string;

/** A Thursday `weeks` weeks ahead, 14:00 to 16:00 Berlin time (no other file books then). */
function thursdayAfternoon(weeks: number) {
  const today = berlinToday(new Date());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const thursday = addDays(today, 7 * weeks + ((11 - weekday) % 7 || 7));
  return { timeBegin: berlinInstant(thursday, '14:00').toISOString(), timeEnd: berlinInstant(thursday, '16:00').toISOString() };
}

async function bookAndRelease(name: string, mail: string, weeks: number): Promise<string> {
  const guest = await request.newContext({ baseURL: baseUrl() });
  const { checkout } = await graphql<{ checkout: { id: string } }>(guest, 'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: { bookableItems: [{ bookableId: venueId, amount: 1 }], ...thursdayAfternoon(weeks), name, mail, paymentProvider: 'testPayment' },
  });
  await guest.dispose();
  await graphql(owner, 'mutation($t: ID!, $id: ID!) { commitBooking(tenantId: $t, id: $id) { id } }', { t: tenantId, id: checkout.id });
  return checkout.id;
}

async function paymentLink(mail: string, bookingId: string): Promise<string> {
  const requestMail = await waitForMail(mail, `Bitte schließen Sie Ihre Buchung im ${TENANT_NAME} ab`);
  const link = requestMail.links.find((href) => href.includes('/payment/redirection'))!;
  expect(link).toContain(`id=${bookingId}`);
  return link;
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  const { paymentApps } = await graphql<{ paymentApps: { id: string }[] }>(owner, 'query($t: ID!) { paymentApps(tenantId: $t) { id } }', { t: tenantId });
  expect(paymentApps.map((app) => app.id)).toContain('testPayment');
  const { publicBookables } = await graphql<{ publicBookables: { id: string; title: string }[] }>(owner, 'query($t: ID!) { publicBookables(tenantId: $t) { id title } }', { t: tenantId });
  venueId = publicBookables.find((bookable) => bookable.title === 'Bürgerhaus Musterstadt')!.id;
});

test.afterAll(async () => owner.dispose());

test('a citizen pays on the test page and sees "Zahlung erfolgreich"', async ({ browser }) => {
  const bookingId = await bookAndRelease('Tilda Test', 'tilda.test@example.com', 30);
  const link = await paymentLink('tilda.test@example.com', bookingId);

  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page).toHaveURL(/\/payment\/test\//);
  await expect(page.getByRole('heading', { name: 'Testzahlung' })).toBeVisible();
  await expect(page.getByText(TENANT_NAME)).toBeVisible();
  await expect(page.getByText(bookingId)).toBeVisible();
  await expect(page.getByText(/\d+,\d{2} €/)).toBeVisible();
  await screenshot(page, 'test-payment-01-page');
  await page.getByRole('button', { name: 'Bezahlen' }).click();

  await expect(page).toHaveURL(/\/checkout\/status\?/);
  await expect(page.getByText('Zahlung erfolgreich')).toBeVisible();
  await screenshot(page, 'test-payment-02-paid');
  const confirmation = await waitForMail('tilda.test@example.com', `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`);
  expect(confirmation.attachments.map((attachment) => attachment.contentType)).toContain('application/pdf');
  await page.context().close();
});

test('"Abbrechen" on the test page ends on "Zahlung fehlgeschlagen"', async ({ browser }) => {
  const bookingId = await bookAndRelease('Theo Test', 'theo.test@example.com', 31);
  const link = await paymentLink('theo.test@example.com', bookingId);
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(/outcome=failed/);
  await expect(page.getByText('Zahlung fehlgeschlagen')).toBeVisible();
  await page.context().close();
});

test('the tenant editor lists the test provider among the payment methods, active in the demo', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/mandanten');
  // The innermost section with that heading (the "Zahlungsmethoden" section holds it too).
  const panel = page.locator('.bp6-section').filter({ has: page.getByRole('heading', { name: 'Testzahlung (nur Entwicklung)', exact: true }) }).last();
  await expect(panel.getByText('aktiv', { exact: true })).toBeVisible();
  await panel.getByRole('heading', { name: 'Testzahlung (nur Entwicklung)', exact: true }).click();
  await expect(panel.getByText('Es fließt kein Geld.', { exact: false })).toBeVisible();
  await screenshot(page, 'test-payment-03-tenant-editor');
});
