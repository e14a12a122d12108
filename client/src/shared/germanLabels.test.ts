import { describe, expect, it } from 'vitest';
import { germanLabel } from './germanLabels';

describe('germanLabel', () => {
  it('names the English labels of Blueprint and the day picker in German', () => {
    expect(germanLabel('Close')).toBe('Schließen');
    expect(germanLabel('increment')).toBe('Erhöhen');
    expect(germanLabel('decrement')).toBe('Verringern');
    expect(germanLabel('expand section')).toBe('Abschnitt aufklappen');
    expect(germanLabel('collapse section')).toBe('Abschnitt zuklappen');
    expect(germanLabel('Increase hours (24hr clock)')).toBe('Stunden erhöhen');
    expect(germanLabel('Decrease minutes')).toBe('Minuten verringern');
    expect(germanLabel('Go to next month')).toBe('Nächster Monat');
  });

  it('leaves every other text alone, including names inherited from Object', () => {
    expect(germanLabel('Schließen')).toBeUndefined();
    expect(germanLabel('Gutschein SOMMER bearbeiten')).toBeUndefined();
    expect(germanLabel('toString')).toBeUndefined();
  });

});
