import { describe, expect, it } from 'vitest';
import { requestedSeats, seatsLeft } from './event-seats.js';

describe('event seats', () => {
  it('seats left never go below 0; null without a limit', () => {
    expect(seatsLeft(5, 3)).toBe(2);
    expect(seatsLeft(5, 7)).toBe(0);
    expect(seatsLeft(null, 7)).toBeNull();
  });

  it('adds the amounts of all tickets per event and ignores items of no event', () => {
    const seats = requestedSeats([
      { eventId: 'a', amount: 2 },
      { eventId: null, amount: 9 },
      { eventId: 'a', amount: 1 },
      { eventId: 'b', amount: 4 },
    ]);
    expect([...seats]).toEqual([
      ['a', 3],
      ['b', 4],
    ]);
  });
});
