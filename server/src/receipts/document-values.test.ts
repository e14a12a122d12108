import { describe, expect, it } from 'vitest';
import type { BookingView } from '../bookings/booking.model.js';
import { renderDocumentTemplate } from './document-template.js';
import { documentDigest, documentValues, withRequiredDetails } from './document-values.js';

const booking = (changes: Partial<BookingView> = {}): BookingView => ({
  id: 'ABCD-EFGH',
  tenantId: 't',
  assignedUserId: null,
  // 1 Jul 2026, 10:00 to 12:00 in Berlin (CEST).
  timeBegin: Date.parse('2026-07-01T08:00:00Z'),
  timeEnd: Date.parse('2026-07-01T10:00:00Z'),
  timeCreated: Date.parse('2026-06-30T22:15:00Z'),
  bookableItems: [
    {
      bookableId: 'b1',
      amount: 2,
      regularPriceEur: 10,
      regularGrossPriceEur: 11.9,
      userPriceEur: 10,
      userGrossPriceEur: 11.9,
      _bookableUsed: { title: 'Saal <A>', bookingNotes: '<p>Hinweis</p>' } as unknown as BookingView['bookableItems'][number]['_bookableUsed'],
    },
  ],
  couponCode: null,
  name: 'Erika <b>Muster</b>',
  company: '',
  street: 'Weg 1',
  zipCode: '12345',
  location: 'Stadt',
  mail: 'e@example.org',
  phone: '',
  comment: '',
  attachments: [],
  priceEur: 23.8,
  vatIncludedEur: 3.8,
  isCommitted: true,
  isPayed: true,
  isRejected: false,
  paymentProvider: null,
  paymentMethod: 'CASH',
  paidAt: null,
  cancelledAt: null,
  updatedAt: null,
  lockerInfo: [],
  seriesId: null,
  ...changes,
});

const tenant = { name: 'Stadt & Land', location: 'Markt 1, 12345 Stadt', paymentPurposeSuffix: 'Saal', taxId: '' };
const issuedAt = new Date('2026-12-31T23:30:00Z');

describe('receipt placeholders', () => {
  it('fills the receipt values in Berlin time, escaping customer data', () => {
    const values = documentValues({ kind: 'receipt', booking: booking(), tenant, number: 'RB-2027-0001-1', issuedAt });
    const out = renderDocumentTemplate('{{bookingId}}|{{tenant}}|{{totalAmount}}|{{bookingPeriod}}|{{bookingDate}}|{{receiptNumber}}|{{paymentMethod}}|{{payDate}}', values);
    expect(out).toBe('ABCD-EFGH|Stadt &#38; Land|23,80 €|01.07.2026, 10:00 - 01.07.2026, 12:00|01.01.2027|RB-2027-0001-1|Bar|01.07.2026, 00:15');
    const address = renderDocumentTemplate('{{receiptAddress}}', values);
    expect(address).toBe('Erika &#60;b&#62;Muster&#60;/b&#62;<br />Weg 1<br />12345 Stadt');
    const items = renderDocumentTemplate('{{{bookedItems}}}', values);
    expect(items).toContain('<li>Saal &#60;A&#62;, Anzahl: 2</li>');
    expect(items).toContain('<p>Hinweis</p>');
  });

  it('writes "-" for a free booking and a booking without times; unknown methods read "Unbekannt"', () => {
    const values = documentValues({ kind: 'receipt', booking: booking({ priceEur: 0, timeBegin: null, timeEnd: null, paymentMethod: '' }), tenant, number: 'x', issuedAt });
    expect(renderDocumentTemplate('{{totalAmount}}|{{bookingPeriod}}|{{paymentMethod}}', values)).toBe('-|-|Unbekannt');
  });

  it('adds the coupon line', () => {
    const values = documentValues({
      kind: 'receipt',
      booking: booking({ couponCode: 'SOMMER', _couponUsed: { id: 'SOMMER', description: 'Sommer', type: 'percentage', discount: 10 } }),
      tenant,
      number: 'x',
      issuedAt,
    });
    expect(renderDocumentTemplate('{{bookedItems}}', values)).toContain('Gutschein: Sommer (-10 %)');
  });
});

