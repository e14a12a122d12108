import { describe, expect, it } from 'vitest';
import { berlinInstant, berlinParts } from '../time/berlin.js';
import { fieldErrorsOf } from '../validation/schema.js';
import { describeSeriesRule, MAX_SERIES_DATES, rruleOf, seriesCancelSchema, seriesMessages, seriesOccurrences, seriesSchema, type SeriesRule } from './series.js';

const rule = (input: Record<string, unknown>): SeriesRule => seriesSchema.parse(input);
const window = (date: string, from: string, to: string) => ({ begin: berlinInstant(date, from), end: berlinInstant(date, to) });
const datesOf = (result: ReturnType<typeof seriesOccurrences>) => {
  if ('problem' in result) throw new Error(result.problem.message);
  return result.occurrences.map((occurrence) => occurrence.date);
};

describe('a series rule', () => {
  it('books every Tuesday and Thursday of a school year from the first window on, in Berlin wall time across the clock change', () => {
    // 2027-09-07 is a Tuesday; the clocks go back on 2027-10-31.
    const result = seriesOccurrences(rule({ frequency: 'WEEKLY', weekdays: ['TH', 'TU'], until: '2027-11-04' }), window('2027-09-07', '18:00', '19:30'));
    expect(datesOf(result)).toEqual([
      '2027-09-07', '2027-09-09', '2027-09-14', '2027-09-16', '2027-09-21', '2027-09-23', '2027-09-28', '2027-09-30',
      '2027-10-05', '2027-10-07', '2027-10-12', '2027-10-14', '2027-10-19', '2027-10-21', '2027-10-26', '2027-10-28',
      '2027-11-02', '2027-11-04',
    ]);
    if ('problem' in result) return;
    for (const occurrence of result.occurrences) {
      expect(berlinParts(occurrence.timeBegin).time).toBe('18:00');
      expect(berlinParts(occurrence.timeEnd).time).toBe('19:30');
    }
  });

  it('starts a weekly series on the first chosen weekday on or after the first window, and takes its weekday when none is chosen', () => {
    // 2027-09-08 is a Wednesday: Tuesday of that week is before it.
    expect(datesOf(seriesOccurrences(rule({ frequency: 'WEEKLY', weekdays: ['TU'], count: 2 }), window('2027-09-08', '10:00', '11:00')))).toEqual(['2027-09-14', '2027-09-21']);
    expect(datesOf(seriesOccurrences(rule({ frequency: 'WEEKLY', interval: 2, count: 3 }), window('2027-09-08', '10:00', '11:00')))).toEqual(['2027-09-08', '2027-09-22', '2027-10-06']);
  });

  it('repeats daily and monthly on the same place of the weekday in the month, the fifth one as the last', () => {
    expect(datesOf(seriesOccurrences(rule({ frequency: 'DAILY', interval: 3, count: 3 }), window('2027-01-30', '08:00', '09:00')))).toEqual(['2027-01-30', '2027-02-02', '2027-02-05']);
    // 2027-01-12 is the second Tuesday of January.
    expect(datesOf(seriesOccurrences(rule({ frequency: 'MONTHLY', count: 3 }), window('2027-01-12', '19:00', '21:00')))).toEqual(['2027-01-12', '2027-02-09', '2027-03-09']);
    // 2027-01-29 is the fifth Friday: the last Friday of each month.
    expect(datesOf(seriesOccurrences(rule({ frequency: 'MONTHLY', count: 3 }), window('2027-01-29', '19:00', '21:00')))).toEqual(['2027-01-29', '2027-02-26', '2027-03-26']);
  });

  it('keeps a window across midnight on every date', () => {
    const result = seriesOccurrences(rule({ frequency: 'WEEKLY', count: 2 }), { begin: berlinInstant('2027-03-20', '22:00'), end: berlinInstant('2027-03-21', '02:00') });
    if ('problem' in result) throw new Error(result.problem.message);
    expect(result.occurrences[1].timeEnd).toEqual(berlinInstant('2027-03-28', '02:00'));
  });

  it(`refuses more than ${MAX_SERIES_DATES} dates, more than two years, dates that overlap and an end before the start`, () => {
    expect(seriesOccurrences(rule({ frequency: 'DAILY', until: '2028-12-31' }), window('2027-01-01', '08:00', '09:00'))).toEqual({ problem: { field: 'until', message: 'Eine Serie umfasst höchstens 200 Termine.' } });
    expect(seriesOccurrences(rule({ frequency: 'WEEKLY', until: '2029-01-02' }), window('2027-01-01', '08:00', '09:00'))).toEqual({ problem: { field: 'until', message: 'Eine Serie darf höchstens 2 Jahre umfassen.' } });
    expect(seriesOccurrences(rule({ frequency: 'MONTHLY', count: 30 }), window('2027-01-01', '08:00', '09:00'))).toEqual({ problem: { field: 'count', message: 'Eine Serie darf höchstens 2 Jahre umfassen.' } });
    expect(seriesOccurrences(rule({ frequency: 'DAILY', count: 2 }), { begin: berlinInstant('2027-01-01', '08:00'), end: berlinInstant('2027-01-03', '08:00') })).toMatchObject({ problem: { field: 'interval' } });
    expect(seriesOccurrences(rule({ frequency: 'DAILY', until: '2026-12-31' }), window('2027-01-01', '08:00', '09:00'))).toMatchObject({ problem: { field: 'until' } });
    expect(seriesOccurrences(rule({ frequency: 'DAILY', count: 2 }), { begin: null, end: null })).toMatchObject({ problem: { field: 'timeBegin' } });
  });

  it('names every wrong field in German', () => {
    const parsed = seriesSchema.safeParse({ frequency: 'HOURLY', interval: 0, weekdays: ['XX'], count: 500, excludeDates: ['morgen'] });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrorsOf(parsed.error)).toMatchObject({
      frequency: expect.stringContaining('wie oft'),
      interval: expect.stringContaining('ab 1'),
      weekdays: expect.stringContaining('Wochentag'),
      count: expect.stringContaining('1 bis 200'),
      excludeDates: expect.stringContaining('JJJJ-MM-TT'),
    });
    expect(fieldErrorsOf((seriesSchema.safeParse({ frequency: 'DAILY' }) as { error: Parameters<typeof fieldErrorsOf>[0] }).error)).toEqual({ until: 'Bitte geben Sie ein Enddatum oder die Anzahl der Termine an.' });
  });

  it('is written in RFC 5545 form and described in German', () => {
    const weekly = rule({ frequency: 'WEEKLY', weekdays: ['TU', 'TH'], until: '2028-06-30' });
    expect(rruleOf(weekly, '2027-09-07')).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH;UNTIL=20280630');
    expect(describeSeriesRule(weekly, '2027-09-07')).toBe('wöchentlich dienstags und donnerstags bis 30.06.2028');
    const monthly = rule({ frequency: 'MONTHLY', interval: 2, count: 5 });
    expect(rruleOf(monthly, '2027-01-29')).toBe('FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR;COUNT=5');
    expect(describeSeriesRule(monthly, '2027-01-29')).toBe('alle 2 Monate am letzten Freitag, 5 Termine');
  });
});

describe('cancelling a series: the input', () => {
  it('takes FOLLOWING with its date and ALL without, the reason trimmed', () => {
    expect(seriesCancelSchema.parse({ scope: 'FOLLOWING', fromBookingId: ' AB12-CD34 ', reason: ' Sanierung ' })).toEqual({ scope: 'FOLLOWING', fromBookingId: 'AB12-CD34', reason: 'Sanierung' });
    expect(seriesCancelSchema.parse({ scope: 'ALL' })).toEqual({ scope: 'ALL', fromBookingId: '', reason: '' });
  });

  it('names a missing or unknown scope and FOLLOWING without its date in German', () => {
    const errors = (input: unknown) => {
      const result = seriesCancelSchema.safeParse(input);
      return result.success ? {} : fieldErrorsOf(result.error);
    };
    expect(errors({})).toEqual({ scope: seriesMessages.scope });
    expect(errors({ scope: 'SOME' })).toEqual({ scope: seriesMessages.scope });
    expect(errors({ scope: 'FOLLOWING' })).toEqual({ fromBookingId: seriesMessages.fromBookingId });
  });
});
