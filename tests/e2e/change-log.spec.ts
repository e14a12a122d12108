import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeFindings, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * The demo tenant's owner changes a setting in "Mandant verwalten", opens the "Änderungsprotokoll"
 * from there and finds the change with her name, the old and the new value; the screen reads in the
 * light and the dark theme without serious axe findings. The contact name is set back afterwards.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const CONTACT = `Paula Protokoll ${stamp}`;

let owner: APIRequestContext;
let tenantId: string;
let originalContact: string;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

async function openChangeLog(page: Page): Promise<void> {
  await nav(page).getByRole('link', { name: 'Mandant verwalten' }).click();
  await page.getByRole('link', { name: 'Änderungsprotokoll' }).click();
  await page.waitForURL('**/admin/mandanten/protokoll**');
  await expect(page.getByRole('heading', { level: 1, name: /^Änderungsprotokoll – Rathaus Musterstadt$/ })).toBeVisible();
}

const entryRow = (page: Page) => page.getByRole('table', { name: 'Änderungen, neueste zuerst' }).getByRole('row').filter({ hasText: `Ansprechpartner: ${originalContact || '–'} → ${CONTACT}` });

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  const { tenant } = await graphql<{ tenant: { contactName: string } }>(owner, 'query ($id: ID!) { tenant(id: $id) { contactName } }', { id: tenantId });
  originalContact = tenant.contactName;
});

test.afterAll(async () => {
  await graphql(owner, 'mutation ($id: ID!, $input: TenantInput!) { updateTenant(id: $id, input: $input) { id } }', { id: tenantId, input: { contactName: originalContact } });
  await owner.dispose();
});

test('the owner changes a setting and finds it in the Änderungsprotokoll', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await nav(page).getByRole('link', { name: 'Mandant verwalten' }).click();
  await page.waitForURL('**/admin/mandanten');
  const contact = page.getByLabel('Ansprechpartner', { exact: true });
  await expect(contact).toHaveValue(originalContact);
  await contact.fill(CONTACT);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Änderungen wurden erfolgreich gespeichert.')).toBeVisible();

  await page.getByRole('link', { name: 'Änderungsprotokoll' }).click();
  await page.waitForURL('**/admin/mandanten/protokoll**');
  await expect(page.getByRole('heading', { level: 1, name: 'Änderungsprotokoll – Rathaus Musterstadt' })).toBeVisible();
  const row = entryRow(page);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(0)).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  await expect(row.getByRole('cell').nth(1)).toContainText('(Inhaber/in)');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Geändert: Einstellungen');
  for (const header of ['Zeitpunkt', 'Wer', 'Was', 'Änderungen']) await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  await expectNoSeriousAxeFindings(page, 'Änderungsprotokoll');
  await screenshot(page, 'change-log-01-light');
});

test('the Änderungsprotokoll reads in the dark theme too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signInAndSelectDemoTenant(page);
  await openChangeLog(page);
  await expect(page.locator('body.bp6-dark')).toHaveCount(1);
  await expect(entryRow(page)).toHaveCount(1);
  await expectNoSeriousAxeFindings(page, 'Änderungsprotokoll im dunklen Thema');
  await screenshot(page, 'change-log-02-dark');
});
