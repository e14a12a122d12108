import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger, run, runMigrations, type Runner, type TaskList, type WorkerEvents, type WorkerPool } from 'graphile-worker';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { logger, withoutMailAddresses } from './logging.js';
import { pgTextArray } from './sql.js';
import { jobRunDuration } from './metrics.js';
import { settledWithin } from './wait.js';

/**
 * The durable job queue for every side effect after a change (mails, later PDFs and payment
 * follow-ups): graphile-worker on the product's own PostgreSQL. A job is added with SQL inside the
 * transaction of the change, so it exists exactly when the change commits (never for a rolled-back
 * one, never lost after a crash between commit and sending); every server process runs a worker
 * that picks jobs up (LISTEN/NOTIFY, no polling delay), and a failing job is retried with
 * exponential backoff (at least once, so handlers must tolerate a repeat).
 */

export interface Job {
  /** The task name a handler is registered under. */
  name: string;
  payload: Record<string, unknown>;
  /** Attempts before the job is given up (default 25, about three days of backoff). */
  maxAttempts?: number;
  /** graphile-worker's job key: names a job that must exist once (see jobWithKeyExists). */
  key?: string;
  /** graphile-worker's named queue: the jobs of one queue run one at a time. */
  queueName?: string;
  /** When the job is due (default now). */
  runAt?: Date;
}

/** Which attempt of its job a handler runs: the last one may record that the work is given up. */
export interface JobAttempt {
  /** 1 for the first run. */
  number: number;
  final: boolean;
}

export type JobHandler = (payload: Record<string, unknown>, attempt: JobAttempt) => Promise<void>;

/**
 * A task a domain wants run on a schedule (graphile-worker's cron: the minute, hour, day of month,
 * month and weekday fields, matched in UTC). Every process registers the same schedules; the queue
 * runs each due time once across all of them, and a time missed while no process ran is not made
 * up (no backfill).
 */
export interface JobSchedule {
  task: string;
  /** Five cron fields, e.g. "15 2 * * *" (02:15 UTC: 03:15 in Berlin's winter, 04:15 in summer). */
  cron: string;
}

const CRON_FIELDS = /^(\S+\s+){4}\S+$/;
const TASK_NAME = /^[A-Za-z0-9_-]+$/;

/** The crontab text graphile-worker reads, one line per schedule. */
export function crontabOf(schedules: readonly JobSchedule[]): string {
  return schedules
    .map((schedule) => {
      if (!CRON_FIELDS.test(schedule.cron.trim()) || !TASK_NAME.test(schedule.task)) throw new Error(`invalid job schedule ${schedule.cron} ${schedule.task}`);
      return `${schedule.cron.trim()} ${schedule.task}`;
    })
    .join('\n');
}

/** A further SQL call to run in the same statement as the jobs (e.g. a NOTIFY). */
export interface SqlCall {
  expression: string;
  params: unknown[];
}

/**
 * Adds jobs inside the caller's transaction (the unit of work's EntityManager), together with the
 * given calls in one statement: one round trip however many jobs a change has, which matters while
 * the change holds its locks.
 */
export async function enqueueJobs(em: EntityManager, jobs: readonly Job[], alsoCall: readonly SqlCall[] = []): Promise<void> {
  const calls: SqlCall[] = [
    ...jobs.map((job) => {
      const named: [string, unknown][] = [['max_attempts', job.maxAttempts ?? 25]];
      if (job.key) named.push(['job_key', job.key]);
      if (job.queueName) named.push(['queue_name', job.queueName]);
      if (job.runAt) named.push(['run_at', job.runAt.toISOString()]);
      const casts: Record<string, string> = { run_at: '::timestamptz' };
      return {
        expression: `graphile_worker.add_job(?, ?::json, ${named.map(([name]) => `${name} => ?${casts[name] ?? ''}`).join(', ')})`,
        params: [job.name, JSON.stringify(job.payload), ...named.map(([, value]) => value)],
      };
    }),
    ...alsoCall,
  ];
  if (calls.length === 0) return;
  await em.execute(`select ${calls.map((call) => call.expression).join(', ')}`, calls.flatMap((call) => call.params));
}

/** Whether a job with the key is queued, running or given up (a finished job is gone from the queue). */
export async function jobWithKeyExists(em: EntityManager, key: string): Promise<boolean> {
  const rows = await em.execute<{ found: boolean }[]>('select exists(select 1 from graphile_worker.jobs where key = ?) as found', [key]);
  return rows[0]?.found === true;
}

/** What an erased job error says instead of its text. */
export const ERASED_JOB_ERROR = 'Fehlertext entfernt (Löschung personenbezogener Daten)';

