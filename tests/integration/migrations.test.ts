import { MikroORM } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsList } from '../../migrations/index.js';
import { ormConfig } from '../../server/src/db/mikro-orm.config.js';
import { searchTextOf } from '../../server/src/bookings/booking.queries.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/** The migrations build exactly the schema the entities describe: a forgotten migration fails here. */
let db: TestDatabase;
let orm: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await MikroORM.init(ormConfig(db.url, { logger: () => undefined }));
});
afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

/**
 * A tenant row in an older schema: written in SQL, since the entity names columns a later
 * migration adds.
 */
async function createTenant(orm: MikroORM, data: { name: string }): Promise<{ id: string }> {
  const [row] = await orm.em.getConnection().execute<{ id: string }[]>('insert into tenants (id, name) values (gen_random_uuid()::text, ?) returning id', [data.name]);
  return row;
}

const pendingSchemaChanges = () => orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: false });

it('every migration is applied and none is pending', async () => {
  const migrator = orm.getMigrator();
  expect(await migrator.getPendingMigrations()).toEqual([]);
  expect((await migrator.getExecutedMigrations()).map((migration) => migration.name)).toEqual(migrationsList.map((migration) => migration.name));
});

it('the migrated schema matches the entities (no update SQL, not even drops)', async () => {
  expect((await pendingSchemaChanges()).trim()).toBe('');
});

it('the tables outside the ORM exist (sessions and their single sign-on tokens, rate limits, job worker heartbeats)', async () => {
  const rows = await orm.em.getConnection().execute<{ table_name: string }[]>(
    "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
  );
  expect(rows.map((row) => row.table_name)).toEqual(
    expect.arrayContaining(['sessions', 'sso_sessions', 'rate_limits', 'job_worker_heartbeats', 'workflow_tasks', 'mikro_orm_migrations', 'users', 'user_hooks', 'tenants', 'tenant_memberships', 'tenant_membership_roles', 'roles', 'instance']),
  );
});

it('carries a board stored as JSON in the workflow row over into workflow_tasks, and back', async () => {
  const migrator = orm.getMigrator();
  const connection = orm.em.getConnection();
  await migrator.down({ to: 'Migration20261124000000_booking_window_index' });
  const tenant = await createTenant(orm, { name: 'Umzug' });
  const states = [
    { id: 'eingang', name: 'Eingang', actions: [], tasks: [{ id: 'A-1', added: 1000 }, { id: 'A-2', added: null }, { id: 'A-1', added: 5 }] },
    { id: 'fertig', name: 'Erledigt', actions: [{ type: 'bookingStatus', receiverType: null, sendTo: [], bookingStatus: ['commit'] }], tasks: [{ id: 'A-3', added: 3000 }] },
  ];
  await connection.execute('insert into workflows (id, tenant_id, name, active, states, archive) values (gen_random_uuid(), ?, ?, true, ?::jsonb, ?::jsonb)', [
    tenant.id,
    'Ablauf',
    JSON.stringify(states),
    JSON.stringify([{ id: 'A-9', added: 9000 }]),
  ]);

  await migrator.up();
  const rows = await connection.execute<{ task_id: string; state_id: string | null; position: number | null; added: string | null }[]>(
    `select task_id, state_id, position, (extract(epoch from entered_at) * 1000)::bigint::text as added from workflow_tasks where tenant_id = ? order by state_id nulls last, position`,
    [tenant.id],
  );
  // A task listed twice keeps its first place; positions are renumbered without the gap.
  expect(rows).toEqual([
    { task_id: 'A-1', state_id: 'eingang', position: 0, added: '1000' },
    { task_id: 'A-2', state_id: 'eingang', position: 1, added: null },
    { task_id: 'A-3', state_id: 'fertig', position: 0, added: '3000' },
    { task_id: 'A-9', state_id: null, position: null, added: '9000' },
  ]);
  const [stored] = await connection.execute<{ states: { id: string; tasks?: unknown }[] }[]>('select states from workflows where tenant_id = ?', [tenant.id]);
  expect(stored.states.map((state) => [state.id, 'tasks' in state])).toEqual([
    ['eingang', false],
    ['fertig', false],
  ]);

  await migrator.down({ to: 'Migration20261124000000_booking_window_index' });
  const [restored] = await connection.execute<{ states: { id: string; tasks: unknown[] }[]; archive: unknown[] }[]>('select states, archive from workflows where tenant_id = ?', [tenant.id]);
  expect(restored.states.map((state) => [state.id, state.tasks])).toEqual([
    ['eingang', [{ id: 'A-1', added: 1000 }, { id: 'A-2', added: null }]],
    ['fertig', [{ id: 'A-3', added: 3000 }]],
  ]);
  expect(restored.archive).toEqual([{ id: 'A-9', added: 9000 }]);
  await migrator.up();
  expect((await pendingSchemaChanges()).trim()).toBe('');
});

