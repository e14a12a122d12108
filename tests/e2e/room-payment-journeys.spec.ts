import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, berlinToday } from '../../common/time/berlin.js';
import { activateStandInPayments, bookingGridSlot, expectNoSeriousAxeFindings, germanDate, graphql, nextMondayAfter, screenshot, signedInApi, signInAndSelectDemoTenant } from './helpers.js';
import { mailsTo, waitForMail } from './mailbox.js';

/**
 * Paying for a room from the booking page to the staff's list, in the browser, against the
 * payment provider stand-in (tests/support/payment-providers.ts) and the SMTP capture:
 * - a room released at once: the booking page itself starts the online payment and forwards to
 *   the provider's page; after paying, the return page, the mails (the payment link sent at
 *   booking, the confirmation with the receipt) and the staff's list agree that it is paid;
 * - a room released by staff and paid by invoice: opening the payment page again and again, and
 *   reloading it, issues and mails one invoice only;
 * - the receipt and invoice templates' previews show the filled template inside their frame, and
 *   the screen around them passes axe (the mail templates' previews: mail-templates.spec.ts).
 * The demo tenant's payment applications are set for this file and put back afterwards; the rooms
 * are new ones of this file.
 */
test.describe.configure({ mode: 'serial' });

const TENANT_NAME = 'Rathaus Musterstadt';
const PAYMENT_REQUEST_SUBJECT = `Bitte schließen Sie Ihre Buchung im ${TENANT_NAME} ab`;
const CONFIRMATION_SUBJECT = `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`;
const stamp = Date.now().toString(36).toUpperCase();
const rooms = {
  instant: { id: '', title: `Gruppenraum ${stamp}`, autoCommitBooking: true, hourly: '30' },
  released: { id: '', title: `Besprechungsraum ${stamp}`, autoCommitBooking: false, hourly: '25' },
};

let owner: APIRequestContext;
let tenantId: string;
let restorePayments: () => Promise<void>;

// Days and hours as the booking page shows them: Berlin, whatever the machine's zone.
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const today = berlinToday(new Date());
/** The grid opens on the current week (Monday to Sunday): a day of a later one needs "Nächste Woche". */
const nextMonday = nextMondayAfter(today);

const slot = bookingGridSlot;

/** On the booking page of `room`: two hours from `from` on `date`, the customer, the payment choice. */
async function fillBooking(page: Page, room: { id: string }, date: string, from: number, customer: { name: string; mail: string }, payment: string): Promise<void> {
  await page.goto(`/checkout?id=${room.id}&tenant=${tenantId}&amount=1`);
  await expect(page.getByRole('grid')).toBeVisible();
  if (date >= nextMonday) await page.getByRole('button', { name: /Nächste Woche/ }).click();
  await slot(page, date, from).click();
  await slot(page, date, from + 1).click();
  await page.getByLabel('Vor- und Nachname').fill(customer.name);
  await page.getByLabel('E-Mail').fill(customer.mail);
  await page.getByRole('radiogroup', { name: 'Zahlungsart' }).getByText(payment, { exact: true }).click();
  await expect(page.getByRole('radio', { name: payment })).toBeChecked();
}

/** The staff's bookings list of the demo tenant, narrowed to one booking. */
async function staffRow(page: Page, bookingId: string) {
  await signInAndSelectDemoTenant(page);
  await page.goto('/admin/buchungen');
  await page.getByLabel('Buchungen durchsuchen').fill(bookingId);
  const row = page.getByRole('table', { name: 'Buchungen' }).getByRole('row').filter({ hasText: bookingId });
  await expect(row).toHaveCount(1);
  return row;
}

test.beforeAll(async () => {
  ({ api: owner, tenantId } = await signedInApi());
  restorePayments = await activateStandInPayments(owner, tenantId, 'Raum');
  for (const room of Object.values(rooms)) {
    const { createBookable } = await graphql<{ createBookable: { id: string } }>(
      owner,
      'mutation ($tenantId: ID!, $input: BookableInput!) { createBookable(tenantId: $tenantId, input: $input) { id } }',
      {
        tenantId,
        input: {
          type: 'room',
          title: room.title,
          description: '<p>Raum im Erdgeschoss für bis zu zwölf Personen.</p>',
          location: 'Rathausplatz 1, 12345 Musterstadt',
          amount: '1',
          isBookable: true,
          isPublic: true,
          isScheduleRelated: true,
          isOpeningHoursRelated: true,
          autoCommitBooking: room.autoCommitBooking,
          openingHours: [{ weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '08:00', endTime: '20:00' }],
          priceType: 'per_hour',
          priceCategories: [{ priceEur: room.hourly, priceValueAddedTax: '0' }],
        },
      },
    );
    room.id = createBookable.id;
  }
});

test.afterAll(async () => {
  await restorePayments();
  await owner.dispose();
});