/**
 * An erasure in the queue, inside the caller's transaction: queued jobs whose payload names one of
 * the values (case-insensitive; values shorter than 6 characters are too common to tell) are
 * dropped, as they would act on data the erasure removed (a job running at that moment finishes);
 * an error text naming one is replaced. Returns how many jobs were dropped.
 */
export async function eraseFromJobs(em: EntityManager, values: readonly string[]): Promise<number> {
  const needles = [...new Set(values.map((value) => value.trim().toLowerCase()).filter((value) => value.length >= 6))];
  if (needles.length === 0) return 0;
  const names = (column: string) => `exists (select 1 from unnest(?::text[]) v where strpos(lower(${column}), v) > 0)`;
  const dropped = await em.execute<{ id: string }[]>(
    `select id from graphile_worker.complete_jobs(array(select id from graphile_worker._private_jobs where ${names('payload::text')}))`,
    [pgTextArray(needles)],
  );
  await em.execute(`update graphile_worker._private_jobs set last_error = ? where last_error is not null and ${names('last_error')}`, [ERASED_JOB_ERROR, pgTextArray(needles)]);
  return dropped.length;
}

/**
* What graphile-worker reports when JobWorker.stop cuts its graceful shutdown short on purpose (the
 * jobs are handed back and logged by JobWorker itself).
 */
const INTENDED_FORCEFUL_SHUTDOWN = 'forcefulShutdown was initiated whilst gracefulShutdown was still executing';

/**
 * graphile-worker's messages through the process's logger, its chatter at debug. A failed job's
 * message carries the error's text, which may name a mail's recipients.
 */
const workerLogger = new Logger(() => (level, message) => {
  if (message.includes(INTENDED_FORCEFUL_SHUTDOWN)) return;
  const text = `[jobs] ${withoutMailAddresses(message)}`;
  if (level === 'error') logger.error(text);
  else if (level === 'warning') logger.warn(text);
  else logger.debug(text);
});

/** How a job run ended: done, failed (to be retried), or failed on its last attempt. */
export type JobRunOutcome = 'ok' | 'failed' | 'given_up';

/** A handler with one log line and one histogram observation per run (task, attempt, duration, outcome). */
export function observedHandler(task: string, handler: JobHandler): JobHandler {
  return async (payload, attempt) => {
    const started = process.hrtime.bigint();
    const finish = (outcome: JobRunOutcome, error?: unknown) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      jobRunDuration.observe({ task, outcome }, seconds);
      const line = { task, attempt: attempt.number, durationMs: Math.round(seconds * 1000), outcome, ...(error ? { err: error } : {}) };
      if (outcome === 'ok') logger.info(line, 'Job erledigt');
      else if (outcome === 'failed') logger.warn(line, 'Job fehlgeschlagen, wird wiederholt');
      else logger.error(line, 'Job aufgegeben');
    };
    try {
      await handler(payload, attempt);
      finish('ok');
    } catch (error) {
      finish(attempt.final ? 'given_up' : 'failed', error);
      throw error;
    }
  };
}

/** Creates or updates the queue's own schema (graphile_worker); safe to call from every process. */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: workerLogger });
}

/** How often each process tells PostgreSQL that its worker is alive, and looks for dead ones. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** A worker not seen for this long is dead: its locked jobs go back to the queue. */
export const WORKER_DEAD_AFTER_SECONDS = 30;

/**
 * The jobs locked by a worker that has not been seen for WORKER_DEAD_AFTER_SECONDS are unlocked
 * (graphile-worker's own force_unlock_workers, which also frees their named queues), so a live
 * process runs them within seconds; graphile-worker alone would wait four hours. A job locked
 * that long ago by a worker without any heartbeat counts as dead too (a process that died before
 * its first heartbeat). Heartbeats of workers gone for a day are removed.
 */
const UNLOCK_DEAD_WORKERS_SQL = `
with dead as (
  select distinct j.locked_by from graphile_worker.jobs j
  where j.locked_by is not null and j.locked_at < now() - make_interval(secs => $1)
    and not exists (select 1 from job_worker_heartbeats h where h.worker_id = j.locked_by and h.last_seen >= now() - make_interval(secs => $1))
), unlocked as (
  select graphile_worker.force_unlock_workers(array(select locked_by from dead)) where exists (select 1 from dead)
), forgotten as (
  delete from job_worker_heartbeats where last_seen < now() - interval '1 day'
)
select array(select locked_by from dead) as workers, (select count(*) from unlocked) as unlocked`;

/** graphile-worker's task list for the handlers, each observed and told its attempt. */
function taskListOf(handlers: Record<string, JobHandler>): TaskList {
  const taskList: TaskList = {};
  for (const [name, handler] of Object.entries(handlers)) {
    // graphile-worker counts the attempt when it takes the job: `attempts` is this run's number.
    const observed = observedHandler(name, handler);
    taskList[name] = async (payload, helpers) =>
      observed((payload ?? {}) as Record<string, unknown>, { number: helpers.job.attempts, final: helpers.job.attempts >= helpers.job.max_attempts });
  }
  return taskList;
}

