import { expect, test } from '@playwright/test';
import { baseUrl, expectNoSeriousAxeFindings } from './helpers.js';

/**
 * The API reference at /api/docs: the bundled Swagger UI shows the document without a session,
 * under the app's Content-Security-Policy, without loading anything from another origin; an opened
 * operation with its parameter fields and the authorize dialog pass axe like every other screen, and
 * the dialog takes an API token.
 */
test('the API reference shows the bookings operations axe-clean and offers the API token, offline and under the CSP', async ({ page }) => {
  // Swagger UI renders some 130 operations at once: slow on a busy machine.
  test.setTimeout(180_000);
  const foreign: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (['http:', 'https:'].includes(url.protocol) && url.origin !== new URL(baseUrl()!).origin) foreign.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) refused.push(message.text());
  });

  await page.goto('/api/docs');
  await expect(page).toHaveTitle('API-Referenz – Buchungsplattform');
  await expect(page.getByRole('heading', { name: /Buchungsplattform – REST-API/ })).toBeVisible();
  const bookings = page.locator('#operations-Buchungen-getApiTenantIdBookings');
  await expect(bookings).toBeVisible();
  await expect(bookings).toContainText('/api/{tenantId}/bookings');
  await bookings.locator('.opblock-summary-control').click();
  await expect(bookings.getByText('X-Total-Count').first()).toBeVisible();

  // The summary button holds the path as text, not as a link; opening it still sets the deep link.
  await expect(page).toHaveURL(/#\/Buchungen\/getApiTenantIdBookings$/);

  // With "Try it out" the operation shows its parameter fields (enum selects among them) and the
  // example blocks: the page's own start script and stylesheet make all of it pass axe.
  await bookings.getByRole('button', { name: 'Try it out' }).click();
  await expect(bookings.getByRole('combobox', { name: 'status' })).toBeVisible();
  await expect(bookings.getByRole('region', { name: 'Codebeispiel' }).first()).toHaveAttribute('tabindex', '0');
  await expectNoSeriousAxeFindings(page, 'API-Referenz mit geöffneter Buchungsliste');

  // A request sent from the page: its curl line, address, answer body (here the problem answer
  // without a session) and headers are on screen.
  await bookings.getByRole('textbox', { name: 'tenantId' }).fill('rathaus');
  await bookings.getByRole('button', { name: 'Execute' }).click();
  await expect(bookings.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('401');
  await expect(bookings.getByRole('button', { name: 'Download' })).toBeVisible();
  await expectNoSeriousAxeFindings(page, 'API-Referenz mit Antwort der Buchungsliste');

  await page.locator('.scheme-container button.authorize').click();
  const dialog = page.locator('.dialog-ux .modal-ux');
  await expect(dialog.getByText('apiToken (http, Bearer)')).toBeVisible();
  await expect(dialog.getByText('session (apiKey)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeVisible();
  await expectNoSeriousAxeFindings(page, 'API-Referenz, Dialog zur Anmeldung');
  await dialog.locator('input[type="text"], input[type="password"]').first().fill('bpt_Qm9va2luZ3NwbGF0dGZvcm0tZXhhbXBsZS1zZWNyZXQ');
  await dialog.getByRole('button', { name: 'Authorize', exact: true }).first().click();
  await expect(dialog.getByText('Logout').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  expect(foreign).toEqual([]);
  expect(refused).toEqual([]);
});
