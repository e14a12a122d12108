import { expect, test } from '@playwright/test';
import { awaitSignedOut, confirmAddress, screenshot, signInAndSelectDemoTenant } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * The screens offer only what the server allows (docs/administration.md, “Permissions”): the demo tenant's
 * owner creates a coupon and a role that may only read coupons, and adds a newly registered person
 * with that role; the person sees the coupon but no edit or delete, and "Gutschein erstellen" is
 * disabled with the tooltip "Keine Berechtigung".
 */
const reader = { id: `leserin.${Date.now()}@example.com`, password: 'leserin-passwort-1' };
const code = `LESEN${Date.now()}`;
const roleName = 'Gutscheine nur lesen';

test('a member with read-only coupon rights sees the coupons without create, edit or delete', async ({ page }) => {
  // The person registers and confirms the address (through the API, as the register page does).
  const signup = await page.request.post('/auth/signup', {
    data: { id: reader.id, password: reader.password, firstName: 'Rita', lastName: 'Leserin' },
  });
  expect(signup.status()).toBe(201);
  const mail = await waitForMail(reader.id, 'Bestätigen Sie Ihre E-Mail-Adresse');
  await confirmAddress(page, mail);

  // The owner creates a coupon and sees its actions.
  await signInAndSelectDemoTenant(page);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await nav.getByRole('link', { name: 'Gutscheine' }).click();
  await expect(page).toHaveURL(/\/admin\/gutscheine$/);
  await page.getByRole('button', { name: 'Gutschein erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gutschein erstellen' });
  await dialog.getByLabel('Gutscheinnummer').fill(code);
  await dialog.getByLabel('Beschreibung').fill('Nur zum Lesen');
  await dialog.getByLabel('Wert').fill('3');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('Nur zum Lesen');
  await expect(page.getByRole('button', { name: `Gutschein ${code} bearbeiten` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Gutschein ${code} löschen` })).toBeVisible();

  // A role with the coupons screen and only the "Alle lesen" flag of the coupons.
  await nav.getByRole('link', { name: 'Mandant Rollen' }).click();
  await page.getByRole('button', { name: 'Rolle erstellen' }).click();
  const role = page.getByRole('dialog', { name: 'Rolle erstellen' });
  await role.getByLabel('Rollenname').fill(roleName);
  await role.getByLabel('Admin-Bereiche').click();
  await role.getByLabel('Admin-Bereiche').fill('Gutsch');
  await page.getByRole('option', { name: 'Gutscheine' }).click();
  // Blueprint's indicator covers the hidden input: a person clicks the label.
  await role.getByRole('group', { name: 'Gutscheine' }).getByText('Alle lesen', { exact: true }).click();
  await expect(role.getByRole('group', { name: 'Gutscheine' }).getByRole('checkbox', { name: 'Alle lesen' })).toBeChecked();
  await role.getByRole('button', { name: 'Speichern' }).click();
  await expect(role).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(roleName) }).getByRole('cell').nth(6)).toHaveText('Alle lesen');

  // The person becomes a member with that role.
  await nav.getByRole('link', { name: 'Mandant Benutzer' }).click();
  await page.getByRole('button', { name: 'Benutzer hinzufügen' }).click();
  const addMember = page.getByRole('dialog', { name: 'Benutzer hinzufügen' });
  await addMember.getByLabel('E-Mail').fill(reader.id);
  await addMember.getByText(roleName, { exact: true }).click();
  await addMember.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(addMember).toBeHidden();
  const memberRow = page.getByRole('table', { name: 'Mandant Benutzer' }).getByRole('row', { name: new RegExp(reader.id.replace(/\./g, '\\.')) });
  await expect(memberRow).toContainText(roleName);

  // The member signs in: the coupon is listed, without edit and delete; create is disabled.
  await page.getByRole('button', { name: 'Ines', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await awaitSignedOut(page);
  await signInAndSelectDemoTenant(page, reader);
  await nav.getByRole('link', { name: 'Gutscheine' }).click();
  await expect(page).toHaveURL(/\/admin\/gutscheine$/);
  await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('Nur zum Lesen');
  const create = page.getByRole('button', { name: 'Gutschein erstellen' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAttribute('title', 'Keine Berechtigung');
  await expect(page.getByRole('button', { name: `Gutschein ${code} bearbeiten` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Gutschein ${code} löschen` })).toHaveCount(0);
  await screenshot(page, 'rights-01-read-only-coupons');
});
