import { describe, expect, it } from 'vitest';
import { bookingStatusPath, normalizeBookingNumber, parseBookingLookup, parseCancellationConfirmation, requestCancellationPath } from './bookingLinks';

const query = (text: string) => new URLSearchParams(text);

describe('booking numbers as typed', () => {
  it('become "XXXX-XXXX" in capitals', () => {
    expect(normalizeBookingNumber('abcd-efgh')).toBe('ABCD-EFGH');
    expect(normalizeBookingNumber(' abcd efgh ')).toBe('ABCD-EFGH');
    expect(normalizeBookingNumber('ABCDEFGH')).toBe('ABCD-EFGH');
  });

  it('stay as they are otherwise, for the server to call unknown', () => {
    expect(normalizeBookingNumber(' abc ')).toBe('ABC');
    expect(normalizeBookingNumber('')).toBe('');
  });
});

describe('the mailed status link', () => {
  it('reads tenant, booking number and the whole booking name', () => {
    expect(parseBookingLookup('t1', query('id=abcd-efgh&name=Erika%20Mustermann'))).toEqual({ tenantId: 't1', bookingId: 'ABCD-EFGH', name: 'Erika Mustermann' });
    expect(parseBookingLookup('t1', query(''))).toEqual({ tenantId: 't1', bookingId: '', name: '' });
    expect(parseBookingLookup(undefined, query('id=ABCD-EFGH'))).toBeNull();
  });

  it('is built back with what is known only', () => {
    expect(bookingStatusPath('t1', 'ABCD-EFGH', 'Erika Mustermann')).toBe('/booking/status/t1?id=ABCD-EFGH&name=Erika+Mustermann');
    expect(requestCancellationPath('t1', 'ABCD-EFGH')).toBe('/booking/request-reject/t1?id=ABCD-EFGH');
    expect(requestCancellationPath('t1')).toBe('/booking/request-reject/t1');
  });
});

describe('the mailed cancellation confirmation', () => {
  it('needs tenant, booking number and the request id', () => {
    expect(parseCancellationConfirmation('t1', query('id=ABCD-EFGH&hookId=h-1'))).toEqual({ tenantId: 't1', bookingId: 'ABCD-EFGH', hookId: 'h-1' });
    expect(parseCancellationConfirmation('t1', query('id=ABCD-EFGH'))).toBeNull();
    expect(parseCancellationConfirmation(undefined, query('id=ABCD-EFGH&hookId=h-1'))).toBeNull();
  });
});
