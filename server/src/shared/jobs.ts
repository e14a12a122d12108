import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger, run, runMigrations, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';

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
}

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

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
    ...jobs.map((job) => ({ expression: 'graphile_worker.add_job(?, ?::json, max_attempts => ?)', params: [job.name, JSON.stringify(job.payload), job.maxAttempts ?? 25] })),
    ...alsoCall,
  ];
  if (calls.length === 0) return;
  await em.execute(`select ${calls.map((call) => call.expression).join(', ')}`, calls.flatMap((call) => call.params));
}

/** graphile-worker's messages through our console format; debug chatter is dropped. */
const workerLogger = new Logger(() => (level, message) => {
  if (level === 'error') console.error(`[jobs] ${message}`);
  else if (level === 'warning') console.warn(`[jobs] ${message}`);
});

/** Creates or updates the queue's own schema (graphile_worker); safe to call from every process. */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: workerLogger });
}

/**
 * The worker of this process. `concurrency` 0 runs none (a web-only replica; another process works
 * the queue).
 */
export class JobWorker {
  private runner: Runner | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly handlers: Record<string, JobHandler>,
    private readonly concurrency: number,
  ) {}

  async start(): Promise<void> {
    if (this.concurrency <= 0 || this.runner) return;
    const taskList: TaskList = {};
    for (const [name, handler] of Object.entries(this.handlers)) {
      taskList[name] = async (payload) => handler((payload ?? {}) as Record<string, unknown>);
    }
    this.runner = await run({ pgPool: this.pool, taskList, concurrency: this.concurrency, noHandleSignals: true, pollInterval: 2000, logger: workerLogger, crontab: '' });
  }

  async stop(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    if (runner) await runner.stop();
  }
}
