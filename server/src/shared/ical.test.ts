import ical, { type VEvent } from 'node-ical';
import { afterEach, describe, expect, it } from 'vitest';
import { berlinWallTime, renderCalendar } from './ical.js';

const processZone = process.env.TZ;
afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});

const entry = (begin: string, end: string) => ({ uid: 'ABCD-EFGH-0@buchen.example', begin: new Date(begin), end: new Date(end), summary: 'Saal', stamp: new Date('2026-11-01T12:00:00Z') });

describe('calendars in Europe/Berlin', () => {
  it('names the Berlin wall-clock time around both changes of summer time', () => {
    expect(berlinWallTime(new Date('2027-03-28T00:59:00Z'))).toBe('2027-03-28T01:59:00');
    expect(berlinWallTime(new Date('2027-03-28T01:00:00Z'))).toBe('2027-03-28T03:00:00');
    expect(berlinWallTime(new Date('2027-10-31T00:30:00Z'))).toBe('2027-10-31T02:30:00');
    expect(berlinWallTime(new Date('2027-10-31T01:30:00Z'))).toBe('2027-10-31T02:30:00');
    expect(berlinWallTime(new Date('2027-01-12T23:30:00Z'))).toBe('2027-01-13T00:30:00');
  });

  it('writes TZID times, the VTIMEZONE and a UTC DTSTAMP whatever zone the server runs in', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
      process.env.TZ = zone;
      const text = renderCalendar({ name: 'Test', method: 'publish', entries: [entry('2027-07-14T08:00:00Z', '2027-07-14T10:00:00Z')] });
      expect(text, zone).toContain('DTSTART;TZID=Europe/Berlin:20270714T100000');
      expect(text, zone).toContain('DTEND;TZID=Europe/Berlin:20270714T120000');
      expect(text, zone).toContain('DTSTAMP:20261101T120000Z');
      expect(text, zone).toContain('METHOD:PUBLISH');
      const [event] = Object.values(ical.sync.parseICS(text)).filter((item): item is VEvent => (item as { type?: string }).type === 'VEVENT');
      expect(event?.start.getTime(), zone).toBe(Date.parse('2027-07-14T08:00:00Z'));
    }
  });

  it('writes no event into an empty calendar, and the VTIMEZONE once however many events use it', () => {
    const text = renderCalendar({ name: 'Leer', entries: [] });
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(text).not.toContain('BEGIN:VEVENT');
    const two = renderCalendar({ name: 'Zwei', entries: [entry('2027-01-12T09:00:00Z', '2027-01-12T10:00:00Z'), { ...entry('2027-07-14T08:00:00Z', '2027-07-14T10:00:00Z'), uid: 'x@y' }] });
    expect(two.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
  });
});
