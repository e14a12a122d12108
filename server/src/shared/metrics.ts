import { timingSafeEqual, createHash } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics. The counters the domains feed (checkout outcomes, lock waits) and the HTTP
 * histogram are one set per process; each app gets its own Registry that exposes them together
 * with what it collects on every scrape (pools, queue, sockets) and Node's default metrics, so
 * several apps in one process (tests) never register a name twice in one registry.
 */

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Dauer der HTTP-Anfragen nach Methode, Routenmuster und Status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS_BUCKETS,
  registers: [],
});

export const checkoutOutcomes = new Counter({
  name: 'checkout_outcomes_total',
  help: 'Abgeschlossene Buchungen (ok) und abgelehnte nach Fehlercode',
  labelNames: ['outcome'] as const,
  registers: [],
});

export const lockWaitDuration = new Histogram({
  name: 'booking_lock_wait_seconds',
  help: 'Wartezeit auf die Sperren der gebuchten Objekte (acquired: erhalten, busy: Zeitlimit oder Deadlock)',
  labelNames: ['outcome'] as const,
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
  registers: [],
});

export const jobRunDuration = new Histogram({
  name: 'job_run_duration_seconds',
  help: 'Dauer der Job-Läufe nach Aufgabe und Ergebnis (ok, failed, given_up)',
  labelNames: ['task', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [],
});

/** Records a checkout's result: `ok`, or the error code it was refused with. */
export function recordCheckoutOutcome(outcome: string): void {
  checkoutOutcomes.inc({ outcome });
}

/** Times a lock wait; `busy` when the locks were not had. */
export async function timeLockWait<T>(wait: () => Promise<T>): Promise<T> {
  const end = lockWaitDuration.startTimer();
  try {
    const result = await wait();
    end({ outcome: 'acquired' });
    return result;
  } catch (error) {
    end({ outcome: 'busy' });
    throw error;
  }
}

/** The figures of one connection pool at a scrape. */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

/** The state of the job queue at a scrape. */
export interface QueueFigures {
  /** Jobs not yet done and not given up (due, running or waiting for a retry). */
  pending: number;
  /** Jobs whose attempts are used up. */
  givenUp: number;
  /** Age of the oldest job that is due but not taken by any worker (0 when none). */
  oldestWaitingSeconds: number;
}

export interface AppMetricSources {
  pools: Record<string, () => PoolFigures>;
  queue: () => Promise<QueueFigures>;
  webSockets: () => number;
  subscriptions: () => number;
}

/** The registry of one app: the process's metrics, the app's own gauges, Node's defaults. */
export function createMetricsRegistry(sources: AppMetricSources): Registry {
  const registry = new Registry();
  registry.registerMetric(httpRequestDuration);
  registry.registerMetric(checkoutOutcomes);
  registry.registerMetric(lockWaitDuration);
  registry.registerMetric(jobRunDuration);
  collectDefaultMetrics({ register: registry });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Verbindungen der Datenbank-Pools nach Pool und Zustand (total, idle, waiting: wartende Anfragen)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [pool, figures] of Object.entries(sources.pools)) {
        const { total, idle, waiting } = figures();
        this.set({ pool, state: 'total' }, total);
        this.set({ pool, state: 'idle' }, idle);
        this.set({ pool, state: 'waiting' }, waiting);
      }
    },
  });

  // One query for the three queue gauges: a scrape asks the database once.
  let queueFigures: Promise<QueueFigures | undefined> | undefined;
  const queue = () => {
    queueFigures ??= sources
      .queue()
      .catch(() => undefined)
      .finally(() => setImmediate(() => (queueFigures = undefined)));
    return queueFigures;
  };
  const queueGauge = (name: string, help: string, pick: (figures: QueueFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const figures = await queue();
        if (figures) this.set(pick(figures));
      },
    });
  queueGauge('job_queue_pending', 'Jobs in der Warteschlange (fällig, laufend oder auf Wiederholung wartend)', (figures) => figures.pending);
  queueGauge('job_queue_given_up', 'Aufgegebene Jobs (alle Versuche verbraucht)', (figures) => figures.givenUp);
  queueGauge('job_queue_oldest_waiting_seconds', 'Alter des ältesten fälligen Jobs, den noch kein Worker genommen hat', (figures) => figures.oldestWaitingSeconds);

  new Gauge({
    name: 'graphql_ws_connections',
    help: 'Offene GraphQL-WebSocket-Verbindungen',
    registers: [registry],
    collect() {
      this.set(sources.webSockets());
    },
  });
  new Gauge({
    name: 'graphql_subscriptions_active',
    help: 'Laufende GraphQL-Subscriptions',
    registers: [registry],
    collect() {
      this.set(sources.subscriptions());
    },
  });
  return registry;
}

/** SQL for QueueFigures against graphile-worker's job table (one scan of a normally short table). */
export const QUEUE_FIGURES_SQL = `
select count(*) filter (where attempts < max_attempts)::int as pending,
       count(*) filter (where attempts >= max_attempts)::int as given_up,
       coalesce(extract(epoch from now() - min(run_at) filter (where locked_at is null and attempts < max_attempts and run_at <= now())), 0)::float8 as oldest
from graphile_worker._private_jobs`;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Constant-time comparison of a presented bearer token with the configured one. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  // Hashing first gives equal lengths, so the comparison time says nothing about the token.
  return !!match && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * GET /metrics in Prometheus' text format. Outside production open; in production only with
 * METRICS_TOKEN set (404 without it: the endpoint does not exist) and then only with
 * `Authorization: Bearer <token>` (401 otherwise).
 */
export function metricsRoutes(registry: Registry, access: { production: boolean; token: string | undefined }): Router {
  const router = Router();
  router.get('/metrics', (req: Request, res: Response, next: NextFunction) => {
    if (access.production && !access.token) return next();
    res.set('Cache-Control', 'no-store');
    if (access.token && !bearerMatches(req.get('authorization'), access.token)) {
      return void res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('Nicht berechtigt');
    }
    registry.metrics().then(
      (text) => res.type(registry.contentType).send(text),
      (error: unknown) => next(error),
    );
  });
  return router;
}
