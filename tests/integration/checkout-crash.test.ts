import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MAIL_JOB } from '../../server/src/bookings/booking.jobs.js';
import { WORKFLOW_ENTERED_JOB } from '../../server/src/workflow/workflow.actions.js';
import { Tenant } from '../../server/src/tenants/tenant.entity.js';
import { Workflow } from '../../server/src/workflow/workflow.entity.js';
import { startInProcessApp, type InProcessApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { createTenant } from '../support/fixtures.js';
import type { HttpClient } from '../support/http.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../support/server-process.js';
import { SmtpCapture } from '../support/smtp.js';
import { storeBookable } from './bookables.fixtures.js';
import { bookableRoom, customer, slot, storeCoupon } from './bookings.fixtures.js';

/**
 * A server process killed (SIGKILL: no shutdown, no rollback from its side) while checkouts stream in.
 * The checkout writes booking, items, coupon use, workflow task and mail jobs in one transaction,
 * so afterwards PostgreSQL holds only whole bookings: each with all its items, its coupon use, its
 * task and its jobs, and nothing of a booking that was not stored. The killed process ran no job
 * worker (JOB_CONCURRENCY=0), so its mails are still queued; a server started afterwards sends them.
 */
let db: TestDatabase;
let smtp: SmtpCapture;
let setup: InProcessApp;
let victim: ServerProcess | undefined;
let restarted: ServerProcess | undefined;
let sql: pg.Pool;
let tenantId: string;
let roomId: string;
let projectorId: string;

const TENANT_NAME = 'Bürgerhaus Absturz';
const TENANT_MAIL = 'buchungen@buergerhaus.example';
const COUPON = 'ABSTURZ';
/** The killed process's connections carry this name (PGAPPNAME), so the test can wait until they are gone. */
const VICTIM_APP_NAME = 'bp-test-crash-victim';
const WINDOW = slot(10, '2027-12-07', 2);
const STREAMS = 10;
/** Requests per round at most (the kill comes long before). */
const MAX_REQUESTS = 200;
/** Kill and restart this many times. */
const ROUNDS = 3;

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await new SmtpCapture().start();
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  sql.on('error', () => undefined);
  // For the fixtures only; it works no jobs either, so every mail job stays queued until the restart.
  setup = await startInProcessApp({ databaseUrl: db.url, smtpPort: smtp.port, env: { JOB_CONCURRENCY: '0' } });
  const tenant = await createTenant(setup.orm, { name: TENANT_NAME });
  tenantId = tenant.id;
  const em = setup.orm.em.fork();
  (await em.findOneOrFail(Tenant, { id: tenantId })).mail = TENANT_MAIL;
  // An active workflow: every new booking becomes a task in its default state, in the same transaction.
  em.create(Workflow, { tenant: em.getReference(Tenant, tenantId), name: 'Ablauf', active: true, defaultState: 'neu', states: [{ id: 'neu', name: 'Neu', actions: [] }] });
  await em.flush();
  // Unlimited objects, so capacity refuses nothing: every answer before the kill is a stored booking.
  roomId = (await bookableRoom(setup, tenantId, { title: 'Großer Saal', amount: null })).id;
  projectorId = (await storeBookable(setup, tenantId, { title: 'Beamer', type: 'resource', isBookable: true, isPublic: true, amount: null })).id;
  await storeCoupon(setup, tenantId, { code: COUPON, maxAmount: 100_000 });
  victim = await startServerProcess({ databaseUrl: db.url, smtpPort: smtp.port, jobConcurrency: 0, env: { PGAPPNAME: VICTIM_APP_NAME } });
}, 120_000);

afterAll(async () => {
  try {
    await victim?.stop();
    await restarted?.stop();
    await stopAllServerProcesses();
    await setup?.close();
    await sql?.end();
    await smtp?.close();
  } finally {
    await db?.drop();
  }
});

const mailOf = (n: number) => `absturz-${n}@example.com`;

/** Two items (room and projector) and the coupon: a booking is only whole with all of them. */
const body = (n: number) => ({
  ...WINDOW,
  bookableItems: [
    { bookableId: roomId, amount: 1 },
    { bookableId: projectorId, amount: 1 },
  ],
  couponCode: COUPON,
  ...customer,
  mail: mailOf(n),
});

interface Sent {
  n: number;
  status?: number;
  code?: string;
  id?: string;
  /** The request failed without an answer (the process died under it). */
  error?: string;
}

