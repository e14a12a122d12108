import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { baseUrl, expectNoSeriousAxeFindings, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * A clerk works through bookings in their details dialog: opened from the list, a pending booking is
 * released there (its status changes in the dialog), marked paid in cash, which issues its receipt:
 * asked for again the receipt stays the same (the toast says so), after a corrected name it gets a
 * new revision; delete stays disabled with its reason for the paid booking; the documents the customer accepted at
 * checkout show with their time, and its "Verlauf" shows the release and the payment by the clerk
 * (also in the dark theme). A second booking is rejected with a reason, a third deleted. axe finds
 * nothing serious with the dialog open. The object and its bookings are the spec's own and
 * removed afterwards.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).toUpperCase();
const ROOM = `Sitzungsraum ${stamp}`;
const TERMS = { title: 'Hausordnung', url: 'https://example.com/hausordnung.pdf' };
const PRIVACY = { title: 'Datenschutzhinweise', url: 'https://example.com/datenschutz.pdf' };

let owner: APIRequestContext;
let tenantId: string;
let roomId: string;
type Key = 'worked' | 'rejected' | 'deleted';
const bookings: Partial<Record<Key, { id: string; timeCreated: string }>> = {};

/** A booking the spec made in beforeAll. */
function booked(key: Key): { id: string; timeCreated: string } {
  const booking = bookings[key];
  if (!booking) throw new Error(`Buchung „${key}“ wurde nicht angelegt`);
  return booking;
}

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const rowOf = (page: Page, id: string) => page.getByRole('table', { name: 'Buchungen' }).getByRole('row').filter({ hasText: id });
/** A term of the dialog's description lists ("Status", "Zahlung", …) and what it says. */
const entry = (dialog: Locator, term: string) => dialog.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** "26.11.2026, 14:05" in Berlin time, as the dialog writes a moment. */
const berlinDateTime = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

type IssuedReceipt = { number: string; createdAt: string; downloadUrl: string };

/** The booking's receipts as the server holds them. */
async function receiptsOf(id: string): Promise<IssuedReceipt[]> {
  const { booking } = await graphql<{ booking: { receipts: (IssuedReceipt & { kind: string })[] } }>(
    owner,
    'query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { receipts { kind number createdAt downloadUrl } } }',
    { t: tenantId, id },
  );
  return booking.receipts.filter((receipt) => receipt.kind === 'receipt');
}

/** Staff correct the customer's name, saving the booking as the edit dialog does. */
async function renameCustomer(id: string, name: string): Promise<void> {
  const stored = (await (await owner.get(`/api/${tenantId}/bookings/${id}`)).json()) as { bookableItems: { bookableId: string; amount: number }[]; timeBegin: number; timeEnd: number };
  const bookableItems = stored.bookableItems.map(({ bookableId, amount }) => ({ bookableId, amount }));
  const saved = await owner.put(`/api/${tenantId}/bookings`, { data: { id, bookableItems, timeBegin: stored.timeBegin, timeEnd: stored.timeEnd, name } });
  expect(saved.status(), await saved.text()).toBe(201);
}

