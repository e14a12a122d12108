import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { encodeCursor, pagingMessages } from '../validation/paging.js';
import { bookableBookingsQuerySchema, bookingListQuerySchema, bookingPageQuerySchema, occupancyQuerySchema } from './booking-query.schema.js';

describe('booking query schemas', () => {
  it('reads the list query: status in any case, window, page', () => {
    expect(parseFields(bookingListQuerySchema, { search: 'Anna', status: 'paid', from: '0', to: '1970-01-02T00:00:00Z', limit: '20', offset: '40' })).toEqual({
      ok: true,
      value: { search: 'Anna', status: 'PAID', from: new Date(0), to: new Date(86_400_000), bookableId: null, updatedSince: null, paging: { size: 20, offset: 40, after: null, cursorField: 'cursor' } },
    });
    expect(parseFields(bookingListQuerySchema, { status: 'irgendwas', search: ['a', 'b'], updatedSince: '2026-12-01T00:00:00Z' })).toEqual({
      ok: true,
      value: { search: null, status: null, from: null, to: null, bookableId: null, updatedSince: new Date('2026-12-01T00:00:00Z'), paging: { size: 50, offset: 0, after: null, cursorField: 'cursor' } },
    });
  });

  it('refuses a page out of range, a malformed cursor and a cursor beside an offset, naming the parameter, instead of clamping', () => {
    const size = pagingMessages.size(500);
    for (const limit of ['0', '-1', '501', '1.5', 'x', '']) {
      const result = parseFields(bookingListQuerySchema, { limit });
      if (limit === '') expect(result.ok).toBe(true);
      else expect(result, limit).toEqual({ ok: false, fieldErrors: { limit: size } });
    }
    expect(parseFields(bookingListQuerySchema, { offset: '-3' })).toEqual({ ok: false, fieldErrors: { offset: pagingMessages.offset } });
    expect(parseFields(bookingListQuerySchema, { offset: 'x' })).toEqual({ ok: false, fieldErrors: { offset: pagingMessages.offset } });
    expect(parseFields(bookingListQuerySchema, { cursor: 'kaputt' })).toEqual({ ok: false, fieldErrors: { cursor: pagingMessages.cursor } });
    const cursor = encodeCursor({ order: 'bookings.newest', values: ['2026-12-08T10:15:00.123456Z', '0b4f3a52-51a4-4be1-9b51-4a1f2b7c9d10'] });
    expect(parseFields(bookingListQuerySchema, { cursor, offset: '5' })).toEqual({ ok: false, fieldErrors: { offset: pagingMessages.cursorWithOffset } });
    expect(parseFields(bookingPageQuerySchema, { limit: '1000' })).toEqual({ ok: false, fieldErrors: { limit: size } });
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
