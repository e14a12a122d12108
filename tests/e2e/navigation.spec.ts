import { expect, request, test, type Page } from '@playwright/test';
import { confirmAddress, confirmAddressThroughApi, demoOwner, screenshot, verificationLink } from './helpers.js';
import { waitForMail, waitForNthMail } from './mailbox.js';

/**
 * Sign-in, navigation and loading: the instance owner works in every tenant, the verification mail
 * can be sent again from the login page, unknown paths say so and closed screens say why, and the
 * dashboard after "Anmelden" asks for the current user and the tenant list once each.
 */
const instanceOwner = { id: 'admin@example.com', password: 'admin-demo-2026' };
const VERIFY_SUBJECT = 'Bestätigen Sie Ihre E-Mail-Adresse';
const RESENT_TEXT = 'Falls ein noch nicht bestätigtes Konto zu dieser Adresse existiert, haben wir eine neue Bestätigungs-E-Mail gesendet.';

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

async function fillSignIn(page: Page, login: { id: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(login.id);
  await page.getByLabel('Passwort', { exact: true }).fill(login.password);
}

async function signIn(page: Page, login: { id: string; password: string }): Promise<void> {
  await fillSignIn(page, login);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('the instance owner sees every tenant on the dashboard and in the selector, and works in the one he selects', async ({ page }) => {
  await signIn(page, instanceOwner);
  // Every tenant of the instance, as the instance owner's REST list names them.
  const allTenants = (await (await page.request.get('/api/tenants')).json()) as { id: string; name: string }[];
  expect(allTenants.length).toBeGreaterThan(0);
  await expect(page.getByText('Keine Daten vorhanden')).toHaveCount(0);
  const cards = page.locator('.tenant-card');
  await expect(cards).toHaveCount(allTenants.length);
  for (const tenant of allTenants) await expect(page.getByRole('button', { name: new RegExp(tenant.name) })).toBeVisible();

  const selector = page.getByLabel('Mandant', { exact: true });
  await expect(selector).toBeEnabled();
  await expect(selector.locator('option', { hasText: 'Kein Mandant vorhanden' })).toHaveCount(0);
  await expect(selector.locator('option')).toHaveText(['Mandant auswählen', ...allTenants.map((tenant) => tenant.name)]);
  await selector.selectOption({ label: 'Rathaus Musterstadt' });
  await expect(page.getByRole('button', { name: /Rathaus Musterstadt/ })).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, 'navigation-01-instance-owner-dashboard');

  // Full rights in the selected tenant: its screens are in the drawer and open with their actions.
  await nav(page).getByRole('link', { name: 'Gutscheine' }).click();
  await expect(page).toHaveURL(/\/admin\/gutscheine$/);
  await expect(page.getByRole('button', { name: 'Gutschein erstellen' })).toBeEnabled();
  await nav(page).getByRole('link', { name: 'Mandant Rollen' }).click();
  await expect(page.getByRole('row', { name: /Buchungsbearbeitung/ })).toBeVisible();
  await expect(toast(page, 'Keine Berechtigung')).toHaveCount(0);
});

test('someone who signs in before confirming the address sends the verification mail again from the login page, and its link confirms it', async ({ page }) => {
  const person = { id: `bestaetigung.${Date.now()}@example.com`, password: 'spaet-bestaetigt-1' };

  // The same neutral answer for an address without an account.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
  await page.getByLabel('E-Mail-Adresse Ihres Kontos').fill(`niemand.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Bestätigungs-E-Mail senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESENT_TEXT })).toBeVisible();

  // Registers and does not open the first link.
  await page.goto('/registrieren');
  await page.getByLabel('Vorname').fill('Vera');
  await page.getByLabel('Nachname').fill('Verspätet');
  await page.getByLabel('E-Mail').fill(person.id);
  await page.getByLabel('Passwort', { exact: true }).fill(person.password);
  await page.getByLabel('Passwort wiederholen').fill(person.password);
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/willkommen$/);
  const first = await waitForMail(person.id, VERIFY_SUBJECT);

  // Signing in fails; the login page offers the mail again, with the address already filled in.
  await fillSignIn(page, person);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(toast(page, 'Anmeldung fehlgeschlagen')).toBeVisible();
  await page.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
  const address = page.getByLabel('E-Mail-Adresse Ihres Kontos');
  await expect(address).toHaveValue(person.id);
  await screenshot(page, 'navigation-02-resend-verification');
  await page.getByRole('button', { name: 'Bestätigungs-E-Mail senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESENT_TEXT })).toBeVisible();
  await screenshot(page, 'navigation-03-resend-confirmation');

  // The second mail carries a new link, which confirms the address.
  const second = await waitForNthMail(person.id, VERIFY_SUBJECT, 2);
  expect(first.links).not.toContain(verificationLink(second));
  await confirmAddress(page, second);
  await signIn(page, person);
  await expect(page.getByRole('heading', { name: 'Mandanten' })).toBeVisible();
});

test('an unknown path shows "Seite nicht gefunden" with the way back to the start page', async ({ page }) => {
  await page.goto('/gibt-es-nicht');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page).toHaveURL(/\/gibt-es-nicht$/);
  await expect(page).toHaveTitle('Buchungsplattform | Seite nicht gefunden');
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, demoOwner);
  await page.goto('/admin/gibt-es-nicht');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/gibt-es-nicht$/);
  await expect(page).toHaveTitle('Buchungsplattform | Seite nicht gefunden');
  // Inside the admin frame: the drawer stays.
  await expect(nav(page)).toBeVisible();
  await screenshot(page, 'navigation-04-not-found');
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Mandanten' })).toBeVisible();
});

test('a staff member without coupon rights who opens /admin/gutscheine is told "Keine Berechtigung" on the dashboard', async ({ page, baseURL }) => {
  const member = { id: `ohne.gutscheine.${Date.now()}@example.com`, password: 'ohne-gutscheine-1' };
  // The person registers and confirms; the demo tenant's owner makes them a member with a role for rooms only.
  const api = await request.newContext({ baseURL });
  expect((await api.post('/auth/signup', { data: { ...member, firstName: 'Otto', lastName: 'Ohnegutschein' } })).status()).toBe(201);
  const mail = await waitForMail(member.id, VERIFY_SUBJECT);
  await confirmAddressThroughApi(api, mail);
  expect((await api.post('/auth/signin', { data: demoOwner })).ok()).toBe(true);
  const [tenant] = (await (await api.get('/api/tenants?publicTenants=true')).json()) as { id: string }[];
  const role = await api.put(`/api/${tenant.id}/roles`, { data: { name: `Nur Räume ${Date.now()}`, adminInterfaces: ['rooms'], manageBookables: { readAny: true } } });
  expect(role.status()).toBe(201);
  const roleId = role.headers().location.split('/').pop();
  expect((await api.post(`/api/tenants/${tenant.id}/add-user`, { data: { userId: member.id, roles: [roleId] } })).status()).toBe(201);
  await api.dispose();

  await signIn(page, member);
  await expect(nav(page).getByRole('link', { name: 'Räume' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Gutscheine' })).toHaveCount(0);
  await page.goto('/admin/gutscheine');
  await expect(toast(page, 'Keine Berechtigung')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Mandanten' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gutschein erstellen' })).toHaveCount(0);
  await screenshot(page, 'navigation-05-forbidden');
  // The screens the role grants still open.
  await nav(page).getByRole('link', { name: 'Räume' }).click();
  await expect(page).toHaveURL(/\/admin\/raeume$/);
  await expect(page.getByRole('heading', { name: 'Räume' })).toBeVisible();
});

/** What a first visit of /login may download: JavaScript and CSS, compressed as they travel. */
const LOGIN_TRANSFER_BUDGET_BYTES = 200 * 1024;

test('the login page downloads at most 200 KB of compressed JavaScript and CSS, in a few files', async ({ page }) => {
  const transfers: Promise<{ path: string; bytes: number }>[] = [];
  page.on('requestfinished', (finished) => {
    const path = new URL(finished.url()).pathname;
    if (/\.(js|css)$/.test(path)) transfers.push(finished.sizes().then((sizes) => ({ path, bytes: sizes.responseBodySize })));
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  const files = await Promise.all(transfers);
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  // A heavy library imported by the sign-in page's modules (date pickers, the calendar, the editor) shows here.
  expect(total, files.map((file) => `${file.path} ${file.bytes}`).join('\n')).toBeLessThanOrEqual(LOGIN_TRANSFER_BUDGET_BYTES);
  // The modules the page starts with travel together, not as one small chunk per module an admin screen shares.
  expect(files.length, files.map((file) => file.path).join('\n')).toBeLessThanOrEqual(6);
});

test('the login page loads no admin screen; after "Anmelden" the current user and the tenant list are asked once each, beside the chunks', async ({ page }) => {
  const assetsOf = (urls: string[]) => urls.filter((url) => new URL(url).pathname.startsWith('/assets/')).map((url) => new URL(url).pathname);
  const loginRequests: string[] = [];
  page.on('request', (sent) => loginRequests.push(sent.url()));
  await fillSignIn(page, instanceOwner);
  await page.waitForLoadState('networkidle');
  expect(assetsOf(loginRequests).filter((asset) => /\/(AdminLayout|DashboardPage)-/.test(asset))).toEqual([]);

  /** What happened after the click, in the order the browser reported it. */
  const events: string[] = [];
  const operationOf = (sent: { url(): string; method(): string; postDataJSON(): unknown }) =>
    new URL(sent.url()).pathname === '/graphql' && sent.method() === 'POST' ? (sent.postDataJSON() as { operationName?: string }).operationName : undefined;
  page.on('request', (sent) => {
    const operation = operationOf(sent);
    if (operation) events.push(`request ${operation}`);
    else if (new URL(sent.url()).pathname.startsWith('/assets/')) events.push(`chunk ${new URL(sent.url()).pathname}`);
  });
  page.on('response', (received) => {
    const operation = operationOf(received.request());
    if (operation) events.push(`response ${operation}`);
  });
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: /Rathaus Musterstadt/ })).toBeVisible();
  const seen = [...events];

  const requested = (operation: string) => seen.filter((event) => event === `request ${operation}`).length;
  expect(requested('SignIn')).toBe(1);
  expect(requested('Me')).toBe(1);
  expect(requested('MyTenants')).toBe(1);
  // With a single tenant it is selected at once, and the start page asks for its bookings overview.
  expect(requested('BookingOverview')).toBeLessThanOrEqual(1);
  expect(seen.filter((event) => event.startsWith('request ') && event !== 'request BookingOverview').sort()).toEqual(['request Me', 'request MyTenants', 'request SignIn']);
  // Both go out before either answer has come back: in parallel, not one after the other.
  const firstAnswer = Math.min(seen.indexOf('response Me'), seen.indexOf('response MyTenants'));
  expect(seen.indexOf('request Me')).toBeLessThan(firstAnswer);
  expect(seen.indexOf('request MyTenants')).toBeLessThan(firstAnswer);
  // Each chunk is downloaded once, the admin frame and the dashboard among them.
  const chunks = seen.filter((event) => event.startsWith('chunk '));
  expect(chunks).toEqual([...new Set(chunks)]);
  expect(chunks.some((chunk) => /\/AdminLayout-/.test(chunk))).toBe(true);
  expect(chunks.some((chunk) => /\/DashboardPage-/.test(chunk))).toBe(true);
});