/**
 * A lane of the queue: a runner of its own for the named tasks, with its own number of jobs at
 * once. The main runner never takes a lane's tasks, so a lane's slow jobs (webhook deliveries to
 * receivers that take their time) never hold a worker that mails and documents wait for.
 */
export interface JobLane {
  /** For log lines and the readiness detail. */
  name: string;
  /** The setting that sets its concurrency, named in the readiness detail. */
  setting: string;
  tasks: readonly string[];
  concurrency: number;
}

/** One graphile-worker runner of a lane (the main one included). */
interface LaneRunner {
  lane: string;
  setting: string;
  taskList: TaskList;
  concurrency: number;
  crontab: string;
  runner?: Runner;
  /** graphile-worker locks jobs under the id of the runner's worker pool. */
  workerId?: string;
  workerPool?: WorkerPool;
  restart?: NodeJS.Timeout;
}

/**
 * The worker of this process: one runner for the main lane and one per further lane, on the same
 * connections. A lane with `concurrency` 0 runs no runner here (a web-only replica; another
 * process works the queue). While any runs, the process beats every HEARTBEAT_INTERVAL_MS
 * (job_worker_heartbeats, one row per runner) and hands the jobs of dead workers back to the
 * queue; any process with a worker does, so the jobs of a killed process are taken over within
 * about WORKER_DEAD_AFTER_SECONDS plus one interval.
 */
export class JobWorker {
  private readonly runners: LaneRunner[];
  private started = false;
  private stopped = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  /** When this process last beat successfully (epoch ms). */
  private lastBeat = 0;

  constructor(
    private readonly pool: pg.Pool,
    handlers: Record<string, JobHandler>,
    concurrency: number,
    schedules: readonly JobSchedule[] = [],
    lanes: readonly JobLane[] = [],
  ) {
    const inLane = new Set(lanes.flatMap((lane) => lane.tasks));
    const main: JobLane = { name: 'main', setting: 'JOB_CONCURRENCY', tasks: Object.keys(handlers).filter((task) => !inLane.has(task)), concurrency };
    this.runners = [main, ...lanes].map((lane, index) => ({
      lane: lane.name,
      setting: lane.setting,
      taskList: taskListOf(Object.fromEntries(lane.tasks.flatMap((task) => (handlers[task] ? [[task, handlers[task]] as const] : [])))),
      concurrency: lane.concurrency,
      // The schedules run once per process: with the main lane.
      crontab: index === 0 ? crontabOf(schedules) : '',
    }));
  }

  private active(): LaneRunner[] {
    return this.runners.filter((entry) => entry.concurrency > 0 && Object.keys(entry.taskList).length > 0);
  }

  /** For the readiness check: whether this process works the queue, or runs no worker by configuration. */
  state(): { ok: boolean; detail: string } {
    const active = this.active();
    if (active.length === 0) return { ok: true, detail: `kein Worker in diesem Prozess (${this.runners.map((entry) => `${entry.setting}=0`).join(', ')})` };
    const down = active.filter((entry) => !entry.runner || this.stopped);
    if (down.length === 0) return { ok: true, detail: 'läuft' };
    return { ok: false, detail: down.length === active.length ? 'Worker läuft nicht' : `Worker läuft nicht: ${down.map((entry) => entry.lane).join(', ')}` };
  }

  async start(): Promise<void> {
    const active = this.active();
    if (active.length === 0 || this.started) return;
    this.started = true;
    this.stopped = false;
    for (const entry of active) await this.startRunner(entry);
    await this.beat();
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
  }

  private async startRunner(entry: LaneRunner): Promise<void> {
    const events: WorkerEvents = new EventEmitter();
    events.on('pool:create', ({ workerPool }) => {
      entry.workerId = workerPool.id;
      entry.workerPool = workerPool;
    });
    const runner = await run({
      pgPool: this.pool,
      taskList: entry.taskList,
      concurrency: entry.concurrency,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: workerLogger,
      crontab: entry.crontab,
      events,
    });
    entry.runner = runner;
    // graphile-worker gives up its pool after a long database outage: start a new one, so the
    // process works the queue again by itself.
    runner.promise
      .catch((error: unknown) => logger.error({ err: error, lane: entry.lane }, '[jobs] worker ended'))
      .finally(() => {
        if (this.stopped || entry.runner !== runner) return;
        entry.runner = undefined;
        this.scheduleRestart(entry);
      });
  }

