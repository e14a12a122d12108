import { describe, expect, it } from 'vitest';
import { bookingStateText, mayAskToCancel, paymentStateText, periodStateText } from './bookingStatusText';

describe('the public status in words', () => {
  it('names the booking, payment and period states in German', () => {
    expect(bookingStateText('confirmed')).toEqual({ text: 'bestätigt', intent: 'success' });
    expect(bookingStateText('rejected').text).toBe('storniert');
    expect(bookingStateText('pending').text).toBe('in Prüfung');
    expect(paymentStateText('paid').text).toBe('bezahlt');
    expect(paymentStateText('pending').text).toBe('ausstehend');
    expect(periodStateText('expired')?.text).toBe('abgelaufen');
    expect(periodStateText('pending')?.text).toBe('bevorstehend');
    expect(periodStateText('active')?.text).toBe('läuft gerade');
  });

  it('has no period state for bookings without an end, and shows unknown states as they come', () => {
    expect(periodStateText(null)).toBeNull();
    expect(bookingStateText('archived')).toEqual({ text: 'archived', intent: 'none' });
  });

  it('offers the cancellation request only for bookings that stand and have not ended', () => {
    expect(mayAskToCancel({ bookingStatus: 'pending', activeStatus: 'pending' })).toBe(true);
    expect(mayAskToCancel({ bookingStatus: 'confirmed', activeStatus: null })).toBe(true);
    expect(mayAskToCancel({ bookingStatus: 'rejected', activeStatus: 'pending' })).toBe(false);
    expect(mayAskToCancel({ bookingStatus: 'confirmed', activeStatus: 'expired' })).toBe(false);
  });
});
