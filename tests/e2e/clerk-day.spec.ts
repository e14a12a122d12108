import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { expectNoSeriousAxeFindings, graphql, signInAndSelectDemoTenant } from './helpers.js';

/**
 * A clerk's day in the bookings list: the start page's card opens the list filtered to the bookings
 * waiting for release, the filter shows, stands in the address (a reload keeps it) and can be reset;
 * "Exportieren" downloads what the filter finds as CSV; "Drucken" prints the list with the tenant
 * and the filter as heading and without the navigation.
 */
const TENANT = 'Rathaus Musterstadt';

interface ListedBooking {
  id: string;
  isCommitted: boolean;
  isRejected: boolean;
}

/** The tenant's bookings waiting for release, as the server's list finds them. */
async function pendingBookings(page: Page): Promise<ListedBooking[]> {
  const { tenants } = await graphql<{ tenants: { id: string; name: string }[] }>(page.request, 'query { tenants { id name } }');
  const tenantId = tenants.find((tenant) => tenant.name === TENANT)!.id;
  const { bookings } = await graphql<{ bookings: { total: number; items: ListedBooking[] } }>(
    page.request,
    'query($t: ID!) { bookings(tenantId: $t, status: PENDING, limit: 500) { total items { id isCommitted isRejected } } }',
    { t: tenantId },
  );
  expect(bookings.items).toHaveLength(bookings.total);
  return bookings.items;
}

const bookingsTable = (page: Page) => page.getByRole('table', { name: 'Buchungen' });
const statusFilter = (page: Page) => page.getByRole('group', { name: 'Filter der Buchungsliste' }).getByLabel('Status');

test.beforeEach(async ({ page }) => {
  // The browser's print dialog would block headless Chromium: counted instead.
  await page.addInitScript(() => {
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls += 1;
    };
  });
  await signInAndSelectDemoTenant(page);
});

