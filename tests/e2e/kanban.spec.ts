import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, request, test } from '@playwright/test';
import { addDays, berlinInstant, berlinToday } from '../../common/time/berlin.js';
import {
  baseUrl,
  confirmAddressThroughApi,
  demoWorkflow,
  expectNoSeriousAxeFindings,
  graphql,
  restoreWorkflow,
  saveDemoWorkflow,
  screenshot,
  signedInApi,
  signInAndSelectDemoTenant,
  type WorkflowConfiguration,
  type WorkflowStateSetup,
} from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * The kanban view of the bookings screen (/admin/buchungen, "Kanban") as staff meet it: the demo
 * tenant's owner sets up an active workflow (through GraphQL, as the tenant screen would save it);
 * the public books three times, and the bookings enter the default state. Two staff members have
 * the board open: what one moves (by dragging with the mouse, by keyboard, by the card's menu)
 * shows on the other's board without a reload; a state with the action "Buchung freigeben"
 * releases the booking entering it. A member who may only read bookings sees the board without
 * any means to move. A clerk releases a new booking in its details dialog, opened from its card,
 * and sees the card move into the state whose action releases, as a colleague does, without a
 * reload. No serious accessibility finding, light and dark, and no sideways scrolling of the page. Afterwards the demo's own workflow is saved again.
 */
// One story: each test builds on the board the one before left.
test.describe.configure({ mode: 'serial' });

const STATES: WorkflowStateSetup[] = [
  { id: 'kanban-eingang', name: 'Eingang' },
  { id: 'kanban-pruefung', name: 'In Prüfung' },
  { id: 'kanban-freigabe', name: 'Freigabe', bookingStatus: ['commit'] },
  { id: 'kanban-erledigt', name: 'Erledigt' },
];
const staff = { id: 'mitarbeiter@example.com', password: 'demo-mitarbeiter' };

let owner: APIRequestContext;
let tenantId: string;
let seededWorkflow: WorkflowConfiguration;
/** The three bookings of this file by their customers' names. */
const numbers: Record<'mouse' | 'keyboard' | 'menu', string> = { mouse: '', keyboard: '', menu: '' };

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cardIn = (column: Locator, number: string) => column.locator(`[data-card-id="${number}"]`);
const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const liveRegion = (page: Page) => page.locator('.kanban [role="status"]');

/** A Monday `weeks` weeks ahead, 10:00 to 12:00 Berlin time: the venue is open then. */
function mondayMorning(weeks: number): { timeBegin: string; timeEnd: string } {
  const today = berlinToday(new Date());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const monday = addDays(today, 7 * weeks + ((8 - weekday) % 7 || 7));
  return { timeBegin: berlinInstant(monday, '10:00').toISOString(), timeEnd: berlinInstant(monday, '12:00').toISOString() };
}

/** The public books the venue (without a session) `weeks` weeks ahead; the booking enters "Eingang". */
async function publicBooking(name: string, mail: string, weeks: number): Promise<string> {
  const guest = await request.newContext({ baseURL: baseUrl() });
  const { publicBookables } = await graphql<{ publicBookables: { id: string; title: string }[] }>(guest, 'query($tenantId: ID!) { publicBookables(tenantId: $tenantId) { id title } }', { tenantId });
  const venue = publicBookables.find((bookable) => bookable.title === 'Bürgerhaus Musterstadt')!;
  const { checkout } = await graphql<{ checkout: { id: string } }>(guest, 'mutation($tenantId: ID!, $input: CheckoutInput!) { checkout(tenantId: $tenantId, input: $input) { id } }', {
    tenantId,
    input: { bookableItems: [{ bookableId: venue.id, amount: 1 }], ...mondayMorning(weeks), name, mail, paymentProvider: 'invoice' },
  });
  await guest.dispose();
  return checkout.id;
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  seededWorkflow = await demoWorkflow(owner, tenantId);
  await saveDemoWorkflow(owner, tenantId, STATES);
  // The public books the venue three times (without a session); each booking enters "Eingang" at the top.
  const guest = await request.newContext({ baseURL: baseUrl() });
  const { publicBookables } = await graphql<{ publicBookables: { id: string; title: string }[] }>(
    guest,
    'query($tenantId: ID!) { publicBookables(tenantId: $tenantId) { id title } }',
    {
      tenantId,
    },
  );
  const venue = publicBookables.find((bookable) => bookable.title === 'Bürgerhaus Musterstadt')!;
  for (const [index, [key, name]] of (
    [
      ['mouse', 'Maria Maus'],
      ['keyboard', 'Tim Tastatur'],
      ['menu', 'Mia Menü'],
    ] as const
  ).entries()) {
    const { checkout } = await graphql<{ checkout: { id: string } }>(
      guest,
      'mutation($tenantId: ID!, $input: CheckoutInput!) { checkout(tenantId: $tenantId, input: $input) { id } }',
      {
        tenantId,
        input: { bookableItems: [{ bookableId: venue.id, amount: 1 }], ...mondayMorning(9 + index), name, mail: `${key}@example.com`, paymentProvider: 'invoice' },
      },
    );
    numbers[key] = checkout.id;
  }
  await guest.dispose();
});

