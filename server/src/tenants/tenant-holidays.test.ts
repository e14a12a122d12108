import { describe, expect, it } from 'vitest';
import { holidayRegions } from '../../../common/tenants/tenant.validation.js';
import { holidayCalendarOf } from './tenant-holidays.js';

const herbstferien = { title: 'Herbstferien', from: '2027-10-11', to: '2027-10-23' };
const osterferien = { title: 'Osterferien', from: '2027-03-22', to: '2027-04-02' };

describe('the public holidays of the Bundesland', () => {
  const berlin = holidayCalendarOf({ holidayRegion: 'DE-BE', schoolHolidays: [] });
  const bavaria = holidayCalendarOf({ holidayRegion: 'DE-BY', schoolHolidays: [] });

  it('names the holidays every state keeps, in German', () => {
    expect(berlin.holidayOn('2027-03-26')).toBe('Karfreitag');
    expect(berlin.holidayOn('2027-01-01')).toBe('Neujahr');
    expect(berlin.holidayOn('2027-10-03')).toBe('Tag der Deutschen Einheit');
    expect(bavaria.holidayOn('2027-03-26')).toBe('Karfreitag');
  });

  it("knows each state's own holidays", () => {
    expect(berlin.holidayOn('2027-03-08')).toBe('Internationaler Frauentag');
    expect(bavaria.holidayOn('2027-03-08')).toBeNull();
    expect(bavaria.holidayOn('2027-01-06')).toBe('Heilige Drei Könige');
    expect(berlin.holidayOn('2027-01-06')).toBeNull();
    expect(holidayCalendarOf({ holidayRegion: 'DE-SN', schoolHolidays: [] }).holidayOn('2027-11-17')).toBe('Buß- und Bettag');
    expect(bavaria.holidayOn('2027-11-17')).toBeNull();
  });

  it('counts public holidays only, not days of observance or half holidays', () => {
    // Ostersonntag is an observance in the package, Heiligabend a bank holiday.
    expect(berlin.holidayOn('2027-03-28')).toBeNull();
    expect(berlin.holidayOn('2027-12-24')).toBeNull();
    expect(berlin.holidayOn('2027-03-25')).toBeNull();
  });

  it('answers every year, and nothing for a day that is no date', () => {
    expect(berlin.holidayOn('2026-04-03')).toBe('Karfreitag');
    expect(berlin.holidayOn('2028-04-14')).toBe('Karfreitag');
    expect(berlin.holidayOn('2027-02-30')).toBeNull();
    expect(berlin.holidayOn('26.03.2027')).toBeNull();
  });

  it('works for every offered Bundesland', () => {
    for (const region of holidayRegions) expect(holidayCalendarOf({ holidayRegion: region, schoolHolidays: [] }).holidayOn('2027-12-25'), region).toBe('1. Weihnachtstag');
  });
});

describe('the school holidays staff entered', () => {
  it('include both the first and the last day', () => {
    const calendar = holidayCalendarOf({ holidayRegion: 'DE-BE', schoolHolidays: [herbstferien] });
    expect(calendar.holidayOn('2027-10-10')).toBeNull();
    expect(calendar.holidayOn('2027-10-11')).toBe('Herbstferien');
    expect(calendar.holidayOn('2027-10-15')).toBe('Herbstferien');
    expect(calendar.holidayOn('2027-10-23')).toBe('Herbstferien');
    expect(calendar.holidayOn('2027-10-24')).toBeNull();
  });

  it('a one-day period is its day', () => {
    const calendar = holidayCalendarOf({ holidayRegion: '', schoolHolidays: [{ title: 'Beweglicher Ferientag', from: '2027-05-07', to: '2027-05-07' }] });
    expect(calendar.holidayOn('2027-05-06')).toBeNull();
    expect(calendar.holidayOn('2027-05-07')).toBe('Beweglicher Ferientag');
    expect(calendar.holidayOn('2027-05-08')).toBeNull();
  });

  it('a public holiday inside a period is named as the holiday', () => {
    const calendar = holidayCalendarOf({ holidayRegion: 'DE-BE', schoolHolidays: [osterferien, herbstferien] });
    expect(calendar.holidayOn('2027-03-26')).toBe('Karfreitag');
    expect(calendar.holidayOn('2027-03-25')).toBe('Osterferien');
  });

  it('without a Bundesland only the school holidays count', () => {
    const calendar = holidayCalendarOf({ holidayRegion: '', schoolHolidays: [osterferien] });
    expect(calendar.holidayOn('2027-01-01')).toBeNull();
    expect(calendar.holidayOn('2027-03-08')).toBeNull();
    expect(calendar.holidayOn('2027-03-26')).toBe('Osterferien');
    expect(calendar.holidayOn('2027-04-03')).toBeNull();
  });

  it('without either, no day is a holiday', () => {
    const calendar = holidayCalendarOf({ holidayRegion: '', schoolHolidays: [] });
    expect(calendar.holidayOn('2027-12-25')).toBeNull();
  });

  it('keeps the periods it was made with, whatever happens to the list later', () => {
    const periods = [{ ...herbstferien }];
    const calendar = holidayCalendarOf({ holidayRegion: '', schoolHolidays: periods });
    periods[0].title = 'Geändert';
    expect(calendar.holidayOn('2027-10-11')).toBe('Herbstferien');
  });
});
