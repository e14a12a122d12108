import { expect, request, test, type Page } from '@playwright/test';
import { baseUrl, expectNoSeriousAxeFindings, screenshot, signInAndSelectDemoTenant } from './helpers.js';

/**
 * Kalender-Abos: the demo tenant's owner creates a feed with customer data for all objects, sees
 * its URL once (https and webcal), a calendar program fetches it without a session, and revoking
 * it ends it; the screen and the dialogs pass axe in the light and the dark theme.
 */
const openScreen = async (page: Page) => {
  await signInAndSelectDemoTenant(page);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Kalender-Abos' }).click();
  await expect(page).toHaveURL(/\/admin\/mandanten\/kalender$/);
  await expect(page.getByRole('heading', { name: 'Kalender-Abos' })).toBeVisible();
};

for (const theme of ['light', 'dark'] as const) {
  test(`an owner creates a calendar feed, copies its URL, a calendar fetches it, and it is revoked (${theme === 'dark' ? 'dunkles' : 'helles'} Thema)`, async ({ page, context }) => {
    if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openScreen(page);
    if (theme === 'dark') await expect(page.locator('body.bp6-dark')).toHaveCount(1);
    await expectNoSeriousAxeFindings(page, `Kalender-Abos (${theme})`);
    const name = `Hausmeister ${theme}`;

    // The name is required: the dialog names it and focuses it.
    await page.getByRole('button', { name: 'Abo erstellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Abo erstellen' });
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog.getByText('Pflichtfeld')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    // A public feed's object: the public objects, searched on the server as one types.
    await dialog.getByLabel('Objekt').fill('seminar');
    await page.getByRole('option', { name: 'Seminarraum im Rathaus' }).click();
    await expect(dialog.getByLabel('Objekt')).toHaveValue('Seminarraum im Rathaus');
    await dialog.getByRole('button', { name: 'Leeren' }).click();
    await dialog.getByText('Mit Kundendaten (Name, Buchungsnummer, Status)').click();
    await expect(dialog.getByLabel('Objekt')).toHaveValue('');
    // The object is searched as one types; left empty, a feed with customer data shows every object.
    await expect(dialog.getByLabel('Objekt')).toHaveAttribute('placeholder', 'Alle Objekte – Titel eingeben …');
    await expectNoSeriousAxeFindings(page, `Abo erstellen (${theme})`);
    await dialog.getByRole('button', { name: 'Erstellen' }).click();

    // The URL, this once, with its webcal form.
    const shown = page.getByRole('dialog', { name: 'Kalender-Abo erstellt' });
    await expect(shown.getByText('Diese Adresse wird nur jetzt angezeigt.')).toBeVisible();
    const url = await shown.getByRole('textbox', { name: 'Adresse (https)', exact: true }).inputValue();
    expect(url).toMatch(/^https?:\/\/[^/]+\/ical\/bpc_[A-Za-z0-9_-]{43}\.ics$/);
    await expect(shown.getByRole('textbox', { name: 'Adresse zum direkten Abonnieren (webcal)', exact: true })).toHaveValue(url.replace(/^https?:\/\//, 'webcal://'));
    await shown.getByRole('button', { name: 'Adresse (https) kopieren' }).click();
    await expect(page.getByText('Adresse kopiert')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectNoSeriousAxeFindings(page, `Adresse einmalig (${theme})`);
    await screenshot(page, `calendar-feeds-01-url-${theme}`);
    await shown.getByRole('button', { name: 'Schließen' }).filter({ hasText: 'Schließen' }).click();
    await expect(shown).toBeHidden();

    // The list: name, objects, kind; never the URL.
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('alle Objekte');
    await expect(row).toContainText('intern mit Kundendaten');
    await expect(row).toContainText('nie');
    await expect(page.getByText(url)).toHaveCount(0);

    // A calendar program fetches it without a session.
    const calendar = await request.newContext({ baseURL: baseUrl() });
    const path = new URL(url).pathname;
    const fetched = await calendar.get(path);
    expect(fetched.status()).toBe(200);
    expect(fetched.headers()['content-type']).toMatch(/^text\/calendar/);
    const text = await fetched.text();
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(text).toContain('BEGIN:VTIMEZONE');
    // The page's own request context sees the same.
    expect(await (await page.request.get(path)).text()).toContain('BEGIN:VCALENDAR');

    await page.getByRole('button', { name: `Kalender-Abo ${name} widerrufen` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Möchten Sie das Kalender-Abo „${name}“ wirklich widerrufen?`);
    await confirm.getByRole('button', { name: 'Widerrufen' }).click();
    await expect(page.getByText('Kalender-Abo widerrufen')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    expect((await calendar.get(path)).status()).toBe(404);
    await calendar.dispose();
    await expectNoSeriousAxeFindings(page, `Kalender-Abos nach dem Widerruf (${theme})`);
  });
}
