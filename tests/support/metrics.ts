import type { HttpClient } from './http.js';
import { EVENT_WAIT_CEILING_MS } from './waits.js';

/** The live-update gauges of one server process, read from its /metrics page (open outside production). */
export interface LiveGauges {
  sockets: number;
  subscriptions: number;
}

export async function readLiveGauges(client: HttpClient): Promise<LiveGauges> {
  const text = (await client.get('/metrics')).text;
  const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
  return { sockets: value('graphql_ws_connections'), subscriptions: value('graphql_subscriptions_active') };
}

/**
 * Waits until the gauges satisfy the predicate. A subscription counts once its event stream is in
 * place, so an event published after this returns reaches it (a client cannot tell that moment).
 */
export async function waitForLiveGauges(client: HttpClient, predicate: (gauges: LiveGauges) => boolean, timeoutMs = EVENT_WAIT_CEILING_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = await readLiveGauges(client);
    if (predicate(seen)) return;
    if (Date.now() > deadline) throw new Error(`Live-update gauges did not reach the expected state within ${timeoutMs} ms (last ${JSON.stringify(seen)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
