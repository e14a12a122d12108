import { performance } from 'node:perf_hooks';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

/**
 * The live board across server processes: moves sent to process A (GraphQL `moveWorkflowCard`),
 * each timed from sending the request until a subscriber connected to process B receives the card
 * at its new place (`workflowCardChanged`, PostgreSQL NOTIFY between the processes). `movers`
 * staff members move at once, each its own cards, for `durationMs`.
 */
export interface BoardLatency {
  moves: number;
  movers: number;
  latenciesMs: number[];
}

const MOVE = 'mutation($t: ID!, $id: ID!, $d: String!, $i: Int!) { moveWorkflowCard(tenantId: $t, id: $id, destination: $d, index: $i) { kind } }';
const CHANGED = 'subscription($t: ID!) { workflowCardChanged(tenantId: $t) { kind card { id stateId index } } }';

interface CardEvent {
  id: string;
  stateId: string | null;
  index: number | null;
}

export async function measureBoardLatency(
  baseA: string,
  baseB: string,
  options: { cookie: string; tenantId: string; states: readonly string[]; cards: readonly string[]; movers: number; durationMs: number },
): Promise<BoardLatency> {
  const { cookie, tenantId, states, cards, movers, durationMs } = options;
  const waiting = new Map<string, { stateId: string; resolve: () => void }>();
  const origin = new URL(baseB).origin;
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie }, origin });
    }
  }
  const client = createClient({ url: `${baseB.replace(/^http/, 'ws')}/graphql`, webSocketImpl: CookieWebSocket, retryAttempts: 0 });
  let subscribed = false;
  const stop = client.subscribe<{ workflowCardChanged: { card: CardEvent | null } }>(
    { query: CHANGED, variables: { t: tenantId } },
    {
      next: (result) => {
        subscribed = true;
        const card = result.data?.workflowCardChanged.card;
        const pending = card ? waiting.get(card.id) : undefined;
        if (card && pending && pending.stateId === card.stateId) {
          waiting.delete(card.id);
          pending.resolve();
        }
      },
      error: (error) => console.error('[bench] Abonnement fehlgeschlagen:', error),
      complete: () => undefined,
    },
  );

  const move = async (id: string, stateId: string, index: number) => {
    const arrived = new Promise<void>((resolve) => waiting.set(id, { stateId, resolve }));
    const response = await fetch(`${baseA}/graphql`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ query: MOVE, variables: { t: tenantId, id, d: stateId, i: index } }),
    });
    const answer = (await response.json()) as { errors?: unknown[] };
    if (!response.ok || answer.errors) throw new Error(`Verschieben fehlgeschlagen: ${JSON.stringify(answer)}`);
    await arrived;
  };

  try {
    // The subscription is live once the first event arrives.
    for (let attempt = 0; !subscribed; attempt++) {
      if (attempt > 50) throw new Error('Das Abonnement liefert nichts');
      waiting.clear();
      void fetch(`${baseA}/graphql`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ query: MOVE, variables: { t: tenantId, id: cards[0], d: states[attempt % states.length], i: 0 } }),
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    waiting.clear();

    const latenciesMs: number[] = [];
    const end = Date.now() + durationMs;
    const perMover = Math.floor(cards.length / movers);
    await Promise.all(
      Array.from({ length: movers }, async (_, mover) => {
        const own = cards.slice(mover * perMover, (mover + 1) * perMover);
        for (let step = 0; Date.now() < end; step++) {
          const card = own[step % own.length];
          const start = performance.now();
          await move(card, states[(step + mover) % states.length], step % 7);
          latenciesMs.push(performance.now() - start);
        }
      }),
    );
    return { moves: latenciesMs.length, movers, latenciesMs };
  } finally {
    stop();
    await client.dispose();
  }
}
