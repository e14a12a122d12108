import { describe, expect, it } from 'vitest';
import { bookingStatusLabel, paymentMethodLabel, paymentStatusLabel } from './labels.js';

describe('booking labels', () => {
  it('names the status by release and rejection: rejected after release is cancelled', () => {
    expect(bookingStatusLabel({ isCommitted: false, isRejected: false })).toBe('ausstehend');
    expect(bookingStatusLabel({ isCommitted: true, isRejected: false })).toBe('freigegeben');
    expect(bookingStatusLabel({ isCommitted: false, isRejected: true })).toBe('abgelehnt');
    expect(bookingStatusLabel({ isCommitted: true, isRejected: true })).toBe('storniert');
  });

  it('names the payment and the payment method in German', () => {
    expect(paymentStatusLabel({ isPayed: true })).toBe('bezahlt');
    expect(paymentStatusLabel({ isPayed: false })).toBe('ausstehend');
    expect(paymentMethodLabel('CASH')).toBe('Bar');
    expect(paymentMethodLabel('TRANSFER')).toBe('Überweisung');
    expect(paymentMethodLabel('DEBIT_CARD')).toBe('EC-Karte');
    expect(paymentMethodLabel('')).toBe('Unbekannt');
    expect(paymentMethodLabel('BITCOIN')).toBe('Unbekannt');
  });
});
