import { describe, expect, it } from 'vitest';
import { bookableMaximum, seatsLeftText } from './seats';

describe('bookableMaximum', () => {
  it("is the object's amount without a seat limit", () => {
    expect(bookableMaximum(3, null)).toBe(3);
    expect(bookableMaximum(null, null)).toBeNull();
  });

  it('is the smaller of amount and seats left for a ticket', () => {
    expect(bookableMaximum(null, 5)).toBe(5);
    expect(bookableMaximum(10, 4)).toBe(4);
    expect(bookableMaximum(2, 4)).toBe(2);
  });
});

describe('seatsLeftText', () => {
  it('counts the seats in German, one in the singular, none as sold out', () => {
    expect(seatsLeftText(1200)).toBe('Noch 1.200 Plätze frei');
    expect(seatsLeftText(1)).toBe('Noch 1 Platz frei');
    expect(seatsLeftText(0)).toBe('Ausgebucht');
  });
});
