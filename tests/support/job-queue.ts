import type { MikroORM } from '@mikro-orm/postgresql';
import { QUEUE_SETTLE_CEILING_MS } from './waits.js';

/** A job still in graphile-worker's queue (a finished job is deleted). */
export interface QueuedJob {
  attempts: number;
  lastError: string | null;
  payload: Record<string, unknown>;
}

/** The jobs of one task still queued: waiting, running, or failed and waiting for their retry. */
export async function queuedJobs(orm: MikroORM, task: string): Promise<QueuedJob[]> {
  const rows = await orm.em.getConnection().execute<{ attempts: number; last_error: string | null; payload: Record<string, unknown> }[]>(
    `select j.attempts, j.last_error, j.payload from graphile_worker._private_jobs j
     join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = ? order by j.id`,
    [task],
  );
  return rows.map((row) => ({ attempts: row.attempts, lastError: row.last_error, payload: row.payload }));
}

/** Makes every waiting retry due now, instead of waiting for the exponential backoff. */
export async function makeRetriesDue(orm: MikroORM): Promise<void> {
  await orm.em.getConnection().execute('update graphile_worker._private_jobs set run_at = now() where locked_at is null');
}

/**
 * Waits until the worker has taken every job that is due (none waiting to run now, none running),
 * so what the jobs write is stored before a test compares the database.
 */
export async function waitForSettledQueue(orm: MikroORM, timeoutMs = QUEUE_SETTLE_CEILING_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await orm.em.getConnection().execute<{ pending: number }[]>(
      `select count(*)::int as pending from graphile_worker._private_jobs
        where locked_at is not null or (run_at <= now() and attempts = 0)`,
    );
    if (row.pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${row.pending} Jobs sind nach ${timeoutMs} ms noch offen`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
