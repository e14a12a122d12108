import { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config.js';
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
 * How long closing waits for connections still in use. After a shutdown's grace period, the query of
 * a request that was cut may still run (waiting on a lock, say); the pool would wait for it without
 * end. The process exits instead, and PostgreSQL rolls back what that connection left open.
 */
const CLOSE_WAIT_MS = 2000;

async function closeOrm(orm: MikroORM): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`[db] connections still in use after ${CLOSE_WAIT_MS} ms are left to the process's exit`);
      resolve();
    }, CLOSE_WAIT_MS);
  });
  await Promise.race([orm.close(true), waited]);
  clearTimeout(timer);
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
    await orm.getMigrator().up();
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
