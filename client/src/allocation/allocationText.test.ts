import { describe, expect, it } from 'vitest';
import { dayText, decisionText, intervalText, leftOutText, seasonText, slotText, snapshotText, windowOpen } from './allocationText';

describe('allocation texts', () => {
  it('writes slots, rhythms, seasons and days in German', () => {
    expect(slotText({ weekday: 'TU', timeBegin: '18:00', timeEnd: '20:00' })).toBe('Dienstag, 18:00–20:00 Uhr');
    expect(intervalText(1)).toBe('wöchentlich');
    expect(intervalText(2)).toBe('alle 2 Wochen');
    expect(seasonText({ seasonBegin: '2027-11-01', seasonEnd: '2027-12-05' })).toBe('01.11.2027 – 05.12.2027');
    expect(dayText('2027-11-09')).toBe('09.11.2027');
  });

  it('names decisions and left-out dates, the server\'s own text first', () => {
    expect(decisionText(null)).toBe('noch nicht entschieden');
    expect(decisionText('GRANT')).toBe('zugesagt');
    expect(leftOutText({ date: '2027-11-16', reason: 'holiday', reasonText: null })).toBe('16.11.2027 (Ferien oder Feiertag)');
    expect(leftOutText({ date: '2027-11-16', reason: 'taken', reasonText: 'bereits gebucht' })).toBe('16.11.2027 (bereits gebucht)');
  });

  it('writes a decision of the history with the object and the slot', () => {
    const title = (id: string) => (id === 'a' ? 'Sporthalle Nord' : id);
    expect(snapshotText({ decision: 'GRANT', bookableId: 'a', weekday: 'TU', timeBegin: '20:00', timeEnd: '22:00', reason: '' }, title)).toBe('zugesagt: Sporthalle Nord, Dienstag, 20:00–22:00 Uhr');
    expect(snapshotText({ decision: 'DECLINE', bookableId: null, weekday: null, timeBegin: null, timeEnd: null, reason: 'Halle belegt' }, title)).toBe('abgesagt (Halle belegt)');
    expect(snapshotText(null, title)).toBe('offen');
  });

  it('knows whether the window is open, its end exclusive', () => {
    const round = { applicationsFrom: '2027-10-01T00:00:00.000Z', applicationsUntil: '2027-10-15T00:00:00.000Z' };
    expect(windowOpen(round, Date.parse('2027-10-01T00:00:00.000Z'))).toBe(true);
    expect(windowOpen(round, Date.parse('2027-10-15T00:00:00.000Z'))).toBe(false);
  });
});
