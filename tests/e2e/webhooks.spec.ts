import { expect, test, type Page } from '@playwright/test';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expectNoSeriousAxeFindings, screenshot, signInAndSelectDemoTenant } from './helpers.js';

/**
 * Webhooks: the demo tenant's owner registers an endpoint (a receiver this spec starts on
 * 127.0.0.1), sees its signing secret once, sends the test event and finds it delivered in the
 * log; the screen and the dialogs pass axe in the light and the dark theme.
 */
const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

const openScreen = async (page: Page) => {
  await signInAndSelectDemoTenant(page);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/admin\/mandanten\/webhooks$/);
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
};

for (const theme of ['light', 'dark'] as const) {
  test(`an owner registers a webhook, sends the test event and sees it in the log (${theme === 'dark' ? 'dunkles' : 'helles'} Thema)`, async ({ page }) => {
    if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await openScreen(page);
    if (theme === 'dark') await expect(page.locator('body.bp6-dark')).toHaveCount(1);
    await expectNoSeriousAxeFindings(page, `Webhooks (${theme})`);
    const url = `${receiverUrl}/${theme}`;

    // Without an event the dialog says so.
    await page.getByRole('button', { name: 'Webhook anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook anlegen' });
    await dialog.getByLabel('Adresse (URL)').fill(url);
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await expect(dialog.getByText('Bitte wählen Sie mindestens ein Ereignis.')).toBeVisible();
    await dialog.getByRole('checkbox', { name: /Buchung angelegt/ }).check({ force: true });
    await dialog.getByRole('checkbox', { name: /Buchung bezahlt/ }).check({ force: true });
    await dialog.getByLabel('Beschreibung').fill(`Finanzsystem ${theme}`);
    await expectNoSeriousAxeFindings(page, `Webhook anlegen (${theme})`);
    await dialog.getByRole('button', { name: 'Anlegen' }).click();

    // The secret, this once.
    const shown = page.getByRole('dialog', { name: 'Webhook angelegt' });
    await expect(shown.getByText('Dieses Signatur-Geheimnis wird nur jetzt angezeigt.')).toBeVisible();
    const secret = await shown.getByLabel('Signatur-Geheimnis').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoSeriousAxeFindings(page, `Geheimnis einmalig (${theme})`);
    await shown.getByRole('button', { name: 'Schließen' }).filter({ hasText: 'Schließen' }).click();
    await expect(shown).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(`Finanzsystem ${theme}`) });
    await expect(row).toContainText('Buchung angelegt, Buchung bezahlt');
    await expect(row).toContainText('Aktiv');
    await expect(page.getByText(secret)).toHaveCount(0);

    // The test event, delivered and signed.
    await page.getByRole('button', { name: `Protokoll von ${url}` }).click();
    const log = page.getByRole('dialog', { name: `Zustellprotokoll: ${url}` });
    await log.getByRole('button', { name: 'Testereignis senden' }).click();
    await expect(page.getByText('Testereignis wird gesendet')).toBeVisible();
    // axe right away, while the toast stands still: later (the polling below takes a varying time)
    // it may be fading, and axe would measure its half-transparent text.
    await expectNoSeriousAxeFindings(page, `Zustellprotokoll (${theme})`);
    await expect
      .poll(async () => {
        await log.getByRole('button', { name: 'Aktualisieren' }).click();
        return log.getByRole('row', { name: /Testereignis/ }).first().textContent();
      })
      .toContain('Zugestellt');
    await expect(log.getByRole('row', { name: /Testereignis/ }).first()).toContainText('204');
    const delivery = received.find((entry) => entry.path === `/hook/${theme}` && entry.body.includes('webhook.test'));
    expect(delivery).toBeTruthy();
    expect(() => new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>)).not.toThrow();
    await screenshot(page, `webhooks-01-log-${theme}`);

    // Erneut senden: a second delivery of the same event.
    await log.getByRole('button', { name: /erneut senden/ }).first().click();
    await expect(page.getByText('Zustellung wird wiederholt')).toBeVisible();
    await expect(log.getByRole('row', { name: /Testereignis/ })).toHaveCount(2);
    await log.getByRole('button', { name: 'Schließen' }).filter({ hasText: 'Schließen' }).click();

    // Deleting asks first.
    await page.getByRole('button', { name: `Webhook ${url} löschen` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Möchten Sie den Webhook an ${url} wirklich löschen?`);
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText('Webhook gelöscht')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Finanzsystem ${theme}`) })).toHaveCount(0);
  });
}
