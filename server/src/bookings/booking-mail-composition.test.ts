import { describe, expect, it } from 'vitest';
import { defaultGenericMailTemplate } from '../tenants/default-templates.js';
import { composeBookingMail, parseBookingMailPayload, renderMailTemplate, type BookingMailInput } from './booking-mail-composition.js';
import type { BookingMailKind } from './booking.jobs.js';
import type { BookableSnapshot, BookingView } from './booking.model.js';

/** The booking mails 1, 2, 3, 7, 8 and 9 (docs/bookings.md, “Booking mails”), composed without sending. */

const tenantId = '6f1c2a9e-3b1d-4c55-9a8e-0d2b7c4e1f00';
const publicUrl = 'https://buchen.stadt.example';

function snapshot(title: string, bookingNotes = ''): BookableSnapshot {
  return { title, bookingNotes } as BookableSnapshot;
}

function booking(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: 'AB12-CD34',
    tenantId,
    assignedUserId: null,
    // 28 March 2026 10:00 CET to 30 March 2026 10:00 CEST (the clocks change on 29 March).
    timeBegin: Date.UTC(2026, 2, 28, 9, 0),
    timeEnd: Date.UTC(2026, 2, 30, 8, 0),
    timeCreated: Date.UTC(2026, 2, 1, 12, 0),
    bookableItems: [
      {
        bookableId: 'b1',
        amount: 2,
        regularPriceEur: 5,
        regularGrossPriceEur: 5.95,
        userPriceEur: 5,
        userGrossPriceEur: 5.95,
        _bookableUsed: snapshot('Lastenrad', '<p>Schlüssel im <strong>Bürgerbüro</strong> abholen.</p>'),
      },
      { bookableId: 'b2', amount: 1, regularPriceEur: 0, regularGrossPriceEur: 0, userPriceEur: 0, userGrossPriceEur: 0, _bookableUsed: snapshot('Helm') },
    ],
    couponCode: null,
    name: 'Erika Mustermann',
    company: 'Muster GmbH',
    street: 'Hauptstraße 1',
    zipCode: '12345',
    location: 'Musterstadt',
    mail: 'erika@example.com',
    phone: '0123 456789',
    comment: 'Bitte klingeln',
    attachments: [],
    priceEur: 12.5,
    vatIncludedEur: 2,
    isCommitted: false,
    isPayed: false,
    isRejected: false,
    paymentProvider: null,
    paymentMethod: '',
    paidAt: null,
    cancelledAt: null,
    updatedAt: null,
    lockerInfo: [],
    seriesId: null,
    ...overrides,
  };
}

function input(overrides: Partial<BookingMailInput> = {}): BookingMailInput {
  return {
    booking: booking(),
    tenant: { id: tenantId, name: 'Bürgerhaus Nord', mail: 'buchung@stadt.example', enablePublicStatusView: true },
    publicUrl,
    ...overrides,
  };
}

const compose = (kind: BookingMailKind, overrides: Partial<BookingMailInput> = {}) => {
  const mail = composeBookingMail(kind, input(overrides));
  if (!mail) throw new Error(`no ${kind} mail`);
  return mail;
};

const cancelUrl = `${publicUrl}/booking/request-reject/${tenantId}?id=AB12-CD34`;
const statusUrl = `${publicUrl}/booking/status/${tenantId}?id=AB12-CD34&name=Erika%20Mustermann`;

