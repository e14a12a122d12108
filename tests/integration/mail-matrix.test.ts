import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '../../common/format/german.js';
import { Event } from '../../server/src/events/event.entity.js';
import { defaultEventData } from '../../server/src/events/event.model.js';
import { Receipt } from '../../server/src/receipts/receipt.entity.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { eurToCents } from '../../server/src/payments/cents.js';
import type { HttpClient } from '../support/http.js';
import { waitForSettledQueue } from '../support/job-queue.js';
import { createActors } from '../support/permission-matrix.js';
import type { CapturedMail } from '../support/smtp.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { storeBookable } from './bookables.fixtures.js';
import { bookableRoom, customer, resaveBooking, slot } from './bookings.fixtures.js';

/**
 * Which booking event mails whom: for each event of a booking's life the mails that reach the
 * customer, the tenant's own address (not its copies of the customer's mails) and an event's
 * organiser, read from the SMTP capture once the job queue has worked everything off.
 */
let app: TestApp;
let tenantId: string;
let owner: HttpClient;
let guest: HttpClient;

const TENANT_NAME = 'Stadthalle Postfeld';
const TENANT_MAIL = 'verwaltung@postfeld.example';
const ORGANIZER_MAIL = 'veranstalter@postfeld.example';

const REQUEST_RECEIVED = `Vielen Dank für Ihre Buchungsanfrage im ${TENANT_NAME}`;
const CONFIRMED = `Vielen Dank für Ihre Buchung im ${TENANT_NAME}`;
const PAYMENT_REQUEST = `Bitte schließen Sie Ihre Buchung im ${TENANT_NAME} ab`;
const DECLINED = `Absage: Ihre Buchungsanfrage im ${TENANT_NAME} wurde abgelehnt`;
const CANCELLED = `Stornierung: Ihre Buchung im ${TENANT_NAME} wurde storniert`;
const CANCEL_REQUEST = `Stornierungsanfrage für Ihre Buchung im ${TENANT_NAME}`;
const TENANT_REQUEST = 'Eine neue Buchungsanfrage liegt vor';
const TENANT_NEW_BOOKING = (id: string) => `Neue Buchung ${id}`;
const TENANT_PAYMENT = (id: string) => `Zahlung eingegangen: Buchung ${id}`;
const TENANT_REFUND_DUE = (id: string) => `Erstattung offen: Buchung ${id} storniert`;
const ORGANIZER_NEW_BOOKING = 'Eine neue Buchung liegt vor';

interface BookingRef {
  id: string;
  mail: string;
  priceEur: number;
}

/** The mails of one event of a booking, by whom they reach (the header's To, so BCC copies are not the tenant's own). */
interface MailsOfEvent {
  customer: CapturedMail[];
  tenant: CapturedMail[];
  organizer: CapturedMail[];
}

let dayCounter = 0;
const nextDay = () => new Date(Date.UTC(2027, 8, 1 + dayCounter++)).toISOString().slice(0, 10);
let mailCounter = 0;
const customerMail = (name: string) => `${name}-${++mailCounter}@kunden.example`;

async function setTenant(changes: Partial<Tenant>): Promise<void> {
  const em = app.orm.em.fork();
  Object.assign(await em.findOneOrFail(Tenant, { id: tenantId }), changes);
  await em.flush();
}

async function checkoutRoom(options: { autoCommit?: boolean; provider: string; name: string }): Promise<BookingRef> {
  const room = await bookableRoom(app, tenantId, { autoCommitBooking: options.autoCommit ?? false });
  const mail = customerMail(options.name);
  const response = await guest.post(`/api/${tenantId}/checkout`, { ...slot(10, nextDay()), bookableItems: [{ bookableId: room.id, amount: 1 }], ...customer, mail, paymentProvider: options.provider });
  expect(response.status, response.text).toBe(200);
  return { id: response.json.id, mail, priceEur: response.json.priceEur };
}

