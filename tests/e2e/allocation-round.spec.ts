import { type APIRequestContext, type Browser, expect, type Locator, type Page, request, test } from '@playwright/test';
import { addDays } from '../../common/time/berlin.js';
import { testDay, testDayAhead } from '../support/test-calendar.js';
import { baseUrl, confirmAddressThroughApi, expectAccessiblePage, expectNoSeriousAxeFindings, germanDate, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * A season's allocation round from the application to the published result. Staff create the round
 * on the rounds screen (led to the first invalid field first); two clubs, each with an account,
 * apply through the public page for the same hall on Tuesdays 18:00 to 20:00, one of them with a
 * second wish. Staff see the conflict in the grid (colour, icon and the word), publishing is
 * disabled with its reason; they grant one club as wished, the other at 20:00 to 22:00, decline the
 * second wish with a reason, and publish. The club reads its grant and the declined wish with its
 * reason and gets the result mail. A club then asks for any hall (a kind of object) in a second
 * round, changes that application and withdraws its application to a third; staff see the wish in
 * both halls of the round and grant it with the hall they choose. axe checks the rounds list, the
 * allocation grid and the public application page in the light and the dark theme. The demo tenant
 * has an open round of its own: every step here finds its round, club and hall by a unique name.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const HALL = `Sporthalle ${stamp}`;
/** A second hall of the same kind (room) for the wish that leaves the hall to staff. */
const GYM = `Turnhalle ${stamp}`;
const SUMMER_ROUND = `Sommerhallen ${stamp}`;
const EXTRA_ROUND = `Nachvergabe ${stamp}`;
const ROUND = `Hallenbelegung ${stamp}`;
const TSV = `TSV Musterstadt ${stamp}`;
const SFC = `SFC Musterstadt ${stamp}`;
const DECLINE_REASON = 'Donnerstags trainiert dort bereits die Schul-AG.';
/** Four weeks of the test calendar, two weeks ahead, so every date lies within the booking horizon. */
const SEASON_BEGIN = testDay(testDayAhead(14));
const SEASON_END = addDays(SEASON_BEGIN, 27);

interface Club {
  id: string;
  password: string;
  name: string;
}
const clubs: Record<'tsv' | 'sfc', Club> = {
  tsv: { id: `tsv.${stamp.toLowerCase()}@example.com`, password: `tsv-passwort-${stamp}`, name: TSV },
  sfc: { id: `sfc.${stamp.toLowerCase()}@example.com`, password: `sfc-passwort-${stamp}`, name: SFC },
};

let owner: APIRequestContext;
let tenantId: string;
let hallId: string;
let gymId: string;
let roundId: string;
let summerRoundId: string;
let extraRoundId: string;

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const applyPath = () => `/vergabe/${tenantId}`;
const wishItem = (page: Page, priority: number, club: string) => page.getByRole('listitem', { name: `Wunsch ${priority} von ${club}` });

/** Berlin wall time as the date-and-time fields read it: "07.12.2026 15:30". */
function berlinText(instant: number): string {
  const parts = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((candidate) => candidate.type === type)!.value;
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

async function register(api: APIRequestContext, club: Club, firstName: string): Promise<void> {
  const signup = await api.post('/auth/signup', { data: { id: club.id, password: club.password, firstName, lastName: 'Vorstand' } });
  expect(signup.status(), await signup.text()).toBe(201);
  await confirmAddressThroughApi(api, await waitForMail(club.id, 'Bestätigen Sie Ihre E-Mail-Adresse'));
}

/** The public page as a signed-in club: without a session it leads to the sign-in and back. */
async function openApplyPage(page: Page, club: Club): Promise<void> {
  await page.goto(applyPath());
  await expect(page.getByRole('heading', { name: 'Bitte melden Sie sich an' })).toBeVisible();
  await page.getByRole('link', { name: 'Anmelden' }).click();
  await page.getByLabel('E-Mail').fill(club.id);
  await page.getByLabel('Passwort', { exact: true }).fill(club.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${applyPath()}$`));
}

async function clubPage(browser: Browser, club: Club, theme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await openApplyPage(page, club);
  return page;
}

async function fillWish(wish: Locator, values: { weekday: string; from: string; to: string; participants: string; priority?: string }): Promise<void> {
  await wish.getByLabel('Objekt').selectOption({ label: HALL });
  await wish.getByLabel('Wochentag').selectOption({ label: values.weekday });
  await wish.getByLabel('Von').fill(values.from);
  await wish.getByLabel('Bis').fill(values.to);
  await wish.getByLabel('Teilnehmende').fill(values.participants);
  if (values.priority) await wish.getByLabel('Priorität').fill(values.priority);
}

async function allocationScreen(page: Page): Promise<void> {
  await signInAndSelectDemoTenant(page);
  await page.goto(`/admin/vergaberunden/${roundId}`);
  await expect(page.getByRole('heading', { level: 1, name: ROUND })).toBeVisible();
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  const created = await graphql<{ createBookable: { id: string } }>(owner, 'mutation ($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: { type: 'room', title: HALL, location: 'Schulzentrum', isBookable: true, isPublic: true, isScheduleRelated: true, amount: '1', autoCommitBooking: false, priceType: 'per_hour', priceCategories: [{ priceEur: '0', priceValueAddedTax: '0' }] },
  });
  hallId = created.createBookable.id;
  const gym = await graphql<{ createBookable: { id: string } }>(owner, 'mutation ($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: { type: 'room', title: GYM, location: 'Schulzentrum', isBookable: true, isPublic: true, isScheduleRelated: true, amount: '1', autoCommitBooking: false, priceType: 'per_hour', priceCategories: [{ priceEur: '0', priceValueAddedTax: '0' }] },
  });
  gymId = gym.createBookable.id;
  await register(owner, clubs.tsv, 'Karla');
  await register(owner, clubs.sfc, 'Olaf');
});

test.afterAll(async () => {
  await owner.dispose();
});

test('staff create the round on the rounds screen, led to the first invalid field first', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/vergaberunden');
  await expect(page.getByRole('heading', { level: 1, name: 'Vergaberunden' })).toBeVisible();
  await page.getByRole('button', { name: 'Vergaberunde anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vergaberunde anlegen' });

  // Saved empty: the toast, the title focused with its message, the other messages where they belong.
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(toast(page, 'Validierungsfehler')).toBeVisible();
  await expect(dialog.getByLabel('Titel')).toBeFocused();
  await expect(dialog.getByText('Bitte geben Sie einen Titel an.')).toBeVisible();
  await expect(dialog.getByText('Bitte wählen Sie mindestens ein Objekt.')).toBeVisible();
  await expectNoSeriousAxeFindings(page, 'Vergaberunde anlegen mit Fehlern');
  await screenshot(page, 'allocation-01-round-form-errors');

  await dialog.getByLabel('Titel').fill(ROUND);
  await dialog.getByLabel('Saisonbeginn').fill(germanDate(SEASON_BEGIN));
  await dialog.getByLabel('Saisonende').fill(germanDate(SEASON_END));
  await dialog.getByLabel('Bewerbungen ab').fill(berlinText(Date.now() - 3_600_000));
  await dialog.getByLabel('Bewerbungen bis').fill(berlinText(Date.now() + 2 * 86_400_000));
  // A click outside the date pickers closes the last one's calendar, which covers the objects.
  await dialog.getByLabel('Titel').click();
  await expect(page.locator('.bp6-datepicker')).toHaveCount(0);
  // Blueprint draws the box over its input: the label is what a person clicks.
  await dialog.locator('label').filter({ hasText: HALL }).click();
  await expect(dialog.getByRole('checkbox', { name: HALL })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Feiertage und Schulferien auslassen' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Vergaberunde angelegt')).toBeVisible();
  const row = page.getByRole('table', { name: 'Vergaberunden' }).getByRole('row').filter({ hasText: ROUND });
  await expect(row).toContainText(`${germanDate(SEASON_BEGIN)} – ${germanDate(SEASON_END)}`);
  await expect(row).toContainText('offen');
  await expectAccessiblePage(page, 'Vergaberunden');
  await screenshot(page, 'allocation-02-rounds');

  const { allocationRounds } = await graphql<{ allocationRounds: { id: string; title: string; bookableIds: string[]; skipHolidays: boolean }[] }>(owner, 'query($t: ID!) { allocationRounds(tenantId: $t) { id title bookableIds skipHolidays } }', { t: tenantId });
  const created = allocationRounds.find((round) => round.title === ROUND)!;
  expect(created).toMatchObject({ bookableIds: [hallId], skipHolidays: true });
  roundId = created.id;
});

test('two clubs apply for the same hall on Tuesdays 18 to 20 through the public page', async ({ browser }) => {
  test.setTimeout(120_000);
  // The portal announces the round.
  const portal = await browser.newPage();
  await portal.goto(`/buchen/${tenantId}`);
  await expect(portal.getByText(ROUND)).toBeVisible();
  await portal.getByRole('link', { name: 'Zur Bewerbung' }).click();
  await expect(portal.getByRole('heading', { name: 'Bitte melden Sie sich an' })).toBeVisible();
  await portal.context().close();

  const tsv = await clubPage(browser, clubs.tsv);
  const round = tsv.getByRole('region', { name: ROUND });
  const form = round.getByRole('form', { name: `Bewerbung für ${ROUND}` });
  await expect(form.getByLabel('Ansprechperson')).toHaveValue('Karla Vorstand');
  await expect(form.getByLabel('E-Mail')).toHaveValue(clubs.tsv.id);
  await form.getByLabel('Name der Organisation').fill(TSV);
  await form.getByLabel('Registernummer oder Mitgliedsnummer').fill('VR 4711');
  const tsvWish = form.getByRole('group', { name: 'Wunsch 1' });
  await tsvWish.getByLabel('Objekt').selectOption({ label: HALL });
  await tsvWish.getByLabel('Von').fill('18:00');
  await tsvWish.getByLabel('Bis').fill('20:00');
  // Without a weekday: led there, with the message below it.
  await form.getByRole('button', { name: 'Bewerbung einreichen' }).click();
  await expect(toast(tsv, 'Validierungsfehler')).toBeVisible();
  await expect(tsvWish.getByLabel('Wochentag')).toBeFocused();
  await expect(tsvWish.getByText('Bitte wählen Sie einen Wochentag')).toBeVisible();
  await expectAccessiblePage(tsv, 'Bewerbung mit Fehler');
  await screenshot(tsv, 'allocation-03-application-errors');
  await fillWish(tsvWish, { weekday: 'Dienstag', from: '18:00', to: '20:00', participants: '24' });
  await tsvWish.getByLabel('Kommentar').fill('Jugendhandball, zwei Mannschaften');
  await form.getByRole('button', { name: 'Bewerbung einreichen' }).click();
  await expect(toast(tsv, 'Bewerbung eingereicht')).toBeVisible();
  const tsvSummary = round.getByRole('region', { name: 'Ihre Bewerbung' });
  await expect(tsvSummary.getByRole('listitem', { name: 'Wunsch 1' })).toContainText('Dienstag, 18:00–20:00 Uhr');
  await expect(tsvSummary.getByRole('listitem', { name: 'Wunsch 1' })).toContainText('noch nicht entschieden');
  await tsv.context().close();

  const sfc = await clubPage(browser, clubs.sfc);
  const sfcForm = sfc.getByRole('form', { name: `Bewerbung für ${ROUND}` });
  await sfcForm.getByLabel('Name der Organisation').fill(SFC);
  await fillWish(sfcForm.getByRole('group', { name: 'Wunsch 1' }), { weekday: 'Dienstag', from: '18:00', to: '20:00', participants: '18' });
  await sfcForm.getByRole('button', { name: 'Wunsch hinzufügen' }).click();
  const second = sfcForm.getByRole('group', { name: 'Wunsch 2' });
  await expect(second.getByLabel('Priorität')).toHaveValue('2');
  await fillWish(second, { weekday: 'Donnerstag', from: '17:00', to: '19:00', participants: '12' });
  await sfcForm.getByLabel('Rhythmus').last().selectOption({ label: 'jede zweite Woche' });
  await sfcForm.getByRole('button', { name: 'Bewerbung einreichen' }).click();
  await expect(toast(sfc, 'Bewerbung eingereicht')).toBeVisible();
  await expect(sfc.getByRole('region', { name: 'Ihre Bewerbung' }).getByRole('listitem', { name: 'Wunsch 2' })).toContainText('alle 2 Wochen');
  await expectAccessiblePage(sfc, 'Eigene Bewerbung');
  await screenshot(sfc, 'allocation-04-application');
  await sfc.context().close();
});

test('staff see the conflict, grant one club, the other at another time, decline a wish and publish', async ({ page }) => {
  test.setTimeout(120_000);
  await allocationScreen(page);
  const grid = page.getByRole('region', { name: `Belegung ${HALL}` });
  // Tuesday 18 to 20: two hours in conflict, said in words and with an icon, not by colour alone.
  const conflicts = grid.getByRole('cell').filter({ hasText: 'Konflikt' });
  await expect(conflicts).toHaveCount(2);
  await expect(conflicts.first()).toContainText(TSV);
  await expect(conflicts.first()).toContainText(SFC);
  await expect(wishItem(page, 1, TSV)).toContainText(`Konflikt: überschneidet sich mit ${SFC} (Wunsch)`);
  await expect(wishItem(page, 1, TSV)).toContainText('Kommentar: Jugendhandball, zwei Mannschaften');
  const publish = page.getByRole('button', { name: 'Veröffentlichen' });
  await expect(publish).toBeDisabled();
  await expect(page.getByText('3 Wünsche sind noch nicht entschieden.')).toBeVisible();
  await expectAccessiblePage(page, 'Vergaberunde mit Konflikt');
  await screenshot(page, 'allocation-05-conflict');

  await wishItem(page, 1, TSV).getByRole('button', { name: 'Zusagen', exact: true }).click();
  await expect(toast(page, 'Wunsch zugesagt')).toBeVisible();
  await expect(wishItem(page, 1, TSV)).toContainText(`Zugesagt: ${HALL}, Dienstag, 18:00–20:00 Uhr`);
  await expect(wishItem(page, 1, SFC)).toContainText(`Konflikt: überschneidet sich mit ${TSV} (zugesagt)`);

  await wishItem(page, 1, SFC).getByRole('button', { name: 'Zusagen mit anderer Zeit' }).click();
  const other = page.getByRole('dialog', { name: `Zusagen mit anderer Zeit: ${SFC}` });
  await expect(other.getByLabel('Wochentag')).toHaveValue('TU');
  await other.getByLabel('Von').fill('20:00');
  await other.getByLabel('Bis').fill('22:00');
  await expectNoSeriousAxeFindings(page, 'Zusagen mit anderer Zeit');
  await other.getByRole('button', { name: 'Zusagen' }).click();
  await expect(other).toBeHidden();
  await expect(wishItem(page, 1, SFC)).toContainText(`Zugesagt: ${HALL}, Dienstag, 20:00–22:00 Uhr`);
  await expect(grid.getByRole('cell').filter({ hasText: 'Konflikt' })).toHaveCount(0);

  // A decline needs its reason: led to the field with the message.
  await wishItem(page, 2, SFC).getByRole('button', { name: 'Absagen' }).click();
  const decline = page.getByRole('dialog', { name: `Absagen: ${SFC}` });
  await decline.getByRole('button', { name: 'Absagen' }).click();
  await expect(decline.getByLabel('Begründung')).toBeFocused();
  await expect(decline.getByText('Eine Absage braucht eine Begründung.')).toBeVisible();
  await decline.getByLabel('Begründung').fill(DECLINE_REASON);
  await decline.getByRole('button', { name: 'Absagen' }).click();
  await expect(decline).toBeHidden();
  await expect(wishItem(page, 2, SFC)).toContainText(`Begründung der Absage: ${DECLINE_REASON}`);
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText(`zu Wunsch 1 von ${SFC}: offen → zugesagt: ${HALL}, Dienstag, 20:00–22:00 Uhr`);

  await expect(publish).toBeEnabled();
  await publish.click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`„${ROUND}“ jetzt veröffentlichen`);
  await confirm.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(toast(page, 'Vergaberunde veröffentlicht')).toBeVisible();
  const result = page.locator('.allocation-result');
  await expect(result).toContainText(`Serie angelegt: ${HALL}, Dienstag, 18:00–20:00 Uhr`);
  await expect(result).toContainText(`Serie angelegt: ${HALL}, Dienstag, 20:00–22:00 Uhr`);
  await expect(result).toContainText(`Abgesagt: Donnerstag, 17:00–19:00 Uhr (${DECLINE_REASON})`);
  await expect(page.getByRole('button', { name: 'Zusagen', exact: true })).toHaveCount(0);
  await expectAccessiblePage(page, 'Veröffentlichte Vergaberunde');
  await screenshot(page, 'allocation-06-published');
});

test('the allocation screen and the rounds read in the dark theme too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await allocationScreen(page);
  await expect(page.locator('body.bp6-dark')).toHaveCount(1);
  await expect(page.locator('.allocation-result')).toBeVisible();
  await expectAccessiblePage(page, 'Vergaberunde im dunklen Thema');
  await screenshot(page, 'allocation-07-published-dark');
  await page.getByRole('link', { name: 'Alle Vergaberunden' }).click();
  await page.getByRole('table', { name: 'Vergaberunden' }).getByRole('row').filter({ hasText: ROUND }).getByRole('button', { name: `Vergaberunde ${ROUND} ansehen` }).click();
  const dialog = page.getByRole('dialog', { name: 'Vergaberunde ansehen' });
  await expect(dialog.getByRole('definition').filter({ hasText: ROUND })).toBeVisible();
  await expect(dialog.getByRole('definition').filter({ hasText: HALL })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await expectNoSeriousAxeFindings(page, 'Veröffentlichte Vergaberunde ansehen im dunklen Thema');
});

test('the club reads its grant and the declined wish with its reason, and gets the result mail', async ({ browser }) => {
  const sfc = await clubPage(browser, clubs.sfc, 'dark');
  const earlier = sfc.getByRole('region', { name: /^SFC Musterstadt .* – Ergebnis vom / });
  await expect(earlier.getByRole('listitem', { name: 'Wunsch 1' })).toContainText(`Zugesagt: ${HALL}, Dienstag, 20:00–22:00 Uhr`);
  await expect(earlier.getByRole('listitem', { name: 'Wunsch 1' })).toContainText('zugesagt');
  await expect(earlier.getByRole('listitem', { name: 'Wunsch 2' })).toContainText('abgesagt');
  await expect(earlier.getByRole('listitem', { name: 'Wunsch 2' })).toContainText(`Begründung: ${DECLINE_REASON}`);
  // The published round takes no applications any more (the demo's own round may still be open).
  await expect(sfc.getByRole('heading', { name: ROUND, exact: true })).toHaveCount(0);
  await expectAccessiblePage(sfc, 'Ergebnis für den Verein im dunklen Thema');
  await screenshot(sfc, 'allocation-08-club-result-dark');
  await sfc.context().close();

  const mail = await waitForMail(clubs.sfc.id, `Ergebnis der Vergaberunde „${ROUND}“`);
  expect(mail.text).toContain('20:00');
  expect(mail.text).toContain(DECLINE_REASON);
});

/** A round over the given objects whose window is open now, created through the API. */
async function openRound(title: string, bookableIds: string[]): Promise<string> {
  const { createAllocationRound } = await graphql<{ createAllocationRound: { id: string } }>(owner, 'mutation($t: ID!, $input: AllocationRoundInput!) { createAllocationRound(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: { title, seasonBegin: SEASON_BEGIN, seasonEnd: SEASON_END, applicationsFrom: new Date(Date.now() - 3_600_000).toISOString(), applicationsUntil: new Date(Date.now() + 2 * 86_400_000).toISOString(), bookableIds, skipHolidays: true },
  });
  return createAllocationRound.id;
}

test('a club asks for any hall, changes that application and withdraws its application to another round', async ({ browser }) => {
  test.setTimeout(120_000);
  summerRoundId = await openRound(SUMMER_ROUND, [hallId, gymId]);
  extraRoundId = await openRound(EXTRA_ROUND, [hallId]);
  const tsv = await clubPage(browser, clubs.tsv);

  const summer = tsv.getByRole('region', { name: SUMMER_ROUND });
  const summerForm = summer.getByRole('form', { name: `Bewerbung für ${SUMMER_ROUND}` });
  await summerForm.getByLabel('Name der Organisation').fill(TSV);
  const anyHall = summerForm.getByRole('group', { name: 'Wunsch 1' });
  // The kinds of the round's objects follow its objects in the same list.
  await expect(anyHall.getByLabel('Objekt').locator('option')).toHaveText(['Bitte wählen', HALL, GYM, 'Raum (beliebig)']);
  await anyHall.getByLabel('Objekt').selectOption({ label: 'Raum (beliebig)' });
  await anyHall.getByLabel('Wochentag').selectOption({ label: 'Freitag' });
  await anyHall.getByLabel('Von').fill('16:00');
  await anyHall.getByLabel('Bis').fill('18:00');
  await anyHall.getByLabel('Teilnehmende').fill('14');
  await summerForm.getByRole('button', { name: 'Bewerbung einreichen' }).click();
  const summerWish = summer.getByRole('region', { name: 'Ihre Bewerbung' }).getByRole('listitem', { name: 'Wunsch 1' });
  await expect(summerWish).toContainText('Objektart Raum (Objekt nach Wahl der Verwaltung), Freitag, 16:00–18:00 Uhr');

  const extra = tsv.getByRole('region', { name: EXTRA_ROUND });
  const extraForm = extra.getByRole('form', { name: `Bewerbung für ${EXTRA_ROUND}` });
  await extraForm.getByLabel('Name der Organisation').fill(TSV);
  await fillWish(extraForm.getByRole('group', { name: 'Wunsch 1' }), { weekday: 'Montag', from: '17:00', to: '19:00', participants: '20' });
  await extraForm.getByRole('button', { name: 'Bewerbung einreichen' }).click();
  await expect(extra.getByRole('region', { name: 'Ihre Bewerbung' }).getByRole('listitem', { name: 'Wunsch 1' })).toContainText(`${HALL}, Montag, 17:00–19:00 Uhr`);

  // The club changes its wish for any hall: an hour later, with a comment; it still leaves the hall to staff.
  await summer.getByRole('button', { name: 'Bewerbung ändern' }).click();
  const changeForm = summer.getByRole('form', { name: `Bewerbung für ${SUMMER_ROUND}` });
  const changed = changeForm.getByRole('group', { name: 'Wunsch 1' });
  await expect(changed.getByLabel('Objekt')).toHaveValue('kind:room');
  await changed.getByLabel('Von').fill('17:00');
  await changed.getByLabel('Bis').fill('19:00');
  await changed.getByLabel('Kommentar').fill('Volleyball, eine Halle genügt');
  await changeForm.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(toast(tsv, 'Bewerbung gespeichert')).toBeVisible();
  await expect(summerWish).toContainText('Objektart Raum (Objekt nach Wahl der Verwaltung), Freitag, 17:00–19:00 Uhr');
  await expect(summerWish).toContainText('Ihr Kommentar: Volleyball, eine Halle genügt');

  // It withdraws the other application: the round offers the empty form again.
  await extra.getByRole('button', { name: 'Bewerbung zurückziehen' }).click();
  const confirm = tsv.getByRole('alertdialog');
  await expect(confirm).toContainText(`„${EXTRA_ROUND}“ wirklich zurückziehen`);
  await confirm.getByRole('button', { name: 'Zurückziehen' }).click();
  await expect(toast(tsv, 'Bewerbung zurückgezogen')).toBeVisible();
  await expect(extra.getByRole('region', { name: 'Ihre Bewerbung' })).toHaveCount(0);
  await expect(extra.getByRole('button', { name: 'Bewerbung einreichen' })).toBeVisible();
  await expectAccessiblePage(tsv, 'Bewerbungen geändert und zurückgezogen');
  await screenshot(tsv, 'allocation-09-changed-and-withdrawn');
  await tsv.context().close();

  const { myAllocationApplications } = await clubApplications(clubs.tsv);
  expect(myAllocationApplications.find((application) => application.roundId === summerRoundId)?.wishes).toEqual([{ bookableType: 'room', timeBegin: '17:00' }]);
  expect(myAllocationApplications.map((application) => application.roundId)).not.toContain(extraRoundId);
});

/** The club's applications in the demo tenant, as the API answers them to the club. */
async function clubApplications(club: Club): Promise<{ myAllocationApplications: { roundId: string; wishes: { bookableType: string | null; timeBegin: string }[] }[] }> {
  const api = await request.newContext({ baseURL: baseUrl() });
  try {
    const signin = await api.post('/auth/signin', { data: { id: club.id, password: club.password } });
    expect(signin.ok(), `Anmeldung von ${club.id}`).toBe(true);
    return await graphql(api, 'query($t: ID!) { myAllocationApplications(tenantId: $t) { roundId wishes { bookableType timeBegin } } }', { t: tenantId });
  } finally {
    await api.dispose();
  }
}

test('staff see the wish for any hall in both halls of the round and grant it with the hall they choose', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.goto(`/admin/vergaberunden/${summerRoundId}`);
  await expect(page.getByRole('heading', { level: 1, name: SUMMER_ROUND })).toBeVisible();
  for (const hall of [HALL, GYM]) {
    const cells = page.getByRole('region', { name: `Belegung ${hall}` }).getByRole('cell').filter({ hasText: TSV });
    await expect(cells).toHaveCount(2);
    await expect(cells.first()).toContainText('(Wunsch: Raum beliebig)');
    await expect(cells.first()).not.toContainText('Konflikt');
  }
  const wish = wishItem(page, 1, TSV);
  await expect(wish).toContainText('Objektart Raum (Objekt nach Wahl der Verwaltung), Freitag, 17:00–19:00 Uhr');
  await expect(wish.getByRole('button', { name: 'Zusagen', exact: true })).toHaveCount(0);
  await expectAccessiblePage(page, 'Vergaberunde mit Wunsch nach einer Objektart');

  await wish.getByRole('button', { name: 'Objekt wählen und zusagen' }).click();
  const dialog = page.getByRole('dialog', { name: `Objekt wählen und zusagen: ${TSV}` });
  await expect(dialog).toContainText('Gewünscht: Objektart Raum, Freitag, 17:00–19:00 Uhr');
  // Without a hall the server refuses: led to the field with its message.
  await dialog.getByRole('button', { name: 'Zusagen' }).click();
  await expect(toast(page, 'Objekt fehlt')).toBeVisible();
  await expect(dialog.getByLabel('Objekt')).toBeFocused();
  await expect(dialog.getByText('Bitte wählen Sie das Objekt, das zugesagt wird.')).toBeVisible();
  await expectNoSeriousAxeFindings(page, 'Objekt wählen und zusagen mit Fehler');
  await dialog.getByLabel('Objekt').selectOption({ label: GYM });
  await dialog.getByRole('button', { name: 'Zusagen' }).click();
  await expect(dialog).toBeHidden();
  await expect(wish).toContainText(`Zugesagt: ${GYM}, Freitag, 17:00–19:00 Uhr`);
  // Granted, it stands in the gym alone.
  await expect(page.getByRole('region', { name: `Belegung ${GYM}` }).getByRole('cell').filter({ hasText: TSV }).first()).toContainText('(zugesagt)');
  await expect(page.getByRole('region', { name: `Belegung ${HALL}` })).toContainText('Für dieses Objekt gibt es noch keine Wünsche.');
  await screenshot(page, 'allocation-10-kind-granted');
});

test('the rounds list, the grid and the application page read in the dark theme too', async ({ page, browser }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/vergaberunden');
  await expect(page.locator('body.bp6-dark')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Vergaberunden' }).getByRole('row').filter({ hasText: SUMMER_ROUND })).toContainText('offen');
  await expectAccessiblePage(page, 'Vergaberunden im dunklen Thema');
  await page.goto(`/admin/vergaberunden/${summerRoundId}`);
  await expect(page.getByRole('region', { name: `Belegung ${GYM}` }).getByRole('cell').filter({ hasText: TSV }).first()).toBeVisible();
  await expectAccessiblePage(page, 'Raster im dunklen Thema');

  const tsv = await clubPage(browser, clubs.tsv, 'dark');
  await expect(tsv.locator('body.bp6-dark')).toHaveCount(1);
  await expect(tsv.getByRole('region', { name: EXTRA_ROUND }).getByRole('form', { name: `Bewerbung für ${EXTRA_ROUND}` })).toBeVisible();
  await expectAccessiblePage(tsv, 'Bewerbungsseite im dunklen Thema');
  await screenshot(tsv, 'allocation-11-application-dark');
  await tsv.context().close();
});