it('can be rolled back completely and applied again', async () => {
  const migrator = orm.getMigrator();
  await migrator.down({ to: 0 });
  // The check above can fail: without the migrations the entities' tables are missing.
  expect(await pendingSchemaChanges()).toMatch(/create table "users"/);
  const tables = await orm.em.getConnection().execute<{ n: string }[]>("select count(*) as n from information_schema.tables where table_schema = 'public' and table_name <> 'mikro_orm_migrations'");
  expect(tables[0].n).toBe('0');
  await migrator.up();
  expect((await pendingSchemaChanges()).trim()).toBe('');
});

it('adds events: a ticket pointing nowhere loses its reference, deleting an event keeps its tickets', async () => {
  const migrator = orm.getMigrator();
  const connection = orm.em.getConnection();
  await migrator.down({ to: 'Migration20261124100000_workflow_tasks' });
  const tenant = await createTenant(orm, { name: 'Veranstaltungen' });
  const insertTicket = (eventId: string) =>
    connection.execute<{ id: string }[]>(`insert into bookables (id, tenant_id, type, title, event_id) values (gen_random_uuid(), ?, 'ticket', 'Ticket', ?::uuid) returning id`, [tenant.id, eventId]);
  const [dangling] = await insertTicket('00000000-0000-4000-8000-000000000001');

  await migrator.up();
  const eventId = '00000000-0000-4000-8000-000000000002';
  await connection.execute(
    `insert into events (id, tenant_id, information, attendees, event_location, event_address, event_organizer) values (?::uuid, ?, '{}', '{}', '{}', '{}', '{}')`,
    [eventId, tenant.id],
  );
  const [linked] = await insertTicket(eventId);
  const eventOf = async (id: string) => (await connection.execute<{ event_id: string | null }[]>('select event_id from bookables where id = ?', [id]))[0]?.event_id;
  expect(await eventOf(dangling.id)).toBeNull();
  expect(await eventOf(linked.id)).toBe(eventId);
  await expect(insertTicket('00000000-0000-4000-8000-000000000003')).rejects.toThrow(/bookables_event_id_foreign/);
  await connection.execute('delete from events where id = ?', [eventId]);
  expect(await eventOf(linked.id)).toBeNull();

  await migrator.down({ to: 'Migration20261124100000_workflow_tasks' });
  const tables = await connection.execute<{ n: string }[]>("select count(*) as n from information_schema.tables where table_schema = 'public' and table_name = 'events'");
  expect(tables[0].n).toBe('0');
  await migrator.up();
  expect((await pendingSchemaChanges()).trim()).toBe('');
});