async function send(client: HttpClient, n: number): Promise<Sent> {
  try {
    const response = await client.post(`/api/${tenantId}/checkout`, body(n));
    return { n, status: response.status, code: response.json?.code, id: response.status === 200 ? response.json?.id : undefined };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { n, error: cause?.code ?? cause?.message ?? String(error) };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: nicht erreicht nach ${timeoutMs} ms`);
    await sleep(50);
  }
}

interface StoredBooking {
  number: string;
  mail: string;
  coupon_code: string | null;
  items: number;
  positions: number[];
  bookables: string[];
}

const storedBookings = async (): Promise<StoredBooking[]> =>
  (
    await sql.query<StoredBooking>(
      `select b.number, b.mail, b.coupon_code, count(i.id)::int as items,
              coalesce(array_agg(i.position order by i.position) filter (where i.id is not null), '{}') as positions,
              coalesce(array_agg(i.bookable_id::text order by i.position) filter (where i.id is not null), '{}') as bookables
         from bookings b left join booking_items i on i.booking_key = b.key
        where b.tenant_id = $1 group by b.key order by b.number`,
      [tenantId],
    )
  ).rows;

interface QueuedJob {
  task: string;
  bookingId: string;
  kind: string | null;
}

/** graphile-worker's queue (its `jobs` view has no payload: the private table has). */
const queuedJobs = async (): Promise<QueuedJob[]> =>
  (
    await sql.query<QueuedJob>(
      `select t.identifier as task, j.payload->>'bookingId' as "bookingId", j.payload->>'kind' as kind
         from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where j.payload->>'tenantId' = $1`,
      [tenantId],
    )
  ).rows;

/** The invariants of whole bookings, checked in PostgreSQL after each kill; answers the stored bookings. */
async function expectOnlyWholeBookings(sent: Sent[], details: string): Promise<StoredBooking[]> {
  const bookings = await storedBookings();
  const numbers = bookings.map((booking) => booking.number).sort();

  // Every answered booking is stored; whatever else is stored was cut off after its commit.
  const acceptedIds = sent.filter((entry) => entry.status === 200).map((entry) => entry.id as string);
  expect(numbers, details).toEqual(expect.arrayContaining(acceptedIds));
  const cutMails = new Set(sent.filter((entry) => entry.error !== undefined).map((entry) => mailOf(entry.n)));
  expect(bookings.filter((booking) => !acceptedIds.includes(booking.number) && !cutMails.has(booking.mail)), details).toEqual([]);
  expect(new Set(bookings.map((booking) => booking.mail)).size, 'one booking per request at most').toBe(bookings.length);

  // Whole bookings: both items, in order; no item without its booking.
  for (const booking of bookings) {
    expect({ number: booking.number, items: booking.items, positions: booking.positions, bookables: booking.bookables, coupon: booking.coupon_code }, details).toEqual({
      number: booking.number,
      items: 2,
      positions: [0, 1],
      bookables: [roomId, projectorId],
      coupon: COUPON,
    });
  }
  const { rows: orphans } = await sql.query<{ count: string }>('select count(*) from booking_items i where not exists (select 1 from bookings b where b.key = i.booking_key)');
  expect(Number(orphans[0].count), details).toBe(0);
  const { rows: items } = await sql.query<{ count: string }>('select count(*) from booking_items where bookable_id = any($1::uuid[])', [[roomId, projectorId]]);
  expect(Number(items[0].count), details).toBe(2 * bookings.length);

  // The coupon counts exactly the stored bookings that used it.
  const { rows: coupon } = await sql.query<{ used_amount: number }>('select used_amount from coupons where tenant_id = $1 and code = $2', [tenantId, COUPON]);
  expect(coupon[0].used_amount, details).toBe(bookings.length);

  // The workflow holds one task per stored booking and none for anything else.
  const { rows: tasks } = await sql.query<{ task_id: string; position: number }>("select task_id, position from workflow_tasks where tenant_id = $1 and state_id = 'neu' order by position", [tenantId]);
  expect(tasks.map((task) => task.task_id).sort(), details).toEqual(numbers);
  // Positions stay consecutive, whatever was cut off.
  expect(tasks.map((task) => task.position - tasks[0].position), details).toEqual(tasks.map((_, index) => index));

  // The queue holds each stored booking's jobs (customer mail, tenant mail, workflow entry) and nothing else.
  const expected = numbers.flatMap((number) => [
    { task: BOOKING_MAIL_JOB, bookingId: number, kind: 'request-received' },
    { task: BOOKING_MAIL_JOB, bookingId: number, kind: 'tenant-new-booking' },
    { task: WORKFLOW_ENTERED_JOB, bookingId: number, kind: null },
  ]);
  const order = (list: QueuedJob[]) => [...list].sort((a, b) => `${a.bookingId} ${a.task} ${a.kind}`.localeCompare(`${b.bookingId} ${b.task} ${b.kind}`));
  expect(order(await queuedJobs()), details).toEqual(order(expected));
  return bookings;
}

describe('a server process killed in the middle of a stream of checkouts', () => {
  it('leaves only whole bookings: items, coupon use, workflow task and mail jobs exactly for the stored ones; the queued mails go out after a restart', async () => {
    const sent: Sent[] = [];
    let next = 0;
    let bookings: StoredBooking[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Round 1 uses the process started in beforeAll; later rounds a new one (the "restart" of the killed one).
      const server = round === 1 ? (victim as ServerProcess) : await startServerProcess({ databaseUrl: db.url, smtpPort: smtp.port, jobConcurrency: 0, env: { PGAPPNAME: VICTIM_APP_NAME } });
      victim = server;
      const client = server.client();

      // Warm up, so the stream meets a server that answers within tens of milliseconds.
      for (let n = 0; n < 3; n++) {
        const warm = await send(client, next++);
        sent.push(warm);
        expect(warm.status, `round ${round}, warm-up`).toBe(200);
      }

      // Ten requests in flight at every moment; SIGKILL 50 to 150 ms after the stream's first answer.
      const streamed: Sent[] = [];
      let killing = false;
      let firstAnswer!: () => void;
      const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
      const stream = async () => {
        while (!killing && next < round * MAX_REQUESTS) {
          const result = await send(client, next++);
          streamed.push(result);
          if (result.status !== undefined) firstAnswer();
        }
      };
      const delay = Math.round(50 + Math.random() * 100);
      const killer = (async () => {
        await Promise.race([answered, sleep(10_000)]);
        await sleep(delay);
        killing = true;
        await server.kill('SIGKILL');
      })();
      await Promise.all([...Array.from({ length: STREAMS }, stream), killer]);
      sent.push(...streamed);
      expect(server.child.signalCode).toBe('SIGKILL');

      const inStream = streamed.filter((entry) => entry.status !== undefined);
      const cut = streamed.filter((entry) => entry.error !== undefined);
      const context = `round ${round}: kill ${delay} ms after the first answer; ${streamed.length} streamed, ${inStream.length} answered, ${cut.length} cut off (${[...new Set(cut.map((entry) => entry.error))].join(', ')})`;
      // The kill met requests in flight, and nothing was refused: no capacity limit, an ample coupon.
      expect(inStream.length, context).toBeGreaterThan(0);
      expect(cut.length, context).toBeGreaterThan(0);
      expect(inStream.filter((entry) => entry.status !== 200 && !(entry.status === 409 && entry.code === 'booking.busy')), context).toEqual([]);
      expect(server.stderr(), `${context}: stderr of the killed server`).not.toMatch(/error|fehler/i);

      // PostgreSQL ends the dead process's sessions (rolling back whatever they had not committed).
      await waitUntil(
        'connections of the killed process closed',
        async () => {
          const { rows } = await sql.query<{ count: string }>('select count(*) from pg_stat_activity where application_name = $1', [VICTIM_APP_NAME]);
          return Number(rows[0].count) === 0 ? true : undefined;
        },
        15_000,
      );
      const before = bookings.length;
      bookings = await expectOnlyWholeBookings(sent, context);
      const acceptedInStream = inStream.filter((entry) => entry.status === 200).length;
      console.log(`[checkout-crash] ${context}; stored ${bookings.length - before} (${3 + acceptedInStream} answered 200, ${bookings.length - before - 3 - acceptedInStream} committed but cut off)`);
      await server.stop();
    }
    // Nobody worked the queue so far.
    expect(smtp.mails).toEqual([]);

    // A server started afterwards (with a job worker) sends every queued mail.
    restarted = await startServerProcess({ databaseUrl: db.url, smtpPort: smtp.port, jobConcurrency: 2 });
    const numbers = bookings.map((booking) => booking.number);
    for (const booking of bookings) {
      const mail = await smtp.waitForMail(booking.mail, `Vielen Dank für Ihre Buchungsanfrage im ${TENANT_NAME}`);
      expect(mail.text).toContain(booking.number);
    }
    const tenantMails = await waitUntil(
      'a new-booking mail to the tenant per stored booking',
      async () => {
        const found = smtp.find(TENANT_MAIL, 'Eine neue Buchungsanfrage liegt vor');
        return found.length >= bookings.length ? found : undefined;
      },
      30_000,
    );
    expect(numbers.filter((number) => !tenantMails.some((mail) => mail.text.includes(number)))).toEqual([]);
    await waitUntil('the queue worked off', async () => ((await queuedJobs()).length === 0 ? true : undefined), 30_000);
    await sleep(200);
    expect(smtp.mails.length, 'no mail twice, none for a booking that was not stored').toBe(2 * bookings.length);

    // And the restarted server books as before.
    const after = await send(restarted.client(), next++);
    expect(after.status).toBe(200);
    await smtp.waitForMail(mailOf(next - 1), 'Vielen Dank für Ihre Buchungsanfrage');
    expect(restarted.stderr(), 'stderr of the restarted server').not.toMatch(/error|fehler/i);
  }, 180_000);
});
