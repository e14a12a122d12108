import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobWorker, migrateJobQueue, type JobAttempt } from '../../server/src/shared/jobs.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/**
 * The job worker's part of a graceful shutdown: it takes no new job, lets a running job finish
 * within the grace period, and hands a job still running after it back to the queue: unlocked, due
 * at once, its attempt not counted, so another worker runs it, even when it was the last attempt.
 */
let db: TestDatabase;
let pool: pg.Pool;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(20);
  }
}

async function addJob(task: string, maxAttempts: number): Promise<void> {
  await pool.query('select graphile_worker.add_job($1, $2::json, max_attempts => $3)', [task, JSON.stringify({}), maxAttempts]);
}

async function queued(): Promise<{ task: string; locked_by: string | null; attempts: number; last_error: string | null; due: boolean }[]> {
  const { rows } = await pool.query<{ task: string; locked_by: string | null; attempts: number; last_error: string | null; due: boolean }>(
    `select t.identifier as task, j.locked_by, j.attempts, j.last_error, j.run_at <= now() as due
       from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id order by j.id`,
  );
  return rows;
}

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 8 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  await migrateJobQueue(pool);
}, 60_000);

afterAll(async () => {
  try {
    await pool?.end();
  } finally {
    await db?.drop();
  }
});

describe('stopping the job worker', () => {
  it('lets a job that ends within the grace period finish, and hands nothing back', async () => {
    const finished: string[] = [];
    const worker = new JobWorker(pool, { 'short-job': async () => void (await sleep(300), finished.push('short-job')) }, 1);
    await worker.start();
    try {
      await addJob('short-job', 25);
      await until('the job runs', async () => (await queued()).some((job) => job.locked_by !== null));
    } finally {
      expect(await worker.stop(5000)).toEqual({ released: 0 });
    }
    expect(finished).toEqual(['short-job']);
    // graphile-worker stores the completion right after the job (the pool's end waits for it).
    await until('the completed job is gone from the queue', async () => (await queued()).length === 0, 2000);
  });

  it('hands a job still running after the grace period back to the queue, and another worker runs its last attempt', async () => {
    const attempts: JobAttempt[] = [];
    const stopping = new JobWorker(pool, { 'long-job': (_payload, attempt) => new Promise<void>(() => void attempts.push(attempt)) }, 1);
    await stopping.start();
    await addJob('long-job', 1);
    await until('the job runs', () => attempts.length === 1);

    const stopStarted = Date.now();
    expect(await stopping.stop(300)).toEqual({ released: 1 });
    expect(Date.now() - stopStarted).toBeGreaterThanOrEqual(290);
    const [job] = await queued();
    expect(job).toEqual({ task: 'long-job', locked_by: null, attempts: 0, last_error: null, due: true });

    const successor = new JobWorker(pool, { 'long-job': async (_payload, attempt) => void attempts.push(attempt) }, 1);
    await successor.start();
    try {
      await until('the job ran again and is done', async () => attempts.length === 2 && (await queued()).length === 0);
    } finally {
      await successor.stop();
    }
    // The interrupted run was the last attempt; handed back, it is the last attempt again.
    expect(attempts).toEqual([
      { number: 1, final: true },
      { number: 1, final: true },
    ]);
  });

  it("runs a lane's tasks beside a busy main runner, never in it, beats for both and hands back both runners' jobs", async () => {
    const ran: string[] = [];
    const handlers = {
      'main-job': () => new Promise<void>(() => void ran.push('main-job')),
      'lane-job': async () => void ran.push('lane-job'),
      'lane-hang': () => new Promise<void>(() => void ran.push('lane-hang')),
    };
    const worker = new JobWorker(pool, handlers, 1, [], [{ name: 'lane', setting: 'LANE_CONCURRENCY', tasks: ['lane-job', 'lane-hang'], concurrency: 1 }]);
    await worker.start();
    try {
      // The one main worker hangs: the lane still runs its job.
      await addJob('main-job', 25);
      await until('the main job runs', () => ran.includes('main-job'));
      await addJob('lane-job', 25);
      await until('the lane job is done', async () => ran.includes('lane-job') && !(await queued()).some((job) => job.task === 'lane-job'));
      expect(worker.state()).toEqual({ ok: true, detail: 'läuft' });
      const { rows } = await pool.query<{ count: number }>('select count(*)::int as count from job_worker_heartbeats');
      expect(rows[0]!.count).toBe(2);
      await addJob('lane-hang', 25);
      await until('the lane hangs too', () => ran.includes('lane-hang'));
    } finally {
      expect(await worker.stop(300)).toEqual({ released: 2 });
    }
    expect(ran.filter((task) => task === 'main-job')).toHaveLength(1);
    expect((await queued()).map((job) => [job.task, job.locked_by, job.attempts])).toEqual([
      ['main-job', null, 0],
      ['lane-hang', null, 0],
    ]);
    await pool.query('delete from graphile_worker._private_jobs');
  });

  it('reports a process without any runner as configured so, naming every setting', () => {
    const worker = new JobWorker(pool, { 'main-job': async () => undefined, 'lane-job': async () => undefined }, 0, [], [{ name: 'lane', setting: 'LANE_CONCURRENCY', tasks: ['lane-job'], concurrency: 0 }]);
    expect(worker.state()).toEqual({ ok: true, detail: 'kein Worker in diesem Prozess (JOB_CONCURRENCY=0, LANE_CONCURRENCY=0)' });
  });
});
