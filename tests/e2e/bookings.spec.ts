import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { awaitSignedOut, confirmAddress, screenshot, signInAndSelectDemoTenant } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * The staff's bookings screen (/admin/buchungen) as the demo tenant's owner and as a member who may
 * only read bookings: a booking made by the public appears live, search, details, release, cancel,
 * the paid booking that cannot be deleted, a booking made by hand and its time conflict; and no
 * serious accessibility violation with a dialog open, in light and dark.
 */
const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const bookingsTable = (page: Page) => page.getByRole('table', { name: 'Buchungen' });
const rowOf = (page: Page, text: string) => bookingsTable(page).getByRole('row').filter({ hasText: text });
const search = (page: Page) => page.getByLabel('Buchungen durchsuchen');

async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await api.post('/graphql', { data: { query, variables }, headers: { 'content-type': 'application/json' } });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((error) => error.message).join('; '));
  return body.data as T;
}

const currentTenantId = async (page: Page) => JSON.parse((await page.evaluate(() => localStorage.getItem('currentTenantId'))) ?? 'null') as string;

/** A weekday (Monday) `weeks` weeks ahead, as DD.MM.YYYY and as a Berlin wall-time ISO instant maker. */
function mondayInWeeks(weeks: number) {
  const day = new Date();
  day.setUTCHours(12, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 7 * weeks + ((8 - day.getUTCDay()) % 7 || 7));
  const date = day.toISOString().slice(0, 10);
  const [year, month, dayOfMonth] = date.split('-');
  const at = (time: string) => {
    // Berlin is UTC+1 in winter, UTC+2 in summer: the offset whose wall time reads `time`.
    for (const offset of ['+01:00', '+02:00']) {
      const instant = new Date(`${date}T${time}:00${offset}`);
      const wall = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
      if (wall === time) return instant.toISOString();
    }
    throw new Error(`no Berlin instant for ${date} ${time}`);
  };
  return { text: `${dayOfMonth}.${month}.${year}`, at };
}

async function openRowMenu(page: Page, text: string) {
  // A menu closed a moment ago may still be fading out.
  await expect(page.getByRole('menu', { name: /^Aktionen für Buchung/ })).toHaveCount(0);
  await rowOf(page, text).getByRole('button', { name: /^Aktionen für Buchung/ }).click();
  return page.getByRole('menu', { name: /^Aktionen für Buchung/ });
}

