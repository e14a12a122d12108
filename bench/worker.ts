import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The benchmark's server process: the built product (dist/) on the given database, plus the raw
 * SQL measurement through the very connection pool the product uses.
 */
type AppModule = typeof import('../server/src/app.js');
type ConfigModule = typeof import('../server/src/config.js');
type OrmConfigModule = typeof import('../server/src/db/mikro-orm.config.js');
type SeedModule = typeof import('../server/src/db/seed.js');

const dist = (file: string) => pathToFileURL(path.resolve('dist/server/src', file)).href;
const { createApp } = (await import(dist('app.js'))) as AppModule;
const { loadConfig } = (await import(dist('config.js'))) as ConfigModule;
const { ormConfig } = (await import(dist('db/mikro-orm.config.js'))) as OrmConfigModule;
const { seedIfEmpty } = (await import(dist('db/seed.js'))) as SeedModule;

const databaseUrl = process.env.DATABASE_URL!;
const config = loadConfig({ ...process.env, NODE_ENV: 'production', SEED_DEMO: 'true' });
const orm = await MikroORM.init(ormConfig(databaseUrl));
await orm.getMigrator().up();
await seedIfEmpty(orm, config);
const app = await createApp(config, orm, databaseUrl);
await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));

/** The lookup auth/me makes, as plain SQL: the user, the instance policy, memberships with roles. */
async function rawLookup(userId: string): Promise<void> {
  const connection = orm.em.getConnection();
  await Promise.all([
    connection.execute('select * from users where id = ?', [userId]),
    connection.execute('select owner_user_ids, allow_all_users_to_create_tenant, allowed_users_to_create_tenant from instance where id = 1'),
    connection.execute(
      `select m.tenant_id, m.is_owner, m.is_member, r.* from tenant_memberships m
       join tenants t on t.id = m.tenant_id
       left join tenant_membership_roles mr on mr.membership_id = m.id
       left join roles r on r.id = mr.role_id
       where m.user_id = ? order by t.name`,
      [userId],
    ),
  ]);
}

async function measureRaw(userId: string, connections: number, durationMs: number) {
  const latencies: number[] = [];
  const end = Date.now() + durationMs;
  const loop = async () => {
    while (Date.now() < end) {
      const start = process.hrtime.bigint();
      await rawLookup(userId);
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { latencies, durationMs };
}

process.on('message', (message: { type: string; userId: string; connections: number; durationMs: number }) => {
  if (message.type === 'raw') {
    void measureRaw(message.userId, message.connections, message.durationMs).then((result) => process.send!({ type: 'raw', ...result }));
  }
  if (message.type === 'stop') {
    void app
      .close()
      .then(() => orm.close(true))
      .then(() => process.exit(0));
  }
});
process.send!({ type: 'ready', port: (app.server.address() as AddressInfo).port, staff: 'mitarbeiter@example.com' });
