import { describe, expect, it } from 'vitest';
import { addObject, type BookedObjectValue, bookingFormValues, bookingInput, changeAmount, customerValidator, endValidator, objectsValidator, unitPriceValidator } from './bookingForm';

const venue: BookedObjectValue = { bookableId: 'venue', title: 'Bürgerhaus Musterstadt', amount: 1, userGrossPriceEur: '' };
const beamer: BookedObjectValue = { bookableId: 'beamer', title: 'Beamer', amount: 2, userGrossPriceEur: '' };

describe('the amount of a booked object', () => {
  it('goes up and down by one', () => {
    expect(changeAmount([venue, beamer], 1, -1).map((item) => item.amount)).toEqual([1, 1]);
    expect(changeAmount([venue, beamer], 0, 1).map((item) => item.amount)).toEqual([2, 2]);
  });

  it('removes the object when decremented at one', () => {
    expect(changeAmount([venue, beamer], 0, -1)).toEqual([beamer]);
  });

  it('adds an object once and counts it up when added again', () => {
    const once = addObject([], { id: 'venue', title: 'Bürgerhaus Musterstadt' });
    expect(once).toEqual([venue]);
    expect(addObject(once, { id: 'venue', title: 'Bürgerhaus Musterstadt' })).toEqual([{ ...venue, amount: 2 }]);
  });
});

describe('the booking form', () => {
  it('sends the prices typed with a comma, empty ones to be computed, and the times as ISO', () => {
    const values = { ...bookingFormValues(null), bookableItems: [{ ...venue, userGrossPriceEur: '12,50' }, beamer], timeBegin: '2026-12-24T18:00:00+01:00', name: ' Erika ', mail: 'erika@example.com' };
    expect(bookingInput(values, null)).toMatchObject({
      bookableItems: [
        { bookableId: 'venue', amount: 1, userGrossPriceEur: 12.5 },
        { bookableId: 'beamer', amount: 2, userGrossPriceEur: null },
      ],
      timeBegin: '2026-12-24T17:00:00.000Z',
      timeEnd: null,
      name: 'Erika',
    });
    expect(bookingInput(values, null)).not.toHaveProperty('id');
    expect(bookingInput(values, 'ABCD-EFGH').id).toBe('ABCD-EFGH');
  });

  it('sends the workflow place only when it was changed, so saving other fields never moves the card', () => {
    const values = { ...bookingFormValues(null), bookableItems: [venue], name: 'Erika', workflowStatus: 'pruefung' };
    expect(bookingFormValues(null).workflowStatus).toBe('backlog');
    expect(bookingInput(values, 'ABCD-EFGH', 'pruefung')).not.toHaveProperty('workflowStatus');
    expect(bookingInput({ ...values, workflowStatus: 'archive' }, 'ABCD-EFGH', 'pruefung').workflowStatus).toBe('archive');
    // A new booking enters the default state on the server.
    expect(bookingInput({ ...values, workflowStatus: 'archive' }, null, 'backlog')).not.toHaveProperty('workflowStatus');
  });

  it('needs a valid mail for a new booking, and a valid one whenever given', () => {
    const empty = bookingFormValues(null);
    expect(customerValidator(true)(empty)).toEqual({ mail: 'Pflichtfeld' });
    expect(customerValidator(false)(empty)).toEqual({});
    expect(customerValidator(false)({ ...empty, mail: 'erika@' })).toEqual({ mail: 'E-Mail muss gültig sein' });
    expect(customerValidator(true)({ ...empty, mail: 'erika@example.com' })).toEqual({});
  });

  it('needs at least one booked object', () => {
    expect(objectsValidator(undefined, { bookableItems: [] })).toBe('Bitte wählen Sie mindestens ein Buchungsobjekt aus.');
    expect(objectsValidator(undefined, { bookableItems: [venue] })).toBeUndefined();
  });

  it('takes numbers as prices and an end after the begin', () => {
    expect(unitPriceValidator('12,5', {})).toBeUndefined();
    expect(unitPriceValidator('zwölf', {})).toBe('Muss eine Zahl sein');
    expect(unitPriceValidator('-1', {})).toBe('Darf nicht negativ sein');
    expect(unitPriceValidator('1e308', {})).toBe('Der Wert ist zu groß.');
    expect(endValidator('2026-12-24T10:00:00Z', { timeBegin: '2026-12-24T12:00:00Z' })).toBe('Das Ende muss nach dem Beginn liegen.');
    expect(endValidator('2026-12-24T14:00:00Z', { timeBegin: '2026-12-24T12:00:00Z' })).toBeUndefined();
  });
});
