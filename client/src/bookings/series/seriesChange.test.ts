import { describe, expect, it } from 'vitest';
import { seriesMessages } from '../../../../common/bookings/series';
import type { BookingSeriesDetailsFragment } from '../../gql/graphql';
import { changePreview, changeSummary, initialChangeValues, refusedDates, refusedDatesText, type SeriesChangeValues, seriesChangeRequest } from './seriesChange';

/** Tuesdays 18:00–20:00 Berlin from 2 November 2027 on (winter time, UTC+1). */
const WEEK = 7 * 86_400_000;
const FIRST = Date.parse('2027-11-02T17:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const date = (bookingId: string, week: number, isRejected = false) => ({
  bookingId,
  timeBegin: iso(FIRST + week * WEEK),
  timeEnd: iso(FIRST + week * WEEK + 2 * 3_600_000),
  isCommitted: false,
  isRejected,
  isPayed: false,
  status: isRejected ? 'storniert' : 'ausstehend',
  priceEur: 25,
});
const rule = (overrides: Partial<BookingSeriesDetailsFragment['rule']> = {}): BookingSeriesDetailsFragment['rule'] => ({
  frequency: 'WEEKLY',
  interval: 1,
  weekdays: ['TU'],
  until: null,
  count: 4,
  skipHolidays: false,
  excludeDates: [],
  rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=4',
  description: 'wöchentlich dienstags, 4 Termine',
  ...overrides,
});
const series = { rule: rule(), dates: [date('A', 0), date('B', 1), date('C', 2), date('D', 3)] };

describe('the change dialog\'s start', () => {
  it('takes the shown date\'s day and times and the rule, counting the dates from it on; its weekday follows the day', () => {
    const values = initialChangeValues(series, series.dates[1], 3);
    expect(values).toMatchObject({ day: '2027-11-09', from: '18:00', to: '20:00', reason: '' });
    expect(values.series).toMatchObject({ frequency: 'WEEKLY', interval: '1', weekdays: [], end: 'count', count: '3', until: '' });
    const twoDays = initialChangeValues({ ...series, rule: rule({ weekdays: ['TU', 'TH'], count: null, until: '2028-01-31' }) }, series.dates[1], 3);
    expect(twoDays.series).toMatchObject({ weekdays: ['TU', 'TH'], end: 'until', until: '2028-01-31', count: '' });
  });
});

describe('the change asked for', () => {
  const values = (overrides: Partial<SeriesChangeValues> = {}): SeriesChangeValues => ({ ...initialChangeValues(series, series.dates[1], 3), ...overrides });

  it('moves to Thursdays 19:00–21:00 from the shown date on', () => {
    const { input, problems } = seriesChangeRequest(values({ day: '2027-11-11', from: '19:00', to: '21:00', reason: ' Halle dienstags belegt ' }), 'B');
    expect(problems).toEqual({});
    expect(input).toEqual({
      fromBookingId: 'B',
      timeBegin: '2027-11-11T18:00:00.000Z',
      timeEnd: '2027-11-11T20:00:00.000Z',
      series: { frequency: 'WEEKLY', interval: 1, weekdays: ['TH'], until: null, count: 3, skipHolidays: false, excludeDates: [], requireAll: false },
      reason: 'Halle dienstags belegt',
    });
  });

  it('names a wrong window at the day, the begin or the end, and the rule\'s problems at their fields', () => {
    expect(seriesChangeRequest(values({ day: '' }), 'B').problems).toEqual({ day: seriesMessages.changeWindow });
    expect(seriesChangeRequest(values({ from: '25:00' }), 'B').problems).toEqual({ from: seriesMessages.changeWindow });
    expect(seriesChangeRequest(values({ to: '17:00' }), 'B').problems).toEqual({ to: seriesMessages.changeWindow });
    const noEnd = values();
    expect(seriesChangeRequest({ ...noEnd, series: { ...noEnd.series, count: '' } }, 'B')).toEqual({ input: null, problems: { 'series.count': seriesMessages.endMissing } });
  });
});

describe('what the change says', () => {
  const answer = {
    cancelledBookingIds: ['B', 'D'],
    dates: {
      availableCount: 2,
      priceEur: 50,
      rule: { description: 'wöchentlich donnerstags, 3 Termine' },
      dates: [
        { date: '2027-11-09', timeBegin: iso(FIRST + WEEK), timeEnd: iso(FIRST + WEEK + 7_200_000), available: true, reason: null, reasonText: null, priceEur: 25, bookingId: 'C0' },
        { date: '2027-11-16', timeBegin: iso(FIRST + 2 * WEEK), timeEnd: iso(FIRST + 2 * WEEK + 7_200_000), available: true, reason: null, reasonText: null, priceEur: 25, bookingId: 'C' },
        { date: '2027-11-25', timeBegin: iso(FIRST + 3 * WEEK + 2 * 86_400_000), timeEnd: iso(FIRST + 3 * WEEK + 2 * 86_400_000 + 7_200_000), available: false, reason: 'taken', reasonText: 'Übungsraum ist zu dieser Zeit nicht mehr frei.', priceEur: 25, bookingId: null },
      ],
    },
  };

  it('tells the dates that stay, the new free ones, the taken ones and the cancelled ones', () => {
    const preview = changePreview(answer, series);
    expect(preview.dates.map((entry) => [entry.date, entry.outcome, entry.state])).toEqual([
      ['2027-11-09', 'booked', 'frei'],
      ['2027-11-16', 'kept', 'bleibt'],
      ['2027-11-25', 'refused', 'belegt: Übungsraum ist zu dieser Zeit nicht mehr frei.'],
    ]);
    expect(preview.cancelled.map((entry) => entry.bookingId)).toEqual(['B', 'D']);
    expect(changeSummary(preview)).toBe('1 Termin neu frei, 1 nicht frei, 1 bleibt; 2 Termine werden storniert.');
    expect(changeSummary({ kept: 0, booked: 2, refused: 0, cancelled: [] })).toBe('2 Termine neu frei; kein Termin wird storniert.');
  });

  it('names the taken dates of a refused all-or-nothing change', () => {
    const dates = refusedDates({ 'series.dates.2027-11-25': 'Übungsraum ist zu dieser Zeit nicht mehr frei.', 'series.dates.2027-11-18': '', other: 'x' });
    expect(dates.map((entry) => entry.date)).toEqual(['2027-11-18', '2027-11-25']);
    expect(refusedDatesText(dates)).toBe('Nicht alle Termine sind frei, es wurde nichts geändert. Nicht frei: Do, 18.11.2027; Do, 25.11.2027 (belegt: Übungsraum ist zu dieser Zeit nicht mehr frei.)');
  });
});
