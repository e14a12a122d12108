import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { splitDatabaseUrl, startEmbeddedPostgres } from '../../server/src/db/embedded.js';

/**
 * PostgreSQL for tests, independent of vitest so other runners (e2e, bench) can reuse it:
 * DATABASE_URL's server when set, otherwise a throwaway embedded server in a temporary folder.
 */
export interface TestPostgres {
  /** Server URL without a database name; append `/name`. */
  serverUrl: string;
  embedded: boolean;
  /** Stops the embedded server and deletes its folder; a no-op for DATABASE_URL. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startTestPostgres(databaseUrl = process.env.DATABASE_URL): Promise<TestPostgres> {
  if (databaseUrl) {
    return { serverUrl: splitDatabaseUrl(databaseUrl).serverUrl, embedded: false, stop: async () => undefined };
  }
  // As root the server runs as the `postgres` user, which must be able to traverse to the folder.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bp-test-pg-'));
  chmodSync(folder, 0o755);
  const port = await freePort();
  try {
    const server = await startEmbeddedPostgres(folder, port);
    return {
      serverUrl: server.serverUrl,
      embedded: true,
      stop: async () => {
        await server.stop();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** An embedded PostgreSQL of one test's own that can be stopped and started again on its data. */
export interface OwnPostgres {
  /** Server URL without a database name; append `/name`. */
  serverUrl: string;
  /** Stops the server (a fast shutdown: open sessions end with 57P01); the data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it (when running) and deletes its folder. */
  remove(): Promise<void>;
}

/** For outage tests: never DATABASE_URL's server, which other tests share. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bp-test-own-pg-'));
  chmodSync(folder, 0o755);
  const port = await freePort();
  let running: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  try {
    running = await startEmbeddedPostgres(folder, port);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const serverUrl = running.serverUrl;
  const stop = async () => {
    const server = running;
    running = undefined;
    await server?.stop();
  };
  return {
    serverUrl,
    stop,
    start: async () => {
      running ??= await startEmbeddedPostgres(folder, port);
    },
    remove: async () => {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Runs one statement against the server's maintenance database. */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(serverUrl: string, sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Creates a database, optionally as a copy of a template; retried while the template is busy. */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const sql = `create database ${quote(name)}${template ? ` template ${quote(template)}` : ''}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, sql);
      return `${serverUrl}/${name}`;
    } catch (error) {
      // 55006: "source database is being accessed by other users" (a concurrent copy).
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await adminQuery(serverUrl, `drop database if exists ${quote(name)} with (force)`);
}

/** Drops every database whose name starts with the prefix (a run's leftovers). */
export async function dropDatabasesWithPrefix(serverUrl: string, prefix: string): Promise<void> {
  const rows = await adminQuery<{ datname: string }>(serverUrl, 'select datname from pg_database where starts_with(datname, $1)', [prefix]);
  for (const { datname } of rows) await dropDatabase(serverUrl, datname);
}
