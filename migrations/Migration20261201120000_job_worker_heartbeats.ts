import { Migration } from '@mikro-orm/migrations';

/**
 * Heartbeats of the job workers: every server process writes its worker's id and the time it was
 * last seen here every few seconds, so a live process can tell the jobs of a process that died
 * (kill -9, lost machine) and unlock them at once instead of after graphile-worker's four hours.
 */
export class Migration20261201120000JobWorkerHeartbeats extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "job_worker_heartbeats" ("worker_id" text not null, "last_seen" timestamptz not null default now(), constraint "job_worker_heartbeats_pkey" primary key ("worker_id"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "job_worker_heartbeats";`);
  }

}