test.afterAll(async () => {
  await restoreWorkflow(owner, tenantId, seededWorkflow);
  await owner.dispose();
});

/** Signs in (a fresh browser context), opens the bookings screen and its board. */
async function openBoard(browser: Browser, user?: { id: string; password: string }, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAndSelectDemoTenant(page, user);
  await expect(page).toHaveURL(/\/admin\/buchungen$/);
  await page.getByRole('radiogroup', { name: 'Ansicht' }).getByRole('radio', { name: 'Kanban' }).click();
  await expect(region(page, 'Eingang')).toBeVisible();
  return page;
}

/** Drags with the mouse, as a person does: press, move in steps, release. */
async function dragWithMouse(page: Page, card: Locator, target: Locator, offsetY: number): Promise<void> {
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 16);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + 40, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + offsetY, { steps: 20 });
  await page.mouse.up();
}

test('two staff members follow each other’s moves live: by mouse, by keyboard and by menu; "Freigabe" releases', async ({ browser }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  const ines = await openBoard(browser);
  const tom = await openBoard(browser, staff);
  for (const page of [ines, tom]) page.on('pageerror', (error) => errors.push(error.message));

  // The backlog, then the states in order; the new bookings in "Eingang", newest on top.
  const regions = ines.locator('.kanban-column');
  await expect(regions).toHaveCount(5);
  expect(await regions.evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label')))).toEqual([
    'Backlog',
    'Eingang',
    'In Prüfung',
    'Freigabe',
    'Erledigt',
  ]);
  for (const page of [ines, tom]) {
    await expect(region(page, 'Eingang').locator('[data-card-id]')).toHaveCount(3);
    await expect(region(page, 'Eingang').locator('[data-card-id]').first()).toHaveAttribute('data-card-id', numbers.menu);
  }
  const mouseCard = cardIn(region(ines, 'Eingang'), numbers.mouse);
  await expect(mouseCard).toContainText('Maria Maus');
  await expect(mouseCard).toContainText('Bürgerhaus Musterstadt');
  await expect(mouseCard).toContainText(/\d{2}\.\d{2}\.\d{4}, 10:00–12:00 Uhr/);
  await expect(mouseCard).toContainText('ausstehend');
  // The days in the state: entered today, so 0, green, with its sentence as tooltip.
  const dwell = mouseCard.locator('.kanban-dwell');
  await expect(dwell).toHaveAttribute('data-dwell-days', '0');
  await expect(dwell).toHaveClass(/bp6-intent-success/);
  await dwell.hover();
  await expect(ines.locator('.bp6-tooltip')).toHaveText('Die Buchung befindet sich seit 0 Tagen in diesem Status');
  await screenshot(ines, 'kanban-01-board');

  // Ines drags Maria's card with the mouse into "In Prüfung"; Tom sees it there within a second.
  await dragWithMouse(ines, mouseCard, region(ines, 'In Prüfung'), 120);
  await expect(cardIn(region(ines, 'In Prüfung'), numbers.mouse)).toBeVisible();
  await expect(toast(ines, 'Buchung verschoben')).toBeVisible();
  await expect(cardIn(region(tom, 'In Prüfung'), numbers.mouse)).toBeVisible({ timeout: 1_000 });
  await expect(cardIn(region(tom, 'Eingang'), numbers.mouse)).toHaveCount(0);
  await screenshot(tom, 'kanban-02-dragged-seen-by-the-other');

  // Tom moves Tim's card by keyboard: Space picks it up, → into "In Prüfung" at the same height (below
  // Maria's), ↑ above hers and ↓ below again, Space puts it down.
  const keyboardCard = cardIn(region(tom, 'Eingang'), numbers.keyboard);
  await keyboardCard.focus();
  await tom.keyboard.press('Space');
  await expect(liveRegion(tom)).toContainText(`Buchung ${numbers.keyboard} aufgenommen`);
  await tom.keyboard.press('ArrowRight');
  await expect(liveRegion(tom)).toHaveText('In Prüfung, Position 2 von 2.');
  await tom.keyboard.press('ArrowUp');
  await expect(liveRegion(tom)).toHaveText('In Prüfung, Position 1 von 2.');
  await tom.keyboard.press('ArrowDown');
  await expect(liveRegion(tom)).toHaveText('In Prüfung, Position 2 von 2.');
  await screenshot(tom, 'kanban-03-keyboard-picked-up');
  await tom.keyboard.press('Space');
  await expect(liveRegion(tom)).toHaveText(`Die Buchung ${numbers.keyboard} ist jetzt in „In Prüfung“.`);
  await expect(cardIn(region(tom, 'In Prüfung'), numbers.keyboard)).toBeFocused();
  for (const page of [tom, ines]) {
    await expect(region(page, 'In Prüfung').locator('[data-card-id]')).toHaveCount(2);
    expect(
      await region(page, 'In Prüfung')
        .locator('[data-card-id]')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card-id'))),
    ).toEqual([numbers.mouse, numbers.keyboard]);
  }

  // Ines moves Mia's card by its menu to "Freigabe", whose action releases the booking: both boards show it released.
  await cardIn(region(ines, 'Eingang'), numbers.menu)
    .getByRole('button', { name: `Aktionen für Buchung ${numbers.menu}` })
    .click();
  const menu = ines.getByRole('menu', { name: `Aktionen für Buchung ${numbers.menu}` });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'In Backlog verschieben',
    'Verschieben nach In Prüfung',
    'Verschieben nach Freigabe',
    'Verschieben nach Erledigt',
    'Archivieren',
    'Details',
  ]);
  await screenshot(ines, 'kanban-04-card-menu');
  await menu.getByRole('menuitem', { name: 'Verschieben nach Freigabe' }).click();
  await expect(toast(ines, `Die Buchung ${numbers.menu} ist jetzt in „Freigabe“.`)).toBeVisible();
  // The release happens within the move: Ines's card shows it from the move's answer, Tom's from the live event.
  for (const page of [ines, tom]) await expect(cardIn(region(page, 'Freigabe'), numbers.menu)).toContainText('freigegeben');
  await screenshot(tom, 'kanban-05-released-by-the-state');

  // Back to the backlog and into the archive, by menu.
  await cardIn(region(tom, 'In Prüfung'), numbers.keyboard)
    .getByRole('button', { name: /^Aktionen für Buchung/ })
    .click();
  await tom.getByRole('menuitem', { name: 'In Backlog verschieben' }).click();
  for (const page of [tom, ines]) await expect(cardIn(region(page, 'Backlog'), numbers.keyboard)).toBeVisible();
  await cardIn(region(ines, 'In Prüfung'), numbers.mouse)
    .getByRole('button', { name: /^Aktionen für Buchung/ })
    .click();
  await ines.getByRole('menuitem', { name: 'Archivieren' }).click();
  await expect(toast(ines, 'Buchung archiviert')).toBeVisible();
  for (const page of [ines, tom]) await expect(page.locator(`[data-card-id="${numbers.mouse}"]`)).toHaveCount(0);

  // The backlog can be hidden and shown again.
  const backlogSwitch = ines.getByRole('checkbox', { name: 'Backlog' });
  await backlogSwitch.uncheck({ force: true });
  await expect(region(ines, 'Backlog')).toHaveCount(0);
  await backlogSwitch.check({ force: true });
  await expect(region(ines, 'Backlog')).toBeVisible();

  // The list says the same: Mia's booking is released.
  await ines.getByRole('radiogroup', { name: 'Ansicht' }).getByRole('radio', { name: 'Liste' }).click();
  await expect(ines.getByRole('table', { name: 'Buchungen' }).getByRole('row').filter({ hasText: numbers.menu })).toContainText('freigegeben');
  expect(errors).toEqual([]);
  await ines.context().close();
  await tom.context().close();
});

