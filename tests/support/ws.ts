import { createClient, type Client, type FormattedExecutionResult } from 'graphql-ws';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { recordResponse } from './secrets.js';
import { EVENT_WAIT_CEILING_MS } from './waits.js';

/**
 * A graphql-ws client like the browser's: the `ws` WebSocket sends the session cookie and an
 * Origin header with the upgrade request (a browser does both on its own).
 */
export function graphqlWsClient(
  baseUrl: string,
  options: { cookie?: string; origin?: string; onUpgrade?: (response: IncomingMessage) => void; connectionParams?: Record<string, unknown> } = {},
): Client {
  const headers: Record<string, string> = options.cookie ? { cookie: options.cookie } : {};
  const { onUpgrade } = options;
  class HeaderWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers, origin: options.origin ?? new URL(baseUrl).origin });
      // The server's (or a balancer's) answer to the upgrade request, with its headers.
      if (onUpgrade) this.once('upgrade', onUpgrade);
    }
  }
  return createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: HeaderWebSocket,
    retryAttempts: 0,
    lazy: true,
    ...(options.connectionParams ? { connectionParams: options.connectionParams } : {}),
  });
}

/** A running subscription whose results and errors are collected for assertions. */
export class SubscriptionRecorder<TData = Record<string, unknown>> {
  readonly results: FormattedExecutionResult<TData, unknown>[] = [];
  error: unknown;
  completed = false;
  private readonly unsubscribe: () => void;

  constructor(client: Client, query: string, variables?: Record<string, unknown>) {
    this.unsubscribe = client.subscribe<TData>(
      { query, variables },
      {
        next: (result) => {
          recordResponse({ method: 'WS', path: '/graphql', status: 0, body: JSON.stringify(result) });
          this.results.push(result);
        },
        error: (error) => {
          this.error = error;
        },
        complete: () => {
          this.completed = true;
        },
      },
    );
  }

  /** Waits until a result satisfies the predicate; fails on a transport error or after the timeout. */
  async waitFor(predicate: (result: FormattedExecutionResult<TData, unknown>) => boolean, timeoutMs = EVENT_WAIT_CEILING_MS): Promise<FormattedExecutionResult<TData, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.results.find(predicate);
      if (found) return found;
      if (this.error !== undefined) throw new Error(`Subscription failed: ${JSON.stringify(this.error)}`);
      if (Date.now() > deadline) throw new Error(`No matching subscription result within ${timeoutMs} ms (got ${JSON.stringify(this.results)})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Waits until the operation has ended (completed or failed). */
  async waitForEnd(timeoutMs = EVENT_WAIT_CEILING_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.completed && this.error === undefined) {
      if (Date.now() > deadline) throw new Error(`Operation did not end within ${timeoutMs} ms (results ${JSON.stringify(this.results)})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  stop(): void {
    this.unsubscribe();
  }
}

/** Runs one operation on a socket of its own until it ends, and closes the socket: its results or error. */
export async function runOverSocket(baseUrl: string, cookie: string, query: string): Promise<SubscriptionRecorder> {
  const ws = graphqlWsClient(baseUrl, { cookie });
  const operation = new SubscriptionRecorder(ws, query);
  try {
    await operation.waitForEnd();
    return operation;
  } finally {
    await ws.dispose();
  }
}