async function openDetails(page: Page, id: string): Promise<Locator> {
  await page.getByLabel('Buchungen durchsuchen').fill(id);
  await expect(page.getByRole('menu', { name: /^Aktionen für Buchung/ })).toHaveCount(0);
  await rowOf(page, id).getByRole('button', { name: `Aktionen für Buchung ${id}` }).click();
  await page.getByRole('menu', { name: `Aktionen für Buchung ${id}` }).getByRole('menuitem', { name: 'Details anzeigen' }).click();
  const dialog = page.getByRole('dialog', { name: `Buchung ${id}`, exact: true });
  await expect(dialog.getByRole('heading', { name: 'Kundendaten' })).toBeVisible();
  return dialog;
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  const created = await graphql<{ createBookable: { id: string; attachments: { id: string; title: string }[] } }>(
    owner,
    'mutation ($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id attachments { id title } } }',
    {
      t: tenantId,
      input: {
        type: 'room',
        title: ROOM,
        location: 'Rathausplatz 1',
        isBookable: true,
        isPublic: true,
        autoCommitBooking: false,
        priceType: 'per_item',
        priceValueAddedTax: '19',
        priceCategories: [{ priceEur: '40' }],
        attachments: [
          { id: '', caption: '', type: 'agreement', show: true, required: true, ...TERMS },
          { id: '', caption: '', type: 'privacy_agreement', show: true, required: false, ...PRIVACY },
        ],
      },
    },
  );
  roomId = created.createBookable.id;
  const terms = created.createBookable.attachments.find((attachment) => attachment.title === TERMS.title)!.id;
  const privacy = created.createBookable.attachments.find((attachment) => attachment.title === PRIVACY.title)!.id;
  const guest = await request.newContext({ baseURL: baseUrl() });
  for (const [key, name] of [
    ['worked', 'Doris Details'],
    ['rejected', 'Rolf Absage'],
    ['deleted', 'Lena Löschung'],
  ] as const) {
    const { checkout } = await graphql<{ checkout: { id: string; isCommitted: boolean; isPayed: boolean } }>(
      guest,
      'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id isCommitted isPayed } }',
      {
        t: tenantId,
        input: {
          bookableItems: [{ bookableId: roomId, amount: 1 }],
          name,
          mail: `${key}.${stamp.toLowerCase()}@example.com`,
          paymentProvider: 'invoice',
          attachmentStatus: [
            { id: terms, accepted: true },
            { id: privacy, accepted: false },
          ],
        },
      },
    );
    expect(checkout).toMatchObject({ isCommitted: false, isPayed: false });
    const { booking } = await graphql<{ booking: { timeCreated: string } }>(owner, 'query($t: ID!, $id: ID!) { booking(tenantId: $t, id: $id) { timeCreated } }', { t: tenantId, id: checkout.id });
    bookings[key] = { id: checkout.id, timeCreated: booking.timeCreated };
  }
  await guest.dispose();
});

test.afterAll(async () => {
  for (const booking of Object.values(bookings)) {
    await graphql(owner, 'mutation($t: ID!, $id: ID!) { deleteBooking(tenantId: $t, id: $id) }', { t: tenantId, id: booking.id }).catch(() => undefined);
  }
  if (roomId) await graphql(owner, 'mutation ($t: ID!, $id: ID!) { deleteBookable(tenantId: $t, id: $id) }', { t: tenantId, id: roomId }).catch(() => undefined);
  await owner.dispose();
});