describe('subjects and recipients', () => {
  it.each([
    ['request-received', 'Vielen Dank für Ihre Buchungsanfrage im Bürgerhaus Nord', 'erika@example.com', 'buchung@stadt.example'],
    ['confirmed', 'Vielen Dank für Ihre Buchung im Bürgerhaus Nord', 'erika@example.com', 'buchung@stadt.example'],
    ['released', 'Vielen Dank für Ihre Buchung im Bürgerhaus Nord', 'erika@example.com', 'buchung@stadt.example'],
    ['payment-requested', 'Bitte schließen Sie Ihre Buchung im Bürgerhaus Nord ab', 'erika@example.com', undefined],
    ['rejected', 'Stornierung: Ihre Buchung im Bürgerhaus Nord wurde storniert', 'erika@example.com', 'buchung@stadt.example'],
    ['declined', 'Absage: Ihre Buchungsanfrage im Bürgerhaus Nord wurde abgelehnt', 'erika@example.com', 'buchung@stadt.example'],
    ['cancellation-requested', 'Stornierungsanfrage für Ihre Buchung im Bürgerhaus Nord', 'erika@example.com', undefined],
    ['tenant-new-booking', 'Eine neue Buchungsanfrage liegt vor', 'buchung@stadt.example', undefined],
    ['tenant-booking-released', 'Neue Buchung AB12-CD34', 'buchung@stadt.example', undefined],
    ['tenant-payment-received', 'Zahlung eingegangen: Buchung AB12-CD34', 'buchung@stadt.example', undefined],
  ] as const)('%s: "%s" to %s, BCC %s', (kind, subject, to, bcc) => {
    const mail = compose(kind, { hookId: 'hook-1' });
    expect(mail.subject).toBe(subject);
    expect(mail.title).toBe(subject);
    expect(mail.to).toBe(to);
    expect(mail.bcc).toBe(bcc);
  });

  it('no BCC when the tenant has no address', () => {
    const mail = compose('confirmed', { tenant: { id: tenantId, name: 'Bürgerhaus Nord', mail: '', enablePublicStatusView: false } });
    expect(mail.bcc).toBeUndefined();
  });

  it('no mail to the tenant without an address, none to a customer without one', () => {
    expect(composeBookingMail('tenant-new-booking', input({ tenant: { id: tenantId, name: 'Bürgerhaus Nord', mail: '  ', enablePublicStatusView: true } }))).toBeNull();
    expect(composeBookingMail('confirmed', input({ booking: booking({ mail: '' }) }))).toBeNull();
  });

  it('the opening differs per kind', () => {
    expect(compose('request-received').text).toMatch(/eingegangen und wird nun bearbeitet/);
    expect(compose('confirmed').text).toMatch(/bestätigen wir sie verbindlich/);
    expect(compose('released').text).toMatch(/freigegeben.*nichts zu bezahlen/);
    expect(compose('declined').text).toMatch(/Buchungsanfrage abgelehnt wurde/);
    expect(compose('declined').text).not.toMatch(/storniert/);
    expect(compose('rejected').text).toMatch(/Buchung storniert wurde/);
    expect(compose('tenant-new-booking').text).toMatch(/wartet auf ihre Bearbeitung/);
    expect(compose('tenant-booking-released').text).toMatch(/automatisch freigegeben/);
  });

  it('the tenant\'s mails carry the standard booking block', () => {
    for (const kind of ['tenant-new-booking', 'tenant-booking-released', 'tenant-payment-received'] as const) {
      const mail = compose(kind, { booking: booking({ isPayed: true }) });
      expect(mail.text).toContain('Buchungsnummer: AB12-CD34');
      expect(mail.text).toContain('Bestellübersicht');
      expect(mail.text.startsWith('Guten Tag,')).toBe(true);
    }
  });
});

describe('what was paid', () => {
  const paid = booking({ isCommitted: true, isPayed: true, priceEur: 14.88, paymentMethod: 'CASH', paymentProvider: 'invoice' });

  it('the confirmation of a paid booking names amount and way of payment, and the receipt when it is attached', () => {
    const mail = compose('confirmed', { booking: paid, receiptAttached: true });
    expect(mail.text).toContain('Bezahlt: 14,88 €\nZahlungsart: Bar (gewählt: Rechnung)\nDen Zahlungsbeleg finden Sie im Anhang.');
    expect(mail.contentHtml).toContain('Zahlungsart: Bar (gewählt: Rechnung)');
    expect(compose('confirmed', { booking: paid }).text).not.toContain('Zahlungsbeleg');
  });

  it('the tenant\'s payment notice names what arrived', () => {
    const mail = compose('tenant-payment-received', { booking: booking({ isPayed: true, priceEur: 30, paymentMethod: 'GIROPAY', paymentProvider: 'giroCockpit' }), receiptAttached: true });
    expect(mail.text).toContain('Bezahlt: 30,00 €\nZahlungsart: Giropay (gewählt: GiroCockpit)');
    expect(mail.text).not.toContain('Zahlungsbeleg');
  });

  it('nothing of a payment for a free or unpaid booking, nor in other kinds', () => {
    expect(compose('confirmed', { booking: booking({ isPayed: true, priceEur: 0 }) }).text).not.toContain('Bezahlt:');
    expect(compose('confirmed', { booking: booking({ isPayed: false }) }).text).not.toContain('Bezahlt:');
    expect(compose('released', { booking: paid }).text).not.toContain('Bezahlt:');
    expect(compose('tenant-booking-released', { booking: paid }).text).not.toContain('Bezahlt:');
  });
});

