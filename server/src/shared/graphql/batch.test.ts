import { describe, expect, it } from 'vitest';
import { BatchLoader, loaderOf } from './batch.js';

describe('BatchLoader', () => {
  it('reads the keys asked for in one turn with one call, each key once', async () => {
    const calls: string[][] = [];
    const loader = new BatchLoader<string, number>(async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((key) => key !== 'unknown').map((key) => [key, key.length]));
    });
    const answers = await Promise.all(['a', 'bb', 'a', 'unknown'].map((key) => loader.load(key)));
    expect(answers).toEqual([1, 2, 1, null]);
    expect(calls).toEqual([['a', 'bb', 'unknown']]);
  });

  it('reads anew in a later turn (a subscription sees changes) and passes a failure to every waiting field', async () => {
    let round = 0;
    const loader = new BatchLoader<string, number>(async (keys) => {
      round += 1;
      if (round === 2) throw new Error('Datenbank nicht erreichbar');
      return new Map(keys.map((key) => [key, round]));
    });
    expect(await loader.load('a')).toBe(1);
    await expect(Promise.all([loader.load('a'), loader.load('b')])).rejects.toThrow('Datenbank nicht erreichbar');
    expect(await loader.load('a')).toBe(3);
  });

  it('one loader per context and name', () => {
    const context = {};
    const load = async () => new Map<string, number>();
    expect(loaderOf(context, 'events', load)).toBe(loaderOf(context, 'events', load));
    expect(loaderOf(context, 'events', load)).not.toBe(loaderOf({}, 'events', load));
  });
});