test('auto-released priced room paid online straight from the checkout page', async ({ browser }) => {
  const mail = `paula.sofort.${stamp.toLowerCase()}@example.com`;
  const day = addDays(today, 2);
  const context = await browser.newContext();
  const page = await context.newPage();
  await fillBooking(page, rooms.instant, day, 10, { name: 'Paula Sofort', mail }, 'Online-Zahlung');
  await expect(page.getByTestId('checkout-total')).toHaveText('60,00 €');
  await screenshot(page, 'room-payment-01-checkout');

  // "Jetzt buchen": the booking is released at once, and its confirmation starts the payment itself.
  const started = page.waitForRequest((sent) => sent.url().endsWith('/graphql') && (sent.postData() ?? '').includes('StartPayment'));
  await page.getByRole('button', { name: 'Jetzt buchen' }).click();
  const bookingId = (JSON.parse((await started).postData()!) as { variables: { bookingId: string } }).variables.bookingId;
  expect(bookingId).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);

  // The provider's page (the stand-in's): the purpose names the booking, the amount is the price.
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_PAYMENTS_URL}/girocheckout/paypage/`));
  await expect(page.getByText(new RegExp(`^Verwendungszweck: ${bookingId}\\b.*\\bRaum$`))).toBeVisible();
  await expect(page.getByText('Betrag: 60.00 EUR')).toBeVisible();
  await screenshot(page, 'room-payment-02-provider');

  const providerPage = page.url();

  // Committed unpaid, the booking was mailed its payment link at once: closing the tab here would not
  // lose it. The link leads to the same payment page, not to a second transaction.
  const request = await waitForMail(mail, PAYMENT_REQUEST_SUBJECT);
  const payLink = request.links.find((link) => link.includes('/payment/redirection'));
  expect(payLink).toBe(`${process.env.E2E_BASE_URL}/payment/redirection?id=${bookingId}&tenant=${encodeURIComponent(tenantId)}`);
  const fromMail = await context.newPage();
  await fromMail.goto(payLink!);
  await expect(fromMail).toHaveURL(providerPage);
  await fromMail.close();

  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await expect(page).toHaveURL(/\/checkout\/status\?.*outcome=paid/);
  await expect(page.getByText('Zahlung erfolgreich')).toBeVisible();
  const facts = page.locator('.booking-facts');
  await expect(page.locator('.booking-number')).toHaveText(bookingId);
  await expect(facts).toContainText(`Gebucht bei${TENANT_NAME}`);
  await expect(facts).toContainText(`Objekt${rooms.instant.title}`);
  await expect(facts).toContainText(`Zeitraum${['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'][weekday(day)]}, ${germanDate(day)}, 10:00–12:00 Uhr`);
  await expect(facts).toContainText('Gesamtpreis60,00 €');
  await expect(page.getByText('Zahlung folgt')).toHaveCount(0);
  await screenshot(page, 'room-payment-03-paid');

  // The confirmation carries the receipt.
  const confirmation = await waitForMail(mail, CONFIRMATION_SUBJECT);
  expect(confirmation.text).toContain(bookingId);
  const receipts = confirmation.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
  expect(receipts.map((attachment) => attachment.filename)).toEqual([expect.stringMatching(/^Zahlungsbeleg-.+\.pdf$/)]);

  // The link of the earlier mail now says it is paid instead of starting a second payment.
  await page.goto(payLink!);
  await expect(page.getByText('Die Buchung ist bereits bezahlt.')).toBeVisible();
  await context.close();

  const staff = await browser.newPage();
  const row = await staffRow(staff, bookingId);
  await expect(row.getByRole('cell', { name: 'freigegeben', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'bezahlt', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '60,00 €', exact: true })).toBeVisible();
  await screenshot(staff, 'room-payment-04-staff-list');
  await staff.close();
});

test('room released by staff, paid by invoice: one invoice however often the link is opened', async ({ browser }) => {
  const mail = `ines.rechnung.${stamp.toLowerCase()}@example.com`;
  const day = addDays(today, 3);
  const citizen = await browser.newPage();
  await fillBooking(citizen, rooms.released, day, 14, { name: 'Ines Rechnung', mail }, 'Rechnung');
  await citizen.getByRole('button', { name: 'Buchung anfragen' }).click();
  await expect(citizen.getByRole('heading', { name: 'Anfrage eingegangen' })).toBeVisible();
  const bookingId = new URL(citizen.url()).searchParams.get('id')!;
  await expect(citizen.getByText('Zahlung folgt: Die Rechnung erhalten Sie nach der Freigabe per E-Mail.')).toBeVisible();

  // The payment page of the booking (the address an online payment's mail links; the invoice's mail
  // is the request itself and links none). Before the release it issues no invoice and names none.
  const link = `/payment/redirection?id=${bookingId}&tenant=${encodeURIComponent(tenantId)}`;
  await citizen.goto(link);
  await expect(citizen.getByText('Die Buchung ist noch nicht freigegeben.')).toBeVisible();
  await expect(citizen.getByText('Zahlung per Rechnung')).toHaveCount(0);

  // Staff release it on the bookings screen.
  const staff = await browser.newPage();
  const row = await staffRow(staff, bookingId);
  await expect(row).toContainText('ausstehend');
  await row.getByRole('button', { name: `Aktionen für Buchung ${bookingId}` }).click();
  await staff.getByRole('menuitem', { name: 'Buchung freigeben' }).click();
  await expect(staff.locator('.bp6-toast').filter({ hasText: 'Buchung freigegeben' })).toBeVisible();
  await expect(row).toContainText('freigegeben');

  // The release mails the invoice.
  const released = await waitForMail(mail, PAYMENT_REQUEST_SUBJECT);
  const invoices = released.attachments.filter((attachment) => /^Rechnung-.+\.pdf$/.test(attachment.filename));
  expect(invoices).toHaveLength(1);
  const invoiceFile = invoices[0].filename;
  const invoiceNumber = invoiceFile.slice('Rechnung-'.length, -'.pdf'.length);

  // After it, opened three times and reloaded once: each time the page names the invoice already
  // issued, and asks for no other.
  for (let visit = 1; visit <= 4; visit += 1) {
    if (visit === 4) await citizen.reload();
    else await citizen.goto(link);
    const note = citizen.locator('.bp6-callout').filter({ hasText: 'Zahlung per Rechnung' });
    await expect(note).toHaveText(`Zahlung per RechnungFür diese Buchung zahlen Sie per Rechnung. Ihre Rechnung ${invoiceNumber} ist ausgestellt; Sie erhalten sie per E-Mail.`);
  }
  await screenshot(citizen, 'room-payment-05-invoice-page');

  // However long the queue takes for a further invoice, none comes: one invoice mail, one number.
  await citizen.waitForTimeout(5_000);
  const invoiceMails = mailsTo(mail).filter((received) => received.attachments.some((attachment) => /^Rechnung-/.test(attachment.filename)));
  expect(invoiceMails.map((received) => received.attachments.filter((attachment) => /^Rechnung-/.test(attachment.filename)).map((attachment) => attachment.filename))).toEqual([[invoiceFile]]);

  await staff.reload();
  await staff.getByLabel('Buchungen durchsuchen').fill(bookingId);
  await staff.getByRole('button', { name: `Aktionen für Buchung ${bookingId}` }).click();
  await staff.getByRole('menuitem', { name: 'Details anzeigen' }).click();
  const documents = staff.getByRole('dialog', { name: `Buchung ${bookingId}` }).getByRole('list', { name: 'Belege' });
  await expect(documents.getByRole('link')).toHaveCount(1);
  await expect(documents.getByRole('link', { name: /^Rechnung / })).toBeVisible();
  await screenshot(staff, 'room-payment-06-staff-invoice');
  await citizen.close();
  await staff.close();
});

for (const template of [
  { title: 'Zahlungsbeleg-Vorlage', numberField: 'receiptNumber', numberLabel: 'Beleg' },
  { title: 'Rechnungsvorlage', numberField: 'invoiceNumber', numberLabel: 'Rechnung' },
] as const) {
  test(`the tenant editor's ${template.title} preview shows the filled template inside its frame, and the screen passes axe`, async ({ page }) => {
    await signInAndSelectDemoTenant(page);
    await page.goto('/admin/mandanten');
    await page.getByRole('button', { name: `${template.title} bearbeiten` }).click();
    const editor = page.getByRole('dialog', { name: template.title });
    // A marker only this draft has: the frame shows it only if the page's policy lets the frame load.
    const marker = `Vorschau-Marke ${template.numberLabel} ${Date.now()}`;
    await editor
      .getByLabel('HTML-Vorlage')
      .fill(`<!DOCTYPE html><html><head><title>${template.numberLabel}</title></head><body><h1>${marker}</h1><p>${template.numberLabel} {{${template.numberField}}} zur Buchung {{bookingId}} von {{tenant}}</p></body></html>`);
    await editor.getByRole('button', { name: 'Vorschau' }).click();
    const preview = page.frameLocator(`iframe[title="Vorschau: ${template.title}"]`);
    await expect(preview.getByRole('heading', { name: marker })).toBeVisible();
    // Filled with the preview's sample booking and the first number of the year.
    await expect(preview.getByText(new RegExp(`^${template.numberLabel} (\\S+-)?\\d{4}-0001-1 zur Buchung ABCD-EFGH von ${TENANT_NAME}$`))).toBeVisible();
    await screenshot(page, `room-payment-07-preview-${template.numberField}`);
    await expectNoSeriousAxeFindings(page, `/admin/mandanten, Vorschau: ${template.title}`);
  });
}
