import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, berlinInstant } from '../../common/time/berlin.js';
import { testDay } from '../support/test-calendar.js';
import { expectNoSeriousAxeFindings, germanDate, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * A clerk changes a club's weekly series from one of its dates on: four Tuesdays 18:00–20:00 become,
 * from the second, Thursdays 19:00–21:00, three of them. The dialog starts with the shown date and
 * the rule; a missing end is told at its field, which gets the focus. "Vorschau" shows the three
 * Thursdays, the second one taken by another booking, and the three Tuesdays it would cancel;
 * "nur ändern, wenn alle Termine frei sind" is refused naming the taken Thursday. The change itself
 * books the two free Thursdays into the series and cancels the Tuesdays, and the series section shows
 * it without reading the page again. axe finds nothing serious in the dialog with its preview, in
 * the light and the dark theme. The object and its bookings are the spec's own and removed afterwards.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const ROOM = `Gymnastikraum ${stamp}`;
const CLUB = `Turnverein ${stamp}`;
const FIRST_TUESDAY = testDay('2027-11-02');
const tuesday = (week: number) => addDays(FIRST_TUESDAY, 7 * week);
const thursday = (week: number) => addDays(FIRST_TUESDAY, 7 * week + 2);

let owner: APIRequestContext;
let tenantId: string;
let roomId: string;
let seriesId: string;
/** The series' dates as booked (earliest first), and the other booking on the second Thursday. */
let dates: string[] = [];
let blocker: string;

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const search = (page: Page) => page.getByLabel('Buchungen durchsuchen');
const seriesDates = (dialog: Locator) => dialog.getByRole('table', { name: 'Termine der Serie' }).locator('tbody tr');
const seriesRow = (dialog: Locator, id: string) => seriesDates(dialog).filter({ hasText: id });
const changeDialog = (page: Page) => page.getByRole('dialog', { name: 'Serie ab diesem Termin ändern' });

async function checkout(body: Record<string, unknown>, day: string, from: string, to: string) {
  const response = await owner.post(`/api/${tenantId}/checkout`, {
    data: {
      timeBegin: berlinInstant(day, from).getTime(),
      timeEnd: berlinInstant(day, to).getTime(),
      bookableItems: [{ bookableId: roomId, amount: 1 }],
      paymentProvider: 'invoice',
      ...body,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string; series?: { id: string; dates: { bookingId: string | null }[] } };
}

async function openDetails(page: Page, id: string): Promise<Locator> {
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/buchungen');
  await expect(page.getByRole('heading', { name: 'Buchungen', exact: true })).toBeVisible();
  await search(page).fill(id);
  const row = page.getByRole('table', { name: 'Buchungen' }).getByRole('row').filter({ hasText: id });
  await row.getByRole('button', { name: `Aktionen für Buchung ${id}` }).click();
  await page.getByRole('menu', { name: `Aktionen für Buchung ${id}` }).getByRole('menuitem', { name: 'Details anzeigen' }).click();
  const dialog = page.getByRole('dialog', { name: `Buchung ${id}`, exact: true });
  await expect(seriesDates(dialog).first()).toBeVisible();
  return dialog;
}

/** The change dialog of the shown date, opened from the series' actions. */
async function openChange(page: Page, details: Locator): Promise<Locator> {
  await details.getByRole('group', { name: 'Aktionen der Serie' }).getByRole('button', { name: 'Ab diesem Termin ändern…' }).click();
  const dialog = changeDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Regel ab diesem Termin' })).toBeVisible();
  return dialog;
}

/** From the shown date on: Thursdays 19:00–21:00. */
async function toThursdays(dialog: Locator, week: number): Promise<void> {
  await dialog.getByLabel('Tag', { exact: true }).fill(germanDate(thursday(week)));
  await dialog.getByLabel('von', { exact: true }).fill('19:00');
  await dialog.getByLabel('bis', { exact: true }).fill('21:00');
  await dialog.getByLabel('bis', { exact: true }).blur();
  await expect(dialog.getByRole('checkbox', { name: 'Donnerstag' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Dienstag' })).not.toBeChecked();
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  const created = await graphql<{ createBookable: { id: string } }>(
    owner,
    'mutation ($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id } }',
    {
      t: tenantId,
      input: { type: 'room', title: ROOM, location: 'Sporthalle Süd', amount: '1', isScheduleRelated: true, isBookable: true, isPublic: true, autoCommitBooking: false, priceType: 'per_item', priceValueAddedTax: '19', priceCategories: [{ priceEur: '25' }] },
    },
  );
  roomId = created.createBookable.id;
  const answer = await checkout({ name: CLUB, mail: `turnen.${stamp.toLowerCase()}@example.com`, series: { frequency: 'WEEKLY', count: 4 } }, FIRST_TUESDAY, '18:00', '20:00');
  seriesId = answer.series?.id ?? '';
  dates = (answer.series?.dates ?? []).map((date) => date.bookingId).filter((id): id is string => id !== null);
  expect(dates).toHaveLength(4);
  // Someone else has the room on the second Thursday the change asks for.
  blocker = (await checkout({ name: `Chor ${stamp}`, mail: `chor.${stamp.toLowerCase()}@example.com` }, thursday(2), '19:00', '21:00')).id;
});

test.afterAll(async () => {
  const series = await graphql<{ bookingSeries: { dates: { bookingId: string }[] } }>(owner, 'query($t: ID!, $id: ID!) { bookingSeries(tenantId: $t, id: $id) { dates { bookingId } } }', { t: tenantId, id: seriesId }).catch(() => null);
  const ids = new Set([...dates, ...(series?.bookingSeries.dates.map((date) => date.bookingId) ?? []), blocker]);
  for (const id of ids) if (id) await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteBooking(tenantId: $t, id: $id) }', { t: tenantId, id }).catch(() => undefined);
  if (roomId) await graphql(owner, 'mutation ($t: ID!, $id: ID!) { deleteBookable(tenantId: $t, id: $id) }', { t: tenantId, id: roomId }).catch(() => undefined);
  await owner.dispose();
});

test('the change dialog with its preview reads in the dark theme', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const details = await openDetails(page, dates[1]);
  await expect(page.locator('body.bp6-dark')).toHaveCount(1);
  const dialog = await openChange(page, details);
  await toThursdays(dialog, 1);
  await dialog.getByRole('button', { name: 'Vorschau' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'werden storniert' })).toBeVisible();
  await expectNoSeriousAxeFindings(page, 'Serie ändern mit Vorschau im dunklen Thema');
  await screenshot(page, 'series-change-01-preview-dark');
  // The preview changed nothing.
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(seriesDates(details)).toHaveCount(4);
});

test('a clerk changes a weekly series from one of its dates on to other weekdays and times', async ({ page }) => {
  test.setTimeout(120_000);
  const details = await openDetails(page, dates[1]);
  const dialog = await openChange(page, details);

  // The dialog starts with the shown date and the rule, counting the dates from it on.
  await expect(dialog.getByLabel('Tag', { exact: true })).toHaveValue(germanDate(tuesday(1)));
  await expect(dialog.getByLabel('von', { exact: true })).toHaveValue('18:00');
  await expect(dialog.getByLabel('bis', { exact: true })).toHaveValue('20:00');
  await expect(dialog.getByRole('spinbutton', { name: 'Anzahl Termine' })).toHaveValue('3');
  await expect(dialog.getByRole('checkbox', { name: 'Dienstag' })).toBeChecked();

  // The preview: three Thursdays, the second taken, and the three Tuesdays from the shown one on cancelled.
  await toThursdays(dialog, 1);
  await dialog.getByRole('button', { name: 'Vorschau' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'werden storniert' })).toHaveText('2 Termine neu frei, 1 nicht frei; 3 Termine werden storniert.');
  const newDates = dialog.getByRole('list', { name: 'Termine nach der neuen Regel' }).getByRole('listitem');
  await expect(newDates).toHaveCount(3);
  await expect(newDates.nth(0)).toContainText(germanDate(thursday(1)));
  await expect(newDates.nth(0)).toContainText('frei');
  await expect(newDates.nth(1)).toContainText(germanDate(thursday(2)));
  await expect(newDates.nth(1)).toContainText('belegt');
  await expect(newDates.nth(2)).toContainText(germanDate(thursday(3)));
  const cancelled = dialog.getByRole('list', { name: 'Werden storniert (3)' }).getByRole('listitem');
  await expect(cancelled).toHaveCount(3);
  for (const [index, id] of dates.slice(1).entries()) {
    await expect(cancelled.nth(index)).toContainText(germanDate(tuesday(index + 1)));
    await expect(cancelled.nth(index)).toContainText(id);
  }
  await expectNoSeriousAxeFindings(page, 'Serie ändern mit Vorschau');
  await screenshot(page, 'series-change-02-preview');

  // A missing end is told at its field, which gets the focus; the message stays while it is empty.
  await dialog.getByRole('spinbutton', { name: 'Anzahl Termine' }).fill('');
  await dialog.getByRole('button', { name: 'Serie ändern' }).click();
  await expect(toast(page, 'Validierungsfehler')).toBeVisible();
  await expect(dialog.getByRole('spinbutton', { name: 'Anzahl Termine' })).toBeFocused();
  await expect(dialog.getByText('Bitte geben Sie ein Enddatum oder die Anzahl der Termine an.')).toBeVisible();
  await dialog.getByRole('spinbutton', { name: 'Anzahl Termine' }).fill('3');
  await expect(dialog.getByText('Bitte geben Sie ein Enddatum oder die Anzahl der Termine an.')).toHaveCount(0);

  // All or nothing: refused, the taken Thursday named at the choice, which gets the focus.
  const requireAll = dialog.getByRole('checkbox', { name: 'Nur ändern, wenn alle Termine frei sind' });
  await dialog.getByText('Nur ändern, wenn alle Termine frei sind').click();
  await expect(requireAll).toBeChecked();
  await dialog.getByRole('button', { name: 'Serie ändern' }).click();
  await expect(requireAll).toBeFocused();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Nicht frei' })).toContainText(`Do, ${germanDate(thursday(2))}`);
  await screenshot(page, 'series-change-03-refused');
  await dialog.getByText('Nur ändern, wenn alle Termine frei sind').click();
  await expect(requireAll).not.toBeChecked();

  // The change: a toast, the dialog closed, and the series shows the new Thursdays and the cancelled Tuesdays.
  await dialog.getByLabel('Hinweis an die buchende Person').fill('Die Halle ist dienstags ab jetzt belegt.');
  await dialog.getByRole('button', { name: 'Serie ändern' }).click();
  await expect(toast(page, 'Serie geändert')).toContainText('2 neue Termine gebucht, 3 Termine storniert.');
  await expect(dialog).toBeHidden();
  await expect(seriesDates(details)).toHaveCount(6);
  await expect(seriesRow(details, dates[0])).toContainText('ausstehend');
  // Requests not yet released read "abgelehnt" once cancelled.
  for (const id of dates.slice(1)) await expect(seriesRow(details, id)).toContainText('abgelehnt');
  const thursdays = seriesDates(details).filter({ hasText: '19:00–21:00 Uhr' });
  await expect(thursdays).toHaveCount(2);
  await expect(thursdays.nth(0)).toContainText(germanDate(thursday(1)));
  await expect(thursdays.nth(1)).toContainText(germanDate(thursday(3)));
  for (const row of await thursdays.all()) await expect(row).toContainText('ausstehend');
  await details.getByRole('region', { name: 'Serie' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'series-change-04-changed');
});
