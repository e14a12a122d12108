import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { logger } from '../shared/logging.js';
import { settledWithin } from '../shared/wait.js';
import { ensureDatabase, splitDatabaseUrl, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';
import { ormConfig } from './mikro-orm.config.js';

export interface Database {
  orm: MikroORM;
  url: string;
  embedded: EmbeddedDatabase | undefined;
  close(): Promise<void>;
}

const EMBEDDED_DATABASE_NAME = 'buchungsplattform';

/**
 * Applies pending migrations while holding a session advisory lock: replicas starting at the same
 * moment migrate one after the other, and the later ones find nothing pending. The lock is held on a
 * connection of its own and ends with it.
 */
async function migrateExclusively(orm: MikroORM, url: string): Promise<void> {
  const lock = new pg.Client({ connectionString: url, application_name: 'buchungsplattform-migrations' });
  // A connection lost while migrating surfaces through the migration itself.
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', ['buchungsplattform-migrations']);
    await orm.getMigrator().up();
  } finally {
    await lock.end();
  }
}

/**
 * How long closing waits for connections still in use. After a shutdown's grace period, the query of
 * a request that was cut may still run (waiting on a lock, say); the pool would wait for it without
 * end. The process exits instead, and PostgreSQL rolls back what that connection left open.
 */
const CLOSE_WAIT_MS = 2000;

async function closeOrm(orm: MikroORM): Promise<void> {
  if (!(await settledWithin(orm.close(true), CLOSE_WAIT_MS))) {
    logger.warn(`[db] connections still in use after ${CLOSE_WAIT_MS} ms are left to the process's exit`);
  }
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL; then applies pending migrations. */
export async function openDatabase(config: AppConfig): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPostgresPort);
    url = `${embedded.serverUrl}/${EMBEDDED_DATABASE_NAME}`;
  }
  try {
    const { serverUrl, database } = splitDatabaseUrl(url);
    await ensureDatabase(serverUrl, database);
    const orm = await MikroORM.init(ormConfig(url));
    await migrateExclusively(orm, url);
    return {
      orm,
      url,
      embedded,
      close: async () => {
        await closeOrm(orm);
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
