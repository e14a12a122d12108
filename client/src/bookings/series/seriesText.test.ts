import { describe, expect, it } from 'vitest';
import { datesText, followingDates, openDates, pendingDates, type SeriesDate, seriesDateStatus, seriesDateTexts, seriesPaymentQuestion, seriesTagName } from './seriesText';

/** Tuesdays 18:00–20:00 Berlin from 2 November 2027 on. */
function date(bookingId: string, week: number, state: Partial<SeriesDate> = {}): SeriesDate {
  const begin = Date.parse('2027-11-02T17:00:00.000Z') + week * 7 * 86_400_000;
  return {
    bookingId,
    timeBegin: new Date(begin).toISOString(),
    timeEnd: new Date(begin + 2 * 3_600_000).toISOString(),
    isCommitted: false,
    isRejected: false,
    isPayed: false,
    status: 'ausstehend',
    priceEur: 29.75,
    ...state,
  };
}

const released = { isCommitted: true, status: 'freigegeben' };
const cancelled = { isCommitted: true, isRejected: true, status: 'storniert' };

describe('the series texts', () => {
  it('writes a date as its Berlin day and time', () => {
    expect(seriesDateTexts(date('A', 0))).toEqual({ day: 'Di, 02.11.2027', time: '18:00–20:00 Uhr' });
    expect(seriesDateTexts({ timeBegin: null, timeEnd: null })).toEqual({ day: '', time: '' });
  });

  it('names the tag by the rule, and the date counts in German', () => {
    expect(seriesTagName('wöchentlich dienstags, 4 Termine')).toBe('Serie: wöchentlich dienstags, 4 Termine');
    expect(seriesTagName(undefined)).toBe('Serie');
    expect([datesText(1), datesText(3)]).toEqual(['1 Termin', '3 Termine']);
  });

  it('takes the server status word, an unknown one as waiting', () => {
    expect(seriesDateStatus({ status: 'storniert' })).toBe('storniert');
    expect(seriesDateStatus({ status: 'irgendwas' })).toBe('ausstehend');
  });
});

describe('which dates a series action touches', () => {
  const dates = [date('A', 0, released), date('B', 1), date('C', 2, cancelled), date('D', 3)];

  it('releases the dates neither released nor rejected', () => {
    expect(pendingDates(dates).map((entry) => entry.bookingId)).toEqual(['B', 'D']);
  });

  it('cancels from a date on the later ones not already cancelled, or every open one', () => {
    expect(followingDates(dates, 'B').map((entry) => entry.bookingId)).toEqual(['B', 'D']);
    expect(followingDates(dates, 'A').map((entry) => entry.bookingId)).toEqual(['A', 'B', 'D']);
    expect(followingDates(dates, 'C').map((entry) => entry.bookingId)).toEqual(['D']);
    expect(followingDates(dates, 'X')).toEqual([]);
    expect(openDates(dates).map((entry) => entry.bookingId)).toEqual(['A', 'B', 'D']);
  });
});

describe('marking a series paid asks', () => {
  it('for the count of open dates and their amount in all, summed in cents', () => {
    const question = seriesPaymentQuestion('wöchentlich dienstags, 3 Termine', 'Schwimmverein 1912', [date('A', 0, { priceEur: 0.1 }), date('B', 1, { priceEur: 0.2 })]);
    expect(question).toBe('Die Zahlung über 0,30\u00a0€ für die 2 offenen Termine der Serie „wöchentlich dienstags, 3 Termine“ von Schwimmverein 1912 ist eingegangen. Auf welchem Weg?');
  });

  it('for one open date in the singular, and a series without a name as unknown', () => {
    expect(seriesPaymentQuestion('täglich', '', [date('A', 0)])).toBe('Die Zahlung über 29,75\u00a0€ für den offenen Termin der Serie „täglich“ von unbekannt ist eingegangen. Auf welchem Weg?');
  });
});