test('a clerk releases a pending booking in its details, marks it paid, issues a receipt and sees the accepted documents', async ({ page }) => {
  // Two axe audits and a receipt's PDF besides the steps.
  test.setTimeout(180_000);
  const { id, timeCreated } = booked('worked');
  await signInAndSelectDemoTenant(page);
  let dialog = await openDetails(page, id);
  await expect(entry(dialog, 'Status')).toHaveText('ausstehend');

  // The documents the customer was asked to accept at checkout: the required one accepted then.
  const documents = dialog.getByRole('list', { name: 'Akzeptierte Dokumente' });
  await expect(documents.getByRole('listitem')).toHaveCount(2);
  await expect(documents.getByRole('link', { name: TERMS.title })).toHaveAttribute('href', TERMS.url);
  await expect(documents.getByRole('listitem').filter({ hasText: TERMS.title })).toContainText(`akzeptiert am ${berlinDateTime(timeCreated)}`);
  await expect(documents.getByRole('listitem').filter({ hasText: PRIVACY.title })).toContainText('nicht akzeptiert');

  // Pending: release and reject are offered, no receipt before a payment.
  await expect(dialog.getByRole('button', { name: 'Buchung ablehnen' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Zahlungsbeleg erstellen' })).toHaveCount(0);
  await expectNoSeriousAxeFindings(page, 'Buchungsdetails mit Aktionen');
  await documents.scrollIntoViewIfNeeded();
  await screenshot(page, 'booking-details-01-documents');

  await dialog.getByRole('button', { name: 'Buchung freigeben' }).click();
  await expect(toast(page, 'Buchung freigegeben')).toBeVisible();
  await expect(entry(dialog, 'Status')).toHaveText('freigegeben');
  await expect(dialog.getByRole('button', { name: 'Buchung freigeben' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Buchung stornieren' })).toBeVisible();

  // Paid in cash at the counter.
  await dialog.getByRole('button', { name: 'Als bezahlt markieren' }).click();
  const payment = page.getByRole('dialog', { name: `Als bezahlt markieren: ${id}` });
  await expect(payment.getByLabel('Zahlungsmethode')).toHaveValue('TRANSFER');
  await payment.getByLabel('Zahlungsmethode').selectOption('CASH');
  await payment.getByRole('button', { name: 'Als bezahlt markieren' }).click();
  // The server renders the release's documents meanwhile (in its job queue, in-process): allow it time.
  await expect(payment).toBeHidden({ timeout: 30_000 });
  await expect(toast(page, 'Zahlung erfasst')).toBeVisible();
  await expect(entry(dialog, 'Zahlung')).toHaveText('bezahlt');
  await expect(entry(dialog, 'Zahlungsart')).toHaveText('Bar (gewählt: Rechnung)');
  await expect(dialog.getByRole('button', { name: 'Als bezahlt markieren' })).toHaveCount(0);

  // A paid booking of a priced object keeps its record: delete is disabled and says why.
  const remove = dialog.getByRole('button', { name: 'Löschen' });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(remove).toHaveAttribute('title', 'Die Buchung wurde bereits bezahlt.');

  // Marking it paid issued the receipt (in the job queue): once it is there, the dialog names it.
  await expect.poll(async () => (await receiptsOf(id)).length, { timeout: 30_000 }).toBe(1);
  const [issued] = await receiptsOf(id);
  await dialog.getByRole('button', { name: 'Schließen' }).filter({ hasText: 'Schließen' }).click();
  dialog = await openDetails(page, id);
  const receipts = dialog.getByRole('list', { name: 'Belege' }).getByRole('link', { name: /^Zahlungsbeleg / });
  await expect(receipts).toHaveCount(1);
  const current = dialog.locator('.booking-current-receipt');
  await expect(current).toContainText(`Zahlungsbeleg Nr. ${issued.number} vom ${berlinDateTime(issued.createdAt)} ausgestellt`);
  await expect(current.getByRole('link', { name: 'Zahlungsbeleg öffnen' })).toHaveAttribute('href', issued.downloadUrl);

  // Asked for again with nothing changed: no new revision, the toast says so and offers the receipt.
  await dialog.getByRole('button', { name: 'Zahlungsbeleg erstellen' }).click();
  const unchanged = toast(page, 'Der Zahlungsbeleg ist aktuell – es wurde kein neuer erstellt.');
  await expect(unchanged).toBeVisible({ timeout: 30_000 });
  // Blueprint draws the toast's action as an anchor with the role of a button.
  await expect(unchanged.locator('a', { hasText: 'Zahlungsbeleg öffnen' })).toHaveAttribute('href', issued.downloadUrl);
  await expect(receipts).toHaveCount(1);
  expect(await receiptsOf(id)).toHaveLength(1);

  // The customer's name corrected: the receipt would print something else, so a new revision.
  await renameCustomer(id, 'Doris Details-Neu');
  await dialog.getByRole('button', { name: 'Zahlungsbeleg erstellen' }).click();
  const revision = issued.number.replace(/-1$/, '-2');
  await expect(toast(page, `Zahlungsbeleg Nr. ${revision} erstellt`)).toBeVisible({ timeout: 30_000 });
  await expect(receipts).toHaveCount(2);
  await expect(current).toContainText(`Zahlungsbeleg Nr. ${revision} vom`);
  // The "Verlauf" names what the clerk did, with the clerk, and what changed.
  const timeline = dialog.getByRole('list', { name: 'Verlauf' }).locator(':scope > li');
  await expect(timeline.filter({ hasText: 'Freigegeben' }).first()).toContainText('(Mitarbeiter/in)');
  await expect(timeline.filter({ hasText: 'Als bezahlt markiert' })).toContainText('Zahlungsart: Bar');
  await expect(timeline.filter({ hasText: 'Als bezahlt markiert' })).toContainText('(Mitarbeiter/in)');
  await expect(timeline.filter({ hasText: 'Angelegt' })).toContainText('Bürger/in');
  await expectNoSeriousAxeFindings(page, 'Buchungsdetails nach Freigabe und Zahlung');
  await screenshot(page, 'booking-details-02-released-paid');

  // The list shows the same booking.
  await dialog.getByRole('button', { name: 'Schließen' }).filter({ hasText: 'Schließen' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, id)).toContainText('freigegeben');
  await expect(rowOf(page, id)).toContainText('bezahlt');
});

test('the timeline of the worked booking reads in the dark theme too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signInAndSelectDemoTenant(page);
  const dialog = await openDetails(page, booked('worked').id);
  await expect(page.locator('body.bp6-dark')).toHaveCount(1);
  const timeline = dialog.getByRole('list', { name: 'Verlauf' }).locator(':scope > li');
  await expect(timeline.filter({ hasText: 'Als bezahlt markiert' })).toHaveCount(1);
  await expect(timeline.filter({ hasText: 'Zahlungsbeleg erstellt' }).first()).toBeVisible();
  await dialog.getByRole('heading', { name: 'Verlauf' }).scrollIntoViewIfNeeded();
  await expectNoSeriousAxeFindings(page, 'Buchungsdetails mit Verlauf im dunklen Thema');
  await screenshot(page, 'booking-details-04-history-dark');
});

test('a clerk rejects a booking with a reason and deletes another from their details', async ({ page }) => {
  const rejected = booked('rejected');
  const deleted = booked('deleted');
  await signInAndSelectDemoTenant(page);
  const rejecting = await openDetails(page, rejected.id);
  await rejecting.getByRole('button', { name: 'Buchung ablehnen' }).click();
  const reject = page.getByRole('dialog', { name: `Buchung ablehnen: ${rejected.id}` });
  await reject.getByLabel(/Grund/).fill('Der Raum wird an diesem Tag renoviert.');
  await reject.getByRole('button', { name: 'Buchung ablehnen' }).click();
  await expect(reject).toBeHidden();
  await expect(toast(page, 'Buchung abgelehnt')).toBeVisible();
  await expect(entry(rejecting, 'Status')).toHaveText('abgelehnt');
  await expect(rejecting.getByRole('button', { name: 'Buchung ablehnen' })).toHaveCount(0);
  await rejecting.getByRole('button', { name: 'Schließen' }).filter({ hasText: 'Schließen' }).click();
  await expect(rowOf(page, rejected.id)).toContainText('abgelehnt');

  const deleting = await openDetails(page, deleted.id);
  await deleting.getByRole('button', { name: 'Löschen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Buchung löschen' });
  await expect(confirm).toContainText(`„${deleted.id}“ von Lena Löschung`);
  await screenshot(page, 'booking-details-03-delete');
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(toast(page, 'Buchung gelöscht')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(deleting).toBeHidden();
  await expect(rowOf(page, deleted.id)).toHaveCount(0);

  // Asked about it later (the toast has gone), the clerk searches its number: the deleted booking's history is still there.
  await expect(toast(page, 'Buchung gelöscht')).toBeHidden({ timeout: 15_000 });
  await page.getByRole('searchbox', { name: 'Buchungen durchsuchen' }).fill(deleted.id.toLowerCase());
  await page.getByRole('button', { name: 'Verlauf anzeigen' }).click();
  const history = page.getByRole('dialog', { name: `Verlauf der Buchung ${deleted.id}` });
  const timeline = history.getByRole('list', { name: 'Verlauf' }).locator(':scope > li');
  await expect(timeline.first()).toContainText('Gelöscht');
  await expect(timeline.first()).toContainText('(Mitarbeiter/in)');
  await expect(timeline.first()).toContainText('Lena Löschung');
  await expect(timeline.last()).toContainText('Angelegt');
  // The timeline is the details dialog's, checked by axe there in both themes.
  await screenshot(page, 'booking-details-05-deleted-history');
});
