import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { checkoutCustomerSchema, checkoutItemSchema, checkoutSchema, customerFormSchema, MAX_AMOUNT, MAX_ITEMS } from './checkout.schema.js';

const emptyCustomer = { name: '', company: '', street: '', zipCode: '', location: '', mail: '', phone: '', comment: '' };
const errorsOf = (input: unknown) => {
  const result = parseFields(checkoutSchema, input);
  return result.ok ? {} : result.fieldErrors;
};

describe('checkoutSchema', () => {
  it('normalises a valid checkout: trimmed texts, amounts and instants read, the customer gathered', () => {
    const result = parseFields(checkoutSchema, {
      bookableItems: [{ bookableId: ' raum ', amount: '2' }, { bookableId: 'beamer' }],
      timeBegin: '86400000',
      timeEnd: '1970-01-03T00:00:00.000Z',
      couponCode: ' SOMMER ',
      name: ' Anna Muster ',
      mail: 'anna@example.de',
      zipCode: 12345,
      attachmentStatus: [{ id: 'agb', accepted: true }, { id: 'hausordnung', accepted: 'ja' }],
      paymentProvider: 'invoice',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        timeBegin: new Date(86_400_000),
        timeEnd: new Date(172_800_000),
        items: [
          { bookableId: 'raum', amount: 2 },
          { bookableId: 'beamer', amount: 1 },
        ],
        couponCode: 'SOMMER',
        customer: { ...emptyCustomer, name: 'Anna Muster', mail: 'anna@example.de', zipCode: '12345' },
        attachmentStatus: [
          { id: 'agb', accepted: true },
          { id: 'hausordnung', accepted: false },
        ],
        paymentProvider: 'invoice',
        series: null,
      },
    });
  });

  it('reads absent optional fields as empty: no window, no coupon, no provider, no consents', () => {
    expect(parseFields(checkoutSchema, { bookableItems: [{ bookableId: 'raum' }], couponCode: '  ', paymentProvider: '' })).toEqual({
      ok: true,
      value: { timeBegin: null, timeEnd: null, items: [{ bookableId: 'raum', amount: 1 }], couponCode: null, customer: emptyCustomer, attachmentStatus: [], paymentProvider: null, series: null },
    });
  });

  it('names every wrong field with its dotted path and German message at once', () => {
    expect(
      errorsOf({
        bookableItems: [{ bookableId: 'raum', amount: 0 }, { amount: 2.5 }, { bookableId: 'raum' }],
        timeBegin: 'gestern',
        timeEnd: {},
        couponCode: {},
        name: ['Anna'],
        mail: 'keine-adresse',
        comment: 'x'.repeat(5001),
        phone: 'x'.repeat(1001),
        paymentProvider: 'bitcoin',
      }),
    ).toEqual({
      'bookableItems.0.amount': `Die Anzahl muss eine ganze Zahl von 1 bis ${MAX_AMOUNT} sein.`,
      'bookableItems.1.bookableId': 'Pflichtfeld',
      'bookableItems.1.amount': `Die Anzahl muss eine ganze Zahl von 1 bis ${MAX_AMOUNT} sein.`,
      'bookableItems.2.bookableId': 'Jedes Objekt nur einmal je Buchung',
      timeBegin: 'Ungültiger Zeitpunkt',
      timeEnd: 'Ungültiger Zeitpunkt',
      couponCode: 'Ungültiger Wert',
      name: 'Ungültiger Wert',
      mail: 'E-Mail muss gültig sein',
      comment: 'Höchstens 5000 Zeichen',
      phone: 'Höchstens 1000 Zeichen',
      paymentProvider: 'Unbekannter Zahlungsanbieter',
    });
  });

  it('answers garbage bodies with the missing objects, not with a crash', () => {
    for (const garbage of [null, undefined, 'text', 42, [], [{ bookableId: 'raum' }]]) expect(errorsOf(garbage)).toEqual({ bookableItems: 'Bitte wählen Sie mindestens ein Objekt.' });
    expect(errorsOf({ bookableItems: 'raum' })).toEqual({ bookableItems: 'Bitte wählen Sie mindestens ein Objekt.' });
    expect(errorsOf({ bookableItems: [null, 'raum'] })).toEqual({ 'bookableItems.0.bookableId': 'Pflichtfeld', 'bookableItems.1.bookableId': 'Pflichtfeld' });
  });

  it('keeps the limits: at most 50 objects, amounts up to 100000, instants from 1970 to 2200', () => {
    const items = (count: number) => Array.from({ length: count }, (_, index) => ({ bookableId: `objekt-${index}` }));
    expect(parseFields(checkoutSchema, { bookableItems: items(MAX_ITEMS) }).ok).toBe(true);
    expect(errorsOf({ bookableItems: items(MAX_ITEMS + 1) })).toEqual({ bookableItems: 'Höchstens 50 Objekte je Buchung' });
    expect(errorsOf({ bookableItems: [{ bookableId: 'raum', amount: MAX_AMOUNT }] })).toEqual({});
    expect(errorsOf({ bookableItems: [{ bookableId: 'raum', amount: MAX_AMOUNT + 1 }] })).toEqual({ 'bookableItems.0.amount': 'Die Anzahl muss eine ganze Zahl von 1 bis 100000 sein.' });
    expect(errorsOf({ bookableItems: [{ bookableId: 'raum' }], timeBegin: 0, timeEnd: Date.UTC(2200, 0, 1) })).toEqual({});
    expect(errorsOf({ bookableItems: [{ bookableId: 'raum' }], timeBegin: -1, timeEnd: Date.UTC(2200, 0, 1) + 1 })).toEqual({ timeBegin: 'Ungültiger Zeitpunkt', timeEnd: 'Ungültiger Zeitpunkt' });
    expect(errorsOf({ bookableItems: [{ bookableId: 'raum' }], name: 'x'.repeat(1000), comment: 'x'.repeat(5000), couponCode: 'x'.repeat(201) })).toEqual({ couponCode: 'Höchstens 200 Zeichen' });
  });
});

