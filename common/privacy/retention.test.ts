import { describe, expect, it } from 'vitest';
import { accountingKeptUntil, bookingProgress, erasureRefusal, germanDate, normalisedMail, receiptKeptUntil, receiptRetentionCutoff, receiptRetentionEnds, receiptStillKept, retentionCutoff, retentionExpired } from './retention.js';

const booking = (overrides: Partial<Parameters<typeof bookingProgress>[0]> = {}) => ({
  timeBegin: new Date('2026-03-01T09:00:00Z'),
  timeEnd: new Date('2026-03-01T11:00:00Z'),
  createdAt: new Date('2026-02-01T10:00:00Z'),
  isCommitted: true,
  isRejected: false,
  isPayed: true,
  priceEur: 20,
  ...overrides,
});

describe('how long a receipt is kept (§ 147 AO: until the end of the 10th calendar year after the year of issue)', () => {
  it('a receipt of 2026 is kept until 31.12.2036 and free from 1.1.2037, 00:00 Berlin', () => {
    const issued = new Date('2026-06-15T10:00:00Z');
    expect(receiptKeptUntil(issued)).toBe('2036-12-31');
    expect(receiptRetentionEnds(issued).toISOString()).toBe('2036-12-31T23:00:00.000Z');
    expect(receiptStillKept(issued, new Date('2036-12-31T22:59:59Z'))).toBe(true);
    expect(receiptStillKept(issued, new Date('2036-12-31T23:00:00Z'))).toBe(false);
  });

  it('the year of issue is the Berlin year: New Year’s Eve 23:30 UTC is already the next year', () => {
    expect(receiptKeptUntil(new Date('2026-12-31T23:30:00Z'))).toBe('2037-12-31');
    expect(receiptKeptUntil(new Date('2026-12-31T22:30:00Z'))).toBe('2036-12-31');
  });

  it('the cutoff is the start of the Berlin year ten years back; the latest of several documents counts', () => {
    const now = new Date('2037-03-01T12:00:00Z');
    expect(receiptRetentionCutoff(now).toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(accountingKeptUntil([new Date('2026-05-01T10:00:00Z')], now)).toBeNull();
    expect(accountingKeptUntil([new Date('2026-05-01T10:00:00Z'), new Date('2027-01-05T10:00:00Z'), new Date('2028-01-05T10:00:00Z')], now)).toBe('2038-12-31');
    expect(accountingKeptUntil([], now)).toBeNull();
    expect(germanDate('2036-12-31')).toBe('31.12.2036');
  });
});

describe('when a booking is finished', () => {
  const after = new Date('2026-03-02T00:00:00Z');
  it('finished after its end when paid, or without a price', () => {
    expect(bookingProgress(booking(), after)).toBe('finished');
    expect(bookingProgress(booking({ isPayed: false, priceEur: 0 }), after)).toBe('finished');
    expect(bookingProgress(booking({ isCommitted: false, isPayed: false }), after)).toBe('finished');
  });
  it('upcoming before its begin, running until its end, payment open when released and unpaid', () => {
    expect(bookingProgress(booking(), new Date('2026-03-01T08:00:00Z'))).toBe('upcoming');
    expect(bookingProgress(booking(), new Date('2026-03-01T10:00:00Z'))).toBe('running');
    expect(bookingProgress(booking({ isPayed: false }), after)).toBe('payment-open');
  });
  it('rejected and cancelled bookings are finished, even before their time', () => {
    expect(bookingProgress(booking({ isRejected: true, isPayed: false }), new Date('2026-01-01T00:00:00Z'))).toBe('finished');
  });
  it('refusals name the booking in German; none for a finished one', () => {
    expect(erasureRefusal('ABCD-1234', booking(), new Date('2026-03-01T10:00:00Z'))).toBe('Die Buchung ABCD-1234 läuft noch bis 01.03.2026, 12:00 Uhr. Ihre Daten können erst nach ihrem Ende gelöscht werden.');
    expect(erasureRefusal('ABCD-1234', booking({ isPayed: false }), after)).toContain('die Zahlung ist offen');
    expect(erasureRefusal('ABCD-1234', booking(), new Date('2026-02-01T10:00:00Z'))).toContain('beginnt am 01.03.2026, 10:00 Uhr');
    expect(erasureRefusal('ABCD-1234', booking(), after)).toBeNull();
  });
});

describe('when the retention period is over', () => {
  it('counts from the end, in Berlin calendar months', () => {
    expect(retentionCutoff(new Date('2027-03-01T11:00:00Z'), 12).toISOString()).toBe('2026-03-01T11:00:00.000Z');
    expect(retentionExpired(booking(), new Date('2027-03-01T11:00:00Z'), 12)).toBe(true);
    expect(retentionExpired(booking(), new Date('2027-03-01T10:59:00Z'), 12)).toBe(false);
    expect(retentionExpired(booking(), new Date('2026-05-01T11:00:00Z'), 2)).toBe(true);
  });
  it('a booking without time counts from its creation; an unfinished one never expires', () => {
    expect(retentionExpired(booking({ timeBegin: null, timeEnd: null }), new Date('2026-03-01T10:00:00Z'), 1)).toBe(true);
    expect(retentionExpired(booking({ isPayed: false }), new Date('2030-01-01T00:00:00Z'), 1)).toBe(false);
  });
});

describe('the mail address asked about', () => {
  it('is trimmed; anything but an address is refused', () => {
    expect(normalisedMail('  Anna@Beispiel.de ')).toBe('Anna@Beispiel.de');
    for (const bad of ['', 'anna', 'anna@', 'anna@beispiel', 'an na@beispiel.de', null, 42]) expect(normalisedMail(bad)).toBeNull();
  });
});
