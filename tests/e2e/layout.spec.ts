import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, berlinInstant, berlinToday } from '../../common/time/berlin.js';
import { baseUrl, expectNoSeriousAxeFindings, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * The staff screens at a desktop (1440 × 900) and a phone (390 × 844) width, measured by their
 * boxes: the bookings list with its "Aktionen" column fits the desktop without the page scrolling
 * sideways and scrolls inside its own frame on the phone; the buttons of a calendar entry's popup
 * and of the upload dialog stay inside their dialog; the upload's "Durchsuchen" is not cut off;
 * image pickers list and upload images only; the event wizard writes dates as TT.MM.JJJJ and times
 * with 24 hours; the workflow's default radio has a visible label; the kanban board itself is no
 * tab stop while its cards are. No serious accessibility finding on any of them. Screenshots go to
 * tests/artifacts/layout-*.
 */
// Each test signs in and runs axe on one or two screens: more than the default minute on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const VENUE = 'Bürgerhaus Musterstadt';
const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const pngPixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const IMAGE = '/public/layout-probe/layout-bild.png';
const DOCUMENT = '/public/layout-probe/layout-plan.pdf';

let owner: APIRequestContext;
let tenantId: string;
let waitingBooking: string;

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  const { publicBookables } = await graphql<{ publicBookables: { id: string; title: string }[] }>(owner, 'query($tenantId: ID!) { publicBookables(tenantId: $tenantId) { id title } }', { tenantId });
  const venueId = publicBookables.find((bookable) => bookable.title === VENUE)!.id;
  // A waiting booking early on Monday of this week: its popup offers the most buttons (delete, cancel, details, edit, release).
  const today = berlinToday(new Date());
  const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  const { saveBooking } = await graphql<{ saveBooking: { id: string } }>(
    owner,
    'mutation($tenantId: ID!, $input: BookingInput!) { saveBooking(tenantId: $tenantId, input: $input) { id } }',
    {
      tenantId,
      input: {
        bookableItems: [{ bookableId: venueId, amount: 1 }],
        timeBegin: berlinInstant(monday, '07:00').toISOString(),
        timeEnd: berlinInstant(monday, '08:00').toISOString(),
        name: 'Lara Layout',
        mail: 'layout@example.com',
        isCommitted: false,
      },
    },
  );
  waitingBooking = saveBooking.id;
  // One image and one document among the tenant's files: an image picker must list only the image.
  for (const [name, mimeType, buffer] of [
    ['layout-bild.png', 'image/png', pngPixel],
    ['layout-plan.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')],
  ] as const) {
    const response = await owner.post(`/api/${tenantId}/files`, {
      headers: { origin: baseUrl()! },
      multipart: { accessLevel: 'public', customDirectory: 'layout-probe', file: { name, mimeType, buffer } },
    });
    expect(response.status(), `${name}: ${await response.text()}`).toBe(201);
  }
});

test.afterAll(async () => {
  await graphql(owner, 'mutation($tenantId: ID!, $id: ID!) { deleteBooking(tenantId: $tenantId, id: $id) }', { tenantId, id: waitingBooking });
  for (const name of [IMAGE, DOCUMENT]) await owner.delete(`/api/${tenantId}/files?name=${encodeURIComponent(name)}`, { headers: { origin: baseUrl()! } });
  await owner.dispose();
});

/**
 * A box once it stops moving (dialogs open with a transition that scales them): first every finite
 * animation and transition of the page has ended (two equal boxes alone can both be read before the
 * transition starts), then two boxes in a row agree.
 */
async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  await locator.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let previous = await locator.boundingBox();
  await expect
    .poll(async () => {
      const current = await locator.boundingBox();
      const same = current !== null && previous !== null && JSON.stringify(current) === JSON.stringify(previous);
      previous = current;
      return same;
    })
    .toBe(true);
  return previous!;
}

/** Every one of `inner` lies within the box of `outer` (half a pixel of rounding allowed). */
async function expectInside(inner: Locator, outer: Locator, what: string): Promise<void> {
  const frame = await settledBox(outer);
  const count = await inner.count();
  expect(count, `${what}: something to measure`).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const box = (await inner.nth(index).boundingBox())!;
    const label = `${what} ${index + 1} (${(await inner.nth(index).innerText()).trim()})`;
    expect(box.x, `${label}: left edge`).toBeGreaterThanOrEqual(frame.x - 0.5);
    expect(box.x + box.width, `${label}: right edge`).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    expect(box.y + box.height, `${label}: bottom edge`).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
  }
}

