import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  bookedItems,
  type CheckoutValues,
  checkoutInput,
  consentDocuments,
  parseAmount,
  parseTicketAmount,
  refusedField,
  serverFieldNames,
  shownRefusalField,
  ticketAmountProblem,
  ticketChoiceProblem,
} from './checkoutRequest';
import { initialSeriesValues } from '../bookings/series/seriesRequest';

const document = (id: string, flags: { required?: boolean; show?: boolean }) => ({ id, title: `Dokument ${id}`, caption: '', url: `https://example.com/${id}.pdf`, required: flags.required ?? false, show: flags.show ?? false });

const values = (overrides: Partial<CheckoutValues> = {}): CheckoutValues => ({
  period: { begin: '2026-12-07T09:00:00.000Z', end: '2026-12-07T11:00:00.000Z' },
  amount: '2',
  tickets: {},
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
  series: initialSeriesValues(),
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
  const context = { bookableId: 'room', ticketIds: [], optionIds: ['beamer', 'cleaning', 'catering'], mandatoryOptionIds: ['cleaning'], documents: consentDocuments([{ id: 'room', attachments: [document('rules', { required: true })] }]), paymentNeeded: true };

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

  it('books the chosen tickets of an event, each with its own amount, leaving out those at 0, in the page\'s order', () => {
    const tickets = { ...context, bookableId: 'adults', ticketIds: ['adults', 'reduced', 'children'], optionIds: ['programme'], mandatoryOptionIds: ['programme'], documents: [] };
    const input = checkoutInput(values({ period: null, amount: '7', tickets: { adults: '2', reduced: ' 1 ', children: '0' } }), tickets, true);
    // The options come with the number of tickets in all: one per guest.
    expect(input.bookableItems).toEqual([
      { bookableId: 'adults', amount: 2 },
      { bookableId: 'reduced', amount: 1 },
      { bookableId: 'programme', amount: 3 },
    ]);
    expect(input).toMatchObject({ timeBegin: null, timeEnd: null, name: 'Erika Mustermann' });
    expect(bookedItems({ amount: '1', tickets: { adults: '0', reduced: '3' } }, tickets)).toEqual([{ bookableId: 'reduced', amount: 3 }]);
    expect(bookedItems({ amount: '1', tickets: {} }, tickets)).toEqual([]);
  });

  it('reads the amount as a whole number from 1', () => {
    expect(parseAmount('3')).toBe(3);
    expect(parseAmount(' 1 ')).toBe(1);
    for (const text of ['', '0', '-1', '1,5', 'drei']) expect(parseAmount(text)).toBeNull();
  });

  it('reads a ticket\'s amount as a whole number from 0', () => {
    expect(parseTicketAmount('0')).toBe(0);
    expect(parseTicketAmount(' 2 ')).toBe(2);
    for (const text of ['', '-1', '1,5', 'zwei']) expect(parseTicketAmount(text)).toBeNull();
  });
});

describe('the amount of an object', () => {
  it('asks for a whole number from 1 up to what is available, the same words as a ticket from 0', () => {
    expect(amountProblem('1', 1, 3)).toBeUndefined();
    expect(amountProblem('0', 1, 3)).toBe('Bitte geben Sie eine ganze Zahl ab 1 ein.');
    expect(amountProblem('2,5', 1, null)).toBe('Bitte geben Sie eine ganze Zahl ab 1 ein.');
    expect(amountProblem('4', 1, 3)).toBe('Höchstens 3 verfügbar.');
    expect(amountProblem('0', 0, 3)).toBeUndefined();
  });
});

describe('the choice of tickets', () => {
  const ids = ['adults', 'reduced'];

  it('asks for a whole number from 0 up to what is left of each ticket', () => {
    expect(ticketAmountProblem('0', 4)).toBeUndefined();
    expect(ticketAmountProblem('4', 4)).toBeUndefined();
    expect(ticketAmountProblem('5', 4)).toBe('Höchstens 4 verfügbar.');
    expect(ticketAmountProblem('25', null)).toBeUndefined();
    expect(ticketAmountProblem('', 4)).toBe('Bitte geben Sie eine ganze Zahl ab 0 ein.');
    expect(ticketAmountProblem('-1', null)).toBe('Bitte geben Sie eine ganze Zahl ab 0 ein.');
  });

  it('needs at least one ticket, and together no more than the seats left', () => {
    expect(ticketChoiceProblem({ adults: '0', reduced: '0' }, ids, null)).toBe('Bitte wählen Sie mindestens ein Ticket.');
    expect(ticketChoiceProblem({ adults: '', reduced: 'x' }, ids, 5)).toBe('Bitte wählen Sie mindestens ein Ticket.');
    expect(ticketChoiceProblem({ adults: '2', reduced: '1' }, ids, 3)).toBeUndefined();
    expect(ticketChoiceProblem({ adults: '2', reduced: '2' }, ids, 3)).toBe('Zusammen sind nur noch 3 Plätze frei.');
    expect(ticketChoiceProblem({ adults: '1', reduced: '1' }, ids, 1)).toBe('Zusammen ist nur noch 1 Platz frei.');
    expect(ticketChoiceProblem({ adults: '0', reduced: '9' }, ids, null)).toBeUndefined();
    // A ticket the page does not offer counts for nothing.
    expect(ticketChoiceProblem({ other: '3' }, ids, null)).toBe('Bitte wählen Sie mindestens ein Ticket.');
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

  it('puts the amount\'s refusals (the event full) at the choice of tickets when several are offered', () => {
    expect(shownRefusalField(refusedField('BOOKING_EVENT_FULL', false), true)).toBe('ticketChoice');
    expect(shownRefusalField(refusedField('BOOKING_EVENT_FULL', false), false)).toBe('amount');
    expect(shownRefusalField(refusedField('BOOKING_COUPON_INVALID', false), true)).toBe('couponCode');
    expect(shownRefusalField(null, true)).toBeNull();
  });

  it('leaves the rest to the toast', () => {
    expect(refusedField('BOOKING_BUSY', true)).toBeNull();
    expect(refusedField('GENERIC_ERROR', true)).toBeNull();
    expect(refusedField(undefined, true)).toBeNull();
  });

  it('maps the server field names to the form fields', () => {
    const names = serverFieldNames(consentDocuments([{ id: 'room', attachments: [document('rules', { required: true })] }]), [{ bookableId: 'room' }, { bookableId: 'cleaning' }], { bookableId: 'room', ticketIds: [] });
    expect(names).toEqual({ 'bookableItems.0.amount': 'amount', timeBegin: 'period', timeEnd: 'period', 'attachmentStatus.rules': 'consents.room_0' });
  });

  it('maps each sent ticket\'s amount to its own field, by its place among the sent items', () => {
    const context = { bookableId: 'adults', ticketIds: ['adults', 'reduced', 'children'] };
    // Adults at 0 are not sent: the reduced ticket is the first item.
    const names = serverFieldNames([], [{ bookableId: 'reduced' }, { bookableId: 'children' }, { bookableId: 'programme' }], context);
    expect(names).toEqual({ 'bookableItems.0.amount': 'tickets.reduced', 'bookableItems.1.amount': 'tickets.children', timeBegin: 'period', timeEnd: 'period' });
  });
});