  private scheduleRestart(entry: LaneRunner): void {
    logger.error(`[jobs] worker (${entry.lane}) ended unexpectedly, starting it again in ${HEARTBEAT_INTERVAL_MS / 1000} s`);
    entry.restart = setTimeout(() => {
      entry.restart = undefined;
      if (this.stopped) return;
      this.startRunner(entry).catch((error: unknown) => {
        logger.error({ err: error, lane: entry.lane }, '[jobs] starting the worker again failed');
        this.scheduleRestart(entry);
      });
    }, HEARTBEAT_INTERVAL_MS);
    entry.restart.unref();
  }

  /** One heartbeat and one look for dead workers; a failure (database away) waits for the next. */
  private beat(): Promise<void> {
    this.beating ??= (async () => {
      try {
        const workerIds = this.runners.flatMap((entry) => (entry.workerId ? [entry.workerId] : []));
        if (workerIds.length > 0) {
          await this.pool.query(
            'insert into job_worker_heartbeats (worker_id, last_seen) select unnest($1::text[]), now() on conflict (worker_id) do update set last_seen = now()',
            [workerIds],
          );
        }
        // After a gap in this process's own beats (database away), the others may not have beaten
        // again yet either: judge them only from the next beat on.
        const afterGap = this.lastBeat > 0 && Date.now() - this.lastBeat > 2 * HEARTBEAT_INTERVAL_MS;
        this.lastBeat = Date.now();
        if (afterGap) return;
        const { rows } = await this.pool.query<{ workers: string[] }>(UNLOCK_DEAD_WORKERS_SQL, [WORKER_DEAD_AFTER_SECONDS]);
        const workers = rows[0]?.workers ?? [];
        if (workers.length > 0) logger.warn(`[jobs] took over the jobs of dead workers: ${workers.join(', ')}`);
      } catch (error) {
        logger.error({ err: error }, '[jobs] heartbeat failed');
      } finally {
        this.beating = undefined;
      }
    })();
    return this.beating;
  }

  /**
   * Takes no new job and lets the running ones finish for up to `graceMs`; the jobs still running
   * then are handed back to the queue at once (unlocked, their attempt not counted), so another
   * process runs them without waiting for this one to be declared dead. Resolves with their number.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<{ released: number }> {
    this.stopped = true;
    this.started = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    await this.beating;
    const counts = await Promise.all(this.runners.map((entry) => this.stopRunner(entry, graceMs)));
    return { released: counts.reduce((sum, count) => sum + count, 0) };
  }

  private async stopRunner(entry: LaneRunner, graceMs: number): Promise<number> {
    const { runner, workerPool, workerId } = entry;
    entry.runner = undefined;
    if (entry.restart) clearTimeout(entry.restart);
    entry.restart = undefined;
    let released = 0;
    if (runner) {
      const stopped = runner.stop().catch((error: unknown) => logger.error({ err: error, lane: entry.lane }, '[jobs] stopping the worker failed'));
      if (!(await settledWithin(stopped, graceMs)) && workerId) {
        released = await this.releaseLockedJobs(workerId);
        // The handlers still running are abandoned with the process; graphile-worker finds nothing
        // left to fail, since the jobs are no longer locked by this pool.
        if (workerPool) await Promise.resolve(workerPool.forcefulShutdown('shutdown grace period over')).catch(() => undefined);
        await stopped;
      }
    }
    // Stopped cleanly, its jobs are released: nothing left for others to take over.
    if (workerId) await this.pool.query('delete from job_worker_heartbeats where worker_id = $1', [workerId]).catch(() => undefined);
    return released;
  }

  /**
   * Unlocks this pool's jobs (and their named queues) and gives back the attempt taken when they
   * were picked up, as graphile-worker itself does for jobs it returns unrun: the interruption is no
   * failure, and a job interrupted on its last attempt must still get that attempt elsewhere.
   */
  private async releaseLockedJobs(workerId: string): Promise<number> {
    try {
      const { rows } = await this.pool.query<{ released: number }>(
        `with released as (
           update graphile_worker._private_jobs set attempts = greatest(0, attempts - 1), locked_by = null, locked_at = null
           where locked_by = $1 returning job_queue_id
         ), queues as (
           update graphile_worker._private_job_queues set locked_by = null, locked_at = null where locked_by = $1
         )
         select count(*)::int as released from released`,
        [workerId],
      );
      const released = rows[0]?.released ?? 0;
      if (released > 0) logger.warn(`[jobs] handed ${released} running job(s) back to the queue after the shutdown grace period`);
      return released;
    } catch (error) {
      // The database is away: the jobs stay locked and are taken over as a dead worker's (WORKER_DEAD_AFTER_SECONDS).
      logger.error({ err: error }, '[jobs] handing back the running jobs failed');
      return 0;
    }
  }
}
