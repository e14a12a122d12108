import { expect, test } from '@playwright/test';
import { screenshot, signInAndSelectDemoTenant } from './helpers.js';

/** Roles: as the demo tenant's owner, a role with some areas is created and shows the right summary. */
test('roles: the seeded role, create a role with areas and flags, assign all areas, delete', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Mandant Rollen' }).click();
  await expect(page).toHaveURL(/\/admin\/rollen$/);
  const seeded = page.getByRole('row', { name: /Buchungsbearbeitung/ });
  await expect(seeded.getByRole('cell').nth(1)).toHaveText('Buchungen, Gutscheine, Veranstaltungsorte, Räume, Ressourcen, Tickets, Veranstaltungen');
  await expect(seeded.getByRole('cell').nth(3)).toHaveText('Eigene lesen, Alle lesen');
  await expect(seeded.getByRole('cell').nth(4)).toHaveText('alle');
  await expect(seeded.getByRole('cell').nth(5)).toHaveText('keine');
  await screenshot(page, 'roles-01-list');

  await page.getByRole('button', { name: 'Rolle erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rolle erstellen' });
  // Name required: the message stays while the name is empty and goes with the first letter.
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Pflichtfeld')).toBeVisible();
  await expect(dialog.getByLabel('Rollenname')).toBeFocused();

  await dialog.getByLabel('Rollenname').fill('Gutscheinverwaltung');
  await expect(dialog.getByText('Pflichtfeld')).toBeHidden();
  await dialog.getByLabel('Admin-Bereiche').click();
  await dialog.getByLabel('Admin-Bereiche').fill('Rakete');
  await expect(page.getByText('Kein Admin-Bereich gefunden')).toBeVisible();
  await dialog.getByLabel('Admin-Bereiche').fill('Gutsch');
  await page.getByRole('option', { name: 'Gutscheine' }).click();
  await dialog.getByLabel('Admin-Bereiche').fill('Buch');
  await page.getByRole('option', { name: 'Buchungen' }).click();
  await dialog.getByRole('group', { name: 'Gutscheine' }).getByRole('button', { name: 'Alle' }).click();
  // Blueprint's indicator covers the hidden input: a person clicks the label.
  await dialog.getByRole('group', { name: 'Buchungen' }).getByText('Alle lesen', { exact: true }).click();
  await expect(dialog.getByRole('group', { name: 'Buchungen' }).getByRole('checkbox', { name: 'Alle lesen' })).toBeChecked();
  await dialog.getByRole('group', { name: 'Rollen' }).getByRole('button', { name: 'Alle' }).click();
  await dialog.getByRole('group', { name: 'Rollen' }).getByRole('button', { name: 'Keine' }).click();
  await dialog.getByText('Kostenlose Buchungen').click();
  await expect(dialog.getByRole('checkbox', { name: 'Kostenlose Buchungen' })).toBeChecked();
  await screenshot(page, 'roles-02-create-dialog');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Rolle erstellt')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: /Gutscheinverwaltung/ });
  const cells = row.getByRole('cell');
  await expect(cells.nth(1)).toHaveText('Buchungen, Gutscheine');
  await expect(cells.nth(2)).toHaveText('keine');
  await expect(cells.nth(4)).toHaveText('Alle lesen');
  await expect(cells.nth(5)).toHaveText('keine');
  await expect(cells.nth(6)).toHaveText('alle');
  await screenshot(page, 'roles-03-created');

  // "Alle zuweisen" grants every area of the editor: the list says "alle".
  await page.getByRole('button', { name: 'Rolle Gutscheinverwaltung bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: 'Rolle bearbeiten' });
  await expect(edit.getByLabel('Rollenname')).toHaveValue('Gutscheinverwaltung');
  await expect(edit.getByRole('group', { name: 'Gutscheine' }).getByRole('checkbox', { name: 'Alle löschen' })).toBeChecked();
  await edit.getByRole('button', { name: 'Alle zuweisen' }).click();
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Rolle gespeichert')).toBeVisible();
  await expect(page.getByRole('row', { name: /Gutscheinverwaltung/ }).getByRole('cell').nth(1)).toHaveText('alle');
  await screenshot(page, 'roles-04-all-areas');

  await page.getByLabel('Rollen durchsuchen').fill('Gutscheinverwaltung');
  await expect(page.getByRole('row', { name: /Buchungsbearbeitung/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Rolle Gutscheinverwaltung löschen' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Gutscheinverwaltung');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Rolle gelöscht')).toBeVisible();
  await expect(page.getByRole('row', { name: /Gutscheinverwaltung/ })).toHaveCount(0);
  await screenshot(page, 'roles-05-deleted');
});
