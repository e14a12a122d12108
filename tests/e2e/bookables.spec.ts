import { expect, test, type Page } from '@playwright/test';
import { screenshot, signInAndSelectDemoTenant } from './helpers.js';

/** A 1×1 PNG: the cover image uploaded through the picker. */
const coverPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function check(page: Page, label: string, scope = page.locator('body')): Promise<void> {
  await scope.getByLabel(label, { exact: true }).check({ force: true });
  await expect(scope.getByLabel(label, { exact: true })).toBeChecked();
}

/**
 * Bookable objects, as the demo tenant's owner would do it: a room with graduated prices, opening hours and a
 * cover image uploaded through the picker; the card's price text; the tag filter; duplicate; edit and
 * delete the copy.
 */
test('rooms: create with graduated prices, opening hours and a cover image, filter, duplicate, edit and delete the copy', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Räume' }).click();
  await expect(page).toHaveURL(/\/admin\/raeume$/);
  // The demo's own rooms are listed already.
  await expect(page.getByRole('article', { name: 'Seminarraum im Rathaus' })).toBeVisible();
  await screenshot(page, 'bookables-01-empty-rooms');

  await page.getByRole('button', { name: 'Raum erstellen' }).click();
  await expect(page.getByRole('heading', { name: 'Buchungsobjekt erstellen' })).toBeVisible();

  // General data.
  await page.getByLabel('Titel', { exact: true }).fill('Großer Sitzungssaal');
  await page.getByTestId('bookable-description').click();
  await page.keyboard.type('Heller Saal im ersten Stock mit Beamer und Platz für 40 Personen.');
  await page.getByLabel('Ort').fill('Rathaus, 1. OG');
  await page.getByLabel('Tags').fill('Sitzung');
  await page.keyboard.press('Enter');
  await page.getByLabel('Tags').fill('Beamer');
  await page.keyboard.press('Enter');

  // The cover image, uploaded through the picker's dialog (public only, images only).
  await page.getByRole('button', { name: 'Hochladen' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Datei hochladen' });
  await expect(upload.getByRole('radio', { name: 'Geschützt' })).toHaveCount(0);
  await upload.locator('#file-upload-input').setInputFiles({ name: 'saal.png', mimeType: 'image/png', buffer: coverPng });
  await screenshot(page, 'bookables-02-upload-dialog');
  await upload.getByRole('button', { name: 'Hochladen' }).click();
  await expect(upload).toBeHidden();
  await expect(page.getByLabel('Titelbild')).toContainText('/public/rooms/saal.png');

  // Graduated prices per hour: 20 € up to 4 hours, 15 € from 4 hours on.
  await page.getByLabel('Preistyp').selectOption('per_hour');
  await page.getByLabel('Anzahl').fill('1');
  await check(page, 'Staffelpreise');
  const first = page.getByRole('group', { name: 'Preiskategorie 1', exact: true });
  await first.getByLabel('Preis (EUR)').fill('20');
  await first.getByLabel('Intervall von').fill('0');
  await first.getByLabel('Intervall bis').fill('4');
  await page.getByRole('button', { name: 'Preiskategorie hinzufügen' }).click();
  const second = page.getByRole('group', { name: 'Preiskategorie 2', exact: true });
  await expect(second.getByLabel('Intervall von')).toHaveValue('4');
  await second.getByLabel('Preis (EUR)').fill('15,50');

  // Opening hours Monday to Friday, 08:00 to 18:00; the first entry appears by itself.
  await check(page, 'Öffnungszeiten');
  const hours = page.getByRole('group', { name: 'Öffnungszeit 1', exact: true });
  for (const day of ['Mo', 'Di', 'Mi', 'Do', 'Fr']) await check(page, day, hours);
  await hours.getByLabel('Beginn').fill('08:00');
  await hours.getByLabel('Ende').fill('18:00');
  await hours.getByLabel('Ende').blur();
  await check(page, 'Buchbar');
  await screenshot(page, 'bookables-03-editor-filled');

  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/raeume$/);

  // The card: cover image, tags, shortened description, lowest price with its unit.
  const card = page.getByRole('article', { name: 'Großer Sitzungssaal' });
  await expect(card).toContainText('ab 15,50 € pro Stunde');
  await expect(card).toContainText('Sitzung');
  await expect(card).toContainText('Heller Saal im ersten Stock');
  await expect(card).toContainText('nicht öffentlich');
  await expect(card.locator('img')).toHaveAttribute('src', /saal\.png/);
  await screenshot(page, 'bookables-04-list');

  // A second room without prices, then the tag filter keeps only the tagged one.
  await page.getByRole('button', { name: 'Raum erstellen' }).click();
  await page.getByLabel('Titel', { exact: true }).fill('Besprechungsraum');
  await page.getByLabel('Tags').fill('Klein');
  await page.keyboard.press('Enter');
  // The pickers search the server as one types: the parent, a dependent object and a person it is visible for.
  await page.getByLabel('Übergeordnetes Objekt', { exact: true }).fill('sitzungs');
  await page.getByRole('option', { name: 'Großer Sitzungssaal' }).click();
  await expect(page.getByLabel('Übergeordnetes Objekt', { exact: true })).toHaveValue('Großer Sitzungssaal');
  await page.getByLabel('Abhängiges Objekt auswählen').fill('seminar rathaus');
  await page.getByRole('option', { name: 'Seminarraum im Rathaus' }).click();
  await page.getByRole('button', { name: 'Abhängiges Objekt hinzufügen' }).click();
  await expect(page.getByRole('list', { name: 'Abhängige Objekte' })).toContainText('Seminarraum im Rathaus');
  await page.getByLabel('Sichtbar für Benutzer').fill('mitarbeiter max');
  await page.getByRole('option', { name: 'Max Mitarbeiter (mitarbeiter@example.com)' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('#bookable-permittedUsers').locator('xpath=ancestor::div[contains(@class, "bp6-multi-select")]')).toContainText('Max Mitarbeiter (mitarbeiter@example.com)');
  await screenshot(page, 'bookables-04a-pickers');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/admin\/raeume$/);
  await expect(page.getByRole('article', { name: 'Besprechungsraum' })).toContainText('Kostenfrei');
  // The list searches on the server too: title or location.
  await page.getByRole('textbox', { name: 'Räume durchsuchen' }).fill('Rathaus 1. OG');
  await expect(page.getByRole('article', { name: 'Großer Sitzungssaal' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Besprechungsraum' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Räume durchsuchen' }).fill('');
  await expect(page.getByRole('article', { name: 'Besprechungsraum' })).toBeVisible();
  await page.getByLabel('Filtern').click();
  await page.getByRole('option', { name: 'Beamer' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('article', { name: 'Großer Sitzungssaal' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Besprechungsraum' })).toHaveCount(0);
  await screenshot(page, 'bookables-05-filtered');
  await page.reload();

  // Duplicate: the copy carries " (Kopie)".
  // Each card's menu is named after its object; the menu just closed may still be fading out.
  const menuOf = (title: string) => page.getByRole('menu', { name: `Aktionen für ${title}`, exact: true });
  await page.getByRole('button', { name: 'Aktionen für Großer Sitzungssaal' }).click();
  await menuOf('Großer Sitzungssaal').getByRole('menuitem', { name: 'Duplizieren' }).click();
  await expect(page.getByText('Buchungsobjekt dupliziert')).toBeVisible();
  const copy = page.getByRole('article', { name: 'Großer Sitzungssaal (Kopie)' });
  await expect(copy).toContainText('ab 15,50 € pro Stunde');
  await screenshot(page, 'bookables-06-duplicated');

  // Edit the copy: the stored values come back; a new title and a flat price.
  await page.getByRole('button', { name: 'Aktionen für Großer Sitzungssaal (Kopie)' }).click();
  await menuOf('Großer Sitzungssaal (Kopie)').getByRole('menuitem', { name: 'Bearbeiten' }).click();
  await expect(page.getByRole('heading', { name: 'Buchungsobjekt bearbeiten' })).toBeVisible();
  await expect(page.getByLabel('Titel', { exact: true })).toHaveValue('Großer Sitzungssaal (Kopie)');
  await expect(page.getByRole('group', { name: 'Preiskategorie 2', exact: true }).getByLabel('Preis (EUR)')).toHaveValue('15,50');
  await expect(page.getByRole('group', { name: 'Öffnungszeit 1', exact: true }).getByLabel('Beginn')).toHaveValue('08:00');
  await page.getByLabel('Titel', { exact: true }).fill('Kleiner Sitzungssaal');
  await page.getByRole('button', { name: 'Preiskategorie 2 löschen' }).click();
  await check(page, 'Pauschalpreis', page.getByRole('group', { name: 'Preiskategorie 1', exact: true }));
  await screenshot(page, 'bookables-07-edit-copy');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/admin\/raeume$/);
  await expect(page.getByRole('article', { name: 'Kleiner Sitzungssaal' })).toContainText('20,00 € pro Stunde');

  // Delete the copy after confirming; the original stays.
  await page.getByRole('button', { name: 'Aktionen für Kleiner Sitzungssaal' }).click();
  await menuOf('Kleiner Sitzungssaal').getByRole('menuitem', { name: 'Löschen' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Kleiner Sitzungssaal');
  await alert.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Buchungsobjekt gelöscht')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Kleiner Sitzungssaal' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Großer Sitzungssaal' })).toBeVisible();
  await screenshot(page, 'bookables-08-deleted');
});

/**
 * The demo staff member reads bookables only (manageBookables read flags): the seeded venue shows
 * with its price per day, the create button is disabled, the menu offers neither edit nor duplicate
 * and no delete at all. The demo resource is free.
 */
test('a staff member with read rights sees the venues and resources but cannot change them', async ({ page }) => {
  await signInAndSelectDemoTenant(page, { id: 'mitarbeiter@example.com', password: 'demo-mitarbeiter' });
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await navigation.getByRole('link', { name: 'Veranstaltungsorte' }).click();
  const venue = page.getByRole('article', { name: 'Bürgerhaus Musterstadt' });
  await expect(venue).toContainText('350,00 € pro Tag');
  await expect(venue).toContainText('Großer Saal mit Bühne');
  await expect(page.getByRole('button', { name: 'Veranstaltungsort erstellen' })).toBeDisabled();
  await page.getByRole('button', { name: 'Aktionen für Bürgerhaus Musterstadt' }).click();
  await expect(page.getByRole('menuitem', { name: 'Bearbeiten' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: 'Duplizieren' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: 'Löschen' })).toHaveCount(0);
  await screenshot(page, 'bookables-09-staff-venues');
  await page.keyboard.press('Escape');

  await navigation.getByRole('link', { name: 'Ressourcen' }).click();
  await expect(page.getByRole('article', { name: 'Beamer' })).toContainText('Kostenfrei');
  await expect(page.getByRole('button', { name: 'Ressource erstellen' })).toBeDisabled();
  await screenshot(page, 'bookables-10-staff-resources');
});
