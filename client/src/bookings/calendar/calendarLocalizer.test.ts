import { describe, expect, it } from 'vitest';
import { fastGermanLocalizer, germanLocalizer, placementRules } from './calendarLocalizer';

// A repeatable stream of numbers, so a failure can be reproduced.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function entries(count: number, seed: number) {
  const next = random(seed);
  const base = new Date(2026, 9, 20).getTime();
  return Array.from({ length: count }, () => {
    const start = new Date(base + Math.floor(next() * 60 * 24 * 4) * 15 * 60_000);
    // Mostly hours, some over days, some of no duration.
    const minutes = next() < 0.1 ? 0 : next() < 0.2 ? Math.floor(next() * 4 * 24 * 60) : 30 * (1 + Math.floor(next() * 8));
    return { start, end: new Date(start.getTime() + minutes * 60_000), allDay: next() < 0.05 };
  });
}

describe('fastGermanLocalizer', () => {
  const original = placementRules(germanLocalizer());
  const fast = placementRules(fastGermanLocalizer());

  it('sorts entries exactly as react-big-calendar does', () => {
    const list = entries(400, 7);
    const sortedBy = (localizer: typeof original) => [...list].sort((evtA, evtB) => localizer.sortEvents({ evtA, evtB }));
    expect(sortedBy(fast)).toEqual(sortedBy(original));
  });

  it('finds the same entries in a range as react-big-calendar', () => {
    const list = entries(400, 11);
    for (const range of [
      { start: new Date(2026, 9, 26), end: new Date(2026, 10, 1, 23, 59, 59, 999) },
      { start: new Date(2026, 9, 21), end: new Date(2026, 9, 21, 23, 59, 59, 999) },
    ]) {
      expect(list.map((event) => fast.inEventRange({ event, range }))).toEqual(list.map((event) => original.inEventRange({ event, range })));
    }
  });

  it('takes the start of a day, and of other units as before', () => {
    const date = new Date(2026, 10, 24, 13, 45, 12, 345);
    expect(fast.startOf(date, 'day')).toEqual(original.startOf(date, 'day'));
    expect(fast.startOf(date, 'month')).toEqual(original.startOf(date, 'month'));
    expect(fast.startOf(date, 'day')).not.toBe(fast.startOf(date, 'day'));
  });
});
