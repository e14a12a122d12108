import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsList } from '../../migrations/index.js';
import { ormConfig } from '../../server/src/db/mikro-orm.config.js';
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

const pendingSchemaChanges = () => orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: false });

it('every migration is applied and none is pending', async () => {
  const migrator = orm.getMigrator();
  expect(await migrator.getPendingMigrations()).toEqual([]);
  expect((await migrator.getExecutedMigrations()).map((migration) => migration.name)).toEqual(migrationsList.map((migration) => migration.name));
});

it('the migrated schema matches the entities (no update SQL, not even drops)', async () => {
  expect((await pendingSchemaChanges()).trim()).toBe('');
});

it('the tables outside the ORM exist (sessions, rate limits)', async () => {
  const rows = await orm.em.getConnection().execute<{ table_name: string }[]>(
    "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
  );
  expect(rows.map((row) => row.table_name)).toEqual(
    expect.arrayContaining(['sessions', 'rate_limits', 'mikro_orm_migrations', 'users', 'user_hooks', 'tenants', 'tenant_memberships', 'tenant_membership_roles', 'roles', 'instance']),
  );
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