describe('links and QR code', () => {
  it('the payment request links to the payment page of the booking, only that kind does', () => {
    const mail = compose('payment-requested');
    const paymentUrl = `${publicUrl}/payment/redirection?id=AB12-CD34&tenant=${tenantId}`;
    expect(mail.links.payment).toBe(paymentUrl);
    expect(mail.contentHtml).toContain(`href="${paymentUrl.replace(/&/g, '&#38;')}"`);
    expect(mail.text).toContain(`Jetzt bezahlen: ${paymentUrl}`);
    expect(compose('released').links.payment).toBeUndefined();
  });

  it.each([
    ['request-received', true, true],
    ['confirmed', true, true],
    ['released', true, true],
    ['payment-requested', true, true],
    ['rejected', false, false],
    ['declined', false, false],
    ['cancellation-requested', false, false],
    ['tenant-new-booking', false, false],
    ['tenant-booking-released', false, false],
    ['tenant-payment-received', false, false],
  ] as const)('%s: cancel link %s, status QR %s', (kind, cancel, qr) => {
    const mail = compose(kind, { hookId: 'hook-1' });
    expect(mail.links.cancel).toBe(cancel ? cancelUrl : undefined);
    expect(mail.links.status).toBe(qr ? statusUrl : undefined);
    expect(mail.contentHtml.includes('Buchung stornieren')).toBe(cancel);
    expect(mail.contentHtml.includes(`href="${cancelUrl}"`)).toBe(cancel);
    expect(mail.contentHtml.includes('cid:qrcode_cid')).toBe(qr);
    expect(mail.contentHtml.includes('Mit diesem Link können Sie jederzeit den Status Ihrer Buchung einsehen.')).toBe(qr);
    expect(mail.text.includes(statusUrl)).toBe(qr);
  });

  it('no QR code while the tenant has no public status view', () => {
    const mail = compose('confirmed', { tenant: { id: tenantId, name: 'Bürgerhaus Nord', mail: 'buchung@stadt.example', enablePublicStatusView: false } });
    expect(mail.links.status).toBeUndefined();
    expect(mail.contentHtml).not.toContain('qrcode_cid');
    expect(mail.links.cancel).toBe(cancelUrl);
  });

  it('the status link encodes the name', () => {
    const mail = compose('request-received', { booking: booking({ name: 'Jörg & Söhne' }) });
    expect(mail.links.status).toBe(`${publicUrl}/booking/status/${tenantId}?id=AB12-CD34&name=J%C3%B6rg%20%26%20S%C3%B6hne`);
    expect(mail.contentHtml).toContain('name=J%C3%B6rg%20%26%20S%C3%B6hne');
  });

  it('the cancellation request carries the confirmation link with the hook id', () => {
    const mail = compose('cancellation-requested', { hookId: 'h00k-42' });
    const href = `${publicUrl}/booking/verify-reject/${tenantId}?id=AB12-CD34&hookId=h00k-42`;
    expect(mail.links.confirmCancellation).toBe(href);
    expect(mail.contentHtml).toContain(`<a href="${href.replace(/&/g, '&#38;')}">Stornierung bestätigen</a>`);
    expect(mail.text).toContain(`Stornierung bestätigen: ${href}`);
    expect(mail.text).toMatch(/ignorieren/);
  });

  it('a trailing slash of the public address is not doubled', () => {
    expect(compose('confirmed', { publicUrl: `${publicUrl}/` }).links.cancel).toBe(cancelUrl);
  });
});

