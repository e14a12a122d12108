import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, type Download, expect, type Page, test } from '@playwright/test';
import { addDays, berlinToday } from '../../common/time/berlin.js';
import { graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * The event list (/admin/veranstaltungen) and the simple creator as the demo tenant's owner meets
 * them: an event created on one page appears as a card; duplicated, the copy carries " (Kopie)", is
 * renamed in the wizard and deleted again; past events hide behind "Vergangene ausblenden"; the tag filter narrows
 * the cards. A guest books two tickets of the new event on the public booking page, which shows
 * the seats left; staff download the participants list from the card. No serious accessibility finding on either page. The events of this file are deleted
 * afterwards.
 */
test.describe.configure({ mode: 'serial' });

let owner: APIRequestContext;
let tenantId: string;

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function openEvents(page: Page) {
  await signInAndSelectDemoTenant(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Veranstaltungen' }).click();
  await expect(page.getByRole('heading', { name: 'Veranstaltungen', exact: true })).toBeVisible();
}

async function cardAction(page: Page, name: string, action: string) {
  await card(page, name).getByRole('button', { name: `Aktionen für ${name}` }).click();
  await page.getByRole('menu', { name: `Aktionen für ${name}` }).getByRole('menuitem', { name: action }).click();
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  // A past event with a tag, made through GraphQL as an integration would.
  const lastYear = addDays(berlinToday(new Date()), -400);
  await graphql(owner, 'mutation($t: ID!, $input: EventInput!) { createEvent(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: { information: { name: 'Rückblick Stadtfest', startDate: lastYear, startTime: '10:00', endDate: lastYear, endTime: '18:00', tags: ['Fest'] } },
  });
});

test.afterAll(async () => {
  const { events } = await graphql<{ events: { id: string; information: { name: string } }[] }>(owner, 'query($t: ID!) { events(tenantId: $t, limit: 500) { id information { name } } }', { t: tenantId });
  for (const event of events.filter((listed) => /Rückblick Stadtfest|Lesung im Ratssaal/.test(listed.information.name))) {
    await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteEvent(tenantId: $t, id: $id) }', { t: tenantId, id: event.id });
  }
  await owner.dispose();
});