/** The page itself never scrolls sideways. */
async function expectNoPageOverflow(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, window: window.innerWidth }));
  expect(widths.scroll, `${where}: page width ${widths.scroll} within the window's ${widths.window}`).toBeLessThanOrEqual(widths.window);
}

const view = (page: Page, name: 'Liste' | 'Kalender' | 'Kanban') => page.getByRole('radiogroup', { name: 'Ansicht' }).getByRole('radio', { name });

for (const viewport of viewports) {
  test.describe(`${viewport.name} ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    const shot = (page: Page, name: string) => screenshot(page, `layout-${viewport.width}-${name}`);

    test('the bookings list fits the window with its actions, or scrolls inside its own frame', async ({ page }) => {
      await signInAndSelectDemoTenant(page);
      await page.goto('/admin/buchungen');
      const table = page.getByRole('table', { name: 'Buchungen' });
      // The whole list loads first (the demo's bookings and those of earlier specs).
      await expect(table.getByRole('row', { name: /Lara Layout/ })).toBeVisible({ timeout: 30_000 });
      const actions = table.getByRole('columnheader', { name: 'Aktionen' });
      await expect(actions).toBeVisible();
      await expectNoPageOverflow(page, 'bookings list');
      const frame = page.locator('.bookings-list .data-table-scroll');
      if (viewport.width >= 1440) {
        const box = (await actions.boundingBox())!;
        expect(box.x + box.width, 'the Aktionen column ends within the window').toBeLessThanOrEqual(viewport.width);
        const menu = table.getByRole('row', { name: /Lara Layout/ }).getByRole('button', { name: /^Aktionen für Buchung/ });
        const menuBox = (await menu.boundingBox())!;
        expect(menuBox.x + menuBox.width, "a row's menu button within the window").toBeLessThanOrEqual(viewport.width);
        expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth), 'nothing to scroll sideways').toBe(true);
      } else {
        // Too wide for a phone: the table scrolls inside its frame, which stays within the window.
        const frameBox = (await frame.boundingBox())!;
        expect(frameBox.x + frameBox.width).toBeLessThanOrEqual(viewport.width);
        expect(await frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        await actions.scrollIntoViewIfNeeded();
        await expectNoPageOverflow(page, 'bookings list scrolled to its actions');
      }
      await shot(page, 'bookings');
      await expectNoSeriousAxeFindings(page, `bookings list ${viewport.width}`);
    });

    test("a calendar entry's popup keeps its buttons inside", async ({ page }) => {
      await signInAndSelectDemoTenant(page);
      await page.goto('/admin/buchungen');
      await view(page, 'Kalender').click();
      await expect(page.locator('.booking-calendar')).toHaveAttribute('aria-busy', 'false');
      await page.locator('.booking-calendar .rbc-event').filter({ hasText: 'Lara Layout' }).click();
      const dialog = page.getByRole('dialog', { name: `Buchung ${waitingBooking}` });
      await expect(dialog.getByRole('button', { name: 'Buchung freigeben' })).toBeVisible();
      await expectInside(dialog.locator('.bp6-dialog-footer button'), dialog, 'popup button');
      await expectNoPageOverflow(page, 'calendar popup');
      await shot(page, 'calendar-popup');
      await expectNoSeriousAxeFindings(page, `calendar popup ${viewport.width}`);
    });

    test('the event wizard writes dates as TT.MM.JJJJ and times with 24 hours; its image picker offers and uploads images only', async ({ page }) => {
      await signInAndSelectDemoTenant(page);
      await page.goto('/admin/veranstaltungen/create');
      const start = page.getByLabel('Startdatum');
      await expect(start).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
      await expect(start).toHaveAttribute('type', 'text');
      await start.fill('15.07.2030');
      await page.keyboard.press('Escape');
      await expect(start).toHaveValue('15.07.2030');
      const startTime = page.getByLabel('Startzeit');
      await expect(startTime).toBeEnabled();
      await expect(startTime).toHaveAttribute('placeholder', 'HH:MM');
      await startTime.fill('1830');
      await startTime.blur();
      await expect(startTime).toHaveValue('18:30');
      await expect(start).toHaveValue('15.07.2030');
      await shot(page, 'wizard-dates');
      await expectNoSeriousAxeFindings(page, `event wizard ${viewport.width}`);

      // The title image picker lists the image among the tenant's files, not the document.
      const picker = page.locator('.bp6-form-group', { has: page.locator('label[for="event-information-teaserImage"]') });
      const choices = picker.getByRole('combobox');
      await expect(choices.locator('option', { hasText: IMAGE })).toHaveCount(1);
      await expect(choices.locator('option', { hasText: DOCUMENT })).toHaveCount(0);
      for (const option of await choices.locator('option').allInnerTexts()) expect(option).toMatch(/^Keine Datei$|\.(jpe?g|png|svg)$/i);

      await expectInside(picker.getByRole('button', { name: 'Hochladen' }), picker, "picker's upload button");
      await picker.getByRole('button', { name: 'Hochladen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Datei hochladen' });
      await expect(dialog.locator('#file-upload-input')).toHaveAttribute('accept', '.jpg,.jpeg,.png,.svg');
      await expectInside(dialog.locator('.bp6-dialog-footer button'), dialog, 'upload dialog button');
      await expectInside(dialog.locator('.bp6-file-input'), dialog, 'file choice');
      // "Durchsuchen" is drawn by the file input itself: its box must hold the whole word.
      const browse = await dialog.locator('.bp6-file-upload-input').evaluate((element) => {
        const after = getComputedStyle(element, '::after');
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${after.fontWeight} ${after.fontSize} ${after.fontFamily}`;
        const padding = parseFloat(after.paddingLeft) + parseFloat(after.paddingRight);
        return { text: element.getAttribute('bp6-button-text'), room: parseFloat(after.width) - (after.boxSizing === 'border-box' ? padding : 0), needed: context.measureText(element.getAttribute('bp6-button-text') ?? '').width };
      });
      expect(browse.text).toBe('Durchsuchen');
      expect(browse.room, `"Durchsuchen" needs ${browse.needed} px`).toBeGreaterThanOrEqual(browse.needed);
      await expectNoPageOverflow(page, 'upload dialog');
      await shot(page, 'upload-dialog');
      await expectNoSeriousAxeFindings(page, `upload dialog ${viewport.width}`);
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(dialog).toBeHidden();
    });

    test("the workflow's default radio is labelled visibly", async ({ page }) => {
      await signInAndSelectDemoTenant(page);
      await page.goto('/admin/mandanten');
      const states = page.getByRole('list', { name: 'Workflow-Status' }).getByRole('listitem');
      await expect(states.first()).toBeVisible();
      const label = states.first().locator('label.workflow-default-radio');
      await expect(label).toHaveText('Standard');
      await states.first().scrollIntoViewIfNeeded();
      const box = (await label.boundingBox())!;
      expect(box.width, 'the label has room beside its radio').toBeGreaterThan(40);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await expect(states.first().getByRole('radio', { name: /^Standardstatus: / })).toHaveCount(1);
      await shot(page, 'workflow');
      await expectNoSeriousAxeFindings(page, `tenant editor ${viewport.width}`);
    });

    test('the kanban board is no tab stop of its own; its cards are', async ({ page }) => {
      await signInAndSelectDemoTenant(page);
      await page.goto('/admin/buchungen');
      await view(page, 'Kanban').click();
      const board = page.getByRole('group', { name: 'Kanban-Board' });
      await expect(board.locator('[data-card-id]').first()).toBeVisible();
      expect(await board.evaluate((element) => (element as HTMLElement).tabIndex), 'the board is not focusable').toBe(-1);
      await expect(board).not.toHaveAttribute('tabindex');
      // Tabbing from the view switch reaches a card (the first column's tab stop), not the board.
      await view(page, 'Kanban').focus();
      let reached = '';
      for (let step = 0; step < 10 && !reached.includes('data-card-id'); step += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          if (active?.matches('.kanban-board')) return 'board';
          return active?.matches('[data-card-id]') ? 'data-card-id' : (active?.outerHTML.slice(0, 60) ?? '');
        });
        expect(reached).not.toBe('board');
      }
      expect(reached).toBe('data-card-id');
      await shot(page, 'kanban');
      await expectNoSeriousAxeFindings(page, `kanban ${viewport.width}`);
    });
  });
}
