import { describe, expect, it } from 'vitest';
import { seriesDatesToPay, seriesHasSomethingToPay } from './series-payment.js';

const date = (id: string, priceEur: number, state: { isPayed?: boolean; isRejected?: boolean } = {}) => ({ id, priceEur, isPayed: state.isPayed ?? false, isRejected: state.isRejected ?? false });

describe('the dates marking a series paid pays', () => {
  it('are the priced dates neither paid, cancelled nor rejected, in their order', () => {
    const dates = [date('a', 20), date('b', 20, { isPayed: true }), date('c', 20, { isRejected: true }), date('d', 0), date('e', 35.5)];
    expect(seriesDatesToPay(dates).map((entry) => entry.id)).toEqual(['a', 'e']);
  });

  it('are none when every priced date is paid already, though the series still has something paid', () => {
    const dates = [date('a', 20, { isPayed: true }), date('b', 20, { isPayed: true })];
    expect(seriesDatesToPay(dates)).toEqual([]);
    expect(seriesHasSomethingToPay(dates)).toBe(true);
  });
});

describe('a series with nothing to pay', () => {
  it('has only free, cancelled or rejected dates', () => {
    expect(seriesHasSomethingToPay([date('a', 0), date('b', 20, { isRejected: true })])).toBe(false);
    expect(seriesHasSomethingToPay([])).toBe(false);
  });

  it('is not one with a single priced date left', () => {
    expect(seriesHasSomethingToPay([date('a', 0), date('b', 0.5)])).toBe(true);
  });
});
