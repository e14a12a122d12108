import { expect, type Page, request, test } from '@playwright/test';
import { baseUrl, expectNoSeriousAxeFindings, graphql, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';

/**
 * Stornobedingungen end to end: the demo tenant's owner sets a room's cancellation policy in the
 * editor, the booking page states it, and a citizen (the demo's sports club) who booked the room
 * while signed in cancels it from "Meine Buchungen" after seeing what comes back; a refund a guest's
 * cancellation left open is marked paid back by the staff in the booking's details.
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

test("the staff see the refund a customer's cancellation left open and mark it paid back in the booking's details", async ({ page }) => {
  const { api, tenantId } = await signedInApi();
  const { createBookable } = await graphql<{ createBookable: { id: string } }>(api, 'mutation($t: ID!, $input: BookableInput!) { createBookable(tenantId: $t, input: $input) { id } }', {
    t: tenantId,
    input: {
      type: 'room',
      title: 'Erstattungsraum',
      isBookable: true,
      isPublic: true,
      isScheduleRelated: true,
      amount: '1',
      priceType: 'per_item',
      priceCategories: [{ priceEur: '20' }],
      cancellationPolicy: { citizenMayCancel: true, tiers: [{ daysBefore: 7, refundPercent: 100 }], feeEur: 0 },
    },
  });
  const roomId = createBookable.id;
  // A guest books eight weeks ahead and pays cash at the counter; then cancels with the checkout's status token.
  const guest = await request.newContext({ baseURL: baseUrl() });
  const begin = Date.now() + 56 * 86_400_000;
  const booked = await guest.post(`/api/${tenantId}/checkout`, {
    data: { timeBegin: begin - (begin % 3_600_000), timeEnd: begin - (begin % 3_600_000) + 3_600_000, bookableItems: [{ bookableId: roomId, amount: 1 }], name: 'Rita Rückgabe', mail: 'rita.rueckgabe@example.com', paymentProvider: 'testPayment' },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const { id: bookingId, statusToken } = (await booked.json()) as { id: string; statusToken: string };
  await graphql(api, 'mutation($t: ID!, $id: ID!) { markBookingPaid(tenantId: $t, id: $id, paymentMethod: "CASH") { id } }', { t: tenantId, id: bookingId });
  const cancelled = await guest.post(`/api/${tenantId}/bookings/${bookingId}/cancel`, { data: { reason: 'Termin entfällt' }, headers: { 'x-status-token': statusToken } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await guest.dispose();

  await signInAndSelectDemoTenant(page);
  await page.getByLabel('Buchungen durchsuchen').fill(bookingId);
  const row = page.getByRole('table', { name: 'Buchungen' }).getByRole('row').filter({ hasText: bookingId });
  await row.getByRole('button', { name: `Aktionen für Buchung ${bookingId}` }).click();
  await page.getByRole('menu', { name: `Aktionen für Buchung ${bookingId}` }).getByRole('menuitem', { name: 'Details anzeigen' }).click();
  const dialog = page.getByRole('dialog', { name: `Buchung ${bookingId}`, exact: true });
  const refunds = dialog.getByRole('list', { name: 'Erstattungen' });
  await expect(refunds).toContainText('20,00 € per Bar – offen seit');
  await expect(refunds).toContainText('Grund: Termin entfällt');
  await expectNoSeriousAxeFindings(page, 'Buchungsdetails mit offener Erstattung');
  await refunds.getByRole('button', { name: 'Als erstattet markieren' }).click();
  await expect(page.getByText('Erstattung erledigt')).toBeVisible();
  await expect(refunds).toContainText('20,00 € per Bar – erstattet am');
  await expect(refunds.getByRole('button', { name: 'Als erstattet markieren' })).toHaveCount(0);
  await screenshot(page, 'cancellation-refund-completed');

  await graphql(api, 'mutation($t: ID!, $id: ID!) { deleteBooking(tenantId: $t, id: $id) }', { t: tenantId, id: bookingId });
  await graphql(api, 'mutation($t: ID!, $id: ID!) { deleteBookable(tenantId: $t, id: $id) }', { t: tenantId, id: roomId });
  await api.dispose();
});
