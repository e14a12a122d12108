import { expect, request, test, type Page } from '@playwright/test';
import { baseUrl, expectNoSeriousAxeFindings, screenshot, signInAndSelectDemoTenant } from './helpers.js';

/**
 * API-Zugänge: the demo tenant's owner creates a token, sees its secret once (afterwards the list
 * shows only its first characters), and revokes it; the screen and the dialogs pass axe in the
 * light and the dark theme.
 */
const openScreen = async (page: Page) => {
  await signInAndSelectDemoTenant(page);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'API-Zugänge' }).click();
  await expect(page).toHaveURL(/\/admin\/mandanten\/api-zugaenge$/);
  await expect(page.getByRole('heading', { name: 'API-Zugänge' })).toBeVisible();
};

for (const theme of ['light', 'dark'] as const) {
  test(`an owner creates a token, sees the secret once and revokes it (${theme === 'dark' ? 'dunkles' : 'helles'} Thema)`, async ({ page, context }) => {
    if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openScreen(page);
    if (theme === 'dark') await expect(page.locator('body.bp6-dark')).toHaveCount(1);
    await expectNoSeriousAxeFindings(page, `API-Zugänge (${theme})`);
    const name = `Raumanzeige Foyer ${theme}`;

    // Required fields first: the dialog names the missing ones and focuses the first.
    await page.getByRole('button', { name: 'Zugang erstellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zugang erstellen' });
    await expect(dialog.getByLabel('Ablauf')).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await expect(dialog.getByText('Pflichtfeld')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByText('Bitte wählen Sie entweder eine Vorlage oder eine Rolle.')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Rechte').selectOption({ label: 'Belegung lesen (ohne persönliche Daten)' });
    await expectNoSeriousAxeFindings(page, `Zugang erstellen (${theme})`);
    await dialog.getByRole('button', { name: 'Erstellen' }).click();

    // The secret, this once.
    const shown = page.getByRole('dialog', { name: 'API-Zugang erstellt' });
    await expect(shown.getByText('Dieser Schlüssel wird nur jetzt angezeigt.')).toBeVisible();
    const secretField = shown.getByLabel('API-Schlüssel');
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^bpt_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Kopieren' }).click();
    await expect(page.getByText('Schlüssel kopiert')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoSeriousAxeFindings(page, `Schlüssel einmalig (${theme})`);
    await screenshot(page, `api-tokens-01-secret-${theme}`);
    await shown.getByRole('button', { name: 'Schließen' }).filter({ hasText: 'Schließen' }).click();
    await expect(shown).toBeHidden();

    // The list: only the first characters, never the secret.
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`${secret.slice(0, 12)}…`);
    await expect(row).toContainText('Belegung lesen');
    await expect(row).toContainText('Aktiv');
    await expect(row).toContainText('nie');
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(`${secret.slice(0, 12)}…`);
    await expect(page.getByText(secret)).toHaveCount(0);

    // The token works until it is revoked (a script's own context: no session cookie).
    const tenantId = await tenantIdOf(page);
    const script = await request.newContext({ baseURL: baseUrl() });
    const occupancy = () => script.get(`/api/${tenantId}/bookables/public`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await occupancy()).status()).toBe(200);
    await page.getByRole('button', { name: `API-Zugang ${name} widerrufen` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Möchten Sie den API-Zugang „${name}“ wirklich widerrufen?`);
    await confirm.getByRole('button', { name: 'Widerrufen' }).click();
    await expect(page.getByText('API-Zugang widerrufen')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Widerrufen');
    await expect(page.getByRole('button', { name: `API-Zugang ${name} widerrufen` })).toHaveCount(0);
    expect((await occupancy()).status()).toBe(401);
    await script.dispose();
    await expectNoSeriousAxeFindings(page, `API-Zugänge nach dem Widerruf (${theme})`);
  });
}

/** The demo tenant's id, read with the page's session. */
async function tenantIdOf(page: Page): Promise<string> {
  const response = await page.request.post('/graphql', { data: { query: 'query { tenants { id name } }' }, headers: { 'content-type': 'application/json' } });
  const body = (await response.json()) as { data: { tenants: { id: string; name: string }[] } };
  return body.data.tenants.find((tenant) => tenant.name === 'Rathaus Musterstadt')!.id;
}

test('GraphiQL runs a query with the API token of its field, without cookies, and with the session without one', async ({ page }) => {
  // GraphiQL's editors (Monaco) take long to start on a busy machine.
  test.setTimeout(180_000);
  await signInAndSelectDemoTenant(page);
  const tenantId = await tenantIdOf(page);
  const name = 'GraphiQL-Probe';
  const created = await page.request.post('/graphql', {
    data: { query: 'mutation($t: ID, $input: ApiTokenInput!) { createApiToken(tenantId: $t, input: $input) { secret } }', variables: { t: tenantId, input: { name, preset: 'OCCUPANCY_READ' } } },
    headers: { 'content-type': 'application/json' },
  });
  const secret = ((await created.json()) as { data: { createApiToken: { secret: string } } }).data.createApiToken.secret;

  // The page still holds the session cookie: with the token the server would refuse both together
  // (AUTH_TOKEN_WITH_SESSION), so the answer as the token shows that no cookie went along.
  await page.goto(`${baseUrl()}/graphiql`);
  const response = page.locator('.graphiql-response');
  const run = page.getByRole('button', { name: /^Execute query/ });
  await expect(run).toBeEnabled({ timeout: 60_000 });
  await page.getByLabel('API-Schlüssel').fill(secret);
  await expect(page.getByText('Anfragen senden Authorization: Bearer … und keine Cookies.')).toBeVisible();
  await run.click();
  await expect(response).toContainText('API-Zugang');
  await expect(response).toContainText(name);
  await expect(response).not.toContainText('AUTH_TOKEN_WITH_SESSION');
  await screenshot(page, 'api-tokens-02-graphiql-token');

  await page.getByLabel('API-Schlüssel').fill('');
  await run.click();
  await expect(response).not.toContainText('API-Zugang');
  await expect(response).toContainText('"instanceOwner"');
});
