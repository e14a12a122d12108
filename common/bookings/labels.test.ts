import { describe, expect, it } from 'vitest';
import { bookingStatusLabel, paymentMethodLabel, paymentProviderLabel, paymentStatusLabel, paymentWayLabel } from './labels.js';

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

  it('names a method only when it is one of the known ones (not an inherited property)', () => {
    expect(paymentMethodLabel('toString')).toBe('Unbekannt');
  });
});

describe('paymentWayLabel', () => {
  it('shows the customer\'s choice while nothing is paid', () => {
    expect(paymentWayLabel({ paymentMethod: '', paymentProvider: 'invoice' })).toBe('Rechnung');
    expect(paymentWayLabel({ paymentMethod: '', paymentProvider: 'giroCockpit' })).toBe('GiroCockpit');
    expect(paymentWayLabel({ paymentMethod: null, paymentProvider: 'pmPayment' })).toBe('pmPayment');
    expect(paymentWayLabel({ paymentProvider: 'testPayment' })).toBe('Testzahlung');
  });

  it('shows the method once it is known, with the choice beside it', () => {
    expect(paymentWayLabel({ paymentMethod: 'CASH', paymentProvider: 'invoice' })).toBe('Bar (gewählt: Rechnung)');
    expect(paymentWayLabel({ paymentMethod: 'GIROPAY', paymentProvider: 'giroCockpit' })).toBe('Giropay (gewählt: GiroCockpit)');
    expect(paymentWayLabel({ paymentMethod: 'TRANSFER', paymentProvider: null })).toBe('Überweisung');
  });

  it('says "Unbekannt" only when neither method nor choice is known', () => {
    expect(paymentWayLabel({ paymentMethod: '', paymentProvider: null })).toBe('Unbekannt');
    expect(paymentWayLabel({})).toBe('Unbekannt');
    expect(paymentWayLabel({ paymentMethod: 'BITCOIN', paymentProvider: '  ' })).toBe('Unbekannt');
    // An unknown method beside a known choice: the choice, never "Unbekannt" beside it.
    expect(paymentWayLabel({ paymentMethod: 'BITCOIN', paymentProvider: 'invoice' })).toBe('Rechnung');
  });

  it('shows a provider id it does not know as it is', () => {
    expect(paymentProviderLabel('stadtkasse')).toBe('stadtkasse');
    expect(paymentProviderLabel('')).toBeNull();
  });
});
