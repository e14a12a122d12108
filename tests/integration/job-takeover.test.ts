import { createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MAIL_JOB } from '../../server/src/bookings/booking.jobs.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { startInProcessApp, type InProcessApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { createTenant } from '../support/fixtures.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../support/server-process.js';
import { SmtpCapture } from '../support/smtp.js';
import { bookableRoom, customer, slot } from './bookings.fixtures.js';

/**
 * A server process killed (SIGKILL) while its worker runs a job: graphile-worker alone would leave
 * the job locked by the dead worker for four hours. Every worker beats in job_worker_heartbeats,
 * and a live process unlocks the jobs of a worker not seen for 30 seconds, so a process started
 * after the kill sends the mail within a minute.
 */
let db: TestDatabase;
let smtp: SmtpCapture;
let silentSmtp: Server;
let setup: InProcessApp;
let victim: ServerProcess | undefined;
let successor: ServerProcess | undefined;
let sql: pg.Pool;
let tenantId: string;
let roomId: string;
const openSockets = new Set<Socket>();

const MAIL = 'uebernahme@kunden.example';
const REQUEST_RECEIVED = 'Vielen Dank für Ihre Buchungsanfrage';

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await new SmtpCapture().start();
  // Accepts connections and never greets: a mail job waits on it (nodemailer for 30 s).
  silentSmtp = createServer((socket) => {
    openSockets.add(socket);
    socket.on('close', () => openSockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', () => resolve()));
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  sql.on('error', () => undefined);
  setup = await startInProcessApp({ databaseUrl: db.url, env: { JOB_CONCURRENCY: '0' } });
  tenantId = (await createTenant(setup.orm, { name: 'Bürgerhaus Übernahme' })).id;
  const em = setup.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).mail = 'buchungen@uebernahme.example';
  await em.flush();
  roomId = (await bookableRoom(setup, tenantId, { title: 'Saal' })).id;
}, 120_000);

afterAll(async () => {
  try {
    await victim?.stop();
    await successor?.stop();
    await stopAllServerProcesses();
    await setup?.close();
    await sql?.end();
    await smtp?.close();
    openSockets.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => (silentSmtp ? silentSmtp.close(() => resolve()) : resolve()));
  } finally {
    await db?.drop();
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The customer's mail job of the booking with the worker that holds it (null while unlocked). */
async function customerMailJob(bookingId: string): Promise<{ locked_by: string | null } | undefined> {
  const { rows } = await sql.query<{ locked_by: string | null }>(
    `select j.locked_by from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = $1 and j.payload->>'bookingId' = $2 and j.payload->>'kind' = 'request-received'`,
    [BOOKING_MAIL_JOB, bookingId],
  );
  return rows[0];
}

describe('a server process killed while its worker runs a job', () => {
  it('another process takes the job over and completes it within a minute', async () => {
    victim = await startServerProcess({ databaseUrl: db.url, smtpPort: (silentSmtp.address() as { port: number }).port, jobConcurrency: 4 });
    const created = await victim.client().post(`/api/${tenantId}/checkout`, { ...slot(10, '2027-12-08'), bookableItems: [{ bookableId: roomId, amount: 1 }], ...customer, mail: MAIL });
    expect(created.status, created.text).toBe(200);
    const bookingId = created.json.id as string;

    // The victim's worker has taken the job and hangs on the silent mail server.
    let lockedBy: string | null = null;
    for (let attempt = 0; !lockedBy; attempt++) {
      expect(attempt, 'the job was never picked up').toBeLessThan(200);
      lockedBy = (await customerMailJob(bookingId))?.locked_by ?? null;
      if (!lockedBy) await sleep(50);
    }
    for (let attempt = 0; openSockets.size === 0; attempt++) {
      expect(attempt, 'the job never reached the mail server').toBeLessThan(200);
      await sleep(50);
    }
    const { rows: beats } = await sql.query<{ worker_id: string }>('select worker_id from job_worker_heartbeats');
    expect(beats.map((row) => row.worker_id)).toContain(lockedBy);

    await victim.kill('SIGKILL');
    const killedAt = Date.now();
    expect((await customerMailJob(bookingId))?.locked_by).toBe(lockedBy);

    successor = await startServerProcess({ databaseUrl: db.url, smtpPort: smtp.port, jobConcurrency: 4 });
    const mail = await smtp.waitForMail(MAIL, REQUEST_RECEIVED, 60_000 - (Date.now() - killedAt));
    expect(mail.text).toContain(bookingId);
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    // Done and gone from the queue; the dead worker's heartbeat is no longer needed to tell anything.
    for (let attempt = 0; (await customerMailJob(bookingId)) !== undefined; attempt++) {
      expect(attempt, 'the completed job stayed in the queue').toBeLessThan(100);
      await sleep(50);
    }
    expect(successor.stderr()).toContain('took over the jobs of dead workers');
  }, 150_000);
});
