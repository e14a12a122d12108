import { expect, request, test } from '@playwright/test';
import { baseUrl, expectNoSeriousAxeFindings, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * The demo's Beamer comes with locker units (the tenant's pareva application on the built-in
 * stand-in): a guest's booking of it reserves a unit, the stand-in opens it, and the staff's booking
 * details show the unit and its state, without a serious accessibility finding.
 */
test('the booking details show the locker unit of a booked Beamer and its state', async ({ page }) => {
  const { api, tenantId } = await signedInApi();
  const guest = await request.newContext({ baseURL: baseUrl() });
  const { publicBookables } = await graphql<{ publicBookables: { id: string; title: string }[] }>(guest, 'query($tenantId: ID!) { publicBookables(tenantId: $tenantId) { id title } }', { tenantId });
  const beamer = publicBookables.find((bookable) => bookable.title === 'Beamer')!;
  // Six weeks ahead at night, when no other test books the Beamer.
  const begin = new Date(Date.now() + 42 * 86_400_000);
  begin.setUTCHours(2, 0, 0, 0);
  const end = new Date(begin.getTime() + 3_600_000);
  const { checkout } = await graphql<{ checkout: { id: string } }>(guest, 'mutation($tenantId: ID!, $input: CheckoutInput!) { checkout(tenantId: $tenantId, input: $input) { id } }', {
    tenantId,
    input: { bookableItems: [{ bookableId: beamer.id, amount: 1 }], timeBegin: begin.toISOString(), timeEnd: end.toISOString(), name: 'Lotte Schließmann', mail: 'lotte@example.com' },
  });
  await guest.dispose();
  // The stand-in opens the unit through the job queue.
  await expect
    .poll(async () => {
      const { booking } = await graphql<{ booking: { lockerInfo: { state: string }[] } }>(api, 'query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { lockerInfo { state } } }', { t: tenantId, id: checkout.id });
      return booking.lockerInfo.map((unit) => unit.state);
    })
    .toEqual(['active']);
  await api.dispose();

  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/buchungen');
  await page.getByLabel('Buchungen durchsuchen').fill('Schließmann');
  const row = page.getByRole('table', { name: 'Buchungen' }).getByRole('row').filter({ hasText: 'Lotte Schließmann' });
  await row.getByRole('button', { name: /^Aktionen für Buchung/ }).click();
  await page.getByRole('menu', { name: /^Aktionen für Buchung/ }).getByRole('menuitem', { name: 'Details anzeigen' }).click();
  const details = page.getByRole('dialog', { name: `Buchung ${checkout.id}` });
  const lockers = details.getByRole('table', { name: 'Schließfächer' });
  await expect(lockers.getByRole('row').nth(1)).toContainText('BEAMER-FACH');
  await expect(lockers.getByRole('row').nth(1)).toContainText('Beamer');
  await expect(lockers.getByRole('row').nth(1)).toContainText('aktiv');
  await expectNoSeriousAxeFindings(page, 'Buchungsdetails mit Schließfach');
  await screenshot(page, 'lockers-01-details');
});
