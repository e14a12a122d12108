import { describe, expect, it } from 'vitest';
import { claimedText } from './ClaimGuestBookings';
import { periodText, statusOfState } from './myBookingCard';

describe('Meine Buchungen', () => {
  it('writes a period of one day with its end time only, across days both in full (Berlin)', () => {
    expect(periodText('2027-01-25T05:00:00.000Z', '2027-01-25T07:00:00.000Z')).toBe('25.01.2027, 06:00 – 08:00');
    expect(periodText('2027-01-25T17:00:00.000Z', '2027-01-26T09:00:00.000Z')).toBe('25.01.2027, 18:00 – 26.01.2027, 10:00');
    expect(periodText('2027-01-25T17:00:00.000Z', null)).toBe('25.01.2027, 18:00');
    expect(periodText(null, null)).toBe('');
  });

  it("names each state with the staff list's word", () => {
    expect((['PENDING', 'RELEASED', 'REJECTED', 'CANCELLED'] as const).map(statusOfState)).toEqual(['ausstehend', 'freigegeben', 'abgelehnt', 'storniert']);
  });

  it('says how many guest bookings were taken over, one in words', () => {
    expect([0, 1, 3].map(claimedText)).toEqual([
      'Zu Ihrer E-Mail-Adresse gibt es keine Buchungen ohne Konto.',
      'Eine Buchung wurde in Ihr Konto übernommen.',
      '3 Buchungen wurden in Ihr Konto übernommen.',
    ]);
  });
});
