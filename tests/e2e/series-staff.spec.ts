import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { addDays, berlinInstant } from '../../common/time/berlin.js';
import { testDay } from '../support/test-calendar.js';
import { baseUrl, expectNoSeriousAxeFindings, germanDate, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * A series as staff meet it on the bookings screen: a club's weekly series of four Tuesdays, booked
 * by staff through the REST checkout, shows its dates tagged "Serie" (the rule as the tag's name),
 * narrows the list to itself ("Nur diese Serie", a removable chip) and is marked on the board. A
 * date's details show the series with every date, the shown one marked; one date is released and
 * cancelled with the booking's own actions, another opened from the series and moved an hour later
 * in the editor, and the series shows both. A series a club booked itself (with a price) is
 * released, one date invoiced alone and the whole series marked paid at once. axe finds nothing serious in the dialog with the series
 * section, in the light and the dark theme. The object and its bookings are the spec's own and
 * removed afterwards.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const ROOM = `Übungsraum ${stamp}`;
const CLUB = `Handballverein ${stamp}`;
const RULE = 'wöchentlich dienstags, 4 Termine';
/** The test calendar's Tuesdays, 18:00 to 20:00 in Berlin. */
const FIRST_TUESDAY = testDay('2027-11-02');
const tuesday = (week: number) => addDays(FIRST_TUESDAY, 7 * week);

let owner: APIRequestContext;
let tenantId: string;
let roomId: string;
let seriesId: string;
/** The dates' booking numbers, earliest first. */
let dates: string[] = [];
/** The booking numbers of the series a club booked itself, with something to pay. */
let pricedDates: string[] = [];

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const search = (page: Page) => page.getByLabel('Buchungen durchsuchen');
const table = (page: Page) => page.getByRole('table', { name: 'Buchungen' });
const rowOf = (page: Page, id: string) => table(page).getByRole('row').filter({ hasText: id });
const seriesDates = (dialog: Locator) => dialog.getByRole('table', { name: 'Termine der Serie' }).locator('tbody tr');
const seriesRow = (dialog: Locator, id: string) => seriesDates(dialog).filter({ hasText: id });

async function openRowMenu(page: Page, id: string): Promise<Locator> {
  await expect(page.getByRole('menu', { name: /^Aktionen für Buchung/ })).toHaveCount(0);
  await rowOf(page, id).getByRole('button', { name: `Aktionen für Buchung ${id}` }).click();
  return page.getByRole('menu', { name: `Aktionen für Buchung ${id}` });
}

async function openDetails(page: Page, id: string): Promise<Locator> {
  await search(page).fill(id);
  await (await openRowMenu(page, id)).getByRole('menuitem', { name: 'Details anzeigen' }).click();
  const dialog = page.getByRole('dialog', { name: `Buchung ${id}`, exact: true });
  await expect(dialog.getByRole('heading', { name: 'Kundendaten' })).toBeVisible();
  return dialog;
}

async function bookingsScreen(page: Page): Promise<void> {
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/buchungen');
  await expect(page.getByRole('heading', { name: 'Buchungen', exact: true })).toBeVisible();
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  const created = await graphql<{ createBookable: { id: string } }>(
    owner,
    'mutation ($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id } }',
    {
      t: tenantId,
      input: { type: 'room', title: ROOM, location: 'Sporthalle Nord', isBookable: true, isPublic: true, autoCommitBooking: false, allowSeries: true, priceType: 'per_item', priceValueAddedTax: '19', priceCategories: [{ priceEur: '25' }] },
    },
  );
  roomId = created.createBookable.id;
  // Staff book series of any object (free of charge); the public may book this one as a series too.
  const response = await owner.post(`/api/${tenantId}/checkout`, {
    data: {
      timeBegin: berlinInstant(FIRST_TUESDAY, '18:00').getTime(),
      timeEnd: berlinInstant(FIRST_TUESDAY, '20:00').getTime(),
      bookableItems: [{ bookableId: roomId, amount: 1 }],
      name: CLUB,
      mail: `handball.${stamp.toLowerCase()}@example.com`,
      paymentProvider: 'invoice',
      series: { frequency: 'WEEKLY', count: 4 },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as { series: { id: string; dates: { bookingId: string | null }[] } };
  seriesId = answer.series.id;
  dates = answer.series.dates.map((date) => date.bookingId).filter((id): id is string => id !== null);
  expect(dates).toHaveLength(4);
});

test.afterAll(async () => {
  for (const id of [...dates, ...pricedDates]) await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteBooking(tenantId: $t, id: $id) }', { t: tenantId, id }).catch(() => undefined);
  if (roomId) await graphql(owner, 'mutation ($t: ID!, $id: ID!) { deleteBookable(tenantId: $t, id: $id) }', { t: tenantId, id: roomId }).catch(() => undefined);
  await owner.dispose();
});

test('the list tags the dates of a series and narrows to one series, the board marks them', async ({ page }) => {
  await bookingsScreen(page);
  await search(page).fill(CLUB);
  await expect(table(page).getByRole('row').filter({ hasText: CLUB })).toHaveCount(4);
  for (const id of dates) {
    const tag = rowOf(page, id).locator('.series-tag');
    await expect(tag).toHaveText(`Serie: ${RULE}`, { useInnerText: false });
    await expect(tag).toHaveAttribute('title', `Serie: ${RULE}`);
  }
  await screenshot(page, 'series-staff-01-tags');

  // "Nur diese Serie": the list holds only the series' dates, whatever else the tenant has booked.
  await search(page).fill('');
  await expect(table(page).getByRole('row').filter({ hasNotText: CLUB }).nth(2)).toBeVisible();
  await (await openRowMenu(page, dates[1])).getByRole('menuitem', { name: 'Nur diese Serie' }).click();
  const chip = page.getByRole('group', { name: 'Filter der Buchungsliste' }).locator('.bookings-filter-chip');
  await expect(chip).toContainText(`Nur diese Serie: ${RULE}`);
  await expect(page).toHaveURL(new RegExp(`serie=${seriesId}`));
  // The header row and the four dates.
  await expect(table(page).getByRole('row')).toHaveCount(5);
  await screenshot(page, 'series-staff-02-only-this-series');
  await chip.getByRole('button', { name: 'Filter „Nur diese Serie“ entfernen' }).click();
  await expect(chip).toHaveCount(0);
  await expect(page).not.toHaveURL(/serie=/);
  await expect(table(page).getByRole('row').filter({ hasNotText: CLUB }).nth(2)).toBeVisible();

  // The board: new bookings wait in the workflow's first state, their cards marked as dates of a series.
  await page.getByRole('radiogroup', { name: 'Ansicht' }).getByRole('radio', { name: 'Kanban' }).click();
  await expect(page.getByRole('listitem', { name: `Buchung ${dates[0]}, ${CLUB}, Teil einer Serie` })).toBeVisible();
});

test('a date shows its series; one date cancelled and another moved show there', async ({ page }) => {
  test.setTimeout(120_000);
  await bookingsScreen(page);
  const [first, second, third] = dates;
  let dialog = await openDetails(page, second);

  const section = dialog.getByRole('region', { name: 'Serie' });
  await expect(section).toContainText(RULE);
  await expect(seriesDates(dialog)).toHaveCount(4);
  await expect(seriesDates(dialog).nth(0)).toContainText(germanDate(tuesday(0)));
  await expect(seriesDates(dialog).nth(3)).toContainText(germanDate(tuesday(3)));
  for (const row of await seriesDates(dialog).all()) await expect(row).toContainText('18:00–20:00 Uhr');
  await expect(seriesRow(dialog, second)).toHaveAttribute('aria-current', 'true');
  await expect(seriesRow(dialog, second)).toContainText('(angezeigt)');
  await expect(seriesDates(dialog).and(page.locator('[aria-current]'))).toHaveCount(1);
  await expectNoSeriousAxeFindings(page, 'Buchungsdetails mit Serie');
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'series-staff-03-details');

  // One date released and then cancelled with the booking's own actions: the series follows at once.
  await dialog.getByRole('button', { name: 'Buchung freigeben' }).click();
  await expect(toast(page, 'Buchung freigegeben')).toBeVisible();
  await expect(seriesRow(dialog, second)).toContainText('freigegeben');
  await dialog.getByRole('button', { name: 'Buchung stornieren' }).click();
  const cancel = page.getByRole('dialog', { name: `Buchung stornieren: ${second}` });
  await cancel.getByLabel('Grund').fill('Die Halle ist an diesem Abend belegt.');
  await cancel.getByRole('button', { name: 'Buchung stornieren' }).click();
  await expect(cancel).toBeHidden();
  await expect(toast(page, 'Buchung storniert')).toBeVisible();
  await expect(seriesRow(dialog, second)).toContainText('storniert');
  await expect(seriesRow(dialog, first)).toContainText('ausstehend');

  // Another date opens from the series, in the same dialog, and is moved an hour later in the editor.
  await seriesRow(dialog, third).getByRole('button', { name: `Buchung ${third} vom Di, ${germanDate(tuesday(2))} öffnen` }).click();
  dialog = page.getByRole('dialog', { name: `Buchung ${third}`, exact: true });
  await expect(seriesRow(dialog, third)).toHaveAttribute('aria-current', 'true');
  await dialog.getByRole('button', { name: 'Bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: `Buchung ${third} bearbeiten` });
  await edit.getByRole('combobox', { name: 'Beginn' }).fill(`${germanDate(tuesday(2))} 19:00`);
  await edit.getByRole('combobox', { name: 'Ende' }).fill(`${germanDate(tuesday(2))} 21:00`);
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(edit).toBeHidden();
  await expect(toast(page, 'Buchung bearbeitet')).toBeVisible();

  // Read afresh from another date: the cancelled and the moved date as they now are.
  dialog = await openDetails(page, first);
  await expect(seriesRow(dialog, second)).toContainText('storniert');
  await expect(seriesRow(dialog, third)).toContainText('19:00–21:00 Uhr');
  await expect(seriesRow(dialog, third)).toContainText('ausstehend');
  await expect(seriesRow(dialog, dates[3])).toContainText('18:00–20:00 Uhr');
  await dialog.getByRole('region', { name: 'Serie' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'series-staff-04-cancelled-and-moved');
});

test('the details with the series section read in the dark theme too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await bookingsScreen(page);
  const dialog = await openDetails(page, dates[0]);
  await expect(page.locator('body.bp6-dark')).toHaveCount(1);
  await expect(seriesDates(dialog)).toHaveCount(4);
  await dialog.getByRole('region', { name: 'Serie' }).scrollIntoViewIfNeeded();
  await expectNoSeriousAxeFindings(page, 'Buchungsdetails mit Serie im dunklen Thema');
  await screenshot(page, 'series-staff-05-details-dark');
});

test('the series-wide actions release every open date, cancel from a date on and cancel the rest', async ({ page }) => {
  test.setTimeout(120_000);
  await bookingsScreen(page);
  const [first, second, third, fourth] = dates;
  let dialog = await openDetails(page, first);
  const actions = dialog.getByRole('group', { name: 'Aktionen der Serie' });

  // The cancelled date stays cancelled; the three open ones are released at once.
  await actions.getByRole('button', { name: 'Alle offenen Termine freigeben' }).click();
  await expect(toast(page, 'Serie freigegeben')).toBeVisible();
  for (const id of [first, third, fourth]) await expect(seriesRow(dialog, id)).toContainText('freigegeben');
  await expect(seriesRow(dialog, second)).toContainText('storniert');
  await expect(actions.getByRole('button', { name: 'Alle offenen Termine freigeben' })).toHaveCount(0);

  // From the third date on: the third and the fourth, with a reason.
  await seriesRow(dialog, third).getByRole('button', { name: `Buchung ${third} vom Di, ${germanDate(tuesday(2))} öffnen` }).click();
  dialog = page.getByRole('dialog', { name: `Buchung ${third}`, exact: true });
  await dialog.getByRole('group', { name: 'Aktionen der Serie' }).getByRole('button', { name: 'Diesen und alle folgenden Termine stornieren…' }).click();
  let confirm = page.getByRole('dialog', { name: 'Diesen und alle folgenden Termine stornieren' });
  await expect(confirm).toContainText(`den Termin am Di, ${germanDate(tuesday(2))} und alle folgenden (2 Termine)`);
  await confirm.getByLabel('Grund').fill('Die Halle wird ab dann saniert.');
  await confirm.getByRole('button', { name: 'Diesen und alle folgenden Termine stornieren' }).click();
  await expect(confirm).toBeHidden();
  await expect(toast(page, 'Serie storniert')).toBeVisible();
  for (const id of [third, fourth]) await expect(seriesRow(dialog, id)).toContainText('storniert');
  await expect(seriesRow(dialog, first)).toContainText('freigegeben');

  // The whole series: what is left (the first date), without a reason.
  await dialog.getByRole('group', { name: 'Aktionen der Serie' }).getByRole('button', { name: 'Ganze Serie stornieren…' }).click();
  confirm = page.getByRole('dialog', { name: 'Ganze Serie stornieren' });
  await expect(confirm).toContainText('alle offenen Termine (1 Termin)');
  await confirm.getByRole('button', { name: 'Ganze Serie stornieren' }).click();
  await expect(confirm).toBeHidden();
  for (const id of dates) await expect(seriesRow(dialog, id)).toContainText('storniert');
  await expect(dialog.getByRole('group', { name: 'Aktionen der Serie' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Schließen' }).filter({ hasText: 'Schließen' }).click();

  // The list shows every date cancelled, without reading it again.
  await search(page).fill(CLUB);
  for (const id of dates) await expect(rowOf(page, id)).toContainText('storniert');
  await screenshot(page, 'series-staff-06-series-cancelled');
});

test('a series with something to pay: one date invoiced alone, then the whole series marked paid at once', async ({ page }) => {
  test.setTimeout(120_000);
  // Booked by the club itself (staff would book free): three Thursdays at the room's price, by invoice.
  const swimClub = `Schwimmverein ${stamp}`;
  const guest = await request.newContext({ baseURL: baseUrl() });
  const firstThursday = testDay('2027-11-04');
  const response = await guest.post(`/api/${tenantId}/checkout`, {
    data: {
      timeBegin: berlinInstant(firstThursday, '18:00').getTime(),
      timeEnd: berlinInstant(firstThursday, '20:00').getTime(),
      bookableItems: [{ bookableId: roomId, amount: 1 }],
      name: swimClub,
      mail: `schwimmen.${stamp.toLowerCase()}@example.com`,
      paymentProvider: 'invoice',
      series: { frequency: 'WEEKLY', count: 3 },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  pricedDates = ((await response.json()) as { series: { dates: { bookingId: string | null }[] } }).series.dates.map((date) => date.bookingId).filter((id): id is string => id !== null);
  await guest.dispose();
  expect(pricedDates).toHaveLength(3);

  await bookingsScreen(page);
  const dialog = await openDetails(page, pricedDates[0]);
  const actions = dialog.getByRole('group', { name: 'Aktionen der Serie' });
  await actions.getByRole('button', { name: 'Alle offenen Termine freigeben' }).click();
  await expect(toast(page, 'Serie freigegeben')).toBeVisible();

  // The shown date alone invoiced from its documents: its own invoice joins the list at once.
  await dialog.getByRole('button', { name: 'Rechnung erstellen' }).click();
  // The first PDF of the run starts the renderer's browser: it may take a while.
  await expect(toast(page, 'Rechnung erstellt')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('list', { name: 'Belege' }).getByRole('link', { name: /^Rechnung / })).not.toHaveCount(0);

  // Paid by one transfer for all three: the shown date is paid at once (its "Als bezahlt markieren" gives way to the receipt).
  await expect(dialog.getByRole('button', { name: 'Als bezahlt markieren', exact: true })).toBeVisible();
  await actions.getByRole('button', { name: 'Serie als bezahlt markieren…' }).click();
  const paying = page.getByRole('dialog', { name: 'Serie als bezahlt markieren' });
  await expect(paying).toContainText(`die 3 offenen Termine der Serie`);
  await expect(paying).toContainText(`von ${swimClub} ist eingegangen`);
  await expect(paying.getByLabel('Zahlungsmethode')).toHaveValue('TRANSFER');
  await screenshot(page, 'series-staff-07-mark-series-paid');
  await paying.getByRole('button', { name: 'Serie als bezahlt markieren' }).click();
  await expect(paying).toBeHidden();
  await expect(toast(page, 'Zahlung erfasst')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Serie als bezahlt markieren…' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Als bezahlt markieren', exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Zahlungsbeleg erstellen' })).toBeVisible();
});
