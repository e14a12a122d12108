import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { bookableBookingsQuerySchema, bookingListQuerySchema, occupancyQuerySchema } from './booking-query.schema.js';

describe('booking query schemas', () => {
  it('reads the list query: status in any case, window, page numbers', () => {
    expect(parseFields(bookingListQuerySchema, { search: 'Anna', status: 'paid', from: '0', to: '1970-01-02T00:00:00Z', limit: '20', offset: 'x' })).toEqual({
      ok: true,
      value: { search: 'Anna', status: 'PAID', from: new Date(0), to: new Date(86_400_000), paidFrom: null, paidTo: null, charge: null, bookableId: null, limit: 20, offset: 0 },
    });
    expect(parseFields(bookingListQuerySchema, { status: 'irgendwas', search: ['a', 'b'] })).toEqual({
      ok: true,
      value: { search: null, status: null, from: null, to: null, paidFrom: null, paidTo: null, charge: null, bookableId: null, limit: undefined, offset: undefined },
    });
  });

  it('reads the payment window and the charge filter; a malformed payment instant is refused, an unknown charge ignored', () => {
    expect(parseFields(bookingListQuerySchema, { paidFrom: '2026-12-01T00:00:00Z', paidTo: '1798761600000', charge: 'free' })).toMatchObject({
      ok: true,
      value: { paidFrom: new Date('2026-12-01T00:00:00Z'), paidTo: new Date(1_798_761_600_000), charge: 'FREE' },
    });
    expect(parseFields(bookingListQuerySchema, { charge: 'gratis' })).toMatchObject({ ok: true, value: { charge: null } });
    expect(parseFields(bookingListQuerySchema, { paidFrom: 'Dezember' })).toEqual({ ok: false, fieldErrors: { paidFrom: 'Ungültiger Zeitpunkt' } });
  });

  it('refuses a malformed window instead of ignoring it', () => {
    expect(parseFields(bookingListQuerySchema, { from: 'gestern', to: '2027-13-45T99:00' })).toEqual({ ok: false, fieldErrors: { from: 'Ungültiger Zeitpunkt', to: 'Ungültiger Zeitpunkt' } });
    expect(parseFields(occupancyQuerySchema, { to: '99999999999999999' })).toEqual({ ok: false, fieldErrors: { to: 'Ungültiger Zeitpunkt' } });
  });

  it('reads the objects of the occupancy calendar and the flags of an object’s bookings', () => {
    expect(parseFields(occupancyQuerySchema, { ids: 'a,b' })).toEqual({ ok: true, value: { ids: ['a', 'b'], from: null, to: null } });
    expect(parseFields(occupancyQuerySchema, { ids: ['a', 'b'] })).toEqual({ ok: true, value: { ids: ['a', 'b'], from: null, to: null } });
    expect(parseFields(bookableBookingsQuerySchema, { related: 'true', parent: '1', public: 'ja' })).toEqual({ ok: true, value: { related: true, parent: true, public: false, from: null, to: null } });
  });
});
