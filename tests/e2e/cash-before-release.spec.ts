import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { addDays, berlinInstant, berlinToday } from '../../common/time/berlin.js';
import { baseUrl, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * Paid in cash before the release: a citizen books the priced venue choosing the invoice; a staff
 * member ticks "Bezahlt" with the method "Bar", then releases the booking. The customer's
 * confirmation carries the receipt and says what was paid; the staff list shows how the booking
 * was paid beside the citizen's choice. The booking is removed afterwards.
 */
test.describe.configure({ mode: 'serial' });

const TENANT_NAME = 'Rathaus Musterstadt';
const CUSTOMER = { name: 'Clara Barzahl', mail: 'clara.barzahl@example.com' };
const PAID_WAY = 'Bar (gewählt: Rechnung)';
let owner: APIRequestContext;
let tenantId: string;
let booking: { id: string; priceEur: number };

const euro = (value: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(value).replace(/\u00a0/g, ' ');
const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const rowOf = (page: Page, id: string) => page.getByRole('table', { name: 'Buchungen' }).getByRole('row').filter({ hasText: id });

/** A Wednesday `weeks` weeks ahead, 14:00 to 16:00 Berlin time (no other spec books it). */
function wednesdayAfternoon(weeks: number) {
  const today = berlinToday(new Date());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const wednesday = addDays(today, 7 * weeks + ((10 - weekday) % 7 || 7));
  return { timeBegin: berlinInstant(wednesday, '14:00').toISOString(), timeEnd: berlinInstant(wednesday, '16:00').toISOString() };
}

async function openRowMenu(page: Page, id: string) {
  // A menu closed a moment ago may still be fading out.
  await expect(page.getByRole('menu', { name: /^Aktionen für Buchung/ })).toHaveCount(0);
  await rowOf(page, id).getByRole('button', { name: `Aktionen für Buchung ${id}` }).click();
  return page.getByRole('menu', { name: `Aktionen für Buchung ${id}` });
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  const { publicBookables } = await graphql<{ publicBookables: { id: string; title: string }[] }>(owner, 'query($t: ID!) { publicBookables(tenantId: $t) { id title } }', { t: tenantId });
  const venueId = publicBookables.find((bookable) => bookable.title === 'Bürgerhaus Musterstadt')!.id;
  const guest = await request.newContext({ baseURL: baseUrl() });
  const { checkout } = await graphql<{ checkout: { id: string; priceEur: number; isCommitted: boolean } }>(
    guest,
    'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id priceEur isCommitted } }',
    { t: tenantId, input: { bookableItems: [{ bookableId: venueId, amount: 1 }], ...wednesdayAfternoon(17), ...CUSTOMER, paymentProvider: 'invoice' } },
  );
  await guest.dispose();
  expect(checkout.isCommitted).toBe(false);
  expect(checkout.priceEur).toBeGreaterThan(0);
  booking = checkout;
});

test.afterAll(async () => {
  if (booking) await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteBooking(tenantId: $t, id: $id) }', { t: tenantId, id: booking.id });
  await owner.dispose();
});

test('staff mark a pending booking paid in cash and release it: the confirmation carries the receipt and says what was paid', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.getByLabel('Buchungen durchsuchen').fill(booking.id);
  const row = rowOf(page, booking.id);
  // Before any payment the list shows the citizen's choice, not "Unbekannt".
  await expect(row).toContainText('ausstehend');
  await expect(row.getByRole('cell', { name: 'Rechnung', exact: true })).toBeVisible();

  // Paid in cash at the counter.
  await (await openRowMenu(page, booking.id)).getByRole('menuitem', { name: 'Bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: `Buchung ${booking.id} bearbeiten` });
  await edit.getByLabel('Zahlungsmethode').selectOption('CASH');
  await edit.getByText('Bezahlt', { exact: true }).click();
  await screenshot(page, 'cash-before-release-01-paid');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(edit).toBeHidden();
  await expect(toast(page, 'Buchung bearbeitet')).toBeVisible();
  await expect(row).toContainText('bezahlt');
  await expect(row.getByRole('cell', { name: PAID_WAY, exact: true })).toBeVisible();
  // The tenant hears of the payment; the customer hears nothing before the release.
  const notice = await waitForMail('rathaus@example.com', `Zahlung eingegangen: Buchung ${booking.id}`);
  expect(notice.text).toContain(`Zahlungsart: ${PAID_WAY}`);

  // Released: the confirmation with the receipt.
  await (await openRowMenu(page, booking.id)).getByRole('menuitem', { name: 'Buchung freigeben' }).click();
  await expect(toast(page, 'Buchung freigegeben')).toBeVisible();
  await expect(row).toContainText('freigegeben');
  await expect(row.getByRole('cell', { name: PAID_WAY, exact: true })).toBeVisible();
  await screenshot(page, 'cash-before-release-02-released');

  const confirmation = await waitForMail(CUSTOMER.mail, `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`);
  const receipts = confirmation.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
  expect(receipts.map((receipt) => receipt.filename)).toEqual([expect.stringMatching(/^Zahlungsbeleg-/)]);
  expect(confirmation.text).toContain(`Bezahlt: ${euro(booking.priceEur)}`);
  expect(confirmation.text).toContain(`Zahlungsart: ${PAID_WAY}`);
  expect(confirmation.text).toContain('Den Zahlungsbeleg finden Sie im Anhang.');
  expect(confirmation.text).not.toContain('nichts zu bezahlen');

  // The details show the same phrase and the receipt among the documents.
  await (await openRowMenu(page, booking.id)).getByRole('menuitem', { name: 'Details anzeigen' }).click();
  const details = page.getByRole('dialog', { name: `Buchung ${booking.id}` });
  await expect(details.getByRole('definition').filter({ hasText: PAID_WAY })).toBeVisible();
  await expect(details).not.toContainText('Unbekannt');
  await expect(details.getByRole('list', { name: 'Belege' }).getByRole('link', { name: /^Zahlungsbeleg / })).toBeVisible();
  await screenshot(page, 'cash-before-release-03-details');
});
