import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ormConfig } from '../../server/src/db/mikro-orm.config.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { startHaproxy, replicaServerName, type HaproxyProcess } from './haproxy.js';
import { HttpClient, type ClientOptions } from './http.js';
import { freePort } from './postgres.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { SmtpCapture } from './smtp.js';

/**
 * The product as it runs in production: N server processes (OS processes, each with its own pools
 * and job worker) on one fresh database and one shared files folder, behind HAProxy with the
 * compose configuration. Every replica's PUBLIC_URL is the balancer's address and it trusts
 * forwarded headers from the balancer only. Tests talk to `url`; HAProxy names the replica that
 * answered in `X-Served-By`. A replica's `process` can be signalled (SIGTERM, SIGKILL) while
 * requests run, to see what the balancer makes of it.
 */
export interface Replica {
  /** The balancer's server name (replica1, replica2 …), as X-Served-By tells it. */
  name: string;
  process: ServerProcess;
}

export interface BalancedProduct {
  /** The balancer's address: every request of a test goes here. */
  url: string;
  db: TestDatabase;
  /** An ORM of the test's own on the same database, for fixtures and checks. */
  orm: MikroORM;
  /** A plain pool on the same database, for reading what PostgreSQL holds. */
  sql: pg.Pool;
  smtp: SmtpCapture;
  /** FILES_DIR of every replica. */
  filesDir: string;
  replicas: Replica[];
  haproxy: HaproxyProcess;
  /**
   * Starts a new server process for the replica at `index` on its port (the one the balancer
   * knows), as a rolling restart does once the old one has ended; resolves when it answers HTTP.
   */
  restartReplica(index: number): Promise<Replica>;
  /** A new cookie-jar client against the balancer. */
  client(options?: ClientOptions): HttpClient;
  stop(): Promise<void>;
}

export interface BalancedProductOptions {
  /** How many replicas (default 2). */
  replicas?: number;
  /** Further environment for every replica. */
  env?: Record<string, string>;
}

/** Which replica answered, as the balancer names it. */
export const servedBy = (response: { headers: Headers }) => response.headers.get('x-served-by') ?? '';

export async function startBalancedProduct(options: BalancedProductOptions = {}): Promise<BalancedProduct> {
  const count = options.replicas ?? 2;
  const db = await createTestDatabase();
  const smtp = await new SmtpCapture().start();
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'bp-test-files-'));
  const balancerPort = await freePort();
  const url = `http://127.0.0.1:${balancerPort}`;
  const sql = new pg.Pool({ connectionString: db.url, max: 2 });
  sql.on('error', () => undefined);
  const replicas: Replica[] = [];
  let orm: MikroORM | undefined;
  let haproxy: HaproxyProcess | undefined;

  const stop = async () => {
    try {
      await haproxy?.stop();
      await Promise.all(replicas.map((replica) => replica.process.stop()));
      await orm?.close(true);
      await sql.end();
      await smtp.close();
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
      await db.drop();
    }
  };

  const startReplica = (port?: number) =>
    startServerProcess({
      databaseUrl: db.url,
      smtpPort: smtp.port,
      jobConcurrency: 1,
      port,
      env: {
        PUBLIC_URL: url,
        FILES_DIR: filesDir,
        // Exactly the balancer: both run on loopback, and nothing else reaches the replicas.
        TRUST_PROXY: '127.0.0.1',
        ...options.env,
      },
    });
  const restartReplica = async (index: number) => {
    const replica = replicas[index];
    if (!replica.process.exited) throw new Error(`${replica.name} still runs: stop it before restarting it`);
    replica.process = await startReplica(replica.process.port);
    return replica;
  };

  try {
    // One after the other: the first seeds the empty database, so no two seed at once.
    for (let index = 0; index < count; index++) {
      replicas.push({ name: replicaServerName(index), process: await startReplica() });
    }
    orm = await MikroORM.init(ormConfig(db.url));
    haproxy = await startHaproxy({ port: balancerPort, replicas: replicas.map((replica) => `127.0.0.1:${replica.process.port}`) });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, db, orm, sql, smtp, filesDir, replicas, haproxy, restartReplica, client: (clientOptions) => new HttpClient(url, clientOptions), stop };
}
