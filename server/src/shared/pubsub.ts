import { createPubSub } from '@graphql-yoga/subscription';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { logger } from './logging.js';

/**
 * Publish/subscribe across every server process: a publish becomes a PostgreSQL NOTIFY on one
 * channel, and each process LISTENs on it and hands the event to its local subscribers. This keeps
 * live updates working behind a load balancer without extra infrastructure.
 */
const CHANNEL = 'app_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events carry ids, not documents. */
const MAX_PAYLOAD = 7900;

/** Topic name to payload. Topics with an id are published as `TOPIC:id` (yoga's routing). */
export type Topics = {
  /** The user's profile or rights changed (or the account was suspended or deleted). */
  SESSION_CHANGED: [userId: string, payload: { userId: string; reason: string }];
  /** The session is gone (signed out, destroyed, replaced at sign-in): its sockets close. */
  SESSION_ENDED: [sessionId: string, payload: { sessionId: string }];
  /** An API token was revoked (by hand, or its creator lost the right): its sockets close. */
  API_TOKEN_REVOKED: [tokenId: string, payload: { tokenId: string }];
  /** An API token's rights changed (its role was edited): its sockets read the token again. */
  API_TOKEN_CHANGED: [tokenId: string, payload: { tokenId: string }];
  BOOKING_CHANGED: [tenantId: string, payload: BookingChangedEvent];
  WORKFLOW_CARD_CHANGED: [tenantId: string, payload: WorkflowCardEvent];
};

/** A booking was created, changed or deleted; subscribers load what they may see. */
export interface BookingChangedEvent {
  tenantId: string;
  /** The booking number. */
  id: string;
  action: 'CREATED' | 'UPDATED' | 'DELETED';
  /** For the "own" rights: whom the booking is assigned to. */
  assignedUserId: string | null;
  /**
   * The objects the booking held before or holds after the change (both when it moved; a deleted
   * booking's last ones), so schedules learn which of their objects changed without reading the
   * booking. Null: more than fit into one event; every schedule of the tenant counts as touched.
   */
  bookableIds: string[] | null;
}

/**
 * A card of the kanban board changed its place (MOVED), or the board's states changed so that
 * cards went back to the backlog (BOARD: read the board again).
 */
export interface WorkflowCardEvent {
  kind: 'MOVED' | 'BOARD';
  tenantId: string;
  /** The booking number ('' for BOARD). */
  id: string;
  /** The state it is in now; null for the backlog and the archive. */
  stateId: string | null;
  archived: boolean;
  /** Its index in the state (0 = top); null outside the states. */
  index: number | null;
  /** When it entered its state or the archive (epoch ms). */
  enteredAt: number | null;
}

type TopicName = keyof Topics;

/**
 * The NOTIFY that publishing `topic` for `id` would send, as an SQL expression and parameters, for
 * running inside a transaction: PostgreSQL delivers it exactly when the transaction commits, so
 * subscribers never hear of a rolled-back change and always hear of a committed one.
 */
export function notifyCall<T extends TopicName>(topic: T, id: Topics[T][0], detail: Topics[T][1]): { expression: string; params: string[] } {
  const payload = JSON.stringify({ topic: `${topic}:${id}`, detail });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`Event ${topic} is too large for NOTIFY`);
  return { expression: 'pg_notify(?, ?)', params: [CHANNEL, payload] };
}

/** notifyCall as a statement of its own. */
export function notifyStatement<T extends TopicName>(topic: T, id: Topics[T][0], detail: Topics[T][1]): { sql: string; params: string[] } {
  const { expression, params } = notifyCall(topic, id, detail);
  return { sql: `select ${expression}`, params };
}

/**
 * Publishes inside the caller's transaction (notifyStatement): delivered exactly when it commits.
 * Changes of rights use it, so no live event committed after the change reaches a subscriber
 * before the news of the change itself.
 */
export async function publishInTransaction<T extends TopicName>(em: EntityManager, topic: T, id: Topics[T][0], detail: Topics[T][1]): Promise<void> {
  const { sql, params } = notifyStatement(topic, id, detail);
  await em.execute(sql, params);
}

