import { expect, type Page, request, test } from '@playwright/test';
import pg from 'pg';
import { graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * The bookings screen over a list longer than a page: the server searches (also misspelt), filters
 * and sorts, all as the address says; the table renders only the rows in view while the list is
 * scrolled to its end page by page; a booking made meanwhile shows at the top without a reload.
 * The demo tenant gets 640 bookings of a past year for the spec, written straight into the table
 * and removed afterwards, so the specs after this one see the demo as before.
 */
const COUNT = 640;
const PREFIX = 'Langliste';

const database = () => new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
const bookingsList = (page: Page) => page.locator('.bookings-list');
const bookingsTable = (page: Page) => page.getByRole('table', { name: 'Buchungen' });
const renderedRows = (page: Page) => page.locator('.bookings-list tr[data-booking-id]');
const countStatus = (page: Page) => page.locator('.bookings-count');

let tenantId: string;

test.beforeAll(async () => {
  const owner = await signedInApi();
  tenantId = owner.tenantId;
  await owner.api.dispose();
  const db = database();
  await db.connect();
  try {
    // Customers "Langliste Kundin 0001" …, prices 1 € to 640 €, every third paid, in 2019 (before anything the demo shows).
    await db.query(
      `insert into bookings (key, tenant_id, number, name, mail, price_eur, is_payed, payment_method, time_begin, time_end, search_text, created_at)
         select gen_random_uuid(), $1, 'LANG-' || lpad(n::text, 4, '0'), $2 || ' Kundin ' || lpad(n::text, 4, '0'), 'kundin' || n || '@langliste.example', n,
                n % 3 = 0, case when n % 3 = 0 then 'CASH' else '' end,
                timestamptz '2019-03-01T08:00:00Z' + n * interval '1 hour', timestamptz '2019-03-01T09:00:00Z' + n * interval '1 hour',
                lower('lang-' || lpad(n::text, 4, '0') || ' ' || $2 || ' kundin ' || lpad(n::text, 4, '0') || ' kundin' || n || '@langliste.example'),
                timestamptz '2019-01-01T00:00:00Z' + n * interval '1 minute'
           from generate_series(1, $3::int) n`,
      [tenantId, PREFIX, COUNT],
    );
  } finally {
    await db.end();
  }
});

test.afterAll(async () => {
  const db = database();
  await db.connect();
  try {
    await db.query(`delete from bookings where tenant_id = $1 and number like 'LANG-%'`, [tenantId]);
  } finally {
    await db.end();
  }
});

test('the server searches, also misspelt, and the list scrolls to its end page by page while only the rows in view are in the page', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.getByLabel('Buchungen durchsuchen').fill('langliste');
  await expect(bookingsList(page)).toHaveAttribute('data-query', 'langliste');
  await expect(countStatus(page)).toHaveText(`${COUNT} Buchungen`);
  // The address keeps the search: a reload shows the same list.
  await expect(page).toHaveURL(/[?&]q=langliste/);

  // Newest first: the last one written is on top; the first page is a hundred, of which only a screenful is rendered.
  await expect(renderedRows(page).first()).toHaveAttribute('data-booking-id', 'LANG-0640');
  await expect(bookingsList(page)).toHaveAttribute('data-complete', 'false');
  const rendered = await renderedRows(page).count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(60);

  // Scrolling the list's frame to its end reads page after page until the oldest booking shows.
  const frame = page.locator('.bookings-list .virtual-table-scroll');
  for (let step = 0; step < 40; step++) {
    if ((await bookingsList(page).getAttribute('data-complete')) === 'true') break;
    await frame.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(bookingsList(page)).toHaveAttribute('aria-busy', 'false');
  }
  await expect(bookingsList(page)).toHaveAttribute('data-complete', 'true');
  await frame.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(bookingsTable(page).getByRole('row', { name: /LANG-0001/ })).toBeVisible();
  // Still a screenful in the page, not 640 rows.
  expect(await renderedRows(page).count()).toBeLessThan(60);
  await screenshot(page, 'bookings-long-list-end');

  // The pages far above were let go on the way down (only their places kept): back at the top, the
  // first page is read again and shows the newest booking.
  const firstPageAgain = page.waitForRequest((request) => {
    const body = request.postData() ?? '';
    return body.includes('"operationName":"StaffBookingList"') && !body.includes('"after"');
  });
  await frame.evaluate((element) => element.scrollTo({ top: 0 }));
  await firstPageAgain;
  await expect(renderedRows(page).first()).toHaveAttribute('data-booking-id', 'LANG-0640');
  await expect(bookingsList(page)).toHaveAttribute('aria-busy', 'false');
  await expect(bookingsList(page)).toHaveAttribute('data-complete', 'true');

  // A misspelt term finds by similarity, another term narrows (both must match).
  await page.getByLabel('Buchungen durchsuchen').fill('Langlizte 0417');
  await expect(bookingsList(page)).toHaveAttribute('data-query', 'Langlizte 0417');
  await expect(countStatus(page)).toHaveText('1 Buchung');
  await expect(renderedRows(page)).toHaveCount(1);
  await expect(renderedRows(page)).toHaveAttribute('data-booking-id', 'LANG-0417');
});