test('the start page card leads to the filtered list; the filter shows, survives a reload and can be reset', async ({ page }) => {
  const pending = await pendingBookings(page);
  expect(pending.length, 'the demo has bookings waiting for release').toBeGreaterThan(0);

  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: /warten auf Freigabe/ }).click();
  await expect(page).toHaveURL(/\/admin\/buchungen\?status=PENDING$/);
  await expect(statusFilter(page)).toHaveValue('PENDING');
  const rows = bookingsTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(pending.length, 25));
  for (const row of await rows.all()) await expect(row).toContainText('ausstehend');

  // The search joins the filter in the address; a reload restores both.
  // The number alone: a date of a series carries its series tag in the same cell.
  const first = (await rows.first().locator('td').first().textContent())!.match(/[A-Z0-9]{4}-[A-Z0-9]{4}/)![0];
  await page.getByRole('searchbox', { name: 'Buchungen durchsuchen' }).fill(first);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(first)}`));
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(statusFilter(page)).toHaveValue('PENDING');
  await expect(page.getByRole('searchbox', { name: 'Buchungen durchsuchen' })).toHaveValue(first);
  await expect(rows).toHaveCount(1);

  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(page).toHaveURL(/\/admin\/buchungen$/);
  await expect(statusFilter(page)).toHaveValue('');
  await expect(page.getByRole('searchbox', { name: 'Buchungen durchsuchen' })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Filter zurücksetzen' })).toHaveCount(0);
  await expect(rows).not.toHaveCount(0);

  // Chosen in the list, the filter goes into the address too.
  await statusFilter(page).selectOption('PENDING');
  await expect(page).toHaveURL(/\/admin\/buchungen\?status=PENDING$/);
  await expectNoSeriousAxeFindings(page, 'Buchungsliste mit Filter');
});

test('"Exportieren" downloads the filtered bookings as CSV', async ({ page }) => {
  const pending = await pendingBookings(page);
  await page.goto('/admin/buchungen?status=PENDING');
  await expect(statusFilter(page)).toHaveValue('PENDING');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportieren' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^buchungen-ausstehend-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...lines] = text.slice(0, -2).split('\r\n');
  const columns = header.split(';');
  expect(columns.slice(0, 3)).toEqual(['Buchungsnummer', 'Gebuchte Objekte', 'Veranstaltung']);
  expect(columns).toContain('Zahlungsart');
  const records = lines.map((line) => Object.fromEntries(line.split(';').map((value, index) => [columns[index], value])));
  expect(records.map((record) => record.Buchungsnummer).sort()).toEqual(pending.map((booking) => booking.id).sort());
  for (const record of records) expect(record.Status).toBe('ausstehend');

  // With "mit letzter Änderung" each booking says when and by whom it was changed last: the demo's requests by citizens.
  // Blueprint's indicator lies over the hidden input, as with every Blueprint checkbox.
  await page.getByRole('checkbox', { name: 'mit letzter Änderung' }).check({ force: true });
  const [withChanges] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportieren' }).click()]);
  const [changedHeader, ...changedLines] = readFileSync((await withChanges.path())!).subarray(3).toString('utf8').slice(0, -2).split('\r\n');
  expect(changedHeader.split(';').slice(-3)).toEqual(['Letzte Änderung', 'Letzte Änderung durch', 'Art der letzten Änderung']);
  expect(changedLines).toHaveLength(lines.length);
});

test('"Drucken" prints every found booking under the tenant and the filter, without the navigation', async ({ page }) => {
  const pending = await pendingBookings(page);
  await page.goto('/admin/buchungen?status=PENDING');
  await expect(statusFilter(page)).toHaveValue('PENDING');
  await page.getByRole('button', { name: 'Drucken' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Drucken' })).toBeHidden();
  await expect(bookingsTable(page)).toBeHidden();
  const printed = page.getByRole('region', { name: 'Druckansicht' });
  await expect(printed.getByRole('heading', { name: `Buchungen ${TENANT}` })).toBeVisible();
  await expect(printed).toContainText('Status: Wartet auf Freigabe');
  await expect(printed.locator('tbody tr')).toHaveCount(pending.length);
  await expect(printed.getByRole('columnheader')).toHaveText(['Id', 'Gebuchte Objekte', 'Von', 'Bis', 'Erstellt', 'Name', 'Preis', 'Status', 'Zahlung', 'Zahlungsart']);
  mkdirSync('tests/artifacts/clerk', { recursive: true });
  await page.screenshot({ path: 'tests/artifacts/clerk/bookings-print.png', fullPage: true });

  await page.emulateMedia({ media: 'screen' });
  await expect(printed).toBeHidden();
  await expect(bookingsTable(page)).toBeVisible();
});

test('the calendar\'s week and day print under the tenant and the period, without the navigation', async ({ page }) => {
  await page.goto('/admin/buchungen');
  await page.getByRole('radiogroup', { name: 'Ansicht' }).getByRole('radio', { name: 'Kalender' }).click();
  const calendar = page.getByRole('region', { name: 'Buchungskalender' });
  await expect(calendar).toHaveAttribute('aria-busy', 'false');
  mkdirSync('tests/artifacts/clerk', { recursive: true });
  for (const view of ['Woche', 'Tag']) {
    await page.getByRole('radiogroup', { name: 'Zeitraum' }).getByRole('radio', { name: view }).click();
    const period = (await calendar.locator('.calendar-period').textContent())!.trim();
    await calendar.getByRole('button', { name: 'Drucken' }).click();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
    await expect(calendar.getByRole('button', { name: 'Drucken' })).toBeHidden();
    await expect(calendar.getByRole('heading', { name: `Buchungskalender ${TENANT}` })).toBeVisible();
    await expect(calendar.locator('.calendar-print-heading')).toContainText(`${period} · Alle Objekte`);
    await page.screenshot({ path: `tests/artifacts/clerk/calendar-print-${view === 'Tag' ? 'day' : 'week'}.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await expect(calendar.getByRole('heading', { name: `Buchungskalender ${TENANT}` })).toBeHidden();
  }
  await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(2);
});
