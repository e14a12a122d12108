import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeFindings, screenshot, signInAndSelectDemoTenant, signInAsAdmin } from './helpers.js';

/**
 * The mail templates as their owners edit them: the instance's on /admin/instanz, the tenant's in the
 * tenant editor, each with a "Vorschau" that shows a sample mail in the text as typed. The preview
 * is read inside its frame: a frame the page's Content-Security-Policy blocked would show no text;
 * with the preview open, the screen around it passes axe.
 */

test.describe.configure({ mode: 'serial' });

const template = (marker: string) => `<!DOCTYPE html><html><body><h1>${marker}</h1><h2>{{title}}</h2>{{content}}</body></html>`;

test("the instance owner edits the instance's mail template and sees a sample account mail in it", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/instanz');
  const field = page.getByRole('textbox', { name: 'E-Mail-Vorlage der Instanz' });
  await expect(field).toHaveAttribute('rows', '20');
  const marker = `Instanz-Marke ${Date.now()}`;
  await field.fill(template(marker));
  await page.getByRole('button', { name: 'Vorschau' }).click();
  const preview = page.frameLocator('iframe[title="Vorschau: E-Mail-Vorlage der Instanz"]');
  await expect(preview.getByRole('heading', { name: marker })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Bestätigen Sie Ihre E-Mail-Adresse' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'E-Mail-Adresse bestätigen' })).toBeVisible();
  await screenshot(page, 'mail-templates-01-instance-preview');
  await expectNoSeriousAxeFindings(page, '/admin/instanz, Vorschau: E-Mail-Vorlage der Instanz');
  await page.getByRole('dialog', { name: 'Vorschau: E-Mail-Vorlage der Instanz' }).getByRole('button', { name: 'Schließen', exact: true }).last().click();

  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Instanz erfolgreich aktualisiert' })).toBeVisible();
  await page.reload();
  await expect(field).toHaveValue(template(marker));

  // Later test files read the account mails in the bundled layout.
  await field.fill('');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Instanz erfolgreich aktualisiert' }).last()).toBeVisible();
  await page.reload();
  await expect(field).toHaveValue('');
});

test("the tenant owner sees a sample booking mail in the tenant's mail template", async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/mandanten');
  const field = page.getByRole('textbox', { name: 'E-Mail-Vorlage des Mandanten' });
  const marker = `Mandanten-Marke ${Date.now()}`;
  await field.fill(template(marker));
  await page.getByRole('button', { name: 'Vorschau', exact: true }).click();
  const preview = page.frameLocator('iframe[title="Vorschau: E-Mail-Vorlage des Mandanten"]');
  await expect(preview.getByRole('heading', { name: marker })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Ihre Buchung Nr. ABCD-EFGH' })).toBeVisible();
  await screenshot(page, 'mail-templates-02-tenant-preview');
  await expectNoSeriousAxeFindings(page, '/admin/mandanten, Vorschau: E-Mail-Vorlage des Mandanten');
});