it('moves the tenants receipt and invoice counters into document_counters, and back', async () => {
  const migrator = orm.getMigrator();
  const connection = orm.em.getConnection();
  await migrator.down({ to: 'Migration20261125100000_events' });
  const tenant = await createTenant(orm, { name: 'Belege' });
  const plain = await createTenant(orm, { name: 'Ohne Belege' });
  await connection.execute(`update tenants set receipt_count = ?::jsonb, invoice_count = ?::jsonb where id = ?`, [
    JSON.stringify({ '2025': 41, '2026': 7, kaputt: 3, '2024': 'x' }),
    JSON.stringify({ '2026': 2 }),
    tenant.id,
  ]);

  await migrator.up();
  const counters = await connection.execute<{ kind: string; year: number; last_number: number }[]>(
    'select kind, year, last_number from document_counters where tenant_id = ? order by kind, year',
    [tenant.id],
  );
  expect(counters).toEqual([
    { kind: 'invoice', year: 2026, last_number: 2 },
    { kind: 'receipt', year: 2025, last_number: 41 },
    { kind: 'receipt', year: 2026, last_number: 7 },
  ]);
  expect(await connection.execute('select * from document_counters where tenant_id = ?', [plain.id])).toEqual([]);
  const columns = await connection.execute<{ n: string }[]>("select count(*) as n from information_schema.columns where table_name = 'tenants' and column_name in ('receipt_count', 'invoice_count')");
  expect(columns[0].n).toBe('0');
  await connection.execute(`update document_counters set last_number = 8 where tenant_id = ? and kind = 'receipt' and year = 2026`, [tenant.id]);

  await migrator.down({ to: 'Migration20261125100000_events' });
  const [restored] = await connection.execute<{ receipt_count: Record<string, number>; invoice_count: Record<string, number> }[]>('select receipt_count, invoice_count from tenants where id = ?', [tenant.id]);
  expect(restored).toEqual({ receipt_count: { '2025': 41, '2026': 8 }, invoice_count: { '2026': 2 } });
  const [empty] = await connection.execute<{ receipt_count: unknown }[]>('select receipt_count from tenants where id = ?', [plain.id]);
  expect(empty.receipt_count).toEqual({});
  await migrator.up();
  expect((await pendingSchemaChanges()).trim()).toBe('');
});

it('hashes the pending verification links and drops the pending password changes that held a chosen password', async () => {
  const migrator = orm.getMigrator();
  const connection = orm.em.getConnection();
  await migrator.down({ to: 'Migration20261126100000_receipts' });
  await connection.execute("insert into users (id, password_hash, first_name, last_name) values ('alt.link@example.com', 'x', 'Alt', 'Link')");
  const verifyId = '6f1c8a52-3d4e-4b6a-9c1d-2e3f4a5b6c7d';
  await connection.execute(
    `insert into user_hooks (id, user_id, type, payload, expires_at) values
       (?::uuid, 'alt.link@example.com', 'verify', null, now() + interval '1 day'),
       ('7a2b9c63-4e5f-4c7b-8d2e-3f4a5b6c7d8e', 'alt.link@example.com', 'reset-password', '$argon2id$gewaehlt', now() + interval '1 day')`,
    [verifyId],
  );

  await migrator.up();
  const rows = await connection.execute<{ id: string; type: string; token_hash: string }[]>("select id, type, token_hash from user_hooks where user_id = 'alt.link@example.com'");
  // The mailed link carries the old id, which is now the token: only its SHA-256 is kept, under a new id.
  expect(rows).toEqual([{ id: expect.not.stringMatching(verifyId), type: 'verify', token_hash: createHash('sha256').update(verifyId).digest('hex') }]);
  await connection.execute("delete from users where id = 'alt.link@example.com'");
  expect((await pendingSchemaChanges()).trim()).toBe('');
});

