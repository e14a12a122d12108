import { describe, expect, it } from 'vitest';
import { catchUpAfterReconnect } from './subscriptionLink';

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
