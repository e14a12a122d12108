import { expect, type Page, test } from '@playwright/test';
import { graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * Stornobedingungen end to end: the demo tenant's owner sets a room's cancellation policy in the
 * editor, the booking page states it, and a citizen (the demo's sports club) who booked the room
 * while signed in cancels it from "Meine Buchungen" after seeing what comes back.
 */
const CLUB = { id: 'sportverein@example.com', password: 'demo-sportverein' };

async function signInAsClub(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(CLUB.id);
  await page.getByLabel('Passwort').fill(CLUB.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\//);
}

test('the owner sets a room\'s cancellation policy, the booking page states it, the citizen cancels under it', async ({ page, browser }) => {
  const { api, tenantId } = await signedInApi();
  // A free room of its own, so no other spec's objects or bookings change.
  const { createBookable } = await graphql<{ createBookable: { id: string } }>(api, 'mutation($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: { type: 'room', title: 'Stornoraum', isBookable: true, isPublic: true, isScheduleRelated: true, amount: '1', priceType: 'per_item', priceCategories: [{ priceEur: '0' }] },
  });
  const roomId = createBookable.id;

  await signInAndSelectDemoTenant(page);
  await page.goto(`/admin/raeume/edit?id=${roomId}`);
  await expect(page.getByRole('heading', { name: 'Stornobedingungen' })).toBeVisible();
  await page.getByLabel('Bürger dürfen selbst stornieren').check({ force: true });
  await page.getByRole('button', { name: 'Erstattungsstufe hinzufügen' }).click();
  const tier = page.getByRole('group', { name: 'Erstattungsstufe 1', exact: true });
  await tier.getByLabel('bis … Tage vor Beginn').fill('7');
  await tier.getByLabel('… % Erstattung').fill('100');
  await page.getByLabel('Bearbeitungsgebühr (€)').fill('2');
  await screenshot(page, 'cancellation-policy-editor');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Das Buchungsobjekt wurde gespeichert.')).toBeVisible();
  const { bookable } = await graphql<{ bookable: { cancellationPolicy: unknown } }>(api, 'query($t: ID!, $id: ID!) { bookable(tenantId: $t, id: $id) { cancellationPolicy { citizenMayCancel tiers { daysBefore refundPercent } feeEur } } }', { t: tenantId, id: roomId });
  expect(bookable.cancellationPolicy).toEqual({ citizenMayCancel: true, tiers: [{ daysBefore: 7, refundPercent: 100 }], feeEur: 2 });

  const club = await browser.newPage();
  await signInAsClub(club);
  await club.goto(`/checkout?id=${roomId}&tenant=${tenantId}&amount=1`);
  const terms = club.getByRole('region', { name: 'Stornobedingungen' });
  await expect(terms).toContainText('Sie können diese Buchung bis zu ihrem Beginn selbst stornieren.');
  await expect(terms).toContainText('Bis 7 Tage vor Beginn: 100 % Erstattung.');

  // Booked with the club's session, eight weeks ahead: the booking belongs to the account.
  const day = new Date(Date.now() + 56 * 86_400_000).toISOString().slice(0, 10);
  const checkout = await club.request.post('/graphql', {
    data: {
      query: 'mutation($t: ID!, $input: CheckoutInput!) { checkout(tenantId: $t, input: $input) { id } }',
      variables: { t: tenantId, input: { bookableItems: [{ bookableId: roomId, amount: 1 }], timeBegin: `${day}T08:00:00.000Z`, timeEnd: `${day}T09:00:00.000Z`, name: 'Sportverein Musterstadt e. V.', mail: CLUB.id } },
    },
  });
  const answer = (await checkout.json()) as { data?: { checkout: { id: string } }; errors?: { message: string }[] };
  expect(answer.errors).toBeUndefined();
  const bookingId = answer.data!.checkout.id;

  await club.goto('/admin/meine-buchungen');
  const card = club.getByRole('article', { name: `Buchung ${bookingId}` });
  await card.getByRole('button', { name: 'Stornieren' }).click();
  const dialog = club.getByRole('alertdialog');
  await expect(dialog).toContainText(`Buchung ${bookingId} stornieren?`);
  await expect(dialog).toContainText('nichts zu erstatten');
  await screenshot(club, 'cancellation-policy-confirm');
  await dialog.getByRole('button', { name: 'Jetzt stornieren' }).click();
  await expect(club.getByText('Buchung storniert')).toBeVisible();
  await expect(card).toContainText(/storniert|abgelehnt/);
  await expect(card.getByRole('button', { name: 'Stornieren' })).toHaveCount(0);
  await club.close();
  // Other specs read the demo's rooms and the club's bookings: both go again.
  await graphql(api, 'mutation($t: ID!, $id: ID!) { deleteBooking(tenantId: $t, id: $id) }', { t: tenantId, id: bookingId });
  await graphql(api, 'mutation($t: ID!, $id: ID!) { deleteBookable(tenantId: $t, id: $id) }', { t: tenantId, id: roomId });
  await api.dispose();
});
