import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, ensureDatabase } from '../server/src/db/embedded.js';
import { demoLogins } from '../server/src/db/seed.js';

/**
 * `npm run bench`: the built product on a fresh embedded PostgreSQL, loaded by autocannon from this
 * process; prints throughput and p50/p99 latency beside the same lookup as raw SQL. Bounded in time,
 * loopback only.
 */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'buchung-bench-'));
chmodSync(workDir, 0o755);
const database = await startEmbeddedPostgres(path.join(workDir, 'db'), await freePort());
const worker = fork(path.resolve('bench/worker.ts'), [], {
  execArgv: ['--import', '@swc-node/register/esm-register'],
  env: {
    ...process.env,
    DATABASE_URL: `${database.serverUrl}/bench`,
    DATA_DIR: path.join(workDir, 'data'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: 'bench-admin-password',
    PUBLIC_URL: 'http://127.0.0.1',
  },
});

try {
  await ensureDatabase(database.serverUrl, 'bench');
  const ready = await new Promise<{ port: number }>((resolve) => worker.once('message', (message) => resolve(message as { port: number })));
  const base = `http://127.0.0.1:${ready.port}`;
  const signIn = await fetch(`${base}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoLogins.staff),
  });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (!signIn.ok || !cookie) throw new Error(`Anmeldung für den Benchmark fehlgeschlagen: ${signIn.status}`);

  const load = async (name: string, options: autocannon.Options): Promise<Row> => {
    // A short untimed run first, so every measurement starts with a warm JIT and pool.
    await autocannon({ connections: CONNECTIONS, duration: 2, ...options });
    const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} Antworten ohne 2xx, ${result.errors} Fehler`);
    return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  };
  const rows: Row[] = [];
  rows.push(await load('REST GET /auth/me', { url: `${base}/auth/me?populatePermissions=1`, headers: { cookie } }));
  rows.push(
    await load('GraphQL me', {
      url: `${base}/graphql`,
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { user { id firstName lastName } permissions { instanceOwner tenants { tenantId isOwner adminInterfaces } } } }' }),
    }),
  );
  worker.send({ type: 'raw', userId: demoLogins.staff.id, connections: CONNECTIONS, durationMs: DURATION_S * 1000 });
  const raw = await new Promise<{ latencies: number[]; durationMs: number }>((resolve) => worker.once('message', (message) => resolve(message as never)));
  const sorted = [...raw.latencies].sort((a, b) => a - b);
  const rawRow: Row = { name: 'Raw SQL (gleicher Pool)', requestsPerSecond: raw.latencies.length / (raw.durationMs / 1000), p50: percentile(sorted, 50), p99: percentile(sorted, 99) };

  const header = `| Messung | Anfragen/s | p50 ms | p99 ms | Durchsatz / Raw SQL |\n|---|---:|---:|---:|---:|`;
  const lines = [...rows, rawRow].map(
    (row) => `| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${(row.requestsPerSecond / rawRow.requestsPerSecond).toFixed(2)} |`,
  );
  const table = [`${new Date().toISOString()} – ${CONNECTIONS} Verbindungen, ${DURATION_S} s je Messung, ${os.cpus().length} Kerne`, '', header, ...lines].join('\n');
  console.log(table);
  writeFileSync(path.resolve('bench/last-result.md'), `${table}\n`);
} finally {
  worker.send({ type: 'stop' });
  await new Promise((resolve) => worker.once('exit', resolve));
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}
