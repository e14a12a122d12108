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
        await orm.close(true);
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
