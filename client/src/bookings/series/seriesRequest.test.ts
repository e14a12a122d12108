import { describe, expect, it } from 'vitest';
import { seriesMessages } from '../../../../common/bookings/series';
import { formatCurrency } from '../../shared/format';
import {
  initialSeriesValues,
  type SeriesValues,
  seriesDateState,
  seriesPaymentApps,
  seriesRequest,
  seriesServerFieldNames,
  seriesSummary,
  shownWeekdays,
  toggledExclusion,
  toggledWeekdays,
  weekdayOf,
} from './seriesRequest';

/** Tuesday 2 November 2027, 18:00–20:00 in Berlin (winter time, UTC+1). */
const period = { begin: '2027-11-02T17:00:00.000Z', end: '2027-11-02T19:00:00.000Z' };
const values = (overrides: Partial<SeriesValues> = {}): SeriesValues => ({ ...initialSeriesValues(), on: true, ...overrides });

describe('the series input', () => {
  it('a weekly series books the first date\'s weekday unless others are ticked, and counts its dates', () => {
    expect(seriesRequest(values({ count: '5' }), period)).toEqual({
      input: { frequency: 'WEEKLY', interval: 1, weekdays: ['TU'], until: null, count: 5, skipHolidays: false, excludeDates: [], requireAll: false },
      problems: {},
    });
    const chosen = seriesRequest(values({ weekdays: ['TH', 'TU'], end: 'until', until: '2027-12-31', skipHolidays: true, requireAll: true, excludeDates: ['2027-11-16'] }), period);
    expect(chosen.input).toEqual({ frequency: 'WEEKLY', interval: 1, weekdays: ['TU', 'TH'], until: '2027-12-31', count: null, skipHolidays: true, excludeDates: ['2027-11-16'], requireAll: true });
  });

  it('daily and monthly series send no weekdays; an empty interval is every day', () => {
    expect(seriesRequest(values({ frequency: 'DAILY', interval: '', count: '3' }), period).input).toMatchObject({ frequency: 'DAILY', interval: 1, weekdays: [] });
    expect(seriesRequest(values({ frequency: 'MONTHLY', interval: '2', weekdays: ['FR'] }), period).input).toMatchObject({ frequency: 'MONTHLY', interval: 2, weekdays: [] });
  });

  it('names what is wrong at its field in the server\'s words', () => {
    expect(seriesRequest(values({ interval: 'zwei' }), period)).toEqual({ input: null, problems: { 'series.interval': seriesMessages.interval } });
    expect(seriesRequest(values({ interval: '53' }), period).problems).toEqual({ 'series.interval': seriesMessages.intervalTooLarge('WEEKLY') });
    expect(seriesRequest(values({ count: '201' }), period).problems).toEqual({ 'series.count': seriesMessages.count });
    // A missing end is told where the customer chose to end.
    expect(seriesRequest(values({ count: '' }), period).problems).toEqual({ 'series.count': seriesMessages.endMissing });
    expect(seriesRequest(values({ end: 'until', until: '' }), period).problems).toEqual({ 'series.until': seriesMessages.endMissing });
    expect(seriesRequest(values({ end: 'until', until: '31.12.2027' }), period).problems).toEqual({ 'series.until': seriesMessages.until });
    // An emptied field may come as undefined from the form.
    expect(seriesRequest({ ...values(), count: undefined as unknown as string }, period).problems).toEqual({ 'series.count': seriesMessages.endMissing });
  });

  it('checks the dates the rule yields as the server does: an end before the first date, too many, overlapping', () => {
    expect(seriesRequest(values({ end: 'until', until: '2027-11-01' }), period).problems).toEqual({ 'series.until': seriesMessages.untilBeforeStart });
    expect(seriesRequest(values({ frequency: 'DAILY', end: 'until', until: '2028-10-01' }), period).problems).toEqual({ 'series.until': seriesMessages.tooMany });
    const overnight = { begin: '2027-11-02T17:00:00.000Z', end: '2027-11-04T17:00:00.000Z' };
    expect(seriesRequest(values({ frequency: 'DAILY', count: '3' }), overnight).problems).toEqual({ 'series.interval': seriesMessages.overlapping });
    // Without a first window only the rule itself is checked.
    expect(seriesRequest(values({ end: 'until', until: '2027-11-01' }), null).problems).toEqual({});
  });
});

describe('weekdays and left-out dates', () => {
  it('shows the first date\'s weekday ticked until others are chosen; unticking keeps the week\'s order', () => {
    expect(weekdayOf('2027-11-02')).toBe('TU');
    expect(weekdayOf('2027-11-07')).toBe('SU');
    expect(shownWeekdays({ weekdays: [] }, '2027-11-02')).toEqual(['TU']);
    expect(shownWeekdays({ weekdays: [] }, null)).toEqual([]);
    expect(toggledWeekdays({ weekdays: [] }, '2027-11-02', 'MO', true)).toEqual(['MO', 'TU']);
    expect(toggledWeekdays({ weekdays: ['MO', 'TU'] }, '2027-11-02', 'TU', false)).toEqual(['MO']);
  });

  it('leaves a date out and takes it back', () => {
    expect(toggledExclusion({ excludeDates: ['2027-11-30'] }, '2027-11-16', true)).toEqual(['2027-11-16', '2027-11-30']);
    expect(toggledExclusion({ excludeDates: ['2027-11-16', '2027-11-30'] }, '2027-11-16', false)).toEqual(['2027-11-30']);
  });
});

describe('the preview and the booking', () => {
  it('marks each date free or with its reason', () => {
    expect(seriesDateState({ date: '2027-11-02', available: true })).toBe('frei');
    expect(seriesDateState({ date: '2027-11-16', available: false, reason: 'taken', reasonText: 'Turnhalle Nord ist zu dieser Zeit nicht mehr frei.' })).toBe('belegt: Turnhalle Nord ist zu dieser Zeit nicht mehr frei.');
    expect(seriesDateState({ date: '2027-12-25', available: false, reason: 'holiday', reasonText: '1. Weihnachtstag' })).toBe('Feiertag oder Ferien: 1. Weihnachtstag');
    expect(seriesDateState({ date: '2027-12-25', available: false, reason: 'closed', reasonText: null })).toBe('geschlossen');
  });

  it('sums up free dates and the total price', () => {
    const dates = [1, 2, 3, 4, 5];
    expect(seriesSummary({ availableCount: 4, dates, priceEur: 119 }, formatCurrency)).toBe(`4 von 5 Terminen frei – Gesamtpreis ${formatCurrency(119)}`);
    expect(seriesSummary({ availableCount: 1, dates: [1], priceEur: 0 }, formatCurrency)).toBe('1 von 1 Termin frei');
  });

  it('offers only the invoice for a series and shows a required date\'s refusal at "requireAll"', () => {
    expect(seriesPaymentApps([{ id: 'testPayment' }, { id: 'invoice' }])).toEqual([{ id: 'invoice' }]);
    expect(seriesServerFieldNames(['series.dates.2027-11-16', 'series.count'])).toEqual({ 'series.dates.2027-11-16': 'series.requireAll' });
  });
});