async function checkoutTicket(name: string): Promise<BookingRef> {
  const em = app.orm.em.fork();
  const base = defaultEventData();
  const event = em.create(Event, { tenant: em.getReference(Tenant, tenantId), ownerUserId: null });
  event.setData({
    ...base,
    isPublic: true,
    information: { ...base.information, name: 'Sommerkonzert', startDate: '2027-07-01', startTime: '19:00', endDate: '2027-07-01', endTime: '22:00' },
    eventOrganizer: { ...base.eventOrganizer, name: 'Musikverein', contactPersonName: 'Herr Ton', contactPersonEmailAddress: ORGANIZER_MAIL },
  });
  await em.flush();
  const ticket = await storeBookable(app, tenantId, { type: 'ticket', title: 'Eintritt frei', eventId: event.id, isBookable: true, isPublic: true, autoCommitBooking: true, amount: null, priceCategories: [] });
  const mail = customerMail(name);
  const response = await guest.post(`/api/${tenantId}/checkout`, { bookableItems: [{ bookableId: ticket.id, amount: 2 }], ...customer, mail });
  expect(response.status, response.text).toBe(200);
  return { id: response.json.id, mail, priceEur: response.json.priceEur };
}

const commit = async (booking: BookingRef) => expect((await owner.post(`/api/${tenantId}/bookings/${booking.id}/commit`)).status).toBe(200);

async function rejectOverGraphql(booking: BookingRef, reason: string): Promise<void> {
  const answer = await owner.gql('mutation($t: ID!, $id: ID!, $reason: String) { rejectBooking(tenantId: $t, id: $id, reason: $reason) { id } }', { t: tenantId, id: booking.id, reason });
  expect(answer.errors).toBeUndefined();
}

/** Staff tick "bezahlt" with a method in the edit dialog (PUT bookings with the stored items and times). */
async function markPaid(booking: BookingRef, paymentMethod: string): Promise<void> {
  const saved = await resaveBooking(owner, tenantId, booking.id, { isPayed: true, paymentMethod });
  expect(saved.status, saved.text).toBe(201);
}