describe('the booking block', () => {
  it('lists number, German total, customer, address, Berlin period across the DST change and the items', () => {
    const { text, contentHtml } = compose('confirmed');
    expect(text).toContain(
      [
        'Buchungsnummer: AB12-CD34',
        'Gesamtbetrag: 12,50 €',
        'Firma: Muster GmbH',
        'Name: Erika Mustermann',
        'Adresse: Hauptstraße 1 in 12345 Musterstadt',
        'Telefon: 0123 456789',
        'E-Mail: erika@example.com',
        'Hinweise zur Buchung: Bitte klingeln',
        'Buchungszeitraum: vom 28.03.2026, 10:00 bis 30.03.2026, 10:00',
      ].join('\n'),
    );
    expect(text).toContain('Bestellübersicht\n- Lastenrad, Anzahl: 2\n- Helm, Anzahl: 1');
    expect(text).toContain('Schlüssel im Bürgerbüro abholen.');
    expect(contentHtml).toContain('<strong>Buchungszeitraum:</strong> vom 28.03.2026, 10:00 bis 30.03.2026, 10:00');
    expect(contentHtml).toContain('<h2>Bestellübersicht</h2>');
    expect(contentHtml).toContain('<li>Lastenrad, Anzahl: 2</li>');
    // The booking notes are sanitised HTML and stay HTML.
    expect(contentHtml).toContain('<p>Schlüssel im <strong>Bürgerbüro</strong> abholen.</p>');
    // The block comes after the opening sentence.
    expect(contentHtml.indexOf('bestätigen wir')).toBeLessThan(contentHtml.indexOf('Buchungsnummer'));
  });

  it('autumn: the repeated hour and winter time', () => {
    // 25 October 2026: 02:30 CEST (00:30 UTC) to 02:30 CET (01:30 UTC).
    const { text } = compose('confirmed', { booking: booking({ timeBegin: Date.UTC(2026, 9, 25, 0, 30), timeEnd: Date.UTC(2026, 9, 25, 1, 30) }) });
    expect(text).toContain('Buchungszeitraum: vom 25.10.2026, 02:30 bis 25.10.2026, 02:30');
  });

  it('leaves out the period without times and empty fields', () => {
    const { text } = compose('confirmed', { booking: booking({ timeBegin: null, timeEnd: null, company: '', comment: '', phone: '' }) });
    expect(text).not.toContain('Buchungszeitraum');
    expect(text).not.toContain('Firma');
    expect(text).not.toContain('Telefon');
    expect(text).toContain('Buchungsnummer: AB12-CD34');
  });

  it('names the locker units with their object and period; released units and rejected bookings name none', () => {
    const unit = (id: string, unitId: string, amount: number, state: 'reserved' | 'active' | 'released') => ({ id, lockerSystem: 'pareva', unitId, bookableId: 'b1', amount, state });
    const lockerInfo = [unit('r1', 'FACH-1', 2, 'active'), unit('r2', 'FACH-<2>', 1, 'reserved'), unit('r3', 'FACH-3', 1, 'released')];
    const mail = compose('confirmed', { booking: booking({ lockerInfo }) });
    expect(mail.text).toContain(
      'Schließfächer\n- 2 Schließfächer „FACH-1“ zu Lastenrad, nutzbar vom 28.03.2026, 10:00 bis 30.03.2026, 10:00\n- Ein Schließfach „FACH-<2>“ zu Lastenrad, nutzbar vom 28.03.2026, 10:00 bis 30.03.2026, 10:00',
    );
    expect(mail.text).not.toContain('FACH-3');
    expect(mail.contentHtml).toContain('<h2>Schließfächer</h2>');
    expect(mail.contentHtml).toContain('FACH-&#60;2&#62;');
    expect(compose('rejected', { booking: booking({ lockerInfo, isRejected: true }), reason: 'x' }).text).not.toContain('Schließfach');
    expect(compose('confirmed').text).not.toContain('Schließfach');
  });

  it('escapes customer input', () => {
    const mail = compose('request-received', {
      booking: booking({ name: '<script>alert(1)</script>', company: 'A & B "GmbH"', comment: '<img src=x onerror=alert(2)>', street: '<b>Weg</b>' }),
    });
    expect(mail.contentHtml).not.toContain('<script>');
    expect(mail.contentHtml).not.toContain('<img src=x');
    expect(mail.contentHtml).not.toContain('<b>Weg</b>');
    expect(mail.contentHtml).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.contentHtml).toContain('A &#38; B &#34;GmbH&#34;');
    // The plain-text part keeps the text as typed.
    expect(mail.text).toContain('Name: <script>alert(1)</script>');
    // Item titles are escaped as well.
    const titled = compose('confirmed', {
      booking: booking({ bookableItems: [{ ...booking().bookableItems[1], _bookableUsed: snapshot('<i>Saal</i>') }] }),
    });
    expect(titled.contentHtml).toContain('&#60;i&#62;Saal&#60;/i&#62;, Anzahl: 1');
  });
});