describe('invoice placeholders', () => {
  it('has the item table with totals, the bank details and the purpose of payment', () => {
    const values = documentValues({
      kind: 'invoice',
      booking: booking(),
      tenant,
      number: 'RE-2027-0001-1',
      issuedAt,
      invoice: { bank: 'Sparkasse', iban: 'DE00', bic: 'BIC1', accountHolder: 'Stadt', daysUntilPaymentDue: 14 },
    });
    const out = renderDocumentTemplate('{{invoiceNumber}}|{{bank}}|{{iban}}|{{bic}}|{{daysUntilPaymentDue}}|{{purposeOfPayment}}', values);
    expect(out).toBe('RE-2027-0001-1|Sparkasse|DE00|BIC1|14|RE-2027-0001-1 Saal');
    const table = renderDocumentTemplate('{{bookedItems}}', values);
    for (const text of ['Beschreibung', 'Einzelpreis', 'Gesamtpreis', '10,00 €', '20,00 €', 'Gesamt (netto)', 'zzgl. MwSt.', '3,80 €', 'Gesamt (brutto)', '23,80 €']) expect(table).toContain(text);
  });
});

describe('what tax law asks of every receipt and invoice', () => {
  // The object as booked: 19 % VAT on its price.
  const taxed = (changes: Partial<BookingView> = {}): BookingView => {
    const base = booking(changes);
    const snapshot = { ...base.bookableItems[0]._bookableUsed, priceType: 'per-item', priceCategories: [{ priceEur: 10, priceValueAddedTax: 19, interval: { start: null, end: null }, fixedPrice: false }] };
    return { ...base, bookableItems: [{ ...base.bookableItems[0], _bookableUsed: snapshot as BookingView['bookableItems'][number]['_bookableUsed'] }] };
  };
  it('the issuer with address and tax number, the VAT per rate and the service period', () => {
    const values = documentValues({ kind: 'receipt', booking: taxed(), tenant: { ...tenant, taxId: 'DE123456789' }, number: 'x', issuedAt });
    expect(renderDocumentTemplate('{{issuer}}|{{taxId}}|{{servicePeriod}}', values)).toBe('Stadt &#38; Land<br />Markt 1<br />12345 Stadt|DE123456789|01.07.2026, 10:00 - 01.07.2026, 12:00');
    // 2 × 11,90 € gross at 19 %: 20,00 € net, 3,80 € VAT.
    expect(renderDocumentTemplate('{{vatLines}}', values)).toContain('<td>23,80 €</td><td>darin 19 % USt. 3,80 € (netto 20,00 €)</td>');
  });

  it('a ticket booking, which has no times of its own, names its event’s time', () => {
    const ticketEvents = [{ id: 'e1', name: 'Konzert', startsAt: Date.parse('2027-05-01T17:00:00Z'), endsAt: Date.parse('2027-05-01T20:00:00Z'), place: '' }];
    const values = documentValues({ kind: 'receipt', booking: booking({ timeBegin: null, timeEnd: null }), tenant, number: 'x', issuedAt, ticketEvents });
    expect(renderDocumentTemplate('{{bookingPeriod}}|{{servicePeriod}}', values)).toBe('01.05.2027, 19:00 - 01.05.2027, 22:00|01.05.2027, 19:00 - 01.05.2027, 22:00');
  });

  it('a template without the VAT lines gets the required details before </body>; one with them is left as it is', () => {
    const old = '<!DOCTYPE html><html><body><p>Beleg {{receiptNumber}}</p></body></html>';
    const completed = withRequiredDetails(old);
    expect(completed.indexOf('{{vatLines}}')).toBeGreaterThan(completed.indexOf('Beleg'));
    expect(completed.endsWith('</body></html>')).toBe(true);
    const values = documentValues({ kind: 'receipt', booking: taxed(), tenant: { ...tenant, taxId: '12/345/67890' }, number: 'RB-1', issuedAt });
    const out = renderDocumentTemplate(completed, values);
    for (const text of ['Stadt &#38; Land<br />Markt 1', 'Steuernummer/USt-IdNr.: 12/345/67890', 'Leistungszeitraum: 01.07.2026, 10:00', 'darin 19 % USt. 3,80 €']) expect(out).toContain(text);
    const modern = '<html><body>{{vatLines}}</body></html>';
    expect(withRequiredDetails(modern)).toBe(modern);
  });
});