test('staff follow a public booking live, find, release, cancel, keep a paid one, and create one by hand with its time conflict', async ({ page, baseURL }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAndSelectDemoTenant(page);
  await expect(page).toHaveURL(/\/admin\/buchungen$/);
  await expect(rowOf(page, 'Erika Mustermann')).toContainText('ausstehend');
  // How many the list holds, above it (exact at the demo's size).
  await expect(page.getByRole('status').filter({ hasText: /^\d[\d.]* Buchungen$/ })).toBeVisible();
  // List and calendar (and the board, while the tenant's workflow is active, as the demo's is).
  const views = page.getByRole('radiogroup', { name: 'Ansicht' });
  await expect(views.getByRole('radio', { name: 'Liste' })).toBeVisible();
  await expect(views.getByRole('radio', { name: 'Kalender' })).toBeVisible();
  await screenshot(page, 'bookings-01-list');

  // The public books the venue through GraphQL, without a session.
  const tenantId = await currentTenantId(page);
  const guest = await request.newContext({ baseURL });
  const { publicBookables } = await graphql<{ publicBookables: { id: string; title: string }[] }>(guest, 'query($tenantId: ID!) { publicBookables(tenantId: $tenantId) { id title } }', { tenantId });
  const venue = publicBookables.find((bookable) => bookable.title === 'Bürgerhaus Musterstadt')!;
  const day = mondayInWeeks(4);
  const { checkout } = await graphql<{ checkout: { id: string } }>(
    guest,
    'mutation($tenantId: ID!, $input: CheckoutInput!) { checkout(tenantId: $tenantId, input: $input) { id } }',
    {
      tenantId,
      input: { bookableItems: [{ bookableId: venue.id, amount: 1 }], timeBegin: day.at('10:00'), timeEnd: day.at('12:00'), name: 'Paula Quendolin', mail: 'paula@example.com', paymentProvider: 'invoice' },
    },
  );
  await guest.dispose();

  // It appears without a reload, at the top (newest first).
  const publicRow = rowOf(page, 'Paula Quendolin');
  await expect(publicRow).toContainText(checkout.id);
  await expect(bookingsTable(page).getByRole('row').nth(1)).toContainText('Paula Quendolin');
  await expect(publicRow).toContainText('Bürgerhaus Musterstadt');
  await expect(publicRow).toContainText(/\d+,\d{2}\s€/);

  // Fuzzy search, misspelt, with a second term over another field (AND).
  await search(page).fill('Quendolyn bürgerhaus');
  await expect(bookingsTable(page).getByRole('row')).toHaveCount(2);
  await expect(publicRow).toBeVisible();
  await search(page).fill('Quendolyn beamer');
  await expect(page.getByText('Keine Daten vorhanden')).toBeVisible();
  await search(page).fill('Quendolin');
  await screenshot(page, 'bookings-02-search');

  // Details.
  await (await openRowMenu(page, 'Paula Quendolin')).getByRole('menuitem', { name: 'Details anzeigen' }).click();
  const details = page.getByRole('dialog', { name: `Buchung ${checkout.id}` });
  await expect(details).toContainText('paula@example.com');
  await expect(details).toContainText('Bürgerhaus Musterstadt');
  await expect(details).toContainText('ausstehend');
  await screenshot(page, 'bookings-03-details');
  await details.getByRole('button', { name: 'Schließen' }).filter({ hasText: 'Schließen' }).click();
  await expect(details).toBeHidden();

  // Release: "ablehnen" before, "stornieren" after.
  let menu = await openRowMenu(page, 'Paula Quendolin');
  await expect(menu.getByRole('menuitem', { name: 'Buchung ablehnen' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Buchung freigeben' }).click();
  await expect(toast(page, 'Buchung freigegeben')).toBeVisible();
  await expect(publicRow).toContainText('freigegeben');
  menu = await openRowMenu(page, 'Paula Quendolin');
  await expect(menu.getByRole('menuitem', { name: 'Buchung stornieren' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Buchung freigeben' })).toHaveCount(0);
  // Escape closes the menu once it has the focus, which it takes a moment after opening.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden({ timeout: 1_000 });
  }).toPass();

  // Cancel the released demo booking with a reason.
  await search(page).fill('');
  await (await openRowMenu(page, 'Sportverein Musterstadt')).getByRole('menuitem', { name: 'Buchung stornieren' }).click();
  const cancel = page.getByRole('dialog', { name: /^Buchung stornieren/ });
  await cancel.getByLabel('Grund').fill('Der Saal wird an diesem Tag renoviert.');
  await screenshot(page, 'bookings-04-cancel');
  await cancel.getByRole('button', { name: 'Buchung stornieren' }).click();
  await expect(cancel).toBeHidden();
  await expect(toast(page, 'Buchung storniert')).toBeVisible();
  await expect(rowOf(page, 'Sportverein Musterstadt')).toContainText('storniert');

  // Marked as paid, the priced booking cannot be deleted.
  await (await openRowMenu(page, 'Paula Quendolin')).getByRole('menuitem', { name: 'Bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: `Buchung ${checkout.id} bearbeiten` });
  await edit.getByText('Bezahlt', { exact: true }).click();
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(edit).toBeHidden();
  await expect(toast(page, 'Buchung bearbeitet')).toBeVisible();
  await expect(publicRow).toContainText('bezahlt');
  menu = await openRowMenu(page, 'Paula Quendolin');
  const remove = menu.getByRole('menuitem', { name: 'Löschen' });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await remove.getByText('Löschen').hover();
  await expect(page.locator('.bp6-tooltip')).toHaveText('Die Buchung wurde bereits bezahlt.');
  await screenshot(page, 'bookings-05-paid-not-deletable');
  await page.keyboard.press('Escape');

  // A booking by hand: objects with + and − (− at one removes), the mail checked, then saved.
  const handDay = mondayInWeeks(5);
  await page.getByRole('button', { name: 'Buchung erstellen' }).click();
  let create = page.getByRole('dialog', { name: 'Buchung erstellen' });
  await create.getByLabel('Objekt hinzufügen').fill('bürgerhaus');
  await page.getByRole('listbox', { name: 'Auswahlmöglichkeiten' }).getByRole('option', { name: 'Bürgerhaus Musterstadt' }).click();
  await create.getByRole('button', { name: 'Hinzufügen' }).click();
  await create.getByRole('button', { name: 'Anzahl Bürgerhaus Musterstadt erhöhen' }).click();
  await expect(create.getByRole('group', { name: 'Anzahl Bürgerhaus Musterstadt' })).toContainText('2');
  await create.getByRole('button', { name: 'Anzahl Bürgerhaus Musterstadt verringern' }).click();
  await create.getByRole('button', { name: 'Anzahl Bürgerhaus Musterstadt verringern' }).click();
  await expect(create.getByRole('group', { name: 'Anzahl Bürgerhaus Musterstadt' })).toHaveCount(0);
  await create.getByLabel('Objekt hinzufügen').fill('bürgerhaus');
  await page.getByRole('listbox', { name: 'Auswahlmöglichkeiten' }).getByRole('option', { name: 'Bürgerhaus Musterstadt' }).click();
  await create.getByRole('button', { name: 'Hinzufügen' }).click();
  await create.getByLabel('Beginn').fill(`${handDay.text} 14:00`);
  await create.getByLabel('Ende').fill(`${handDay.text} 16:00`);
  await create.getByLabel('Name').fill('Hans Handbuchung');
  await create.getByLabel('E-Mail').fill('hans@');
  await create.getByRole('button', { name: 'Speichern' }).click();
  await expect(create.getByText('E-Mail muss gültig sein')).toBeVisible();
  await expect(toast(page, 'Validierungsfehler')).toBeVisible();
  await screenshot(page, 'bookings-06-create-invalid');
  await create.getByLabel('E-Mail').fill('hans@example.com');
  await expect(create.getByText('E-Mail muss gültig sein')).toHaveCount(0);
  await create.getByRole('button', { name: 'Speichern' }).click();
  await expect(create).toBeHidden();
  await expect(toast(page, 'Buchung erstellt')).toBeVisible();
  await expect(rowOf(page, 'Hans Handbuchung')).toContainText('Bürgerhaus Musterstadt');

  // The same object an hour later overlaps: the server answers "Zeitkonflikt", the dialog stays.
  await page.getByRole('button', { name: 'Buchung erstellen' }).click();
  create = page.getByRole('dialog', { name: 'Buchung erstellen' });
  await create.getByLabel('Objekt hinzufügen').fill('bürgerhaus');
  await page.getByRole('listbox', { name: 'Auswahlmöglichkeiten' }).getByRole('option', { name: 'Bürgerhaus Musterstadt' }).click();
  await create.getByRole('button', { name: 'Hinzufügen' }).click();
  await create.getByLabel('Beginn').fill(`${handDay.text} 15:00`);
  await create.getByLabel('Ende').fill(`${handDay.text} 17:00`);
  await create.getByLabel('Name').fill('Zweite Handbuchung');
  await create.getByLabel('E-Mail').fill('zweite@example.com');
  await create.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Zeitkonflikt')).toBeVisible();
  await expect(create).toBeVisible();
  await screenshot(page, 'bookings-07-time-conflict');
  await create.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(rowOf(page, 'Zweite Handbuchung')).toHaveCount(0);

  // The unpaid one by hand can be deleted, after asking.
  await (await openRowMenu(page, 'Hans Handbuchung')).getByRole('menuitem', { name: 'Löschen' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Buchung löschen' });
  await expect(confirmDelete).toContainText('Hans Handbuchung');
  await confirmDelete.getByRole('button', { name: 'Löschen' }).click();
  await expect(toast(page, 'Buchung gelöscht')).toBeVisible();
  await expect(rowOf(page, 'Hans Handbuchung')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a member who may only read bookings sees them without any action', async ({ page }) => {
  const reader = { id: `buchungsleser.${Date.now()}@example.com`, password: 'nur-lesen-passwort-1' };
  const signup = await page.request.post('/auth/signup', { data: { id: reader.id, password: reader.password, firstName: 'Lea', lastName: 'Leserin' } });
  expect(signup.status()).toBe(201);
  const mail = await waitForMail(reader.id, 'Bestätigen Sie Ihre E-Mail-Adresse');
  await confirmAddress(page, mail);

  // The owner gives her a role with the bookings screen and "Alle lesen" of the bookings only.
  await signInAndSelectDemoTenant(page);
  const tenantId = await currentTenantId(page);
  const { saveRole } = await graphql<{ saveRole: { id: string } }>(
    page.request,
    'mutation($tenantId: ID!, $input: RoleInput!) { saveRole(tenantId: $tenantId, input: $input) { id } }',
    { tenantId, input: { name: 'Buchungen nur lesen', adminInterfaces: ['bookings'], manageBookings: { readAny: true } } },
  );
  await graphql(page.request, 'mutation($tenantId: ID!, $userId: String!, $roles: [String!]!) { addTenantMember(tenantId: $tenantId, userId: $userId, roles: $roles) { tenantId } }', {
    tenantId,
    userId: reader.id,
    roles: [saveRole.id],
  });
  await page.getByRole('button', { name: 'Ines', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await awaitSignedOut(page);

  await signInAndSelectDemoTenant(page, reader);
  await expect(page).toHaveURL(/\/admin\/buchungen$/);
  await expect(rowOf(page, 'Erika Mustermann')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buchung erstellen' })).toHaveCount(0);
  // A single booking offers her nothing; a date of a series only narrows the list to its series
  // (for those the list has its actions column, once the tenant has a series).
  const rowMenus = (rows: Locator) => rows.getByRole('button', { name: /^Aktionen für Buchung/ });
  await expect(rowMenus(bookingsTable(page).locator('tbody tr').filter({ hasNot: page.locator('.series-tag') }))).toHaveCount(0);
  const seriesMenus = rowMenus(bookingsTable(page).locator('tbody tr').filter({ has: page.locator('.series-tag') }));
  if ((await seriesMenus.count()) > 0) {
    await seriesMenus.first().click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Nur diese Serie']);
    await page.keyboard.press('Escape');
  }
  await screenshot(page, 'bookings-08-read-only');
});

test('the bookings screen with a dialog open has no serious accessibility violation, light or dark', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await expect(page).toHaveURL(/\/admin\/buchungen$/);
  for (const theme of ['light', 'dark'] as const) {
    const toggle = page.getByRole('button', { name: 'Design umschalten' });
    if ((await toggle.getAttribute('aria-pressed')) !== String(theme === 'dark')) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(theme === 'dark'));
    await (await openRowMenu(page, 'Erika Mustermann')).getByRole('menuitem', { name: 'Details anzeigen' }).click();
    const details = page.getByRole('dialog', { name: /^Buchung / });
    await expect(details).toContainText('erika.mustermann@example.com');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    await screenshot(page, `bookings-09-axe-${theme}`);
    await details.getByRole('button', { name: 'Schließen' }).filter({ hasText: 'Schließen' }).click();
  }
});
