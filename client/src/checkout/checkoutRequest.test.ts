import { describe, expect, it } from 'vitest';
import { type CheckoutValues, checkoutInput, consentDocuments, parseAmount, refusedField, serverFieldNames } from './checkoutRequest';

const document = (id: string, flags: { required?: boolean; show?: boolean }) => ({ id, title: `Dokument ${id}`, caption: '', url: `https://example.com/${id}.pdf`, required: flags.required ?? false, show: flags.show ?? false });

const values = (overrides: Partial<CheckoutValues> = {}): CheckoutValues => ({
  period: { begin: '2026-12-07T09:00:00.000Z', end: '2026-12-07T11:00:00.000Z' },
  amount: '2',
  options: {},
  name: ' Erika Mustermann ',
  mail: 'erika@example.com ',
  company: '',
  street: 'Hauptstraße 1',
  zipCode: '12345',
  location: 'Musterstadt',
  phone: '',
  comment: '',
  consents: {},
  couponCode: ' SOMMER ',
  paymentProvider: 'invoice',
  ...overrides,
});

describe('the documents to consent to', () => {
  it('are the shown and the required ones of every booked object, keyed per object and position', () => {
    const documents = consentDocuments([
      { id: 'room', attachments: [document('a.b', { required: true }), document('hidden', {}), document('info', { show: true })] },
      { id: 'option', attachments: [document('terms', { required: true, show: true })] },
    ]);
    expect(documents.map((entry) => [entry.key, entry.attachmentId, entry.required])).toEqual([
      ['room_0', 'a.b', true],
      ['room_2', 'info', false],
      ['option_0', 'terms', true],
    ]);
  });
});

describe('the checkout request', () => {
  const context = { bookableId: 'room', optionIds: ['beamer', 'cleaning', 'catering'], mandatoryOptionIds: ['cleaning'], documents: consentDocuments([{ id: 'room', attachments: [document('rules', { required: true })] }]), paymentNeeded: true };

  it('books the object, the mandatory and the chosen options with the same amount', () => {
    const input = checkoutInput(values({ options: { catering: true, beamer: false } }), context, false);
    expect(input.bookableItems).toEqual([
      { bookableId: 'room', amount: 2 },
      { bookableId: 'cleaning', amount: 2 },
      { bookableId: 'catering', amount: 2 },
    ]);
    expect(input).toMatchObject({ timeBegin: '2026-12-07T09:00:00.000Z', timeEnd: '2026-12-07T11:00:00.000Z', couponCode: 'SOMMER' });
    // The price preview carries no customer data.
    expect(input).not.toHaveProperty('name');
  });

  it('adds the customer data trimmed, empty ones as null, and the consent per document', () => {
    const input = checkoutInput(values({ consents: { room_0: true } }), context, true);
    expect(input).toMatchObject({ name: 'Erika Mustermann', mail: 'erika@example.com', company: null, street: 'Hauptstraße 1', phone: null, paymentProvider: 'invoice' });
    expect(input.attachmentStatus).toEqual([{ id: 'rules', accepted: true }]);
    expect(checkoutInput(values(), context, true).attachmentStatus).toEqual([{ id: 'rules', accepted: false }]);
  });

  it('sends no payment choice when there is nothing to pay, and no times or coupon when none are given', () => {
    const input = checkoutInput(values({ period: null, couponCode: ' ' }), { ...context, paymentNeeded: false }, true);
    expect(input).toMatchObject({ timeBegin: null, timeEnd: null, couponCode: null, paymentProvider: null });
  });

  it('reads the amount as a whole number from 1', () => {
    expect(parseAmount('3')).toBe(3);
    expect(parseAmount(' 1 ')).toBe(1);
    for (const text of ['', '0', '-1', '1,5', 'drei']) expect(parseAmount(text)).toBeNull();
  });
});

describe('where a refusal of the server is shown', () => {
  it('puts coupon refusals at the coupon and time rules at the time', () => {
    expect(refusedField('BOOKING_COUPON_INVALID', true)).toBe('couponCode');
    expect(refusedField('BOOKING_COUPON_USED_UP', false)).toBe('couponCode');
    expect(refusedField('BOOKING_OPENING_HOURS', true)).toBe('period');
    expect(refusedField('BOOKING_MIN_DURATION', true)).toBe('period');
  });

  it('puts a taken object at the time when booked by time, else at the amount', () => {
    expect(refusedField('BOOKING_CAPACITY', true)).toBe('period');
    expect(refusedField('BOOKING_CAPACITY', false)).toBe('amount');
    expect(refusedField('BOOKING_EVENT_FULL', true)).toBe('amount');
  });

  it('leaves the rest to the toast', () => {
    expect(refusedField('BOOKING_BUSY', true)).toBeNull();
    expect(refusedField('GENERIC_ERROR', true)).toBeNull();
    expect(refusedField(undefined, true)).toBeNull();
  });

  it('maps the server field names to the form fields', () => {
    const names = serverFieldNames(consentDocuments([{ id: 'room', attachments: [document('rules', { required: true })] }]));
    expect(names).toEqual({ 'bookableItems.0.amount': 'amount', timeBegin: 'period', timeEnd: 'period', 'attachmentStatus.rules': 'consents.room_0' });
  });
});
