import { describe, expect, it } from 'vitest';
import { grossCents, grossFromNet, toCents } from './prices.js';

describe('gross prices', () => {
  it('adds the VAT rate to the net price, rounded to cents', () => {
    expect(grossFromNet(10, 19)).toBe(11.9);
    expect(grossFromNet(3.33, 7)).toBe(3.56); // 3.5631
    expect(grossFromNet(0.05, 19)).toBe(0.06); // 5.95 cents
  });

  it('keeps the net price when there is no VAT', () => {
    expect(grossFromNet(12.5, 0)).toBe(12.5);
  });

  it('rounds the net to cents before adding VAT', () => {
    expect(grossFromNet(1.005, 0)).toBe(1.01);
    expect(grossCents(toCents(20), 19)).toBe(2380);
  });
});
