import { describe, expect, it } from 'vitest';
import { steppedValue } from './numericStep';

describe('steppedValue', () => {
  it('steps up and down by the step size, an empty field counting as 0', () => {
    expect(steppedValue(4, 1, 1)).toBe(5);
    expect(steppedValue('4', -1, 1)).toBe(3);
    expect(steppedValue('', 1, 1)).toBe(1);
  });

  it('stays within min and max', () => {
    expect(steppedValue(0, -1, 1, 0)).toBe(0);
    expect(steppedValue(10, 1, 1, 0, 10)).toBe(10);
  });

  it('keeps decimal steps free of floating-point noise and reads a decimal comma', () => {
    expect(steppedValue('0,1', 1, 0.2)).toBe(0.3);
  });
});