test('a member who may only read bookings sees the board, without any means to move a card', async ({ browser, baseURL }) => {
  const reader = { id: `kanbanleser.${Date.now()}@example.com`, password: 'nur-lesen-passwort-2' };
  const guest = await request.newContext({ baseURL });
  expect((await guest.post('/auth/signup', { data: { id: reader.id, password: reader.password, firstName: 'Lars', lastName: 'Leser' } })).status()).toBe(201);
  const mail = await waitForMail(reader.id, 'Bestätigen Sie Ihre E-Mail-Adresse');
  await confirmAddressThroughApi(guest, mail);
  await guest.dispose();
  const { saveRole } = await graphql<{ saveRole: { id: string } }>(owner, 'mutation($tenantId: ID!, $input: RoleInput!) { saveRole(tenantId: $tenantId, input: $input) { id } }', {
    tenantId,
    input: { name: 'Kanban nur lesen', adminInterfaces: ['bookings'], manageBookings: { readAny: true } },
  });
  await graphql(owner, 'mutation($tenantId: ID!, $userId: String!, $roles: [String!]!) { addTenantMember(tenantId: $tenantId, userId: $userId, roles: $roles) { tenantId } }', {
    tenantId,
    userId: reader.id,
    roles: [saveRole.id],
  });

  const page = await openBoard(browser, reader);
  const card = cardIn(region(page, 'Freigabe'), numbers.menu);
  await expect(card).toContainText('Mia Menü');
  await expect(page.getByText('Sie können das Board nur ansehen.')).toBeVisible();
  await expect(page.locator('.kanban').getByRole('button', { name: /^Aktionen für Buchung/ })).toHaveCount(0);
  await expect(page.locator('.kanban [draggable="true"]')).toHaveCount(0);
  await card.focus();
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText('');
  await screenshot(page, 'kanban-06-read-only');
  await page.context().close();
});