/** The customer pays on the built-in test provider's page; its signed notification marks the booking paid. */
async function payOnline(booking: BookingRef): Promise<void> {
  const started = await guest.gql<{ startPayment: { redirectUrl: string } }>('mutation($t: ID!, $b: ID!) { startPayment(tenantId: $t, bookingId: $b) { redirectUrl } }', { t: tenantId, b: booking.id });
  expect(started.errors).toBeUndefined();
  const page = new URL(started.data!.startPayment.redirectUrl).pathname;
  const paid = await guest.request('POST', page, { body: new URLSearchParams({ action: 'pay' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url } });
  expect(paid.status, paid.text).toBe(303);
}

/** The customer asks to cancel and confirms through the mailed link; `look` sees the pending request first. */
async function cancelByCustomer<T>(booking: BookingRef, look?: (hookId: string) => Promise<T>): Promise<T | undefined> {
  expect((await guest.post(`/api/${tenantId}/bookings/${booking.id}/request-reject`, { reason: 'Ich bin verhindert' })).status).toBe(201);
  const request = await app.smtp.waitForMail(booking.mail, CANCEL_REQUEST);
  const hookId = new URL(request.links.find((href) => href.includes('/booking/verify-reject/')) as string).searchParams.get('hookId') as string;
  const seen = await look?.(hookId);
  expect((await guest.post(`/api/${tenantId}/bookings/${booking.id}/hooks/${hookId}/release`)).status).toBe(200);
  return seen;
}

/** Runs the action, waits until the queue has sent everything it caused, and sorts the new mails of the booking by recipient. */
async function mailsOf(booking: () => BookingRef, act: () => Promise<unknown>): Promise<MailsOfEvent> {
  await waitForSettledQueue(app.orm);
  const before = app.smtp.mails.length;
  await act();
  await waitForSettledQueue(app.orm);
  const { id, mail } = booking();
  const fresh = app.smtp.mails.slice(before).filter((captured) => captured.text.includes(id) && captured.subject !== CANCEL_REQUEST);
  const to = (address: string) => fresh.filter((captured) => captured.headerTo.includes(address.toLowerCase()));
  return { customer: to(mail), tenant: to(TENANT_MAIL), organizer: to(ORGANIZER_MAIL) };
}

const subjects = (mails: CapturedMail[]) => mails.map((mail) => mail.subject).sort();
const pdfsOf = (mail: CapturedMail) => mail.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
const receiptsOf = (number: string) => app.orm.em.fork().find(Receipt, { tenant: tenantId, booking: { tenant: tenantId, number }, kind: 'receipt' });

beforeAll(async () => {
  app = await startTestApp();
  const actors = await createActors(app, 'manageBookings', 'bookings', 'mail-matrix');
  tenantId = actors.tenant.id;
  owner = actors.clients.tenantOwner;
  guest = actors.clients.anonymous;
  await setTenant({
    name: TENANT_NAME,
    mail: TENANT_MAIL,
    receiptNumberPrefix: 'ZB',
    applications: [
      { id: 'testPayment', type: 'payment', title: 'Testzahlung', active: true, paymentSecret: 'c'.repeat(64), paymentPurposeSuffix: 'Halle' },
      { id: 'invoice', type: 'payment', title: 'Rechnung', active: true, bank: 'Sparkasse', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', accountHolder: TENANT_NAME, daysUntilPaymentDue: 14 },
    ],
  });
}, 60_000);
afterAll(async () => app?.close());

describe('mail matrix: who hears of which event', () => {
  // Bookings a row prepares for a later row (each row measures only its own action).
  const prepared: Record<string, BookingRef> = {};
  const prepare = async (key: string, make: () => Promise<BookingRef>, then: (booking: BookingRef) => Promise<unknown> = async () => undefined) => {
    prepared[key] = await make();
    await then(prepared[key]);
  };

  interface Row {
    event: string;
    setup?: () => Promise<void>;
    booking: string;
    act: (booking: BookingRef) => Promise<unknown>;
    customer: string[];
    tenant: (id: string) => string[];
    organizer?: string[];
    /** Further checks of the mails of the row. */
    check?: (mails: MailsOfEvent, booking: BookingRef) => Promise<void> | void;
  }

  const rows: Row[] = [
    {
      event: 'new booking awaiting release',
      booking: 'request',
      act: async () => prepare('request', () => checkoutRoom({ provider: 'invoice', name: 'anfrage' })),
      customer: [REQUEST_RECEIVED],
      tenant: () => [TENANT_REQUEST],
    },
    {
      event: 'booking released automatically at checkout (with something to pay)',
      booking: 'autoRoom',
      act: async () => prepare('autoRoom', () => checkoutRoom({ autoCommit: true, provider: 'testPayment', name: 'sofort' })),
      customer: [PAYMENT_REQUEST],
      tenant: (id) => [TENANT_NEW_BOOKING(id)],
      check: ({ tenant }) => expect(tenant[0].text).toContain('automatisch freigegeben'),
    },
    {
      event: 'ticket released automatically at checkout',
      booking: 'ticket',
      act: async () => prepare('ticket', () => checkoutTicket('karte')),
      customer: [CONFIRMED],
      tenant: (id) => [TENANT_NEW_BOOKING(id)],
      organizer: [ORGANIZER_NEW_BOOKING],
      check: ({ tenant }) => expect(tenant[0].text).toContain('Bestellübersicht'),
    },
    {
      event: 'staff release of a priced booking',
      setup: () => prepare('staffRelease', () => checkoutRoom({ provider: 'testPayment', name: 'freigabe' })),
      booking: 'staffRelease',
      act: commit,
      customer: [PAYMENT_REQUEST],
      tenant: () => [],
    },
    {
      event: 'staff mark a released booking paid',
      setup: () => prepare('staffPaid', () => checkoutRoom({ provider: 'invoice', name: 'bar-nach-freigabe' }), commit),
      booking: 'staffPaid',
      act: (booking) => markPaid(booking, 'CASH'),
      customer: [CONFIRMED],
      tenant: (id) => [TENANT_PAYMENT(id)],
      check: ({ customer: [confirmation], tenant: [notice] }, booking) => {
        expect(pdfsOf(confirmation).map((pdf) => pdf.filename)).toEqual([expect.stringMatching(/^Zahlungsbeleg-ZB-/)]);
        expect(confirmation.text).toContain(`Bezahlt: ${formatEuro(booking.priceEur)}`);
        expect(notice.text).toContain('Zahlungsart: Bar (gewählt: Rechnung)');
        expect(notice.text).toContain(`Buchungsnummer: ${booking.id}`);
      },
    },
    {
      event: 'online payment notification',
      setup: () => prepare('online', () => checkoutRoom({ provider: 'testPayment', name: 'online' }), commit),
      booking: 'online',
      act: payOnline,
      customer: [CONFIRMED],
      tenant: (id) => [TENANT_PAYMENT(id)],
      check: ({ customer: [confirmation], tenant: [notice] }) => {
        expect(pdfsOf(confirmation)).toHaveLength(1);
        expect(confirmation.text).toContain('Zahlungsart: Sonstiges (gewählt: Testzahlung)');
        expect(notice.text).toContain('Zahlungsart: Sonstiges (gewählt: Testzahlung)');
      },
    },
    {
      event: 'reject before release (REST)',
      setup: () => prepare('declineRest', () => checkoutRoom({ provider: 'invoice', name: 'absage-rest' })),
      booking: 'declineRest',
      act: async (booking) => expect((await owner.post(`/api/${tenantId}/bookings/${booking.id}/reject`, { reason: 'Der Saal ist belegt' })).status).toBe(200),
      customer: [DECLINED],
      tenant: () => [],
      check: ({ customer: [mail] }) => {
        expect(mail.text).toContain('Hinweis zur Ablehnung: Der Saal ist belegt');
        expect(mail.text).not.toContain('storniert');
      },
    },
    {
      event: 'reject before release (GraphQL)',
      setup: () => prepare('declineGraphql', () => checkoutRoom({ provider: 'invoice', name: 'absage-gql' })),
      booking: 'declineGraphql',
      act: (booking) => rejectOverGraphql(booking, 'Nicht verfügbar'),
      customer: [DECLINED],
      tenant: () => [],
    },
    {
      event: 'cancel after release (REST)',
      setup: () => prepare('cancelRest', () => checkoutRoom({ provider: 'invoice', name: 'storno-rest' }), commit),
      booking: 'cancelRest',
      act: async (booking) => expect((await owner.post(`/api/${tenantId}/bookings/${booking.id}/reject`, { reason: 'Wasserschaden' })).status).toBe(200),
      customer: [CANCELLED],
      tenant: () => [],
      check: ({ customer: [mail] }) => expect(mail.text).toContain('Hinweis zur Stornierung: Wasserschaden'),
    },
    {
      event: 'cancel after release (GraphQL)',
      setup: () => prepare('cancelGraphql', () => checkoutRoom({ provider: 'invoice', name: 'storno-gql' }), commit),
      booking: 'cancelGraphql',
      act: (booking) => rejectOverGraphql(booking, 'Wasserschaden'),
      customer: [CANCELLED],
      tenant: () => [],
    },
    {
      event: "customer's own cancellation, confirmed through the mailed link",
      setup: () => prepare('customerCancel', () => checkoutRoom({ provider: 'invoice', name: 'selbst-storno' })),
      booking: 'customerCancel',
      act: cancelByCustomer,
      customer: [CANCELLED],
      tenant: () => [],
    },
    {
      event: "a paid booking cancelled by its customer: the customer hears the office gets in touch about the money, the office that a refund is due",
      setup: () => prepare('paidCancel', () => checkoutRoom({ provider: 'testPayment', name: 'bezahlt-storno' }), async (booking) => {
        await commit(booking);
        await payOnline(booking);
      }),
      booking: 'paidCancel',
      act: async (booking) => {
        // The confirmation page learns what was paid, so it can say who refunds it.
        const paidEur = await cancelByCustomer(booking, async (hookId) => {
          const pending = await guest.gql<{ bookingCancellationRequest: { paidEur: number | null } }>('query($t: ID!, $id: ID!, $h: ID!) { bookingCancellationRequest(tenantId: $t, id: $id, hookId: $h) { paidEur } }', { t: tenantId, id: booking.id, h: hookId });
          return pending.data?.bookingCancellationRequest.paidEur;
        });
        expect(paidEur).toBe(booking.priceEur);
      },
      customer: [CANCELLED],
      tenant: (id) => [TENANT_REFUND_DUE(id)],
      check: ({ customer: [mail], tenant: [notice] }, booking) => {
        expect(mail.text).toContain(`Sie haben für diese Buchung bereits ${formatEuro(booking.priceEur)} bezahlt. Wegen der Erstattung meldet sich ${TENANT_NAME} bei Ihnen.`);
        expect(notice.text).toContain('Bitte veranlassen Sie die Erstattung');
        expect(notice.text).toContain(`Bezahlt: ${formatEuro(booking.priceEur)}`);
      },
    },
    {
      event: 'an unpaid booking cancelled by staff mentions no refund',
      setup: () => prepare('unpaidCancel', () => checkoutRoom({ provider: 'invoice', name: 'unbezahlt-storno' }), commit),
      booking: 'unpaidCancel',
      act: (booking) => rejectOverGraphql(booking, 'Wasserschaden'),
      customer: [CANCELLED],
      tenant: () => [],
      check: ({ customer: [mail] }) => expect(mail.text).not.toContain('Erstattung'),
    },
    {
      event: 'staff mark a booking paid before its release (cash at the counter)',
      setup: () => prepare('prepaid', () => checkoutRoom({ provider: 'invoice', name: 'bar-vor-freigabe' })),
      booking: 'prepaid',
      act: (booking) => markPaid(booking, 'CASH'),
      customer: [],
      tenant: (id) => [TENANT_PAYMENT(id)],
    },
    {
      event: 'release of a booking paid before',
      booking: 'prepaid',
      act: commit,
      customer: [CONFIRMED],
      tenant: () => [],
      check: async ({ customer: [confirmation] }, booking) => {
        expect(pdfsOf(confirmation).map((pdf) => pdf.filename)).toEqual([expect.stringMatching(/^Zahlungsbeleg-ZB-\d{4}-\d{4}-1\.pdf$/)]);
        expect(confirmation.text).toContain(`Bezahlt: ${formatEuro(booking.priceEur)}\nZahlungsart: Bar (gewählt: Rechnung)\nDen Zahlungsbeleg finden Sie im Anhang.`);
        expect(confirmation.text).not.toContain('nichts zu bezahlen');
        expect(await receiptsOf(booking.id)).toHaveLength(1);
      },
    },
  ];

  it.each(rows)('$event', async (row) => {
    await row.setup?.();
    const booking = () => prepared[row.booking];
    // A row that creates its booking in the action finds none prepared yet (and needs none).
    const mails = await mailsOf(booking, () => row.act(prepared[row.booking]));
    const { id } = booking();
    expect({ customer: subjects(mails.customer), tenant: subjects(mails.tenant), organizer: subjects(mails.organizer) }).toEqual({
      customer: [...row.customer].sort(),
      tenant: row.tenant(id).sort(),
      organizer: row.organizer ?? [],
    });
    await row.check?.(mails, booking());
  }, 90_000);
});

describe('the receipt of a booking paid before its release is issued once', () => {
  it('releasing again after a cancellation, or committing a released booking again, issues no second receipt; a retried job finds the first', async () => {
    const booking = await checkoutRoom({ provider: 'invoice', name: 'einmal-beleg' });
    await markPaid(booking, 'CASH');
    await commit(booking);
    await waitForSettledQueue(app.orm);
    const [first] = await receiptsOf(booking.id);
    expect(first).toBeDefined();

    // Released already: nothing happens.
    const committedAgain = await mailsOf(() => booking, () => commit(booking));
    expect(committedAgain.customer).toEqual([]);

    // Cancelled and released again: the confirmation again, with the same receipt.
    await rejectOverGraphql(booking, 'Versehen');
    const again = await mailsOf(() => booking, () => commit(booking));
    expect(subjects(again.customer)).toEqual([CONFIRMED]);
    expect(pdfsOf(again.customer[0]).map((pdf) => pdf.filename)).toEqual([first.fileName]);

    // The queue delivers at least once: the same job run again finds the receipt.
    await app.app.services.receipts.runJob({ tenantId, bookingId: booking.id, kind: 'receipt', paymentReference: `paid-before-release:${eurToCents(booking.priceEur)}`, mail: null });
    expect((await receiptsOf(booking.id)).map((receipt) => receipt.number)).toEqual([first.number]);
  }, 120_000);
});
