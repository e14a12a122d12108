import { describe, expect, it } from 'vitest';
import { parseFields } from '../validation/schema.js';
import { encodeCursor, pagingMessages } from '../validation/paging.js';
import { bookableBookingsQuerySchema, bookingListQuerySchema, bookingPageQuerySchema, MAX_SCHEDULE_OBJECTS, occupancyQuerySchema, roomScheduleQuerySchema, roomScheduleWatchSchema } from './booking-query.schema.js';

describe('booking query schemas', () => {
  it('reads the list query: status in any case, window, page', () => {
    expect(parseFields(bookingListQuerySchema, { search: 'Anna', status: 'paid', from: '0', to: '1970-01-02T00:00:00Z', limit: '20', offset: '40' })).toEqual({
      ok: true,
      value: { search: 'Anna', status: 'PAID', from: new Date(0), to: new Date(86_400_000), paidFrom: null, paidTo: null, refundedFrom: null, refundedTo: null, charge: null, bookableId: null, seriesId: null, sort: null, updatedSince: null, paging: { size: 20, offset: 40, after: null, cursorField: 'cursor' } },
    });
    expect(parseFields(bookingListQuerySchema, { status: 'irgendwas', search: ['a', 'b'], updatedSince: '2026-12-01T00:00:00Z' })).toEqual({
      ok: true,
      value: { search: null, status: null, from: null, to: null, paidFrom: null, paidTo: null, refundedFrom: null, refundedTo: null, charge: null, bookableId: null, seriesId: null, sort: null, updatedSince: new Date('2026-12-01T00:00:00Z'), paging: { size: 50, offset: 0, after: null, cursorField: 'cursor' } },
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

  it('reads the room schedule: objects as a list or comma-separated, both ends of a window of at most 62 days', () => {
    const day = 86_400_000;
    expect(parseFields(roomScheduleQuerySchema, { ids: 'a, b,a', from: '0', to: String(62 * day) })).toEqual({ ok: true, value: { ids: ['a', 'b'], window: { begin: new Date(0), end: new Date(62 * day) } } });
    expect(parseFields(roomScheduleQuerySchema, { ids: ['a'], from: new Date(0), to: new Date(day) })).toMatchObject({ ok: true, value: { ids: ['a'] } });
    expect(parseFields(roomScheduleQuerySchema, { ids: 'a', from: '0', to: String(62 * day + 1) })).toEqual({ ok: false, fieldErrors: { to: 'Der Zeitraum darf höchstens 62 Tage umfassen.' } });
    expect(parseFields(roomScheduleQuerySchema, { ids: 'a', from: String(day), to: String(day) })).toEqual({ ok: false, fieldErrors: { to: 'Das Ende des Zeitraums muss nach seinem Beginn liegen.' } });
    expect(parseFields(roomScheduleQuerySchema, {})).toEqual({ ok: false, fieldErrors: { ids: 'Bitte geben Sie mindestens ein Objekt an.', from: 'Pflichtfeld', to: 'Pflichtfeld' } });
    const many = Array.from({ length: MAX_SCHEDULE_OBJECTS + 1 }, (_, index) => `id${index}`);
    expect(parseFields(roomScheduleWatchSchema, { ids: many })).toEqual({ ok: false, fieldErrors: { ids: 'Höchstens 50 Objekte auf einmal.' } });
    expect(parseFields(roomScheduleWatchSchema, { ids: many.slice(1) })).toMatchObject({ ok: true });
  });
});
