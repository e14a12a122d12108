import { expect, test, type Page } from '@playwright/test';
import { TestOidcIssuer } from '../support/oidc-issuer.js';
import { demoAdmin, signInAsAdmin } from './helpers.js';

/**
 * The instance, as the instance owner clicks it: the instance settings (contact data,
 * system mail receiver, tenant creation for all users, single sign-on), single sign-on in the
 * browser against a provider this test starts on loopback (authorization code with PKCE, sign-up
 * of a new account), and the users list (search, suspend).
 */
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/artifacts/instance/${name}.png`, fullPage: true });
const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const admin = demoAdmin;
const ssoUser = { email: 'sso.nutzerin@example.com', given_name: 'Sina', family_name: 'Single' };

test.describe.configure({ mode: 'serial' });

let issuer: TestOidcIssuer;
test.beforeAll(async () => {
  issuer = await new TestOidcIssuer('buchungsplattform-web').start();
});
test.afterAll(async ({ browser }) => {
  // Later test files expect the plain login page: switch single sign-on off again.
  const page = await browser.newPage();
  await signInAsAdmin(page);
  const response = await page.request.post('/graphql', {
    data: { query: 'mutation { updateInstance(input: { sso: { active: false } }) { sso { active } } }' },
    headers: { 'content-type': 'application/json' },
  });
  expect(response.ok()).toBe(true);
  await page.close();
  await issuer?.close();
});

test('the instance owner configures the instance and single sign-on', async ({ page }) => {
  // A long journey through every settings section: more time than a single screen needs.
  test.slow();
  await signInAsAdmin(page);
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await navigation.getByRole('link', { name: 'Instanz verwalten' }).click();
  await expect(page).toHaveURL(/\/admin\/instanz$/);
  await expect(page.getByRole('heading', { name: 'Instanz verwalten' })).toBeVisible();
  await expect(page).toHaveTitle('Buchungsplattform | Instanz verwalten');
  await shot(page, '01-instance-settings');

  // Validation with the German message; nothing is sent.
  await page.getByLabel('Empfänger der Systemnachrichten').fill('keine-adresse');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Muss gültige E-Mail-Adresse sein.')).toBeVisible();

  await page.getByLabel('Kontaktadresse').fill('Rathausplatz 7, 12345 Musterstadt');
  await page.getByLabel('Webseite').fill('https://www.musterstadt.example');
  await page.getByLabel('Link zur Datenschutzerklärung').fill('https://www.musterstadt.example/datenschutz');
  await page.getByLabel('Link zum Impressum').fill('https://www.musterstadt.example/impressum');
  await page.getByLabel('Empfänger der Systemnachrichten').fill('system@musterstadt.example');
  await page.getByLabel('Alle Benutzer dürfen Mandanten anlegen').check({ force: true });

  // Single sign-on with the loopback provider; the secret is write-only.
  await page.getByLabel('Single Sign-on aktiv').check({ force: true });
  await page.getByLabel('Server-URL').fill(issuer.serverUrl);
  await page.getByLabel('Realm').fill(issuer.realm);
  await page.getByLabel('Öffentlicher Client').fill(issuer.clientId);
  await page.getByLabel('Privater Client').fill('buchungsplattform-api');
  await expect(page.getByText('nicht gesetzt')).toBeVisible();
  await page.getByLabel('Client-Secret des privaten Clients', { exact: true }).fill('sehr-geheim-2026');
  // Role mapping: the provider role grants a role of the chosen tenant (picked by name).
  await page.getByLabel('Rollenzuordnung aktiv').check({ force: true });
  await page.getByRole('button', { name: 'Zuordnung hinzufügen' }).click();
  await expect(page.getByLabel('Rolle im Mandanten (Zeile 1)')).toBeDisabled();
  await page.getByLabel('Mandant (Zeile 1)').selectOption({ label: 'Rathaus Musterstadt' });
  await page.getByLabel('Rolle beim Anbieter (Zeile 1)').fill('booking-staff');
  await page.getByLabel('Rolle im Mandanten (Zeile 1)').selectOption({ label: 'Buchungsbearbeitung' });
  await page.getByRole('button', { name: 'Client-Secret des privaten Clients anzeigen' }).click();
  await expect(page.getByLabel('Client-Secret des privaten Clients', { exact: true })).toHaveAttribute('type', 'text');
  await shot(page, '02-instance-filled');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Instanz erfolgreich aktualisiert')).toBeVisible();

  // After a reload the values are there; the secret shows as set, never as text.
  await page.reload();
  await expect(page.getByLabel('Kontaktadresse')).toHaveValue('Rathausplatz 7, 12345 Musterstadt');
  await expect(page.getByLabel('Webseite')).toHaveValue('https://www.musterstadt.example');
  await expect(page.getByLabel('Empfänger der Systemnachrichten')).toHaveValue('system@musterstadt.example');
  await expect(page.getByLabel('Alle Benutzer dürfen Mandanten anlegen')).toBeChecked();
  await expect(page.getByLabel('Single Sign-on aktiv')).toBeChecked();
  await expect(page.getByLabel('Client-Secret des privaten Clients', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Rolle im Mandanten (Zeile 1)').locator('option:checked')).toHaveText('Buchungsbearbeitung');
  await expect(page.getByText('gesetzt', { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain('sehr-geheim-2026');
  await shot(page, '03-instance-saved');

  // Reset brings back the stored values.
  await page.getByLabel('Kontaktadresse').fill('Wird verworfen');
  await page.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(page.getByLabel('Kontaktadresse')).toHaveValue('Rathausplatz 7, 12345 Musterstadt');

  // Switching mail off says what it means before anything is saved (not saved here: later files need mail).
  const mailOff = page.getByText('Der Mailversand ist ausgeschaltet');
  await expect(page.getByLabel('E-Mails versenden')).toBeChecked();
  await expect(mailOff).toHaveCount(0);
  await page.getByLabel('E-Mails versenden').uncheck({ force: true });
  await expect(mailOff).toBeVisible();
  await shot(page, '04-instance-mail-off');
  await page.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(mailOff).toHaveCount(0);
});

test('a new person signs in with single sign-on and creates the account', async ({ page }) => {
  issuer.nextLogin = ssoUser;
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', 'https://www.musterstadt.example/impressum');
  await page.getByRole('button', { name: 'Mit Single Sign-on anmelden' }).click();
  // The provider signs in at once and sends the browser back with a code.
  await expect(page.getByText('Kein Konto gefunden')).toBeVisible();
  await shot(page, '04-sso-no-account');
  const exchange = issuer.tokenRequests.at(-1)!;
  expect(exchange.get('code_verifier')).toBeTruthy();
  expect(exchange.get('client_id')).toBe(issuer.clientId);
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Sina', exact: true })).toBeVisible();
  await shot(page, '05-sso-signed-in');

  // A keycloak account cannot change its password here.
  await page.goto('/admin/einstellungen');
  await expect(page.getByLabel('E-Mail')).toHaveValue(ssoUser.email);
  await expect(page.getByRole('button', { name: 'Passwort ändern' })).toBeDisabled();
  await shot(page, '05b-sso-settings');
});

test('the instance owner finds a user by search and suspends them', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Benutzer', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/instanz\/benutzer$/);
  const table = page.getByRole('table', { name: 'Benutzer' });
  await expect(table).toBeVisible();
  await shot(page, '06-users');

  await page.getByLabel('Benutzer durchsuchen').fill('Sina');
  const row = table.getByRole('row').filter({ hasText: ssoUser.email });
  await expect(row).toHaveCount(1);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row.getByLabel('Gesperrt: nein')).toBeVisible();
  await expect(row.getByLabel('Verifiziert: ja')).toBeVisible();
  await shot(page, '07-users-search');

  await row.getByRole('button', { name: `${ssoUser.email} bearbeiten` }).click();
  const dialog = page.getByRole('dialog', { name: `Benutzer bearbeiten: ${ssoUser.email}` });
  await dialog.getByLabel('Gesperrt').check({ force: true });
  await shot(page, '08-users-edit');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Benutzer bearbeitet')).toBeVisible();
  await expect(row.getByLabel('Gesperrt: ja')).toBeVisible();
  await shot(page, '09-users-suspended');

  // The own row has no delete button; other rows do.
  await page.getByLabel('Benutzer durchsuchen').fill(admin.id);
  await expect(table.getByRole('button', { name: `${admin.id} löschen` })).toHaveCount(0);
  await expect(table.getByRole('button', { name: `${admin.id} bearbeiten` })).toBeVisible();

  // The suspended account can no longer sign in with single sign-on.
  const other = await page.context().browser()!.newPage();
  issuer.nextLogin = ssoUser;
  await other.goto('/login/sso');
  await expect(other.getByText('Anmeldung fehlgeschlagen').first()).toBeVisible();
  await other.close();
});
