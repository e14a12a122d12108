import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { bookingEditSchema, markPaidSchema } from './booking-edit.schema.js';

describe('bookingEditSchema', () => {
  it('normalises the staff booking and lists the fields the input carried', () => {
    const result = parseFields(bookingEditSchema, {
      id: 'AAAA-0001',
      bookableItems: [{ bookableId: 'raum', amount: 2, userGrossPriceEur: '12,50' }],
      timeBegin: 0,
      timeEnd: 3_600_000,
      name: ' Anna ',
      isPayed: 'true',
      paymentMethod: 'CASH',
      assignedUserId: '',
      _populated: { workflowStatus: 'neu' },
      mail: undefined,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      id: 'AAAA-0001',
      items: [{ bookableId: 'raum', amount: 2, userGrossPriceEur: 12.5 }],
      timeBegin: new Date(0),
      timeEnd: new Date(3_600_000),
      customer: { name: 'Anna', mail: '' },
      assignedUserId: null,
      isCommitted: false,
      isPayed: true,
      paymentProvider: null,
      paymentMethod: 'CASH',
      workflowStatus: 'neu',
    });
    expect([...result.value.present].sort()).toEqual(['_populated', 'assignedUserId', 'bookableItems', 'id', 'isPayed', 'name', 'paymentMethod', 'timeBegin', 'timeEnd']);
  });

  it('leaves assignment and board state alone when absent', () => {
    const result = parseFields(bookingEditSchema, { bookableItems: [{ bookableId: 'raum' }] });
    expect(result.ok && { assignedUserId: result.value.assignedUserId, workflowStatus: result.value.workflowStatus, id: result.value.id }).toEqual({ assignedUserId: undefined, workflowStatus: undefined, id: null });
  });

  it('names every wrong field, the order of the window among them', () => {
    expect(
      parseFields(bookingEditSchema, {
        bookableItems: [{ bookableId: 'raum', userGrossPriceEur: 'teuer' }, { bookableId: 'raum', userGrossPriceEur: 2e9 }],
        timeBegin: 3_600_000,
        timeEnd: 0,
        mail: 'anna',
        paymentProvider: 'bar',
        paymentMethod: 'MUSCHELN',
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        'bookableItems.0.userGrossPriceEur': 'Ungültiger Preis',
        'bookableItems.1.userGrossPriceEur': 'Ungültiger Preis',
        'bookableItems.1.bookableId': 'Jedes Objekt nur einmal je Buchung',
        timeEnd: 'Das Ende muss nach dem Beginn liegen.',
        mail: 'E-Mail muss gültig sein',
        paymentProvider: 'Unbekannter Zahlungsanbieter',
        paymentMethod: 'Unbekannte Zahlungsart',
      },
    });
  });

  it('answers a garbage body with the missing objects', () => {
    expect(parseFields(bookingEditSchema, 'kaputt')).toEqual({ ok: false, fieldErrors: { bookableItems: 'Bitte wählen Sie mindestens ein Objekt.' } });
  });
});

describe('markPaidSchema', () => {
  it('requires a known payment method', () => {
    expect(parseFields(markPaidSchema, { paymentMethod: 'TRANSFER' })).toEqual({ ok: true, value: { paymentMethod: 'TRANSFER' } });
    expect(parseFields(markPaidSchema, {})).toEqual({ ok: false, fieldErrors: { paymentMethod: 'Pflichtfeld' } });
    expect(parseFields(markPaidSchema, { paymentMethod: 'MUSCHELN' })).toEqual({ ok: false, fieldErrors: { paymentMethod: 'Unbekannte Zahlungsart' } });
  });
});
