import { expect, test, type Page } from '@playwright/test';
import { awaitSignedOut, confirmAddress, screenshot } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * Administration across its parts: the instance owner creates a tenant, a role granting only the coupons,
 * and adds a newly registered person as member with that role; the member signs in and sees
 * exactly the drawer entries the role grants, and can use that screen.
 */
const admin = { id: 'admin@example.com', password: 'admin-demo-2026' };
const member = { id: `gudrun.${Date.now()}@example.com`, password: 'gudrun-passwort-1' };
const tenantName = 'Sportamt Musterstadt';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

async function signIn(page: Page, user: { id: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(user.id);
  await page.getByLabel('Passwort', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL('**/admin/dashboard');
}

test('a member sees exactly the drawer entries their role grants', async ({ page }) => {
  // The person registers and confirms the address (through the API, as the register page does).
  const signup = await page.request.post('/auth/signup', {
    data: { id: member.id, password: member.password, firstName: 'Gudrun', lastName: 'Gutschein' },
  });
  expect(signup.status()).toBe(201);
  const mail = await waitForMail(member.id, 'Bestätigen Sie Ihre E-Mail-Adresse');
  await confirmAddress(page, mail);

  // The instance owner creates the tenant and selects it.
  await signIn(page, admin);
  await page.getByRole('button', { name: 'Mandanten anlegen' }).click();
  const create = page.getByRole('dialog', { name: 'Mandanten anlegen' });
  await create.getByLabel('Name').fill(tenantName);
  await create.getByLabel('Ansprechpartner').fill('Siggi Sport');
  await create.getByLabel('Adresse').fill('Stadionweg 1, 12345 Musterstadt');
  await create.getByLabel('E-Mail').fill('sportamt@example.com');
  await create.getByLabel('Telefon').fill('0123 777');
  await create.getByLabel('Webseite').fill('https://sport.musterstadt.example');
  await create.getByRole('button', { name: 'Anlegen' }).click();
  await expect(create).toBeHidden();
  await page.getByRole('button', { name: new RegExp(tenantName) }).click();
  await expect(page.getByLabel('Mandant', { exact: true })).toContainText(tenantName);

  // A role that grants only the coupons.
  await nav(page).getByRole('link', { name: 'Mandant Rollen' }).click();
  await page.getByRole('button', { name: 'Rolle erstellen' }).click();
  const role = page.getByRole('dialog', { name: 'Rolle erstellen' });
  await role.getByLabel('Rollenname').fill('Gutscheinpflege');
  await role.getByLabel('Admin-Bereiche').click();
  await role.getByLabel('Admin-Bereiche').fill('Gutsch');
  await page.getByRole('option', { name: 'Gutscheine' }).click();
  await role.getByRole('group', { name: 'Gutscheine' }).getByRole('button', { name: 'Alle' }).click();
  await role.getByRole('button', { name: 'Speichern' }).click();
  await expect(role).toBeHidden();
  await expect(page.getByRole('row', { name: /Gutscheinpflege/ })).toBeVisible();

  // The person becomes a member with that role.
  await nav(page).getByRole('link', { name: 'Mandant Benutzer' }).click();
  await page.getByRole('button', { name: 'Benutzer hinzufügen' }).click();
  const addMember = page.getByRole('dialog', { name: 'Benutzer hinzufügen' });
  await addMember.getByLabel('E-Mail').fill(member.id);
  await addMember.getByText('Gutscheinpflege', { exact: true }).click();
  await addMember.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(addMember).toBeHidden();
  const row = page.getByRole('table', { name: 'Mandant Benutzer' }).getByRole('row', { name: new RegExp(member.id.replace(/\./g, '\\.')) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Gutscheinpflege');
  await screenshot(page, 'administration-01-member-added');

  // The member signs in: one tenant, selected automatically; the drawer shows what the role grants.
  await page.getByRole('button', { name: 'Instanz', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await awaitSignedOut(page);
  await signIn(page, member);
  await expect(page.getByLabel('Mandant', { exact: true })).toContainText(tenantName);
  await expect(nav(page).getByRole('link')).toHaveText(['Mandanten', 'Gutscheine', 'Meine Buchungen', 'Einstellungen']);
  await screenshot(page, 'administration-02-member-drawer');

  // The granted screen works; a screen the role does not grant is refused.
  await nav(page).getByRole('link', { name: 'Gutscheine' }).click();
  await expect(page).toHaveURL(/\/admin\/gutscheine$/);
  await expect(page.getByRole('button', { name: 'Gutschein erstellen' })).toBeVisible();
  await page.goto('/admin/rollen');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Keine Berechtigung' })).toBeVisible();
  await screenshot(page, 'administration-03-forbidden');
});