test('an event made with the simple creator appears in the list; its copy is edited in the wizard and deleted', async ({ page }) => {
  await openEvents(page);
  await page.getByRole('button', { name: 'Art der Erstellung wählen' }).click();
  await page.getByRole('menuitem', { name: 'Einfache Event-Erstellung' }).click();
  await expect(page).toHaveURL(/\/admin\/veranstaltungen\/create\/simple-event$/);
  const submit = page.getByRole('button', { name: 'Absenden' });
  await expect(submit).toBeDisabled();

  const day = addDays(berlinToday(new Date()), 20).split('-').reverse().join('.');
  await page.getByLabel('Name der Veranstaltung').fill('Lesung im Ratssaal');
  await page.getByLabel('Kurzbeschreibung').fill('Eine Autorin liest aus ihrem neuen Roman.');
  await page.getByLabel('Schlagwörter').fill('Lesung');
  await page.getByLabel('Schlagwörter').press('Enter');
  await page.getByLabel('Beginn').fill(`${day} 19:00`);
  await page.getByLabel('Ende').fill(`${day} 21:00`);
  await page.getByLabel('Name des Veranstaltungsorts').fill('Ratssaal');
  await page.getByLabel('Name des Veranstalters').fill('Stadtbibliothek Musterstadt');
  await page.getByLabel('Name der Kontaktperson').fill('Lena Lesewitz');
  await page.getByLabel('Telefon').fill('0123 45678');
  await page.getByLabel('E-Mail').fill('lena@');
  await page.getByLabel('E-Mail').blur();
  await expect(page.getByText('E-Mail muss gültig sein')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('E-Mail').fill('lena@example.com');
  await page.getByText('Teilnehmer müssen sich anmelden').click();
  await page.getByLabel('Maximale Teilnehmerzahl').fill('40');
  await screenshot(page, 'events-01-simple-creator');
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.locator('.bp6-toast').filter({ hasText: 'Veranstaltung erstellt' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/veranstaltungen$/);
  const lesung = card(page, 'Lesung im Ratssaal');
  await expect(lesung).toContainText(`${day} 19:00 - 21:00`);
  await expect(lesung).toContainText('Ratssaal');
  await expect(lesung).toContainText('kostenlos');
  await screenshot(page, 'events-02-list');

  await cardAction(page, 'Lesung im Ratssaal', 'Duplizieren');
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Veranstaltung dupliziert' })).toBeVisible();
  await expect(card(page, 'Lesung im Ratssaal (Kopie)')).toBeVisible();

  // The copy edited in the wizard, then deleted again.
  await cardAction(page, 'Lesung im Ratssaal (Kopie)', 'Bearbeiten');
  await expect(page.getByRole('heading', { name: 'Veranstaltung bearbeiten' })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue('Lesung im Ratssaal (Kopie)');
  await name.fill('Lesung im Ratssaal, zweiter Abend');
  await page.getByRole('button', { name: 'Änderungen übernehmen' }).click();
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Änderungen gespeichert' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Veranstaltungen' }).click();
  await expect(card(page, 'Lesung im Ratssaal, zweiter Abend')).toBeVisible();
  await cardAction(page, 'Lesung im Ratssaal, zweiter Abend', 'Löschen');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(card(page, 'Lesung im Ratssaal, zweiter Abend')).toHaveCount(0);
  await expect(lesung).toBeVisible();
});

/** The ticket the simple creator made for the event, by the event's name. */
async function ticketOf(eventName: string): Promise<string> {
  const { events } = await graphql<{ events: { id: string; information: { name: string } }[] }>(owner, 'query($t: ID!) { events(tenantId: $t, limit: 500) { id information { name } } }', { t: tenantId });
  const event = events.find((listed) => listed.information.name === eventName)!;
  const { bookables } = await graphql<{ bookables: { id: string; eventId: string | null }[] }>(owner, 'query($t: ID!) { bookables(tenantId: $t, type: ticket) { id eventId } }', { t: tenantId });
  return bookables.find((bookable) => bookable.eventId === event.id)!.id;
}

async function bookTickets(browser: Browser, ticketId: string, amount: number) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/checkout?id=${ticketId}&tenant=${tenantId}&amount=1`);
  await expect(page.getByRole('heading', { name: 'Lesung im Ratssaal' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Plätze frei' })).toHaveText('Noch 40 Plätze frei');
  await page.getByLabel('Anzahl').fill(String(amount));
  await page.getByLabel('Vor- und Nachname').fill('Theo Theaterfreund');
  await page.getByLabel('E-Mail').fill('theo@example.com');
  await screenshot(page, 'events-04-tickets');
  await page.getByRole('button', { name: 'Jetzt buchen' }).click();
  await expect(page).toHaveURL(/\/checkout\/status\?id=[A-Z]{4}-[A-Z]{4}&tenant=/);
  await page.context().close();
}

test('a guest books two tickets of the event on the public booking page; staff download the participants list', async ({ browser, page }) => {
  const ticketId = await ticketOf('Lesung im Ratssaal');
  await bookTickets(browser, ticketId, 2);
  const { ticketSeatsLeft } = await graphql<{ ticketSeatsLeft: number }>(owner, 'query($t: ID!, $id: ID!) { ticketSeatsLeft(tenantId: $t, bookableId: $id) }', { t: tenantId, id: ticketId });
  expect(ticketSeatsLeft).toBe(38);

  // The card's menu opens the list in a new window, which downloads it (and closes again).
  await openEvents(page);
  const downloaded = new Promise<Download>((resolve) => {
    page.context().on('page', (opened) => opened.on('download', resolve));
    page.on('download', resolve);
  });
  await cardAction(page, 'Lesung im Ratssaal', 'Teilnehmerliste herunterladen');
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^teilnehmer-.*\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\ufeffBuchungsnummer;Ticket;Anzahl;')).toBe(true);
  expect(csv).toContain(';Lesung im Ratssaal;2;');
  expect(csv).toContain(';Theo Theaterfreund;');
});

test('past events hide behind "Vergangene ausblenden"; the tag filter keeps events with every chosen tag', async ({ page }) => {
  await openEvents(page);
  await expect(card(page, 'Lesung im Ratssaal')).toBeVisible();
  await expect(card(page, 'Rückblick Stadtfest')).toHaveCount(0);
  await page.getByText('Vergangene ausblenden').click();
  await expect(card(page, 'Rückblick Stadtfest')).toBeVisible();

  await page.getByLabel('Filtern').click();
  await page.getByRole('option', { name: 'Fest' }).click();
  await page.keyboard.press('Escape');
  await expect(card(page, 'Rückblick Stadtfest')).toBeVisible();
  await expect(card(page, 'Lesung im Ratssaal')).toHaveCount(0);
  await screenshot(page, 'events-03-filtered');
});

test('the event list and the simple creator have no serious accessibility finding', async ({ page }) => {
  await openEvents(page);
  await expect(card(page, 'Lesung im Ratssaal')).toBeVisible();
  for (const where of ['list', 'creator'] as const) {
    if (where === 'creator') {
      await page.getByRole('button', { name: 'Art der Erstellung wählen' }).click();
      await page.getByRole('menuitem', { name: 'Einfache Event-Erstellung' }).click();
      await expect(page.getByRole('heading', { name: 'Einfache Event-Erstellung' })).toBeVisible();
    }
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), where).toEqual([]);
  }
});