describe('the cancellation reason', () => {
  it('the rejected mail names the reason when there is one', () => {
    const mail = compose('rejected', { reason: 'Raum <wegen> Renovierung geschlossen' });
    expect(mail.text).toContain('Hinweis zur Stornierung: Raum <wegen> Renovierung geschlossen');
    expect(mail.contentHtml).toContain('Hinweis zur Stornierung: Raum &#60;wegen&#62; Renovierung geschlossen');
  });

  it('the declined mail names the reason as the reason of a refusal', () => {
    const mail = compose('declined', { reason: 'Der Saal ist belegt' });
    expect(mail.text).toContain('Hinweis zur Ablehnung: Der Saal ist belegt');
    expect(mail.text).not.toContain('Stornierung');
  });

  it('no reason line without a reason, nor in other kinds', () => {
    expect(compose('declined').text).not.toContain('Hinweis zur');
    expect(compose('rejected').text).not.toContain('Hinweis zur Stornierung');
    expect(compose('rejected', { reason: '  ' }).text).not.toContain('Hinweis zur Stornierung');
    expect(compose('confirmed', { reason: 'egal' }).text).not.toContain('Hinweis zur Stornierung');
  });
});

describe('the privacy footer', () => {
  const privacy = { privacyNotice: 'Ihre Daten verwenden wir nur für diese Buchung.\nMehr dazu: <Rathaus>', privacyPolicyLink: 'https://stadt.example/datenschutz?a=1&b=2' };
  const withPrivacy = (settings: Partial<typeof privacy>) => ({ tenant: { ...input().tenant, ...settings } });
  const customerKinds: BookingMailKind[] = ['request-received', 'confirmed', 'released', 'payment-requested', 'payment-direct', 'invoice-payment-request', 'invoice', 'rejected', 'declined'];

  it.each(customerKinds)('the customer mail %s ends with the notice and the link to the privacy statement, in both parts', (kind) => {
    const mail = compose(kind, withPrivacy(privacy));
    expect(mail.text.endsWith('---\nIhre Daten verwenden wir nur für diese Buchung.\nMehr dazu: <Rathaus>\nDatenschutzerklärung: https://stadt.example/datenschutz?a=1&b=2')).toBe(true);
    expect(mail.contentHtml).toContain('Ihre Daten verwenden wir nur für diese Buchung.<br />Mehr dazu: &#60;Rathaus&#62;');
    expect(mail.contentHtml).toContain('<a href="https://stadt.example/datenschutz?a=1&#38;b=2">Datenschutzerklärung</a>');
    expect(mail.contentHtml.indexOf('Datenschutzerklärung')).toBeGreaterThan(mail.contentHtml.indexOf('Bestellübersicht'));
  });

  it('the cancellation request carries it as well', () => {
    const mail = compose('cancellation-requested', { ...withPrivacy(privacy), hookId: 'hook-1' });
    expect(mail.text).toContain('Datenschutzerklärung: https://stadt.example/datenschutz?a=1&b=2');
  });

  it('only the link, or only the notice, when only that is set', () => {
    const linkOnly = compose('confirmed', withPrivacy({ privacyNotice: '  ', privacyPolicyLink: privacy.privacyPolicyLink }));
    expect(linkOnly.text.endsWith('---\nDatenschutzerklärung: https://stadt.example/datenschutz?a=1&b=2')).toBe(true);
    const noticeOnly = compose('confirmed', withPrivacy({ privacyNotice: 'Nur der Hinweis.', privacyPolicyLink: '' }));
    expect(noticeOnly.text.endsWith('---\nNur der Hinweis.')).toBe(true);
    expect(noticeOnly.contentHtml).not.toContain('Datenschutzerklärung');
  });

  it('nothing when the tenant set neither', () => {
    for (const mail of [compose('confirmed'), compose('confirmed', withPrivacy({ privacyNotice: '', privacyPolicyLink: '' }))]) {
      expect(mail.text).not.toContain('---');
      expect(mail.contentHtml).not.toContain('privacy-notice');
    }
  });

  it("the tenant's and the organisers' mails carry none", () => {
    for (const kind of ['tenant-new-booking', 'tenant-booking-released', 'tenant-payment-received'] as const) expect(compose(kind, withPrivacy(privacy)).text).not.toContain('Datenschutz');
    expect(compose('organizer-new-booking', { ...withPrivacy(privacy), to: 'veranstalter@example.com' }).text).not.toContain('Datenschutz');
  });
});

