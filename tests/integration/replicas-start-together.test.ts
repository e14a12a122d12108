import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsList } from '../../migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../support/server-process.js';

/**
 * Replicas of a new release start at the same moment (docker compose up, a rolling restart): on a
 * database none of them has migrated yet, they apply the migrations one after the other, so each
 * migration runs once and every replica starts.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
});
afterAll(async () => {
  await stopAllServerProcesses();
  await db?.drop();
});

it('two replicas started together on an empty database both start; each migration is applied once', async () => {
  const replicas: ServerProcess[] = await Promise.all([startServerProcess({ databaseUrl: db.url, jobConcurrency: 1 }), startServerProcess({ databaseUrl: db.url, jobConcurrency: 1 })]);
  for (const replica of replicas) expect((await fetch(`${replica.url}/readyz`)).status, replica.output()).toBe(200);
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ name: string }>('select name from mikro_orm_migrations order by id');
    expect(rows.map((row) => row.name)).toEqual(migrationsList.map((migration) => migration.name));
  } finally {
    await sql.end();
  }
  for (const replica of replicas) expect(replica.stderr(), replica.output()).not.toMatch(/error|fehler/i);
}, 120_000);
