import { expect, test } from '@playwright/test';
import { baseUrl, expectNoSeriousAxeFindings } from './helpers.js';

/**
 * The API reference at /api/docs: the bundled Swagger UI shows the document without a session,
 * under the app's Content-Security-Policy, without loading anything from another origin, and its
 * authorize dialog offers the API token.
 */
test('the API reference shows the bookings operations and offers the API token, offline and under the CSP', async ({ page }) => {
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

  await page.getByRole('button', { name: /Authorize/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('apiToken (http, Bearer)')).toBeVisible();
  await expect(dialog.getByText('session (apiKey)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  expect(foreign).toEqual([]);
  expect(refused).toEqual([]);
  await expectNoSeriousAxeFindings(page, 'API-Referenz');
});
