import { describe, expect, it } from 'vitest';
import { eventEnd, eventStart } from './event.time.js';

describe('event start and end instants (Europe/Berlin)', () => {
  it('reads the wall clock in winter (UTC+1) and summer (UTC+2)', () => {
    expect(eventStart('2026-01-15', '18:30')?.toISOString()).toBe('2026-01-15T17:30:00.000Z');
    expect(eventStart('2026-07-15', '18:30')?.toISOString()).toBe('2026-07-15T16:30:00.000Z');
  });

  it('crosses the DST changes correctly', () => {
    // 29 March 2026: 02:00 becomes 03:00; 02:30 does not exist and moves forward.
    expect(eventStart('2026-03-29', '01:30')?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(eventStart('2026-03-29', '02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(eventStart('2026-03-29', '03:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 02:30 happens twice; the earlier (summer time) instant is taken.
    expect(eventStart('2026-10-25', '02:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(eventStart('2026-10-25', '04:00')?.toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('a start without time begins at midnight, an end without time lasts the whole day', () => {
    expect(eventStart('2026-07-15', null)?.toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(eventEnd('2026-07-15', null)?.toISOString()).toBe('2026-07-15T22:00:00.000Z');
    expect(eventEnd('2026-03-28', '')?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('has no instant without a valid date', () => {
    expect(eventStart(null, '10:00')).toBeNull();
    expect(eventEnd('2026-02-30', '10:00')).toBeNull();
    expect(eventStart('15.07.2026', '10:00')).toBeNull();
  });
});
