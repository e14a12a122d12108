import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { baseUrl, expectNoSeriousAxeFindings, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * Privacy for the tenant's owner: the retention months are set on the tenant's page; on the
 * "Datenschutz" screen a customer's mail address finds the booking, the report downloads as JSON,
 * and the erasure runs after a confirmation and shows its result. axe finds nothing serious, in the
 * light and the dark theme. The object and the booking are this file's own; the retention months
 * are restored afterwards.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toLowerCase();
const ROOM = `Datenschutzraum ${stamp}`;
const MAIL = `dora.datenschutz.${stamp}@example.com`;
const RETENTION_LABEL = 'Kundendaten abgeschlossener Buchungen aufbewahren (Monate)';

let owner: APIRequestContext;
let tenantId: string;
let roomId: string;
let bookingId: string;
let retentionBefore: number;

const retentionNow = async () => (await graphql<{ tenant: { retentionMonths: number } }>(owner, 'query ($id: ID!) { tenant(id: $id) { retentionMonths } }', { id: tenantId })).tenant.retentionMonths;

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  retentionBefore = await retentionNow();
  const created = await graphql<{ createBookable: { id: string } }>(owner, 'mutation ($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: { type: 'room', title: ROOM, location: 'Rathausplatz 1', isBookable: true, isPublic: true, autoCommitBooking: false, priceType: 'per_item', priceValueAddedTax: '19', priceCategories: [{ priceEur: '40' }] },
  });
  roomId = created.createBookable.id;
  // A request without a time that was never released: finished for its data, so it may be erased.
  const guest = await request.newContext({ baseURL: baseUrl() });
  const { checkout } = await graphql<{ checkout: { id: string } }>(guest, 'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: { bookableItems: [{ bookableId: roomId, amount: 1 }], name: 'Dora Datenschutz', mail: MAIL, phone: '0171 4711', comment: 'Bitte mit Beamer', paymentProvider: 'invoice' },
  });
  bookingId = checkout.id;
  await guest.dispose();
});

test.afterAll(async () => {
  if (bookingId) await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteBooking(tenantId: $t, id: $id) }', { t: tenantId, id: bookingId }).catch(() => undefined);
  if (roomId) await graphql(owner, 'mutation ($t: ID!, $id: ID!) { deleteBookable(tenantId: $t, id: $id) }', { t: tenantId, id: roomId }).catch(() => undefined);
  if (retentionBefore) await graphql(owner, 'mutation ($id: ID!, $months: Int) { updateTenant(id: $id, input: { retentionMonths: $months }) { id } }', { id: tenantId, months: retentionBefore }).catch(() => undefined);
  await owner.dispose();
});

test('the owner sets how long customer data is kept', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/mandanten');
  const field = page.getByLabel(RETENTION_LABEL);
  await expect(field).toHaveValue(String(retentionBefore));
  // Out of range: refused at the field, in German.
  await field.fill('200');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Muss eine ganze Zahl von 1 bis 120 sein.')).toBeVisible();
  await field.fill('24');
  await expect(page.getByText('Muss eine ganze Zahl von 1 bis 120 sein.')).toBeHidden();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Änderungen wurden erfolgreich gespeichert.')).toBeVisible();
  expect(await retentionNow()).toBe(24);
  await page.reload();
  await expect(page.getByLabel(RETENTION_LABEL)).toHaveValue('24');
});

async function search(page: Page, mail: string): Promise<void> {
  await page.getByLabel('E-Mail-Adresse der Person').fill(mail);
  await page.getByRole('button', { name: 'Suchen' }).click();
}

test('the owner finds a customer’s data, downloads it and erases it after confirming', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAndSelectDemoTenant(page);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Datenschutz' }).click();
  await expect(page).toHaveURL(/\/admin\/datenschutz$/);
  await expect(page.getByRole('heading', { name: 'Datenschutz', exact: true })).toBeVisible();

  // A malformed address is refused at the field, which keeps the focus.
  await search(page, 'dora-at-example');
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse an')).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse der Person')).toBeFocused();

  await search(page, MAIL.toUpperCase());
  await expect(page.getByRole('heading', { name: `1 Buchung zu ${MAIL.toUpperCase()}` })).toBeVisible();
  const card = page.locator('.privacy-booking').filter({ hasText: bookingId });
  await expect(card).toContainText('Dora Datenschutz');
  await expect(card).toContainText('0171 4711');
  await expect(card).toContainText('Anfrage eingegangen');
  await expectNoSeriousAxeFindings(page, '/admin/datenschutz (Ergebnis)');
  await screenshot(page, 'privacy-01-found');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Als JSON herunterladen' }).click()]);
  const report = JSON.parse(await readFile((await download.path())!, 'utf8')) as { mail: string; bookings: { id: string; name: string }[] };
  expect(report.bookings).toEqual([expect.objectContaining({ id: bookingId, name: 'Dora Datenschutz' })]);
  await expect(page.getByRole('button', { name: 'Als PDF herunterladen' })).toHaveAttribute('href', /format=pdf/);

  await page.getByRole('button', { name: 'Daten löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Daten löschen?' });
  await expect(dialog).toContainText('anonymisiert');
  await expect(dialog).toContainText('§ 147 AO');
  await expectNoSeriousAxeFindings(page, '/admin/datenschutz (Löschen bestätigen)');
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Löschung ausgeführt')).toBeVisible();
  await expect(page.getByText('Gelöscht: 1 Buchung. Eingeschränkt: 0 Buchungen.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Keine Buchungen zu ${MAIL.toUpperCase()}` })).toBeVisible();
  await screenshot(page, 'privacy-02-erased');

  const { booking } = await graphql<{ booking: { name: string; mail: string; phone: string } }>(owner, 'query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { name mail phone } }', { t: tenantId, id: bookingId });
  expect(booking).toEqual({ name: 'Anonymisiert', mail: '', phone: '' });
});

test('the Datenschutz screen reads in the dark theme too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/datenschutz');
  await expect(page.locator('body.bp6-dark')).toHaveCount(1);
  await search(page, 'niemand@example.com');
  await expect(page.getByRole('heading', { name: 'Keine Buchungen zu niemand@example.com' })).toBeVisible();
  await expectNoSeriousAxeFindings(page, '/admin/datenschutz (dunkel)');
  await search(page, 'kaputt');
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse an')).toBeVisible();
  await expectNoSeriousAxeFindings(page, '/admin/datenschutz (dunkel, Fehler)');
  await screenshot(page, 'privacy-03-dark');
});
