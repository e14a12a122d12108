import { describe, expect, it } from 'vitest';
import { BatchLoader, loaderOf, tenantLoaderOf } from './batch.js';

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

  it('a tenant loader reads the ids asked for together with one call per tenant among them', async () => {
    const calls: [string, string[]][] = [];
    const loader = tenantLoaderOf<string>({}, 'links', async (tenantId, ids) => {
      calls.push([tenantId, ids]);
      return new Map(ids.map((id) => [id, `${tenantId}/${id}`]));
    });
    const answers = await Promise.all([loader.load('t1', 'a'), loader.load('t2', 'a'), loader.load('t1', 'b'), loader.load('t1', 'a')]);
    expect(answers).toEqual(['t1/a', 't2/a', 't1/b', 't1/a']);
    expect(calls).toEqual([
      ['t1', ['a', 'b']],
      ['t2', ['a']],
    ]);
  });
});
