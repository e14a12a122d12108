import { describe, expect, it } from 'vitest';
import { settledWithin } from './wait.js';

const after = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('settledWithin', () => {
  it('is true for work that ends in time, false for work that outlasts the limit', async () => {
    expect(await settledWithin(after(5), 500)).toBe(true);
    expect(await settledWithin(after(500), 5)).toBe(false);
  });

  it('waits without a limit for Infinity', async () => {
    expect(await settledWithin(after(30), Number.POSITIVE_INFINITY)).toBe(true);
  });

  it('passes on a rejection within the time', async () => {
    await expect(settledWithin(Promise.reject(new Error('kaputt')), 500)).rejects.toThrow('kaputt');
  });
});