it('keeps pending cancellation links as hashes of their tokens and drops the expired ones', async () => {
  const migrator = orm.getMigrator();
  const connection = orm.em.getConnection();
  await migrator.down({ to: 'Migration20261126100000_receipts' });
  const tenant = await createTenant(orm, { name: 'Stornolinks' });
  const now = Date.now();
  const hooks = [
    { id: 'aaaaaaaa-0000-4000-8000-000000000001', type: 'REJECT', timeCreated: now - 8 * 86_400_000, payload: { reason: 'alt' } },
    { id: 'aaaaaaaa-0000-4000-8000-000000000002', type: 'REJECT', timeCreated: now - 60_000, payload: { reason: 'neu' } },
  ];
  await connection.execute(`insert into bookings (key, tenant_id, number, hooks) values (gen_random_uuid(), ?, 'ABCD-EFGH', ?::jsonb)`, [tenant.id, JSON.stringify(hooks)]);

  await migrator.up();
  const [stored] = await connection.execute<{ hooks: Record<string, unknown>[] }[]>('select hooks from bookings where tenant_id = ?', [tenant.id]);
  expect(stored.hooks).toEqual([{ tokenHash: createHash('sha256').update(hooks[1].id).digest('hex'), type: 'REJECT', timeCreated: hooks[1].timeCreated, payload: { reason: 'neu' } }]);

  await migrator.down({ to: 'Migration20261127141500_cancellation_link_hashes' });
  const tables = await connection.execute<{ n: string }[]>("select count(*) as n from information_schema.tables where table_schema = 'public' and table_name = 'checkout_idempotency_keys'");
  expect(tables[0].n).toBe('0');
  await migrator.up();
  expect((await pendingSchemaChanges()).trim()).toBe('');
});

it('fills paid_at and cancelled_at from the booking history: the newest entry that set the flag, the creation for bookings created so, null when the history knows nothing', async () => {
  const migrator = orm.getMigrator();
  const connection = orm.em.getConnection();
  await migrator.down({ to: 'Migration20261207160000_calendar_feeds' });
  const tenant = await createTenant(orm, { name: 'Kasse' });
  const booking = (number: string, flags: { paid?: boolean; rejected?: boolean }, createdAt: string) =>
    connection.execute('insert into bookings (key, tenant_id, number, is_committed, is_payed, is_rejected, created_at) values (gen_random_uuid(), ?, ?, true, ?, ?, ?::timestamptz)', [
      tenant.id,
      number,
      flags.paid === true,
      flags.rejected === true,
      createdAt,
    ]);
  const entry = (number: string, action: string, at: string, changes: { field: string; before: unknown; after: unknown }[] = []) =>
    connection.execute("insert into booking_history (tenant_id, booking_id, at, action, actor_kind, actor_label, via, changes) values (?, ?, ?::timestamptz, ?, 'system', 'System', 'job', ?::jsonb)", [
      tenant.id,
      number,
      at,
      action,
      JSON.stringify(changes),
    ]);
  const paid = [{ field: 'isPayed', before: false, after: true }];
  const unpaid = [{ field: 'isPayed', before: true, after: false }];
  // Paid online after its creation.
  await booking('PAID-ONCE', { paid: true }, '2026-12-01T08:00:00Z');
  await entry('PAID-ONCE', 'created', '2026-12-01T08:00:00Z');
  await entry('PAID-ONCE', 'paid', '2026-12-03T10:00:00Z', paid);
  // Marked paid by staff, unmarked, paid again: the last payment counts.
  await booking('PAID-AGAIN', { paid: true }, '2026-12-01T08:00:00Z');
  await entry('PAID-AGAIN', 'changed', '2026-12-02T09:00:00Z', paid);
  await entry('PAID-AGAIN', 'changed', '2026-12-04T09:00:00Z', unpaid);
  await entry('PAID-AGAIN', 'paid', '2026-12-05T11:00:00Z', paid);
  // Created paid (free): its creation.
  await booking('FREE-0001', { paid: true }, '2026-12-06T07:30:00Z');
  await entry('FREE-0001', 'created', '2026-12-06T07:30:00Z');
  // Paid before the history was kept: unknown.
  await booking('OLD-00001', { paid: true }, '2026-01-01T08:00:00Z');
  // Paid once, unpaid now: nothing.
  await booking('UNPAID-01', {}, '2026-12-01T08:00:00Z');
  await entry('UNPAID-01', 'paid', '2026-12-02T08:00:00Z', paid);
  await entry('UNPAID-01', 'changed', '2026-12-03T08:00:00Z', unpaid);
  // Cancelled by staff after its release.
  await booking('CANCELLED', { rejected: true }, '2026-12-01T08:00:00Z');
  await entry('CANCELLED', 'created', '2026-12-01T08:00:00Z');
  await entry('CANCELLED', 'cancelled', '2026-12-07T15:00:00Z', [{ field: 'isRejected', before: false, after: true }]);

  await migrator.up();
  const rows = await connection.execute<{ number: string; paid_at: string | null; cancelled_at: string | null }[]>(
    `select number, to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as paid_at, to_char(cancelled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as cancelled_at from bookings where tenant_id = ? order by number`,
    [tenant.id],
  );
  expect(rows).toEqual([
    { number: 'CANCELLED', paid_at: null, cancelled_at: '2026-12-07T15:00' },
    { number: 'FREE-0001', paid_at: '2026-12-06T07:30', cancelled_at: null },
    { number: 'OLD-00001', paid_at: null, cancelled_at: null },
    { number: 'PAID-AGAIN', paid_at: '2026-12-05T11:00', cancelled_at: null },
    { number: 'PAID-ONCE', paid_at: '2026-12-03T10:00', cancelled_at: null },
    { number: 'UNPAID-01', paid_at: null, cancelled_at: null },
  ]);
  expect((await pendingSchemaChanges()).trim()).toBe('');
});

