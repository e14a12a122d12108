import { expect, type Page, test } from '@playwright/test';
import { screenshot, signInAndSelectDemoTenant, signInAsAdmin } from './helpers.js';

/**
 * The forms of the admin client as a person meets them: a save that fails names the problem and
 * leads to the first invalid field, messages stay exactly as long as a field is invalid, saving the
 * tenant keeps the place on the page, a price comes back as it was typed, and the workflow states
 * have a named default radio and ask before they are deleted.
 */
const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });
const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });

/** Where a person would be before pressing the save bar of a long form: at its end. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

test('a failed save in the bookable editor shows the toast and leads to the empty title', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/raeume/create');
  await expect(page.getByRole('heading', { name: 'Buchungsobjekt erstellen' })).toBeVisible();
  const title = page.getByLabel('Titel', { exact: true });
  await expect(title).toHaveValue('');

  await scrollToEnd(page);
  await expect(title).not.toBeInViewport();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Validierungsfehler')).toBeVisible();
  await expect(toast(page, 'Validierungsfehler')).toContainText('Bitte überprüfen Sie Ihre Eingaben.');
  await expect(title).toBeFocused();
  await expect(title).toBeInViewport();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'forms-01-bookable-failed-save');

  // The message goes with the first letter; nothing was saved, the editor is still open.
  await page.keyboard.type('S');
  await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/admin\/raeume\/create/);
});

test('a failed save of the instance settings leads to the invalid privacy link', async ({ page }) => {
  await signInAsAdmin(page);
  await nav(page).getByRole('link', { name: 'Instanz verwalten' }).click();
  await expect(page).toHaveURL(/\/admin\/instanz$/);
  const privacyLink = page.getByLabel('Link zur Datenschutzerklärung');
  await privacyLink.fill('keine-url');

  await scrollToEnd(page);
  await expect(privacyLink).not.toBeInViewport();
  // The save bar is at the bottom of the window wherever the page is scrolled.
  const save = page.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeInViewport();
  await save.click();
  await expect(toast(page, 'Validierungsfehler')).toBeVisible();
  await expect(privacyLink).toBeFocused();
  await expect(privacyLink).toBeInViewport();
  await expect(page.getByText('Ungültige URL.')).toBeVisible();
  await screenshot(page, 'forms-02-instance-failed-save');

  await privacyLink.fill('https://www.musterstadt.example/datenschutz');
  await expect(page.getByText('Ungültige URL.')).toBeHidden();
  await expect(privacyLink).not.toHaveAttribute('aria-invalid', 'true');
});

test('the create-tenant messages stay while a field is empty and go as soon as it is filled', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('button', { name: 'Mandanten anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mandanten anlegen' });
  const name = dialog.getByLabel('Name');
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(toast(page, 'Validierungsfehler')).toBeVisible();
  await expect(name).toBeFocused();
  const messages = dialog.getByText('Pflichtfeld', { exact: true });
  const required = await messages.count();
  expect(required).toBeGreaterThan(1);

  // Still there after five seconds: the fields are still empty.
  await page.waitForTimeout(5000);
  await expect(messages).toHaveCount(required);
  await screenshot(page, 'forms-03-create-tenant-messages');

  // One letter and the name's message is gone, without the fields below it moving.
  const websiteTop = async () => (await dialog.getByLabel('Webseite').boundingBox())?.y;
  const before = await websiteTop();
  await name.pressSequentially('S');
  await expect(messages).toHaveCount(required - 1);
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  expect(await websiteTop()).toBe(before);
  // Emptied again, it is invalid again.
  await name.clear();
  await expect(messages).toHaveCount(required);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
});

test('the tenant screen keeps its scroll position on save; workflow states: dialog message, named default, delete asks', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await nav(page).getByRole('link', { name: 'Mandant verwalten' }).click();
  await expect(page).toHaveURL(/\/admin\/mandanten$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Rathaus Musterstadt');

  // Save from further down the page: the page stays where it is.
  await page.getByText('Workflow aktivieren').scrollIntoViewIfNeeded();
  // The pointer goes to the button first: to reach the sticky save bar, Playwright scrolls to where
  // the bar would stand in the page, which is not the product's doing.
  await page.getByRole('button', { name: 'Speichern' }).hover();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Änderungen wurden erfolgreich gespeichert.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeEnabled();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Rathaus Musterstadt');
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  await screenshot(page, 'forms-04-tenant-saved-in-place');

  // The state dialog: the message goes as soon as the name is filled.
  await page.getByRole('button', { name: 'Workflow-Status hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Workflow-Status' });
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Pflichtfeld')).toBeVisible();
  await expect(toast(page, 'Validierungsfehler')).toBeVisible();
  await expect(dialog.getByLabel('Statusname')).toBeFocused();
  await screenshot(page, 'forms-05-workflow-state-message');
  await dialog.getByLabel('Statusname').fill('Formularprobe');
  await expect(dialog.getByText('Pflichtfeld')).toBeHidden({ timeout: 1000 });
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();

  // The default radio is found by its name.
  const defaultRadio = page.getByRole('radio', { name: 'Standardstatus: Formularprobe' });
  await defaultRadio.check({ force: true });
  await expect(defaultRadio).toBeChecked();

  // Deleting asks first; cancelled, the state stays.
  const states = page.getByRole('list', { name: 'Workflow-Status' }).getByRole('listitem');
  await page.getByRole('button', { name: 'Formularprobe löschen' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Status „Formularprobe“ löschen?');
  await screenshot(page, 'forms-06-delete-state-asks');
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(states.filter({ hasText: 'Formularprobe' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Formularprobe löschen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(page.getByRole('radio', { name: 'Standardstatus: Formularprobe' })).toHaveCount(0);
});

test('a price typed as 12,50 comes back as 12,50', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await nav(page).getByRole('link', { name: 'Räume' }).click();
  await page.getByRole('button', { name: 'Raum erstellen' }).click();
  await page.getByLabel('Titel', { exact: true }).fill('Preisprobe');
  await page.getByLabel('Preis (EUR)').fill('12,50');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/admin\/raeume$/);
  await expect(page.getByRole('article', { name: 'Preisprobe' })).toContainText('12,50 €');

  await page.getByRole('button', { name: 'Aktionen für Preisprobe' }).click();
  await page.getByRole('menu', { name: 'Aktionen für Preisprobe', exact: true }).getByRole('menuitem', { name: 'Bearbeiten' }).click();
  await expect(page.getByRole('heading', { name: 'Buchungsobjekt bearbeiten' })).toBeVisible();
  await expect(page.getByLabel('Preis (EUR)')).toHaveValue('12,50');
  await screenshot(page, 'forms-07-price-round-trip');

  // The room was only for this check.
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await page.getByRole('button', { name: 'Aktionen für Preisprobe' }).click();
  await page.getByRole('menu', { name: 'Aktionen für Preisprobe', exact: true }).getByRole('menuitem', { name: 'Löschen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByRole('article', { name: 'Preisprobe' })).toHaveCount(0);
});