describe('whom the customer can contact', () => {
  const contact = { contactName: 'Frau Weber', phone: '0421 123-45' };
  const customerKinds: BookingMailKind[] = ['request-received', 'confirmed', 'released', 'payment-requested', 'payment-direct', 'invoice-payment-request', 'invoice', 'rejected', 'declined'];

  it.each(customerKinds)('the customer mail %s names the tenant, contact person, address and phone, and answers go to the tenant', (kind) => {
    const mail = compose(kind, { tenant: { ...input().tenant, ...contact } });
    expect(mail.text).toContain('Bei Fragen zu Ihrer Buchung erreichen Sie Bürgerhaus Nord (Frau Weber):\nE-Mail: buchung@stadt.example\nTelefon: 0421 123-45');
    expect(mail.contentHtml).toContain('<p class="tenant-contact">Bei Fragen zu Ihrer Buchung erreichen Sie Bürgerhaus Nord (Frau Weber):<br />');
    expect(mail.replyTo).toBe('buchung@stadt.example');
  });

  it('without a contact person or phone only what is set; without any way to reach the tenant nothing', () => {
    expect(compose('confirmed').text).toContain('Bei Fragen zu Ihrer Buchung erreichen Sie Bürgerhaus Nord:\nE-Mail: buchung@stadt.example');
    expect(compose('confirmed').text).not.toContain('E-Mail: buchung@stadt.example\nTelefon:');
    const unreachable = compose('confirmed', { tenant: { ...input().tenant, mail: '' } });
    expect(unreachable.text).not.toContain('Bei Fragen');
    expect(unreachable.replyTo).toBeUndefined();
  });

  it("the tenant's own mails carry no contact block and no Reply-To", () => {
    const mail = compose('tenant-new-booking', { tenant: { ...input().tenant, ...contact } });
    expect(mail.text).not.toContain('Bei Fragen');
    expect(mail.replyTo).toBeUndefined();
  });
});

describe('the tenant template', () => {
  it('puts the title escaped and the content as HTML', () => {
    const html = renderMailTemplate('<title>{{title}}</title><h1>{{ title }}</h1><main>{{content}}</main><aside>{{{content}}}</aside>', {
      title: 'Buchung im A & B',
      contentHtml: '<p>Hallo {{title}}</p>',
    });
    expect(html).toBe('<title>Buchung im A &#38; B</title><h1>Buchung im A &#38; B</h1><main><p>Hallo {{title}}</p></main><aside><p>Hallo {{title}}</p></aside>');
  });

  it('an empty template means the bundled default', () => {
    const html = renderMailTemplate('  ', { title: 'Titel', contentHtml: '<p>Inhalt</p>' });
    expect(html).toBe(defaultGenericMailTemplate.replace(/\{\{title\}\}/g, 'Titel').replace('{{content}}', '<p>Inhalt</p>'));
  });
});

