import { expect, test, type Page } from '@playwright/test';
import { confirmAddressThroughApi, verificationLink } from './helpers.js';
import { waitForMail, waitForNthMail } from './mailbox.js';

/**
 * The account as a new user meets it: the guard, registration with the mailed verification link,
 * sign-in, the dashboard, the theme, the profile in the settings, sign-out; and the forgotten
 * password, reset through the mailed link's page.
 */
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/artifacts/account/${name}.png`, fullPage: true });

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });

test('a new user registers, confirms the address, signs in, adjusts the settings and signs out', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const email = `erika.${Date.now()}@example.com`;
  const password = 'erika-passwort-2026';

  // Logged out, an admin route leads to the login with the way back and the toast.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);
  expect(new URL(page.url()).searchParams.get('redirectUrl')).toContain('/admin/dashboard');
  await expect(toast(page, 'Zugriff verweigert')).toBeVisible();
  await expect(page).toHaveTitle('Buchungsplattform | Anmelden');
  await expect(page.getByText('DIES IST EIN TESTSYSTEM')).toBeVisible();
  await shot(page, '01-login-redirect');

  // Registration.
  await page.getByRole('link', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/registrieren$/);
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Pflichtfeld').first()).toBeVisible();
  await page.getByLabel('Vorname').fill('Erika');
  await page.getByLabel('Nachname').fill('Mustermann');
  await page.getByLabel('Firma (optional)').fill('Stadtbibliothek');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await shot(page, '02-register');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/willkommen$/);
  await shot(page, '03-welcome');

  // Unverified accounts cannot sign in yet.
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(toast(page, 'Anmeldung fehlgeschlagen')).toBeVisible();

  // The link in the mail the product sent confirms the address.
  // Opening it only shows the page; its button confirms.
  const mail = await waitForMail(email, 'Bestätigen Sie Ihre E-Mail-Adresse');
  await page.goto(verificationLink(mail));
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigen' })).toBeVisible();
  await shot(page, '04a-email-confirm');
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigt' })).toBeVisible();
  await shot(page, '04-email-verified');

  // Sign-in leads to the dashboard; a new user has no tenant yet.
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Mandanten' })).toBeVisible();
  await expect(page.getByText('Keine Daten vorhanden')).toBeVisible();
  await expect(page).toHaveTitle('Buchungsplattform | Mandanten');
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(navigation.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Gutscheine' })).toHaveCount(0);
  await shot(page, '05-dashboard');

  // The theme switch holds across a reload.
  await page.getByRole('button', { name: 'Design umschalten' }).click();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await shot(page, '06-dashboard-dark');
  await page.getByRole('button', { name: 'Design umschalten' }).click();
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);

  // Settings through the profile menu: change the first name and the phone number.
  await page.getByRole('button', { name: 'Erika', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
  await expect(page).toHaveURL(/\/admin\/einstellungen$/);
  await expect(page.getByLabel('E-Mail')).toBeDisabled();
  await expect(page.getByLabel('E-Mail')).toHaveValue(email);
  await page.getByRole('button', { name: /^Name/ }).click();
  await page.getByLabel('Vorname').fill('Erika Maria');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Ihr Profil wurde erfolgreich aktualisiert.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erika Maria', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Telefon/ }).click();
  await page.getByLabel('Telefon').fill('030 1234567');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Ihr Profil wurde erfolgreich aktualisiert.').last()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Telefon/ })).toContainText('030 1234567');
  await shot(page, '07-settings');

  // Sign-out resets everything and the admin area is closed again.
  await page.getByRole('button', { name: 'Erika Maria', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(toast(page, 'Erfolgreich abgemeldet')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await shot(page, '08-signed-out');
  await page.goto('/admin/einstellungen');
  await expect(page).toHaveURL(/\/login\?redirectUrl=/);

  expect(consoleErrors.filter((text) => !text.includes('401'))).toEqual([]);
});

test('a staff member of the demo tenant sees the tenant card and selects it', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill('mitarbeiter@example.com');
  await page.getByLabel('Passwort', { exact: true }).fill('demo-mitarbeiter');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const card = page.getByRole('button', { name: /Rathaus Musterstadt/ });
  await expect(card).toBeVisible();
  await card.click();
  // The card leads to the tenant's bookings.
  await expect(page).toHaveURL(/\/admin\/buchungen$/);
  await expect(page.getByRole('heading', { name: 'Buchungen', exact: true })).toBeVisible();
  await expect(page.getByLabel('Mandant', { exact: true })).toContainText('Rathaus Musterstadt');
  await shot(page, '09-staff-dashboard');
});

test('a user who forgot the password asks for a link, types the new password twice on its page and signs in with it', async ({ page }) => {
  const email = `vergesslich.${Date.now()}@example.com`;
  const oldPassword = 'altes-passwort-2026';
  const newPassword = 'neues-passwort-2026';
  expect((await page.request.post('/auth/signup', { data: { id: email, password: oldPassword, firstName: 'Volker', lastName: 'Vergesslich' } })).status()).toBe(201);
  await confirmAddressThroughApi(page.request, await waitForMail(email, 'Bestätigen Sie Ihre E-Mail-Adresse'));

  // The request names only the account.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/password\/reset$/);
  await expect(page.getByLabel('Neues Passwort')).toHaveCount(0);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'innerhalb von 60 Minuten' })).toBeVisible();
  await shot(page, '10-reset-requested');

  // The mailed link opens the page for the new password; until it is sent, the old one still works.
  const mail = await waitForMail(email, 'Zurücksetzen Ihres Kennworts');
  const link = mail.links.find((candidate) => candidate.includes('/password/new?token='));
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  expect((await page.request.post('/auth/signin', { data: { id: email, password: oldPassword } })).status()).toBe(200);

  await page.getByLabel('Neues Passwort').fill(newPassword);
  await page.getByLabel('Passwort wiederholen').fill('etwas-anderes-2026');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Passwörter stimmen nicht überein')).toBeVisible();
  await shot(page, '11-new-password-mismatch');
  await page.getByLabel('Passwort wiederholen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/password\/confirmed$/);
  await shot(page, '12-password-changed');

  // The link works once.
  await page.goto(link!);
  await page.getByLabel('Neues Passwort').fill('noch-ein-passwort-1');
  await page.getByLabel('Passwort wiederholen').fill('noch-ein-passwort-1');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'ungültig oder abgelaufen' })).toBeVisible();

  // The old password no longer signs in; the new one does.
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(oldPassword);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(toast(page, 'Anmeldung fehlgeschlagen')).toBeVisible();
  await page.getByLabel('Passwort', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // In the settings, "Passwort ändern" mails such a link as well.
  await page.goto('/admin/einstellungen');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link gesendet' })).toBeVisible();
  const second = await waitForNthMail(email, 'Zurücksetzen Ihres Kennworts', 2);
  expect(second.links.some((candidate) => candidate.includes('/password/new?token='))).toBe(true);
  await shot(page, '13-settings-password-link');
});
