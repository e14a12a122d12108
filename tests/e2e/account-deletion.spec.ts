import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { confirmAddressThroughApi, demoAdmin, expectNoSeriousAxeFindings, graphql, screenshot } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * The settings' own data: a registered user downloads what the platform keeps about them and
 * deletes the account (signed out, the address no longer signs in); the last owner of a tenant is
 * told in the dialog whom to name first. axe in the light and the dark theme.
 */
const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });

async function registered(page: Page, prefix: string, firstName: string): Promise<{ id: string; password: string }> {
  const user = { id: `${prefix}.${Date.now()}@example.com`, password: `${prefix}-passwort-2026` };
  const signup = await page.request.post('/auth/signup', { data: { id: user.id, password: user.password, firstName, lastName: 'Selbstbestimmt' } });
  expect(signup.status()).toBe(201);
  await confirmAddressThroughApi(page.request, await waitForMail(user.id, 'Bestätigen Sie Ihre E-Mail-Adresse'));
  return user;
}

async function signInThroughForm(page: Page, user: { id: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(user.id);
  await page.getByLabel('Passwort', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\//);
}

test('a user downloads their data, deletes the account in the dialog, is signed out and cannot sign in again', async ({ page }) => {
  const user = await registered(page, 'loeschbar', 'Lotte');
  await signInThroughForm(page, user);
  await page.goto('/admin/einstellungen');
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('body.bp6-dark')).toHaveCount(0);

  // The download: a JSON file of the own account, without any hash.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile((await download.path())!, 'utf8');
  const data = JSON.parse(text) as { account: { id: string; firstName: string; loginMethods: string[] }; tenants: unknown[]; bookings: unknown[] };
  expect(data.account).toMatchObject({ id: user.id, firstName: 'Lotte', loginMethods: ['password'] });
  expect(data.tenants).toEqual([]);
  expect(data.bookings).toEqual([]);
  expect(text).not.toMatch(/argon2|passwordHash|tokenHash/i);
  await expectNoSeriousAxeFindings(page, 'Einstellungen (hell)');

  // The dialog explains what goes and what stays, and asks for the password.
  await page.getByRole('button', { name: 'Konto löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Konto löschen' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('bleiben Ihre Buchungen bei den Mandanten erhalten');
  await expectNoSeriousAxeFindings(page, 'Konto löschen (hell)');
  await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(dialog.getByText('Passwort ist erforderlich')).toBeVisible();
  await expect(dialog.getByLabel('Ihr aktuelles Passwort')).toBeFocused();
  await dialog.getByLabel('Ihr aktuelles Passwort').fill('ganz-falsches-passwort');
  await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(dialog.getByText('Das Passwort ist falsch.')).toBeVisible();
  await screenshot(page, 'account-deletion-01-wrong-password');

  await dialog.getByLabel('Ihr aktuelles Passwort').fill(user.password);
  await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(toast(page, 'Konto gelöscht')).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin\//);
  await screenshot(page, 'account-deletion-02-deleted');

  // Signed out: the admin screens lead to the login, and the address no longer signs in.
  expect((await page.request.get('/auth/me')).status()).toBe(401);
  await page.goto('/admin/einstellungen');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('E-Mail').fill(user.id);
  await page.getByLabel('Passwort', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(toast(page, 'Anmeldung fehlgeschlagen')).toBeVisible();
});

test('the last owner of a tenant is told in the dialog to name another owner first (dark theme)', async ({ page, browser }) => {
  const owner = await registered(page, 'inhaber', 'Ingo');
  const tenantName = `Kulturverein ${Date.now()}`;

  // The instance owner lets the new user create a tenant, which he then owns alone.
  const admin = await browser.newContext();
  expect((await admin.request.post('/auth/signin', { data: demoAdmin })).ok()).toBe(true);
  const settings = (await (await admin.request.get('/api/instances')).json()) as { allowedUsersToCreateTenant: string[] };
  const allowed = await admin.request.put('/api/instances', { data: { allowedUsersToCreateTenant: [...settings.allowedUsersToCreateTenant, owner.id] } });
  expect(allowed.ok(), await allowed.text()).toBe(true);
  await admin.close();

  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signInThroughForm(page, owner);
  const { createTenant } = await graphql<{ createTenant: { id: string } }>(page.request, 'mutation($input: TenantInput!) { createTenant(input: $input) { id } }', {
    input: { name: tenantName, contactName: 'Ingo Selbstbestimmt', location: 'Am Markt 2, 12345 Musterstadt', mail: 'kultur@example.com', phone: '0123 4567', website: 'https://kultur.example' },
  });
  try {
    await page.goto('/admin/einstellungen');
    await expect(page.locator('body.bp6-dark')).toHaveCount(1);
    await expectNoSeriousAxeFindings(page, 'Einstellungen (dunkel)');
    await page.getByRole('button', { name: 'Konto löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Konto löschen' });
    await dialog.getByLabel('Ihr aktuelles Passwort').fill(owner.password);
    await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await expect(dialog.getByRole('alert')).toContainText(`Sie sind der letzte Inhaber von „${tenantName}“. Bestimmen Sie zuerst einen anderen Inhaber.`);
    await expectNoSeriousAxeFindings(page, 'Konto löschen, abgelehnt (dunkel)');
    await screenshot(page, 'account-deletion-03-last-owner-dark');

    // Nothing happened: still signed in, the dialog closes on "Abbrechen".
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await page.request.get('/auth/me')).status()).toBe(200);
  } finally {
    await graphql(page.request, 'mutation($id: ID!) { deleteTenant(id: $id) }', { id: createTenant.id });
  }
});
