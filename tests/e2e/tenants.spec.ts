import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * Tenants, as a person clicks it: the instance owner creates a tenant from the
 * dashboard, edits it (required fields, invoice payment), builds a workflow (three states,
 * reorder, default, delete), saves and reloads, adds an existing user as member, and finds the
 * tenant in the instance list. A tenant created from the instance list instead leads straight
 * into its editor; there the Bundesland and the school holidays are chosen, refused when a period
 * ends before it begins, and kept. A screenshot of each screen goes to tests/artifacts/.
 */
const admin = { id: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com', password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-demo-2026' };
const tenantName = 'Stadtwerke Beispielstadt';
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/artifacts/tenants-${name}.png`, fullPage: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });
const section = (page: Page, title: string): Locator => page.locator('.bp6-section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function addState(page: Page, name: string, withMail = false): Promise<void> {
  await page.getByRole('button', { name: 'Workflow-Status hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Workflow-Status' });
  await dialog.getByLabel('Statusname').fill(name);
  if (withMail) {
    await dialog.getByRole('button', { name: 'Aktion hinzufügen' }).click();
    await dialog.getByLabel('Aktionstyp').selectOption('email');
    await dialog.getByText(admin.id, { exact: true }).click();
    await shot(page, '04-workflow-state-dialog');
  }
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
}

// The names of the states in order (each row also holds its default radio, labelled "Standard").
const stateNames = (page: Page) => page.getByRole('list', { name: 'Workflow-Status' }).getByRole('listitem').locator('.workflow-state-name');

test('the instance owner creates and configures a tenant with workflow and member', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(admin.id);
  await page.getByLabel('Passwort').fill(admin.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/admin/dashboard');

  // Create from the dashboard; an empty dialog is refused with the field messages.
  await page.getByRole('button', { name: 'Mandanten anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mandanten anlegen' });
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog.getByText('Pflichtfeld').first()).toBeVisible();
  await dialog.getByLabel('Name').fill(tenantName);
  await dialog.getByLabel('Ansprechpartner').fill('Bea Beispiel');
  await dialog.getByLabel('Adresse').fill('Werkstraße 5, 12345 Beispielstadt');
  await dialog.getByLabel('E-Mail').fill('kein-mail');
  await dialog.getByLabel('Telefon').fill('0123 555');
  await dialog.getByLabel('Webseite').fill('https://stadtwerke.example');
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog.getByText('Muss gültige E-Mail-Adresse sein.')).toBeVisible();
  await dialog.getByLabel('E-Mail').fill('info@stadtwerke.example');
  await shot(page, '01-create-dialog');
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('button', { name: new RegExp(tenantName) });
  await expect(card).toBeVisible();
  await card.click();
  await shot(page, '02-dashboard');

  // Edit: required fields, invoice payment, then the workflow.
  await nav(page).getByRole('link', { name: 'Mandant verwalten' }).click();
  await page.waitForURL('**/admin/mandanten');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(tenantName);
  await page.getByLabel('Ansprechpartner', { exact: true }).fill('Bea Beispiel-Neu');
  await page.getByLabel('Telefon', { exact: true }).fill('0123 555 0');
  await page.getByLabel('Verwendungszweck-Suffix', { exact: true }).fill('ZU-LANGER-TEXT');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Maximal 12 Zeichen erlaubt.')).toBeVisible();
  await page.getByLabel('Verwendungszweck-Suffix', { exact: true }).fill('SWB');
  await expect(page.getByText('Maximal 12 Zeichen erlaubt.')).toBeHidden();

  // The booking horizon: 730 days ahead and 31 days long unless changed; 0 is no number of days.
  const horizon = page.getByLabel('Buchungshorizont (Tage im Voraus)', { exact: true });
  await expect(horizon).toHaveValue('730');
  await expect(page.getByLabel('Höchste Buchungsdauer (Tage)', { exact: true })).toHaveValue('31');
  await horizon.fill('0');
  await expect(page.getByText('Muss eine ganze Zahl von 1 bis 36500 sein.')).toBeVisible();
  await horizon.fill('400');
  await expect(page.getByText('Muss eine ganze Zahl von 1 bis 36500 sein.')).toBeHidden();

  const invoice = section(page, 'Rechnung');
  await invoice.getByRole('heading', { name: 'Rechnung', exact: true }).click();
  await invoice.getByText('Aktiv', { exact: true }).click();
  await invoice.getByLabel('IBAN').fill('DE02120300000000202051');
  await invoice.getByLabel('Kontoinhaber').fill('Stadtwerke Beispielstadt');
  await expect(invoice.getByText('aktiv', { exact: true })).toBeVisible();
  await shot(page, '03-tenant-edit');

  await addState(page, 'Eingang', true);
  await addState(page, 'In Prüfung');
  await addState(page, 'Erledigt');
  await expect(stateNames(page)).toHaveText(['Eingang', 'In Prüfung', 'Erledigt']);
  await page.getByRole('button', { name: 'Erledigt nach oben' }).click();
  await expect(stateNames(page)).toHaveText(['Eingang', 'Erledigt', 'In Prüfung']);
  await page.getByRole('button', { name: 'Eingang nach unten' }).click();
  await expect(stateNames(page)).toHaveText(['Erledigt', 'Eingang', 'In Prüfung']);
  await page.getByLabel('Standardstatus: In Prüfung').check({ force: true });
  await page.getByRole('button', { name: 'Eingang löschen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(stateNames(page)).toHaveText(['Erledigt', 'In Prüfung']);
  await page.getByText('Workflow aktivieren').click();
  await shot(page, '05-workflow');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Änderungen wurden erfolgreich gespeichert.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Ansprechpartner', { exact: true })).toHaveValue('Bea Beispiel-Neu');
  await expect(page.getByLabel('Buchungshorizont (Tage im Voraus)', { exact: true })).toHaveValue('400');
  await expect(stateNames(page)).toHaveText(['Erledigt', 'In Prüfung']);
  await expect(page.getByLabel('Standardstatus: In Prüfung')).toBeChecked();
  await expect(page.getByLabel('Standardstatus: Erledigt')).not.toBeChecked();
  await expect(page.getByLabel('Workflow aktivieren')).toBeChecked();
  await expect(section(page, 'Rechnung').getByText('aktiv', { exact: true })).toBeVisible();
  await shot(page, '06-after-reload');

  // Members: an unknown account, then the demo staff member.
  await nav(page).getByRole('link', { name: 'Mandant Benutzer' }).click();
  await page.waitForURL('**/admin/benutzer');
  await page.getByRole('button', { name: 'Benutzer hinzufügen' }).click();
  const addMember = page.getByRole('dialog', { name: 'Benutzer hinzufügen' });
  await addMember.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(addMember.getByText('E-Mail ist erforderlich')).toBeVisible();
  await addMember.getByLabel('E-Mail').fill('unbekannt@example.com');
  await addMember.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByText('Der Benutzer muss sich zuerst registrieren.')).toBeVisible();
  await addMember.getByLabel('E-Mail').fill('mitarbeiter@example.com');
  await addMember.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(addMember).toBeHidden();
  const table = page.getByRole('table', { name: 'Mandant Benutzer' });
  const row = table.getByRole('row', { name: /mitarbeiter@example\.com/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Mitglied')).toBeVisible();
  await row.getByRole('button', { name: 'Zum Besitzer machen' }).click();
  await expect(row.getByRole('button', { name: 'Zum Mitglied machen' })).toBeVisible();
  await shot(page, '07-members');

  // The instance list finds the tenant; delete asks with name and id, and is cancelled here.
  await page.goto('/admin/instanz/mandanten');
  await page.getByRole('textbox', { name: 'Mandanten durchsuchen' }).fill('Beispielstadt');
  const tenantRow = page.getByRole('table', { name: 'Mandanten' }).getByRole('row', { name: new RegExp(tenantName) });
  await expect(tenantRow).toBeVisible();
  await tenantRow.getByRole('button', { name: `${tenantName} löschen` }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(tenantName);
  await expect(alert).toContainText('ID ');
  await shot(page, '08-instance-list');
  await alert.getByRole('button', { name: 'Abbrechen' }).click();
  await tenantRow.getByRole('button', { name: `${tenantName} bearbeiten` }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(tenantName);
});

test('a tenant created from the instance list opens in its full editor', async ({ page }) => {
  const name = 'Bäderbetrieb Neuhafen';
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(admin.id);
  await page.getByLabel('Passwort').fill(admin.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/admin/dashboard');

  await page.goto('/admin/instanz/mandanten');
  await page.getByRole('button', { name: 'Mandanten anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mandanten anlegen' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Ansprechpartner').fill('Nils Nass');
  await dialog.getByLabel('Adresse').fill('Hafenweg 2, 23456 Neuhafen');
  await dialog.getByLabel('E-Mail').fill('info@baeder-neuhafen.example');
  await dialog.getByLabel('Telefon').fill('0456 777');
  await dialog.getByLabel('Webseite').fill('https://baeder-neuhafen.example');
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog).toBeHidden();

  // The editor of the new tenant, with its general data and everything the dialog did not ask for.
  await expect(page).toHaveURL(/\/admin\/mandanten\?id=[^&]+$/);
  const id = new URL(page.url()).searchParams.get('id');
  await expect(page.getByRole('heading', { name: 'Mandant verwalten' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Ansprechpartner', { exact: true })).toHaveValue('Nils Nass');
  await expect(page.locator('#tenant-id')).toHaveValue(id!);
  await expect(page.getByRole('button', { name: 'Workflow-Status hinzufügen' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zahlungsmethoden', exact: true })).toBeVisible();
  await shot(page, '09-created-from-instance-list');

  // Cleaned up again through the list.
  await page.goto('/admin/instanz/mandanten');
  await page.getByRole('textbox', { name: 'Mandanten durchsuchen' }).fill('Neuhafen');
  const created = page.getByRole('table', { name: 'Mandanten' }).getByRole('row', { name: new RegExp(id!) });
  await created.getByRole('button', { name: `${name} löschen` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(created).toHaveCount(0);
});

test('the tenant editor keeps the Bundesland and the school holidays a series may skip', async ({ page }) => {
  const name = 'Schulamt Ferienhausen';
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(admin.id);
  await page.getByLabel('Passwort').fill(admin.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/admin/dashboard');

  await page.goto('/admin/instanz/mandanten');
  await page.getByRole('button', { name: 'Mandanten anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mandanten anlegen' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Ansprechpartner').fill('Frida Ferien');
  await dialog.getByLabel('Adresse').fill('Schulweg 1, 34567 Ferienhausen');
  await dialog.getByLabel('E-Mail').fill('info@ferienhausen.example');
  await dialog.getByLabel('Telefon').fill('0567 888');
  await dialog.getByLabel('Webseite').fill('https://ferienhausen.example');
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/mandanten\?id=[^&]+$/);
  const id = new URL(page.url()).searchParams.get('id');

  const holidays = section(page, 'Feiertage und Schulferien');
  const region = holidays.getByLabel('Bundesland für Feiertage');
  await expect(region).toHaveValue('');
  await expect(holidays.getByText('Keine Schulferien eingetragen.')).toBeVisible();
  await region.selectOption({ label: 'Berlin' });

  // A period that ends before it begins is refused at its "bis", which gets the focus.
  await holidays.getByRole('button', { name: 'Ferienzeitraum hinzufügen' }).click();
  const first = holidays.getByRole('group', { name: 'Ferienzeitraum 1' });
  await first.getByLabel('Bezeichnung').fill('Herbstferien');
  await first.getByLabel('von').fill('23.10.2027');
  await page.keyboard.press('Escape');
  await first.getByLabel('bis').fill('11.10.2027');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(first.getByText('Das Ende der Ferien darf nicht vor ihrem Beginn liegen.')).toBeVisible();
  await expect(first.getByLabel('bis')).toBeFocused();
  await first.getByLabel('von').fill('11.10.2027');
  await page.keyboard.press('Escape');
  await first.getByLabel('bis').fill('23.10.2027');
  await page.keyboard.press('Escape');

  // A second row, removed again before saving.
  await holidays.getByRole('button', { name: 'Ferienzeitraum hinzufügen' }).click();
  await holidays.getByRole('group', { name: 'Ferienzeitraum 2' }).getByLabel('Bezeichnung').fill('Weihnachtsferien');
  await holidays.getByRole('button', { name: 'Ferienzeitraum 2 entfernen' }).click();
  await expect(holidays.getByRole('group', { name: 'Ferienzeitraum 2' })).toHaveCount(0);
  await shot(page, '10-holidays');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Änderungen wurden erfolgreich gespeichert.')).toBeVisible();

  await page.reload();
  await expect(section(page, 'Feiertage und Schulferien').getByLabel('Bundesland für Feiertage')).toHaveValue('DE-BE');
  const saved = section(page, 'Feiertage und Schulferien').getByRole('group', { name: 'Ferienzeitraum 1' });
  await expect(saved.getByLabel('Bezeichnung')).toHaveValue('Herbstferien');
  await expect(saved.getByLabel('von')).toHaveValue('11.10.2027');
  await expect(saved.getByLabel('bis')).toHaveValue('23.10.2027');
  await expect(section(page, 'Feiertage und Schulferien').getByRole('group', { name: 'Ferienzeitraum 2' })).toHaveCount(0);

  await page.goto('/admin/instanz/mandanten');
  await page.getByRole('textbox', { name: 'Mandanten durchsuchen' }).fill('Ferienhausen');
  const created = page.getByRole('table', { name: 'Mandanten' }).getByRole('row', { name: new RegExp(id!) });
  await created.getByRole('button', { name: `${name} löschen` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(created).toHaveCount(0);
});
