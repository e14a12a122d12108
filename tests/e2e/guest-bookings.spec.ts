import { expect, type Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectNoSeriousAxeFindings, screenshot, signedInApi } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * "Meine Buchungen" for guests: someone books without an account, asks on /meine-buchungen for the
 * link (the empty and the malformed address are refused under the field, which gets the focus),
 * opens it from the captured mail and finds the booking with where, when and status; both pages
 * pass axe in light and dark.
 */
/** The public pages follow the stored theme: each is loaded anew in light and in dark and read by axe. */
async function expectAxeInBothThemes(page: Page, where: string, ready: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
    await page.reload();
    await ready();
    await expectNoSeriousAxeFindings(page, `${where} (${theme})`);
  }
}

test('a guest asks for the link, opens it from the mail and sees the booking made with that address', async ({ page }) => {
  const { api, tenantId } = await signedInApi();
  await api.dispose();
  // An address of this run only, so the link shows this booking alone.
  const mail = `gast-${randomUUID().slice(0, 8)}@example.com`;
  const bookables = await page.request.post('/graphql', { data: { query: 'query($t: ID!) { publicBookables(tenantId: $t) { id title } }', variables: { t: tenantId } } });
  const benches = ((await bookables.json()) as { data: { publicBookables: { id: string; title: string }[] } }).data.publicBookables.find((bookable) => bookable.title === 'Bierzeltgarnitur')!;
  // Eight weeks ahead, early in the morning: free whatever other specs booked.
  const day = new Date(Date.now() + 56 * 86_400_000).toISOString().slice(0, 10);
  const checkout = await page.request.post('/graphql', {
    data: {
      query: 'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }',
      variables: { t: tenantId, input: { bookableItems: [{ bookableId: benches.id, amount: 1 }], timeBegin: `${day}T04:00:00.000Z`, timeEnd: `${day}T05:00:00.000Z`, name: 'Gabi Gast', mail, paymentProvider: 'invoice' } },
    },
  });
  const answer = (await checkout.json()) as { data?: { checkout: { id: string } }; errors?: { message: string }[] };
  expect(answer.errors).toBeUndefined();
  const bookingId = answer.data!.checkout.id;

  await page.goto('/meine-buchungen');
  const heading = page.getByRole('heading', { name: 'Meine Buchungen', level: 1 });
  await expect(heading).toBeVisible();
  await expectAxeInBothThemes(page, 'Meine Buchungen anfordern', () => expect(heading).toBeVisible());
  const field = page.getByLabel('E-Mail');
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByText('E-Mail ist erforderlich')).toBeVisible();
  await expect(field).toBeFocused();
  await field.fill('kein-at-zeichen');
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByText('E-Mail muss gültig sein')).toBeVisible();
  await expect(field).toBeFocused();
  await field.fill(mail.toUpperCase());
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByText('Wenn zu dieser Adresse Buchungen gehören, erhalten Sie eine E-Mail mit einem Link.')).toBeVisible();

  const message = await waitForMail(mail, 'Ihre Buchungen');
  const link = message.links.find((candidate) => candidate.includes('/meine-buchungen/link#'));
  expect(link, message.text).toBeDefined();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.hash}`);
  const card = page.getByRole('article', { name: `Buchung ${bookingId}` });
  await expect(card).toContainText('Bierzeltgarnitur');
  await expect(card).toContainText('Rathaus Musterstadt');
  await expect(card).toContainText(/\d+,\d{2}\s€/);
  await screenshot(page, 'guest-bookings-link');
  await page.getByRole('radio', { name: 'Vergangen' }).click();
  await expect(page.locator('.my-bookings-list')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('article', { name: `Buchung ${bookingId}` })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Anstehend' }).click();
  await expect(card).toBeVisible();
  await expectAxeInBothThemes(page, 'Meine Buchungen per Link', () => expect(card).toBeVisible());

  // A link with a forged token shows no bookings and offers a new one.
  await page.goto(`/meine-buchungen/link#gbl_${'A'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText('ungültig oder abgelaufen');
  await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible();
});

test('a citizen takes a booking made as a guest with the account\'s address into "Meine Buchungen"', async ({ page }) => {
  const club = { id: 'sportverein@example.com', password: 'demo-sportverein' };
  const { api, tenantId } = await signedInApi();
  await api.dispose();
  const bookables = await page.request.post('/graphql', { data: { query: 'query($t: ID!) { publicBookables(tenantId: $t) { id title } }', variables: { t: tenantId } } });
  const benches = ((await bookables.json()) as { data: { publicBookables: { id: string; title: string }[] } }).data.publicBookables.find((bookable) => bookable.title === 'Bierzeltgarnitur')!;
  // Nine weeks ahead, before dawn, without signing in: a guest booking with the club's address in capitals.
  const day = new Date(Date.now() + 63 * 86_400_000).toISOString().slice(0, 10);
  const checkout = await page.request.post('/graphql', {
    data: {
      query: 'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }',
      variables: { t: tenantId, input: { bookableItems: [{ bookableId: benches.id, amount: 1 }], timeBegin: `${day}T03:00:00.000Z`, timeEnd: `${day}T04:00:00.000Z`, name: 'Sportverein Musterstadt e. V.', mail: club.id.toUpperCase(), paymentProvider: 'invoice' } },
    },
  });
  const answer = (await checkout.json()) as { data?: { checkout: { id: string } }; errors?: { message: string }[] };
  expect(answer.errors).toBeUndefined();
  const bookingId = answer.data!.checkout.id;

  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(club.id);
  await page.getByLabel('Passwort').fill(club.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\//);
  await page.getByRole('link', { name: 'Meine Buchungen' }).click();
  await expect(page.getByRole('heading', { name: 'Meine Buchungen', level: 1 })).toBeVisible();
  await expect(page.locator('.my-bookings-list')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('article', { name: `Buchung ${bookingId}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Als Gast gebuchte übernehmen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'in Ihr Konto übernommen' })).toBeVisible();
  // The list is read anew: the booking is the account's now.
  await expect(page.getByRole('article', { name: `Buchung ${bookingId}` })).toContainText('Bierzeltgarnitur');
});