type Listener = (event: CustomEvent) => void;

/** The local topic of "the LISTEN connection was lost": events may have been missed meanwhile. */
const LISTEN_LOST = 'pubsub:listen-lost';

/** The LISTEN connection's name in pg_stat_activity (operators and tests can find it). */
export const LISTEN_APPLICATION_NAME = 'buchungsplattform-pubsub';
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 10_000;

class PostgresEventTarget {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listenClient: pg.Client | undefined;
  private ready: Promise<void> | undefined;
  private stopped = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(private readonly pool: pg.Pool, private readonly connectionString: string) {}

  start(): Promise<void> {
    this.ready ??= this.connect();
    return this.ready;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: LISTEN_APPLICATION_NAME });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const { topic, detail } = JSON.parse(message.payload) as { topic: string; detail: unknown };
      this.listeners.get(topic)?.forEach((listener) => listener(new CustomEvent(topic, { detail })));
    });
    // A lost connection (database restart, network) would silence this replica for good: reconnect.
    const lost = (reason: string) => {
      if (this.listenClient !== client) return;
      this.listenClient = undefined;
      logger.error(`[pubsub] listen connection lost (${reason}), reconnecting`);
      client.end().catch(() => undefined);
      this.listeners.get(LISTEN_LOST)?.forEach((listener) => listener(new CustomEvent(LISTEN_LOST)));
      this.scheduleReconnect();
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('closed'));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listenClient = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch((error: Error) => {
        logger.error({ err: error }, '[pubsub] reconnect failed');
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  addEventListener(topic: string, listener: Listener | null): void {
    if (!listener) return;
    const set = this.listeners.get(topic) ?? new Set();
    set.add(listener);
    this.listeners.set(topic, set);
  }

  removeEventListener(topic: string, listener: Listener | null): void {
    if (!listener) return;
    this.listeners.get(topic)?.delete(listener);
  }

  dispatchEvent(event: Event): boolean {
    const payload = JSON.stringify({ topic: event.type, detail: (event as CustomEvent).detail });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`Event ${event.type} is too large for NOTIFY`);
    this.pool.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch((error: Error) => {
      logger.error({ err: error }, '[pubsub] publish failed');
    });
    return true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const client = this.listenClient;
    this.listenClient = undefined;
    this.listeners.clear();
    if (client) await client.end().catch(() => undefined);
  }
}

/**
 * Synchronous listeners of this process, called as each notification arrives, in commit order and
 * before any subscriber's asynchronous handling of a later one: what must take effect before the
 * next event is handled (closing a signed-out user's sockets) listens here.
 */
export interface LiveSignals {
  /** Calls the listener for every event of the topic and id; answers the function that stops it. */
  on<T extends TopicName>(topic: T, id: Topics[T][0], listener: (detail: Topics[T][1]) => void): () => void;
  /** Calls the listener whenever the LISTEN connection was lost (events may have been missed). */
  onListenLost(listener: () => void): () => void;
}

export function createAppPubSub(pool: pg.Pool, connectionString: string) {
  const eventTarget = new PostgresEventTarget(pool, connectionString);
  const pubSub = createPubSub<Topics>({ eventTarget });
  const listen = (topic: string, listener: Listener): (() => void) => {
    eventTarget.addEventListener(topic, listener);
    return () => eventTarget.removeEventListener(topic, listener);
  };
  const signals: LiveSignals = {
    on: (topic, id, listener) => listen(`${topic}:${id}`, (event) => listener(event.detail as never)),
    onListenLost: (listener) => listen(LISTEN_LOST, () => listener()),
  };
  return { pubSub, signals, start: () => eventTarget.start(), stop: () => eventTarget.stop() };
}

export type AppPubSub = ReturnType<typeof createAppPubSub>['pubSub'];

declare module './domain-services.js' {
  interface DomainServices {
    pubSub: AppPubSub;
  }
}
