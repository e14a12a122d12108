import { expect, test } from '@playwright/test';
import { addDays, berlinToday } from '../../common/time/berlin.js';
import { bookingGridSlot, nextMondayAfter, screenshot, signedInApi } from './helpers.js';
import { waitForMail } from './mailbox.js';

/**
 * The demo as a visitor finds it right after `npm start`, without anybody setting anything up: the
 * demo tenant's public object list leads to the booking page of its seminar room, and a guest books
 * it five times in a row, each time an hour of next week, the beamer that comes with every booking
 * included. Each booking is released at once and confirmed by mail.
 */
const ROOM = 'Seminarraum im Rathaus';
const stamp = Date.now().toString(36);

const today = berlinToday(new Date());
/** Monday to Friday of next week: the room is open then, and the demo has no booking of it at noon. */
const nextMonday = nextMondayAfter(today);
const days = [0, 1, 2, 3, 4].map((offset) => addDays(nextMonday, offset));

const slot = bookingGridSlot;

let publicList: string;

test.beforeAll(async () => {
  // The start message names this address; the test reads the demo tenant's id as its owner.
  const { api, tenantId } = await signedInApi();
  await api.dispose();
  publicList = `/html/${tenantId}/bookables`;
});

test('a guest finds the seminar room in the public list and books it five times in a row, each with its beamer', async ({ page }) => {
  test.setTimeout(240_000);
  // The list a municipality embeds in its website: every kind of object, each with its booking link.
  await page.goto(publicList);
  for (const title of ['Bürgerhaus Musterstadt', ROOM, 'Vereinsheim am Sportplatz', 'Beamer', 'Bierzeltgarnitur', 'Konzert der Musikschule Musterstadt – Erwachsene']) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  await screenshot(page, 'demo-01-public-list');
  const room = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: ROOM, exact: true }) });
  const checkout = await room.getByRole('link', { name: 'Jetzt buchen' }).getAttribute('href');
  expect(checkout).toMatch(/\/checkout\?id=.+&tenant=.+/);

  for (const [index, date] of days.entries()) {
    const name = `Gast ${index + 1} Demo`;
    const mail = `gast${index + 1}.${stamp}@example.com`;
    await page.goto(checkout!);
    await expect(page.getByRole('heading', { name: ROOM })).toBeVisible();
    // The beamer is part of every booking of the room.
    const beamer = page.getByRole('checkbox', { name: /Beamer/ });
    await expect(beamer).toBeChecked();
    await expect(beamer).toBeDisabled();
    await expect(page.getByText('immer enthalten')).toBeVisible();

    await expect(page.getByRole('grid')).toBeVisible();
    await page.getByRole('button', { name: /Nächste Woche/ }).click();
    // The hours booked before are taken now.
    for (const booked of days.slice(0, index)) await expect(slot(page, booked, 12, 'belegt')).toBeVisible();
    await slot(page, date, 12).click();
    await expect(slot(page, date, 12, 'gewählt')).toBeVisible();
    // One hour at 25 € plus 19 % VAT; the beamer costs nothing.
    await expect(page.getByTestId('checkout-total')).toHaveText('29,75 €');
    await page.getByLabel('Vor- und Nachname').fill(name);
    await page.getByLabel('E-Mail').fill(mail);
    await page.getByText('Rechnung', { exact: true }).click();
    if (index === 0) await screenshot(page, 'demo-02-booking-page');
    await page.getByRole('button', { name: 'Jetzt buchen' }).click();

    await expect(page).toHaveURL(/\/checkout\/status\?id=[A-Z]{4}-[A-Z]{4}&tenant=/);
    await expect(page.getByRole('heading', { name: 'Buchung bestätigt', exact: true })).toBeVisible();
    await expect(page.getByText('Ihre Buchung ist bestätigt. Sie zahlen per Rechnung; die Rechnung erhalten Sie per E-Mail.')).toBeVisible();
    const bookingId = new URL(page.url()).searchParams.get('id')!;
    await expect(page.getByText(bookingId)).toBeVisible();
    if (index === days.length - 1) await screenshot(page, 'demo-03-fifth-booking-confirmed');
    // The customer hears of it by mail (with the invoice, as the booking is released already).
    expect((await waitForMail(mail, 'Buchung')).text).toContain(bookingId);
  }
});