describe('the job payload', () => {
  it('accepts the payload of booking.jobs.ts', () => {
    expect(parseBookingMailPayload({ tenantId, bookingId: 'AB12-CD34', kind: 'rejected', reason: 'Grund' })).toEqual({ tenantId, bookingId: 'AB12-CD34', kind: 'rejected', reason: 'Grund' });
  });

  it('refuses unknown kinds, missing ids and a cancellation request without hook', () => {
    expect(() => parseBookingMailPayload({ tenantId, bookingId: 'AB12-CD34', kind: 'spam' })).toThrow(/invalid booking mail payload/);
    expect(() => parseBookingMailPayload({ tenantId, kind: 'confirmed' })).toThrow(/invalid booking mail payload/);
    expect(() => parseBookingMailPayload({ tenantId, bookingId: 'AB12-CD34', kind: 'cancellation-requested' })).toThrow(/hookId/);
  });
});

describe('the one mail of a series', () => {
  const series = {
    description: 'wöchentlich dienstags, 2 Termine',
    dates: [
      { bookingId: 'AB12-CD34', timeBegin: Date.UTC(2027, 10, 2, 17, 0), timeEnd: Date.UTC(2027, 10, 2, 19, 0), priceEur: 29.75, isPayed: false },
      { bookingId: 'EF56-GH78', timeBegin: Date.UTC(2027, 10, 9, 17, 0), timeEnd: Date.UTC(2027, 10, 9, 19, 0), priceEur: 29.75, isPayed: false },
    ],
  };

  it('names its block as the first date, so the amount and period are not read as the whole series', () => {
    const mail = compose('request-received', { series });
    expect(mail.text).toContain('Buchungsnummer des ersten Termins: AB12-CD34');
    expect(mail.text).toMatch(/Betrag des ersten Termins: [\d,]+\s€/);
    expect(mail.text).toContain('Erster Termin: vom');
    expect(mail.text).not.toContain('Gesamtbetrag:');
    expect(mail.text).toContain('Termine der Serie (wöchentlich dienstags, 2 Termine): 2');
    expect(mail.text).toContain('Di., 02.11.2027, 18:00–20:00 Uhr (Buchung AB12-CD34)');
    expect(mail.text).toMatch(/Gesamtbetrag der Serie: 59,50\s€/);
  });

  it('names what was paid for all the cancelled dates in the refund note, not the first date\'s amount', () => {
    const paid = { ...series, action: 'cancelled' as const, dates: series.dates.map((date) => ({ ...date, isPayed: true })) };
    const mail = compose('rejected', { booking: { ...booking(), isPayed: true, priceEur: 29.75 }, series: paid });
    expect(mail.text).toMatch(/Sie haben für diese Termine bereits 59,50\s€ bezahlt\./);
    expect(mail.text).not.toContain('für diese Buchung');
  });

  it('leaves the refund note out when none of the cancelled dates was paid', () => {
    const mail = compose('rejected', { booking: { ...booking(), isPayed: false, priceEur: 29.75 }, series: { ...series, action: 'cancelled' } });
    expect(mail.text).not.toContain('bereits');
  });

  it('lists the dates a series invoice charges with its amount, keeping the invoice mail\'s own opening', () => {
    const mail = compose('invoice-payment-request', { series: { ...series, action: 'invoiced' } });
    expect(mail.text).toContain('Termine dieser Rechnung (wöchentlich dienstags, 2 Termine): 2');
    expect(mail.text).toMatch(/Rechnungsbetrag: 59,50\s€/);
    expect(mail.text).toContain('Di., 09.11.2027, 18:00–20:00 Uhr (Buchung EF56-GH78)');
    expect(mail.text).not.toContain('Termine Ihrer Serie');
  });

  it('confirms the dates paid together with the amount of all of them and their one receipt', () => {
    const paid = { ...series, action: 'paid' as const, dates: series.dates.map((date) => ({ ...date, isPayed: true })) };
    const mail = compose('confirmed', { booking: { ...booking(), isPayed: true, priceEur: 29.75, paymentMethod: 'TRANSFER' }, series: paid, receiptAttached: true });
    expect(mail.text).toContain('Bezahlte Termine der Serie (wöchentlich dienstags, 2 Termine): 2');
    expect(mail.text).toMatch(/Bezahlt: 59,50\s€/);
    expect(mail.text).toMatch(/Bezahlter Betrag: 59,50\s€/);
    expect(mail.text).toContain('Den Zahlungsbeleg finden Sie im Anhang.');
  });

  it('keeps the single booking\'s words without a series', () => {
    const mail = compose('request-received');
    expect(mail.text).toContain('Buchungsnummer: AB12-CD34');
    expect(mail.text).toContain('Gesamtbetrag:');
    expect(mail.text).toContain('Buchungszeitraum: vom');
  });
});