test('the board has no serious accessibility finding, light or dark, and the page does not scroll sideways at 1440 and 390 px', async ({ browser }) => {
  const page = await openBoard(browser);
  for (const theme of ['light', 'dark'] as const) {
    const toggle = page.getByRole('button', { name: 'Design umschalten' });
    if ((await toggle.getAttribute('aria-pressed')) !== String(theme === 'dark')) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(theme === 'dark'));
    await cardIn(region(page, 'Freigabe'), numbers.menu)
      .getByRole('button', { name: /^Aktionen für Buchung/ })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    await screenshot(page, `kanban-07-axe-${theme}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  await page.context().close();

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const sized = await openBoard(browser, undefined, viewport);
    const [scrollWidth, innerWidth] = await sized.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scrollWidth, `${viewport.width} px`).toBeLessThanOrEqual(innerWidth);
    // The columns scroll sideways inside their own row, each 150 to 350 px wide and 70 % of the window high.
    const sizes = await sized
      .locator('.kanban-column')
      .evaluateAll((columns) => columns.map((column) => column.getBoundingClientRect()).map(({ width, height }) => ({ width, height })));
    for (const size of sizes) {
      expect(size.width).toBeGreaterThanOrEqual(150);
      expect(size.width).toBeLessThanOrEqual(350);
      expect(Math.round(size.height)).toBe(Math.round(viewport.height * 0.7));
    }
    await screenshot(sized, `kanban-08-${viewport.width}`);
    await sized.context().close();
  }
});

test('a clerk releases a new booking in its details dialog and sees its card move to "Freigabe" without a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const ines = await openBoard(browser);
  const tom = await openBoard(browser, staff);
  const number = await publicBooking('Dora Dialog', 'dialog@example.com', 13);
  // The new booking arrives live on both boards, in the first state.
  for (const page of [ines, tom]) await expect(cardIn(region(page, 'Eingang'), number)).toContainText('ausstehend');

  await cardIn(region(tom, 'Eingang'), number)
    .getByRole('button', { name: `Aktionen für Buchung ${number}` })
    .click();
  await tom.getByRole('menu', { name: `Aktionen für Buchung ${number}` }).getByRole('menuitem', { name: 'Details' }).click();
  const dialog = tom.getByRole('dialog', { name: `Buchung ${number}`, exact: true });
  await expect(dialog.getByRole('heading', { name: 'Kundendaten' })).toBeVisible();
  await expect(dialog).toContainText('Dora Dialog');
  await expectNoSeriousAxeFindings(tom, 'Buchungsdetails über dem Board');
  await dialog.getByRole('button', { name: 'Buchung freigeben' }).click();
  await expect(toast(tom, 'Buchung freigegeben')).toBeVisible();
  await dialog.getByRole('button', { name: 'Schließen' }).filter({ hasText: 'Schließen' }).click();
  await expect(dialog).toBeHidden();

  // Released, the card follows its status into "Freigabe" (the state whose action releases), on the
  // clerk's board and on the colleague's, without a reload.
  for (const page of [tom, ines]) {
    await expect(cardIn(region(page, 'Freigabe'), number)).toContainText('freigegeben');
    await expect(cardIn(region(page, 'Eingang'), number)).toHaveCount(0);
  }
  await screenshot(tom, 'kanban-09-released-in-the-dialog');
  await ines.context().close();
  await tom.context().close();
});
