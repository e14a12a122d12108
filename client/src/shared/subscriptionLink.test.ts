import { describe, expect, it } from 'vitest';
import { catchUpAfterReconnect, onSessionEnded } from './subscriptionLink';

describe('catchUpAfterReconnect', () => {
  it('reads the data again when the socket came back after a loss, not on its first connection', () => {
    let caughtUp = 0;
    const connected = catchUpAfterReconnect(() => caughtUp++);
    connected({}, undefined, false);
    expect(caughtUp).toBe(0);
    connected({}, undefined, true);
    connected({}, undefined, true);
    expect(caughtUp).toBe(2);
  });
});

describe('onSessionEnded', () => {
  it('reacts to the close of an ended session (4401) only', () => {
    let ended = 0;
    const closed = onSessionEnded(() => ended++);
    closed({ code: 1000, reason: '' });
    closed({ code: 4403, reason: 'Berechtigungen geändert' });
    expect(ended).toBe(0);
    closed({ code: 4401, reason: 'Sitzung beendet' });
    expect(ended).toBe(1);
  });
});