it("appends each timed booking's begin date to its search text as searchTextOf writes it (Berlin days around the clock changes), and removes it again", async () => {
  const migrator = orm.getMigrator();
  const connection = orm.em.getConnection();
  await migrator.down({ to: 'Migration20261214090000_booking_sort_indexes' });
  const tenant = await createTenant(orm, { name: 'Suchdaten' });
  const stored = [
    // 01:30 in Berlin on the day summer time begins; 00:30 in Berlin on the day it ends; no times.
    { number: 'SUCH-0001', begin: '2027-03-28T00:30:00Z' },
    { number: 'SUCH-0002', begin: '2027-10-30T22:30:00Z' },
    { number: 'SUCH-0003', begin: null },
  ];
  const textBefore = (number: string) => searchTextOf({ number, name: 'Erika Muster', company: '', mail: 'erika@example.org', phone: '', street: '', zipCode: '', location: '', comment: '', couponCode: null, timeBegin: null }, ['Saal']);
  for (const { number, begin } of stored) {
    await connection.execute(`insert into bookings (key, tenant_id, number, time_begin, time_end, search_text) values (gen_random_uuid(), ?, ?, ?::timestamptz, ?::timestamptz, ?)`, [
      tenant.id,
      number,
      begin,
      begin,
      textBefore(number),
    ]);
  }
  const texts = async () =>
    (await connection.execute<{ number: string; search_text: string }[]>('select number, search_text from bookings where tenant_id = ? order by number', [tenant.id])).map((row) => row.search_text);

  await migrator.up();
  const expected = stored.map(({ number, begin }) =>
    searchTextOf({ number, name: 'Erika Muster', company: '', mail: 'erika@example.org', phone: '', street: '', zipCode: '', location: '', comment: '', couponCode: null, timeBegin: begin ? new Date(begin) : null }, ['Saal']),
  );
  expect(expected[0]).toMatch(/ 28\.03\.2027$/);
  expect(expected[1]).toMatch(/ 31\.10\.2027$/);
  expect(await texts()).toEqual(expected);

  await migrator.down({ to: 'Migration20261214090000_booking_sort_indexes' });
  expect(await texts()).toEqual(stored.map(({ number }) => textBefore(number)));
  await migrator.up();
  expect((await pendingSchemaChanges()).trim()).toBe('');
});