describe('documentDigest', () => {
  const template = withRequiredDetails('<!DOCTYPE html><html><head><title>B</title></head><body>{{receiptNumber}} {{bookingDate}} {{bookedItems}}</body></html>');
  const digest = (changes: Partial<BookingView> = {}, number = 'R-2026-0001-1', at = issuedAt, source = template) =>
    documentDigest({ kind: 'receipt', booking: booking(changes), tenant, number, issuedAt: at }, source);

  it('is the same for another number and issue date', () => {
    expect(digest({}, 'R-2026-0001-2', new Date(issuedAt.getTime() + 86_400_000))).toBe(digest());
  });

  it('differs when the customer, an amount, the payment or the template differ', () => {
    const base = digest();
    expect(digest({ name: 'Erika Musterfrau' })).not.toBe(base);
    expect(digest({ priceEur: 30, vatIncludedEur: 4.79 })).not.toBe(base);
    expect(digest({ paymentMethod: 'TRANSFER' })).not.toBe(base);
    expect(digest({}, undefined, undefined, template.replace('<title>B</title>', '<title>C</title>'))).not.toBe(base);
  });
});

describe('a series invoice', () => {
  // Two Wednesdays, 10:00 to 12:00 in Berlin, 23.80 € each.
  const first = booking({ id: 'SER1-AAAA', isPayed: false, paymentProvider: 'invoice' });
  const second = booking({ id: 'SER2-BBBB', isPayed: false, paymentProvider: 'invoice', timeBegin: Date.parse('2026-07-08T08:00:00Z'), timeEnd: Date.parse('2026-07-08T10:00:00Z') });
  const values = documentValues({ kind: 'invoice', booking: first, seriesDates: [first, second], tenant, number: 'RE-2026-0001-1', issuedAt });

  it('charges each date on a line of its own, naming the date and its booking number', () => {
    const items = renderDocumentTemplate('{{{bookedItems}}}', values);
    expect(items).toContain('Saal &#60;A&#62;, Mi., 01.07.2026, 10:00–12:00 Uhr (Buchung SER1-AAAA)');
    expect(items).toContain('Saal &#60;A&#62;, Mi., 08.07.2026, 10:00–12:00 Uhr (Buchung SER2-BBBB)');
  });

  it('totals the amounts of all its dates and covers the period from the first to the last', () => {
    expect(renderDocumentTemplate('{{totalAmount}}|{{servicePeriod}}', values)).toBe('47,60 €|01.07.2026, 10:00 - 08.07.2026, 12:00');
    const items = renderDocumentTemplate('{{{bookedItems}}}', values);
    expect(items).toMatch(/Gesamt \(brutto\)<\/td><td style="text-align:right">47,60 €/);
    expect(items).toMatch(/zzgl\. MwSt\.<\/td><td style="text-align:right">7,60 €/);
  });

  it('prints one VAT line per rate over all dates', () => {
    const vat = renderDocumentTemplate('{{{vatLines}}}', values);
    expect(vat.match(/<tr>/g)).toHaveLength(1);
    expect(vat).toContain('47,60 €');
  });
});

describe('the receipt of series dates paid together', () => {
  const first = booking({ id: 'SER1-AAAA', isPayed: true, paymentMethod: 'TRANSFER' });
  const second = booking({ id: 'SER2-BBBB', isPayed: true, paymentMethod: 'TRANSFER', timeBegin: Date.parse('2026-07-08T08:00:00Z'), timeEnd: Date.parse('2026-07-08T10:00:00Z') });
  const values = documentValues({ kind: 'receipt', booking: first, seriesDates: [first, second], tenant, number: 'RB-2026-0001-1', issuedAt });

  it('lists each date paid on a line of its own, naming the date and its booking number', () => {
    const items = renderDocumentTemplate('{{{bookedItems}}}', values);
    expect(items).toContain('Saal &#60;A&#62;, Mi., 01.07.2026, 10:00–12:00 Uhr (Buchung SER1-AAAA), Anzahl: 2');
    expect(items).toContain('Saal &#60;A&#62;, Mi., 08.07.2026, 10:00–12:00 Uhr (Buchung SER2-BBBB), Anzahl: 2');
    // The object's booking notes once, not per date.
    expect(items.match(/booking-notes/g)).toHaveLength(1);
  });

  it('acknowledges the amount of all its dates over the period from the first to the last', () => {
    expect(renderDocumentTemplate('{{totalAmount}}|{{servicePeriod}}|{{receiptNumber}}', values)).toBe('47,60 €|01.07.2026, 10:00 - 08.07.2026, 12:00|RB-2026-0001-1');
  });

  it('lists a single booking\'s items without a date', () => {
    const single = renderDocumentTemplate('{{{bookedItems}}}', documentValues({ kind: 'receipt', booking: first, tenant, number: 'RB-2026-0002-1', issuedAt }));
    expect(single).toContain('<li>Saal &#60;A&#62;, Anzahl: 2</li>');
    expect(single).not.toContain('Buchung SER1-AAAA');
  });
});
