import { describe, expect, it } from 'vitest';
import { kindLabel, webcalUrl } from './calendarFeedTexts';

describe('calendar feed texts', () => {
  it('names the kinds in German', () => {
    expect(kindLabel('STAFF')).toBe('intern mit Kundendaten');
    expect(kindLabel('PUBLIC')).toBe('öffentlich, nur belegt');
  });

  it('turns the https address into its webcal form', () => {
    expect(webcalUrl('https://buchung.example/ical/bpc_x.ics')).toBe('webcal://buchung.example/ical/bpc_x.ics');
    expect(webcalUrl('http://127.0.0.1:3000/ical/bpc_x.ics')).toBe('webcal://127.0.0.1:3000/ical/bpc_x.ics');
  });
});
