import { describe, expect, it } from 'vitest';
import { awaitsStaff, refundLine, refundWayText } from './bookingRefunds';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const refund = { amountCents: 9_500, way: 'TRANSFER', state: 'OPEN' as const, createdAt: '2027-05-03T08:00:00.000Z', completedAt: null, completedBy: null };

describe("a booking's refund as the staff read it", () => {
  it('names the way in German: a payment method or the provider', () => {
    expect(refundWayText('TRANSFER')).toBe('Überweisung');
    expect(refundWayText('CASH')).toBe('Bar');
    expect(refundWayText('testPayment')).toBe('Testzahlung');
    expect(refundWayText('somethingElse')).toBe('somethingElse');
  });

  it('an open one says since when (Berlin time); a completed one when and by whom', () => {
    expect(plain(refundLine(refund))).toBe('95,00 € per Überweisung – offen seit 03.05.2027, 10:00');
    expect(plain(refundLine({ ...refund, state: 'COMPLETED', completedAt: '2027-05-04T12:30:00.000Z', completedBy: 'Ines Inhaberin' }))).toBe(
      '95,00 € per Überweisung – erstattet am 04.05.2027, 14:30 von Ines Inhaberin',
    );
    expect(plain(refundLine({ ...refund, state: 'FAILED', way: 'testPayment' }))).toBe('95,00 € per Testzahlung – fehlgeschlagen seit 03.05.2027, 10:00');
  });

  it('waits for the staff while open or failed, not once completed', () => {
    expect(awaitsStaff({ state: 'OPEN' })).toBe(true);
    expect(awaitsStaff({ state: 'FAILED' })).toBe(true);
    expect(awaitsStaff({ state: 'COMPLETED' })).toBe(false);
  });
});
