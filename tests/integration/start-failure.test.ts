import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAdmin, testSessionSecret } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/postgres.js';
import { runStartUntilExit } from '../support/server-process.js';

/**
 * `npm start` (server/src/main.ts as its own process) with a port taken: it ends with exit code 1
 * and one German line naming the port and the variable to change, instead of "undefined".
 */
let dataDir: string;
let database: TestDatabase;
let holder: Server;
let takenPort: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bp-start-failure-'));
  database = await createTestDatabase();
  holder = createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', () => resolve());
  });
  takenPort = (holder.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => holder?.close(() => resolve()));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function environment(port: number): Promise<Record<string, string>> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: testSessionSecret,
    ADMIN_EMAIL: testAdmin.id,
    ADMIN_PASSWORD: testAdmin.password,
    SEED_DEMO: 'false',
    CLIENT_DIST: path.join(dataDir, 'no-client'),
    JOB_CONCURRENCY: '0',
  };
}

describe('a failed start names its cause', () => {
  it('the embedded PostgreSQL port taken: EMBEDDED_PG_PORT', async () => {
    const ended = await runStartUntilExit({ ...(await environment(await freePort())), EMBEDDED_PG_PORT: String(takenPort) });
    expect(ended.code, ended.stderr).toBe(1);
    expect(ended.stderr).toContain(`Start fehlgeschlagen: Der Port ${takenPort} für das eingebettete PostgreSQL ist belegt`);
    expect(ended.stderr).toContain('EMBEDDED_PG_PORT');
    expect(ended.stderr).not.toContain('undefined');
  }, 60_000);

  it('the HTTP port taken: PORT', async () => {
    const ended = await runStartUntilExit({ ...(await environment(takenPort)), DATABASE_URL: database.url });
    expect(ended.code, ended.stderr).toBe(1);
    expect(ended.stderr.trim()).toBe(
      `Start fehlgeschlagen: Der HTTP-Port ${takenPort} ist belegt (127.0.0.1). Beenden Sie das Programm, das ihn nutzt, oder wählen Sie mit PORT einen anderen Port.`,
    );
  }, 60_000);
});