test('filters and order come from the address and go back into it', async ({ page }) => {
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/buchungen?q=langliste&status=PAID&sort=PRICE_DESC');
  await expect(bookingsList(page)).toHaveAttribute('data-query', 'langliste');
  // Every third is paid: 213 of 640, the dearest first.
  await expect(countStatus(page)).toHaveText('213 Buchungen');
  await expect(renderedRows(page).first()).toHaveAttribute('data-booking-id', 'LANG-0639');
  await expect(page.getByRole('group', { name: 'Filter der Buchungsliste' }).getByRole('combobox').first()).toHaveValue('PAID');
  await expect(bookingsTable(page).getByRole('columnheader', { name: 'Preis' })).toHaveAttribute('aria-sort', 'descending');

  // A click on "Name" sorts by the customer ascending and writes it into the address.
  await bookingsTable(page).getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/[?&]sort=CUSTOMER_ASC/);
  await expect(renderedRows(page).first()).toHaveAttribute('data-booking-id', 'LANG-0003');
  await expect(bookingsTable(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

  // "Filter zurücksetzen" drops the status and the search, not the order.
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(page).toHaveURL(/\/admin\/buchungen\?sort=CUSTOMER_ASC$/);
  await expect(bookingsList(page)).toHaveAttribute('data-query', '');

  // The object is searched on the server as one types; the address keeps its id, and a reload shows its title again.
  const objectFilter = page.getByRole('group', { name: 'Filter der Buchungsliste' }).getByLabel('Objekt');
  await objectFilter.fill('beam');
  await page.getByRole('option', { name: 'Beamer' }).click();
  await expect(page).toHaveURL(/[?&]objekt=[0-9a-f-]{36}/);
  await page.reload();
  await expect(objectFilter).toHaveValue('Beamer');
  await page.getByRole('button', { name: 'Alle Objekte' }).click();
  await expect(page).not.toHaveURL(/objekt=/);
  await expect(objectFilter).toHaveValue('');
});

test('a booking made meanwhile shows at the top of the long list and is counted', async ({ page, baseURL }) => {
  await signInAndSelectDemoTenant(page);
  await expect(bookingsList(page)).toHaveAttribute('aria-busy', 'false');
  const before = Number((await countStatus(page).textContent())?.replace(/\D/g, ''));
  const guest = await request.newContext({ baseURL });
  const { publicBookables } = await graphql<{ publicBookables: { id: string; title: string }[] }>(guest, 'query($t: ID!) { publicBookables(tenantId: $t) { id title } }', { t: tenantId });
  const benches = publicBookables.find((bookable) => bookable.title === 'Bierzeltgarnitur')!;
  // Six weeks ahead, early in the morning: free whatever earlier specs booked.
  const day = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
  const { checkout } = await graphql<{ checkout: { id: string } }>(guest, 'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: {
      bookableItems: [{ bookableId: benches.id, amount: 1 }],
      timeBegin: `${day}T05:00:00.000Z`,
      timeEnd: `${day}T06:00:00.000Z`,
      name: 'Lena Liveliste',
      mail: 'lena.liveliste@example.com',
      paymentProvider: 'invoice',
    },
  });
  await guest.dispose();
  await expect(renderedRows(page).first()).toHaveAttribute('data-booking-id', checkout.id);
  await expect(countStatus(page)).toHaveText(`${(before + 1).toLocaleString('de-DE')} Buchungen`);
});
