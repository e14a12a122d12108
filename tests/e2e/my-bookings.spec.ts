import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeFindings, screenshot, signedInApi } from './helpers.js';

/**
 * "Meine Buchungen": a citizen (the demo's sports club, an account without any role) books while
 * signed in and finds the booking in "Anstehend" with where, when, price and status, not in
 * "Vergangen"; the page passes axe in light and dark.
 */
const CLUB = { id: 'sportverein@example.com', password: 'demo-sportverein' };

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(CLUB.id);
  await page.getByLabel('Passwort').fill(CLUB.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\//);
}

test('a citizen finds a booking made while signed in under "Meine Buchungen", upcoming, not past', async ({ page }) => {
  const { api, tenantId } = await signedInApi();
  await api.dispose();
  await signIn(page);
  // Booked with the page's session: the booking belongs to the account.
  const bookables = await page.request.post('/graphql', { data: { query: 'query($t: ID!) { publicBookables(tenantId: $t) { id title } }', variables: { t: tenantId } } });
  const benches = ((await bookables.json()) as { data: { publicBookables: { id: string; title: string }[] } }).data.publicBookables.find((bookable) => bookable.title === 'Bierzeltgarnitur')!;
  // Seven weeks ahead, early in the morning: free whatever other specs booked.
  const day = new Date(Date.now() + 49 * 86_400_000).toISOString().slice(0, 10);
  const checkout = await page.request.post('/graphql', {
    data: {
      query: 'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }',
      variables: { t: tenantId, input: { bookableItems: [{ bookableId: benches.id, amount: 2 }], timeBegin: `${day}T05:00:00.000Z`, timeEnd: `${day}T07:00:00.000Z`, name: 'Sportverein Musterstadt e. V.', mail: CLUB.id, paymentProvider: 'invoice' } },
    },
  });
  const answer = (await checkout.json()) as { data?: { checkout: { id: string } }; errors?: { message: string }[] };
  expect(answer.errors).toBeUndefined();
  const bookingId = answer.data!.checkout.id;

  await page.getByRole('link', { name: 'Meine Buchungen' }).click();
  await expect(page.getByRole('heading', { name: 'Meine Buchungen', level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: `Buchung ${bookingId}` });
  await expect(card).toContainText('2 × Bierzeltgarnitur');
  await expect(card).toContainText('Rathaus Musterstadt');
  await expect(card).toContainText('ausstehend');
  await expect(card).toContainText(/\d+,\d{2}\s€/);
  await screenshot(page, 'my-bookings-upcoming');

  await page.getByRole('radio', { name: 'Vergangen' }).click();
  await expect(page).toHaveURL(/zeitraum=vergangen/);
  await expect(page.locator('.my-bookings-list')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('article', { name: `Buchung ${bookingId}` })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Anstehend' }).click();
  await expect(card).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    const toggle = page.getByRole('button', { name: 'Design umschalten' });
    if ((await toggle.getAttribute('aria-pressed')) !== String(theme === 'dark')) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(theme === 'dark'));
    await expectNoSeriousAxeFindings(page, `Meine Buchungen (${theme})`);
  }
});