describe('the cancellation policy in the mails', () => {
  const policy = { citizenMayCancel: true, tiers: [{ daysBefore: 14, refundPercent: 100 }, { daysBefore: 3, refundPercent: 50 }], feeEur: 2.5 };
  const withPolicy = (chosen: unknown) =>
    booking({
      bookableItems: booking().bookableItems.map((item) => ({ ...item, _bookableUsed: { ...item._bookableUsed, cancellationPolicy: chosen } as BookableSnapshot })),
    });

  it('the confirmation repeats the objects\' policy where citizens may cancel themselves', () => {
    const mail = compose('confirmed', { booking: withPolicy(policy) });
    expect(mail.text).toContain('Stornobedingungen:\nSie können diese Buchung bis zu ihrem Beginn selbst stornieren.\nBis 14 Tage vor Beginn: 100 % Erstattung.\nBis 3 Tage vor Beginn: 50 % Erstattung.');
    expect(mail.text).toMatch(/Bearbeitungsgebühr von 2,50\s€/);
    expect(mail.contentHtml).toContain('<strong>Stornobedingungen</strong>');
  });

  it('says nothing new where citizens only ask (the default, and snapshots from before policies)', () => {
    expect(compose('confirmed').text).not.toContain('Stornobedingungen');
    expect(compose('confirmed', { booking: withPolicy({ citizenMayCancel: false, tiers: [], feeEur: 0 }) }).text).not.toContain('Stornobedingungen');
    // The cancellation itself carries no cancel link and no policy.
    expect(compose('rejected', { booking: withPolicy(policy) }).text).not.toContain('Stornobedingungen');
  });

  it('a cancellation under the policy names the refund instead of the office getting in touch', () => {
    const paid = { ...withPolicy(policy), isPayed: true, isCommitted: true, isRejected: true, priceEur: 100, paymentMethod: 'TRANSFER' };
    const back = compose('rejected', { booking: paid, refundCents: 9_750 });
    expect(back.text).toMatch(/Sie haben für diese Buchung 100,00\s€ bezahlt\. Nach den Stornobedingungen erhalten Sie 97,50\s€ zurück\./);
    expect(back.text).not.toContain('meldet sich');
    expect(compose('rejected', { booking: paid, refundCents: 0 }).text).toContain('wird davon nichts erstattet');
    expect(compose('tenant-refund-due', { booking: paid, refundCents: 9_750 }).text).toMatch(/sind 97,50\s€ zu erstatten/);
  });

  it('reads refundCents from the job payload and refuses anything but whole cents', () => {
    expect(parseBookingMailPayload({ tenantId, bookingId: 'AB12-CD34', kind: 'rejected', refundCents: 500 })).toMatchObject({ refundCents: 500 });
    expect(() => parseBookingMailPayload({ tenantId, bookingId: 'AB12-CD34', kind: 'rejected', refundCents: 1.5 })).toThrow(/whole cents/);
  });
});
