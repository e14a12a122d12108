import { createClient } from 'graphql-ws';
import { describe, expect, it } from 'vitest';
import { catchUpAfterReconnect, subscriptionClientOptions } from './subscriptionLink';

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

/** A stand-in for the browser's WebSocket: the server side acknowledges, records and closes on demand. */
class FakeServerSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static opened: FakeServerSocket[] = [];
  readyState = FakeServerSocket.CONNECTING;
  readonly protocol = 'graphql-transport-ws';
  readonly received: { type: string }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeServerSocket.opened.push(this);
    setTimeout(() => {
      this.readyState = FakeServerSocket.OPEN;
      this.onopen?.();
    });
  }

  send(data: string): void {
    const message = JSON.parse(data) as { type: string };
    this.received.push(message);
    if (message.type === 'connection_init') setTimeout(() => this.onmessage?.({ data: JSON.stringify({ type: 'connection_ack' }) }));
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === FakeServerSocket.CLOSED) return;
    this.readyState = FakeServerSocket.CLOSED;
    this.onclose?.({ code, reason, wasClean: true });
  }
}

const until = async (condition: () => boolean) => {
  for (let attempt = 0; !condition(); attempt++) {
    if (attempt > 200) throw new Error('condition not met within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the subscription client', () => {
  it('reconnects after the server closed with 1012 (Service Restart), subscribes again and reads the data again', async () => {
    FakeServerSocket.opened = [];
    let caughtUp = 0;
    const client = createClient({
      ...subscriptionClientOptions('ws://buchung.example/graphql', () => caughtUp++),
      webSocketImpl: FakeServerSocket,
      // The decision to retry is under test, not graphql-ws's backoff of one to four seconds.
      retryWait: async () => undefined,
    });
    const errors: unknown[] = [];
    const stop = client.subscribe({ query: 'subscription { sessionChanged { user { id } } }' }, { next: () => undefined, error: (error) => errors.push(error), complete: () => undefined });
    try {
      await until(() => FakeServerSocket.opened[0]?.received.some((message) => message.type === 'subscribe'));
      expect(caughtUp).toBe(0);

      FakeServerSocket.opened[0].close(1012, 'Der Server startet neu');
      await until(() => FakeServerSocket.opened[1]?.received.some((message) => message.type === 'subscribe'));
      expect(caughtUp).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      stop();
      await Promise.resolve(client.dispose()).catch(() => undefined);
    }
  });
});
