import pg from 'pg';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { startInProcessApp, type InProcessApp } from './app.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { createTenant } from './fixtures.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from './server-process.js';
import { SmtpCapture } from './smtp.js';

/**
 * Two server processes on one fresh database, as behind a load balancer: this test process's app
 * (`local`) and the built server as an OS process of its own (`remote`), each with its own pools and
 * one job worker, a real SMTP capture, a plain pool for reading what PostgreSQL holds, and one tenant
 * with a mail address. Shared by the race tests.
 */
export interface ReplicaPair {
  db: TestDatabase;
  smtp: SmtpCapture;
  sql: pg.Pool;
  local: InProcessApp;
  remote: ServerProcess;
  tenantId: string;
  /** Nothing went wrong inside the child process (a 500 would show here as an unexpected error). */
  remoteLogIsQuiet(): boolean;
  stop(): Promise<void>;
}

export async function startReplicaPair(tenant: { name: string; mail: string; owners?: string[] }, beforeTenant?: (local: InProcessApp) => Promise<void>): Promise<ReplicaPair> {
  const db = await createTestDatabase();
  const smtp = await new SmtpCapture().start();
  const sql = new pg.Pool({ connectionString: db.url, max: 2 });
  sql.on('error', () => undefined);
  // The in-process app first: it seeds the empty database, so the two never seed at once.
  const local = await startInProcessApp({ databaseUrl: db.url, smtpPort: smtp.port, env: { JOB_CONCURRENCY: '1' } });
  const remote = await startServerProcess({ databaseUrl: db.url, smtpPort: smtp.port, jobConcurrency: 1 });
  await beforeTenant?.(local);
  const tenantId = (await createTenant(local.orm, { name: tenant.name, owners: tenant.owners })).id;
  const em = local.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).mail = tenant.mail;
  await em.flush();
  return {
    db,
    smtp,
    sql,
    local,
    remote,
    tenantId,
    remoteLogIsQuiet: () => !/error|fehler/i.test(remote.stderr()),
    stop: async () => {
      try {
        await remote.stop();
        await stopAllServerProcesses();
        await local.close();
        await sql.end();
        await smtp.close();
      } finally {
        await db.drop();
      }
    },
  };
}
