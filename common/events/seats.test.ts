import { describe, expect, it } from 'vitest';
import { seatLimitError, seatsSoldMessage } from './seats.js';

describe('seat limit against the seats sold', () => {
  it('refuses a limit below the seats sold, naming them', () => {
    expect(seatLimitError(4, 5)).toBe('Es sind bereits 5 Plätze verkauft. Die Teilnehmeranzahl darf nicht darunter liegen.');
    expect(seatLimitError(0, 1)).toBe('Es ist bereits 1 Platz verkauft. Die Teilnehmeranzahl darf nicht darunter liegen.');
    expect(seatsSoldMessage(2)).toBe('Es sind bereits 2 Plätze verkauft. Die Teilnehmeranzahl darf nicht darunter liegen.');
  });

  it('accepts a limit equal to or above the seats sold, and an empty (unlimited) one', () => {
    expect(seatLimitError(5, 5)).toBeNull();
    expect(seatLimitError(6, 5)).toBeNull();
    expect(seatLimitError(null, 500)).toBeNull();
  });
});
