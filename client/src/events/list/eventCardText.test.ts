import { describe, expect, it } from 'vitest';
import { eventDateText, eventPriceText, germanDate } from './eventCardText';

describe('eventDateText', () => {
  it('gives the start with its time and the end time on the same day', () => {
    expect(eventDateText({ startDate: '2026-11-24', startTime: '18:00', endDate: '2026-11-24', endTime: '20:00' })).toBe('24.11.2026 18:00 - 20:00');
  });

  it('names the end date when the event ends on another day', () => {
    expect(eventDateText({ startDate: '2026-11-24', startTime: '18:00', endDate: '2026-11-25', endTime: '10:00' })).toBe('24.11.2026 18:00 - 25.11.2026 10:00');
  });

  it('leaves out what is not given', () => {
    expect(eventDateText({ startDate: '2026-11-24', startTime: null, endDate: null, endTime: null })).toBe('24.11.2026');
    expect(eventDateText({ startDate: '2026-11-24', startTime: '09:00', endDate: '2026-11-26', endTime: null })).toBe('24.11.2026 09:00 - 26.11.2026');
  });
});

describe('germanDate', () => {
  it('reads only a plain calendar date', () => {
    expect(germanDate('2027-01-05')).toBe('05.01.2027');
    expect(germanDate('2027-01-05T10:00:00Z')).toBe('');
    expect(germanDate(null)).toBe('');
  });
});

describe('eventPriceText', () => {
  it('says kostenlos for a free event and one without price categories', () => {
    expect(eventPriceText({ free: true, priceCategories: [{ name: 'Erwachsene', price: 12 }] })).toBe('kostenlos');
    expect(eventPriceText({ free: false, priceCategories: [] })).toBe('kostenlos');
  });

  it('lists the price categories in euros', () => {
    expect(eventPriceText({ free: false, priceCategories: [{ name: 'Erwachsene', price: 12 }, { name: 'Kinder', price: 6.5 }] })).toBe('Erwachsene 12,00\u00a0€, Kinder 6,50\u00a0€');
  });
});