describe('checkoutItemSchema', () => {
  it('names its errors as the first item of a checkout and reads the coupon leniently', () => {
    expect(parseFields(checkoutItemSchema, { bookableId: 'raum', amount: 3, couponCode: 5 })).toEqual({ ok: true, value: { bookableItems: [{ bookableId: 'raum', amount: 3 }], timeBegin: null, timeEnd: null, couponCode: null } });
    expect(parseFields(checkoutItemSchema, { amount: -1, timeEnd: 'morgen' })).toEqual({
      ok: false,
      fieldErrors: { 'bookableItems.0.bookableId': 'Pflichtfeld', 'bookableItems.0.amount': 'Die Anzahl muss eine ganze Zahl von 1 bis 100000 sein.', timeEnd: 'Ungültiger Zeitpunkt' },
    });
  });
});

describe('customer forms', () => {
  it('the booking page asks for name and mail always and for the fields the objects require', () => {
    expect(parseFields(checkoutCustomerSchema(['company']), { name: ' ', mail: '' })).toEqual({ ok: false, fieldErrors: { name: 'Pflichtfeld', mail: 'E-Mail ist erforderlich', company: 'Pflichtfeld' } });
    expect(parseFields(checkoutCustomerSchema([]), { name: 'Anna', mail: 'anna@' })).toEqual({ ok: false, fieldErrors: { mail: 'E-Mail muss gültig sein' } });
    expect(parseFields(checkoutCustomerSchema(['comment']), { name: 'Anna', mail: 'anna@example.de', comment: 'Mit Beamer' }).ok).toBe(true);
  });

  it('the staff form requires only what it is told, the mail as any other field', () => {
    expect(parseFields(customerFormSchema(['mail']), {})).toEqual({ ok: false, fieldErrors: { mail: 'Pflichtfeld' } });
    expect(parseFields(customerFormSchema([]), { mail: 'anna' })).toEqual({ ok: false, fieldErrors: { mail: 'E-Mail muss gültig sein' } });
    expect(parseFields(customerFormSchema([]), { name: 'x'.repeat(1001) })).toEqual({ ok: false, fieldErrors: { name: 'Höchstens 1000 Zeichen' } });
  });
});
