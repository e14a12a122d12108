import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeFindings, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * The demo tenant's owner changes a setting in "Mandant verwalten", opens the "Änderungsprotokoll"
 * from there and finds the change with her name, the old and the new value; saving only the
 * privacy notice logs exactly one entry that names only that field; the screen reads in the light
 * and the dark theme without serious axe findings. The contact name and the notice are set back
 * afterwards.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const CONTACT = `Paula Protokoll ${stamp}`;
const NOTICE = `Ihre Angaben nutzen wir nur für die Buchung (${stamp}).`;

let owner: APIRequestContext;
let tenantId: string;
let originalContact: string;
let originalNotice: string;

type LoggedChange = { id: string; subject: string; actor: { role: string | null }; changes: { field: string }[] };

/** The newest entries of the tenant's change log, newest first, as the server holds them. */
async function newestEntries(): Promise<LoggedChange[]> {
  const { tenant } = await graphql<{ tenant: { changeLog: { entries: LoggedChange[] } } }>(
    owner,
    'query ($id: ID!) { tenant(id: $id) { changeLog(first: 20) { entries { id subject actor { role } changes { field } } } } }',
    { id: tenantId },
  );
  return tenant.changeLog.entries;
}

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
  const { tenant } = await graphql<{ tenant: { contactName: string; privacyNotice: string } }>(owner, 'query ($id: ID!) { tenant(id: $id) { contactName privacyNotice } }', { id: tenantId });
  originalContact = tenant.contactName;
  originalNotice = tenant.privacyNotice;
});

test.afterAll(async () => {
  await graphql(owner, 'mutation ($id: ID!, $input: TenantInput!) { updateTenant(id: $id, input: $input) { id } }', { id: tenantId, input: { contactName: originalContact, privacyNotice: originalNotice } });
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

test('the owner saves only the privacy notice and finds exactly one entry naming only that field', async ({ page }) => {
  const [newestBefore] = await newestEntries();
  await signInAndSelectDemoTenant(page);
  await nav(page).getByRole('link', { name: 'Mandant verwalten' }).click();
  await page.waitForURL('**/admin/mandanten');
  const notice = page.getByRole('textbox', { name: 'Datenschutzhinweis (optional)', exact: true });
  await expect(notice).toHaveValue(originalNotice);
  await notice.fill(NOTICE);
  await page.getByRole('button', { name: 'Speichern' }).click();
  // Saving checks the whole tenant (templates, mail settings): on a busy machine it takes a while.
  await expect(page.getByText('Änderungen wurden erfolgreich gespeichert.')).toBeVisible({ timeout: 30_000 });

  // The server logged one entry since, for the settings, naming only the notice, by the owner.
  const entries = await newestEntries();
  const added = entries.slice(0, newestBefore ? entries.findIndex((entry) => entry.id === newestBefore.id) : entries.length);
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({ subject: 'tenant_settings', actor: { role: 'tenant_owner' }, changes: [{ field: 'privacyNotice' }] });

  await page.getByRole('link', { name: 'Änderungsprotokoll' }).click();
  await page.waitForURL('**/admin/mandanten/protokoll**');
  const table = page.getByRole('table', { name: 'Änderungen, neueste zuerst' });
  const newest = table.getByRole('row').nth(1);
  await expect(newest.getByRole('cell').nth(1)).toContainText('(Inhaber/in)');
  await expect(newest.getByRole('cell').nth(2)).toHaveText('Geändert: Einstellungen');
  const changes = newest.getByRole('cell').nth(3).getByRole('listitem');
  await expect(changes).toHaveCount(1);
  await expect(changes).toContainText(/^Datenschutzhinweis: /);
  await expect(changes).toContainText(NOTICE);
  await expect(table.getByRole('row').filter({ hasText: NOTICE })).toHaveCount(1);
  // The save's toast gone, axe reads the colours of the page itself.
  await expect(page.locator('.bp6-toast')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousAxeFindings(page, 'Änderungsprotokoll mit dem Datenschutzhinweis');
  await screenshot(page, 'change-log-03-one-setting');
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
