import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * The public links: staff copy an object's booking link (and see its snippet addresses) from the
 * list and the editor, a guest opening the copied link lands on its booking page; an event's dialog
 * names its tickets' booking links; the tenant settings name the tenant's booking portal, which
 * lists the public objects and upcoming events with their booking links (also at phone width).
 * axe on the portal and the link dialog in both themes.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const roomTitle = `Trauzimmer ${stamp}`;
const hiddenTitle = `Lagerraum ${stamp}`;
const eventName = `Herbstkonzert ${stamp}`;

let owner: APIRequestContext;
let tenantId: string;
let roomId: string;
let hiddenId: string;
let eventId: string;
let ticketId: string;

const berlinDate = (offsetDays: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });

async function createRoom(title: string, isPublic: boolean): Promise<string> {
  const created = await graphql<{ createBookable: { id: string } }>(owner, 'mutation ($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: { type: 'room', title, location: 'Rathausplatz 1', amount: '1', isBookable: true, isPublic, autoCommitBooking: false },
  });
  return created.createBookable.id;
}

async function openLinksDialog(page: Page, listPath: string, title: string) {
  await page.goto(listPath);
  await card(page, title).getByRole('button', { name: `Aktionen für ${title}` }).click();
  await page.getByRole('menu', { name: `Aktionen für ${title}` }).getByRole('menuitem', { name: 'Öffentliche Links' }).click();
  const dialog = page.getByRole('dialog', { name: `Öffentliche Links: ${title}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  roomId = await createRoom(roomTitle, true);
  hiddenId = await createRoom(hiddenTitle, false);
  const day = berlinDate(21);
  const event = await graphql<{ createEvent: { id: string } }>(owner, 'mutation ($t: ID!, $input: EventInput!) { createEvent(tenantId: $t, input: $input, withTickets: true) { id } }', {
    t: tenantId,
    input: { isPublic: true, information: { name: eventName, startDate: day, startTime: '19:00', endDate: day, endTime: '21:00' }, eventLocation: { name: 'Stadthalle' } },
  });
  eventId = event.createEvent.id;
  const { bookables } = await graphql<{ bookables: { id: string; eventId: string | null }[] }>(owner, 'query ($t: ID!) { bookables(tenantId: $t, type: ticket) { id eventId } }', { t: tenantId });
  ticketId = bookables.find((ticket) => ticket.eventId === eventId)!.id;
});

test.afterAll(async () => {
  await graphql(owner, 'mutation ($t: ID!, $id: ID!) { deleteEvent(tenantId: $t, id: $id) }', { t: tenantId, id: eventId });
  for (const id of [roomId, hiddenId, ticketId]) {
    await graphql(owner, 'mutation ($t: ID!, $id: ID!) { deleteBookable(tenantId: $t, id: $id) }', { t: tenantId, id }).catch(() => undefined);
  }
  await owner.dispose();
});

test('staff copy an object’s booking link; a guest opening it lands on the booking page', async ({ page, context, browser, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signInAndSelectDemoTenant(page);
  const dialog = await openLinksDialog(page, '/admin/raeume', roomTitle);
  const bookingLink = `${baseURL}/checkout?id=${roomId}&tenant=${tenantId}`;
  await expect(dialog.getByRole('link', { name: bookingLink })).toBeVisible();
  await expect(dialog.getByRole('link', { name: `${baseURL}/html/${tenantId}/bookables/${roomId}` })).toBeVisible();
  await expect(dialog.getByRole('link', { name: `${baseURL}/html/${tenantId}/bookables?type=room` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Link kopieren: Buchungslink' }).click();
  await expect(toast(page, 'Link kopiert')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(bookingLink);
  await screenshot(page, 'public-links-01-dialog');

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(copied);
  await expect(guestPage.getByRole('heading', { name: roomTitle, level: 1 })).toBeVisible();
  await guest.close();
});

test('a non-public object says it is not publicly bookable; the editor shows the saved object’s links', async ({ page, baseURL }) => {
  await signInAndSelectDemoTenant(page);
  const dialog = await openLinksDialog(page, '/admin/raeume', hiddenTitle);
  await expect(dialog.getByText('Dieses Objekt ist nicht öffentlich buchbar')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Link kopieren/ })).toHaveCount(0);

  await page.goto(`/admin/raeume/edit?id=${roomId}`);
  await expect(page.getByRole('link', { name: `${baseURL}/checkout?id=${roomId}&tenant=${tenantId}` })).toBeVisible();
});

test('an event’s dialog and its wizard name its ticket’s booking link and its snippet addresses', async ({ page, baseURL }) => {
  await signInAndSelectDemoTenant(page);
  const dialog = await openLinksDialog(page, '/admin/veranstaltungen', eventName);
  await expect(dialog.getByRole('link', { name: `${baseURL}/checkout?id=${ticketId}&tenant=${tenantId}` })).toBeVisible();
  await expect(dialog.getByRole('link', { name: `${baseURL}/html/${tenantId}/events/${eventId}` })).toBeVisible();
  await page.keyboard.press('Escape');

  // The wizard shows the saved event's links too, folded under its steps.
  await page.goto(`/admin/veranstaltungen/edit?id=${eventId}`);
  await page.locator('.event-public-links').getByRole('button', { name: 'Abschnitt aufklappen' }).click();
  await expect(page.getByRole('link', { name: `${baseURL}/checkout?id=${ticketId}&tenant=${tenantId}` })).toBeVisible();
});

test('the tenant settings name the booking portal, which lists objects and events with their booking pages', async ({ page, browser, baseURL }) => {
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/mandanten');
  const portal = `${baseURL}/buchen/${tenantId}`;
  await expect(page.getByRole('link', { name: portal })).toBeVisible();

  const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guestPage = await guest.newPage();
  await guestPage.goto(portal);
  await expect(guestPage.getByRole('heading', { name: 'Online buchen: Rathaus Musterstadt', level: 1 })).toBeVisible();
  const room = guestPage.getByRole('listitem', { name: roomTitle });
  await expect(room).toBeVisible();
  await expect(guestPage.getByRole('listitem', { name: hiddenTitle })).toHaveCount(0);
  const event = guestPage.getByRole('listitem', { name: eventName });
  await expect(event).toContainText('Stadthalle');
  await expect(event.getByRole('link', { name: /Jetzt buchen|Jetzt anfragen/ })).toHaveAttribute('href', `/checkout?id=${ticketId}&tenant=${tenantId}`);
  // Nothing wider than the phone: no sideways scrolling.
  expect(await guestPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(guestPage, 'public-links-02-portal-phone');

  await room.getByRole('link', { name: `${roomTitle}: Jetzt anfragen` }).click();
  await expect(guestPage).toHaveURL(new RegExp(`/checkout\\?id=${roomId}&tenant=${tenantId}$`));
  await expect(guestPage.getByRole('heading', { name: roomTitle, level: 1 })).toBeVisible();
  // The booking page leads back to everything the tenant offers.
  await guestPage.getByRole('link', { name: 'Alle Angebote dieses Anbieters' }).click();
  await expect(guestPage).toHaveURL(new RegExp(`/buchen/${tenantId}$`));
  await guest.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the booking portal and the link dialog pass axe (WCAG 2.1 A/AA) in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    const expectNoSeriousViolations = async (what: string) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.passes.map((rule) => rule.id)).toContain('color-contrast');
      const severe = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(severe.map((violation) => `${what}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    };

    await page.goto(`/buchen/${tenantId}`);
    await expect(page.getByRole('listitem', { name: roomTitle })).toBeVisible();
    await expectNoSeriousViolations('/buchen');
    await screenshot(page, `public-links-03-axe-portal-${theme}`);

    await signInAndSelectDemoTenant(page);
    await openLinksDialog(page, '/admin/raeume', roomTitle);
    await expectNoSeriousViolations('Öffentliche Links');
  });
}
