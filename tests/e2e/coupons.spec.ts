import { expect, test } from '@playwright/test';
import { screenshot, signInAndSelectDemoTenant } from './helpers.js';

/**
 * Coupons: as the demo tenant's owner, a coupon is created, found by search, edited and deleted;
 * a second coupon with a number already in use is refused with the unique-number toast.
 */
test('coupons: create, search, edit, reject a duplicate number, delete', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Gutscheine' }).click();
  await expect(page).toHaveURL(/\/admin\/gutscheine$/);
  await expect(page.getByRole('heading', { name: 'Gutscheine' })).toBeVisible();
  // The demo's own coupon is listed already.
  await expect(page.getByRole('row', { name: /WILLKOMMEN10/ })).toBeVisible();
  await screenshot(page, 'coupons-01-list');

  // Create: the value is required; a new coupon starts as "Betrag".
  await page.getByRole('button', { name: 'Gutschein erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gutschein erstellen' });
  await expect(dialog.getByRole('radio', { name: 'Betrag' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Pflichtfeld')).toBeVisible();
  await dialog.getByLabel('Gutscheinnummer').fill('SOMMER2026');
  await dialog.getByLabel('Beschreibung').fill('Sommeraktion im Freibad');
  await dialog.getByLabel('Maximale Anzahl').fill('10');
  await dialog.getByText('Prozent', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Prozent' })).toBeChecked();
  await dialog.getByLabel('Wert').fill('12,5');
  await expect(dialog.getByText('%', { exact: true })).toBeVisible();
  await dialog.getByLabel('Gültig ab').fill('01.01.2026 08:00');
  await dialog.getByLabel('Gültig bis').fill('31.12.2030 18:30');
  await dialog.getByLabel('Beschreibung').click();
  await screenshot(page, 'coupons-02-create-dialog');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gutschein erstellt')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /SOMMER2026/ });
  await expect(row).toContainText('Sommeraktion im Freibad');
  await expect(row).toContainText('12,5 %');
  await expect(row).toContainText('0 / 10');
  await expect(row).toContainText('01.01.2026, 08:00');
  await expect(row).toContainText('31.12.2030, 18:30');
  await expect(row).toContainText('Aktiv');

  // A second coupon without a number: the server generates one.
  await page.getByRole('button', { name: 'Gutschein erstellen' }).click();
  const second = page.getByRole('dialog', { name: 'Gutschein erstellen' });
  await second.getByLabel('Gutscheinnummer').fill('WINTER');
  await second.getByLabel('Beschreibung').fill('Winterrabatt');
  await second.getByLabel('Wert').fill('5');
  await second.getByRole('button', { name: 'Speichern' }).click();
  await expect(second).toBeHidden();
  await expect(page.getByRole('row', { name: /WINTER/ })).toContainText('5,00 €');
  await screenshot(page, 'coupons-03-list');

  // Search finds the first coupon only.
  await page.getByLabel('Gutscheine durchsuchen').fill('SOMMER');
  await expect(page.getByRole('row', { name: /SOMMER2026/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /WINTER/ })).toHaveCount(0);
  await screenshot(page, 'coupons-04-search');

  // Edit: fixed amount, no end date.
  await page.getByRole('button', { name: 'Gutschein SOMMER2026 bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: 'Gutschein bearbeiten' });
  await expect(edit.getByLabel('Gutscheinnummer')).toHaveValue('SOMMER2026');
  await expect(edit.getByLabel('Gutscheinnummer')).toBeDisabled();
  await edit.getByText('Betrag', { exact: true }).click();
  await expect(edit.getByRole('radio', { name: 'Betrag' })).toBeChecked();
  await edit.getByLabel('Wert').fill('7,25');
  await edit.getByRole('button', { name: 'Gültig bis leeren' }).click();
  await expect(edit.getByLabel('Gültig bis')).toHaveValue('');
  await screenshot(page, 'coupons-05-edit-dialog');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gutschein bearbeitet')).toBeVisible();
  await expect(edit).toBeHidden();
  const edited = page.getByRole('row', { name: /SOMMER2026/ });
  await expect(edited).toContainText('7,25 €');
  await expect(edited).not.toContainText('31.12.2030');
  await screenshot(page, 'coupons-06-edited');

  // A number already in use: error toast, the dialog stays open.
  await page.getByLabel('Gutscheine durchsuchen').fill('');
  await page.getByRole('button', { name: 'Gutschein erstellen' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Gutschein erstellen' });
  await duplicate.getByLabel('Gutscheinnummer').fill('WINTER');
  await duplicate.getByLabel('Wert').fill('1');
  await duplicate.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der Gutscheincode muss eindeutig sein.')).toBeVisible();
  await expect(duplicate).toBeVisible();
  await screenshot(page, 'coupons-07-duplicate-number');
  await duplicate.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(duplicate).toBeHidden();

  // Delete with a confirmation naming the number.
  await page.getByRole('button', { name: 'Gutschein SOMMER2026 löschen' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('SOMMER2026');
  await screenshot(page, 'coupons-08-delete-confirmation');
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Gutschein gelöscht')).toBeVisible();
  await expect(page.getByRole('row', { name: /SOMMER2026/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /WINTER/ })).toBeVisible();
  await screenshot(page, 'coupons-09-deleted');
});
